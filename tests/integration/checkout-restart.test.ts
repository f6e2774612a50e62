import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, expect, it } from "vitest";
import { orders, skus } from "#db/schema/index.ts";
import { SandboxInvoiceProvider } from "#integrations/payments/invoice/index.ts";
import { start } from "#server/main.ts";
import { addToCart } from "#services/cart/lines.ts";
import { reserve } from "#services/orders/place.ts";
import { createReferenceCache, resolveLocale } from "#services/reference.ts";
import { queryRows } from "#tests/support/db.ts";

/**
 * The server settles at start-up what a killed process left half done (issue 13; services/orders/reconcile.ts): an
 * order reserved (stock taken, order pending) whose process died before the payment answered is failed and its
 * stock given back when the shop starts again; the cart stays open. PGlite in one folder across both starts, or a
 * PostgreSQL database with DATABASE_URL.
 */

const dir = mkdtempSync(join(tmpdir(), "mili-restart-"));
const base = process.env.DATABASE_URL;
const dbName = `mili_restart_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
let databaseUrl: string | undefined;

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  if (base) {
    const admin = postgres(base, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
});

const env = () => ({
  NODE_ENV: "test",
  PORT: "0",
  HOST: "127.0.0.1",
  LOG_LEVEL: "silent",
  PGLITE_DIR: join(dir, "db"),
  SECRETS_DIR: join(dir, "secrets"),
  MAIL_OUTBOX_DIR: join(dir, "outbox"),
  SEED_PRODUCTS: "10",
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});

it("a pending attempt left by a dead process is failed at the next start, its stock back, the cart open", async () => {
  if (base) {
    const admin = postgres(base, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${dbName}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  const first = await start(env());
  const db = first.db.db;
  const ref = await createReferenceCache(db).get();
  const ctx = {
    ref,
    locale: resolveLocale(ref, { channelId: "1|se", languageId: "sv-SE", marketId: "se" }).locale,
  };
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select s.id from skus s join products p on p.id = s.product_id join prices pr on pr.sku_id = s.id and pr.market_alias = 'se'
        where p.type = 'product' and p.active and s.active and s.static = 0 order by s.id limit 1`,
  );
  const skuId = Number(row?.id);
  await db.update(skus).set({ inStock: 4, oversellable: 0 }).where(eq(skus.id, skuId));
  const cartId = (await addToCart(db, ctx, null, { skuId, quantity: 3 })).id;
  // Step 1 of placing (stock taken, order pending), and then the process "dies" before the payment answers.
  const reserved = await reserve({ db, payments: { INVOICE: new SandboxInvoiceProvider() } }, ctx, cartId, {
    email: "kund@example.se",
    customerType: "PERSON",
    identityNumber: "900101-0017",
    billingAddress: {
      firstName: "Sven",
      lastName: "Svensson",
      addressLine1: "Storgatan 1",
      zip: "11434",
      city: "Stockholm",
    },
    zip: "11434",
    shippingOptionId: "own:pickup-point",
    paymentMethodKey: "invoice",
    acceptedTerms: true,
  });
  if ("done" in reserved) throw new Error("expected a pending order");
  const [taken] = await db.select({ inStock: skus.inStock }).from(skus).where(eq(skus.id, skuId));
  expect(taken?.inStock).toBe(1);
  // Old enough to be settled (an attempt younger than 15 minutes may still be answered by its request).
  await db
    .update(orders)
    .set({ createdAt: new Date(Date.now() - 3_600_000) })
    .where(eq(orders.id, reserved.order.id));
  await first.stop("test");

  const second = await start(env());
  try {
    let status = "pending";
    for (let i = 0; i < 100 && status === "pending"; i++) {
      const [order] = await second.db.db
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.id, reserved.order.id));
      status = order?.status ?? "gone";
      if (status === "pending") await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe("failed");
    const [stock] = await second.db.db.select({ inStock: skus.inStock }).from(skus).where(eq(skus.id, skuId));
    expect(stock?.inStock).toBe(4);
    const [cart] = await queryRows<{ completed_at: Date | null }>(
      second.db.db,
      sql`select completed_at from carts where id = ${cartId}`,
    );
    expect(cart?.completed_at).toBeNull();
  } finally {
    await second.stop("test");
  }
  // Two start-ups of a new PGlite folder (migrations, seed, reopen) on a busy two-core machine: like invoice-restart.
}, 240_000);

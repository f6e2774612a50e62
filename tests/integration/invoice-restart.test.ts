import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, expect, it } from "vitest";
import { invoiceSandboxInvoices, orders, skus } from "#db/schema/index.ts";
import { SandboxInvoiceProvider } from "#integrations/payments/invoice/index.ts";
import { testPaymentRequest } from "#integrations/payments/test-request.ts";
import { start } from "#server/main.ts";
import { addToCart } from "#services/cart/lines.ts";
import { reserve } from "#services/orders/place.ts";
import { createReferenceCache, resolveLocale } from "#services/reference.ts";
import { queryRows } from "#tests/support/db.ts";

/**
 * The invoice provider's sandbox keeps what it answered in the shop's database (issue 13, decision 0039): a second
 * instance (a restarted process) answers a retried attempt the same, with one invoice, and captures once; and an
 * order whose process died after the invoice was authorised but before it was confirmed is confirmed at the next
 * start (services/orders/reconcile.ts asks the provider by the attempt's key), its stock kept, its cart completed.
 * PGlite in one folder across both starts, or a PostgreSQL database with DATABASE_URL.
 */

const dir = mkdtempSync(join(tmpdir(), "mili-invoice-restart-"));
const base = process.env.DATABASE_URL;
const dbName = `mili_invoice_restart_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
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

it("an authorisation survives a restart: the same answer, one invoice, one capture; the dead process's order is confirmed", async () => {
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

  // Two instances on one database: five tries of one attempt at once, from both, are one invoice.
  const a = new SandboxInvoiceProvider({ db });
  const request = testPaymentRequest({
    customer: { email: "kund@example.se", customerType: "PERSON", identityNumber: "900101-0017" },
  });
  const answers = await Promise.all(
    Array.from({ length: 5 }, (_, i) => (i % 2 ? a : new SandboxInvoiceProvider({ db })).authorize(request)),
  );
  const firstAnswer = answers[0];
  if (firstAnswer?.status !== "authorized") throw new Error("not authorised");
  expect(new Set(answers.map((x) => (x.status === "authorized" ? x.providerReference : x.status))).size).toBe(
    1,
  );
  const invoices = await db
    .select()
    .from(invoiceSandboxInvoices)
    .where(eq(invoiceSandboxInvoices.id, firstAnswer.providerReference));
  expect(invoices).toHaveLength(1);
  // A declined attempt is remembered too: the same key answers the same refusal after a restart.
  const declined = testPaymentRequest({
    customer: { email: "kund@example.se", customerType: "PERSON", identityNumber: "121212-1212" },
  });
  expect(await a.authorize(declined)).toMatchObject({ status: "declined" });

  // The shop's own process, reserved and authorised, "dies" before confirming.
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
  const reserved = await reserve({ db, payments: { INVOICE: a } }, ctx, cartId, {
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
  const authorised = await a.authorize(reserved.request);
  expect(authorised.status).toBe("authorized");
  await db
    .update(orders)
    .set({ createdAt: new Date(Date.now() - 3_600_000) })
    .where(eq(orders.id, reserved.order.id));
  await first.stop("test");

  const second = await start(env());
  try {
    const after = new SandboxInvoiceProvider({ db: second.db.db });
    // The same attempt after the restart: the same answer, no second invoice.
    expect(await after.authorize(request)).toEqual(firstAnswer);
    expect(await after.byAttempt(declined.idempotencyKey)).toMatchObject({ status: "declined" });
    expect(after.log).toHaveLength(0);
    expect(await after.state(firstAnswer.providerReference)).toMatchObject({
      status: "authorized",
      amount: request.totals.payable,
      captured: 0,
    });
    for (let i = 0; i < 3; i++)
      await after.capture(firstAnswer.providerReference, request.totals.payable, "capture-1");
    expect(after.log.filter((e) => e.kind === "capture")).toHaveLength(1);
    expect(
      await new SandboxInvoiceProvider({ db: second.db.db }).state(firstAnswer.providerReference),
    ).toMatchObject({
      status: "captured",
      captured: request.totals.payable,
    });

    // The dead process's order: confirmed at start-up from the provider's stored answer, not failed.
    let status = "pending";
    for (let i = 0; i < 100 && status === "pending"; i++) {
      const [order] = await second.db.db
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.id, reserved.order.id));
      status = order?.status ?? "gone";
      if (status === "pending") await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe("received");
    const [stock] = await second.db.db.select({ inStock: skus.inStock }).from(skus).where(eq(skus.id, skuId));
    expect(stock?.inStock).toBe(1);
    const [cart] = await queryRows<{ completed_at: Date | null }>(
      second.db.db,
      sql`select completed_at from carts where id = ${cartId}`,
    );
    expect(cart?.completed_at).not.toBeNull();

    // The sandbox's tables grow only with its invoices: a refused attempt's answer is kept a day, then dropped;
    // authorised attempts stay (the reconciling above read one).
    expect(await after.pruneRefusals()).toBe(0);
    expect(await after.pruneRefusals(new Date(Date.now() + 60_000))).toBe(1);
    expect(await after.byAttempt(declined.idempotencyKey)).toBeNull();
    expect(await after.byAttempt(request.idempotencyKey)).toEqual(firstAnswer);
    expect(await after.byAttempt(reserved.request.idempotencyKey)).toMatchObject({ status: "authorized" });
  } finally {
    await second.stop("test");
  }
}, 240_000);

import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { carts, orders, skus } from "#db/schema/index.ts";
import { seed } from "#db/seed/index.ts";
import {
  createKlarnaSandbox,
  KLARNA_SANDBOX_CREDENTIALS,
  KlarnaPayments,
} from "#integrations/payments/klarna/index.ts";
import { addToCart } from "#services/cart/lines.ts";
import type { CartContext } from "#services/cart/model.ts";
import { CheckoutError } from "#services/orders/errors.ts";
import {
  callbackSignature,
  confirmHostedOrder,
  type HostedDeps,
  openHostedCheckout,
  validateHostedOrder,
} from "#services/orders/hosted.ts";
import type { PlaceOrderInput } from "#services/orders/place.ts";
import { createReferenceCache, resolveLocale } from "#services/reference.ts";
import { freshDatabase, queryRows } from "#tests/support/db.ts";

/**
 * The hosted checkout end to end against the Klarna sandbox over HTTP, on a real database: open, pay on the
 * sandbox's page, validation reserves, the push confirms and captures; five replayed pushes and the confirmation
 * page answer the same order with one capture; a forged push is refused; an item sold out meanwhile lands on
 * klarna-fail with OutOfStock and nothing is sold.
 */

let db: Database;
let dispose: () => Promise<void>;
let origin: string;
let closeServer: () => Promise<void>;
let ctx: CartContext;
let deps: HostedDeps;
let skuId: number;
const sandbox = createKlarnaSandbox({ pushRetries: 0 });
const pushes: { status: number }[] = [];

beforeAll(async () => {
  const fresh = await freshDatabase();
  dispose = fresh.dispose;
  db = fresh.handle.db;
  await seed(fresh.handle, { products: 30, seedDate: new Date("2026-11-01T00:00:00Z") });
  const cache = createReferenceCache(db);
  const ref = await cache.get();
  ctx = {
    ref,
    locale: resolveLocale(ref, { channelId: "2|no", languageId: "nb-NO", marketId: "no" }).locale,
  };
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select s.id from skus s join products p on p.id = s.product_id join prices pr on pr.sku_id = s.id and pr.market_alias = 'no'
        where p.type = 'product' and p.active and s.active order by s.id limit 1`,
  );
  skuId = Number(row?.id);

  const app = new Hono();
  app.route("/sandbox/klarna", sandbox.app);
  app.post("/api/checkout/klarna/validate", async (c) => {
    const answer = await validateHostedOrder(deps, {
      sessionId: c.req.query("sid") ?? "",
      signature: c.req.query("sig") ?? null,
      providerReference: c.req.query("klarna_order_id") ?? null,
    });
    return "redirect" in answer ? c.redirect(answer.redirect, 303) : c.body(null, 200);
  });
  app.post("/api/checkout/klarna/push", async (c) => {
    try {
      await confirmHostedOrder(deps, {
        providerReference: c.req.query("klarna_order_id") ?? "",
        sessionId: c.req.query("sid") ?? "",
        signature: c.req.query("sig") ?? null,
      });
      pushes.push({ status: 200 });
      return c.body(null, 200);
    } catch (error) {
      pushes.push({ status: 400 });
      return c.text(error instanceof CheckoutError ? error.reason : "error", 400);
    }
  });
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((r) => server.once("listening", () => r()));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  closeServer = () => new Promise((r) => server.close(() => r()));
  deps = {
    db,
    payments: {
      KLARNA: new KlarnaPayments({ baseUrl: `${origin}/sandbox/klarna`, ...KLARNA_SANDBOX_CREDENTIALS }),
    },
    reference: () => cache.get(),
    callbackSecret: "test-secret-test-secret-test-secret",
  };
});
afterAll(async () => {
  await closeServer?.();
  await dispose?.();
});

const input: PlaceOrderInput = {
  email: "kari@example.no",
  customerType: "PERSON",
  zip: "0150",
  shippingOptionId: "pickup-point",
  paymentMethodKey: "card-checkout",
};
const site = () => ({ origin, checkout: "/kassen", terms: "/kjopsvilkar" });

async function stock() {
  const [row] = await db.select({ inStock: skus.inStock }).from(skus).where(eq(skus.id, skuId));
  return row?.inStock;
}
async function pay(orderId: string, outcome: string) {
  const response = await fetch(`${origin}/sandbox/klarna/pay/${orderId}`, {
    method: "POST",
    body: new URLSearchParams({ outcome }),
    redirect: "manual",
  });
  return response.headers.get("location") ?? "";
}
async function until<T>(read: () => Promise<T | undefined>): Promise<T | undefined> {
  for (let i = 0; i < 300; i++) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 20));
  }
  return undefined;
}
const captures = (id: string) => sandbox.log.filter((e) => e.kind === "capture" && e.orderId === id).length;

describe("hosted checkout (Klarna sandbox)", () => {
  it("pays by card: validation reserves, the push confirms and captures once; replays change nothing", async () => {
    await db.update(skus).set({ inStock: 5, oversellable: 0, static: 0 }).where(eq(skus.id, skuId));
    const cartId = (await addToCart(db, ctx, null, { skuId, quantity: 2 })).id;
    const opened = await openHostedCheckout(deps, ctx, cartId, input, site());
    expect(opened.htmlSnippet).toContain("<iframe");
    expect(await stock()).toBe(5); // opening holds nothing
    // Reopening the same cart version updates the same provider order.
    expect((await openHostedCheckout(deps, ctx, cartId, input, site())).providerReference).toBe(
      opened.providerReference,
    );

    const location = await pay(opened.providerReference, "card");
    expect(location).toBe(`${origin}/checkout/confirm?kid=${opened.providerReference}`);
    const order = await until(async () => {
      const [row] = await db.select().from(orders).where(eq(orders.cartId, cartId));
      return row?.paymentStatus === "captured" ? row : undefined;
    });
    expect(order).toMatchObject({
      status: "received",
      paymentReference: opened.providerReference,
      capturedMinor: order?.totalIncVatMinor,
    });
    expect(order?.orderNumber).toMatch(/^NO-\d+$/);
    expect(await stock()).toBe(3);
    expect(captures(opened.providerReference)).toBe(1);

    // Klarna retries the push five times at once, and the shopper lands on the confirmation page.
    await Promise.all(Array.from({ length: 5 }, () => sandbox.replayPush(opened.providerReference)));
    const confirmed = await confirmHostedOrder(deps, { providerReference: opened.providerReference });
    expect(confirmed.orderId).toBe(order?.id);
    expect(await db.select().from(orders).where(eq(orders.cartId, cartId))).toHaveLength(1);
    expect(captures(opened.providerReference)).toBe(1);
    expect(await stock()).toBe(3);
    const [cart] = await db
      .select({ completedAt: carts.completedAt })
      .from(carts)
      .where(eq(carts.id, cartId));
    expect(cart?.completedAt).not.toBeNull();
  });

  it("refuses a forged push and a push for another attempt", async () => {
    await db.update(skus).set({ inStock: 5 }).where(eq(skus.id, skuId));
    const cartId = (await addToCart(db, ctx, null, { skuId, quantity: 1 })).id;
    const opened = await openHostedCheckout(deps, ctx, cartId, input, site());
    const forged = await fetch(
      `${origin}/api/checkout/klarna/push?sid=${opened.sessionId}&sig=forged&klarna_order_id=${opened.providerReference}`,
      { method: "POST" },
    );
    expect(forged.status).toBe(400);
    const otherSig = callbackSignature(deps.callbackSecret, crypto.randomUUID());
    const other = await fetch(
      `${origin}/api/checkout/klarna/push?sid=${opened.sessionId}&sig=${otherSig}&klarna_order_id=${opened.providerReference}`,
      { method: "POST" },
    );
    expect(other.status).toBe(400);
    // Not paid: the provider's order is not authorised, so even a signed push creates nothing.
    await expect(
      confirmHostedOrder(deps, {
        providerReference: opened.providerReference,
        sessionId: opened.sessionId,
        signature: callbackSignature(deps.callbackSecret, opened.sessionId),
      }),
    ).rejects.toMatchObject({ reason: "PAYMENT_DECLINED" });
    const rows = await db.select({ status: orders.status }).from(orders).where(eq(orders.cartId, cartId));
    expect(rows.map((r) => r.status)).toEqual(["failed"]);
    expect(await stock()).toBe(5);
  });

  it("an item sold out before paying lands on klarna-fail with OutOfStock, and nothing is sold", async () => {
    await db.update(skus).set({ inStock: 2 }).where(eq(skus.id, skuId));
    const cartId = (await addToCart(db, ctx, null, { skuId, quantity: 2 })).id;
    const opened = await openHostedCheckout(deps, ctx, cartId, input, site());
    await db.update(skus).set({ inStock: 1 }).where(eq(skus.id, skuId));
    expect(await pay(opened.providerReference, "card")).toBe(
      `${origin}/checkout/klarna-fail?error=OutOfStock`,
    );
    expect(await db.select().from(orders).where(eq(orders.cartId, cartId))).toHaveLength(0);
    expect(await stock()).toBe(1);
    expect(await pay(opened.providerReference, "blocked")).toBe(
      `${origin}/checkout/klarna-fail?error=BlockedCustomer`,
    );
  });
});

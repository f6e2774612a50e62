import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import { carts, orderLines, orderStatusHistory, orders, outbox, products, skus } from "#db/schema/index.ts";
import { seed } from "#db/seed/index.ts";
import { parseOrderNumber } from "#domain/order.ts";
import { INVOICE_TEST_NUMBERS, SandboxInvoiceProvider } from "#integrations/payments/invoice/index.ts";
import { addToCart } from "#services/cart/lines.ts";
import type { CartContext } from "#services/cart/model.ts";
import { createOrUpdateCheckout } from "#services/checkout/index.ts";
import { CheckoutError } from "#services/orders/errors.ts";
import { type OrderDeps, placeOrder, reserve } from "#services/orders/place.ts";
import { reconcilePendingOrders } from "#services/orders/reconcile.ts";
import { changeOrderStatus, OrderStatusError } from "#services/orders/status.ts";
import { createReferenceCache, resolveLocale } from "#services/reference.ts";
import { freshDatabase, onPostgres, queryRows } from "#tests/support/db.ts";
import { swedishInvoiceBuyer } from "#tests/support/orders.ts";

/**
 * placeOrder (issue 13) on a real database, PGlite by default and PostgreSQL with DATABASE_URL: an order with its
 * snapshot, stock taken with a guard (backorder beyond the shelf), the same cart placed five times, a sold-out item
 * named, a declined credit check that leaves the cart open, and 200 checkouts racing for the last 10 units.
 */

let db: Database;
let dispose: () => Promise<void>;
let ctx: CartContext;
let invoice: SandboxInvoiceProvider;
let deps: OrderDeps;
let skuIds: number[];

beforeAll(async () => {
  const fresh = await freshDatabase();
  dispose = fresh.dispose;
  db = fresh.handle.db;
  await seed(fresh.handle, { products: 40, seedDate: new Date("2026-11-01T00:00:00Z") });
  const ref = await createReferenceCache(db).get();
  ctx = {
    ref,
    locale: resolveLocale(ref, { channelId: "1|se", languageId: "sv-SE", marketId: "se" }).locale,
  };
  invoice = new SandboxInvoiceProvider();
  deps = { db, payments: { INVOICE: invoice } };
  // Plain products (no package) with a Swedish price, each its own SKU.
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select s.id from skus s join products p on p.id = s.product_id join prices pr on pr.sku_id = s.id and pr.market_alias = 'se'
        where p.type = 'product' and p.active and s.active order by s.id limit 6`,
  );
  skuIds = rows.map((r) => Number(r.id));
  expect(skuIds).toHaveLength(6);
});
afterAll(async () => {
  await dispose?.();
});

const sku = (i: number) => skuIds[i] as number;

async function setStock(skuId: number, inStock: number, oversellable = 0) {
  await db.update(skus).set({ inStock, oversellable, static: 0 }).where(eq(skus.id, skuId));
}
async function stockOf(skuId: number) {
  const [row] = await db
    .select({ inStock: skus.inStock, oversellable: skus.oversellable })
    .from(skus)
    .where(eq(skus.id, skuId));
  return row;
}
async function cartWith(items: [number, number][]) {
  let id: string | null = null;
  for (const [skuId, quantity] of items) id = (await addToCart(db, ctx, id, { skuId, quantity })).id;
  if (!id) throw new Error("no cart");
  return id;
}

const person = swedishInvoiceBuyer("Kund@Example.se");

async function refusal(promise: Promise<unknown>): Promise<CheckoutError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CheckoutError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("placeOrder", () => {
  it("places an invoice order: received, numbered, snapshot, stock taken, cart completed, e-mail queued", async () => {
    await setStock(sku(0), 5);
    const [before] = await db
      .select({ sales: products.salesCount })
      .from(products)
      .innerJoin(skus, eq(skus.productId, products.id))
      .where(eq(skus.id, sku(0)));
    const cartId = await cartWith([[sku(0), 2]]);
    const order = await placeOrder(deps, ctx, cartId, person);
    expect(order.status).toBe("received");
    expect(parseOrderNumber(order.orderNumber ?? "")).toMatchObject({ prefix: "SE" });
    const [row] = await db.select().from(orders).where(eq(orders.id, order.orderId));
    expect(row).toMatchObject({
      status: "received",
      paymentStatus: "authorized",
      email: "kund@example.se",
      identityNumber: "199001010017",
      currencyCode: "SEK",
      marketAlias: "se",
      customerType: "PERSON",
    });
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, order.orderId));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ skuId: sku(0), quantity: 2, fromShelf: 2, backorder: 0 });
    expect(lines[0]?.name).toBeTruthy();
    expect((lines[0]?.lineVatMinor ?? 0) + (row?.shippingFeeVatMinor ?? 0)).toBe(row?.vatMinor);
    expect(await stockOf(sku(0))).toEqual({ inStock: 3, oversellable: 0 });
    const [cart] = await db
      .select({ completedAt: carts.completedAt })
      .from(carts)
      .where(eq(carts.id, cartId));
    expect(cart?.completedAt).not.toBeNull();
    const history = await db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order.orderId));
    expect(history.map((h) => h.toStatus)).toEqual(["pending", "received"]);
    expect(
      await db
        .select()
        .from(outbox)
        .where(eq(outbox.dedupeKey, `order.confirmation:${order.publicId}`)),
    ).toHaveLength(1);
    const [after] = await db
      .select({ sales: products.salesCount })
      .from(products)
      .innerJoin(skus, eq(skus.productId, products.id))
      .where(eq(skus.id, sku(0)));
    expect((after?.sales ?? 0) - (before?.sales ?? 0)).toBe(2);
    // Placed again: the same order, nothing more.
    expect(await placeOrder(deps, ctx, cartId, person)).toEqual(order);
  });

  it("the same order submitted 5 times at once is one order with one authorisation", async () => {
    await setStock(sku(1), 10);
    const cartId = await cartWith([[sku(1), 1]]);
    const authorisations = invoice.log.filter((e) => e.kind === "authorize").length;
    const answers = await Promise.all(Array.from({ length: 5 }, () => placeOrder(deps, ctx, cartId, person)));
    expect(new Set(answers.map((a) => a.orderId)).size).toBe(1);
    expect(answers.every((a) => a.status === "received")).toBe(true);
    expect(await db.select().from(orders).where(eq(orders.cartId, cartId))).toHaveLength(1);
    expect(invoice.log.filter((e) => e.kind === "authorize").length - authorisations).toBe(1);
    expect(await stockOf(sku(1))).toEqual({ inStock: 9, oversellable: 0 });
  });

  it("takes the shelf first, then backorder", async () => {
    await setStock(sku(2), 1, 5);
    const order = await placeOrder(deps, ctx, await cartWith([[sku(2), 3]]), person);
    const [line] = await db.select().from(orderLines).where(eq(orderLines.orderId, order.orderId));
    expect(line).toMatchObject({ quantity: 3, fromShelf: 1, backorder: 2 });
    expect(await stockOf(sku(2))).toEqual({ inStock: 0, oversellable: 3 });
  });

  it("a sold-out item is refused by name, and nothing changes", async () => {
    await setStock(sku(3), 2);
    await setStock(sku(4), 4);
    const cartId = await cartWith([
      [sku(3), 2],
      [sku(4), 1],
    ]);
    await setStock(sku(3), 1); // sold elsewhere between cart and payment
    const error = await refusal(placeOrder(deps, ctx, cartId, person));
    expect(error.reason).toBe("OUT_OF_STOCK");
    expect(error.details).toMatchObject({ skuId: sku(3) });
    expect(String(error.details.name)).not.toBe("");
    expect(error.text.key).toBe("checkout.error.outOfStock");
    expect(await stockOf(sku(3))).toEqual({ inStock: 1, oversellable: 0 });
    expect(await stockOf(sku(4))).toEqual({ inStock: 4, oversellable: 0 });
    expect(await db.select().from(orders).where(eq(orders.cartId, cartId))).toHaveLength(0);
    const [cart] = await db
      .select({ completedAt: carts.completedAt })
      .from(carts)
      .where(eq(carts.id, cartId));
    expect(cart?.completedAt).toBeNull();
  });

  it("refuses missing and wrong fields, naming each, and writes nothing", async () => {
    await setStock(sku(4), 4);
    const cartId = await cartWith([[sku(4), 1]]);
    const error = await refusal(
      placeOrder(deps, ctx, cartId, {
        ...person,
        email: "nej",
        identityNumber: "900101-0018",
        acceptedTerms: false,
      }),
    );
    expect(error.reason).toBe("INVALID_CHECKOUT");
    expect(error.details.fields).toEqual({
      email: "checkout.error.email",
      identityNumber: "checkout.error.personalId",
      acceptedTerms: "checkout.error.terms",
    });
    expect(await db.select().from(orders).where(eq(orders.cartId, cartId))).toHaveLength(0);
    expect(await stockOf(sku(4))).toEqual({ inStock: 4, oversellable: 0 });
  });

  it("a declined credit check undoes the order and leaves the cart open to try again; a blocked customer too", async () => {
    await setStock(sku(5), 3);
    const cartId = await cartWith([[sku(5), 2]]);
    const declined = await refusal(
      placeOrder(deps, ctx, cartId, { ...person, identityNumber: INVOICE_TEST_NUMBERS.declined.SE_PERSON }),
    );
    expect(declined.reason).toBe("PAYMENT_DECLINED");
    expect(await stockOf(sku(5))).toEqual({ inStock: 3, oversellable: 0 });
    const blocked = await refusal(
      placeOrder(deps, ctx, cartId, { ...person, identityNumber: INVOICE_TEST_NUMBERS.blocked.SE_PERSON }),
    );
    expect(blocked.reason).toBe("BLOCKED_CUSTOMER");
    expect(await stockOf(sku(5))).toEqual({ inStock: 3, oversellable: 0 });
    const failed = await db.select({ status: orders.status }).from(orders).where(eq(orders.cartId, cartId));
    expect(failed.map((o) => o.status)).toEqual(["failed", "failed"]);
    // As an organisation with a good number: one order.
    const order = await placeOrder(deps, ctx, cartId, {
      ...person,
      customerType: "ORGANIZATION",
      identityNumber: "556036-0793",
      companyName: "Exempel AB",
    });
    expect(order.status).toBe("received");
    const [row] = await db.select().from(orders).where(eq(orders.id, order.orderId));
    expect(row).toMatchObject({
      customerType: "ORGANIZATION",
      organizationId: "5560360793",
      companyName: "Exempel AB",
    });
    expect(await stockOf(sku(5))).toEqual({ inStock: 1, oversellable: 0 });
  });

  it(
    "200 checkouts for the last 10 units: exactly 10 orders and stock 0",
    async () => {
      await setStock(sku(4), 10);
      const cartIds: string[] = [];
      for (let i = 0; i < 200; i++) cartIds.push(await cartWith([[sku(4), 1]]));
      const results = await Promise.allSettled(cartIds.map((id) => placeOrder(deps, ctx, id, person)));
      const won = results.filter((r) => r.status === "fulfilled");
      const lost = results.flatMap((r) => (r.status === "rejected" ? [r.reason] : []));
      expect(won).toHaveLength(10);
      expect(lost.every((e) => e instanceof CheckoutError && e.reason === "OUT_OF_STOCK")).toBe(true);
      expect(await stockOf(sku(4))).toEqual({ inStock: 0, oversellable: 0 });
      const live = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from orders o join order_lines l on l.order_id = o.id
          where l.sku_id = ${sku(4)} and o.status = 'received'`,
      );
      expect(Number(live[0]?.n)).toBe(10);
      const numbers = await db
        .select({ n: orders.orderNumber })
        .from(orders)
        .where(and(eq(orders.channelId, "1|se"), eq(orders.status, "received")));
      expect(new Set(numbers.map((r) => r.n)).size).toBe(numbers.length);
    },
    onPostgres ? 120_000 : 300_000,
  );
});

describe("createOrUpdateCheckout", () => {
  it("shipping options once a zip is set, payment options once one is chosen; the choice prices the cart", async () => {
    await setStock(sku(0), 20);
    const cartId = await cartWith([[sku(0), 1]]);
    const empty = await createOrUpdateCheckout({ db }, ctx, cartId, { email: "kund@example.se" });
    expect(empty.shippingOptions).toEqual([]);
    expect(empty.paymentOptions).toEqual([]);
    expect(empty.checkoutStatus).toBe("INCOMPLETE");
    expect(empty.errors).toMatchObject({
      zip: "checkout.error.required",
      acceptedTerms: "checkout.error.terms",
    });

    const zipped = await createOrUpdateCheckout({ db }, ctx, cartId, { zip: "11434" });
    expect(zipped.input.email).toBe("kund@example.se"); // kept from the first call
    expect(zipped.shippingOptions.map((o) => o.id)).toEqual(["own:pickup-point", "own:home-delivery"]);
    expect(zipped.shippingOptions[0]?.deliveryDays).toEqual({ min: 1, max: 3 });
    expect(zipped.paymentOptions).toEqual([]);

    const home = await createOrUpdateCheckout({ db }, ctx, cartId, { shippingOptionId: "own:home-delivery" });
    expect(home.shippingOptions.find((o) => o.isSelected)?.key).toBe("home-delivery");
    expect(home.paymentOptions.map((o) => [o.key, o.paymentType, o.checkoutType])).toEqual([
      ["card-checkout", "KLARNA", "EXTERNAL"],
      ["invoice", "INVOICE", "STANDARD"],
    ]);
    const homeFee = home.shippingOptions.find((o) => o.key === "home-delivery")?.payableFeeMinor;
    expect(home.cart.totals.shipping.fee).toBe(homeFee);

    const ready = await createOrUpdateCheckout({ db }, ctx, cartId, {
      ...person,
      shippingOptionId: "own:home-delivery",
    });
    expect(ready.errors).toEqual({});
    expect(ready.checkoutStatus).toBe("READY");
    const order = await placeOrder(deps, ctx, cartId, ready.input);
    const [row] = await db.select().from(orders).where(eq(orders.id, order.orderId));
    expect(row).toMatchObject({ shippingOptionKey: "home-delivery", shippingFeeIncVatMinor: homeFee });
  });
});

describe("reconciling attempts a crash cut off", () => {
  it("confirms an order the provider authorised, fails one it never saw, and puts its stock back", async () => {
    const hosted = {
      ...deps,
      reference: () => Promise.resolve(ctx.ref),
      callbackSecret: "secret-secret-secret-secret-secret",
    };
    await setStock(sku(1), 4);
    await setStock(sku(2), 4, 0);
    // Killed after authorising, before confirming.
    const paidCart = await cartWith([[sku(1), 1]]);
    const paid = await reserve(deps, ctx, paidCart, person);
    if ("done" in paid) throw new Error("expected a pending order");
    expect((await invoice.authorize(paid.request)).status).toBe("authorized");
    // Killed after reserving, before the provider heard of it.
    const lostCart = await cartWith([[sku(2), 2]]);
    const lost = await reserve(deps, ctx, lostCart, person);
    if ("done" in lost) throw new Error("expected a pending order");
    expect(await stockOf(sku(1))).toEqual({ inStock: 3, oversellable: 0 });
    expect(await stockOf(sku(2))).toEqual({ inStock: 2, oversellable: 0 });

    // Too young to settle: left alone.
    expect(await reconcilePendingOrders(hosted)).toEqual({ confirmed: 0, failed: 0 });
    expect(await reconcilePendingOrders(hosted, { olderThanMs: -1000 })).toEqual({ confirmed: 1, failed: 1 });
    const [paidRow] = await db.select().from(orders).where(eq(orders.id, paid.order.id));
    expect(paidRow).toMatchObject({ status: "received", paymentStatus: "authorized" });
    expect(paidRow?.orderNumber).toMatch(/^SE-/);
    const [lostRow] = await db.select().from(orders).where(eq(orders.id, lost.order.id));
    expect(lostRow?.status).toBe("failed");
    expect(await stockOf(sku(1))).toEqual({ inStock: 3, oversellable: 0 });
    expect(await stockOf(sku(2))).toEqual({ inStock: 4, oversellable: 0 });
    // Again: nothing left to do. The lost cart can be placed again.
    expect(await reconcilePendingOrders(hosted, { olderThanMs: -1000 })).toEqual({ confirmed: 0, failed: 0 });
    expect((await placeOrder(deps, ctx, lostCart, person)).status).toBe("received");
  });
});

describe("order statuses", () => {
  it("moves along the machine; cancelling puts the stock back and cancels the payment once", async () => {
    await setStock(sku(3), 3, 2);
    const order = await placeOrder(deps, ctx, await cartWith([[sku(3), 4]]), person);
    expect(await stockOf(sku(3))).toEqual({ inStock: 0, oversellable: 1 });
    await expect(changeOrderStatus(deps, order.orderId, "completed", "skip")).rejects.toBeInstanceOf(
      OrderStatusError,
    );
    expect(await changeOrderStatus(deps, order.orderId, "processing", "picked")).toEqual({
      status: "processing",
      changed: true,
    });
    const cancels = invoice.log.filter((e) => e.kind === "cancel").length;
    const twice = await Promise.all([
      changeOrderStatus(deps, order.orderId, "cancelled", "shopper asked"),
      changeOrderStatus(deps, order.orderId, "cancelled", "shopper asked"),
    ]);
    expect(twice.filter((r) => r.changed)).toHaveLength(1);
    expect(invoice.log.filter((e) => e.kind === "cancel").length - cancels).toBe(1);
    expect(await stockOf(sku(3))).toEqual({ inStock: 3, oversellable: 2 });
    const [row] = await db.select().from(orders).where(eq(orders.id, order.orderId));
    expect(row).toMatchObject({ status: "cancelled", paymentStatus: "cancelled" });
    const history = await db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order.orderId));
    expect(history.map((h) => h.toStatus)).toEqual(["pending", "received", "processing", "cancelled"]);
    await expect(changeOrderStatus(deps, order.orderId, "received", "undo")).rejects.toMatchObject({
      refusal: "final",
    });
  });
});

import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { decodeJwt } from "jose";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdminApi } from "#api/admin/yoga.ts";
import {
  auditLog,
  customerBalanceEntries,
  orderLines,
  orderStatusHistory,
  orders,
  outbox,
  refunds,
  skus,
} from "#db/schema/index.ts";
import { REFUND_CHECK_GRACE_MS } from "#domain/refund-check.ts";
import { PaymentProviderError, type RefundLine } from "#integrations/payments/index.ts";
import { SandboxInvoiceProvider } from "#integrations/payments/invoice/index.ts";
import { refundOrder } from "#services/admin/orders/refund.ts";
import { checkRefund, reconcilePendingRefunds } from "#services/admin/orders/refund-check.ts";
import { createAdminUser } from "#services/admin/users.ts";
import { addToCart } from "#services/cart/lines.ts";
import type { CartContext } from "#services/cart/model.ts";
import { capturePayment } from "#services/orders/capture.ts";
import { type OrderDeps, placeOrder } from "#services/orders/place.ts";
import { changeOrderStatus } from "#services/orders/status.ts";
import { createReferenceCache, resolveLocale } from "#services/reference.ts";
import { registerByApi } from "#tests/support/accounts.ts";
import { adminCall, signedInAdmins } from "#tests/support/admin.ts";
import { queryRows } from "#tests/support/db.ts";
import { swedishInvoiceBuyer } from "#tests/support/orders.ts";
import { gql, type Shop, startShop } from "#tests/support/shop.ts";

/**
 * The back office's orders (issue 15, decision 0050) through /admin/graphql on a real shop — PGlite, and
 * PostgreSQL with DATABASE_URL: capture on shipment (and a refused capture that changes nothing), refunds of lines
 * and shipping through the invoice provider or to the balance (two admins racing for the same unit, a retried key,
 * the whole order, returned stock), resent e-mails, withdrawal requests; permissions and audit entries for each.
 */
let shop: Shop;
let cookies: Record<"owner" | "staff" | "support" | "svensk", string>;
let ctx: CartContext;
let deps: OrderDeps;
let invoice: SandboxInvoiceProvider;
let skuIds: number[];
let customerId = 0;

beforeAll(async () => {
  shop = await startShop({ SEED_PRODUCTS: "10" });
  cookies = await signedInAdmins(shop, {
    owner: "owner",
    staff: "staff",
    support: "support",
    svensk: "staff",
  });
  await adminCall(shop, cookies.svensk, `mutation { setLanguage(language: sv) { language } }`);
  const db = shop.db.db;
  const ref = await createReferenceCache(db).get();
  ctx = {
    ref,
    locale: resolveLocale(ref, { channelId: "1|se", languageId: "sv-SE", marketId: "se" }).locale,
  };
  // The shop's own invoice sandbox keeps its invoices in the database: this instance sees the same ones.
  invoice = new SandboxInvoiceProvider({ db });
  deps = { db, payments: { INVOICE: invoice } };
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select s.id from skus s join products p on p.id = s.product_id join prices pr on pr.sku_id = s.id and pr.market_alias = 'se'
        where p.type = 'product' and p.active and s.active order by s.id limit 2`,
  );
  skuIds = rows.map((r) => Number(r.id));
  expect(skuIds).toHaveLength(2);
  const token = (await registerByApi(shop.origin, "refund.kund@example.se")) ?? "";
  customerId = Number(decodeJwt(token).sub);
});
afterAll(async () => {
  await shop?.close();
});

// biome-ignore lint/suspicious/noExplicitAny: tests walk answers of many shapes; each asserts what it reads.
type Json = any;

const person = swedishInvoiceBuyer("refund.kund@example.se");

/** An invoice order of 3 units of the first SKU and 1 of the second, authorised (not captured). */
async function invoiceOrder(opts: { account?: boolean } = {}) {
  const db = shop.db.db;
  for (const id of skuIds) await db.update(skus).set({ inStock: 50, static: 0 }).where(eq(skus.id, id));
  let cartId: string | null = null;
  cartId = (await addToCart(db, ctx, cartId, { skuId: skuIds[0] as number, quantity: 3 })).id;
  cartId = (await addToCart(db, ctx, cartId, { skuId: skuIds[1] as number, quantity: 1 })).id;
  const placed = await placeOrder(deps, ctx, cartId, person);
  if (opts.account) await db.update(orders).set({ customerId }).where(eq(orders.id, placed.orderId));
  const lines = await db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, placed.orderId))
    .orderBy(orderLines.id);
  return { orderId: placed.orderId, lines };
}

async function orderRow(orderId: number) {
  const [row] = await shop.db.db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) throw new Error("no order");
  return row;
}
async function auditsOf(orderId: number, action: string) {
  return shop.db.db
    .select()
    .from(auditLog)
    .where(
      and(eq(auditLog.entity, "order"), eq(auditLog.entityId, String(orderId)), eq(auditLog.action, action)),
    );
}
async function inStock(skuId: number) {
  const [row] = await shop.db.db.select({ n: skus.inStock }).from(skus).where(eq(skus.id, skuId));
  return row?.n;
}

const SHIP = `mutation($id: Int!) { markOrderShipped(orderId: $id) }`;
const REFUND = `mutation($input: AdminRefundInput!) { refundOrder(input: $input) { refundId amountMinor vatMinor status repeated } }`;
const refundInput = (orderId: number, over: Record<string, unknown> = {}) => ({
  input: {
    orderId,
    key: randomUUID(),
    lines: [],
    shipping: false,
    method: "provider",
    returnToStock: false,
    ...over,
  },
});

describe("capture on shipment", () => {
  it("marks an order shipped: the payment is captured once, received → processing → completed, audited", async () => {
    const { orderId } = await invoiceOrder();
    const before = await orderRow(orderId);
    expect(before.paymentStatus).toBe("authorized");
    const support = await adminCall(shop, cookies.support, SHIP, { id: orderId });
    expect(support.code).toBe("FORBIDDEN");
    const answers = await Promise.all(
      [1, 2, 3].map(() => adminCall(shop, cookies.staff, SHIP, { id: orderId })),
    );
    for (const a of answers.filter((a) => !a.errors)) expect(a.data.markOrderShipped).toBe("completed");
    expect(answers.some((a) => !a.errors)).toBe(true);
    const after = await orderRow(orderId);
    expect(after).toMatchObject({
      status: "completed",
      paymentStatus: "captured",
      capturedMinor: before.totalIncVatMinor,
    });
    const state = await invoice.state(before.paymentReference ?? "");
    expect(state).toMatchObject({ captured: before.totalIncVatMinor, status: "captured" });
    const again = await adminCall(shop, cookies.staff, SHIP, { id: orderId });
    expect(again.data.markOrderShipped).toBe("completed");
    expect((await invoice.state(before.paymentReference ?? ""))?.captured).toBe(before.totalIncVatMinor);
    const moves = (await auditsOf(orderId, "order.status")).map((e) => (e.after as Json).status);
    expect(moves).toEqual(["processing", "completed"]);
  });

  it("a capture the provider refuses changes nothing and says so in the admin's language", async () => {
    const { orderId } = await invoiceOrder();
    const before = await orderRow(orderId);
    // The invoice is cancelled at the provider behind the shop's back: the capture is refused.
    await invoice.cancel(before.paymentReference ?? "", randomUUID());
    const answer = await adminCall(shop, cookies.svensk, SHIP, { id: orderId });
    expect(answer.code).toBe("CAPTURE_FAILED");
    expect(answer.errors?.[0]?.message).toMatch(/Betalleverantören nekade/);
    const after = await orderRow(orderId);
    expect(after).toMatchObject({ status: "received", paymentStatus: "authorized", capturedMinor: 0 });
    expect(await auditsOf(orderId, "order.status")).toHaveLength(0);
    const history = await shop.db.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, orderId));
    expect(history.map((h) => h.toStatus)).toEqual(["pending", "received"]);
  });
});

describe("refunds", () => {
  async function shipped(opts: { account?: boolean } = {}) {
    const placed = await invoiceOrder(opts);
    const answer = await adminCall(shop, cookies.staff, SHIP, { id: placed.orderId });
    expect(answer.errors).toBeUndefined();
    const row = await orderRow(placed.orderId);
    return { ...placed, row };
  }

  it("refunds one unit of a line through the provider, units back to stock, audited", async () => {
    const { orderId, lines, row } = await shipped();
    const line = lines[0] as (typeof lines)[number];
    const stock = await inStock(line.skuId as number);
    const forbidden = await adminCall(
      shop,
      cookies.support,
      REFUND,
      refundInput(orderId, { lines: [{ lineId: line.id, quantity: 1 }] }),
    );
    expect(forbidden.code).toBe("FORBIDDEN");
    const answer = await adminCall(
      shop,
      cookies.staff,
      REFUND,
      refundInput(orderId, { lines: [{ lineId: line.id, quantity: 1 }], returnToStock: true }),
    );
    expect(answer.errors).toBeUndefined();
    const unit = Math.floor(line.lineTotalIncVatMinor / 3);
    expect(answer.data.refundOrder).toMatchObject({
      amountMinor: unit,
      status: "completed",
      repeated: false,
    });
    expect(await inStock(line.skuId as number)).toBe((stock ?? 0) + 1);
    expect((await orderRow(orderId)).refundedMinor).toBe(unit);
    expect((await invoice.state(row.paymentReference ?? ""))?.refunded).toBe(unit);
    const [entry] = await auditsOf(orderId, "order.refund");
    expect(entry?.after).toMatchObject({ amountMinor: unit, method: "provider", returnedToStock: true });
    const detail = await adminCall(
      shop,
      cookies.support,
      `query($id: Int!) { order(orderId: $id) { lines { lineId refundedQuantity } refunds { amountMinor method } } }`,
      { id: orderId },
    );
    expect(detail.data.order.lines[0]).toEqual({ lineId: line.id, refundedQuantity: 1 });
    expect(detail.data.order.refunds).toEqual([{ amountMinor: unit, method: "provider" }]);
  });

  it("two admins refunding the same last units at once: one refunds, the other is refused in its language", async () => {
    const { orderId, lines, row } = await shipped();
    const line = lines[1] as (typeof lines)[number];
    const [a, b] = await Promise.all([
      adminCall(
        shop,
        cookies.staff,
        REFUND,
        refundInput(orderId, { lines: [{ lineId: line.id, quantity: 1 }] }),
      ),
      adminCall(
        shop,
        cookies.svensk,
        REFUND,
        refundInput(orderId, { lines: [{ lineId: line.id, quantity: 1 }] }),
      ),
    ]);
    const ok = [a, b].filter((x) => !x.errors);
    const no = [a, b].filter((x) => x.errors);
    expect(ok).toHaveLength(1);
    expect(no).toHaveLength(1);
    expect(no[0]?.code).toBe("REFUND_REFUSED");
    expect(no[0]?.errors?.[0]?.extensions?.reason).toBe("lineExceeded");
    const message = no[0]?.errors?.[0]?.message as string;
    expect(message).toMatch(no[0] === b ? /Inget återbetalades/ : /Nothing was refunded/);
    const made = await shop.db.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(made).toHaveLength(1);
    expect((await invoice.state(row.paymentReference ?? ""))?.refunded).toBe(line.lineTotalIncVatMinor);
  });

  it("a retried key refunds once: one row, one provider refund, the same answer", async () => {
    const { orderId, lines, row } = await shipped();
    const variables = refundInput(orderId, {
      lines: [{ lineId: (lines[0] as { id: number }).id, quantity: 2 }],
    });
    const answers = await Promise.all([1, 2, 3].map(() => adminCall(shop, cookies.staff, REFUND, variables)));
    for (const x of answers) expect(x.errors).toBeUndefined();
    expect(new Set(answers.map((x) => x.data.refundOrder.refundId)).size).toBe(1);
    expect(answers.filter((x) => !x.data.refundOrder.repeated)).toHaveLength(1);
    const made = await shop.db.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(made).toHaveLength(1);
    const state = await invoice.state(row.paymentReference ?? "");
    expect(state?.refunded).toBe(made[0]?.amountMinor);
    expect(await auditsOf(orderId, "order.refund")).toHaveLength(1);
  });

  it("refunding everything in parts makes the order refunded; more is refused and changes nothing", async () => {
    const { orderId, lines, row } = await shipped();
    const [first, second] = lines as [(typeof lines)[number], (typeof lines)[number]];
    const one = await adminCall(
      shop,
      cookies.owner,
      REFUND,
      refundInput(orderId, { lines: [{ lineId: first.id, quantity: 2 }], shipping: true }),
    );
    expect(one.data.refundOrder.status).toBe("completed");
    const two = await adminCall(
      shop,
      cookies.owner,
      REFUND,
      refundInput(orderId, {
        lines: [
          { lineId: first.id, quantity: 1 },
          { lineId: second.id, quantity: 1 },
        ],
      }),
    );
    expect(two.data.refundOrder.status).toBe("refunded");
    const after = await orderRow(orderId);
    expect(after).toMatchObject({
      status: "refunded",
      refundedMinor: row.totalIncVatMinor,
      paymentStatus: "refunded",
    });
    expect((await invoice.state(row.paymentReference ?? ""))?.refunded).toBe(row.totalIncVatMinor);
    const more = await adminCall(
      shop,
      cookies.owner,
      REFUND,
      refundInput(orderId, { lines: [{ lineId: first.id, quantity: 1 }] }),
    );
    expect(more.code).toBe("REFUND_REFUSED");
    expect((await orderRow(orderId)).refundedMinor).toBe(row.totalIncVatMinor);
  });

  it("bad input is refused with a reason and nothing changes", async () => {
    const { orderId, lines } = await shipped();
    const line = lines[0] as (typeof lines)[number];
    const cases: [Record<string, unknown>, string][] = [
      [{ lines: [] }, "empty"],
      [{ lines: [{ lineId: line.id, quantity: 4 }] }, "lineExceeded"],
      [{ lines: [{ lineId: 999_999_999, quantity: 1 }] }, "unknownLine"],
      [{ lines: [{ lineId: line.id, quantity: -1 }] }, "badQuantity"],
      [{ lines: [{ lineId: line.id, quantity: 1 }], method: "balance" }, "noAccount"],
    ];
    for (const [over, reason] of cases) {
      const answer = await adminCall(shop, cookies.staff, REFUND, refundInput(orderId, over));
      expect(answer.code, reason).toBe("REFUND_REFUSED");
      expect(answer.errors?.[0]?.extensions?.reason).toBe(reason);
    }
    const badKey = await adminCall(shop, cookies.staff, REFUND, refundInput(orderId, { key: "x" }));
    expect(badKey.code).toBe("BAD_USER_INPUT");
    expect(await shop.db.db.select().from(refunds).where(eq(refunds.orderId, orderId))).toHaveLength(0);
    expect((await orderRow(orderId)).refundedMinor).toBe(0);
  });

  it("refunds to the balance of a customer with an account: credited, the provider untouched", async () => {
    const { orderId, lines, row } = await shipped({ account: true });
    const line = lines[1] as (typeof lines)[number];
    const answer = await adminCall(
      shop,
      cookies.staff,
      REFUND,
      refundInput(orderId, { lines: [{ lineId: line.id, quantity: 1 }], method: "balance" }),
    );
    expect(answer.errors).toBeUndefined();
    const credit = await shop.db.db
      .select()
      .from(customerBalanceEntries)
      .where(
        and(eq(customerBalanceEntries.customerId, customerId), eq(customerBalanceEntries.orderId, orderId)),
      );
    expect(credit).toMatchObject([
      { amountMinor: line.lineTotalIncVatMinor, reason: "refund", currencyCode: "SEK" },
    ]);
    expect((await invoice.state(row.paymentReference ?? ""))?.refunded).toBe(0);
  });
});

describe("refunds and a cancellation together (decision 0050, amended)", () => {
  /** A received order whose payment is already taken: line refunds through the provider, then cancelled. */
  async function capturedReceived() {
    const placed = await invoiceOrder();
    await capturePayment(deps, placed.orderId);
    const row = await orderRow(placed.orderId);
    expect(row).toMatchObject({ status: "received", paymentStatus: "captured" });
    return { ...placed, row };
  }

  it("a line refund with returned goods, then cancel: refunded = captured once, units back once", async () => {
    const { orderId, lines, row } = await capturedReceived();
    const [first, second] = lines as [(typeof lines)[number], (typeof lines)[number]];
    expect([await inStock(first.skuId as number), await inStock(second.skuId as number)]).toEqual([47, 49]);
    const unit = first.lineTotalIncVatMinor / first.quantity;
    const one = await adminCall(
      shop,
      cookies.staff,
      REFUND,
      refundInput(orderId, { lines: [{ lineId: first.id, quantity: 1 }], returnToStock: true }),
    );
    expect(one.errors).toBeUndefined();
    expect(await inStock(first.skuId as number)).toBe(48);
    await changeOrderStatus(deps, orderId, "cancelled", "test");
    const after = await orderRow(orderId);
    expect(after).toMatchObject({
      status: "cancelled",
      refundedMinor: row.capturedMinor,
      paymentStatus: "refunded",
    });
    const state = await invoice.state(row.paymentReference ?? "");
    expect(state?.refunded).toBe(row.capturedMinor);
    // This instance made the cancellation's refund: exactly what the line refund left.
    const own = invoice.log.filter((e) => e.kind === "refund" && e.id === row.paymentReference);
    expect(own.map((e) => e.amount)).toEqual([row.capturedMinor - unit]);
    // The returned unit is not put back a second time.
    expect([await inStock(first.skuId as number), await inStock(second.skuId as number)]).toEqual([50, 50]);
  });

  it("a line refund racing a cancellation: the order's sums match the provider, never more than captured", async () => {
    for (let round = 0; round < 3; round++) {
      const { orderId, lines, row } = await capturedReceived();
      const first = lines[0] as (typeof lines)[number];
      const [refund, cancel] = await Promise.allSettled([
        adminCall(
          shop,
          cookies.staff,
          REFUND,
          refundInput(orderId, { lines: [{ lineId: first.id, quantity: 1 }] }),
        ),
        changeOrderStatus(deps, orderId, "cancelled", "test"),
      ]);
      expect(refund.status).toBe("fulfilled");
      const after = await orderRow(orderId);
      const state = await invoice.state(row.paymentReference ?? "");
      const made = await shop.db.db.select().from(refunds).where(eq(refunds.orderId, orderId));
      expect(made.filter((r) => r.status === "pending")).toHaveLength(0);
      expect(after.refundedMinor).toBe(state?.refunded);
      expect(after.refundedMinor).toBeLessThanOrEqual(row.capturedMinor);
      if (cancel.status === "fulfilled") {
        expect(after.status).toBe("cancelled");
        expect(after.refundedMinor).toBe(row.capturedMinor);
      } else {
        // The provider refused the cancellation's refund (the line refund took part first): nothing changed.
        expect(cancel.reason).toBeInstanceOf(PaymentProviderError);
        expect(after.status).toBe("received");
        await changeOrderStatus(deps, orderId, "cancelled", "test, again");
        const again = await orderRow(orderId);
        expect(again.refundedMinor).toBe(row.capturedMinor);
        expect((await invoice.state(row.paymentReference ?? ""))?.refunded).toBe(row.capturedMinor);
      }
    }
  });
});

describe("the shopper's order shows its real refunds (decision 0065)", () => {
  const PUBLIC = `query($id: Guid!) { getOrderPublic(publicOrderId: $id, channelId: "1|se", languageId: "sv-SE", marketId: "se") {
    refunds { id itemId articleNumber createdAt reason refundType toBalance total vat shippingFee
      lines { itemId articleNumber quantity total vat } } } }`;
  const refundsOf = async (orderId: number) => {
    const row = await orderRow(orderId);
    const answer = await gql(shop.origin, { query: PUBLIC, variables: { id: row.publicId } });
    expect(answer.body.errors).toBeUndefined();
    return answer.body.data.getOrderPublic.refunds as Json[];
  };
  const dec = (minor: number) => minor / 100;

  it("two refunds (a unit of one line; units of two lines) answer as two, in order, adding up; staff named by role", async () => {
    const placed = await invoiceOrder();
    await adminCall(shop, cookies.staff, SHIP, { id: placed.orderId });
    const [first, second] = placed.lines as [(typeof placed.lines)[number], (typeof placed.lines)[number]];
    const one = await adminCall(
      shop,
      cookies.staff,
      REFUND,
      refundInput(placed.orderId, { lines: [{ lineId: first.id, quantity: 1 }], reason: "Fel storlek" }),
    );
    expect(one.errors).toBeUndefined();
    const two = await adminCall(
      shop,
      cookies.staff,
      REFUND,
      refundInput(placed.orderId, {
        lines: [
          { lineId: second.id, quantity: 1 },
          { lineId: first.id, quantity: 1 },
        ],
        reason: "Skadad i frakten, staff@mili.example",
      }),
    );
    expect(two.errors).toBeUndefined();
    const made = await shop.db.db
      .select()
      .from(refunds)
      .where(eq(refunds.orderId, placed.orderId))
      .orderBy(refunds.id);
    const [r1, r2] = made as [(typeof made)[number], (typeof made)[number]];
    const list = await refundsOf(placed.orderId);
    expect(list).toEqual([
      {
        id: r1.id,
        itemId: first.id,
        articleNumber: first.articleNumber,
        createdAt: (r1.completedAt as Date).toISOString(),
        reason: "Fel storlek",
        refundType: "payment",
        toBalance: false,
        total: dec(r1.amountMinor),
        vat: dec(r1.vatMinor),
        shippingFee: 0,
        lines: [
          {
            itemId: first.id,
            articleNumber: first.articleNumber,
            quantity: 1,
            total: dec(r1.amountMinor),
            vat: dec(r1.vatMinor),
          },
        ],
      },
      {
        id: r2.id,
        itemId: 0,
        articleNumber: null,
        createdAt: (r2.completedAt as Date).toISOString(),
        reason: "Skadad i frakten, staff",
        refundType: "payment",
        toBalance: false,
        total: dec(r2.amountMinor),
        vat: dec(r2.vatMinor),
        shippingFee: 0,
        lines: (r2.lines as { lineId: number; quantity: number; amount: number; vat: number }[]).map((l) => ({
          itemId: l.lineId,
          articleNumber: l.lineId === first.id ? first.articleNumber : second.articleNumber,
          quantity: l.quantity,
          total: dec(l.amount),
          vat: dec(l.vat),
        })),
      },
    ]);
    expect((r2.lines as unknown[]).length).toBe(2);
    const refunded = (await orderRow(placed.orderId)).refundedMinor;
    expect(Math.round(list.reduce((s, r) => s + r.total * 100, 0))).toBe(refunded);
  });

  it("a line refund, then a cancellation: the record and what the cancellation gave back, adding up", async () => {
    const placed = await invoiceOrder();
    await capturePayment(deps, placed.orderId);
    const first = placed.lines[0] as (typeof placed.lines)[number];
    const one = await adminCall(
      shop,
      cookies.staff,
      REFUND,
      refundInput(placed.orderId, { lines: [{ lineId: first.id, quantity: 1 }] }),
    );
    expect(one.errors).toBeUndefined();
    await changeOrderStatus(deps, placed.orderId, "cancelled", "kunden ångrade sig");
    const row = await orderRow(placed.orderId);
    const list = await refundsOf(placed.orderId);
    expect(list.map((r) => [r.id > 0, r.itemId, r.reason])).toEqual([
      [true, first.id, null],
      [false, 0, "kunden ångrade sig"],
    ]);
    expect(Math.round(list.reduce((s, r) => s + r.total * 100, 0))).toBe(row.refundedMinor);
    expect(row.refundedMinor).toBe(row.capturedMinor);
  });
});

/** The invoice sandbox, made to answer 5xx for the next refund: before doing it, or after (the answer lost). */
class FaultyInvoice extends SandboxInvoiceProvider {
  fault: { status: number; after: boolean } | null = null;
  override async refund(reference: string, amount: number, key: string, lines?: readonly RefundLine[]) {
    const fault = this.fault;
    this.fault = null;
    if (fault && !fault.after)
      throw new PaymentProviderError("Service unavailable", fault.status, "UNAVAILABLE");
    const answer = await super.refund(reference, amount, key, lines);
    if (fault) throw new PaymentProviderError("Gateway timeout", fault.status, "UNAVAILABLE");
    return answer;
  }
}

describe("a refund the provider does not answer (decision 0050, amended)", () => {
  it("5xx after refunding: stays pending, the same key completes it with one provider refund", async () => {
    const placed = await invoiceOrder();
    const row0 = await orderRow(placed.orderId);
    await adminCall(shop, cookies.staff, SHIP, { id: placed.orderId });
    const faulty = new FaultyInvoice({ db: shop.db.db });
    const who = await createAdminUser(shop.db.db, {
      email: `fel-${randomUUID().slice(0, 8)}@mili.example`,
      role: "owner",
      password: "correct horse battery staple 42",
    });
    const line = placed.lines[0] as (typeof placed.lines)[number];
    const input = {
      orderId: placed.orderId,
      key: randomUUID(),
      lines: [{ lineId: line.id, quantity: 1 }],
      shipping: false,
      method: "provider" as const,
      returnToStock: false,
    };
    const d = { db: shop.db.db, payments: { INVOICE: faulty } };
    faulty.fault = { status: 503, after: true };
    const first = await refundOrder(d, who, input);
    expect(first).toMatchObject({ ok: false, refusal: "providerUnknown" });
    const pending = await shop.db.db.select().from(refunds).where(eq(refunds.orderId, placed.orderId));
    expect(pending.map((r) => r.status)).toEqual(["pending"]);
    expect((await orderRow(placed.orderId)).refundedMinor).toBe(0);
    // The reserved units stay reserved: another refund of all three units is refused meanwhile.
    const more = await refundOrder(d, who, {
      ...input,
      key: randomUUID(),
      lines: [{ lineId: line.id, quantity: 3 }],
    });
    expect(more).toMatchObject({ ok: false, refusal: "lineExceeded" });
    const retry = await refundOrder(d, who, input);
    expect(retry).toMatchObject({ ok: true, repeated: false });
    const unit = line.lineTotalIncVatMinor / line.quantity;
    expect((await orderRow(placed.orderId)).refundedMinor).toBe(unit);
    expect((await invoice.state(row0.paymentReference ?? ""))?.refunded).toBe(unit);
    expect(faulty.log.filter((e) => e.kind === "refund")).toHaveLength(1);
    const done = await shop.db.db.select().from(refunds).where(eq(refunds.orderId, placed.orderId));
    expect(done.map((r) => r.status)).toEqual(["completed"]);
  });

  it("5xx before refunding keeps it pending too; a clear 4xx refusal drops the reservation", async () => {
    const placed = await invoiceOrder();
    await adminCall(shop, cookies.staff, SHIP, { id: placed.orderId });
    const faulty = new FaultyInvoice({ db: shop.db.db });
    const who = await createAdminUser(shop.db.db, {
      email: `fel-${randomUUID().slice(0, 8)}@mili.example`,
      role: "owner",
      password: "correct horse battery staple 42",
    });
    const line = placed.lines[1] as (typeof placed.lines)[number];
    const d = { db: shop.db.db, payments: { INVOICE: faulty } };
    const input = {
      orderId: placed.orderId,
      key: randomUUID(),
      lines: [{ lineId: line.id, quantity: 1 }],
      shipping: false,
      method: "provider" as const,
      returnToStock: false,
    };
    faulty.fault = { status: 502, after: false };
    expect(await refundOrder(d, who, input)).toMatchObject({ ok: false, refusal: "providerUnknown" });
    expect(
      (await shop.db.db.select().from(refunds).where(eq(refunds.orderId, placed.orderId))).map(
        (r) => r.status,
      ),
    ).toEqual(["pending"]);
    expect(await refundOrder(d, who, input)).toMatchObject({ ok: true, repeated: false });
    // A clear refusal (400): no money moved, no row kept.
    const other = placed.lines[0] as (typeof placed.lines)[number];
    faulty.fault = { status: 400, after: false };
    const refused = await refundOrder(d, who, {
      ...input,
      key: randomUUID(),
      lines: [{ lineId: other.id, quantity: 1 }],
    });
    expect(refused).toMatchObject({ ok: false, refusal: "provider" });
    const rows = await shop.db.db.select().from(refunds).where(eq(refunds.orderId, placed.orderId));
    expect(rows.map((r) => r.status)).toEqual(["completed"]);
    expect((await orderRow(placed.orderId)).refundedMinor).toBe(line.lineTotalIncVatMinor);
  });
});

describe("a pending refund settled by asking the provider (decision 0065)", () => {
  const CHECK = `mutation($id: Int!) { checkRefund(refundId: $id) { refundId outcome repeated status } }`;
  const later = () => new Date(Date.now() + REFUND_CHECK_GRACE_MS + 60_000);
  async function owner() {
    return createAdminUser(shop.db.db, {
      email: `check-${randomUUID().slice(0, 8)}@mili.example`,
      role: "owner",
      password: "correct horse battery staple 42",
    });
  }
  /** A shipped order with one refund left pending by a 5xx: `after` the provider refunded, or before. */
  async function pendingRefund(after: boolean, opts: { ship?: boolean } = {}) {
    const placed = await invoiceOrder();
    if (opts.ship === false) await capturePayment(deps, placed.orderId);
    else await adminCall(shop, cookies.staff, SHIP, { id: placed.orderId });
    const faulty = new FaultyInvoice({ db: shop.db.db });
    const d = { db: shop.db.db, payments: { INVOICE: faulty } };
    const who = await owner();
    const line = placed.lines[0] as (typeof placed.lines)[number];
    const input = {
      orderId: placed.orderId,
      key: randomUUID(),
      lines: [{ lineId: line.id, quantity: 1 }],
      shipping: false,
      method: "provider" as const,
      returnToStock: false,
    };
    faulty.fault = { status: after ? 503 : 502, after };
    expect(await refundOrder(d, who, input)).toMatchObject({ ok: false, refusal: "providerUnknown" });
    const [row] = await shop.db.db.select().from(refunds).where(eq(refunds.orderId, placed.orderId));
    if (!row) throw new Error("no pending refund");
    expect(row.status).toBe("pending");
    return { ...placed, d, faulty, who, input, line, refund: row };
  }

  it("the provider made it (answer lost): two checks at once complete it once, audited once; support may not", async () => {
    const p = await pendingRefund(true);
    const detail = await adminCall(
      shop,
      cookies.support,
      `query($id: Int!) { order(orderId: $id) { pendingRefunds { refundId amountMinor } refunds { refundId } } }`,
      { id: p.orderId },
    );
    expect(detail.data.order).toEqual({
      pendingRefunds: [{ refundId: p.refund.id, amountMinor: p.refund.amountMinor }],
      refunds: [],
    });
    expect((await adminCall(shop, cookies.support, CHECK, { id: p.refund.id })).code).toBe("FORBIDDEN");
    const [a, b] = await Promise.all([
      adminCall(shop, cookies.staff, CHECK, { id: p.refund.id }),
      adminCall(shop, cookies.owner, CHECK, { id: p.refund.id }),
    ]);
    expect([a.errors, b.errors]).toEqual([undefined, undefined]);
    const answers = [a.data.checkRefund, b.data.checkRefund];
    expect(answers.map((x: Json) => x.outcome)).toEqual(["completed", "completed"]);
    expect(answers.map((x: Json) => x.repeated).sort()).toEqual([false, true]);
    const rows = await shop.db.db.select().from(refunds).where(eq(refunds.orderId, p.orderId));
    expect(rows.map((r) => r.status)).toEqual(["completed"]);
    expect(rows[0]?.providerRefundId).toEqual(expect.any(String));
    expect((await orderRow(p.orderId)).refundedMinor).toBe(p.refund.amountMinor);
    expect(p.faulty.log.filter((e) => e.kind === "refund")).toHaveLength(1);
    const audits = await auditsOf(p.orderId, "order.refund");
    expect(audits).toHaveLength(1);
    expect(audits[0]?.after).toMatchObject({ refundId: p.refund.id, settledBy: "check" });
    // Checked again: nothing changes.
    expect((await adminCall(shop, cookies.staff, CHECK, { id: p.refund.id })).data.checkRefund).toMatchObject(
      {
        outcome: "completed",
        repeated: true,
      },
    );
    expect((await adminCall(shop, cookies.staff, CHECK, { id: 2 ** 31 - 1 })).code).toBe("NOT_FOUND");
  });

  it("never made (5xx before): unknown within the grace, then failed — units free, the same form refunds anew", async () => {
    const p = await pendingRefund(false);
    expect(await checkRefund(p.d, p.who, p.refund.id)).toMatchObject({ ok: true, outcome: "unknown" });
    expect((await shop.db.db.select().from(refunds).where(eq(refunds.id, p.refund.id)))[0]?.status).toBe(
      "pending",
    );
    // Two late checks at once: one fails it, the other finds it failed.
    const [a, b] = await Promise.all([
      checkRefund(p.d, p.who, p.refund.id, { now: later() }),
      checkRefund(p.d, p.who, p.refund.id, { now: later() }),
    ]);
    expect([a, b].map((x) => (x.ok ? x.outcome : x.refusal))).toEqual(["failed", "failed"]);
    expect([a, b].map((x) => x.ok && x.repeated).sort()).toEqual([false, true]);
    const [failed] = await shop.db.db.select().from(refunds).where(eq(refunds.id, p.refund.id));
    expect(failed).toMatchObject({ status: "failed", idempotencyKey: null });
    expect(await auditsOf(p.orderId, "order.refund.failed")).toHaveLength(1);
    expect((await orderRow(p.orderId)).refundedMinor).toBe(0);
    // The units are free again: the form sent again (same key) reserves and refunds, once.
    expect(await refundOrder(p.d, p.who, p.input)).toMatchObject({ ok: true, repeated: false });
    expect(p.faulty.log.filter((e) => e.kind === "refund")).toHaveLength(1);
    const rows = await shop.db.db.select().from(refunds).where(eq(refunds.orderId, p.orderId));
    expect(rows.map((r) => r.status).sort()).toEqual(["completed", "failed"]);
    expect((await orderRow(p.orderId)).refundedMinor).toBe(p.refund.amountMinor);
  });

  it("never made, and a cancellation held its money back: the periodic check asks again, refunded = captured", async () => {
    const p = await pendingRefund(false, { ship: false });
    const before = await orderRow(p.orderId);
    await changeOrderStatus(deps, p.orderId, "cancelled", "test");
    const cancelled = await orderRow(p.orderId);
    // The cancellation refunded all but the pending refund's money.
    expect(cancelled.refundedMinor).toBe(before.capturedMinor - p.refund.amountMinor);
    const settled = await reconcilePendingRefunds(p.d, { now: new Date(Date.now() + 20 * 60_000) });
    expect(settled.completed).toBeGreaterThanOrEqual(1);
    const after = await orderRow(p.orderId);
    expect(after.refundedMinor).toBe(before.capturedMinor);
    expect((await invoice.state(before.paymentReference ?? ""))?.refunded).toBe(before.capturedMinor);
    const [row] = await shop.db.db.select().from(refunds).where(eq(refunds.id, p.refund.id));
    expect(row?.status).toBe("completed");
    const [audit] = await auditsOf(p.orderId, "order.refund");
    expect(audit?.actor).toBe("system: refund check");
    expect(audit?.adminUserId).toBeNull();
  });
});

describe("e-mails and withdrawals", () => {
  const RESEND = `mutation($id: Int!, $e: AdminOrderEmail!, $k: String!) { resendOrderEmail(orderId: $id, email: $e, key: $k) }`;

  it("support resends the confirmation once per key; a withdrawal e-mail needs a withdrawal; audited", async () => {
    const { orderId } = await invoiceOrder();
    const key = randomUUID();
    for (let i = 0; i < 2; i++) {
      const answer = await adminCall(shop, cookies.support, RESEND, {
        id: orderId,
        e: "confirmation",
        k: key,
      });
      expect(answer.data?.resendOrderEmail).toBe(true);
    }
    const queued = await shop.db.db
      .select()
      .from(outbox)
      .where(
        sql`${outbox.kind} = 'order.confirmation' and (${outbox.payload}->>'orderId')::bigint = ${orderId}`,
      );
    expect(queued).toHaveLength(2); // the first confirmation and one resend
    expect(await auditsOf(orderId, "order.resendEmail")).toHaveLength(1);
    const refused = await adminCall(shop, cookies.svensk, RESEND, {
      id: orderId,
      e: "withdrawal",
      k: randomUUID(),
    });
    expect(refused.code).toBe("BAD_USER_INPUT");
    expect(refused.errors?.[0]?.message).toBe("Kunden har inte ångrat köpet.");
  });

  it("lists withdrawal requests, marks the goods received, and a full refund handles the request", async () => {
    const { orderId, lines } = await invoiceOrder();
    await adminCall(shop, cookies.staff, SHIP, { id: orderId });
    await shop.db.db.update(orders).set({ withdrawnAt: new Date() }).where(eq(orders.id, orderId));
    const list = async (w: string) =>
      (
        await adminCall(
          shop,
          cookies.support,
          `query($w: AdminWithdrawalFilter) { orders(withdrawal: $w, take: 100) { orders { orderId withdrawnAt } } }`,
          {
            w,
          },
        )
      ).data.orders.orders.map((o: { orderId: number }) => o.orderId);
    expect(await list("open")).toContain(orderId);
    expect(await list("handled")).not.toContain(orderId);
    const MARK = `mutation($id: Int!) { markWithdrawalReceived(orderId: $id) }`;
    expect((await adminCall(shop, cookies.support, MARK, { id: orderId })).code).toBe("FORBIDDEN");
    const marked = await adminCall(shop, cookies.staff, MARK, { id: orderId });
    expect(marked.data.markWithdrawalReceived).toMatch(/^\d{4}-/);
    const again = await adminCall(shop, cookies.staff, MARK, { id: orderId });
    expect(again.data.markWithdrawalReceived).toBe(marked.data.markWithdrawalReceived);
    expect(await auditsOf(orderId, "order.withdrawalReceived")).toHaveLength(1);
    const resend = await adminCall(shop, cookies.support, RESEND, {
      id: orderId,
      e: "withdrawal",
      k: randomUUID(),
    });
    expect(resend.data.resendOrderEmail).toBe(true);
    const all = await adminCall(
      shop,
      cookies.staff,
      REFUND,
      refundInput(orderId, {
        lines: lines.map((l) => ({ lineId: l.id, quantity: l.quantity })),
        shipping: true,
        returnToStock: true,
      }),
    );
    expect(all.data.refundOrder.status).toBe("refunded");
    expect(await list("open")).not.toContain(orderId);
    expect(await list("handled")).toContain(orderId);
  });
});

describe("refusals of a move in the admin's language (issue 15)", () => {
  const MOVE = `mutation($id: Int!, $to: OrderStatus!) { changeOrderStatus(orderId: $id, status: $to) }`;

  it("TRANSITION_REFUSED (notAllowed, same, final) answers in the admin's language, with the stable code and reason", async () => {
    const { orderId } = await invoiceOrder();
    const skip = await adminCall(shop, cookies.svensk, MOVE, { id: orderId, to: "completed" });
    expect(skip.errors?.[0]).toMatchObject({
      message: "Ordern kan inte gå till den statusen från den nuvarande.",
      extensions: { code: "TRANSITION_REFUSED", reason: "notAllowed" },
    });
    const english = await adminCall(shop, cookies.staff, MOVE, { id: orderId, to: "completed" });
    expect(english.errors?.[0]?.message).toBe("The order cannot go to that status from its current one.");
    const same = await adminCall(shop, cookies.svensk, MOVE, { id: orderId, to: "received" });
    expect(same.errors?.[0]).toMatchObject({
      message: "Ordern har redan den statusen.",
      extensions: { code: "TRANSITION_REFUSED", reason: "same", message: "Ordern har redan den statusen." },
    });
    const cancel = await adminCall(shop, cookies.staff, MOVE, { id: orderId, to: "cancelled" });
    expect(cancel.errors).toBeUndefined();
    const final = await adminCall(shop, cookies.svensk, MOVE, { id: orderId, to: "processing" });
    expect(final.errors?.[0]?.extensions).toMatchObject({ code: "TRANSITION_REFUSED", reason: "final" });
    expect(final.errors?.[0]?.message).toMatch(/^Ordern är avslutad/);
  });

  it("a shop without payment providers refuses moves, shipments and refunds in the admin's language", async () => {
    // The same database and session, served by an admin API that was given no payment providers.
    const api = createAdminApi({
      services: { db: shop.db.db, logger: pino({ level: "silent" }) },
      introspection: false,
      secureCookies: false,
    });
    const call = async (query: string, variables: Record<string, unknown>) => {
      const response = await api.fetch(
        new Request(`${shop.origin}/admin/graphql`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: shop.origin, cookie: cookies.svensk },
          body: JSON.stringify({ query, variables }),
        }),
      );
      return ((await response.json()) as { errors?: Json[] }).errors?.[0];
    };
    const { orderId, lines } = await invoiceOrder();
    const sv = "Butiken saknar betalleverantörer: ordrar kan inte flyttas eller återbetalas här.";
    for (const error of [
      await call(MOVE, { id: orderId, to: "processing" }),
      await call(SHIP, { id: orderId }),
      await call(
        REFUND,
        refundInput(orderId, { lines: [{ lineId: (lines[0] as { id: number }).id, quantity: 1 }] }),
      ),
    ])
      expect(error).toMatchObject({ message: sv, extensions: { code: "FORBIDDEN", message: sv } });
    expect((await orderRow(orderId)).status).toBe("received");
  });
});

describe("the packing slip (issue 15)", () => {
  it("shows the units still to pack: refunded (returned) units taken off, a fully refunded line left out", async () => {
    const { orderId, lines } = await invoiceOrder();
    expect((await adminCall(shop, cookies.staff, SHIP, { id: orderId })).errors).toBeUndefined();
    const [first, second] = lines as [(typeof lines)[number], (typeof lines)[number]];
    const refund = await adminCall(
      shop,
      cookies.staff,
      REFUND,
      refundInput(orderId, {
        lines: [
          { lineId: first.id, quantity: 1 },
          { lineId: second.id, quantity: 1 },
        ],
        returnToStock: true,
      }),
    );
    expect(refund.errors).toBeUndefined();
    const detail = await adminCall(
      shop,
      cookies.support,
      `query($id: Int!) { order(orderId: $id) { lines { lineId quantity refundedQuantity packQuantity } } }`,
      { id: orderId },
    );
    expect(detail.data.order.lines).toEqual([
      { lineId: first.id, quantity: 3, refundedQuantity: 1, packQuantity: 2 },
      { lineId: second.id, quantity: 1, refundedQuantity: 1, packQuantity: 0 },
    ]);
    const page = await fetch(`${shop.origin}/admin/orders/${orderId}/packing-slip`, {
      headers: { cookie: cookies.support },
    });
    expect(page.status).toBe(200);
    const body = (await page.text()).split("<tbody>")[1]?.split("</tbody>")[0] ?? "";
    // Each row's cells as text: article number, SKU, product, quantity.
    const rows = [...body.matchAll(/<tr[\s>][\s\S]*?<\/tr>/g)].map((row) =>
      [...row[0].matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((cell) =>
        (cell[1] ?? "").replace(/<[^>]+>/g, "").trim(),
      ),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.[1]).toBe(String(first.skuId));
    expect(rows[0]?.[3]).toBe("2");
  });
});

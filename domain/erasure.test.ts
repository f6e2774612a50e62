import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ERASED_ORDER_EMAIL, erasureRefusal, keptUntil, OPEN_ORDER_STATUSES } from "./erasure.ts";
import { ORDER_STATUSES } from "./order-status.ts";

const order = fc.record({
  orderId: fc.integer({ min: 1 }),
  orderNumber: fc.option(fc.string(), { nil: null }),
  status: fc.constantFrom(...ORDER_STATUSES),
});

describe("erasureRefusal", () => {
  it("refuses exactly when an order is open, and names every open order and no other", () => {
    fc.assert(
      fc.property(fc.array(order), (orders) => {
        const open = orders.filter((o) => OPEN_ORDER_STATUSES.includes(o.status));
        const refusal = erasureRefusal(orders);
        if (open.length === 0) return refusal === null;
        return refusal !== null && refusal.kind === "openOrders" && refusal.orders.length === open.length;
      }),
    );
  });
  it("finished orders never hold an erasure up", () => {
    const finished = ORDER_STATUSES.filter((s) => !OPEN_ORDER_STATUSES.includes(s));
    expect(finished).toEqual(["failed", "completed", "cancelled", "refunded"]);
    fc.assert(
      fc.property(
        fc.array(order.map((o) => ({ ...o, status: finished[o.orderId % finished.length] as string }))),
        (orders) => erasureRefusal(orders) === null,
      ),
    );
  });
  it("blocks while the goods or the money may still move (decision 0065): the shopper's deletion and the admin's erasure share it", () => {
    // Received and processing orders are still to be delivered; a pending one is still being paid.
    expect([...OPEN_ORDER_STATUSES].sort()).toEqual(["pending", "processing", "received"]);
    fc.assert(
      fc.property(fc.array(order), order, (orders, extra) => {
        const before = erasureRefusal(orders);
        const after = erasureRefusal([...orders, extra]);
        // Another open order always refuses; another finished one never changes the verdict.
        if (OPEN_ORDER_STATUSES.includes(extra.status)) return after !== null;
        return (before === null) === (after === null);
      }),
    );
  });
  it("the erased order's address is not a deliverable one", () => {
    expect(ERASED_ORDER_EMAIL.endsWith("@invalid")).toBe(true);
  });
});

describe("keptUntil", () => {
  const date = fc.date({ min: new Date("2000-01-01"), max: new Date("2100-01-01"), noInvalidDate: true });
  it("keeps a Swedish order 7 and a Norwegian 5 years after the end of its year, never less", () => {
    fc.assert(
      fc.property(date, fc.constantFrom("SE", "NO", null), (placed, country) => {
        const until = keptUntil(placed, country);
        const years = country === "NO" ? 5 : 7;
        return (
          until.getUTCFullYear() === placed.getUTCFullYear() + years + 1 &&
          until.getUTCMonth() === 0 &&
          until.getUTCDate() === 1 &&
          until.getTime() - placed.getTime() >= years * 365 * 86_400_000
        );
      }),
    );
  });
});

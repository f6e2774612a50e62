import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type RefundRecord, shopperRefunds } from "./refund-list.ts";

const date = fc.date({ min: new Date("2025-01-01"), max: new Date("2030-01-01"), noInvalidDate: true });
const record = fc.record({
  id: fc.integer({ min: 1, max: 1_000_000 }),
  amount: fc.integer({ min: 1, max: 1_000_000 }),
  vat: fc.integer({ min: 0, max: 200_000 }),
  shipping: fc.integer({ min: 0, max: 10_000 }),
  method: fc.constantFrom("provider", "balance"),
  lines: fc.array(
    fc.record({
      lineId: fc.integer({ min: 1 }),
      quantity: fc.integer({ min: 1, max: 9 }),
      amount: fc.nat(),
      vat: fc.nat(),
    }),
    { maxLength: 3 },
  ),
  reason: fc.option(fc.string(), { nil: null }),
  at: date,
});
const records = fc.uniqueArray(record, { selector: (r) => r.id, maxLength: 6 });

describe("shopperRefunds", () => {
  it("adds up to the order's refunded sum: every record once, the rest as one whole-order entry", () => {
    fc.assert(
      fc.property(records, fc.nat({ max: 2_000_000 }), date, (rows, extra, at) => {
        const made = rows.reduce((s, r) => s + r.amount, 0);
        const order = {
          refunded: made + extra,
          totalIncVat: 5_000_000,
          vat: 1_000_000,
          move: { at, reason: "cancelled" },
          updatedAt: at,
        };
        const list = shopperRefunds(order, rows);
        const sum = list.reduce((s, r) => s + r.amount, 0);
        const rest = list.filter((r) => r.refundId === 0);
        return (
          sum === order.refunded &&
          rest.length === (extra > 0 ? 1 : 0) &&
          rows.every((r) => list.filter((e) => e.refundId === r.id).length === 1)
        );
      }),
    );
  });
  it("lists them oldest first, ties by id", () => {
    fc.assert(
      fc.property(records, fc.nat({ max: 1000 }), date, (rows, extra, at) => {
        const refunded = rows.reduce((s, r) => s + r.amount, 0) + extra;
        const list = shopperRefunds(
          { refunded, totalIncVat: 1000, vat: 200, move: { at, reason: null }, updatedAt: at },
          rows,
        );
        return list.every(
          (r, i) =>
            i === 0 ||
            (list[i - 1] as (typeof list)[number]).at.getTime() < r.at.getTime() ||
            ((list[i - 1] as (typeof list)[number]).at.getTime() === r.at.getTime() &&
              (list[i - 1] as (typeof list)[number]).refundId <= r.refundId),
        );
      }),
    );
  });
  it("a cancellation without records shows as one entry with the order's VAT in proportion", () => {
    const at = new Date("2026-03-01T10:00:00Z");
    expect(
      shopperRefunds(
        { refunded: 5000, totalIncVat: 10_000, vat: 2000, move: { at, reason: "cancelled" }, updatedAt: at },
        [],
      ),
    ).toEqual([
      {
        refundId: 0,
        amount: 5000,
        vat: 1000,
        shipping: 0,
        toBalance: false,
        lines: [],
        reason: "cancelled",
        at,
      },
    ]);
    const none: RefundRecord[] = [];
    expect(shopperRefunds({ refunded: 0, totalIncVat: 1, vat: 0, move: null, updatedAt: at }, none)).toEqual(
      [],
    );
  });
});

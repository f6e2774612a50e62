import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canOrder, maxOrderable, type Stock, stockStatus } from "./stock.ts";

const stock = (over: Partial<Stock> = {}): Stock => ({
  inStock: 0,
  oversellable: 0,
  totalStock: 0,
  static: 0,
  incoming: null,
  ...over,
});

describe("stockStatus", () => {
  it("is inStock with plenty on the shelf", () => {
    expect(stockStatus(stock({ inStock: 6 }))).toEqual({ kind: "inStock" });
    expect(stockStatus(stock({ inStock: 120, totalStock: 150 }))).toEqual({ kind: "inStock" });
  });

  it("is fewLeft with 1..threshold units and nothing oversellable", () => {
    expect(stockStatus(stock({ inStock: 5 }))).toEqual({ kind: "fewLeft", quantity: 5 });
    expect(stockStatus(stock({ inStock: 1 }))).toEqual({ kind: "fewLeft", quantity: 1 });
    expect(stockStatus(stock({ inStock: 3 }), 2)).toEqual({ kind: "inStock" });
    expect(stockStatus(stock({ inStock: 8 }), 10)).toEqual({ kind: "fewLeft", quantity: 8 });
    expect(stockStatus(stock({ inStock: 1 }), 0)).toEqual({ kind: "inStock" });
  });

  it("does not claim few are left when more can be sold beyond the shelf", () => {
    expect(stockStatus(stock({ inStock: 2, oversellable: 50 }))).toEqual({ kind: "inStock" });
  });

  it("is backorder with an empty shelf and oversellable units", () => {
    expect(stockStatus(stock({ oversellable: 10, incoming: "2026-06-15" }))).toEqual({ kind: "backorder" });
    expect(stockStatus(stock({ inStock: -2, oversellable: 10 }))).toEqual({ kind: "backorder" });
  });

  it("is outOfStock when nothing can be sold, incoming or not", () => {
    expect(stockStatus(stock())).toEqual({ kind: "outOfStock" });
    expect(stockStatus(stock({ incoming: "2026-06-15", totalStock: 40 }))).toEqual({ kind: "outOfStock" });
    expect(stockStatus(stock({ inStock: -3 }))).toEqual({ kind: "outOfStock" });
  });

  it("is static for static stock, whatever the counts", () => {
    expect(stockStatus(stock({ static: 1 }))).toEqual({ kind: "static" });
    expect(stockStatus(stock({ static: 1, inStock: 2 }))).toEqual({ kind: "static" });
  });

  it("rejects a bad threshold", () => {
    expect(() => stockStatus(stock(), -1)).toThrow(RangeError);
    expect(() => stockStatus(stock(), 1.5)).toThrow(RangeError);
  });
});

describe("maxOrderable and canOrder", () => {
  it("adds shelf and oversellable units", () => {
    expect(maxOrderable(stock({ inStock: 3 }))).toBe(3);
    expect(maxOrderable(stock({ inStock: 3, oversellable: 10 }))).toBe(13);
    expect(maxOrderable(stock({ inStock: -4, oversellable: 10 }))).toBe(10);
    expect(maxOrderable(stock())).toBe(0);
  });

  it("is unlimited for static stock", () => {
    expect(maxOrderable(stock({ static: 1 }))).toBe(Number.POSITIVE_INFINITY);
    expect(Math.min(7, maxOrderable(stock({ static: 1 })))).toBe(7);
    expect(canOrder(stock({ static: 1 }), 1000)).toBe(true);
  });

  it("checks a quantity against it", () => {
    expect(canOrder(stock({ inStock: 3 }), 3)).toBe(true);
    expect(canOrder(stock({ inStock: 3 }), 4)).toBe(false);
    expect(canOrder(stock({ inStock: 3 }), 0)).toBe(false);
    expect(canOrder(stock({ inStock: 3 }), 1.5)).toBe(false);
  });

  it("agrees with the status: orderable exactly when not out of stock", () => {
    const counts = fc.integer({ min: -10, max: 1000 });
    fc.assert(
      fc.property(counts, counts, fc.nat(2), fc.nat(20), (inStock, oversellable, isStatic, threshold) => {
        const s = stock({ inStock, oversellable, static: isStatic });
        const status = stockStatus(s, threshold);
        expect(maxOrderable(s) > 0).toBe(status.kind !== "outOfStock");
        if (status.kind === "fewLeft") {
          expect(status.quantity).toBe(maxOrderable(s));
          expect(status.quantity).toBeLessThanOrEqual(threshold);
        }
        if (status.kind === "backorder") expect(Math.max(0, inStock)).toBe(0);
      }),
    );
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DISCOUNT_BUCKETS } from "./prices.ts";
import { FULL_PRICE, SALES_TYPES, salesType } from "./sales-type.ts";

describe("salesType", () => {
  it("puts the edges of spec §9 in their buckets", () => {
    const cases: [number | null | undefined, string][] = [
      [null, "full_price"],
      [undefined, "full_price"],
      [0, "full_price"],
      [0.99, "full_price"],
      [1, "reduced_0-5"],
      [5, "reduced_0-5"],
      [5.9, "reduced_0-5"],
      [6, "reduced_6-10"],
      [10, "reduced_6-10"],
      [11, "reduced_11-15"],
      [15, "reduced_11-15"],
      [16, "reduced_16-20"],
      [20, "reduced_16-20"],
      [21, "reduced_21-30"],
      [30, "reduced_21-30"],
      [31, "reduced_31-40"],
      [50, "reduced_41-50"],
      [51, "reduced_51-60"],
      [70, "reduced_61-70"],
      [71, "reduced_71-80"],
      [80, "reduced_71-80"],
      [81, "reduced_81-100"],
      [100, "reduced_81-100"],
    ];
    for (const [percent, expected] of cases) expect(salesType(percent), String(percent)).toBe(expected);
  });

  it("refuses a percentage outside 0..100 or not a number", () => {
    for (const bad of [-1, -0.5, 100.5, 101, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => salesType(bad), String(bad)).toThrow(RangeError);
    }
  });

  it("gives every percentage in 0..100 exactly one known sales type, full price only below 1 %", () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 100, noNaN: true }), (percent) => {
        const type = salesType(percent);
        expect(SALES_TYPES).toContain(type);
        expect(type === FULL_PRICE).toBe(percent < 1);
      }),
    );
  });

  it("never puts a larger reduction in a smaller bucket (monotone), and each bucket's label holds its percentage", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 100, noNaN: true }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        (a, b) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          expect(SALES_TYPES.indexOf(salesType(low))).toBeLessThanOrEqual(
            SALES_TYPES.indexOf(salesType(high)),
          );
          const type = salesType(high);
          if (type !== FULL_PRICE) {
            const [from, to] = type.slice("reduced_".length).split("-").map(Number);
            const whole = Math.floor(high);
            expect(whole).toBeGreaterThanOrEqual(Math.max(1, from ?? 0));
            expect(whole).toBeLessThanOrEqual(to ?? 0);
          }
        },
      ),
    );
  });

  it("has one reduced sales type per filter bucket, in order", () => {
    expect(SALES_TYPES).toEqual([FULL_PRICE, ...DISCOUNT_BUCKETS.map((b) => `reduced_${b}`)]);
  });
});

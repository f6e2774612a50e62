import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  add,
  allocate,
  fromDecimal,
  minorUnits,
  money,
  mulDivRound,
  multiply,
  roundHalfAwayFromZero,
  subtract,
  sum,
  toDecimal,
} from "./money.ts";

const safeInt = fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER });

describe("money", () => {
  it("holds integer minor units and a currency", () => {
    expect(money(129950, "SEK")).toEqual({ amount: 129950, currency: "SEK" });
    expect(Object.is(money(-0, "NOK").amount, 0)).toBe(true);
  });

  it("throws on non-integer, unsafe or non-finite amounts and bad currency codes", () => {
    expect(() => money(12.5, "SEK")).toThrow(RangeError);
    expect(() => money(Number.NaN, "SEK")).toThrow(RangeError);
    expect(() => money(Number.POSITIVE_INFINITY, "SEK")).toThrow(RangeError);
    expect(() => money(2 ** 53, "SEK")).toThrow(RangeError);
    expect(() => money(100, "sek")).toThrow(RangeError);
    expect(() => money(100, "KRONOR")).toThrow(RangeError);
  });

  it("adds, subtracts, multiplies and sums in one currency", () => {
    expect(add(money(19900, "SEK"), money(4900, "SEK"))).toEqual(money(24800, "SEK"));
    expect(subtract(money(19900, "NOK"), money(20000, "NOK"))).toEqual(money(-100, "NOK"));
    expect(multiply(money(12990, "SEK"), 3)).toEqual(money(38970, "SEK"));
    expect(sum([money(100, "EUR"), money(250, "EUR"), money(-50, "EUR")], "EUR")).toEqual(money(300, "EUR"));
    expect(sum([], "DKK")).toEqual(money(0, "DKK"));
  });

  it("refuses to mix currencies or multiply by a fraction", () => {
    expect(() => add(money(100, "SEK"), money(100, "NOK"))).toThrow(TypeError);
    expect(() => subtract(money(100, "SEK"), money(100, "EUR"))).toThrow(TypeError);
    expect(() => sum([money(100, "SEK"), money(100, "NOK")], "SEK")).toThrow(TypeError);
    expect(() => sum([money(100, "NOK")], "SEK")).toThrow(TypeError);
    expect(() => multiply(money(100, "SEK"), 1.5)).toThrow(RangeError);
    expect(() => multiply(money(2 ** 52, "SEK"), 4)).toThrow(RangeError);
  });
});

describe("roundHalfAwayFromZero", () => {
  it("rounds halves away from zero", () => {
    expect(roundHalfAwayFromZero(2.5)).toBe(3);
    expect(roundHalfAwayFromZero(-2.5)).toBe(-3);
    expect(roundHalfAwayFromZero(0.5)).toBe(1);
    expect(roundHalfAwayFromZero(-0.5)).toBe(-1);
    expect(roundHalfAwayFromZero(2.4999)).toBe(2);
    expect(roundHalfAwayFromZero(-2.4999)).toBe(-2);
    expect(roundHalfAwayFromZero(7)).toBe(7);
  });

  it("avoids the Math.floor(x + 0.5) trap", () => {
    expect(roundHalfAwayFromZero(0.49999999999999994)).toBe(0);
    expect(roundHalfAwayFromZero(-0.49999999999999994)).toBe(0);
  });

  it("divides integers exactly", () => {
    expect(roundHalfAwayFromZero(5, 2)).toBe(3);
    expect(roundHalfAwayFromZero(-5, 2)).toBe(-3);
    expect(roundHalfAwayFromZero(5, -2)).toBe(-3);
    expect(roundHalfAwayFromZero(-5, -2)).toBe(3);
    expect(roundHalfAwayFromZero(10, 4)).toBe(3); // 2.5
    expect(roundHalfAwayFromZero(9, 4)).toBe(2); // 2.25
    // 12 995 × 2500 / 12 500 = 2599: exact, where float division could land a hair off.
    expect(roundHalfAwayFromZero(12995 * 2500, 12500)).toBe(2599);
  });

  it("never returns -0", () => {
    expect(Object.is(roundHalfAwayFromZero(-0.2), 0)).toBe(true);
    expect(Object.is(roundHalfAwayFromZero(-1, 3), 0)).toBe(true);
    expect(Object.is(roundHalfAwayFromZero(-1n, 3n), 0)).toBe(true);
  });

  it("handles bigints and integers beyond 2^53 exactly", () => {
    expect(roundHalfAwayFromZero(10n ** 19n + 5000n, 10n ** 4n)).toBe(10 ** 15 + 1);
    expect(roundHalfAwayFromZero(-(10n ** 16n) - 5n, 10n)).toBe(-(10 ** 15) - 1);
    expect(() => roundHalfAwayFromZero(10n ** 17n, 1n)).toThrow(RangeError);
    expect(roundHalfAwayFromZero(1e20, 1e5)).toBe(1e15);
  });

  it("throws for division by zero, non-finite input and unsafe results", () => {
    expect(() => roundHalfAwayFromZero(1, 0)).toThrow(RangeError);
    expect(() => roundHalfAwayFromZero(1n, 0n)).toThrow(RangeError);
    expect(() => roundHalfAwayFromZero(Number.NaN)).toThrow(RangeError);
    expect(() => roundHalfAwayFromZero(1e300)).toThrow(RangeError);
    expect(() => roundHalfAwayFromZero(1.5, 2n)).toThrow(TypeError);
  });

  it("agrees with exact BigInt rounding for all safe integer fractions", () => {
    fc.assert(
      fc.property(
        safeInt,
        safeInt.filter((d) => d !== 0),
        (n, d) => {
          const N = BigInt(n);
          const D = BigInt(d);
          const negative = N < 0n !== D < 0n;
          const absN = N < 0n ? -N : N;
          const absD = D < 0n ? -D : D;
          const q = absN / absD;
          const r = absN % absD;
          const magnitude = 2n * r >= absD ? q + 1n : q;
          const expected = Number(negative ? -magnitude : magnitude);
          expect(roundHalfAwayFromZero(n, d)).toBe(expected === 0 ? 0 : expected);
        },
      ),
    );
  });

  it("is odd-symmetric and within half a unit", () => {
    fc.assert(
      fc.property(fc.double({ min: -1e12, max: 1e12, noNaN: true }), (x) => {
        const r = roundHalfAwayFromZero(x);
        expect(roundHalfAwayFromZero(-x)).toBe(r === 0 ? 0 : -r);
        expect(Math.abs(r - x)).toBeLessThanOrEqual(0.5);
      }),
    );
  });
});

describe("mulDivRound", () => {
  it("computes value × multiplier / divisor with one rounding", () => {
    expect(mulDivRound(100, 2500, 12500)).toBe(20);
    expect(mulDivRound(1, 2500, 12500)).toBe(0); // 0.2
    expect(mulDivRound(3, 2500, 12500)).toBe(1); // 0.6
  });

  it("is exact when the product passes 2^53", () => {
    // 9e15 × 2500 overflows the safe range; the exact answer is 9e15 × 2500 / 12500 = 1.8e15.
    expect(mulDivRound(9_000_000_000_000_001, 2500, 12500)).toBe(1_800_000_000_000_000);
  });
});

describe("allocate", () => {
  it("splits by the largest remainder and sums exactly", () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(-100, [1, 1, 1])).toEqual([-34, -33, -33]);
    // 2867.44, 1426.51, 706.05: the spare unit goes to the largest remainder (0.51).
    expect(allocate(5000, [19900, 9900, 4900])).toEqual([2867, 1427, 706]);
    expect(allocate(10, [0, 5, 5])).toEqual([0, 5, 5]);
    expect(allocate(1, [1, 3])).toEqual([0, 1]);
    expect(allocate(0, [0, 0])).toEqual([0, 0]);
    expect(allocate(0, [])).toEqual([]);
  });

  it("refuses bad weights", () => {
    expect(() => allocate(100, [])).toThrow(RangeError);
    expect(() => allocate(100, [0, 0])).toThrow(RangeError);
    expect(() => allocate(100, [1, -1])).toThrow(RangeError);
    expect(() => allocate(100, [0.5, 0.5])).toThrow(RangeError);
    expect(() => allocate(1.5, [1])).toThrow(RangeError);
  });

  it("sums exactly, stays within one unit of the exact share, and is never negative for non-negative input", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -10_000_000_000, max: 10_000_000_000 }),
        fc.array(fc.integer({ min: 0, max: 100_000_000 }), { minLength: 1, maxLength: 30 }),
        (total, weights) => {
          fc.pre(weights.some((w) => w > 0));
          const parts = allocate(total, weights);
          expect(parts).toHaveLength(weights.length);
          expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
          const weightSum = weights.reduce((a, b) => a + b, 0);
          parts.forEach((part, i) => {
            expect(Number.isInteger(part)).toBe(true);
            if (total >= 0) expect(part).toBeGreaterThanOrEqual(0);
            const exact = (total * (weights[i] ?? 0)) / weightSum;
            expect(Math.abs(part - exact)).toBeLessThan(1 + 1e-6);
            if (weights[i] === 0) expect(part).toBe(0);
          });
        },
      ),
    );
  });
});

describe("minorUnits, toDecimal, fromDecimal", () => {
  it("knows the minor units of the shop's currencies", () => {
    expect(minorUnits("SEK")).toBe(2);
    expect(minorUnits("NOK")).toBe(2);
    expect(minorUnits("DKK")).toBe(2);
    expect(minorUnits("EUR")).toBe(2);
    expect(minorUnits("ISK")).toBe(0);
    expect(minorUnits("KWD")).toBe(3);
    expect(() => minorUnits("kr")).toThrow(RangeError);
  });

  it("converts minor units to decimals for the API", () => {
    expect(toDecimal(129950, "SEK")).toBe(1299.5);
    expect(toDecimal(129900, "NOK")).toBe(1299);
    expect(toDecimal(1, "EUR")).toBe(0.01);
    expect(toDecimal(-1999, "SEK")).toBe(-19.99);
    expect(toDecimal(1299, "ISK")).toBe(1299);
    expect(toDecimal(1500, "KWD")).toBe(1.5);
  });

  it("converts decimals to minor units, rounding half away from zero", () => {
    expect(fromDecimal(1299.5, "SEK")).toBe(129950);
    expect(fromDecimal("1299.50", "SEK")).toBe(129950);
    expect(fromDecimal(1.005, "EUR")).toBe(101);
    expect(fromDecimal(-1.005, "EUR")).toBe(-101);
    expect(fromDecimal(0.1 + 0.2, "SEK")).toBe(30);
    expect(fromDecimal("12", "NOK")).toBe(1200);
    expect(fromDecimal(".5", "NOK")).toBe(50);
    expect(fromDecimal(1e-7, "SEK")).toBe(0);
    expect(fromDecimal("1.5e3", "SEK")).toBe(150000);
    expect(fromDecimal(1299.5, "ISK")).toBe(1300);
    expect(Object.is(fromDecimal("-0.001", "SEK"), 0)).toBe(true);
  });

  it("rejects what is not a decimal amount", () => {
    for (const bad of ["", "abc", "12,50", "1.2.3", ".", "1e", "--1"]) {
      expect(() => fromDecimal(bad, "SEK")).toThrow(RangeError);
    }
    expect(() => fromDecimal(Number.NaN, "SEK")).toThrow(RangeError);
    expect(() => fromDecimal(1e30, "SEK")).toThrow(RangeError);
  });

  it("round-trips every minor amount through toDecimal and fromDecimal", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e13, max: 1e13 }),
        fc.constantFrom("SEK", "NOK", "EUR", "ISK", "KWD"),
        (minor, currency) => {
          expect(fromDecimal(toDecimal(minor, currency), currency)).toBe(minor);
        },
      ),
    );
  });
});

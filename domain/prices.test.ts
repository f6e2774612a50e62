import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DISCOUNT_BUCKETS, discountBucket, discountPercentage, lowestPriceBefore } from "./prices.ts";

describe("discountPercentage", () => {
  it("gives whole percent, rounded down", () => {
    expect(discountPercentage(100000, 75000)).toBe(25);
    expect(discountPercentage(1000, 667)).toBe(33); // 33.3 %
    expect(discountPercentage(1000, 661)).toBe(33); // 33.9 %, never 34
    expect(discountPercentage(29900, 19900)).toBe(33); // 33.44 %
    expect(discountPercentage(100, 1)).toBe(99);
    expect(discountPercentage(100, 0)).toBe(100);
  });

  it("is 0 when the price is not reduced", () => {
    expect(discountPercentage(19900, 19900)).toBe(0);
    expect(discountPercentage(19900, 24900)).toBe(0);
    expect(discountPercentage(0, 0)).toBe(0);
  });

  it("rejects fractions and negative selling prices", () => {
    expect(() => discountPercentage(100.5, 50)).toThrow(RangeError);
    expect(() => discountPercentage(100, -1)).toThrow(RangeError);
  });

  it("never overstates: the claimed percentage off the regular price is at most the real reduction", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e12 }),
        fc.integer({ min: 0, max: 1e12 }),
        (regular, selling) => {
          const percent = discountPercentage(regular, selling);
          expect(Number.isInteger(percent)).toBe(true);
          expect(percent).toBeGreaterThanOrEqual(0);
          expect(percent).toBeLessThanOrEqual(100);
          if (selling >= regular) expect(percent).toBe(0);
          else {
            const exact = ((regular - selling) * 100) / regular;
            expect(percent).toBeLessThanOrEqual(exact + 1e-9);
            expect(percent).toBeGreaterThan(exact - 1 - 1e-9);
          }
        },
      ),
    );
  });
});

describe("lowestPriceBefore", () => {
  const start = new Date("2026-05-01T00:00:00+02:00");

  it("takes the lowest selling price of the 30 days before the reduction", () => {
    const log = [
      { at: "2026-01-01T00:00:00+01:00", priceMinor: 29900 },
      { at: "2026-04-10T00:00:00+02:00", priceMinor: 24900 }, // a short earlier sale
      { at: "2026-04-17T00:00:00+02:00", priceMinor: 29900 },
      { at: start, priceMinor: 19900 }, // the current reduction itself does not count
    ];
    expect(lowestPriceBefore(log, start)).toBe(24900);
  });

  it("falls back to the price in effect when the window opened", () => {
    const log = [
      { at: "2025-11-01T00:00:00+01:00", priceMinor: 34900 },
      { at: "2026-02-01T00:00:00+01:00", priceMinor: 29900 },
      { at: start, priceMinor: 19900 },
    ];
    expect(lowestPriceBefore(log, start)).toBe(29900);
  });

  it("counts the price in effect at the window start even when a higher price follows", () => {
    const log = [
      { at: "2026-03-01T00:00:00+01:00", priceMinor: 24900 },
      { at: "2026-04-15T00:00:00+02:00", priceMinor: 29900 },
    ];
    expect(lowestPriceBefore(log, start)).toBe(24900);
  });

  it("ignores prices that ended before the window and sales older than 30 days", () => {
    const log = [
      { at: "2026-03-01T00:00:00+01:00", priceMinor: 14900 }, // an old sale
      { at: "2026-03-20T00:00:00+01:00", priceMinor: 29900 },
    ];
    expect(lowestPriceBefore(log, start)).toBe(29900);
  });

  it("treats the window start as inclusive for a change at exactly that instant", () => {
    const windowStart = new Date(start.getTime() - 30 * 86_400_000);
    const log = [
      { at: "2026-01-01T00:00:00Z", priceMinor: 9900 },
      { at: windowStart, priceMinor: 29900 },
    ];
    expect(lowestPriceBefore(log, start)).toBe(29900);
    expect(lowestPriceBefore(log, start, 31)).toBe(9900);
  });

  it("handles a product that first went on sale inside the window, and unsorted logs", () => {
    const log = [
      { at: "2026-04-25T00:00:00+02:00", priceMinor: 27900 },
      { at: "2026-04-20T00:00:00+02:00", priceMinor: 29900 },
    ];
    expect(lowestPriceBefore(log, start)).toBe(27900);
  });

  it("is null when no price was in effect during the window", () => {
    expect(lowestPriceBefore([], start)).toBeNull();
    expect(lowestPriceBefore([{ at: start, priceMinor: 19900 }], start)).toBeNull();
    expect(lowestPriceBefore([{ at: "2026-06-01", priceMinor: 19900 }], start)).toBeNull();
  });

  it("rejects invalid dates, prices and day counts", () => {
    expect(() => lowestPriceBefore([{ at: "yesterday", priceMinor: 100 }], start)).toThrow(RangeError);
    expect(() => lowestPriceBefore([{ at: start, priceMinor: 1.5 }], start)).toThrow(RangeError);
    expect(() => lowestPriceBefore([], start, 0)).toThrow(RangeError);
    expect(() => lowestPriceBefore([], new Date(Number.NaN))).toThrow(RangeError);
  });

  it("equals a brute-force scan of the prices in effect during the window", () => {
    const day = 86_400_000;
    const t0 = Date.UTC(2026, 0, 1);
    fc.assert(
      fc.property(
        fc.array(fc.record({ offsetDays: fc.integer({ min: 0, max: 120 }), priceMinor: fc.nat(100_000) }), {
          maxLength: 15,
        }),
        fc.integer({ min: 0, max: 120 }),
        (entries, startDay) => {
          // Keep one price per instant: with two at once, which one holds is undefined.
          const unique = [...new Map(entries.map((e) => [e.offsetDays, e])).values()];
          const log = unique.map((e) => ({
            at: new Date(t0 + e.offsetDays * day),
            priceMinor: e.priceMinor,
          }));
          const reductionStart = new Date(t0 + startDay * day);
          // Brute force: the price in effect at each hour of the window.
          const sorted = [...unique].sort((a, b) => a.offsetDays - b.offsetDays);
          let expected: number | null = null;
          for (let h = (startDay - 30) * 24; h < startDay * 24; h++) {
            const current = sorted.filter((e) => e.offsetDays * 24 <= h).at(-1);
            if (current)
              expected = expected === null ? current.priceMinor : Math.min(expected, current.priceMinor);
          }
          expect(lowestPriceBefore(log, reductionStart)).toBe(expected);
        },
      ),
    );
  });
});

describe("discountBucket", () => {
  it("lists the buckets in order", () => {
    expect(DISCOUNT_BUCKETS).toEqual([
      "0-5",
      "6-10",
      "11-15",
      "16-20",
      "21-30",
      "31-40",
      "41-50",
      "51-60",
      "61-70",
      "71-80",
      "81-100",
    ]);
  });

  it("puts each percentage in its bucket, bounds included", () => {
    expect(discountBucket(1)).toBe("0-5");
    expect(discountBucket(5)).toBe("0-5");
    expect(discountBucket(6)).toBe("6-10");
    expect(discountBucket(15)).toBe("11-15");
    expect(discountBucket(20)).toBe("16-20");
    expect(discountBucket(21)).toBe("21-30");
    expect(discountBucket(50)).toBe("41-50");
    expect(discountBucket(80)).toBe("71-80");
    expect(discountBucket(81)).toBe("81-100");
    expect(discountBucket(100)).toBe("81-100");
    expect(discountBucket(5.9)).toBe("0-5");
  });

  it("puts a price without an announced reduction in no bucket", () => {
    expect(discountBucket(0)).toBeNull();
    expect(discountBucket(0.9)).toBeNull();
  });

  it("rejects values outside 0..100", () => {
    expect(() => discountBucket(-1)).toThrow(RangeError);
    expect(() => discountBucket(101)).toThrow(RangeError);
    expect(() => discountBucket(Number.NaN)).toThrow(RangeError);
  });

  it("agrees with the bucket names for every whole percentage", () => {
    for (let p = 1; p <= 100; p++) {
      const [low, high] = (discountBucket(p) ?? "").split("-").map(Number);
      expect(p).toBeGreaterThanOrEqual(low ?? Number.NaN);
      expect(p).toBeLessThanOrEqual(high ?? Number.NaN);
    }
  });
});

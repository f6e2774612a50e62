import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  inPriceBand,
  MAX_PRICE_BANDS,
  type PriceBand,
  parsePriceBandId,
  priceBandId,
  priceBands,
  roundestBetween,
} from "./price-bands.ts";

const whole = (minor: number, minorUnits: number) => Math.floor(minor / 10 ** minorUnits);

describe("priceBands", () => {
  it("cuts at round numbers between the prices, from 0 to a round top", () => {
    const prices = [199, 249, 399, 449, 599, 799, 1299, 1499, 2499, 3499].map((kr) => kr * 100);
    expect(priceBands(prices, 2).map(priceBandId)).toEqual([
      "pr_0-299",
      "pr_300-499",
      "pr_500-999",
      "pr_1000-1999",
      "pr_2000-4999",
    ]);
  });

  it("keeps equal prices in one band and offers one band for one price", () => {
    expect(priceBands([49900, 49900, 49900], 2)).toEqual([{ lowest: 0, highest: 499 }]);
    expect(priceBands([], 2)).toEqual([]);
    expect(priceBands([10000, 10000, 10000, 10000, 90000], 2, 5).map(priceBandId)).toEqual([
      "pr_0-499",
      "pr_500-999",
    ]);
  });

  it("reads whole major units in the currency's decimals", () => {
    // 499.99 belongs to 0–499, 500.00 to the next band.
    expect(priceBands([49999, 50000], 2, 2)).toEqual([
      { lowest: 0, highest: 499 },
      { lowest: 500, highest: 599 },
    ]);
    expect(priceBands([499, 500], 0, 2)).toEqual(priceBands([49999, 50000], 2, 2));
  });

  const prices = fc.array(fc.integer({ min: 0, max: 2_000_000_00 }), { minLength: 1, maxLength: 300 });
  const units = fc.constantFrom(0, 2, 3);
  const max = fc.integer({ min: 1, max: 8 });

  it("are contiguous from 0, hold every price, each band at least one, at most maxBands", () => {
    fc.assert(
      fc.property(prices, units, max, (list, minorUnits, maxBands) => {
        const bands = priceBands(list, minorUnits, maxBands);
        expect(bands.length).toBeGreaterThanOrEqual(1);
        expect(bands.length).toBeLessThanOrEqual(maxBands);
        expect(bands[0]?.lowest).toBe(0);
        bands.forEach((b, i) => {
          expect(b.lowest).toBeLessThanOrEqual(b.highest);
          if (i > 0) expect(b.lowest).toBe((bands[i - 1] as PriceBand).highest + 1);
          expect(list.some((p) => inPriceBand(b, p, minorUnits))).toBe(true);
        });
        for (const p of list) expect(bands.filter((b) => inPriceBand(b, p, minorUnits)).length).toBe(1);
      }),
    );
  });

  it("cut at a number as round as the gap between the neighbouring prices allows", () => {
    fc.assert(
      fc.property(prices, units, (list, minorUnits) => {
        const bands = priceBands(list, minorUnits);
        const wholes = list.map((p) => whole(p, minorUnits));
        for (const b of bands.slice(1)) {
          const below = Math.max(...wholes.filter((w) => w < b.lowest));
          const above = Math.min(...wholes.filter((w) => w >= b.lowest));
          const gap = 10 ** Math.floor(Math.log10(above - below));
          expect(b.lowest % gap).toBe(0);
        }
      }),
    );
  });

  it("share the prices out evenly when they all differ", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 1_000_000 }), {
          minLength: MAX_PRICE_BANDS,
          maxLength: 200,
        }),
        (kr) => {
          const bands = priceBands(
            kr.map((p) => p * 100),
            2,
          );
          expect(bands.length).toBe(MAX_PRICE_BANDS);
          for (const b of bands) {
            const held = kr.filter((p) => p >= b.lowest && p <= b.highest).length;
            expect(held).toBeGreaterThanOrEqual(Math.floor(kr.length / MAX_PRICE_BANDS));
            expect(held).toBeLessThanOrEqual(Math.ceil(kr.length / MAX_PRICE_BANDS) + 1);
          }
        },
      ),
    );
  });

  it("do not depend on the prices' order", () => {
    fc.assert(
      fc.property(prices, units, (list, minorUnits) => {
        const reversed = [...list].reverse();
        expect(priceBands(reversed, minorUnits)).toEqual(priceBands(list, minorUnits));
      }),
    );
  });
});

describe("price band ids", () => {
  it("round-trip through their facet id", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 999_999_999 }),
        fc.integer({ min: 0, max: 999_999_999 }),
        (a, b) => {
          const band = { lowest: Math.min(a, b), highest: Math.max(a, b) };
          expect(parsePriceBandId(priceBandId(band))).toEqual(band);
        },
      ),
    );
  });

  it("refuse what is not a band", () => {
    for (const id of [
      "pr_500-499",
      "pr_-1-5",
      "pr_1.5-3",
      "pr_0-",
      "pr_0-1234567890",
      "p_0-499",
      "pr_a-b",
      "",
    ])
      expect(parsePriceBandId(id)).toBeNull();
  });
});

describe("roundestBetween", () => {
  it("finds the roundest whole number after one and up to the other", () => {
    expect(roundestBetween(437, 520)).toBe(500);
    expect(roundestBetween(99, 5000)).toBe(5000);
    expect(roundestBetween(99, 4999)).toBe(2000);
    expect(roundestBetween(437, 438)).toBe(438);
    expect(roundestBetween(1210, 1290)).toBe(1250);
    expect(roundestBetween(0, 1)).toBe(1);
  });

  it("lies in the interval", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 1, max: 1e9 }), (after, span) => {
        const r = roundestBetween(after, after + span);
        expect(r).toBeGreaterThan(after);
        expect(r).toBeLessThanOrEqual(after + span);
      }),
    );
  });
});

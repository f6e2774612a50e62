import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type CoPurchase,
  fillUp,
  MAX_RECOMMENDATIONS,
  rankBoughtTogether,
  rankSimilar,
  type SimilarCandidate,
} from "./recommendation.ts";

const coPurchase = fc.record({
  productId: fc.integer({ min: 1, max: 40 }),
  orders: fc.integer({ min: 0, max: 20 }),
  units: fc.integer({ min: 0, max: 60 }),
});

const candidate = fc.record({
  productId: fc.integer({ min: 1, max: 40 }),
  categoryId: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
  brandId: fc.option(fc.integer({ min: 1, max: 3 }), { nil: null }),
  priceMinor: fc.option(fc.integer({ min: 0, max: 500_000 }), { nil: null }),
  salesCount: fc.integer({ min: 0, max: 1000 }),
});

describe("rankBoughtTogether", () => {
  it("puts the products sharing the most orders first, then units, then the lower id", () => {
    const rows: CoPurchase[] = [
      { productId: 7, orders: 2, units: 2 },
      { productId: 3, orders: 5, units: 5 },
      { productId: 9, orders: 2, units: 6 },
      { productId: 4, orders: 2, units: 6 },
      { productId: 1, orders: 0, units: 0 },
    ];
    expect(rankBoughtTogether(rows, { productId: 10, take: 10 })).toEqual([3, 4, 9, 7]);
    expect(rankBoughtTogether(rows, { productId: 3, take: 10 })).toEqual([4, 9, 7]);
    expect(rankBoughtTogether(rows, { productId: 10, excluded: new Set([4]), take: 2 })).toEqual([3, 9]);
  });

  it("never answers the product itself, an excluded one, a repeat, or more than asked", () => {
    fc.assert(
      fc.property(
        fc.array(coPurchase, { maxLength: 40 }),
        fc.integer({ min: 1, max: 40 }),
        fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { maxLength: 10 }),
        fc.integer({ min: -2, max: 20 }),
        (rows, productId, excluded, take) => {
          const out = rankBoughtTogether(rows, { productId, excluded: new Set(excluded), take });
          expect(out).not.toContain(productId);
          for (const id of excluded) expect(out).not.toContain(id);
          expect(new Set(out).size).toBe(out.length);
          expect(out.length).toBeLessThanOrEqual(Math.max(0, Math.min(take, MAX_RECOMMENDATIONS)));
          for (const id of out) expect(rows.some((r) => r.productId === id && r.orders > 0)).toBe(true);
        },
      ),
    );
  });

  it("does not depend on the order the database answered in", () => {
    fc.assert(
      fc.property(fc.array(coPurchase, { maxLength: 30 }), (rows) => {
        // One row per product, as the statement answers.
        const unique = [...new Map(rows.map((r) => [r.productId, r])).values()];
        const a = rankBoughtTogether(unique, { productId: 0, take: 12 });
        const b = rankBoughtTogether([...unique].reverse(), { productId: 0, take: 12 });
        expect(a).toEqual(b);
      }),
    );
  });
});

describe("rankSimilar", () => {
  const target: SimilarCandidate = {
    productId: 1,
    categoryId: 5,
    brandId: 2,
    priceMinor: 100_000,
    salesCount: 0,
  };

  it("keeps to the category, nearest price first, the same brand at an equal distance", () => {
    const candidates: SimilarCandidate[] = [
      { productId: 2, categoryId: 5, brandId: 9, priceMinor: 120_000, salesCount: 1 },
      { productId: 3, categoryId: 5, brandId: 2, priceMinor: 80_000, salesCount: 0 },
      { productId: 4, categoryId: 6, brandId: 2, priceMinor: 100_000, salesCount: 99 },
      { productId: 5, categoryId: 5, brandId: 9, priceMinor: 101_000, salesCount: 0 },
      { productId: 6, categoryId: 5, brandId: 9, priceMinor: null, salesCount: 50 },
    ];
    expect(rankSimilar(target, candidates, { take: 10 })).toEqual([5, 3, 2, 6]);
    expect(rankSimilar({ ...target, categoryId: null }, candidates, { take: 10 })).toEqual([]);
  });

  it("answers only the same category, never the product itself, an excluded one or a repeat", () => {
    fc.assert(
      fc.property(
        candidate,
        fc.array(candidate, { maxLength: 40 }),
        fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { maxLength: 8 }),
        fc.integer({ min: 0, max: 20 }),
        (t, cands, excluded, take) => {
          const out = rankSimilar(t, cands, { excluded: new Set(excluded), take });
          expect(out).not.toContain(t.productId);
          for (const id of excluded) expect(out).not.toContain(id);
          expect(new Set(out).size).toBe(out.length);
          expect(out.length).toBeLessThanOrEqual(Math.min(take, MAX_RECOMMENDATIONS));
          for (const id of out)
            expect(cands.some((c) => c.productId === id && c.categoryId === t.categoryId)).toBe(true);
        },
      ),
    );
  });
});

describe("fillUp", () => {
  it("keeps the preferred order and fills with the fallback's new ones", () => {
    expect(fillUp([4, 2], [2, 7, 4, 8], 3)).toEqual([4, 2, 7]);
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 30 })),
        fc.array(fc.integer({ min: 1, max: 30 })),
        fc.integer({ min: 0, max: 20 }),
        (a, b, take) => {
          const out = fillUp(a, b, take);
          expect(new Set(out).size).toBe(out.length);
          expect(out.length).toBe(Math.min(new Set([...a, ...b]).size, take, MAX_RECOMMENDATIONS));
          const preferred = [...new Set(a)].slice(0, out.length);
          expect(out.slice(0, preferred.length)).toEqual(preferred);
        },
      ),
    );
  });
});

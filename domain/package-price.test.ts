import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type PackagePick, packagePrice, priceCart } from "./cart.ts";

/** Picks of a package: each a SKU of its own, possibly reduced by a price campaign, at a real VAT rate. */
const picks = fc
  .array(
    fc.record({
      quantity: fc.integer({ min: 1, max: 3 }),
      regular: fc.integer({ min: 100, max: 300_000 }),
      cut: fc.integer({ min: 0, max: 60 }),
      vatRateBp: fc.constantFrom(0, 600, 1200, 1500, 2500),
    }),
    { minLength: 1, maxLength: 4 },
  )
  .map((list) =>
    list.map(
      ({ quantity, regular, cut, vatRateBp }, i): PackagePick => ({
        skuId: i + 1,
        productId: i + 1,
        quantity,
        regular,
        selling: regular - Math.floor((regular * cut) / 100),
        vatRateBp,
      }),
    ),
  );
const rule = fc.record({
  packagePrice: fc.integer({ min: 1, max: 500_000 }),
  defaultPicksPrice: fc.integer({ min: 1, max: 500_000 }),
});

describe("packagePrice: what the product page shows for a package's picks", () => {
  it("is what the cart charges for the same picks added as that package", () => {
    fc.assert(
      fc.property(picks, fc.option(rule, { nil: null }), (chosen, r) => {
        const page = packagePrice({ currency: "SEK", picks: chosen, rule: r });
        const cart = priceCart({
          currency: "SEK",
          customerType: "PERSON",
          lines: chosen.map((p, i) => ({
            id: `line-${i}`,
            ...p,
            categoryIds: [],
            categoryKeys: [],
            brandId: null,
            kind: null,
            groupKey: "group-1",
          })),
          packages: r
            ? [
                {
                  groupKey: "group-1",
                  packageId: 9,
                  name: "Pakke",
                  numerator: r.packagePrice,
                  denominator: r.defaultPicksPrice,
                },
              ]
            : [],
          shipping: null,
        });
        expect(page.total).toBe(cart.total.selling);
        expect(page.exVat).toBe(cart.total.sellingExVat);
      }),
    );
  });

  it("never costs more than the picks alone, and its saving is the difference", () => {
    fc.assert(
      fc.property(picks, fc.option(rule, { nil: null }), (chosen, r) => {
        const p = packagePrice({ currency: "SEK", picks: chosen, rule: r });
        const alone = chosen.reduce((s, c) => s + c.selling * c.quantity, 0);
        expect(p.alone).toBe(alone);
        expect(p.total).toBeLessThanOrEqual(alone);
        expect(p.saving).toBe(alone - p.total);
        expect(p.savingExVat).toBe(p.aloneExVat - p.exVat);
        expect(p.exVat).toBeLessThanOrEqual(p.total);
        if (!r || r.packagePrice >= r.defaultPicksPrice) expect(p.saving).toBe(0);
      }),
    );
  });

  it("costs the package's own price for the picks its price was set for", () => {
    fc.assert(
      fc.property(picks, fc.integer({ min: 1, max: 99 }), (chosen, percent) => {
        const defaults = chosen.reduce((s, c) => s + c.selling * c.quantity, 0);
        const own = Math.floor((defaults * (100 - percent)) / 100);
        fc.pre(own > 0);
        const p = packagePrice({
          currency: "SEK",
          picks: chosen,
          rule: { packagePrice: own, defaultPicksPrice: defaults },
        });
        expect(p.total).toBe(own);
      }),
    );
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type CartLine,
  type CartRuleSet,
  cartQuantity,
  normalizeCode,
  type PricingInput,
  priceCart,
} from "./cart.ts";
import { vatOfGross } from "./vat.ts";

let nextId = 0;
function line(over: Partial<CartLine> = {}): CartLine {
  nextId++;
  return {
    id: `l${nextId}`,
    skuId: nextId,
    productId: nextId,
    quantity: 1,
    regular: 19900,
    selling: 19900,
    vatRateBp: 2500,
    categoryIds: [],
    categoryKeys: [],
    brandId: null,
    kind: null,
    groupKey: null,
    ...over,
  };
}

function rule(over: Partial<CartRuleSet> & Pick<CartRuleSet, "actions">): CartRuleSet {
  return {
    id: `campaign:${over.name ?? "x"}`,
    kind: "campaign",
    name: "x",
    hideTitle: false,
    conditions: [],
    stackable: true,
    ...over,
  };
}

const SHIPPING = { feeMinor: 4900, freeOverMinor: 9900, isDefault: true };
const base = (lines: CartLine[], over: Partial<PricingInput> = {}): PricingInput => ({
  currency: "SEK",
  customerType: "PERSON",
  lines,
  shipping: SHIPPING,
  ...over,
});

describe("priceCart: the summary", () => {
  it("sums lines, adds no shipping once the goods reach 99 kr, and keeps VAT per line", () => {
    const cart = priceCart(
      base([
        line({ quantity: 2, regular: 24900, selling: 19900 }),
        line({ selling: 5900, regular: 5900, vatRateBp: 600 }),
      ]),
    );
    expect(cart.subTotal.regular).toBe(2 * 24900 + 5900);
    expect(cart.subTotal.selling).toBe(2 * 19900 + 5900);
    expect(cart.shipping).toMatchObject({ fee: 0, free: true, amountLeftToFreeShipping: 0 });
    expect(cart.total.selling).toBe(45700);
    expect(cart.total.vat).toBe(vatOfGross(39800, 2500) + vatOfGross(5900, 600));
    expect(cart.total.discount).toBe(2 * 5000);
    expect(cart.total.isDiscounted).toBe(true);
    expect(cart.total.sellingExVat).toBe(cart.total.selling - cart.total.vat);
  });

  it("charges the fee below the threshold, with the amount left to free shipping", () => {
    const cart = priceCart(base([line({ regular: 4900, selling: 4900 })]));
    expect(cart.shipping).toMatchObject({ fee: 4900, free: false, amountLeftToFreeShipping: 5000 });
    expect(cart.total.selling).toBe(9800);
    // Shipping's VAT follows the goods' rate.
    expect(cart.shipping.vat).toBe(vatOfGross(4900, 2500));
    expect(cart.total.vat).toBe(2 * vatOfGross(4900, 2500));
  });

  it("an empty cart costs nothing and is 99 kr from free shipping", () => {
    const cart = priceCart(base([]));
    expect(cart.total.selling).toBe(0);
    expect(cart.shipping).toMatchObject({ fee: 0, amountLeftToFreeShipping: 9900 });
  });

  it("splits the shipping VAT over mixed rates in proportion to the goods", () => {
    const cart = priceCart(
      base([line({ regular: 3000, selling: 3000, vatRateBp: 600 }), line({ regular: 3000, selling: 3000 })]),
    );
    expect(cart.shipping.fee).toBe(4900);
    expect(cart.shipping.vat).toBe(vatOfGross(2450, 600) + vatOfGross(2450, 2500));
  });
});

describe("priceCart: campaigns", () => {
  it("percent off in scope: only the lines of the category", () => {
    const promo = rule({
      name: "jackets",
      conditions: [{ code: "inCategoryKeys", args: ["jackets"] }],
      actions: [{ code: "percentOff", args: 20 }],
    });
    const jacket = line({ regular: 100000, selling: 100000, categoryKeys: ["clothes", "jackets"] });
    const sock = line({ regular: 9900, selling: 9900 });
    const cart = priceCart(base([jacket, sock], { campaigns: [promo] }));
    expect(cart.lines[0]?.itemDiscount).toBe(20000);
    expect(cart.lines[0]?.applied).toEqual(["campaign:jackets"]);
    expect(cart.lines[1]?.itemDiscount).toBe(0);
    expect(cart.applied.map((a) => a.name)).toEqual(["jackets"]);
  });

  it("buy 3 pay for 2: the cheapest of every three is free, shown as a price point of 0", () => {
    const deal = rule({
      name: "3for2",
      conditions: [{ code: "inCategoryKeys", args: ["nutrition"] }],
      actions: [{ code: "buyXPayY", args: { x: 3, y: 2 } }],
    });
    const a = line({ quantity: 2, regular: 29900, selling: 29900, categoryKeys: ["nutrition"] });
    const b = line({ quantity: 2, regular: 19900, selling: 19900, categoryKeys: ["nutrition"] });
    const cart = priceCart(base([a, b], { campaigns: [deal] }));
    // Units 299, 299, 199 | 199: one group of three, its cheapest (199) free; the fourth unit pays.
    expect(cart.lines[1]?.pricePoints).toEqual([
      { price: 19900, quantity: 1 },
      { price: 0, quantity: 1 },
    ]);
    expect(cart.lines[0]?.pricePoints).toEqual([{ price: 29900, quantity: 2 }]);
    expect(cart.total.selling).toBe(2 * 29900 + 19900);
  });

  it("cheapest free needs its minimum quantity", () => {
    const socks = rule({
      name: "socks",
      conditions: [
        { code: "inKinds", args: ["socks"] },
        { code: "minimumQuantity", args: 3 },
      ],
      actions: [{ code: "cheapestFree" }],
    });
    const two = priceCart(
      base([line({ quantity: 2, regular: 9900, selling: 9900, kind: "socks" })], { campaigns: [socks] }),
    );
    expect(two.applied).toEqual([]);
    const three = priceCart(
      base(
        [
          line({ quantity: 2, regular: 12900, selling: 12900, kind: "socks" }),
          line({ regular: 9900, selling: 9900, kind: "socks" }),
        ],
        {
          campaigns: [socks],
        },
      ),
    );
    expect(three.lines[1]?.pricePoints).toEqual([{ price: 0, quantity: 1 }]);
    expect(three.total.discount).toBe(9900);
  });

  it("a minimum order value in each currency; none for the cart's currency never holds", () => {
    const tenOver1500 = rule({
      name: "10%",
      conditions: [{ code: "minimumAmount", args: { SEK: 150000 } }],
      actions: [{ code: "percentOff", args: 10 }],
    });
    expect(
      priceCart(base([line({ regular: 149900, selling: 149900 })], { campaigns: [tenOver1500] })).applied,
    ).toEqual([]);
    expect(
      priceCart(base([line({ regular: 150000, selling: 150000 })], { campaigns: [tenOver1500] })).total
        .discount,
    ).toBe(15000);
    expect(
      priceCart(
        base([line({ regular: 150000, selling: 150000 })], { campaigns: [tenOver1500], currency: "NOK" }),
      ).applied,
    ).toEqual([]);
  });

  it("fixed amount off: kept apart from the items, spread over the lines for their VAT", () => {
    const hundred = rule({
      name: "100",
      kind: "promo",
      id: "promo:SPORT100",
      actions: [{ code: "fixedOff", args: { SEK: 10000 } }],
    });
    const cart = priceCart(
      base(
        [line({ regular: 30000, selling: 30000 }), line({ regular: 30000, selling: 30000, vatRateBp: 1200 })],
        { promo: hundred },
      ),
    );
    expect(cart.fixedDiscount).toBe(10000);
    expect(cart.subTotal.selling).toBe(60000);
    expect(cart.lines.map((l) => l.fixedDiscount)).toEqual([5000, 5000]);
    expect(cart.total.selling).toBe(50000);
    expect(cart.total.vat).toBe(vatOfGross(25000, 2500) + vatOfGross(25000, 1200));
    expect(cart.promo).toEqual({ id: "promo:SPORT100", status: "applied" });
  });

  it("a fixed amount never takes the total below zero", () => {
    const big = rule({ name: "big", actions: [{ code: "fixedOff", args: { SEK: 1_000_000 } }] });
    const cart = priceCart(base([line({ regular: 5000, selling: 5000 })], { campaigns: [big] }));
    expect(cart.fixedDiscount).toBe(5000);
    expect(cart.lines[0]?.total).toBe(0);
    expect(cart.total.selling).toBe(4900); // the shipping is still paid
  });

  it("free shipping from a rule", () => {
    const frakt = rule({ name: "FRIFRAKT", kind: "promo", actions: [{ code: "freeShipping" }] });
    const cart = priceCart(base([line({ regular: 4900, selling: 4900 })], { promo: frakt }));
    expect(cart.shipping).toMatchObject({ fee: 0, free: true, amountLeftToFreeShipping: 0 });
    expect(cart.applied.map((a) => a.name)).toEqual(["FRIFRAKT"]);
  });

  it("a promo code for organisations is kept but not applied for a private shopper", () => {
    const b2b = rule({
      name: "b2b",
      kind: "promo",
      id: "promo:FORETAG15",
      conditions: [{ code: "customerType", args: "ORGANIZATION" }],
      actions: [{ code: "percentOff", args: 15 }],
    });
    const person = priceCart(base([line()], { promo: b2b }));
    expect(person.promo).toEqual({
      id: "promo:FORETAG15",
      status: "requirementsNotMet",
      unmet: { code: "customerType", args: "ORGANIZATION" },
    });
    expect(person.total.discount).toBe(0);
    const org = priceCart(base([line()], { promo: b2b, customerType: "ORGANIZATION" }));
    expect(org.promo?.status).toBe("applied");
    expect(org.total.discount).toBe(2985);
  });

  it("a non-stackable campaign leaves reduced units alone, and no later rule reduces what it took", () => {
    const solo = rule({ name: "solo", stackable: false, actions: [{ code: "percentOff", args: 50 }] });
    const more = rule({ name: "more", actions: [{ code: "percentOff", args: 10 }] });
    const onSale = line({ regular: 20000, selling: 15000 });
    const full = line({ regular: 20000, selling: 20000 });
    const cart = priceCart(base([onSale, full], { campaigns: [solo, more] }));
    expect(cart.lines[1]?.itemDiscount).toBe(10000);
    expect(cart.lines[1]?.applied).toEqual(["campaign:solo"]);
    expect(cart.lines[0]?.itemDiscount).toBe(1500);
    expect(cart.lines[0]?.applied).toEqual(["campaign:more"]);
  });

  it("an unknown condition never gives a discount", () => {
    const future = rule({
      name: "future",
      conditions: [{ code: "moonPhase", args: "full" }],
      actions: [{ code: "percentOff", args: 50 }],
    });
    expect(priceCart(base([line()], { campaigns: [future] })).applied).toEqual([]);
  });
});

describe("priceCart: packages and gift cards", () => {
  it("a package costs the package price for its default picks, spread over its units", () => {
    const g = "g1";
    const a = line({ regular: 100000, selling: 100000, groupKey: g });
    const b = line({ regular: 50000, selling: 50000, groupKey: g });
    const cart = priceCart(
      base([a, b], {
        packages: [{ groupKey: g, packageId: 9, name: "Turpakke", numerator: 135000, denominator: 150000 }],
      }),
    );
    expect(cart.subTotal.selling).toBe(135000);
    expect(cart.lines.map((l) => l.itemDiscount)).toEqual([10000, 5000]);
    expect(cart.applied).toEqual([{ id: "package:g1", kind: "package", name: "Turpakke", hideTitle: false }]);
  });

  it("gift cards pay: the total and its VAT stay, the balance covers what it can", () => {
    const cart = priceCart(
      base([line({ regular: 70000, selling: 70000 })], {
        giftCards: [
          { code: "A", balanceMinor: 50000 },
          { code: "B", balanceMinor: 50000 },
        ],
      }),
    );
    expect(cart.total.selling).toBe(70000);
    expect(cart.total.vat).toBe(14000);
    expect(cart.balance.pending).toBe(70000);
    expect(cart.balance.payable).toBe(0);
    expect(cart.balance.giftCards).toEqual([
      { code: "A", used: 50000 },
      { code: "B", used: 20000 },
    ]);
  });
});

describe("priceCart: rejects malformed lines", () => {
  it.each([
    ["fractional quantity", { quantity: 1.5 }],
    ["zero quantity", { quantity: 0 }],
    ["negative price", { selling: -1 }],
    ["selling above regular", { selling: 30000, regular: 20000 }],
  ])("%s", (_, over) => {
    expect(() => priceCart(base([line(over)]))).toThrow(RangeError);
  });
});

describe("cartQuantity", () => {
  it("counts loose items by quantity and each group once", () => {
    expect(
      cartQuantity([
        { quantity: 2, groupKey: null },
        { quantity: 1, groupKey: "a" },
        { quantity: 1, groupKey: "a" },
        { quantity: 3, groupKey: "b" },
        { quantity: 1 },
      ]),
    ).toBe(5);
  });
});

describe("normalizeCode", () => {
  it("trims and upper-cases; empty or over-long text is no code", () => {
    expect(normalizeCode("  vinter10 ")).toBe("VINTER10");
    expect(normalizeCode("   ")).toBeNull();
    expect(normalizeCode("x".repeat(10_000))).toBeNull();
  });
});

// ---------------------------------------------------------------------------------------------------------
// Properties

const RATES = [0, 600, 1200, 1500, 2500];
const arbLine = fc
  .record({
    quantity: fc.integer({ min: 1, max: 6 }),
    regular: fc.integer({ min: 0, max: 200_000 }),
    cut: fc.integer({ min: 0, max: 100 }),
    vatRateBp: fc.constantFrom(...RATES),
    category: fc.constantFrom("a", "b", "c"),
    kind: fc.constantFrom("socks", "jacket", null),
    group: fc.constantFrom(null, null, "g1", "g2"),
  })
  .map((r) =>
    line({
      quantity: r.quantity,
      regular: r.regular,
      selling: r.regular - Math.floor((r.regular * r.cut) / 200),
      vatRateBp: r.vatRateBp,
      categoryKeys: [r.category],
      kind: r.kind,
      groupKey: r.group,
    }),
  );

const arbRule = fc.oneof(
  fc.record({ p: fc.integer({ min: 1, max: 100 }), stackable: fc.boolean() }).map(({ p, stackable }) =>
    rule({
      name: `p${p}`,
      stackable,
      conditions: [{ code: "inCategoryKeys", args: ["a"] }],
      actions: [{ code: "percentOff", args: p }],
    }),
  ),
  fc
    .record({ x: fc.integer({ min: 2, max: 4 }) })
    .map(({ x }) => rule({ name: `x${x}`, actions: [{ code: "buyXPayY", args: { x, y: x - 1 } }] })),
  fc.constant(
    rule({
      name: "cheapest",
      conditions: [{ code: "minimumQuantity", args: 2 }],
      actions: [{ code: "cheapestFree" }],
    }),
  ),
  fc
    .integer({ min: 1, max: 500_000 })
    .map((amount) => rule({ name: `f${amount}`, actions: [{ code: "fixedOff", args: { SEK: amount } }] })),
  fc.integer({ min: 0, max: 300_000 }).map((min) =>
    rule({
      name: `m${min}`,
      conditions: [{ code: "minimumAmount", args: { SEK: min } }],
      actions: [{ code: "percentOff", args: 10 }],
    }),
  ),
  fc.constant(rule({ name: "ship", actions: [{ code: "freeShipping" }] })),
);

const arbInput = fc
  .record({
    lines: fc.array(arbLine, { maxLength: 7 }),
    campaigns: fc.array(arbRule, { maxLength: 4 }),
    promo: fc.option(
      arbRule.map((r) => ({ ...r, kind: "promo" as const, id: `promo:${r.name}` })),
      { nil: null },
    ),
    fee: fc.integer({ min: 0, max: 20_000 }),
    freeOver: fc.option(fc.integer({ min: 0, max: 300_000 }), { nil: null }),
    cards: fc.array(fc.integer({ min: 0, max: 100_000 }), { maxLength: 3 }),
    ratio: fc.integer({ min: 50, max: 100 }),
  })
  .map(
    (r): PricingInput => ({
      currency: "SEK",
      customerType: "PERSON",
      lines: r.lines,
      campaigns: r.campaigns,
      promo: r.promo,
      packages: ["g1", "g2"].map((g) => ({
        groupKey: g,
        packageId: 1,
        name: g,
        numerator: r.ratio,
        denominator: 100,
      })),
      shipping: { feeMinor: r.fee, freeOverMinor: r.freeOver, isDefault: true },
      giftCards: r.cards.map((balanceMinor, i) => ({ code: `G${i}`, balanceMinor })),
    }),
  );

describe("priceCart: properties", () => {
  it("the total is the sum of the lines and the fee less the discounts", () => {
    fc.assert(
      fc.property(arbInput, (input) => {
        const cart = priceCart(input);
        const lineTotals = cart.lines.reduce((s, l) => s + l.total, 0);
        expect(cart.total.selling).toBe(lineTotals + cart.shipping.fee);
        const selling = cart.lines.reduce((s, l) => s + l.sellingTotal, 0);
        const itemDiscounts = cart.lines.reduce((s, l) => s + l.itemDiscount, 0);
        expect(cart.total.selling).toBe(selling - itemDiscounts - cart.fixedDiscount + cart.shipping.fee);
        expect(cart.subTotal.selling - cart.fixedDiscount).toBe(lineTotals);
        expect(cart.total.discount).toBe(cart.subTotal.regular - lineTotals);
        for (const l of cart.lines) {
          expect(l.pricePoints.reduce((s, p) => s + p.price * p.quantity, 0)).toBe(
            l.sellingTotal - l.itemDiscount,
          );
          expect(l.pricePoints.reduce((s, p) => s + p.quantity, 0)).toBe(l.quantity);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("the lines' VAT and the shipping's VAT add up to the order's VAT; net + VAT = gross everywhere", () => {
    fc.assert(
      fc.property(arbInput, (input) => {
        const cart = priceCart(input);
        expect(cart.total.vat).toBe(cart.lines.reduce((s, l) => s + l.vat, 0) + cart.shipping.vat);
        for (const l of cart.lines) expect(l.vat).toBe(vatOfGross(l.total, l.vatRateBp));
        expect(cart.total.sellingExVat + cart.total.vat).toBe(cart.total.selling);
        expect(cart.shipping.feeExVat + cart.shipping.vat).toBe(cart.shipping.fee);
        expect(cart.subTotal.sellingExVat - cart.fixedDiscountExVat + cart.shipping.feeExVat).toBe(
          cart.total.sellingExVat,
        );
      }),
      { numRuns: 500 },
    );
  });

  it("no total, line or unit price goes below zero; no discount exceeds the price it reduces", () => {
    fc.assert(
      fc.property(arbInput, (input) => {
        const cart = priceCart(input);
        expect(cart.total.selling).toBeGreaterThanOrEqual(0);
        expect(cart.balance.payable).toBeGreaterThanOrEqual(0);
        expect(cart.balance.pending).toBeLessThanOrEqual(cart.total.selling);
        expect(cart.fixedDiscount).toBeLessThanOrEqual(cart.subTotal.selling);
        for (const l of cart.lines) {
          expect(l.total).toBeGreaterThanOrEqual(0);
          expect(l.itemDiscount).toBeGreaterThanOrEqual(0);
          expect(l.fixedDiscount).toBeGreaterThanOrEqual(0);
          expect(l.itemDiscount + l.fixedDiscount).toBeLessThanOrEqual(l.sellingTotal);
          for (const p of l.pricePoints) {
            expect(p.price).toBeGreaterThanOrEqual(0);
            expect(p.price).toBeLessThanOrEqual(l.unitSelling);
          }
        }
        expect(cart.total.discount).toBeLessThanOrEqual(cart.subTotal.regular);
      }),
      { numRuns: 500 },
    );
  });

  it("gives the same answer for the same input (no hidden state)", () => {
    fc.assert(
      fc.property(arbInput, (input) => {
        expect(priceCart(input)).toEqual(priceCart(input));
      }),
      { numRuns: 100 },
    );
  });
});

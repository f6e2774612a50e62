import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type CartLine, type CartRuleSet, priceCart } from "./cart.ts";
import {
  formatOrderNumber,
  type LineFacts,
  orderNumberPrefix,
  orderSnapshot,
  parseOrderNumber,
  SnapshotError,
  takeStock,
} from "./order.ts";
import { vatOfGross } from "./vat.ts";

describe("order numbers", () => {
  it("reads as the channel's letters, a running number and a check digit", () => {
    expect(orderNumberPrefix("1|se")).toBe("SE");
    expect(orderNumberPrefix("2|no")).toBe("NO");
    expect(formatOrderNumber("1|se", 100001)).toMatch(/^SE-100001\d$/);
    expect(parseOrderNumber(formatOrderNumber("2|no", 100001))).toEqual({ prefix: "NO", sequence: 100001 });
    expect(
      parseOrderNumber(" se 1000017 ".replace("1000017", formatOrderNumber("1|se", 100001).slice(3))),
    ).toEqual({
      prefix: "SE",
      sequence: 100001,
    });
    expect(() => formatOrderNumber("1|se", 0)).toThrow(RangeError);
  });

  it("round-trips every number", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("1|se", "2|no", "3|dk"),
        fc.integer({ min: 1, max: 1e12 }),
        (channel, n) => {
          const text = formatOrderNumber(channel, n);
          expect(parseOrderNumber(text)).toEqual({ prefix: orderNumberPrefix(channel), sequence: n });
          expect(parseOrderNumber(text.toLowerCase())).toEqual({
            prefix: orderNumberPrefix(channel),
            sequence: n,
          });
        },
      ),
    );
  });

  it("catches any one mistyped digit", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e12 }),
        fc.nat(),
        fc.integer({ min: 1, max: 9 }),
        (n, at, shift) => {
          const text = formatOrderNumber("1|se", n);
          const digits = text.slice(3);
          const i = at % digits.length;
          const wrong = String(((Number(digits[i]) + shift) % 10) as number);
          const typo = `SE-${digits.slice(0, i)}${wrong}${digits.slice(i + 1)}`;
          const parsed = parseOrderNumber(typo);
          expect(parsed?.sequence === n).toBe(false);
        },
      ),
    );
  });

  it("catches two swapped neighbours (other than 0 and 9)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 10, max: 1e12 }), fc.nat(), (n, at) => {
        const digits = formatOrderNumber("1|se", n).slice(3);
        const i = at % (digits.length - 1);
        const a = digits[i] as string;
        const b = digits[i + 1] as string;
        fc.pre(a !== b && !(new Set([a, b]).has("0") && new Set([a, b]).has("9")));
        const swapped = `SE-${digits.slice(0, i)}${b}${a}${digits.slice(i + 2)}`;
        expect(parseOrderNumber(swapped)?.sequence === n).toBe(false);
      }),
    );
  });

  it("refuses what is no order number", () => {
    for (const text of ["", "SE-", "SE-1", "12345", "SE-12a45", "SE-1000010", `${"A".repeat(9)}-1000017`])
      expect(parseOrderNumber(text)).toBeNull();
  });
});

describe("taking stock", () => {
  const levels = fc.record({
    inStock: fc.integer({ min: -3, max: 50 }),
    oversellable: fc.integer({ min: 0, max: 50 }),
    static: fc.constantFrom(0, 0, 0, 1),
  });

  it("takes the shelf first, then backorder, never below zero, and refuses what it cannot cover", () => {
    fc.assert(
      fc.property(levels, fc.integer({ min: -1, max: 120 }), (stock, quantity) => {
        const taken = takeStock(stock, quantity);
        const shelf = Math.max(0, stock.inStock);
        if (quantity < 1 || (stock.static === 0 && quantity > shelf + stock.oversellable)) {
          expect(taken).toBeNull();
          return;
        }
        if (stock.static > 0) {
          expect(taken).toEqual({ fromShelf: 0, backorder: 0, fromStatic: quantity });
          return;
        }
        expect(taken).not.toBeNull();
        if (!taken) return;
        expect(taken.fromShelf + taken.backorder).toBe(quantity);
        expect(taken.fromShelf).toBeLessThanOrEqual(shelf);
        expect(taken.backorder).toBeLessThanOrEqual(stock.oversellable);
        expect(taken.backorder > 0 ? taken.fromShelf === shelf : true).toBe(true);
        expect(taken.fromStatic).toBe(0);
      }),
    );
  });

  it("sells the last units once: N buyers of one unit each from k units get exactly k", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 60 }), (k, buyers) => {
        const stock = { inStock: k, oversellable: 0, static: 0 };
        let sold = 0;
        for (let i = 0; i < buyers; i++) {
          const t = takeStock(stock, 1);
          if (!t) continue;
          stock.inStock -= t.fromShelf;
          sold++;
        }
        expect(sold).toBe(Math.min(k, buyers));
        expect(stock.inStock).toBe(k - Math.min(k, buyers));
      }),
    );
  });
});

describe("order snapshot", () => {
  let next = 0;
  const lineArb = fc.record({
    quantity: fc.integer({ min: 1, max: 5 }),
    selling: fc.integer({ min: 100, max: 500_000 }),
    markdown: fc.integer({ min: 0, max: 50_000 }),
    vatRateBp: fc.constantFrom(0, 600, 1200, 1500, 2500),
    kind: fc.constantFrom("socks", "shoes", null),
  });
  const promoArb = fc.oneof(
    fc.constant(null),
    fc.constantFrom<CartRuleSet["actions"]>(
      [{ code: "percentOff", args: 10 }],
      [{ code: "fixedOff", args: { SEK: 10_000 } }],
      [{ code: "freeShipping" }],
      [{ code: "cheapestFree" }],
    ),
  );

  it("keeps the cart's money: lines add up to the items, VAT of lines and shipping to the order's", () => {
    fc.assert(
      fc.property(
        fc.array(lineArb, { minLength: 1, maxLength: 6 }),
        promoArb,
        fc.integer({ min: 0, max: 20_000 }),
        fc.integer({ min: 0, max: 200_000 }),
        (raw, promoActions, fee, giftCard) => {
          const lines: CartLine[] = raw.map((r) => {
            next++;
            return {
              id: `l${next}`,
              skuId: next,
              productId: next,
              quantity: r.quantity,
              regular: r.selling + r.markdown,
              selling: r.selling,
              vatRateBp: r.vatRateBp,
              categoryIds: [],
              categoryKeys: [],
              brandId: null,
              kind: r.kind,
              groupKey: null,
            };
          });
          const totals = priceCart({
            currency: "SEK",
            customerType: "PERSON",
            lines,
            promo: promoActions
              ? {
                  id: "promo:X",
                  kind: "promo",
                  name: "X",
                  hideTitle: false,
                  conditions: [],
                  actions: promoActions,
                  stackable: true,
                }
              : null,
            shipping: { feeMinor: fee, freeOverMinor: 99_900, isDefault: true },
            giftCards: giftCard ? [{ code: "G", balanceMinor: giftCard }] : [],
          });
          const facts: LineFacts[] = lines.map((l) => ({
            id: l.id,
            skuId: l.skuId,
            productId: l.productId,
            articleNumber: `A${l.skuId}`,
            name: `Product ${l.skuId}`,
            skuName: "M",
            campaignNames: [],
            groupKey: null,
            packageId: null,
          }));
          const snap = orderSnapshot(totals, facts);
          const t = snap.totals;
          expect(snap.lines).toHaveLength(lines.length);
          expect(snap.lines.reduce((s, l) => s + l.lineTotalIncVat, 0)).toBe(t.itemValueIncVat);
          expect(snap.lines.reduce((s, l) => s + l.lineVat, 0) + t.shippingFeeVat).toBe(t.vat);
          expect(t.totalIncVat).toBe(totals.total.selling);
          expect(t.vat).toBe(totals.total.vat);
          expect(t.itemValueIncVat + t.shippingFeeIncVat).toBe(t.totalIncVat);
          expect(t.balanceUsed + t.payable).toBe(t.totalIncVat);
          expect(t.balanceUsed).toBeLessThanOrEqual(giftCard);
          for (const l of snap.lines) {
            expect(l.lineTotalIncVat).toBe(l.quantity * l.unitSellingIncVat - l.discountIncVat);
            expect(l.lineVat).toBe(vatOfGross(l.lineTotalIncVat, l.vatRateBp));
            expect(l.discountIncVat).toBeGreaterThanOrEqual(0);
            expect(l.lineTotalIncVat).toBeGreaterThanOrEqual(0);
          }
        },
      ),
    );
  });

  it("refuses a cart line it has no facts for", () => {
    const totals = priceCart({
      currency: "SEK",
      customerType: "PERSON",
      lines: [
        {
          id: "x",
          skuId: 1,
          productId: 1,
          quantity: 1,
          regular: 100,
          selling: 100,
          vatRateBp: 2500,
          categoryIds: [],
          categoryKeys: [],
          brandId: null,
          kind: null,
          groupKey: null,
        },
      ],
      shipping: null,
    });
    expect(() => orderSnapshot(totals, [])).toThrow(SnapshotError);
  });
});

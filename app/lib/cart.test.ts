import { describe, expect, it } from "vitest";
import { CART_ERROR_REASONS } from "#domain/cart-refusals.ts";
import { translator } from "../i18n/catalogs.ts";
import {
  type CartData,
  cartChanged,
  cartCount,
  cartItemsChanged,
  failureFromQuery,
  failureMessage,
  failureToQuery,
  hasBackorder,
  parseQuantity,
  requestedQuantity,
} from "./cart.ts";

function cart(over: {
  items?: { quantity: number; groupKey?: string | null; inStock?: number; static?: number }[];
  fee?: number;
  total?: number;
  isDefault?: boolean;
  regular?: number;
  promoCode?: string | null;
}): CartData {
  return {
    promoCode: over.promoCode ?? null,
    items: (over.items ?? []).map((i) => ({
      quantity: i.quantity,
      groupKey: i.groupKey ?? null,
      totalStock: {
        inStock: i.inStock ?? 10,
        static: i.static ?? 0,
        oversellable: 0,
        totalStock: 0,
        incoming: null,
      },
    })),
    summary: {
      shipping: { feeIncVat: over.fee ?? 49, isDefault: over.isDefault ?? true },
      total: { sellingPriceIncVat: over.total ?? 100 },
      subTotal: { regularPriceIncVat: over.regular ?? 100 },
    },
  } as unknown as CartData;
}

describe("the cart's rules in the storefront", () => {
  it("counts loose items by quantity and each group once", () => {
    expect(
      cartCount(
        cart({ items: [{ quantity: 2 }, { quantity: 1, groupKey: "a" }, { quantity: 1, groupKey: "a" }] }),
      ),
    ).toBe(3);
    expect(cartCount(null)).toBe(0);
  });

  it("'changed': item count, shipping fee, total or default-shipping flag (spec §4)", () => {
    const base = cart({ items: [{ quantity: 1 }] });
    expect(cartChanged(base, cart({ items: [{ quantity: 1 }] }))).toBe(false);
    expect(cartChanged(base, cart({ items: [{ quantity: 2 }] }))).toBe(true);
    expect(cartChanged(base, cart({ items: [{ quantity: 1 }], fee: 0 }))).toBe(true);
    expect(cartChanged(base, cart({ items: [{ quantity: 1 }], total: 90 }))).toBe(true);
    expect(cartChanged(base, cart({ items: [{ quantity: 1 }], isDefault: false }))).toBe(true);
    // A new promo code with the same total is not a "changed" cart, but its items changed.
    expect(cartChanged(base, cart({ items: [{ quantity: 1 }], promoCode: "X" }))).toBe(false);
  });

  it("'items changed': regular subtotal or promo code (spec §4)", () => {
    const base = cart({ items: [{ quantity: 1 }] });
    expect(cartItemsChanged(base, cart({ items: [{ quantity: 1 }], promoCode: "X" }))).toBe(true);
    expect(cartItemsChanged(base, cart({ items: [{ quantity: 1 }], regular: 200 }))).toBe(true);
    expect(cartItemsChanged(base, cart({ items: [{ quantity: 1 }], total: 50 }))).toBe(false);
  });

  it("has a backorder when an item is ordered beyond the shelf (static stock never is)", () => {
    expect(hasBackorder(cart({ items: [{ quantity: 2, inStock: 2 }] }))).toBe(false);
    expect(hasBackorder(cart({ items: [{ quantity: 3, inStock: 2 }] }))).toBe(true);
    expect(hasBackorder(cart({ items: [{ quantity: 3, inStock: 0, static: 1 }] }))).toBe(false);
  });

  it("reads quantities as whole numbers 0…999 only", () => {
    expect(parseQuantity("3")).toBe(3);
    expect(parseQuantity(" 0 ")).toBe(0);
    expect(parseQuantity("0", 1)).toBeNull();
    for (const bad of ["-1", "1.5", "1e3", "abc", "", "1000", undefined])
      expect(parseQuantity(bad)).toBeNull();
    expect(requestedQuantity({ set: "4", quantity: "2" })).toBe("4");
    expect(requestedQuantity({ set: "", quantity: "2" })).toBe("2");
  });

  it("words refusals in the shopper's language, the spec's Norwegian exact", () => {
    const nb = translator("nb");
    const sv = translator("sv");
    expect(failureMessage(nb, { reason: "OUT_OF_STOCK", stock: 3 })).toBe("Kun 3 igjen på lager");
    expect(failureMessage(sv, { reason: "OUT_OF_STOCK", stock: 3 })).toBe("Endast 3 kvar i lager");
    expect(failureMessage(nb, { reason: "INVALID_PROMO_CODE" })).toBe("Kampanjekoden er ugyldig.");
    expect(failureMessage(nb, { reason: "SIZE_NEEDED" })).toBe("Velge din størrelse først");
    expect(
      failureMessage(nb, { reason: "REQUIREMENTS_NOT_MET", condition: "minimumAmount", amount: "500 kr" }),
    ).toBe("Kampanjekoden gjelder når du handler for minst 500 kr.");
    expect(failureMessage(nb, { reason: "SOMETHING_NEW" })).toBe(nb("error.generic"));
  });

  it("says what went wrong for every refusal the cart API gives, not the generic error", () => {
    // Every reason the cart service can give (one list, domain/cart-refusals.ts), and the rate limiter's refusal.
    const reasons = [...CART_ERROR_REASONS, "RATE_LIMITED"];
    for (const lang of ["nb", "sv"] as const) {
      const t = translator(lang);
      for (const reason of reasons)
        expect(failureMessage(t, { reason }), reason).not.toBe(t("error.generic"));
    }
    expect(failureMessage(translator("nb"), { reason: "UNKNOWN_SKU" })).toBe(
      "Vi finner ikke denne varen. Last inn siden på nytt og prøv igjen.",
    );
    expect(failureMessage(translator("sv"), { reason: "UNKNOWN_ITEM" })).toBe(
      "Varan finns inte längre i varukorgen.",
    );
  });

  it("carries a refusal through the query of a form post and back, dropping what is malformed", () => {
    const params = new URLSearchParams();
    failureToQuery(params, { reason: "PACKAGE_INCOMPLETE", groups: ["Sekk", "Staver"] });
    expect(failureFromQuery(params)).toEqual({ reason: "PACKAGE_INCOMPLETE", groups: ["Sekk", "Staver"] });
    expect(failureFromQuery(new URLSearchParams("cart-error=<script>"))).toBeNull();
    expect(failureFromQuery(new URLSearchParams("cart-error=OUT_OF_STOCK&cart-stock=-4"))).toEqual({
      reason: "OUT_OF_STOCK",
    });
  });
});

import { toDecimal } from "#domain/money.ts";
import { discountPercentage } from "#domain/prices.ts";
import { vatOfGross } from "#domain/vat.ts";
import type { LowestPriceMinor, PriceMinor, StockView } from "#services/catalog.ts";
import { builder } from "../builder.ts";
import { grossAndNetFields } from "./money-fields.ts";

/**
 * A price on its way out of the API: decimals and formatted strings are made here, at the edge. Its regular price is
 * what a reduction is announced against (services/catalog.ts PriceMinor): a product's prior price while a reduction
 * is announced, else its selling price.
 */
export interface PriceEdge {
  price: PriceMinor;
  locale: string;
}

/** A product's unit price, for `PriceType`. */
export function productPriceEdge(unitPrice: PriceMinor | null, locale: string): PriceEdge | null {
  return unitPrice ? { price: unitPrice, locale } : null;
}

export const PriceType = builder.objectRef<PriceEdge>("Price").implement({
  fields: (t) => {
    const gross = (pick: (p: PriceMinor) => number) => (e: PriceEdge) => ({
      minor: pick(e.price),
      currency: e.price.currency,
      vatRateBp: e.price.vatRateBp,
      locale: e.locale,
    });
    return {
      isDiscounted: t.boolean({
        description:
          "Whether a reduction is announced: a product's price below its prior price by at least 1 % (its lowestPrice), a cart line's below that or lowered by the cart's campaigns",
        resolve: (e) => e.price.sellingIncVat < e.price.regularIncVat,
      }),
      currency: t.string({ resolve: (e) => e.price.currency }),
      ...grossAndNetFields(
        t,
        "regularPrice",
        gross((p) => p.regularIncVat),
        "The price a reduction is announced against (prisinformationslagen 7 a §, prisopplysningsforskriften § 9 a): the prior price (the lowest price of the 30 days before the reduction began) while a reduction is announced, otherwise the selling price. Never an ordinary price the selling price is merely below.",
      ),
      ...grossAndNetFields(
        t,
        "sellingPrice",
        gross((p) => p.sellingIncVat),
      ),
      vat: t.float({
        description: "VAT included in the selling price",
        resolve: (e) => toDecimal(vatOfGross(e.price.sellingIncVat, e.price.vatRateBp), e.price.currency),
      }),
      vatRate: t.float({
        description: "VAT rate in percent, e.g. 25",
        resolve: (e) => e.price.vatRateBp / 100,
      }),
      discountPercentage: t.int({
        description:
          "(regular − selling) / regular in whole percent, rounded down: from the prior price, so a product's equals its lowestPrice.discountPercentage; 0 when nothing is announced.",
        resolve: (e) => discountPercentage(e.price.regularIncVat, e.price.sellingIncVat),
      }),
    };
  },
});

export const StockType = builder.objectRef<StockView>("Stock").implement({
  fields: (t) => ({
    inStock: t.exposeInt("inStock", { description: "Units on the shelf" }),
    oversellable: t.exposeInt("oversellable", { description: "Units sellable beyond stock (backorder)" }),
    totalStock: t.exposeInt("totalStock"),
    static: t.exposeInt("static", { description: "Always-available stock, never counted down" }),
    incoming: t.exposeString("incoming", {
      nullable: true,
      description: "Expected restock date (YYYY-MM-DD)",
    }),
  }),
});

/** An announced reduction's prior price (prisinformationslagen 7 a §, prisopplysningsforskriften § 9 a). */
export interface LowestPriceEdge {
  price: LowestPriceMinor;
  locale: string;
}

export const LowestPriceType = builder.objectRef<LowestPriceEdge>("LowestPrice").implement({
  description:
    "An announced reduction (docs/decisions/0013): its prior price, the lowest price applied during the 30 days before the reduction began (a reduction that deepens step by step keeps its first step's), and the percentage from it",
  fields: (t) => {
    const gross = (pick: (p: LowestPriceMinor) => number) => (e: LowestPriceEdge) => ({
      minor: pick(e.price),
      currency: e.price.currency,
      vatRateBp: e.price.vatRateBp,
      locale: e.locale,
    });
    return {
      isDiscounted: t.boolean({
        description: "Always true: a product without an announced reduction has no lowestPrice",
        resolve: (e) => e.price.sellingIncVat < e.price.lowestIncVat,
      }),
      discountPercentage: t.int({
        description: "(prior − selling) / prior in whole percent, rounded down; at least 1",
        resolve: (e) => e.price.discountPercentage,
      }),
      ...grossAndNetFields(
        t,
        "lowestPrice",
        gross((p) => p.lowestIncVat),
        "The prior price: the lowest price applied during the 30 days before the reduction began",
      ),
      ...grossAndNetFields(
        t,
        "comparisonPrice",
        gross((p) => p.comparisonIncVat),
        "The price the reduction is compared with: the prior price, as lowestPrice (one reference per page)",
      ),
      ...grossAndNetFields(
        t,
        "sellingPrice",
        gross((p) => p.sellingIncVat),
      ),
    };
  },
});

export const RatingType = builder.objectRef<{ score: number; voteCount: number }>("Rating").implement({
  fields: (t) => ({
    score: t.exposeFloat("score", { description: "Average of approved reviews, 1–5" }),
    voteCount: t.exposeInt("voteCount"),
  }),
});

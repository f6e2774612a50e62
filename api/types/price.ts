import { toDecimal } from "#domain/money.ts";
import { discountPercentage } from "#domain/prices.ts";
import { vatOfGross } from "#domain/vat.ts";
import type { LowestPriceMinor, PriceMinor, StockView } from "#services/catalog.ts";
import { builder } from "../builder.ts";
import { grossAndNetFields } from "./money-fields.ts";

/** A price on its way out of the API: decimals and formatted strings are made here, at the edge. */
export interface PriceEdge {
  price: PriceMinor;
  locale: string;
  /**
   * The lowest selling price (minor units including VAT) of the 30 days before the current reduction, when the price
   * is a reduced product's (its `lowestPrice`): the discount percentage is computed from it.
   */
  lowestIncVat?: number | null;
}

/** A product's unit price with its 30-day lowest price (null when it is not reduced), for `PriceType`. */
export function productPriceEdge(
  unitPrice: PriceMinor | null,
  lowestPrice: LowestPriceMinor | null,
  locale: string,
): PriceEdge | null {
  return unitPrice ? { price: unitPrice, locale, lowestIncVat: lowestPrice?.lowestIncVat ?? null } : null;
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
      isDiscounted: t.boolean({ resolve: (e) => e.price.sellingIncVat < e.price.regularIncVat }),
      currency: t.string({ resolve: (e) => e.price.currency }),
      ...grossAndNetFields(
        t,
        "regularPrice",
        gross((p) => p.regularIncVat),
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
          "The reduction in whole percent, rounded down, never below 0. A reduced product's price is compared with the lowest selling price of the 30 days before the reduction (prisinformationslagen 7 a §, prisopplysningsforskriften § 9 a): (lowest − selling) / lowest, the same as the product's lowestPrice.discountPercentage. Prices without such a lowest price (cart lines) compare with the regular price: (regular − selling) / regular.",
        resolve: (e) => discountPercentage(e.lowestIncVat ?? e.price.regularIncVat, e.price.sellingIncVat),
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

/** The 30-day lowest price of a reduced product (prisinformationslagen 7 a §, prisopplysningsforskriften § 9 a). */
export interface LowestPriceEdge {
  price: LowestPriceMinor;
  locale: string;
}

export const LowestPriceType = builder.objectRef<LowestPriceEdge>("LowestPrice").implement({
  description:
    "The lowest selling price of the 30 days before the current reduction began, the regular (comparison) price and the selling price",
  fields: (t) => {
    const gross = (pick: (p: LowestPriceMinor) => number) => (e: LowestPriceEdge) => ({
      minor: pick(e.price),
      currency: e.price.currency,
      vatRateBp: e.price.vatRateBp,
      locale: e.locale,
    });
    return {
      isDiscounted: t.boolean({ resolve: (e) => e.price.sellingIncVat < e.price.lowestIncVat }),
      discountPercentage: t.int({
        description: "(lowest − selling) / lowest in whole percent, rounded down, never below 0",
        resolve: (e) => e.price.discountPercentage,
      }),
      ...grossAndNetFields(
        t,
        "lowestPrice",
        gross((p) => p.lowestIncVat),
      ),
      // The regular price the reduction is compared with.
      ...grossAndNetFields(
        t,
        "comparisonPrice",
        gross((p) => p.comparisonIncVat),
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

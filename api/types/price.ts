import { formatMoney } from "#domain/format.ts";
import { toDecimal } from "#domain/money.ts";
import { discountPercentage } from "#domain/prices.ts";
import { netOfGross, vatOfGross } from "#domain/vat.ts";
import type { LowestPriceMinor, PriceMinor, StockView } from "#services/catalog/summary.ts";
import { builder } from "../builder.ts";
import { CurrencyType, currencyOf } from "./channel.ts";
import { grossAndNetFields } from "./money-fields.ts";

/**
 * A price on its way out of the API: decimals and formatted strings are made here, at the edge. Its regular price is
 * what a reduction is announced against (services/catalog.ts PriceMinor): a product's prior price while a reduction
 * is announced, else its selling price. One type for a product's, a SKU's and a cart line's price and for the cart's
 * sums (Geins' `PriceType`, decision 0019): a sum over lines of several VAT rates brings its own net amounts.
 */
export interface PriceEdge {
  price: PriceMinor;
  locale: string;
  /** Net amounts and VAT given, for a sum over lines of several VAT rates (the cart's subTotal and total). */
  net?: { regularExVat: number; sellingExVat: number; vat: number };
  /** "one" for a converted multi-market total (spec §9). */
  decimals?: "one";
}

/** A product's unit price, for `PriceType`. */
export function productPriceEdge(unitPrice: PriceMinor | null, locale: string): PriceEdge | null {
  return unitPrice ? { price: unitPrice, locale } : null;
}

/** The minor amounts of one price, net ones from its VAT rate unless given. */
function amountsOf(e: PriceEdge) {
  const p = e.price;
  const regularExVat = e.net?.regularExVat ?? netOfGross(p.regularIncVat, p.vatRateBp);
  const sellingExVat = e.net?.sellingExVat ?? netOfGross(p.sellingIncVat, p.vatRateBp);
  return {
    regularIncVat: p.regularIncVat,
    regularExVat,
    sellingIncVat: p.sellingIncVat,
    sellingExVat,
    discountIncVat: p.regularIncVat - p.sellingIncVat,
    discountExVat: regularExVat - sellingExVat,
    vat: e.net?.vat ?? vatOfGross(p.sellingIncVat, p.vatRateBp),
  };
}

type AmountName = keyof ReturnType<typeof amountsOf>;

const AMOUNT_DESCRIPTIONS: Partial<Record<AmountName, string>> = {
  regularIncVat:
    "The price a reduction is announced against (prisinformationslagen 7 a §, prisopplysningsforskriften § 9 a): the prior price (the lowest price of the 30 days before the reduction began) while a reduction is announced, otherwise the selling price. Never an ordinary price the selling price is merely below.",
  discountIncVat: "regular − selling",
  vat: "VAT included in the selling price",
};

export const PriceType = builder.objectRef<PriceEdge>("PriceType").implement({
  fields: (t) => {
    const fields = {} as Record<string, ReturnType<typeof t.string> | ReturnType<typeof t.field>>;
    const names: [AmountName, string][] = [
      ["regularIncVat", "regularPriceIncVat"],
      ["regularExVat", "regularPriceExVat"],
      ["sellingIncVat", "sellingPriceIncVat"],
      ["sellingExVat", "sellingPriceExVat"],
      ["discountIncVat", "discountIncVat"],
      ["discountExVat", "discountExVat"],
      ["vat", "vat"],
    ];
    for (const [name, field] of names) {
      const described = AMOUNT_DESCRIPTIONS[name] ? { description: AMOUNT_DESCRIPTIONS[name] } : {};
      fields[field] = t.field({
        type: "Decimal",
        ...described,
        resolve: (e) => toDecimal(amountsOf(e)[name], e.price.currency),
      });
      fields[`${field}Formatted`] = t.string({
        ...described,
        resolve: (e) =>
          formatMoney(amountsOf(e)[name], e.price.currency, e.locale, { decimals: e.decimals ?? "auto" }),
      });
    }
    return {
      ...(fields as Record<
        | `${"regularPrice" | "sellingPrice" | "discount"}${"IncVat" | "ExVat"}${"" | "Formatted"}`
        | `vat${"" | "Formatted"}`,
        ReturnType<typeof t.string> | ReturnType<typeof t.field>
      >),
      isDiscounted: t.boolean({
        description:
          "Whether a reduction is announced: a product's price below its prior price by at least 1 % (its lowestPrice), a cart line's below that or lowered by the cart's campaigns; a cart sum's below its regular sum",
        resolve: (e) => e.price.sellingIncVat < e.price.regularIncVat,
      }),
      currency: t.field({
        type: CurrencyType,
        resolve: async (e, _args, ctx) => currencyOf(await ctx.reference.get(), e.price.currency),
      }),
      vatRate: t.float({
        nullable: true,
        description: "VAT rate in percent, e.g. 25; null for a sum over several rates (Mili's addition)",
        resolve: (e) => (e.net ? null : e.price.vatRateBp / 100),
      }),
      discountPercentage: t.int({
        description:
          "(regular − selling) / regular in whole percent, rounded down: from the prior price, so a product's equals its lowestPrice.discountPercentage; 0 when nothing is announced.",
        resolve: (e) => discountPercentage(e.price.regularIncVat, e.price.sellingIncVat),
      }),
    };
  },
});

export const StockType = builder.objectRef<StockView>("StockType").implement({
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

export const LowestPriceType = builder.objectRef<LowestPriceEdge>("LowestPriceType").implement({
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

export const RatingType = builder.objectRef<{ score: number; voteCount: number }>("RatingType").implement({
  fields: (t) => ({
    score: t.field({
      type: "Decimal",
      description: "Average of approved reviews, 1–5",
      resolve: (r) => r.score,
    }),
    voteCount: t.exposeInt("voteCount"),
  }),
});

import { formatMoney } from "#domain/format.ts";
import { toDecimal } from "#domain/money.ts";
import { discountPercentage } from "#domain/prices.ts";
import { netOfGross, vatOfGross } from "#domain/vat.ts";
import type { PriceMinor, StockView } from "#services/catalog.ts";
import { builder } from "../builder.ts";

/** A price on its way out of the API: decimals and formatted strings are made here, at the edge. */
export interface PriceEdge {
  price: PriceMinor;
  locale: string;
}

export const PriceType = builder.objectRef<PriceEdge>("Price").implement({
  fields: (t) => {
    const amount = (pick: (p: PriceMinor) => number) => (e: PriceEdge) =>
      toDecimal(pick(e.price), e.price.currency);
    const formatted = (pick: (p: PriceMinor) => number) => (e: PriceEdge) =>
      formatMoney(pick(e.price), e.price.currency, e.locale);
    const regularInc = (p: PriceMinor) => p.regularIncVat;
    const regularEx = (p: PriceMinor) => netOfGross(p.regularIncVat, p.vatRateBp);
    const sellingInc = (p: PriceMinor) => p.sellingIncVat;
    const sellingEx = (p: PriceMinor) => netOfGross(p.sellingIncVat, p.vatRateBp);
    return {
      isDiscounted: t.boolean({ resolve: (e) => e.price.sellingIncVat < e.price.regularIncVat }),
      currency: t.string({ resolve: (e) => e.price.currency }),
      regularPriceIncVat: t.float({ resolve: amount(regularInc) }),
      regularPriceIncVatFormatted: t.string({ resolve: formatted(regularInc) }),
      regularPriceExVat: t.float({ resolve: amount(regularEx) }),
      regularPriceExVatFormatted: t.string({ resolve: formatted(regularEx) }),
      sellingPriceIncVat: t.float({ resolve: amount(sellingInc) }),
      sellingPriceIncVatFormatted: t.string({ resolve: formatted(sellingInc) }),
      sellingPriceExVat: t.float({ resolve: amount(sellingEx) }),
      sellingPriceExVatFormatted: t.string({ resolve: formatted(sellingEx) }),
      vat: t.float({
        description: "VAT included in the selling price",
        resolve: (e) => toDecimal(vatOfGross(e.price.sellingIncVat, e.price.vatRateBp), e.price.currency),
      }),
      vatRate: t.float({
        description: "VAT rate in percent, e.g. 25",
        resolve: (e) => e.price.vatRateBp / 100,
      }),
      discountPercentage: t.int({
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

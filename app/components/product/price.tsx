import type { Translate } from "../../i18n/index.ts";

export interface PriceData {
  isDiscounted: boolean;
  discountPercentage: number;
  regularPriceIncVatFormatted: string;
  regularPriceExVatFormatted: string;
  sellingPriceIncVatFormatted: string;
  sellingPriceExVatFormatted: string;
}

export interface LowestPriceData {
  discountPercentage: number;
  lowestPriceIncVatFormatted: string;
  lowestPriceExVatFormatted: string;
}

/**
 * The price as the shopper's customer type sees it (including VAT for private shoppers, excluding it for
 * businesses, and saying which). An announced reduction (`price.isDiscounted`) shows ONE reference, its prior price
 * (the lowest price of the 30 days before the reduction began: prisinformationslagen 7 a §, prisopplysningsforskriften
 * § 9 a), struck through and on the lowest-price line, and the percentage from it; the API's regular price of a
 * product is that prior price (docs/decisions/0013). Nothing is struck through when nothing is announced.
 * `small` is the compact form of the header's search suggestions.
 */
export function ProductPrice({
  price,
  lowestPrice,
  vatIncluded,
  t,
  size = "large",
}: {
  price: PriceData;
  lowestPrice?: LowestPriceData | null;
  vatIncluded: boolean;
  t: Translate;
  size?: "large" | "small";
}) {
  const selling = vatIncluded ? price.sellingPriceIncVatFormatted : price.sellingPriceExVatFormatted;
  const regular = vatIncluded ? price.regularPriceIncVatFormatted : price.regularPriceExVatFormatted;
  const reduced = price.isDiscounted;
  const small = size === "small";
  const percent = lowestPrice?.discountPercentage ?? price.discountPercentage;
  const lowest = lowestPrice
    ? vatIncluded
      ? lowestPrice.lowestPriceIncVatFormatted
      : lowestPrice.lowestPriceExVatFormatted
    : null;
  return (
    <div data-testid="product-price">
      <p className={`flex flex-wrap items-baseline ${small ? "gap-x-2" : "gap-x-3"} gap-y-1`}>
        <span
          className={`${small ? "text-base" : "text-2xl"} font-bold ${reduced ? "text-red-700" : ""}`}
          data-price="selling"
        >
          {selling}
        </span>
        <span className={`${small ? "text-xs" : "text-sm"} text-stone-700`}>
          {vatIncluded ? t("price.incVat") : t("price.exVat")}
        </span>
        {reduced ? (
          <>
            <s className={small ? "text-xs text-stone-700" : "text-stone-700"} data-price="regular">
              {t("price.was", { price: regular })}
            </s>
            {percent > 0 ? (
              <span
                className={`rounded bg-red-700 ${small ? "px-1 text-xs" : "px-1.5 text-sm"} font-bold text-white`}
                data-price="discount"
              >
                {t("price.discount", { percent })}
              </span>
            ) : null}
          </>
        ) : null}
      </p>
      {reduced && lowest ? (
        <p className={`mt-1 ${small ? "text-xs" : "text-sm"} text-stone-700`} data-price="lowest">
          {t("product.lowestPrice", { price: lowest })}
        </p>
      ) : null}
    </div>
  );
}

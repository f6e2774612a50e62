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
 * businesses, and saying which). A reduced price shows the regular price, the discount and, as the price laws
 * require, the lowest price of the 30 days before the reduction.
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
  const percent = lowestPrice?.discountPercentage ?? price.discountPercentage;
  const lowest = lowestPrice
    ? vatIncluded
      ? lowestPrice.lowestPriceIncVatFormatted
      : lowestPrice.lowestPriceExVatFormatted
    : null;
  return (
    <div data-testid="product-price">
      <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span
          className={`${size === "large" ? "text-2xl" : "text-base"} font-bold ${reduced ? "text-red-700" : ""}`}
          data-price="selling"
        >
          {selling}
        </span>
        <span className="text-sm text-stone-700">{vatIncluded ? t("price.incVat") : t("price.exVat")}</span>
        {reduced ? (
          <>
            <s className="text-stone-700" data-price="regular">
              {t("price.was", { price: regular })}
            </s>
            {percent > 0 ? (
              <span className="rounded bg-red-700 px-1.5 text-sm font-bold text-white">
                {t("price.discount", { percent })}
              </span>
            ) : null}
          </>
        ) : null}
      </p>
      {reduced && lowest ? (
        <p className="mt-1 text-sm text-stone-700" data-price="lowest">
          {t("product.lowestPrice", { price: lowest })}
        </p>
      ) : null}
    </div>
  );
}

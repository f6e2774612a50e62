import type { Translate } from "../i18n/index.ts";
import type { ResultOf } from "../lib/graphql/graphql.ts";
import type { ProductListQuery } from "../lib/graphql/operations.ts";

type Product = NonNullable<ResultOf<typeof ProductListQuery>["products"]>["products"][number];

const WIDTHS = [160, 320, 480, 640] as const;

export function productImageUrl(fileName: string, width: number) {
  return `/images/product/${width}/${encodeURIComponent(fileName)}`;
}

/** A product in a grid: image, brand, name and price (including or excluding VAT). */
export function ProductCard({
  product,
  href,
  t,
  vatIncluded,
  eager,
}: {
  product: Product;
  href: string;
  t: Translate;
  vatIncluded: boolean;
  eager?: boolean;
}) {
  const image = product.productImages[0];
  const price = product.unitPrice;
  const selling = vatIncluded ? price?.sellingPriceIncVatFormatted : price?.sellingPriceExVatFormatted;
  const regular = vatIncluded ? price?.regularPriceIncVatFormatted : price?.regularPriceExVatFormatted;
  return (
    <li className="flex flex-col rounded-lg bg-white p-3 shadow-sm ring-1 ring-stone-200">
      <a href={href} className="group flex flex-1 flex-col">
        {image ? (
          <img
            src={productImageUrl(image.fileName, 320)}
            srcSet={WIDTHS.map((w) => `${productImageUrl(image.fileName, w)} ${w}w`).join(", ")}
            sizes="(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw"
            width={320}
            height={320}
            alt=""
            loading={eager ? "eager" : "lazy"}
            fetchPriority={eager ? "high" : undefined}
            decoding="async"
            className="aspect-square w-full rounded-md object-cover"
          />
        ) : null}
        {product.brand ? (
          <span className="mt-2 text-xs uppercase tracking-wide text-stone-600">{product.brand.name}</span>
        ) : null}
        <span className="mt-1 font-medium group-hover:underline">{product.name}</span>
      </a>
      {price ? (
        <p className="mt-2 flex flex-wrap items-baseline gap-2">
          <span className={price.isDiscounted ? "font-bold text-red-700" : "font-bold"}>{selling}</span>
          {price.isDiscounted ? (
            <>
              <s className="text-sm text-stone-600">{t("price.was", { price: regular ?? "" })}</s>
              <span className="rounded bg-red-700 px-1 text-xs font-bold text-white">
                {t("price.discount", { percent: price.discountPercentage })}
              </span>
            </>
          ) : null}
        </p>
      ) : null}
    </li>
  );
}

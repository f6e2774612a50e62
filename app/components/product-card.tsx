import { type CSSProperties, useState } from "react";
import { Link } from "react-router";
import { formatDate } from "#domain/format.ts";
import { stockStatus } from "#domain/stock.ts";
import type { Translate } from "../i18n/index.ts";
import type { ShopItem } from "../lib/analytics/data-layer.ts";
import { type CartFailure, failureMessage } from "../lib/cart.ts";
import { eventBus } from "../lib/client/event-bus.ts";
import { notifications } from "../lib/client/notifications.ts";
import type { ResultOf } from "../lib/graphql/graphql.ts";
import type { ProductCardFields } from "../lib/graphql/product-card-fragment.ts";
import { href } from "../lib/page-locale.ts";
import { productImageSrcSet, productImageUrl } from "../lib/product-image.ts";
import { screenHref } from "../lib/screens.ts";
import { marketCurrency, useRoot, useT } from "../lib/use-root.ts";
import { CartForm } from "./cart/cart-runtime.tsx";
import { FavoriteButton } from "./favorite-button.tsx";

export type CardProduct = ResultOf<typeof ProductCardFields>;

/**
 * A card's product as the analytics events describe it (decision 0042): the article number as the item id, the
 * price the shopper sees (with or without VAT by customer type) and the reduction shown (→ `sales_type`).
 */
export function cardItem(product: CardProduct, vatIncluded: boolean): ShopItem {
  const price = product.unitPrice;
  return {
    item_id: product.articleNumber,
    item_name: product.name,
    item_brand: product.brand?.name,
    price: price ? (vatIncluded ? price.sellingPriceIncVat : price.sellingPriceExVat) : undefined,
    discount_percent: product.lowestPrice?.discountPercentage ?? 0,
  };
}

/** The widths /images/product/{width}/… serves (services/images/render.ts). */
/** The card image's width in the grid: 2 columns on phones, 3 from 640 px, 4 from 1024 px, at most 1152 px wide. */
export const CARD_IMAGE_SIZES =
  "(min-width: 1184px) 270px, (min-width: 1024px) calc((100vw - 5rem) / 4), (min-width: 640px) calc((100vw - 4rem) / 3), calc((100vw - 3rem) / 2)";

/** The stock hint under the price: only what a shopper must know before opening the product. */
function StockHint({
  stock,
  t,
  languageId,
}: {
  stock: CardProduct["totalStock"];
  t: Translate;
  languageId: string;
}) {
  const status = stockStatus(stock);
  if (status.kind === "outOfStock") {
    return (
      <p className="mt-1 text-sm text-stone-700" data-stock="outOfStock">
        {t("card.stock.outOfStock")}
        {stock.incoming
          ? ` · ${t("card.stock.incoming", { date: formatDate(stock.incoming, languageId) })}`
          : null}
      </p>
    );
  }
  if (status.kind === "fewLeft") {
    return (
      <p className="mt-1 text-sm text-amber-800" data-stock="fewLeft">
        {t("card.stock.fewLeft", { quantity: status.quantity })}
      </p>
    );
  }
  if (status.kind === "backorder") {
    return (
      <p className="mt-1 text-sm text-stone-700" data-stock="backorder">
        {t("card.stock.backorder")}
      </p>
    );
  }
  return null;
}

/**
 * The price including or excluding VAT. A reduced product (one with a `lowestPrice`) shows the selling price, the
 * reduction in percent and the lowest price of the 30 days before the reduction, from which the percentage is
 * computed (prisinformationslagen 7 a §, prisopplysningsforskriften § 9 a); no other "before" price is claimed.
 */
function CardPrice({
  product,
  vatIncluded,
  t,
}: {
  product: CardProduct;
  vatIncluded: boolean;
  t: Translate;
}) {
  const price = product.unitPrice;
  if (!price) return null;
  const selling = vatIncluded ? price.sellingPriceIncVatFormatted : price.sellingPriceExVatFormatted;
  const lowest = product.lowestPrice;
  if (!lowest) {
    return (
      <p className="mt-2">
        <span className="font-bold">{selling}</span>
      </p>
    );
  }
  return (
    <>
      <p className="mt-2 flex flex-wrap items-baseline gap-2">
        <span className="font-bold text-red-700">{selling}</span>
        {lowest.discountPercentage > 0 ? (
          <span className="rounded bg-red-700 px-1 text-xs font-bold text-white" data-discount>
            {t("price.discount", { percent: lowest.discountPercentage })}
          </span>
        ) : null}
      </p>
      <p className="text-xs text-stone-700" data-lowest-price>
        {t("card.lowestPrice", {
          price: vatIncluded ? lowest.lowestPriceIncVatFormatted : lowest.lowestPriceExVatFormatted,
        })}
      </p>
    </>
  );
}

const DECIMAL_COMMA = new Set(["sv", "nb", "nn", "no"]);
const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * A score with at most one decimal in the page's language ("4,5", "4"). Swedish and Norwegian are built by
 * hand, as domain/format.ts does for money and dates: the same text as Intl's, without loading the
 * browser's locale data in the middle of hydration. Other languages use one cached Intl.NumberFormat.
 */
export function formatScore(score: number, languageId: string): string {
  const language = (languageId.split(/[-_]/)[0] ?? "").toLowerCase();
  if (DECIMAL_COMMA.has(language) && Number.isFinite(score) && score >= 0) {
    const tenths = Math.round(score * 10);
    return `${Math.floor(tenths / 10)}${tenths % 10 ? `,${tenths % 10}` : ""}`;
  }
  let format = numberFormats.get(languageId);
  if (!format) {
    format = new Intl.NumberFormat(languageId, { maximumFractionDigits: 1 });
    numberFormats.set(languageId, format);
  }
  return format.format(score);
}

/** Five stars filled to the score, with the score and the number of reviews for screen readers. */
function Stars({
  rating,
  t,
  languageId,
}: {
  rating: NonNullable<CardProduct["rating"]>;
  t: Translate;
  languageId: string;
}) {
  const score = formatScore(rating.score, languageId);
  const fill = `${Math.max(0, Math.min(100, (rating.score / 5) * 100))}%`;
  return (
    <p className="mt-1 flex items-center gap-1 text-xs text-stone-700" data-rating={rating.score}>
      {/* Five stars filled to the score: one element painted by app.css (.mili-stars), not two SVGs per card. */}
      <span className="mili-stars" style={{ "--fill": fill } as CSSProperties} aria-hidden="true" />
      <span aria-hidden="true">({rating.voteCount})</span>
      <span className="sr-only">{t("card.rating", { score, count: rating.voteCount })}</span>
    </p>
  );
}

/**
 * The card's way to buy: "add to cart" for a product with one SKU that can be ordered (a form: it works without
 * JavaScript), "choose size" (a link to the product page) for products in sizes and for packages.
 */
function CardBuy({ product }: { product: CardProduct }) {
  const root = useRoot();
  const t = useT();
  const [failure, setFailure] = useState<CartFailure | null>(null);
  const url = href(root.locale, product.canonicalUrl);
  const only = product.skus.length === 1 ? product.skus[0] : undefined;
  if (product.type === "package" || product.skus.length > 1) {
    return (
      <Link
        to={url}
        // The visible words first, then which product (a list has many such links): "Velg størrelse: {name}".
        aria-label={`${product.type === "package" ? t("product.package.choose") : t("card.chooseSize")}: ${product.name}`}
        className="mt-2 block rounded border border-stone-500 px-3 py-1.5 text-center text-sm font-medium"
      >
        {product.type === "package" ? t("product.package.choose") : t("card.chooseSize")}
      </Link>
    );
  }
  if (!only || stockStatus(product.totalStock).kind === "outOfStock") return null;
  return (
    <>
      <CartForm
        intent="add"
        hidden={{ skuId: only.skuId, quantity: 1 }}
        optimistic={() => ({ adding: 1 })}
        onResult={(result) => {
          setFailure(result.error ?? null);
          if (result.error) return;
          const image = product.productImages[0];
          notifications.show({
            message: t("cart.added", { quantity: 1, name: product.name }),
            mode: "success",
            detail: {
              ...(image ? { image: productImageUrl(image.fileName, 160) } : {}),
              link: { href: href(root.locale, screenHref("checkout", root.lang)), label: t("cart.checkout") },
              data: {
                product: { productId: product.productId, name: product.name },
                quantity: 1,
                skuId: only.skuId,
              },
            },
          });
          eventBus.push("add_to_cart", {
            currency: marketCurrency(root),
            items: [{ ...cardItem(product, root.vatIncluded), quantity: 1 }],
          });
        }}
      >
        <button
          type="submit"
          className="mt-2 w-full rounded bg-brand-ink px-3 py-1.5 text-sm font-semibold text-white"
          data-card-add
          aria-label={`${t("card.addToCart")}: ${product.name}`}
        >
          {t("card.addToCart")}
        </button>
      </CartForm>
      <div aria-live="assertive">
        {failure ? (
          <p role="alert" className="mt-1 text-sm text-red-700">
            {failureMessage(t, failure)}
          </p>
        ) : null}
      </div>
    </>
  );
}

/**
 * A product in a grid: image, brand, name, price including or excluding VAT by the shopper's customer type, a
 * reduction with its percentage and the prior lowest price, rating, a stock hint and the favourite toggle. Nothing
 * personal is rendered on the server: the favourite's pressed state arrives after hydration.
 */
export function ProductCard({
  product,
  eager = false,
  priority = false,
}: {
  product: CardProduct;
  /** Above the fold: the image loads at once instead of lazily. */
  eager?: boolean;
  /** The likely largest paint of the page: the image is fetched with high priority (and preloaded). */
  priority?: boolean;
}) {
  const root = useRoot();
  const t = useT();
  const vat = root.vatIncluded;
  const image = product.productImages[0];
  const price = product.unitPrice;
  return (
    <li
      className="mili-later-card relative flex flex-col rounded-lg bg-white p-3 shadow-sm ring-1 ring-stone-200"
      data-product={product.productId}
    >
      <Link to={href(root.locale, product.canonicalUrl)} className="group flex flex-1 flex-col">
        {image ? (
          <img
            src={productImageUrl(image.fileName, 320)}
            srcSet={productImageSrcSet(image.fileName)}
            sizes={CARD_IMAGE_SIZES}
            width={320}
            height={320}
            alt=""
            loading={eager ? "eager" : "lazy"}
            fetchPriority={priority ? "high" : undefined}
            decoding={priority ? undefined : "async"}
            className="aspect-square w-full rounded-md bg-stone-100 object-cover"
          />
        ) : (
          <span className="aspect-square w-full rounded-md bg-stone-100" />
        )}
        {product.brand ? (
          <span className="mt-2 text-xs uppercase tracking-wide text-stone-600">{product.brand.name}</span>
        ) : null}
        <span className="mt-1 font-medium group-hover:underline">{product.name}</span>
      </Link>
      <FavoriteButton
        productId={product.productId}
        name={product.name}
        item={cardItem(product, vat)}
        currency={marketCurrency(root)}
        className="absolute top-5 right-5"
      />
      {price ? <CardPrice product={product} vatIncluded={vat} t={t} /> : null}
      {product.rating ? <Stars rating={product.rating} t={t} languageId={root.locale.languageId} /> : null}
      <StockHint stock={product.totalStock} t={t} languageId={root.locale.languageId} />
      <CardBuy product={product} />
    </li>
  );
}

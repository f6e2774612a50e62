import { useEffect } from "react";
import { data, Link, redirect, type ShouldRevalidateFunctionArgs, useLocation } from "react-router";
import { fromDecimal } from "#domain/money.ts";
import { distinctName } from "#domain/names.ts";
import { stockStatus } from "#domain/stock.ts";
import { deferred } from "../components/deferred.tsx";
import { FavoriteButton } from "../components/favorite-button.tsx";
import {
  BuyBox,
  type PackageGroupData,
  type PackagePricing,
  type SizeOption,
} from "../components/product/buy-box.tsx";
import { BackInStock } from "../components/product/engage.tsx";
import { Gallery, productImageSrc } from "../components/product/gallery.tsx";
import { productJsonLd, scriptJson } from "../components/product/json-ld.ts";
import { ProductPrice } from "../components/product/price.tsx";
import { PAGE_SIZE, pagesParam } from "../components/product/reviews.tsx";
import { VariantLinks } from "../components/product/variant-links.tsx";
import { variantSummary } from "../components/product/variants.ts";
import { Breadcrumbs } from "../components/product-grid.tsx";
import { productPageWidgets } from "../components/widgets.server.tsx";
import { hasMessage } from "../i18n/index.ts";
import type { ShopItem } from "../lib/analytics/data-layer.ts";
import { PRIVATE_PAGE, PUBLIC_PAGE } from "../lib/cache.ts";
import { eventBus } from "../lib/client/event-bus.ts";
import { whenIdle } from "../lib/client/idle.ts";
import type { ResultOf } from "../lib/graphql/graphql.ts";
import { ProductPageQuery } from "../lib/graphql/product-operations.ts";
import { requestClient } from "../lib/graphql/server.ts";
import { rememberViewed } from "../lib/latest-viewed.ts";
import { href } from "../lib/page-locale.ts";
import { askBackInStock, askQuestion, postReview } from "../lib/product-engage.server.ts";
import { alternatesFromApi, pageMeta } from "../lib/seo.ts";
import { redirectIfMoved } from "../lib/url-history.ts";
import { useRoot, useT } from "../lib/use-root.ts";
import type { Route } from "./+types/product";

/**
 * Products (/p/…) and packages (/pp/…) with zero, one or two category segments. An unknown alias is a 404; a
 * known product under another path answers 301 to its canonical URL. `?reviews=N` and `?questions=N` show the
 * first N pages of each (5 per page); `sku`, `group-{id}` and `add` carry the buying form's state without
 * JavaScript. Nothing personal is in the page, so it stays publicly cacheable.
 */
type ProductData = ResultOf<typeof ProductPageQuery>["product"];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { client, locale, url } = requestClient(request, context);
  const alias = params.alias;
  if (!alias) throw new Response(null, { status: 404 });
  const reviewPages = pagesParam(url.searchParams.get("reviews"));
  const questionPages = pagesParam(url.searchParams.get("questions"));
  const [{ data }, widgets] = await Promise.all([
    client.request(ProductPageQuery, {
      alias,
      reviewsTake: reviewPages * PAGE_SIZE,
      questionsTake: questionPages * PAGE_SIZE,
    }),
    // The Product/Main widget area (decision 0046), below the product.
    productPageWidgets(client, locale, request),
  ]);
  const product = data.product;
  if (!product) {
    await redirectIfMoved(request, context);
    throw new Response(null, { status: 404, statusText: "Not Found" });
  }
  if (locale.path !== product.canonicalUrl)
    throw redirect(`${href(locale, product.canonicalUrl)}${url.search}`, 301);
  // The variant tree stays on the server: the page gets what it renders of it (decision 0080).
  const { variantGroup, ...shown } = product;
  return {
    locale,
    origin: url.origin,
    ...packageData(product),
    alternates: alternatesFromApi(product.alternativeUrls),
    product: shown,
    variants: variantSummary(variantGroup?.variants ?? [], product.productId),
    reviews: data.reviews,
    questions: data.productQuestions,
    widgets,
    reviewPages,
    questionPages,
  };
}

/**
 * The page's forms (components/product/engage.tsx): a review, and "tell me when it is back". The answer is the
 * shopper's own, so it is never cached (the page itself stays public).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { client, lang, rc } = requestClient(request, context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const log = (error: unknown) =>
    rc.log("error", "product page form failed", { intent, error: String(error) });
  const outcome =
    intent === "review"
      ? await postReview(client, lang, params.alias ?? "", form, log)
      : intent === "question"
        ? await askQuestion(client, lang, params.alias ?? "", form, log)
        : intent === "notify"
          ? await askBackInStock(client, lang, form, log)
          : null;
  if (!outcome) throw new Response("Unknown intent", { status: 400 });
  return data(outcome, { headers: PRIVATE_PAGE });
}

/** The page's own forms do not change the product: its data is not fetched again for their answers. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const intent = formData?.get("intent");
  return intent === "review" || intent === "question" || intent === "notify"
    ? false
    : defaultShouldRevalidate;
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { product } = loaderData;
  return [
    ...pageMeta({
      title: `${product.meta?.title ?? product.name} | Mili`,
      description: product.meta?.description ?? product.texts?.text2,
      ...loaderData,
    }),
    { property: "og:title", content: product.name },
    ...(product.productImages[0]
      ? [
          {
            property: "og:image",
            content: `${loaderData.origin}${productImageSrc(product.productImages[0].fileName, 1280)}`,
          },
        ]
      : []),
  ];
}

/**
 * A package's groups as the buy box takes them (options named apart, each SKU's price in minor units) and its price
 * rule. Made in the loader, on the server: the browser gets numbers, not the parsing.
 */
function packageData(product: NonNullable<ProductData>) {
  const price = product.unitPrice;
  const groups: PackageGroupData[] = [...(product.productPackage?.groups ?? [])]
    .sort((a, b) => a.sortOrder - b.sortOrder)
    .map((g) => ({
      groupId: g.groupId,
      name: g.name,
      description: g.description,
      required: g.required,
      options: [...g.options]
        .sort((a, b) => a.sortOrder - b.sortOrder)
        .map((o) => ({
          optionId: o.optionId,
          quantity: o.quantity,
          isSelected: o.isSelected,
          product: o.product
            ? {
                productId: o.product.productId,
                name: distinctName(o.product.name, o.product.variantDimensions),
                stock: o.product.totalStock,
                skus: o.product.skus.map((sku) => ({
                  skuId: sku.skuId,
                  label: sku.name,
                  stock: sku.stock ?? null,
                  price: sku.unitPrice
                    ? {
                        regular: fromDecimal(sku.unitPrice.regularPriceIncVat, sku.unitPrice.currency.code),
                        selling: fromDecimal(sku.unitPrice.sellingPriceIncVat, sku.unitPrice.currency.code),
                        vatRateBp: Math.round((sku.unitPrice.vatRate ?? 0) * 100),
                      }
                    : null,
                })),
              }
            : null,
        })),
    }));
  const pkg = product.productPackage;
  const currency = price?.currency.code ?? null;
  const packagePricing: PackagePricing | null =
    pkg && currency
      ? {
          currency,
          rule:
            pkg.packagePriceIncVat != null && pkg.defaultPicksPriceIncVat != null
              ? {
                  packagePrice: fromDecimal(pkg.packagePriceIncVat, currency),
                  defaultPicksPrice: fromDecimal(pkg.defaultPicksPriceIncVat, currency),
                }
              : null,
        }
      : null;
  return { groups, packagePricing };
}

/** The page below the fold: a chunk of its own, hydrated after the rest (decision 0060). */
const ProductDetails = deferred(
  () => import("../components/product/details.tsx").then((m) => m.ProductDetails),
  { until: "visible" },
);

type LoaderData = Route.ComponentProps["loaderData"];
type Product = LoaderData["product"];

function availability(product: Product): "InStock" | "OutOfStock" | "BackOrder" | "LimitedAvailability" {
  const status = stockStatus(product.totalStock);
  switch (status.kind) {
    case "inStock":
    case "static":
      return "InStock";
    case "fewLeft":
      return "LimitedAvailability";
    case "backorder":
      return "BackOrder";
    case "outOfStock":
      return "OutOfStock";
  }
}

export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const root = useRoot();
  const t = useT();
  const location = useLocation();
  const { product, locale, origin, groups, packagePricing, variants } = loaderData;
  const languageId = locale.languageId;
  const price = product.unitPrice;
  const toHref = (path: string) => href(root.locale, path);
  const choices = variants.choices;
  const sizes: SizeOption[] = product.skus.map((sku) => ({
    skuId: sku.skuId,
    label: variants.skus.find((n) => n.skuId === sku.skuId)?.label || sku.name,
    stock: sku.stock ?? null,
  }));
  const sizeDimension = variants.skuDimension;
  const dimensionLabel = (dimension: string) => {
    const key = `product.dimension.${dimension}`;
    return dimension === "Size" ? t("product.size") : hasMessage(root.lang, key) ? t(key) : dimension;
  };
  const pageUrl = `${origin}${toHref(product.canonicalUrl)}`;
  const jsonLd = productJsonLd({
    name: product.name,
    articleNumber: product.articleNumber,
    description: product.texts?.text1 ?? product.meta?.description,
    url: pageUrl,
    images: product.productImages.map((i) => `${origin}${productImageSrc(i.fileName, 1280)}`),
    brand: product.brand?.name,
    gtin: product.skus.length === 1 ? product.skus[0]?.gtin : null,
    price: price
      ? {
          amount: root.vatIncluded ? price.sellingPriceIncVat : price.sellingPriceExVat,
          currency: price.currency.code,
          vatIncluded: root.vatIncluded,
          prior: price.isDiscounted
            ? root.vatIncluded
              ? price.regularPriceIncVat
              : price.regularPriceExVat
            : null,
        }
      : null,
    availability: availability(product),
    rating: product.rating,
  });
  const breadcrumbs = product.breadcrumbs.length
    ? product.breadcrumbs
    : [
        ...(product.primaryCategory
          ? [{ name: product.primaryCategory.name, url: product.primaryCategory.canonicalUrl }]
          : []),
        { name: product.name, url: product.canonicalUrl },
      ];
  // The product as analytics describes it (decision 0042): view_item once per product shown, add_to_cart and
  // add_to_wishlist with the same item.
  const selling = price ? (root.vatIncluded ? price.sellingPriceIncVat : price.sellingPriceExVat) : undefined;
  const regular = price ? (root.vatIncluded ? price.regularPriceIncVat : price.regularPriceExVat) : undefined;
  const item: ShopItem = {
    item_id: product.articleNumber,
    item_name: product.name,
    item_brand: product.brand?.name,
    item_category: product.primaryCategory?.name,
    price: selling,
    discount:
      price?.isDiscounted && regular !== undefined && selling !== undefined ? regular - selling : undefined,
    discount_percent: product.lowestPrice?.discountPercentage ?? 0,
  };
  const currency = price?.currency.code ?? undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per product shown, not per render of its data.
  useEffect(() => {
    eventBus.push("view_item", { currency, value: item.price, items: [{ ...item, quantity: 1 }] });
    // The shopper's latest viewed (decision 0046): kept in the browser only; written once the browser is idle (or
    // as the page is left), not in the task that hydrates the page (its first localStorage access; decision 0079).
    const productId = product.productId;
    whenIdle(() => rememberViewed(productId), { beforeLeaving: true });
  }, [product.productId]);
  const params = new URLSearchParams(location.search);
  // The review and question forms' way in for a shopper who is not signed in: the sign-in panel, then back here.
  const signInHref = `${location.pathname}?${new URLSearchParams({ action: "login", returnTo: `${location.pathname}${location.search}` })}`;
  const campaigns = product.discountCampaigns.flatMap((c) =>
    !c.hideTitle && c.canonicalUrl ? [{ ...c, canonicalUrl: c.canonicalUrl }] : [],
  );
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8">
      <script
        type="application/ld+json"
        nonce={root.nonce}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with <, > and & escaped (scriptJson).
        dangerouslySetInnerHTML={{ __html: scriptJson(jsonLd) }}
      />
      <Breadcrumbs items={breadcrumbs} />
      <div className="mt-4 grid gap-8 md:grid-cols-2">
        <Gallery images={product.productImages} name={product.name} t={t} />
        <div>
          {product.brand ? (
            <p className="text-sm uppercase tracking-wide">
              <span className="sr-only">{t("product.brand")}: </span>
              <Link
                to={toHref(product.brand.canonicalUrl)}
                className="text-stone-700 underline-offset-2 hover:underline"
              >
                {product.brand.name}
              </Link>
            </p>
          ) : null}
          <h1 className="mt-1 text-3xl font-bold" tabIndex={-1}>
            {product.name}
          </h1>
          <div className="mt-2">
            <FavoriteButton
              productId={product.productId}
              name={product.name}
              item={item}
              currency={currency}
              variant="label"
            />
          </div>
          {campaigns.length ? (
            <ul aria-label={t("product.campaigns")} className="mt-2 flex flex-wrap gap-2">
              {campaigns.map((c) => (
                <li key={c.canonicalUrl}>
                  <Link
                    to={toHref(c.canonicalUrl)}
                    className="rounded bg-red-700 px-2 py-0.5 text-sm font-medium text-white hover:underline"
                  >
                    {c.name}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          {price && !packagePricing ? (
            <div className="mt-4">
              <ProductPrice
                price={price}
                lowestPrice={product.lowestPrice}
                vatIncluded={root.vatIncluded}
                t={t}
              />
            </div>
          ) : null}
          {product.texts?.text2 ? <p className="mt-4 font-medium">{product.texts.text2}</p> : null}
          <VariantLinks
            choices={choices}
            labels={Object.fromEntries(choices.map((c) => [c.dimension, dimensionLabel(c.dimension)]))}
            toHref={toHref}
            t={t}
          />
          <BuyBox
            key={product.productId}
            product={{
              productId: product.productId,
              name: product.name,
              type: product.type,
              articleNumber: product.articleNumber,
              image: product.productImages[0]?.fileName ?? null,
              currency: price?.currency.code ?? null,
              price: price ? (root.vatIncluded ? price.sellingPriceIncVat : price.sellingPriceExVat) : null,
              item,
            }}
            sizes={sizes}
            sizeLegend={sizeDimension ? dimensionLabel(sizeDimension) : t("product.size")}
            totalStock={product.totalStock}
            groups={groups}
            packagePricing={packagePricing}
            languageId={languageId}
            t={t}
            params={params}
          />
          <BackInStock
            lang={root.lang}
            sizes={sizes}
            sizeLegend={sizeDimension ? dimensionLabel(sizeDimension) : t("product.size")}
            outcome={actionData?.form === "notify" ? actionData : null}
          />
          <p className="mt-6 text-sm text-stone-700">
            {t("product.articleNumber")}: {product.articleNumber}
          </p>
        </div>
      </div>

      {/*
        Below the fold: description, specification, reviews and questions are a chunk of their own and hydrate after
        the gallery and the buy box (decision 0060: a Suspense boundary; the server sends them in place, complete).
        The price history (decision 0094) and the related and recommended products (decision 0089) come when the
        shopper nears them.
      */}
      <ProductDetails loaderData={loaderData} actionData={actionData} signInHref={signInHref} />
    </main>
  );
}

/** The page is public; a form's answer (a POST without JavaScript) is the shopper's own. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? PRIVATE_PAGE : PUBLIC_PAGE;
}

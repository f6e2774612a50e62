import { redirect } from "react-router";
import { productImageUrl } from "../components/product-card.tsx";
import { Breadcrumbs } from "../components/product-grid.tsx";
import { publicHeaders } from "../lib/cache.ts";
import { ProductPageQuery } from "../lib/graphql/operations.ts";
import { requestClient } from "../lib/graphql/server.ts";
import { href } from "../lib/page-locale.ts";
import { alternatesFromApi, pageMeta } from "../lib/seo.ts";
import { useRoot, useT } from "../lib/use-root.ts";
import type { Route } from "./+types/product";

/**
 * Products (/p/…) and packages (/pp/…) with zero, one or two category segments. An unknown alias is a 404; a
 * known product under another path answers 301 to its canonical URL.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { client, locale, url } = requestClient(request, context);
  const alias = params.alias;
  if (!alias) throw new Response(null, { status: 404 });
  const { data } = await client.request(ProductPageQuery, { alias });
  const product = data.product;
  if (!product) throw new Response(null, { status: 404, statusText: "Not Found" });
  if (locale.path !== product.canonicalUrl)
    throw redirect(`${href(locale, product.canonicalUrl)}${url.search}`, 301);
  return { locale, origin: url.origin, alternates: alternatesFromApi(product.alternativeUrls), product };
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
  ];
}

export default function Product({ loaderData }: Route.ComponentProps) {
  const root = useRoot();
  const t = useT();
  const { product } = loaderData;
  const price = product.unitPrice;
  const image = product.productImages[0];
  const selling = root.vatIncluded ? price?.sellingPriceIncVatFormatted : price?.sellingPriceExVatFormatted;
  const regular = root.vatIncluded ? price?.regularPriceIncVatFormatted : price?.regularPriceExVatFormatted;
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8">
      <Breadcrumbs
        items={[
          ...(product.primaryCategory
            ? [{ name: product.primaryCategory.name, url: product.primaryCategory.canonicalUrl }]
            : []),
          { name: product.name, url: product.canonicalUrl },
        ]}
      />
      <div className="mt-4 grid gap-8 md:grid-cols-2">
        {image ? (
          <img
            src={productImageUrl(image.fileName, 640)}
            srcSet={[320, 480, 640, 960, 1280]
              .map((w) => `${productImageUrl(image.fileName, w)} ${w}w`)
              .join(", ")}
            sizes="(min-width: 768px) 50vw, 100vw"
            width={640}
            height={640}
            alt={product.name}
            fetchPriority="high"
            className="aspect-square w-full rounded-lg bg-white object-cover"
          />
        ) : null}
        <div>
          {product.brand ? (
            <p className="text-sm uppercase tracking-wide text-stone-600">{product.brand.name}</p>
          ) : null}
          <h1 className="mt-1 text-3xl font-bold" tabIndex={-1}>
            {product.name}
          </h1>
          {price ? (
            <p className="mt-4 flex flex-wrap items-baseline gap-3">
              <span className={price.isDiscounted ? "text-2xl font-bold text-red-700" : "text-2xl font-bold"}>
                {selling}
              </span>
              <span className="text-sm text-stone-700">
                {root.vatIncluded ? t("price.incVat") : t("price.exVat")}
              </span>
              {price.isDiscounted ? (
                <s className="text-stone-600">{t("price.was", { price: regular ?? "" })}</s>
              ) : null}
            </p>
          ) : null}
          {product.texts?.text2 ? <p className="mt-4 font-medium">{product.texts.text2}</p> : null}
          {product.texts?.text1 ? <p className="mt-4">{product.texts.text1}</p> : null}
          <p className="mt-4 text-sm text-stone-700">
            {t("product.articleNumber")}: {product.articleNumber}
          </p>
          {product.texts?.text3 ? (
            <section className="mt-6" aria-labelledby="care">
              <h2 id="care" className="font-semibold">
                {t("product.care")}
              </h2>
              <p className="mt-1">{product.texts.text3}</p>
            </section>
          ) : null}
        </div>
      </div>
    </main>
  );
}

export const headers = publicHeaders;

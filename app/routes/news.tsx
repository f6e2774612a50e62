import { ProductGrid } from "../components/product-grid.tsx";
import { translator } from "../i18n/index.ts";
import { publicHeaders } from "../lib/cache.ts";
import { ProductListQuery } from "../lib/graphql/operations.ts";
import { requestClient } from "../lib/graphql/server.ts";
import { pageMeta, samePathAlternates } from "../lib/seo.ts";
import { useT } from "../lib/use-root.ts";
import type { Route } from "./+types/news";

/** /nyheter: all new items, newest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { client, locale, url } = requestClient(request, context);
  const { data } = await client.request(ProductListQuery, { take: 20, filter: { sort: "LATEST" } });
  return {
    locale,
    origin: url.origin,
    alternates: samePathAlternates("/nyheter"),
    products: data.products?.products ?? [],
    count: data.products?.count ?? 0,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const t = translator(loaderData.locale.lang);
  return pageMeta({ title: `${t("news.heading")} | Mili`, ...loaderData });
}

export default function News({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold" tabIndex={-1}>
        {t("news.heading")}
      </h1>
      <p className="mt-1 text-stone-700">
        {t("list.count", { shown: loaderData.products.length, total: loaderData.count })}
      </p>
      <ProductGrid products={loaderData.products} />
    </main>
  );
}

export const headers = publicHeaders;

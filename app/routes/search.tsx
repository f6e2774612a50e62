import { redirect } from "react-router";
import { ProductGrid } from "../components/product-grid.tsx";
import { translator } from "../i18n/index.ts";
import { publicHeaders } from "../lib/cache.ts";
import { ProductListQuery } from "../lib/graphql/operations.ts";
import { requestClient } from "../lib/graphql/server.ts";
import { href } from "../lib/page-locale.ts";
import { pageMeta } from "../lib/seo.ts";
import { useT } from "../lib/use-root.ts";
import type { Route } from "./+types/search";

const MAX_SEARCH = 100;

/** /s/{search}: search results. The header's search form (GET /s?q=…) lands here too. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { client, locale, url } = requestClient(request, context);
  const fromForm = url.searchParams.get("q");
  if (!params.search) {
    const q = fromForm?.trim().slice(0, MAX_SEARCH);
    if (!q) throw redirect(href(locale, "/"));
    throw redirect(href(locale, `/s/${encodeURIComponent(q)}`));
  }
  const search = params.search.slice(0, MAX_SEARCH);
  const { data } = await client.request(ProductListQuery, {
    take: 20,
    filter: { searchText: search, sort: "RELEVANCE" },
  });
  return {
    locale,
    origin: url.origin,
    alternates: [
      { lang: "nb" as const, path: `/s/${encodeURIComponent(search)}` },
      { lang: "sv" as const, path: `/s/${encodeURIComponent(search)}` },
    ],
    search,
    products: data.products?.products ?? [],
    count: data.products?.count ?? 0,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const t = translator(loaderData.locale.lang);
  return pageMeta({
    title: `${t("search.heading", { search: loaderData.search })} | Mili`,
    noindex: true,
    ...loaderData,
  });
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold" tabIndex={-1}>
        {t("search.heading", { search: loaderData.search })}
      </h1>
      <p className="mt-1 text-stone-700">
        {t("list.count", { shown: loaderData.products.length, total: loaderData.count })}
      </p>
      {loaderData.products.length ? (
        <ProductGrid products={loaderData.products} />
      ) : (
        <p className="mt-6">{t("search.noHits")}</p>
      )}
    </main>
  );
}

export const headers = publicHeaders;

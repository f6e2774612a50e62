import { ProductGrid } from "../components/product-grid.tsx";
import { translator } from "../i18n/index.ts";
import { privateHeaders } from "../lib/cache.ts";
import { favoritesFromCookie } from "../lib/favorites.ts";
import { ProductListQuery } from "../lib/graphql/operations.ts";
import { requestClient } from "../lib/graphql/server.ts";
import { href } from "../lib/page-locale.ts";
import { pageMeta, screenAlternates } from "../lib/seo.ts";
import { useRoot, useT } from "../lib/use-root.ts";
import type { Route } from "./+types/favorites";

/** /favoritter and /sv/favoriter: the shopper's favourites (kept in a cookie for guests). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { client, locale, url } = requestClient(request, context);
  const ids = favoritesFromCookie(request.headers.get("cookie"));
  const products = ids.length
    ? ((await client.request(ProductListQuery, { take: ids.length, filter: { productIds: ids } })).data
        .products?.products ?? [])
    : [];
  return {
    locale,
    origin: url.origin,
    alternates: screenAlternates("favorites"),
    products,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const t = translator(loaderData.locale.lang);
  return pageMeta({ title: `${t("favorites.heading")} | Mili`, noindex: true, ...loaderData });
}

export default function Favorites({ loaderData }: Route.ComponentProps) {
  const root = useRoot();
  const t = useT();
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold" tabIndex={-1}>
        {t("favorites.heading")}
      </h1>
      {loaderData.products.length ? (
        <ProductGrid products={loaderData.products} />
      ) : (
        <p className="mt-4">
          {t("favorites.empty")}{" "}
          <a className="underline" href={href(root.locale, "/nyheter")}>
            {t("favorites.browse")}
          </a>
        </p>
      )}
    </main>
  );
}

export const headers = privateHeaders;

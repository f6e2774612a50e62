import { ProductGrid } from "../components/product-grid.tsx";
import { translator } from "../i18n/index.ts";
import { publicHeaders } from "../lib/cache.ts";
import { ProductListQuery } from "../lib/graphql/list-operations.ts";
import { requestClient } from "../lib/graphql/server.ts";
import { pageMeta, samePathAlternates } from "../lib/seo.ts";
import { useRoot, useT } from "../lib/use-root.ts";
import type { Route } from "./+types/home";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { client, locale, url } = requestClient(request, context);
  const { data } = await client.request(ProductListQuery, { take: 8, filter: { sort: "LATEST" } });
  return {
    locale,
    origin: url.origin,
    alternates: samePathAlternates("/"),
    products: data.products?.products ?? [],
    count: data.products?.count ?? 0,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const t = translator(loaderData.locale.lang);
  return pageMeta({
    title: `${t("site.name")} – ${t("site.tagline")}`,
    description: t("site.description"),
    locale: loaderData.locale,
    origin: loaderData.origin,
    alternates: loaderData.alternates,
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const root = useRoot();
  const t = useT();
  const groups = ["scandinavia", "europe"] as const;
  const markets = root.markets.filter((m) => !m.onlyDisplayInCheckout && !m.virtual);
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold" tabIndex={-1}>
        {t("home.heading")}
      </h1>
      <p className="mt-1 text-stone-700">{t("home.latestCount", { count: loaderData.count })}</p>
      <ProductGrid products={loaderData.products} />
      <section aria-labelledby="markets" className="mt-10">
        <h2 id="markets" className="text-xl font-semibold">
          {t("home.markets")}
        </h2>
        <div className="mt-3 grid gap-6 sm:grid-cols-2">
          {groups.map((group) => (
            <div key={group}>
              <h3 className="font-medium">{t(`home.region.${group}`)}</h3>
              <ul className="mt-1 text-stone-700">
                {markets
                  .filter((m) => m.groupKey === group)
                  .map((m) => (
                    <li key={m.id}>
                      {m.country?.name ?? m.alias} ({m.currency?.code})
                    </li>
                  ))}
              </ul>
            </div>
          ))}
        </div>
      </section>
    </main>
  );
}

export const headers = publicHeaders;

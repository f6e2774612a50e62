import { useRouteLoaderData } from "react-router";
import { ProductCard } from "../components/product-card.tsx";
import { translator } from "../i18n/index.ts";
import { HomeProductsQuery } from "../lib/graphql/operations.ts";
import { requestClient } from "../lib/graphql/server.ts";
import { LANGS, localizedPath } from "../lib/locale.ts";
import type { loader as rootLoader } from "../root.tsx";
import type { Route } from "./+types/home";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { client, lang } = requestClient(request, context);
  const { data } = await client.request(HomeProductsQuery, { take: 8 });
  return { lang, products: data.products?.products ?? [], count: data.products?.count ?? 0 };
}

export function meta({ loaderData }: Route.MetaArgs) {
  const t = translator(loaderData?.lang ?? "nb");
  return [
    { title: `${t("site.name")} – ${t("site.tagline")}` },
    { tagName: "link", rel: "canonical", href: localizedPath(loaderData?.lang ?? "nb", "/") },
    { tagName: "link", rel: "alternate", hrefLang: LANGS.nb.languageId, href: "/" },
    { tagName: "link", rel: "alternate", hrefLang: LANGS.sv.languageId, href: "/sv" },
  ];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const t = translator(loaderData.lang);
  const groups = ["scandinavia", "europe"] as const;
  const markets = (root?.markets ?? []).filter((m) => !m.onlyDisplayInCheckout && !m.virtual);
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold">{t("home.heading")}</h1>
      <p className="mt-1 text-stone-700">{t("home.latestCount", { count: loaderData.count })}</p>
      <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
        {loaderData.products.map((product, index) => (
          <ProductCard
            key={product.productId}
            product={product}
            href={localizedPath(loaderData.lang, product.canonicalUrl, root?.domains)}
            t={t}
            vatIncluded
            eager={index < 2}
          />
        ))}
      </ul>
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

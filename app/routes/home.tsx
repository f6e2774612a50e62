import { WidgetBlocks } from "../components/widget-blocks.tsx";
import { requestDisplaySetting, widgetBlocks } from "../components/widgets.server.tsx";
import { translator } from "../i18n/index.ts";
import { publicHeaders } from "../lib/cache.ts";
import { WidgetAreaQuery } from "../lib/graphql/operations.ts";
import { requestClient } from "../lib/graphql/server.ts";
import { pageMeta, samePathAlternates } from "../lib/seo.ts";
import { useRoot, useT } from "../lib/use-root.ts";
import type { Route } from "./+types/home";

/**
 * The front page is the Frontpage/Main widget area (decision 0038): the published widgets for the shopper's device
 * class, rendered to HTML here on the server; product lists as product cards.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { client, locale, url } = requestClient(request, context);
  const { data } = await client.request(WidgetAreaQuery, {
    family: "Frontpage",
    areaName: "Main",
    displaySetting: requestDisplaySetting(request),
  });
  return {
    locale,
    origin: url.origin,
    alternates: samePathAlternates("/"),
    blocks: await widgetBlocks(client, locale, data.widgetArea?.widgets ?? []),
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
      <div className="mt-6">
        <WidgetBlocks blocks={loaderData.blocks} />
      </div>
      <section aria-labelledby="markets" className="mili-later mt-10">
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

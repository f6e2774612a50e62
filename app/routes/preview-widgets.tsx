import { type WidgetData, Widgets } from "../components/widgets.tsx";
import { translator } from "../i18n/index.ts";
import { privateHeaders } from "../lib/cache.ts";
import { ProductListQuery } from "../lib/graphql/list-operations.ts";
import { WidgetAreaQuery } from "../lib/graphql/operations.ts";
import { requestClient } from "../lib/graphql/server.ts";
import { pageMeta, samePathAlternates } from "../lib/seo.ts";
import { useT } from "../lib/use-root.ts";
import type { Route } from "./+types/preview-widgets";

const SORTS = new Set(["LATEST", "MOST_SOLD", "PRICE", "PRICE_DESC", "ALPHABETICAL", "RELEVANCE"]);

/** /preview-widgets?family=Frontpage&areaName=Main: editors see a widget area, inactive widgets included. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { client, locale, url } = requestClient(request, context);
  const family = url.searchParams.get("family")?.slice(0, 60) || "Frontpage";
  const areaName = url.searchParams.get("areaName")?.slice(0, 60) || "Main";
  const { data } = await client.request(WidgetAreaQuery, { family, areaName, preview: true });
  const widgets: WidgetData[] = await Promise.all(
    (data.widgetArea?.widgets ?? []).map(async (w) => {
      if (w.type !== "productList") return w;
      const config = JSON.parse(w.configuration) as { sort?: string; take?: number };
      const sort = config.sort && SORTS.has(config.sort) ? (config.sort as "LATEST") : "LATEST";
      const take = Math.min(Math.max(config.take ?? 8, 1), 24);
      const { data: list } = await client.request(ProductListQuery, { take, filter: { sort } });
      return { ...w, products: list.products?.products ?? [] };
    }),
  );
  return {
    locale,
    origin: url.origin,
    alternates: samePathAlternates("/preview-widgets"),
    family,
    areaName,
    widgets,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const t = translator(loaderData.locale.lang);
  return pageMeta({ title: `${t("widgets.preview")} | Mili`, noindex: true, ...loaderData });
}

export default function PreviewWidgets({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold" tabIndex={-1}>
        {t("widgets.preview")}
      </h1>
      <p className="mt-1 text-stone-700">
        {loaderData.family} / {loaderData.areaName}
      </p>
      <div className="mt-6">
        <Widgets widgets={loaderData.widgets} lang={loaderData.locale.lang} />
      </div>
    </main>
  );
}

export const headers = privateHeaders;

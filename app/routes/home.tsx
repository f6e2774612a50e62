import { ProductGrid } from "../components/product-grid.tsx";
import { requestDisplaySetting, widgetBlocks } from "../components/widgets.server.tsx";
import { translator } from "../i18n/index.ts";
import { publicHeaders } from "../lib/cache.ts";
import { WidgetAreaQuery } from "../lib/graphql/operations.ts";
import { requestClient } from "../lib/graphql/server.ts";
import { pageMeta, samePathAlternates } from "../lib/seo.ts";
import { useT } from "../lib/use-root.ts";
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

/**
 * The front page: its widgets as the server rendered them (HTML put in place), product lists as product cards —
 * the same as components/widget-blocks.tsx, written out here so that the home page loads no extra chunk (its
 * JavaScript budget, decision 0038). The markets the shop delivers to are in the header's market panel.
 */
export default function Home({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { blocks } = loaderData;
  // The first product list's first cards are above the fold (the first image with high priority); the rest lazy.
  const first = blocks.findIndex((b) => b.kind === "products");
  return (
    <main id="main" className="mx-auto max-w-6xl space-y-10 px-4 py-8">
      <h1 className="text-3xl font-bold" tabIndex={-1}>
        {t("home.heading")}
      </h1>
      {blocks.map((b, i) =>
        b.kind === "html" ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered on the server from escaped text and sanitised HTML
          <div key={b.id} dangerouslySetInnerHTML={{ __html: b.html }} />
        ) : (
          <section key={b.id} aria-label={b.title}>
            <h2 className="text-xl font-semibold">{b.title}</h2>
            <ProductGrid products={b.products} eager={i === first ? 2 : 0} />
          </section>
        ),
      )}
    </main>
  );
}

export const headers = publicHeaders;

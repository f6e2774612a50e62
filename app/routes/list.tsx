import { redirect } from "react-router";
import { ListView } from "../components/list/list-view.tsx";
import { Breadcrumbs } from "../components/product-grid.tsx";
import { WidgetBlocks } from "../components/widget-blocks.tsx";
import { listPageWidgets } from "../components/widgets.server.tsx";
import { translator } from "../i18n/index.ts";
import { publicHeaders } from "../lib/cache.ts";
import { ListPageInfoQuery } from "../lib/graphql/list-operations.ts";
import { requestClient } from "../lib/graphql/server.ts";
import { canonicalListPath, listNoindex, loadList } from "../lib/list-page.ts";
import { href } from "../lib/page-locale.ts";
import { alternatesFromApi, pageMeta, samePathAlternates } from "../lib/seo.ts";
import { redirectIfMoved } from "../lib/url-history.ts";
import { useRoot, useT } from "../lib/use-root.ts";
import type { Route } from "./+types/list";

const ROUTE_NAMES = { category: "list-category", brand: "list-brand", campaign: "list-campaign" } as const;

/**
 * Category (/c/…), brand (/b/…) and campaign (/dc/…) lists with filters, sorts and pages (decision 0009).
 * /l/… and /list/… find a list by alias and move to its canonical URL. Unknown lists and pages past the last
 * are 404s; a non-canonical path answers 301.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { client, locale, url } = requestClient(request, context);
  const segments = locale.path.split("/").filter(Boolean);
  const kind = segments[0];
  if (kind === "l" || kind === "list") {
    const alias = segments.at(-1);
    if (!alias || segments.length < 2) throw new Response(null, { status: 404 });
    const { data } = await client.request(ListPageInfoQuery, { alias });
    if (!data.listPageInfo) {
      await redirectIfMoved(request, context);
      throw new Response(null, { status: 404, statusText: "Not Found" });
    }
    throw redirect(`${href(locale, data.listPageInfo.canonicalUrl)}${url.search}`, 301);
  }
  const { data } = await client.request(ListPageInfoQuery, { url: locale.path });
  const page = data.listPageInfo;
  if (!page) {
    // A renamed or moved category, brand or campaign answers 301 to where it lives now.
    await redirectIfMoved(request, context);
    throw new Response(null, { status: 404, statusText: "Not Found" });
  }
  if (page.canonicalUrl !== locale.path)
    throw redirect(`${href(locale, page.canonicalUrl)}${url.search}`, 301);
  const type = page.type as keyof typeof ROUTE_NAMES;
  const [list, widgets] = await Promise.all([
    loadList({
      client,
      url,
      pathname: href(locale, page.canonicalUrl),
      route: { name: ROUTE_NAMES[type] ?? "list-category" },
      target: {
        ...(type === "category" ? { categoryAlias: page.alias } : {}),
        ...(type === "brand" ? { brandAlias: page.alias } : {}),
        ...(type === "campaign" ? { discountCampaignAlias: page.alias } : {}),
      },
    }),
    // The Productlist widget areas (decision 0046), rendered here like the front page's.
    listPageWidgets(client, locale, request),
  ]);
  return {
    locale,
    origin: url.origin,
    alternates:
      page.type === "brand" ? samePathAlternates(page.canonicalUrl) : alternatesFromApi(page.alternativeUrls),
    page,
    list,
    widgets,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { page, list } = loaderData;
  const t = translator(loaderData.locale.lang);
  return pageMeta({
    title: `${list.pageNo > 1 ? t("list.pageTitle", { title: page.name, page: list.pageNo }) : page.name} | Mili`,
    description: page.description,
    noindex: listNoindex(list),
    ...loaderData,
    alternates: loaderData.alternates.map((a) => ({ ...a, path: canonicalListPath(a.path, list.pageNo) })),
  });
}

export default function List({ loaderData }: Route.ComponentProps) {
  const root = useRoot();
  const t = useT();
  const { page, list, widgets } = loaderData;
  return (
    <ListView
      list={list}
      listId={page.canonicalUrl}
      listName={page.name}
      bottom={<WidgetBlocks blocks={widgets.bottom} eager={false} className="mt-10 space-y-10" />}
    >
      <Breadcrumbs items={page.breadcrumbs} />
      <h1 className={page.hideTitle ? "sr-only" : "mt-2 text-3xl font-bold"} tabIndex={-1}>
        {page.name}
      </h1>
      {page.description ? <p className="mt-2 max-w-prose text-stone-700">{page.description}</p> : null}
      {page.subCategories.length ? (
        <nav aria-label={t("list.subCategories")} className="mt-4">
          <ul className="flex flex-wrap gap-2">
            {page.subCategories.map((c) => (
              <li key={c.categoryId}>
                <a
                  className="inline-block rounded-full border border-stone-300 px-3 py-1 text-sm"
                  href={href(root.locale, c.canonicalUrl)}
                >
                  {c.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <WidgetBlocks blocks={widgets.top} eager={false} className="mt-6 space-y-6" />
    </ListView>
  );
}

export const headers = publicHeaders;

import { redirect } from "react-router";
import { Breadcrumbs, ProductGrid } from "../components/product-grid.tsx";
import { publicHeaders } from "../lib/cache.ts";
import { ListPageInfoQuery, ProductListQuery } from "../lib/graphql/operations.ts";
import { requestClient } from "../lib/graphql/server.ts";
import { href } from "../lib/page-locale.ts";
import { alternatesFromApi, pageMeta, samePathAlternates } from "../lib/seo.ts";
import { useRoot, useT } from "../lib/use-root.ts";
import type { Route } from "./+types/list";

const PAGE_SIZE = 20;

/** ?page=N, a positive whole number; anything else means page 1. */
export function pageNumber(value: string | null): number {
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 1 ? n : 1;
}

/** The API serves at most 6,000 products into a list; pages beyond are not found. */
const MAX_SKIP = 6000;

/**
 * Category (/c/…), brand (/b/…) and campaign (/dc/…) lists. /l/… and /list/… find a list by alias and move
 * to its canonical URL. Unknown lists and pages past the last are 404s; a non-canonical path answers 301.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { client, locale, url } = requestClient(request, context);
  const segments = locale.path.split("/").filter(Boolean);
  const kind = segments[0];
  if (kind === "l" || kind === "list") {
    const alias = segments.at(-1);
    if (!alias || segments.length < 2) throw new Response(null, { status: 404 });
    const { data } = await client.request(ListPageInfoQuery, { alias });
    if (!data.listPageInfo) throw new Response(null, { status: 404, statusText: "Not Found" });
    throw redirect(`${href(locale, data.listPageInfo.canonicalUrl)}${url.search}`, 301);
  }
  const { data } = await client.request(ListPageInfoQuery, { url: locale.path });
  const page = data.listPageInfo;
  if (!page) throw new Response(null, { status: 404, statusText: "Not Found" });
  if (page.canonicalUrl !== locale.path)
    throw redirect(`${href(locale, page.canonicalUrl)}${url.search}`, 301);
  const pageNo = pageNumber(url.searchParams.get("page"));
  if ((pageNo - 1) * PAGE_SIZE > MAX_SKIP) throw new Response(null, { status: 404, statusText: "Not Found" });
  const { data: list } = await client.request(ProductListQuery, {
    take: PAGE_SIZE,
    skip: (pageNo - 1) * PAGE_SIZE,
    filter: { sort: "MOST_SOLD" },
    ...(page.type === "category" ? { categoryAlias: page.alias } : {}),
    ...(page.type === "brand" ? { brandAlias: page.alias } : {}),
    ...(page.type === "campaign" ? { discountCampaignAlias: page.alias } : {}),
  });
  const count = list.products?.count ?? 0;
  if (pageNo > 1 && (pageNo - 1) * PAGE_SIZE >= count)
    throw new Response(null, { status: 404, statusText: "Not Found" });
  return {
    locale,
    origin: url.origin,
    alternates:
      page.type === "brand" ? samePathAlternates(page.canonicalUrl) : alternatesFromApi(page.alternativeUrls),
    page,
    pageNo,
    products: list.products?.products ?? [],
    count,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const suffix = loaderData.pageNo > 1 ? ` (${loaderData.pageNo})` : "";
  return pageMeta({
    title: `${loaderData.page.name}${suffix} | Mili`,
    description: loaderData.page.description,
    ...loaderData,
    alternates: loaderData.alternates.map((a) => ({
      ...a,
      path: loaderData.pageNo > 1 ? `${a.path}?page=${loaderData.pageNo}` : a.path,
    })),
  });
}

export default function List({ loaderData }: Route.ComponentProps) {
  const root = useRoot();
  const t = useT();
  const { page, products, count, pageNo } = loaderData;
  const shown = (pageNo - 1) * PAGE_SIZE + products.length;
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8">
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
      <p className="mt-4 text-stone-700">{t("list.count", { shown, total: count })}</p>
      {products.length ? <ProductGrid products={products} /> : <p className="mt-6">{t("list.empty")}</p>}
      {shown < count ? (
        <p className="mt-8 text-center">
          <a
            className="inline-block rounded border border-stone-400 px-4 py-2 font-medium"
            href={`${href(root.locale, page.canonicalUrl)}?page=${pageNo + 1}`}
          >
            {t("list.next")}
          </a>
        </p>
      ) : null}
    </main>
  );
}

export const headers = publicHeaders;

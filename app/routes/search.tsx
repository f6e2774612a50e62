import { redirect } from "react-router";
import { ListView } from "../components/list/list-view.tsx";
import { NoHits } from "../components/list/no-hits.tsx";
import { translator } from "../i18n/index.ts";
import { publicHeaders } from "../lib/cache.ts";
import { SearchSuggestionsQuery } from "../lib/graphql/list-operations.ts";
import { requestClient } from "../lib/graphql/server.ts";
import { canonicalListPath, loadList } from "../lib/list-page.ts";
import { href } from "../lib/page-locale.ts";
import { pageMeta } from "../lib/seo.ts";
import { useRoot, useT } from "../lib/use-root.ts";
import type { Route } from "./+types/search";

const MAX_SEARCH = 100;
/** Suggestions per kind in the header's search field. */
const SUGGESTIONS = 6;

/**
 * /s/{search}: search results with filters, sorts and pages like other lists; a search without hits shows
 * "did you mean" and popular categories. The header's search form (GET /s?q=…) lands here and moves to
 * /s/{q}; the header's suggestions load /s?suggest=… (the search-as-you-type answer, cacheable like a page).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { client, locale, url } = requestClient(request, context);
  if (!params.search) {
    const suggest = url.searchParams.get("suggest");
    if (suggest !== null) {
      const text = suggest.trim().slice(0, MAX_SEARCH);
      if (!text)
        return {
          kind: "suggestions" as const,
          locale,
          origin: url.origin,
          alternates: [],
          text,
          suggestions: null,
        };
      const { data } = await client.request(SearchSuggestionsQuery, { searchText: text, take: SUGGESTIONS });
      return {
        kind: "suggestions" as const,
        locale,
        origin: url.origin,
        alternates: [],
        text,
        suggestions: data.searchSuggestions,
      };
    }
    const q = url.searchParams.get("q")?.trim().slice(0, MAX_SEARCH);
    if (!q) throw redirect(href(locale, "/"));
    throw redirect(href(locale, `/s/${encodeURIComponent(q)}`));
  }
  const search = params.search.trim().slice(0, MAX_SEARCH);
  if (!search) throw redirect(href(locale, "/"));
  const path = `/s/${encodeURIComponent(search)}`;
  const list = await loadList({
    client,
    url,
    pathname: href(locale, path),
    route: { name: "list-search", search: true },
    target: { searchText: search },
  });
  let didYouMean: string[] = [];
  if (list.count === 0 && !list.filtered) {
    const { data } = await client.request(SearchSuggestionsQuery, { searchText: search, take: 1 });
    didYouMean = (data.searchSuggestions?.didYouMean ?? []).filter(
      (d) => d.toLowerCase() !== search.toLowerCase(),
    );
  }
  return {
    kind: "results" as const,
    locale,
    origin: url.origin,
    alternates: [
      { lang: "nb" as const, path },
      { lang: "sv" as const, path },
    ],
    search,
    list,
    didYouMean,
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const t = translator(loaderData.locale.lang);
  if (loaderData.kind !== "results")
    return pageMeta({ title: `${t("search.suggestions")} | Mili`, noindex: true, ...loaderData });
  const { list } = loaderData;
  const heading = t("search.heading", { search: loaderData.search });
  // Like other lists: a later page names its number, and its canonical link keeps ?page (filters and sorts do not).
  return pageMeta({
    title: `${list.pageNo > 1 ? t("list.pageTitle", { title: heading, page: list.pageNo }) : heading} | Mili`,
    noindex: true,
    ...loaderData,
    alternates: loaderData.alternates.map((a) => ({ ...a, path: canonicalListPath(a.path, list.pageNo) })),
  });
}

/** The suggestions answer opened as a page (it is meant for the header's field): plain links. */
function SuggestionsPage({
  data,
}: {
  data: Extract<Route.ComponentProps["loaderData"], { kind: "suggestions" }>;
}) {
  const root = useRoot();
  const t = useT();
  const s = data.suggestions;
  const links = [
    ...(s?.products ?? []).map((p) => ({ key: `p${p.productId}`, name: p.name, url: p.canonicalUrl })),
    ...(s?.categories ?? []).map((c) => ({ key: `c${c.alias}`, name: c.name, url: c.canonicalUrl })),
    ...(s?.brands ?? []).map((b) => ({ key: `b${b.alias}`, name: b.name, url: b.canonicalUrl })),
  ];
  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold" tabIndex={-1}>
        {t("search.suggestions")}
      </h1>
      {links.length ? (
        <ul className="mt-4 space-y-1">
          {links.map((l) => (
            <li key={l.key}>
              <a href={href(root.locale, l.url)} className="underline underline-offset-2">
                {l.name}
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4">{t("search.suggestions.none")}</p>
      )}
    </main>
  );
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const root = useRoot();
  const t = useT();
  if (loaderData.kind === "suggestions") return <SuggestionsPage data={loaderData} />;
  const { list, search } = loaderData;
  const searchHref = (text: string) => href(root.locale, `/s/${encodeURIComponent(text)}`);
  return (
    <ListView
      list={list}
      listId="search"
      listName={t("search.heading", { search })}
      empty={
        <NoHits
          t={t}
          didYouMean={loaderData.didYouMean.map((text) => ({ text, href: searchHref(text) }))}
          categories={root.categories.map((c) => ({ name: c.name, href: href(root.locale, c.canonicalUrl) }))}
        />
      }
    >
      <h1 className="text-3xl font-bold" tabIndex={-1}>
        {t("search.heading", { search })}
      </h1>
    </ListView>
  );
}

export const headers = publicHeaders;

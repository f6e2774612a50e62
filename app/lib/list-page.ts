import { redirect } from "react-router";
import type { GraphqlClient } from "./graphql/client.ts";
import type { ResultOf } from "./graphql/graphql.ts";
import { ProductListQuery } from "./graphql/list-operations.ts";
import { defaultSortFor, LIST_CONFIG, sortOptions } from "./list-config.ts";
import {
  facetIds,
  hasFilters,
  type ListUrlState,
  needsNormalizing,
  type PriceRange,
  parseListUrl,
  type SortType,
  serializeListUrl,
} from "./list-url.ts";

type ProductsResult = NonNullable<ResultOf<typeof ProductListQuery>["products"]>;
export type ListProduct = ProductsResult["products"][number];
type ApiFacet = ProductsResult["filters"]["facets"][number];

/** One facet group as the list controls use it. */
export interface ListFacet {
  filterId: string;
  label: string;
  values: { facetId: string; label: string; count: number; parentId: string | null }[];
}

/** Everything a list page's controls and grid need, as loaded for one page of one list state. */
export interface ListData {
  /** The list's path with the language prefix (the form action and the base of every list link). */
  pathname: string;
  state: ListUrlState;
  defaultSort: SortType;
  /** The sort in effect. */
  sort: SortType;
  sortOptions: SortType[];
  search: boolean;
  pageNo: number;
  pageSize: number;
  products: ListProduct[];
  count: number;
  facets: ListFacet[];
  /** The list's price range before the price filter (major units); null for an empty list. */
  priceBounds: PriceRange | null;
  filtered: boolean;
}

export interface ListTarget {
  categoryAlias?: string;
  brandAlias?: string;
  discountCampaignAlias?: string;
  searchText?: string;
}

const notFound = () => new Response(null, { status: 404, statusText: "Not Found" });

function toFacet(f: ApiFacet): ListFacet {
  return {
    filterId: f.filterId,
    label: f.label,
    values: [...f.values]
      .sort((a, b) => a.order - b.order)
      .map((v) => ({ facetId: v.facetId, label: v.label, count: v.count, parentId: v.parentId ?? null })),
  };
}

/**
 * Loads one page of a list from its URL state (decision 0009): the state is read from the query string (what
 * cannot be read is dropped), a form submitted without JavaScript is redirected to the comma-list form, a page
 * past the last is a 404.
 */
export async function loadList(opts: {
  client: GraphqlClient;
  url: URL;
  /** The path with the language prefix. */
  pathname: string;
  route: { name: string; search?: boolean };
  target: ListTarget;
}): Promise<ListData> {
  const { client, url, pathname, route, target } = opts;
  const search = route.search === true;
  const defaultSort = defaultSortFor(route);
  // React Router's data requests carry `_routes`; it is not part of the list's URL.
  const params = new URLSearchParams(url.searchParams);
  params.delete("_routes");
  const state = parseListUrl(params);
  const pageNo = state.page;
  const pageSize = LIST_CONFIG.pageSize;
  const skip = (pageNo - 1) * pageSize;
  if (skip > LIST_CONFIG.maxSkip) throw notFound();
  const sort = state.sort ?? defaultSort;
  const facets = facetIds(state);
  const { data } = await client.request(ProductListQuery, {
    take: pageSize,
    skip,
    ...(target.categoryAlias ? { categoryAlias: target.categoryAlias } : {}),
    ...(target.brandAlias ? { brandAlias: target.brandAlias } : {}),
    ...(target.discountCampaignAlias ? { discountCampaignAlias: target.discountCampaignAlias } : {}),
    filter: {
      sort,
      ...(target.searchText ? { searchText: target.searchText } : {}),
      ...(facets.length ? { facets } : {}),
      ...(state.price ? { price: { lowest: state.price.lowest, highest: state.price.highest } } : {}),
    },
  });
  const result = data.products;
  const priceBounds = result?.filters.price
    ? { lowest: Math.floor(result.filters.price.lowest), highest: Math.ceil(result.filters.price.highest) }
    : null;
  if (needsNormalizing(params)) {
    // A filter form sent without JavaScript: move to the comma-list form, filling empty price fields from the
    // list's own range. The state changed, so the list starts again at page 1.
    const normal = { ...parseListUrl(params, priceBounds), page: 1 };
    throw redirect(`${pathname}${serializeListUrl(normal, { defaultSort })}`, 303);
  }
  const count = result?.count ?? 0;
  if (pageNo > 1 && skip >= count) throw notFound();
  return {
    pathname,
    state,
    defaultSort,
    sort,
    sortOptions: sortOptions(search),
    search,
    pageNo,
    pageSize,
    products: result?.products ?? [],
    count,
    // The price bands (type Price) are for Geins storefronts: this one filters by its price range instead.
    facets: (result?.filters.facets ?? []).filter((f) => f.type !== "Price").map(toFacet),
    priceBounds,
    filtered: hasFilters(state),
  };
}

/** The list's canonical path: its own path, with ?page for a later page (filters and sorts are left out). */
export function canonicalListPath(path: string, pageNo: number): string {
  return pageNo > 1 ? `${path}?page=${pageNo}` : path;
}

/** A filtered or re-sorted list is not indexed (its unfiltered page is). */
export function listNoindex(list: Pick<ListData, "filtered" | "state" | "defaultSort">): boolean {
  return list.filtered || (list.state.sort !== null && list.state.sort !== list.defaultSort);
}

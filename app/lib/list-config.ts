import type { SortType } from "./list-url.ts";

/** A route (screen id of lib/screens.ts) whose list has its own default sort, e.g. /nyheter → LATEST. */
export interface CustomSortRoute {
  name: string;
  sort: SortType;
}

export interface ListConfig {
  /** The default sort of category, brand, campaign and list pages (spec §3 config, §9). */
  productListDefaultSort: SortType;
  /** The default sort of search results. */
  searchDefaultSort: SortType;
  /** Routes with their own default sort. */
  customSortRoutes: CustomSortRoute[];
  /** Products per page (issue 4: 20). */
  pageSize: number;
  /** The API serves at most this many products into a list (`skip` ≤ 6000); later pages are not found. */
  maxSkip: number;
}

export const LIST_CONFIG: ListConfig = {
  productListDefaultSort: "CUSTOM_1",
  searchDefaultSort: "RELEVANCE",
  customSortRoutes: [{ name: "news", sort: "LATEST" }],
  pageSize: 20,
  maxSkip: 6000,
};

/**
 * The default sort of a list (spec §9): the route's custom sort when it has one, RELEVANCE on search, otherwise
 * `productListDefaultSort`.
 */
export function defaultSortFor(
  route: { name: string; search?: boolean },
  config: Pick<ListConfig, "productListDefaultSort" | "searchDefaultSort" | "customSortRoutes"> = LIST_CONFIG,
): SortType {
  const custom = config.customSortRoutes.find((r) => r.name === route.name);
  if (custom) return custom.sort;
  return route.search ? config.searchDefaultSort : config.productListDefaultSort;
}

/**
 * The sorts a shopper can choose (spec §9: best match, latest, bestsellers, lowest price, highest price, most
 * sold, relevance). Search offers relevance in place of best match (its "best match" is the search rank).
 */
export function sortOptions(search: boolean): SortType[] {
  return [search ? "RELEVANCE" : "CUSTOM_1", "LATEST", "CUSTOM_2", "PRICE", "PRICE_DESC", "MOST_SOLD"];
}

/**
 * The orders a product list can be sorted in (the API's SortType): relevance to a search (elsewhere the
 * merchandised order), newest, price up and down, all-time units sold, name, rating, and the merchandised
 * orders CUSTOM_1 ("best match") … CUSTOM_5 (CUSTOM_2: bestsellers of the last 30 days); and the rest of the Geins
 * Merchant API's SortType (decision 0019): NONE (product id), BRAND (brand name), FACET_ORDER (the order of the
 * filter's productIds, or of its `a_{alias}` facets), ALPHABETICAL_DESC, and stock: AVAILABLE_STOCK (units on the
 * shelf) and TOTAL_STOCK (with oversellable units), smallest first, and their _DESC.
 */
export const PRODUCT_SORTS = [
  "RELEVANCE",
  "LATEST",
  "PRICE",
  "PRICE_DESC",
  "MOST_SOLD",
  "ALPHABETICAL",
  "VOTES",
  "CUSTOM_1",
  "CUSTOM_2",
  "CUSTOM_3",
  "CUSTOM_4",
  "CUSTOM_5",
  "NONE",
  "BRAND",
  "FACET_ORDER",
  "ALPHABETICAL_DESC",
  "AVAILABLE_STOCK",
  "AVAILABLE_STOCK_DESC",
  "TOTAL_STOCK",
  "TOTAL_STOCK_DESC",
] as const;

export type ProductSort = (typeof PRODUCT_SORTS)[number];

export function isProductSort(value: string): value is ProductSort {
  return (PRODUCT_SORTS as readonly string[]).includes(value);
}

/**
 * The URL state of a product list (decision 0009, spec §2 and §5):
 * `?categories=Jakker~c_12,Bukser~c_14&brands=Fjellrev~b_3&skus=M~s_M&discount=11-15 %~d_11-15&p-color=Svart~p_color_black&price=199~1499&sort=PRICE&page=3`.
 *
 * - Facet groups are comma lists of `label~id`. Labels are for people and ignored when reading: the id after the
 *   last `~` counts. An item whose id does not fit its group is dropped; the rest of the group is kept.
 * - `price` is `lowest~highest` in major units of the market's currency.
 * - `sort` is one of the API's sorts; anything else means the list's default sort.
 * - `page` is a positive whole number; anything else means page 1.
 * - Every other parameter is kept untouched.
 *
 * A filter form without JavaScript submits each ticked checkbox as its own parameter (`brands=A~b_1&brands=B~b_2`)
 * and the price as two fields (`priceFrom`, `priceTo`): `parseListUrl` reads those too, and `isCanonical` tells the
 * loader when to redirect to the comma-list form.
 */

import { isProductSort, type ProductSort } from "#domain/sorts.ts";

/** The API's sorts (SortType of schema.graphql), shared with the server through domain/. */
export type SortType = ProductSort;
export const isSortType = isProductSort;

/** The fixed facet groups, in the order they are written to the URL; parameter groups `p-{name}` follow. */
export const FIXED_GROUPS = ["categories", "brands", "campaigns", "skus", "discount"] as const;

/** The form fields a filter form without JavaScript sends for the price range. */
export const PRICE_FROM = "priceFrom";
export const PRICE_TO = "priceTo";

const GROUP_IDS: Record<(typeof FIXED_GROUPS)[number], RegExp> = {
  categories: /^c_\d{1,10}$/,
  brands: /^b_\d{1,10}$/,
  campaigns: /^dc_\d{1,10}$/,
  skus: /^s_[^,~\s][^,~]{0,40}$/,
  discount: /^d_\d{1,3}-\d{1,3}$/,
};

const PARAMETER_GROUP = /^p-([a-z0-9][a-z0-9_-]{0,40})$/;

/** At most this many values per group are read; a longer list is cut (a hand-made URL, not a shopper). */
const MAX_ITEMS = 50;
/** A label longer than this is cut. */
const MAX_LABEL = 80;

export interface FacetItem {
  /** For people only; may be empty. */
  label: string;
  /** The facet id the API understands, e.g. `c_12`, `s_M`, `p_color_black`. */
  id: string;
}

export interface PriceRange {
  lowest: number;
  highest: number;
}

export interface ListUrlState {
  /** Active facet values by group (URL parameter), in URL order; groups without values are absent. */
  facets: Record<string, FacetItem[]>;
  price: PriceRange | null;
  /** Null: the list's default sort. */
  sort: SortType | null;
  page: number;
  /** Other query parameters, kept untouched and in order. */
  rest: [string, string][];
}

export const EMPTY_LIST_STATE: ListUrlState = { facets: {}, price: null, sort: null, page: 1, rest: [] };

/** Whether a query parameter names a facet group (`categories`, …, `p-{name}`). */
export function isFacetGroup(name: string): boolean {
  return (FIXED_GROUPS as readonly string[]).includes(name) || PARAMETER_GROUP.test(name);
}

/** Whether a facet id belongs to a group: `c_12` to categories, `p_color_black` to `p-color`. */
export function isValidFacetId(group: string, id: string): boolean {
  const fixed = GROUP_IDS[group as (typeof FIXED_GROUPS)[number]];
  if (fixed) return fixed.test(id);
  const parameter = PARAMETER_GROUP.exec(group);
  if (!parameter) return false;
  const prefix = `p_${parameter[1]}_`;
  return id.length > prefix.length && id.length <= 120 && id.startsWith(prefix) && !/[,~]/.test(id);
}

/** `page`: a positive whole number, anything else means 1. */
export function parsePage(value: string | null | undefined): number {
  if (value == null || !/^\d{1,6}$/.test(value.trim())) return 1;
  const n = Number(value.trim());
  return n >= 1 ? n : 1;
}

const AMOUNT = /^\d{1,9}(?:[.,]\d{1,2})?$/;

function parseAmount(value: string): number | null {
  const text = value.trim();
  if (!AMOUNT.test(text)) return null;
  return Number(text.replace(",", "."));
}

/** `price=lowest~highest`; null when malformed or when lowest is above highest. */
export function parsePrice(value: string | null | undefined): PriceRange | null {
  if (value == null) return null;
  const parts = value.split("~");
  if (parts.length !== 2) return null;
  const lowest = parseAmount(parts[0] ?? "");
  const highest = parseAmount(parts[1] ?? "");
  if (lowest === null || highest === null || lowest > highest) return null;
  return { lowest, highest };
}

/** The form's two price fields; an empty field means the list's own bound (`bounds`), or no limit without one. */
function priceFromFields(
  from: string | null,
  to: string | null,
  bounds?: PriceRange | null,
): PriceRange | null {
  const lowText = from?.trim() ?? "";
  const highText = to?.trim() ?? "";
  if (!lowText && !highText) return null;
  const lowest = lowText ? parseAmount(lowText) : (bounds?.lowest ?? 0);
  const highest = highText ? parseAmount(highText) : (bounds?.highest ?? null);
  if (lowest === null || highest === null || lowest > highest) return null;
  if (bounds && lowest <= bounds.lowest && highest >= bounds.highest) return null;
  return { lowest, highest };
}

function cleanLabel(label: string): string {
  return label.replace(/[,~]/g, " ").replace(/\s+/g, " ").trim().slice(0, MAX_LABEL);
}

/** One `label~id` item (or a bare id) of a group; null when the id does not fit the group. */
export function parseItem(group: string, item: string): FacetItem | null {
  const cut = item.lastIndexOf("~");
  const id = (cut < 0 ? item : item.slice(cut + 1)).trim();
  const label = cut < 0 ? "" : cleanLabel(item.slice(0, cut));
  return isValidFacetId(group, id) ? { label, id } : null;
}

/**
 * Reads a list's state from its query string. Never throws: what cannot be read is dropped. `priceBounds` (the
 * list's lowest and highest price) fills an empty price field of a form submitted without JavaScript.
 */
export function parseListUrl(
  search: string | URLSearchParams,
  priceBounds?: PriceRange | null,
): ListUrlState {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  const facets: Record<string, FacetItem[]> = {};
  const rest: [string, string][] = [];
  let price: PriceRange | null = null;
  let sort: SortType | null = null;
  let page = 1;
  let priceFrom: string | null = null;
  let priceTo: string | null = null;
  for (const [name, value] of params) {
    if (isFacetGroup(name)) {
      const items = facets[name] ?? [];
      facets[name] = items;
      for (const raw of value.split(",")) {
        if (items.length >= MAX_ITEMS) break;
        const item = parseItem(name, raw);
        if (item && !items.some((i) => i.id === item.id)) items.push(item);
      }
      if (!items.length) delete facets[name];
    } else if (name === "price") price = parsePrice(value);
    else if (name === PRICE_FROM) priceFrom = value;
    else if (name === PRICE_TO) priceTo = value;
    else if (name === "sort") sort = isSortType(value.trim()) ? (value.trim() as SortType) : null;
    else if (name === "page") page = parsePage(value);
    else rest.push([name, value]);
  }
  if (priceFrom !== null || priceTo !== null) price = priceFromFields(priceFrom, priceTo, priceBounds);
  return { facets, price, sort, page, rest };
}

/** Encodes a query value readably: `~` and the list commas stay as they are, spaces become %20. */
function encodeValue(value: string): string {
  return encodeURIComponent(value).replace(/%2C/gi, ",");
}

function formatAmount(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/0$/, "");
}

/** The groups of a state in URL order: the fixed groups, then parameter groups by name. */
export function groupOrder(facets: Record<string, FacetItem[]>): string[] {
  const parameterGroups = Object.keys(facets)
    .filter((g) => !(FIXED_GROUPS as readonly string[]).includes(g))
    .sort();
  return [...FIXED_GROUPS.filter((g) => g in facets), ...parameterGroups];
}

/**
 * Writes a state as a query string (with the leading `?`, or "" when empty): facet groups, price, sort (left
 * out when it is the list's default), page (left out on page 1), then the kept parameters.
 */
export function serializeListUrl(state: ListUrlState, opts: { defaultSort?: SortType | null } = {}): string {
  const parts: string[] = [];
  for (const group of groupOrder(state.facets)) {
    const items = (state.facets[group] ?? []).filter((i) => isValidFacetId(group, i.id));
    if (!items.length) continue;
    const value = items.map((i) => (i.label ? `${cleanLabel(i.label)}~${i.id}` : i.id)).join(",");
    parts.push(`${encodeURIComponent(group)}=${encodeValue(value)}`);
  }
  if (state.price)
    parts.push(`price=${formatAmount(state.price.lowest)}~${formatAmount(state.price.highest)}`);
  if (state.sort && state.sort !== opts.defaultSort) parts.push(`sort=${state.sort}`);
  if (state.page > 1) parts.push(`page=${state.page}`);
  for (const [name, value] of state.rest) parts.push(`${encodeURIComponent(name)}=${encodeValue(value)}`);
  return parts.length ? `?${parts.join("&")}` : "";
}

/**
 * Whether a query string is already in the written form of its state: false for a form submitted without
 * JavaScript (repeated groups, price fields), which the loader then redirects to the comma-list form.
 */
export function needsNormalizing(search: string | URLSearchParams): boolean {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  if (params.has(PRICE_FROM) || params.has(PRICE_TO)) return true;
  const seen = new Set<string>();
  for (const name of params.keys()) {
    if (!isFacetGroup(name)) continue;
    if (seen.has(name)) return true;
    seen.add(name);
  }
  return false;
}

/** The facet ids to send to the API (`filter.facets`), every group's values in order. */
export function facetIds(state: ListUrlState): string[] {
  return groupOrder(state.facets).flatMap((g) => (state.facets[g] ?? []).map((i) => i.id));
}

/** Whether any filter (facet or price) is active. */
export function hasFilters(state: ListUrlState): boolean {
  return state.price !== null || Object.values(state.facets).some((items) => items.length > 0);
}

/** The state with one facet value added or removed (back to page 1). */
export function toggleFacet(state: ListUrlState, group: string, item: FacetItem, on: boolean): ListUrlState {
  const current = state.facets[group] ?? [];
  const without = current.filter((i) => i.id !== item.id);
  const next = on ? [...without, item] : without;
  const facets = { ...state.facets };
  if (next.length) facets[group] = next;
  else delete facets[group];
  return { ...state, facets, page: 1 };
}

/** The state without any filter (sort and kept parameters stay), page 1. */
export function clearFilters(state: ListUrlState): ListUrlState {
  return { ...state, facets: {}, price: null, page: 1 };
}

export function withPrice(state: ListUrlState, price: PriceRange | null): ListUrlState {
  return { ...state, price, page: 1 };
}

export function withSort(state: ListUrlState, sort: SortType | null): ListUrlState {
  return { ...state, sort, page: 1 };
}

export function withPage(state: ListUrlState, page: number): ListUrlState {
  return { ...state, page: Math.max(1, Math.floor(page)) };
}

/** A key for "the same list": everything but the page. Loaded pages are kept while it stays the same. */
export function listIdentity(pathname: string, state: ListUrlState, defaultSort?: SortType | null): string {
  return `${pathname}${serializeListUrl({ ...state, page: 1 }, { defaultSort })}`;
}

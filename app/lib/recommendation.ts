/**
 * The recommendation module's state (spec §3 "Recommendation state", §4, §9). There is no recommendation
 * provider yet: this is the state and its rules, ready for one. Pure: every change returns a new state.
 */

/** The module's sorts (spec §9) and what each orders by: RECOMMENDED keeps the provider's order. */
export const RECOMMENDATION_SORTS = {
  RECOMMENDED: null,
  LATEST: { by: "created", direction: "desc" },
  PRICE: { by: "price", direction: "asc" },
  PRICE_DESC: { by: "price", direction: "desc" },
} as const;

export type RecommendationSort = keyof typeof RECOMMENDATION_SORTS;

/** The default sort, and the one used when the provider's order is not available. */
export const DEFAULT_RECOMMENDATION_SORT: RecommendationSort = "RECOMMENDED";
export const FALLBACK_RECOMMENDATION_SORT: RecommendationSort = "LATEST";

export interface RecommendationFilter {
  filterId: string;
  values: string[];
}

export interface RecommendationState {
  /** Inactive by default. */
  active: boolean;
  productAliases: string[];
  filters: RecommendationFilter[];
  activeFilters: RecommendationFilter[];
  /** Product alias → the provider's tracking code. */
  trackingCodes: Record<string, string>;
  activeSort: RecommendationSort | null;
  customSort: RecommendationSort | null;
  currentWebsiteUuid: string | null;
}

export const INITIAL_RECOMMENDATION_STATE: RecommendationState = {
  active: false,
  productAliases: [],
  filters: [],
  activeFilters: [],
  trackingCodes: {},
  activeSort: null,
  customSort: null,
  currentWebsiteUuid: null,
};

export function isRecommendationSort(value: unknown): value is RecommendationSort {
  return typeof value === "string" && Object.hasOwn(RECOMMENDATION_SORTS, value);
}

export function activate(state: RecommendationState): RecommendationState {
  return state.active ? state : { ...state, active: true };
}

export function deactivate(state: RecommendationState): RecommendationState {
  return state.active ? { ...state, active: false } : state;
}

/** Reset (spec §4): empties aliases, filters, active filters, sort and tracking codes; keeps activation and site. */
export function reset(state: RecommendationState): RecommendationState {
  return {
    ...state,
    productAliases: [],
    filters: [],
    activeFilters: [],
    trackingCodes: {},
    activeSort: null,
    customSort: null,
  };
}

/** A sort the shopper chose; an unknown value clears it (the fallback rule then applies). */
export function setActiveSort(state: RecommendationState, sort: string | null): RecommendationState {
  return { ...state, activeSort: isRecommendationSort(sort) ? sort : null };
}

/** A route's own sort (customSortRoutes); an unknown value clears it. */
export function setCustomSort(state: RecommendationState, sort: string | null): RecommendationState {
  return { ...state, customSort: isRecommendationSort(sort) ? sort : null };
}

/** The sort in effect (spec §4): the active sort, else the custom sort, else RECOMMENDED. */
export function effectiveSort(
  state: Pick<RecommendationState, "activeSort" | "customSort">,
): RecommendationSort {
  return state.activeSort ?? state.customSort ?? DEFAULT_RECOMMENDATION_SORT;
}

export interface Recommendable {
  alias: string;
  /** ISO date or timestamp of creation. */
  created: string;
  /** Selling price in minor units. */
  price: number;
}

/**
 * Orders the provider's products by a sort: RECOMMENDED keeps the provider's order, the others sort by creation
 * (newest first) or price. `providerOrder: false` (no provider ranking available) uses the fallback, LATEST.
 * Stable: equal keys keep the provider's order.
 */
export function orderRecommendations<T extends Recommendable>(
  products: readonly T[],
  sort: RecommendationSort,
  providerOrder = true,
): T[] {
  const used = sort === "RECOMMENDED" && !providerOrder ? FALLBACK_RECOMMENDATION_SORT : sort;
  const rule = RECOMMENDATION_SORTS[used];
  if (!rule) return [...products];
  const sign = rule.direction === "asc" ? 1 : -1;
  const key = (p: T) => (rule.by === "price" ? p.price : Date.parse(p.created));
  return products
    .map((p, i) => ({ p, i }))
    .sort((a, b) => sign * (key(a.p) - key(b.p)) || a.i - b.i)
    .map(({ p }) => p);
}

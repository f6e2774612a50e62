import type { Translate } from "../../i18n/index.ts";
import type { ListUrlState, PriceRange, SortType } from "../../lib/list-url.ts";

/** A facet value of `products.filters.facets` (decision 0009). */
export interface FacetValue {
  facetId: string;
  label: string;
  count: number;
  parentId?: string | null;
  order?: number;
}

/** A facet group; `filterId` is its URL parameter (categories, brands, skus, campaigns, discount, p-{name}). */
export interface FacetGroup {
  filterId: string;
  label: string;
  values: FacetValue[];
}

/** What every list control needs: where the list lives, its state and how to move to another state. */
export interface ListControls {
  /** The list's path with the language prefix, e.g. /sv/c/klader. */
  pathname: string;
  state: ListUrlState;
  defaultSort: SortType;
  /** The URL of another state of this list. */
  hrefFor: (state: ListUrlState) => string;
  /** Moves to another state (client-side navigation). */
  go: (state: ListUrlState) => void;
  t: Translate;
}

export interface ListFilters {
  facets: FacetGroup[];
  /** The list's lowest and highest price before the price filter; null for an empty list. */
  price: PriceRange | null;
  currency: string;
}

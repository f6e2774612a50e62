import { type PriceBand, parsePriceBandId } from "#domain/price-bands.ts";
import { DISCOUNT_BUCKETS } from "#domain/prices.ts";

/** What a product list is asked for: its limits, scope, facets, price and search (lists and facets read it). */

export const MAX_TAKE = 200;
export const MAX_SKIP = 6000;
/** Search text beyond this is cut. */
export const MAX_SEARCH_LENGTH = 100;

/** Products matching any of these (include adds them to a list, exclude takes them out). */
export interface ListCondition {
  productIds?: number[];
  articleNumbers?: string[];
  categoryIds?: number[];
  brandIds?: number[];
  campaignIds?: number[];
  facets?: string[];
}

/** What a list shows: its scope (all given lists AND'ed; values inside one OR'ed), facets, price and search. */
export interface ListFilter {
  /** A category includes its descendants. */
  categoryIds?: number[];
  brandIds?: number[];
  campaignIds?: number[];
  productIds?: number[];
  articleNumbers?: string[];
  /** Facet ids (c_12, b_3, s_M, dc_1, d_11-15, p_color_black, pr_0-499); unknown or malformed ids are ignored. */
  facets?: string[];
  /** Selling price in major units of the market's currency, including VAT. */
  price?: { lowest?: number; highest?: number };
  searchText?: string;
  include?: ListCondition;
  exclude?: ListCondition;
  /** BY_GROUP: disjunctive facet counts (default); CURRENT: counts within the current result. */
  filterMode?: "BY_GROUP" | "CURRENT";
}

export interface ListFacetValue {
  id: string;
  facetId: string;
  parentId: string | null;
  label: string;
  count: number;
  order: number;
}

export interface ListFacetGroup {
  filterId: string;
  group: string;
  label: string;
  type: "CHECKBOX";
  values: ListFacetValue[];
}

/** Active facet values by group, from facet ids; malformed ids are dropped. */
export interface ParsedFacets {
  categories: number[];
  brands: number[];
  sizes: string[];
  campaigns: number[];
  discount: string[];
  /** identifier → ["color_black", …] */
  params: Map<string, string[]>;
  /** pr_{lowest}-{highest}: selling price bands (domain/price-bands.ts). */
  priceBands: PriceBand[];
}

export function parseFacets(ids: readonly string[] = []): ParsedFacets {
  const out: ParsedFacets = {
    categories: [],
    brands: [],
    sizes: [],
    campaigns: [],
    discount: [],
    params: new Map(),
    priceBands: [],
  };
  const int = (text: string) => (/^\d{1,9}$/.test(text) ? Number(text) : null);
  for (const raw of ids) {
    const id = raw.trim();
    if (id.length > 120) continue;
    const sep = id.indexOf("_");
    if (sep < 1) continue;
    const kind = id.slice(0, sep);
    const rest = id.slice(sep + 1);
    if (!rest) continue;
    if (kind === "c" || kind === "b" || kind === "dc") {
      const n = int(rest);
      if (n === null) continue;
      (kind === "c" ? out.categories : kind === "b" ? out.brands : out.campaigns).push(n);
    } else if (kind === "s") {
      out.sizes.push(rest);
    } else if (kind === "d") {
      if ((DISCOUNT_BUCKETS as readonly string[]).includes(rest)) out.discount.push(rest);
    } else if (kind === "p") {
      const m = /^([a-z0-9-]+)_(.+)$/.exec(rest);
      if (!m) continue;
      const identifier = m[1] as string;
      out.params.set(identifier, [...(out.params.get(identifier) ?? []), rest]);
    } else if (kind === "pr") {
      const band = parsePriceBandId(id);
      if (band) out.priceBands.push(band);
    }
  }
  return out;
}

/** The search text as it is searched: trimmed, cut at MAX_SEARCH_LENGTH characters; undefined when empty. */
export function cleanSearchText(text: string | undefined): string | undefined {
  const cut = text?.trim().slice(0, MAX_SEARCH_LENGTH).trim();
  return cut ? cut : undefined;
}

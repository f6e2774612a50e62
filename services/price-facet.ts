/**
 * The price facet of a product list (decision 0019): the Geins storefront finds a facet of type `Price` among the
 * list's facets and offers its values, price bands (domain/price-bands.ts), as choices whose ids (`pr_0-499`) it
 * sends back in `filter.facets`. services/catalog.ts tests a product against the chosen bands and, while it counts
 * the other facets, hands this file the prices it needs: the list's prices before any facet or price filter (the
 * bands follow from them, so they stay the same while the shopper narrows the list, as the storefront expects: it
 * keeps the values it got first and only updates their counts) and the prices of the products that count for the
 * price facet (those that pass every other group, as every facet counts).
 */
import { formatMoney, NBSP } from "#domain/format.ts";
import { inPriceBand, type PriceBand, priceBandId, priceBands } from "#domain/price-bands.ts";
import type { Locale } from "./reference.ts";

/** The shape of a facet group (services/catalog.ts ListFacetGroup; catalog.ts builds on this file). */
export interface PriceFacetGroup {
  filterId: "price";
  group: "price";
  label: string;
  type: "CHECKBOX";
  values: { id: string; facetId: string; parentId: null; label: string; count: number; order: number }[];
}

/** Chosen bands beyond this many are not offered back as values (they still filter). */
const MAX_CHOSEN_SHOWN = 10;

/** A test of a product's selling price (minor units, `selling[slot]`) against any of the bands. */
export function priceBandTest(
  bands: readonly PriceBand[],
  selling: Int32Array,
  minorUnits: number,
): (slot: number) => boolean {
  const unit = 10 ** minorUnits;
  const from = bands.map((b) => b.lowest * unit);
  const below = bands.map((b) => (b.highest + 1) * unit);
  return (slot) => {
    const s = selling[slot] as number;
    for (let i = 0; i < from.length; i++)
      if (s >= (from[i] as number) && s < (below[i] as number)) return true;
    return false;
  };
}

/** A band's label in the request's language and the market's currency: "500–999 kr". */
export function priceBandLabel(
  band: PriceBand,
  currency: string,
  languageId: string,
  minorUnits: number,
): string {
  const unit = 10 ** minorUnits;
  const from = formatMoney(band.lowest * unit, currency, languageId);
  const to = formatMoney(band.highest * unit, currency, languageId);
  // "500 kr" and "999 kr" share " kr": say it once.
  const cut = to.lastIndexOf(NBSP);
  const suffix = cut > 0 ? to.slice(cut) : "";
  if (suffix && from.endsWith(suffix) && !/\d/.test(suffix)) return `${from.slice(0, -suffix.length)}–${to}`;
  return `${from}–${to}`;
}

/**
 * The price facet: the bands of the list's prices (`listPrices`, the first `listCount`) and any chosen band they
 * lack, each counted over `counted` (the first `countedCount`); bands no product counts for are left out, as the
 * other facets leave out values without products. Null when no band has a product.
 */
export function priceFacet(opts: {
  listPrices: Int32Array;
  listCount: number;
  counted: Int32Array;
  countedCount: number;
  chosen: readonly PriceBand[];
  locale: Locale;
  label: string;
}): PriceFacetGroup | null {
  const { locale, counted, countedCount } = opts;
  const currency = locale.market.currency?.code;
  const minorUnits = locale.market.currency?.minorUnits ?? 2;
  if (!currency) return null;
  const bands = priceBands(opts.listPrices.subarray(0, opts.listCount), minorUnits);
  const ids = new Set(bands.map(priceBandId));
  for (const band of opts.chosen.slice(0, MAX_CHOSEN_SHOWN)) {
    const id = priceBandId(band);
    if (ids.has(id)) continue;
    ids.add(id);
    bands.push(band);
  }
  bands.sort((a, b) => a.lowest - b.lowest || a.highest - b.highest);
  const values: PriceFacetGroup["values"] = [];
  for (const band of bands) {
    let count = 0;
    for (let i = 0; i < countedCount; i++) if (inPriceBand(band, counted[i] as number, minorUnits)) count++;
    if (count === 0) continue;
    values.push({
      id: `${band.lowest}-${band.highest}`,
      facetId: priceBandId(band),
      parentId: null,
      label: priceBandLabel(band, currency, locale.language.id, minorUnits),
      count,
      order: values.length,
    });
  }
  return values.length
    ? { filterId: "price", group: "price", label: opts.label, type: "CHECKBOX", values }
    : null;
}

/**
 * Price bands: the selectable price values of a product list's price facet (the Geins storefront's `Price` facet,
 * decision 0019). A band is a range of whole major units of the list's currency, both ends included, and its facet
 * id says so: `pr_0-499` holds every selling price from 0 up to 499.99. The id carries the range itself, so a band
 * filters the same whatever bands a list offers at the moment (a bookmarked URL, another currency's band, a band
 * the list no longer offers).
 *
 * The bands a list offers come from its own prices (`priceBands`): up to `maxBands` bands holding about as many
 * products each, every band holding at least one, cut between two neighbouring prices at the roundest number
 * between them (499 | 500 rather than 437 | 438), the first from 0, the last up to a round number.
 */

export interface PriceBand {
  /** Whole major units, included. */
  lowest: number;
  /** Whole major units, included (a price up to highest + 0.99… belongs to the band). */
  highest: number;
}

export const PRICE_BAND_PREFIX = "pr_";
/** The bands a list offers at most. */
export const MAX_PRICE_BANDS = 5;
/** Ends above this are not read (nine digits, well inside the index's 32-bit minor units). */
const MAX_END = 999_999_999;

/** The facet id of a band: `pr_{lowest}-{highest}`. */
export function priceBandId(band: PriceBand): string {
  return `${PRICE_BAND_PREFIX}${band.lowest}-${band.highest}`;
}

/** A band from its facet id; null when the id is not `pr_{lowest}-{highest}` with lowest ≤ highest. */
export function parsePriceBandId(id: string): PriceBand | null {
  const m = /^pr_(\d{1,9})-(\d{1,9})$/.exec(id.trim());
  if (!m) return null;
  const lowest = Number(m[1]);
  const highest = Number(m[2]);
  if (lowest > highest || highest > MAX_END) return null;
  return { lowest, highest };
}

/** Whether a price in minor units (of a currency with `minorUnits` decimals) falls in a band. */
export function inPriceBand(band: PriceBand, priceMinor: number, minorUnits: number): boolean {
  const unit = 10 ** minorUnits;
  return priceMinor >= band.lowest * unit && priceMinor < (band.highest + 1) * unit;
}

/** Round steps, roundest first within a power of ten: 10, 5, 2, 1 (× 10^k). */
const STEP_DIGITS = [5, 2, 1];

/**
 * The roundest whole number in (after, upTo]: the one that is a multiple of the largest step of the ladder
 * …, 1000, 500, 200, 100, 50, 20, 10, 5, 2, 1. Requires after < upTo.
 */
export function roundestBetween(after: number, upTo: number): number {
  let power = 10 ** Math.max(0, Math.floor(Math.log10(Math.max(1, upTo))));
  for (; power >= 1; power /= 10) {
    for (const step of [power * 10, ...STEP_DIGITS.map((d) => d * power)]) {
      const m = (Math.floor(after / step) + 1) * step;
      if (m <= upTo) return m;
    }
  }
  return after + 1;
}

/**
 * The bands a list with these selling prices (minor units, any order; negative ones are ignored) offers, in order.
 * Contiguous from 0 (band i + 1 starts at band i's highest + 1), every band holds at least one of the prices, at
 * most `maxBands` of them. A cut is placed where the sorted prices reach the next quantile (k·n/maxBands), moved
 * up to the next different whole price when equal prices straddle it, at the roundest number between the two.
 */
export function priceBands(
  pricesMinor: ArrayLike<number>,
  minorUnits: number,
  maxBands: number = MAX_PRICE_BANDS,
): PriceBand[] {
  const unit = 10 ** minorUnits;
  const wholes: number[] = [];
  for (let i = 0; i < pricesMinor.length; i++) {
    const p = pricesMinor[i] as number;
    if (Number.isFinite(p) && p >= 0) wholes.push(Math.min(MAX_END - 1, Math.floor(p / unit)));
  }
  const n = wholes.length;
  if (n === 0 || maxBands < 1) return [];
  const sorted = Float64Array.from(wholes).sort();
  const cuts: number[] = [];
  let last = 0;
  for (let k = 1; k < maxBands; k++) {
    let i = Math.max(Math.ceil((k * n) / maxBands), last + 1);
    while (i < n && (sorted[i] as number) === (sorted[i - 1] as number)) i++;
    if (i >= n) break;
    cuts.push(roundestBetween(sorted[i - 1] as number, sorted[i] as number));
    last = i;
  }
  const max = sorted[n - 1] as number;
  const top = Math.min(MAX_END, roundestBetween(max, max + Math.max(1, Math.floor(max / 2))) - 1);
  const starts = [0, ...cuts];
  return starts.map((lowest, i) => ({
    lowest,
    highest: i + 1 < starts.length ? (starts[i + 1] as number) - 1 : top,
  }));
}

/**
 * Price presentation rules: the discount percentage, the lowest price of the last 30 days before a
 * reduction (prisinformationslagen 7 a §, Sweden; prisopplysningsforskriften § 9 a, Norway; both from
 * the EU price indication directive art. 6a) and the discount buckets of the product filter.
 */

/**
 * The discount in whole percent, rounded down so that a shop never overstates a discount
 * (1000 → 667 is 33 %, not 34 %). 0 when the selling price is not below the regular price.
 */
export function discountPercentage(regularMinor: number, sellingMinor: number): number {
  if (!Number.isSafeInteger(regularMinor) || !Number.isSafeInteger(sellingMinor)) {
    throw new RangeError(`Prices must be integer minor units, got ${regularMinor} and ${sellingMinor}`);
  }
  if (sellingMinor < 0) throw new RangeError(`A selling price cannot be negative, got ${sellingMinor}`);
  if (regularMinor <= 0 || sellingMinor >= regularMinor) return 0;
  const reduction = regularMinor - sellingMinor;
  // reduction × 100 / regular, floored, in exact integer arithmetic (BigInt only past 2^53).
  const scaled = reduction * 100;
  if (Number.isSafeInteger(scaled)) return (scaled - (scaled % regularMinor)) / regularMinor;
  return Number((BigInt(reduction) * 100n) / BigInt(regularMinor));
}

export type PriceLogEntry = {
  /** When this selling price took effect; it holds until the next entry. */
  at: Date | string;
  priceMinor: number;
};

const DAY_MS = 86_400_000;

function toTime(value: Date | string): number {
  const time = (typeof value === "string" ? new Date(value) : value).getTime();
  if (Number.isNaN(time)) throw new RangeError(`Invalid date in price log: "${String(value)}"`);
  return time;
}

/**
 * The lowest selling price in effect at any moment during the `days` days (default 30) before the
 * current reduction started: the price in effect when the window opened (the last entry at or
 * before the window start) and every price set inside the window, up to but excluding
 * `reductionStart` itself. When nothing changed inside the window this is simply the price in
 * effect at the start of the window. null when the log has no price in effect during the window.
 *
 * For a reduction in steps (−10 %, then −20 %), pass the start of the first step, as both laws
 * require the reference price from before the first reduction. The window is `days` × 24 hours;
 * around a DST change it may reach an hour further back, which can only lower the reference price,
 * never overstate the discount.
 */
export function lowestPriceBefore(
  log: readonly PriceLogEntry[],
  reductionStart: Date,
  days = 30,
): number | null {
  if (!Number.isSafeInteger(days) || days < 1)
    throw new RangeError(`days must be a positive integer, got ${days}`);
  const end = toTime(reductionStart);
  const start = end - days * DAY_MS;
  const entries = log
    .map((e) => {
      if (!Number.isSafeInteger(e.priceMinor))
        throw new RangeError(`Invalid price ${e.priceMinor} in price log`);
      return { time: toTime(e.at), price: e.priceMinor };
    })
    .sort((a, b) => a.time - b.time);

  let lowest: number | null = null;
  let inEffectAtStart: number | null = null;
  for (const { time, price } of entries) {
    if (time <= start) inEffectAtStart = price;
    else if (time < end) lowest = lowest === null ? price : Math.min(lowest, price);
  }
  if (inEffectAtStart === null) return lowest;
  return lowest === null ? inEffectAtStart : Math.min(lowest, inEffectAtStart);
}

// ---------------------------------------------------------------------------------------------------------------
// Announcing a reduction (docs/decisions/0013-reductions-against-the-prior-price.md). Mirrored in SQL for the list
// index by mili_price_reductions (migration 0006); tests/integration/price-reduction.test.ts proves the two equal.

/** The days before a reduction whose lowest price is the reduction's prior price. */
export const PRIOR_PRICE_DAYS = 30;

/** A price applied from `at` until the next change of its history. `at` may be -Infinity (epoch ms): since always. */
export interface PriceChange {
  at: Date | string | number;
  priceMinor: number;
}

/** A reduction to announce at a moment: the price then, the reduction's prior price and the percentage between. */
export interface PriceReduction {
  /** The price applied at the moment asked. */
  sellingMinor: number;
  /** The prior price: the lowest price applied during the 30 days before the reduction began. */
  priorMinor: number;
  /** (prior − selling) / prior in whole percent, rounded down (`discountPercentage`); always at least 1. */
  percent: number;
  /** When the reduction began: its first step. */
  since: Date;
}

/**
 * A price history as segments: start times strictly increasing (epoch ms; only the first may be -Infinity) and each
 * price different from the one before it.
 */
export interface PriceSegments {
  t: number[];
  p: number[];
}

function timeOfChange(value: Date | string | number): number {
  if (typeof value === "number") {
    if (Number.isNaN(value) || value === Number.POSITIVE_INFINITY)
      throw new RangeError(`Invalid time in price history: ${value}`);
    return value;
  }
  return toTime(value);
}

/**
 * A history's segments: changes in time order; of two changes at one instant the later one given holds; a change to
 * the price already applied changes nothing.
 */
export function priceSegments(history: readonly PriceChange[]): PriceSegments {
  const changes = history.map((c, order) => {
    if (!Number.isSafeInteger(c.priceMinor) || c.priceMinor < 0)
      throw new RangeError(`Invalid price ${c.priceMinor} in price history`);
    return { time: timeOfChange(c.at), price: c.priceMinor, order };
  });
  changes.sort((a, b) => a.time - b.time || a.order - b.order);
  const t: number[] = [];
  const p: number[] = [];
  for (const { time, price } of changes) {
    if (t.length && t[t.length - 1] === time) {
      p[p.length - 1] = price;
      // The price replaced may have differed from the one before it: merge again.
      if (p.length > 1 && p[p.length - 2] === price) {
        t.pop();
        p.pop();
      }
    } else if (!p.length || p[p.length - 1] !== price) {
      t.push(time);
      p.push(price);
    }
  }
  return { t, p };
}

/** The segment applied at `time`: the last one starting at or before it; -1 before the first. */
function segmentAt(segments: PriceSegments, time: number): number {
  const { t } = segments;
  let lo = 0;
  let hi = t.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((t[mid] as number) <= time) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/**
 * The reduction to announce while segment k applies (SQL: mili_price_reductions, step for step), or null.
 * - Segment k is a reduction when its price is below the price before it (a rise ends any reduction).
 * - A reduction that deepens step by step keeps its first step: the falls right before it, one after the other, that
 *   came at most `window` before segment k's own fall belong to it (prisinformationslagen 7 a §: "Om priset under
 *   denna tid har sänkts gradvis": lowered gradually during the 30 days before the reduction).
 * - The prior price is the lowest price of the segments applied during [first step − window, first step).
 * - Announced only when the percentage from the prior price is at least 1.
 */
function reductionOfSegment(
  segments: PriceSegments,
  k: number,
  window: number,
): { since: number; prior: number; percent: number } | null {
  const { t, p } = segments;
  if (k < 1 || !((p[k - 1] as number) > (p[k] as number))) return null;
  let j = k;
  while (
    j >= 2 &&
    (p[j - 2] as number) > (p[j - 1] as number) &&
    (t[k] as number) - (t[j - 1] as number) <= window
  )
    j--;
  const since = t[j] as number;
  let prior = Number.POSITIVE_INFINITY;
  for (let i = 0; i < j; i++)
    if ((t[i + 1] as number) > since - window) prior = Math.min(prior, p[i] as number);
  const percent = discountPercentage(prior, p[k] as number);
  return percent > 0 ? { since, prior, percent } : null;
}

function windowOf(days: number): number {
  if (!Number.isSafeInteger(days) || days < 1)
    throw new RangeError(`days must be a positive integer, got ${days}`);
  return days * DAY_MS;
}

/** The price a history applies at `at`; null before its first change. */
export function priceAt(history: readonly PriceChange[], at: Date | number): number | null {
  const segments = priceSegments(history);
  const k = segmentAt(segments, timeOfChange(at));
  return k < 0 ? null : (segments.p[k] as number);
}

/**
 * THE rule for announcing a reduction (prisinformationslagen 7 a §, prisopplysningsforskriften § 9 a, directive
 * 98/6/EC art. 6a): the reduction to announce at `at` for a history of applied prices, or null when there is none.
 * The reduction began with the latest fall of the price to what applies at `at`, or with the first of the falls in a
 * row that led to it within the `days` days before that fall (a reduction in steps); its prior price is the lowest
 * price applied during the `days` days before it began, and stays its prior price for as long as the reduction lasts. When the prior price is not above
 * today's price (or the percentage rounds down to 0) there is nothing to announce: no struck price, no percentage,
 * no "discounted" flag, no discount bucket.
 */
export function priceReduction(
  history: readonly PriceChange[],
  at: Date | number,
  days = PRIOR_PRICE_DAYS,
): PriceReduction | null {
  const window = windowOf(days);
  const segments = priceSegments(history);
  const k = segmentAt(segments, timeOfChange(at));
  const found = reductionOfSegment(segments, k, window);
  return found
    ? {
        sellingMinor: segments.p[k] as number,
        priorMinor: found.prior,
        percent: found.percent,
        since: new Date(found.since),
      }
    : null;
}

/** The price row a SKU sells by now (db: prices), with the price campaign behind its reduction. */
export interface CurrentPrice {
  regularMinor: number;
  sellingMinor: number;
  /** When its reduction (a selling price below the regular one) takes effect; null: whenever its campaign allows. */
  reducedSince: Date | string | null;
  /** The price campaign behind the reduction, when any: its activity and dates decide when the reduction applies. */
  campaign: { active: boolean; startsAt: Date | string | null; endsAt: Date | string | null } | null;
}

/**
 * The price a price row applies at a moment (SQL: mili_price_in_effect): a reduction applies from `reducedSince`,
 * while its campaign (if any) is active and between its start (inclusive) and end (exclusive); otherwise the regular
 * price.
 */
export function priceInEffect(current: CurrentPrice, at: Date | number): number {
  const time = timeOfChange(at);
  const { regularMinor: regular, sellingMinor: selling, reducedSince, campaign } = current;
  if (selling >= regular) return selling;
  const after = (moment: Date | string | null) => moment === null || toTime(moment) <= time;
  const applies =
    after(reducedSince) &&
    (campaign === null ||
      (campaign.active &&
        after(campaign.startsAt) &&
        (campaign.endsAt === null || time < toTime(campaign.endsAt))));
  return applies ? selling : regular;
}

/**
 * A SKU's applied prices over time: its logged prices (db: price_log, in logging order) up to its last logged change,
 * and from that change on (always, without a log) what its current price row applies, including a reduction that
 * begins or ends by its dates.
 */
export function appliedPrices(log: readonly PriceChange[], current: CurrentPrice): PriceChange[] {
  const logged = log.map((c) => ({ at: timeOfChange(c.at), priceMinor: c.priceMinor }));
  const last = logged.reduce((m, c) => Math.max(m, c.at), Number.NEGATIVE_INFINITY);
  const out: PriceChange[] = logged.filter((c) => c.at < last);
  const edges = new Set([last]);
  const reducible = current.sellingMinor < current.regularMinor && (current.campaign?.active ?? true);
  if (reducible) {
    for (const moment of [
      current.reducedSince,
      current.campaign?.startsAt ?? null,
      current.campaign?.endsAt ?? null,
    ]) {
      if (moment === null) continue;
      const time = toTime(moment);
      if (time > last) edges.add(time);
    }
  }
  for (const at of [...edges].sort((a, b) => a - b)) out.push({ at, priceMinor: priceInEffect(current, at) });
  return out;
}

/**
 * A product's price over time: at each change of any of its SKUs' histories, the lowest price its SKUs apply then
 * (a SKU counts from its first change on), as lists price a product by its cheapest SKU.
 */
export function cheapestPrices(histories: readonly (readonly PriceChange[])[]): PriceChange[] {
  const all = histories.map(priceSegments);
  const times = [...new Set(all.flatMap((s) => s.t))].sort((a, b) => a - b);
  const cursor = all.map(() => -1);
  const out: PriceChange[] = [];
  for (const time of times) {
    let lowest = Number.POSITIVE_INFINITY;
    all.forEach((s, h) => {
      let k = cursor[h] as number;
      while (k + 1 < s.t.length && (s.t[k + 1] as number) <= time) k++;
      cursor[h] = k;
      if (k >= 0) lowest = Math.min(lowest, s.p[k] as number);
    });
    if (Number.isFinite(lowest)) out.push({ at: time, priceMinor: lowest });
  }
  return out;
}

export const DISCOUNT_BUCKETS = [
  "0-5",
  "6-10",
  "11-15",
  "16-20",
  "21-30",
  "31-40",
  "41-50",
  "51-60",
  "61-70",
  "71-80",
  "81-100",
] as const;
export type DiscountBucket = (typeof DISCOUNT_BUCKETS)[number];

/** Upper bound (inclusive) of each bucket, in the order of DISCOUNT_BUCKETS. */
const BUCKET_UPPER = [5, 10, 15, 20, 30, 40, 50, 60, 70, 80, 100] as const;

/**
 * The filter bucket of an announced reduction's percentage (`PriceReduction.percent`), or null for 0: a price
 * without an announced reduction belongs to no bucket ("0-5" holds 1–5 %). A fractional percentage is first
 * rounded down, as in `discountPercentage`. Throws outside 0..100.
 */
export function discountBucket(percent: number): DiscountBucket | null {
  if (!Number.isFinite(percent) || percent < 0 || percent > 100) {
    throw new RangeError(`A discount percentage must be within 0..100, got ${percent}`);
  }
  const whole = Math.floor(percent);
  if (whole === 0) return null;
  const index = BUCKET_UPPER.findIndex((upper) => whole <= upper);
  const bucket = DISCOUNT_BUCKETS[index];
  if (bucket === undefined) throw new RangeError(`No bucket for ${percent}`);
  return bucket;
}

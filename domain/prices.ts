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
 * The filter bucket for a discount percentage. A fractional percentage is first rounded down, as in
 * `discountPercentage`. Throws outside 0..100.
 */
export function discountBucket(percent: number): DiscountBucket {
  if (!Number.isFinite(percent) || percent < 0 || percent > 100) {
    throw new RangeError(`A discount percentage must be within 0..100, got ${percent}`);
  }
  const whole = Math.floor(percent);
  const index = BUCKET_UPPER.findIndex((upper) => whole <= upper);
  const bucket = DISCOUNT_BUCKETS[index];
  if (bucket === undefined) throw new RangeError(`No bucket for ${percent}`);
  return bucket;
}

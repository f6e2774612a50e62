import { DISCOUNT_BUCKETS, type DiscountBucket, discountBucket } from "./prices.ts";

/**
 * The analytics `sales_type` of an item (spec §7 "Analytics data layer", §9 "sales_type discount buckets"; decision
 * 0042): `full_price` when the shopper sees no announced reduction, else `reduced_{bucket}` with the bucket of the
 * reduction's percentage as the list filters count it (`discountBucket`: 1–5 % → `reduced_0-5`, 6–10 % →
 * `reduced_6-10`, … 81–100 % → `reduced_81-100`; a fractional percentage is rounded down first, so 5.9 % is still
 * 0-5 and anything below 1 % is full price). The percentage is the one the shopper is shown: the reduction from
 * the lowest price of the 30 days before it.
 */
export type SalesType = "full_price" | `reduced_${DiscountBucket}`;

export const FULL_PRICE = "full_price" as const;

/** Every sales type, from full price to the largest reduction. */
export const SALES_TYPES: readonly SalesType[] = [
  FULL_PRICE,
  ...DISCOUNT_BUCKETS.map((b) => `reduced_${b}` as const),
];

/**
 * The sales type of an item reduced by `percent` (0..100; null or undefined: not reduced). Throws a RangeError
 * outside 0..100 or for a number that is not finite: a caller that cannot vouch for its input catches it.
 */
export function salesType(percent: number | null | undefined): SalesType {
  if (percent === null || percent === undefined) return FULL_PRICE;
  const bucket = discountBucket(percent);
  return bucket ? `reduced_${bucket}` : FULL_PRICE;
}

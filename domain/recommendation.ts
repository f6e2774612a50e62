/**
 * Which products to recommend beside a product (spec §3, §4, §9; docs/decisions/0040): the built-in provider's
 * two rules, "bought together" and "similar", as pure functions over what the database counted. A provider
 * outside (integrations/recommendations/) answers its own order; these rules are the default and the fallback.
 */

export const RECOMMENDATION_KINDS = ["bought-together", "similar"] as const;
export type RecommendationKind = (typeof RECOMMENDATION_KINDS)[number];

/** The most products one recommendation list shows. */
export const MAX_RECOMMENDATIONS = 12;

/** A product bought in the same orders as the product shown: in how many orders, and how many units in all. */
export interface CoPurchase {
  productId: number;
  orders: number;
  units: number;
}

/**
 * "Bought together": products that share the most orders with the shown one first (then more units, then the
 * lower id, so the order never wavers between two requests), without the shown product itself or any product
 * that cannot be shown (inactive, sold out and not oversellable: `excluded`), at most `take`.
 */
export function rankBoughtTogether(
  coPurchases: readonly CoPurchase[],
  opts: { productId: number; excluded?: ReadonlySet<number>; take: number },
): number[] {
  const seen = new Set<number>([opts.productId]);
  const ranked = [...coPurchases]
    .filter((c) => c.orders > 0 && !opts.excluded?.has(c.productId))
    .sort((a, b) => b.orders - a.orders || b.units - a.units || a.productId - b.productId);
  const out: number[] = [];
  for (const c of ranked) {
    if (out.length >= clampTake(opts.take)) break;
    if (seen.has(c.productId)) continue;
    seen.add(c.productId);
    out.push(c.productId);
  }
  return out;
}

/** A product that might be similar: its category, brand, selling price (minor units) and units sold. */
export interface SimilarCandidate {
  productId: number;
  categoryId: number | null;
  brandId: number | null;
  priceMinor: number | null;
  salesCount: number;
}

/**
 * "Similar": products in the shown product's primary category, the nearest in price first (relative distance,
 * so 100 kr off a 2,000 kr jacket is nearer than 100 kr off a 150 kr cap), the same brand before another at an
 * equal distance, then the better seller, then the lower id. Without a category nothing is similar.
 */
export function rankSimilar(
  target: SimilarCandidate,
  candidates: readonly SimilarCandidate[],
  opts: { excluded?: ReadonlySet<number>; take: number },
): number[] {
  if (target.categoryId === null) return [];
  const distance = (c: SimilarCandidate) =>
    target.priceMinor === null || c.priceMinor === null || target.priceMinor <= 0
      ? Number.POSITIVE_INFINITY
      : Math.abs(c.priceMinor - target.priceMinor) / target.priceMinor;
  const seen = new Set<number>([target.productId]);
  const out: number[] = [];
  const ranked = candidates
    .filter((c) => c.categoryId === target.categoryId && !opts.excluded?.has(c.productId))
    .map((c) => ({
      c,
      d: distance(c),
      brand: target.brandId !== null && c.brandId === target.brandId ? 0 : 1,
    }))
    .sort(
      (a, b) =>
        compareDistance(a.d, b.d) ||
        a.brand - b.brand ||
        b.c.salesCount - a.c.salesCount ||
        a.c.productId - b.c.productId,
    );
  for (const { c } of ranked) {
    if (out.length >= clampTake(opts.take)) break;
    if (seen.has(c.productId)) continue;
    seen.add(c.productId);
    out.push(c.productId);
  }
  return out;
}

/**
 * One list from the preferred answer and a fallback: the preferred ones first, then the fallback's that are not
 * already in it, at most `take` (a product bought together with few others is filled up with similar ones).
 */
export function fillUp(preferred: readonly number[], fallback: readonly number[], take: number): number[] {
  const out: number[] = [];
  for (const id of [...preferred, ...fallback]) {
    if (out.length >= clampTake(take)) break;
    if (!out.includes(id)) out.push(id);
  }
  return out;
}

/** How many a list may hold: `take` as an integer between 0 and MAX_RECOMMENDATIONS (0 for anything else). */
export function clampTake(take: number): number {
  return Number.isInteger(take) ? Math.max(0, Math.min(take, MAX_RECOMMENDATIONS)) : 0;
}

function compareDistance(a: number, b: number): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

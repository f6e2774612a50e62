/**
 * Stock status of a SKU as shown to customers, and how many units a cart may hold.
 */

export type Stock = {
  /** Units on the shelf (a negative value, e.g. after an oversale, counts as 0). */
  inStock: number;
  /** Units that may be sold beyond the shelf: backorder with a longer delivery time. */
  oversellable: number;
  /** The total the stock source reports; informative only, not used for the status or the orderable quantity. */
  totalStock: number;
  /** Greater than 0: static stock, always available and never counted down (e.g. made to order). */
  static: number;
  /** Expected restock date, ISO "YYYY-MM-DD", or null. */
  incoming: string | null;
};

export type StockStatus =
  | { kind: "inStock" }
  | { kind: "fewLeft"; quantity: number }
  | { kind: "outOfStock" }
  | { kind: "backorder" }
  | { kind: "static" };

const shelf = (stock: Stock): number => Math.max(0, Math.trunc(stock.inStock));
const beyondShelf = (stock: Stock): number => Math.max(0, Math.trunc(stock.oversellable));

/**
 * - static > 0: "static" (always available);
 * - units on the shelf: "fewLeft" with the quantity when 1..threshold remain and nothing more can be
 *   sold beyond them, otherwise "inStock" (with oversellable units the shelf count is no real limit,
 *   so "only 3 left" would be untrue);
 * - none on the shelf but oversellable units: "backorder" (longer delivery);
 * - otherwise "outOfStock" (the UI may show `incoming` as the expected restock date).
 */
export function stockStatus(stock: Stock, fewLeftThreshold = 5): StockStatus {
  if (!Number.isSafeInteger(fewLeftThreshold) || fewLeftThreshold < 0) {
    throw new RangeError(`fewLeftThreshold must be a non-negative integer, got ${fewLeftThreshold}`);
  }
  if (stock.static > 0) return { kind: "static" };
  const onShelf = shelf(stock);
  if (onShelf > 0) {
    if (onShelf <= fewLeftThreshold && beyondShelf(stock) === 0)
      return { kind: "fewLeft", quantity: onShelf };
    return { kind: "inStock" };
  }
  if (beyondShelf(stock) > 0) return { kind: "backorder" };
  return { kind: "outOfStock" };
}

/**
 * The most units of the SKU one order may contain: shelf plus oversellable units, and
 * Number.POSITIVE_INFINITY for static stock (use it with Math.min; never serialise it).
 */
export function maxOrderable(stock: Stock): number {
  if (stock.static > 0) return Number.POSITIVE_INFINITY;
  return shelf(stock) + beyondShelf(stock);
}

/** True when at least `quantity` units can be ordered. */
export function canOrder(stock: Stock, quantity: number): boolean {
  return Number.isSafeInteger(quantity) && quantity > 0 && quantity <= maxOrderable(stock);
}

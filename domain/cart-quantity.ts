/** The most units of one SKU a cart line may hold, and the most lines a cart may hold. */
export const MAX_LINE_QUANTITY = 999;
export const MAX_CART_LINES = 100;

/**
 * The quantity the cart shows (spec §4): loose items by their quantity, plus each distinct group or package once.
 */
export function cartQuantity(items: readonly { quantity: number; groupKey?: string | null }[]): number {
  const groups = new Set<string>();
  let loose = 0;
  for (const item of items) {
    if (item.groupKey) groups.add(item.groupKey);
    else loose += item.quantity;
  }
  return loose + groups.size;
}

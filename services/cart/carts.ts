import { eq, inArray } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { cartItems, carts } from "#db/schema/index.ts";
import { changeCart } from "./change.ts";
import { type CartContext, CartError, type CartView, currencyOf, MAX_MERCHANT_DATA, UUID } from "./model.ts";
import { priceStoredCart } from "./pricing.ts";
import { buyable, cartColumns, createCart, findCart, loadItems, touch } from "./store.ts";

/** Reading a cart (getCart), copying one (cloneCart) and the merchant's data on it. */

/**
 * cloneCart: a new cart holding another cart's items (packages as packages), customer type, merchant data and,
 * unless `resetPromotions`, its promo code; the other cart, completed or not, is left as it is. Gift cards are
 * payments, not promotions: they stay with their cart.
 */
export async function cloneCart(
  db: Database,
  ctx: CartContext,
  id: string,
  opts: { resetPromotions?: boolean } = {},
): Promise<CartView> {
  if (!UUID.test(id)) throw new CartError("INVALID_CART_ID", `"${id.slice(0, 64)}" is not a cart id`);
  return db.transaction(async (tx) => {
    const source = await findCart(tx, id, false);
    if (!source) throw new CartError("INVALID_CART_ID", "No such cart");
    const copy = await createCart(tx, ctx);
    const items = await tx.select().from(cartItems).where(eq(cartItems.cartId, source.id));
    if (items.length)
      await tx.insert(cartItems).values(
        items.map(({ id: _id, cartId: _cartId, createdAt: _at, ...item }) => ({
          ...item,
          cartId: copy.id,
        })),
      );
    const [row] = await tx
      .update(carts)
      .set({
        customerType: source.customerType,
        merchantData: source.merchantData,
        promoCode: opts.resetPromotions ? null : source.promoCode,
      })
      .where(eq(carts.id, copy.id))
      .returning(cartColumns);
    return priceStoredCart(tx, row ?? copy, ctx);
  });
}

/**
 * getCart: the priced cart. An empty, unknown or completed id starts a new cart (so a stale cookie recovers by
 * itself); with `includeCompleted` a completed id answers that completed cart. `forceRefresh` also deletes lines that can no longer be bought (inactive, no price in the market);
 * otherwise they are kept, but left out of the cart and its totals.
 */
export async function getCart(
  db: Database,
  ctx: CartContext,
  id: string | null | undefined,
  opts: { forceRefresh?: boolean; allowExternalShippingFee?: boolean; includeCompleted?: boolean } = {},
): Promise<CartView> {
  const currency = currencyOf(ctx.locale);
  const found = id ? await findCart(db, id, false) : undefined;
  // includeCompleted: a completed cart is answered as it is (the order confirmation reads it), priced as
  // completeCart's retry prices it.
  if (found && found.completedAt !== null && opts.includeCompleted)
    return priceStoredCart(db, found, ctx, opts);
  if (found && found.completedAt === null && !opts.forceRefresh) return priceStoredCart(db, found, ctx, opts);
  return db.transaction(async (tx) => {
    const locked = id ? await findCart(tx, id, true) : undefined;
    if (!locked || locked.completedAt !== null)
      return priceStoredCart(tx, await createCart(tx, ctx), ctx, opts);
    const stale = (await loadItems(tx, locked.id, ctx.locale.market.alias, ctx.now ?? new Date())).filter(
      (i) => !buyable(i, currency),
    );
    if (stale.length) {
      await tx.delete(cartItems).where(
        inArray(
          cartItems.id,
          stale.map((i) => i.id),
        ),
      );
      await touch(tx, locked, ctx);
      locked.version++;
    }
    return priceStoredCart(tx, locked, ctx, opts);
  });
}

/** setCartMerchantData: free JSON the merchant's integrations keep on the cart (at most 10 kB). */
export function setCartMerchantData(
  db: Database,
  ctx: CartContext,
  id: string | null | undefined,
  data: string,
) {
  if (data.length > MAX_MERCHANT_DATA)
    throw new CartError(
      "MERCHANT_DATA_TOO_LARGE",
      `Merchant data is limited to ${MAX_MERCHANT_DATA} characters`,
      { max: MAX_MERCHANT_DATA },
    );
  let value: unknown = data;
  try {
    value = JSON.parse(data);
  } catch {
    // Plain text is kept as a JSON string.
  }
  return changeCart(db, ctx, id, async (tx, cart) => {
    await tx.update(carts).set({ merchantData: value }).where(eq(carts.id, cart.id));
  });
}

import type { Database, Tx } from "#db/client.ts";
import { type CartContext, CartError, type CartView, currencyOf, UUID } from "./model.ts";
import { priceStoredCart } from "./pricing.ts";
import { createCart, findCart, type StoredCart, touch } from "./store.ts";

/**
 * Runs one change on a cart: locks the row (creating a new cart for an empty, unknown or completed id), applies
 * `change`, bumps the version and returns the priced cart, all in one transaction. A CartError rolls it back.
 */
export async function changeCart(
  db: Database,
  ctx: CartContext,
  id: string | null | undefined,
  change: (tx: Tx, cart: StoredCart) => Promise<void>,
  opts: { validateAfter?: (view: CartView) => void } = {},
): Promise<CartView> {
  if (id && !UUID.test(id)) throw new CartError("INVALID_CART_ID", `"${id.slice(0, 64)}" is not a cart id`);
  currencyOf(ctx.locale);
  return db.transaction(async (tx) => {
    let cart = id ? await findCart(tx, id, true) : undefined;
    if (!cart || cart.completedAt !== null) cart = await createCart(tx, ctx);
    await change(tx, cart);
    // The cart as written comes back from the version's bump: no second read.
    const view = await priceStoredCart(tx, await touch(tx, cart, ctx), ctx);
    opts.validateAfter?.(view);
    return view;
  });
}

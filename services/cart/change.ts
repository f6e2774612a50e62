import type { Database, Tx } from "#db/client.ts";
import { type CartContext, CartError, type CartView, currencyOf, UUID } from "./model.ts";
import { pricedCart, readForPricing } from "./pricing.ts";
import { createCart, findCart, type StoredCart, touch } from "./store.ts";

/**
 * What a change may leave to changeCart: its last statement, built but not sent (a Drizzle query builder or
 * prepared query). changeCart sends it with the version's bump and the priced read right behind it.
 */
export interface ChangeStep {
  last: { execute(): Promise<unknown> };
}

/**
 * A read sent together with the cart's row lock, right behind it: the server runs a connection's statements in
 * the order they were sent, and starts the second (taking its snapshot) only once the first holds the lock, so
 * it sees the cart as the lock holder leaves it. `value` is what it read for the id asked; `sameCart` is false
 * when that id was unknown or completed and the change runs on a new, empty cart instead.
 */
export interface AlongLock<T> {
  value: T;
  sameCart: boolean;
}

/**
 * Runs one change on a cart: locks the row (creating a new cart for an empty, unknown or completed id), applies
 * `change`, bumps the version and returns the priced cart, all in one transaction. A CartError rolls it back.
 *
 * Round trips (decision 0070): the lock and `alongLock`'s read in one; the change's own reads and checks; then
 * the change's `last` statement, the version's bump and the priced read in one — sent in that order, so the
 * bump and the read come after the write on the server and see it.
 */
export async function changeCart<T = never>(
  db: Database,
  ctx: CartContext,
  id: string | null | undefined,
  change: (
    tx: Tx,
    cart: StoredCart,
    along: AlongLock<T> | undefined,
    // biome-ignore lint/suspicious/noConfusingVoidType: most changes are `async` functions that return nothing.
  ) => Promise<ChangeStep | void>,
  opts: {
    validateAfter?: (view: CartView) => void;
    /** A read sent right behind the lock (only when an id is given); it must send its statement when called. */
    alongLock?: (tx: Tx, cartId: string) => Promise<T>;
  } = {},
): Promise<CartView> {
  if (id && !UUID.test(id)) throw new CartError("INVALID_CART_ID", `"${id.slice(0, 64)}" is not a cart id`);
  currencyOf(ctx.locale);
  return db.transaction(async (tx) => {
    let cart: StoredCart | undefined;
    let along: AlongLock<T> | undefined;
    if (id) {
      // Sent in this order, in one round trip: the lock first.
      const [locked, read] = await Promise.all([
        findCart(tx, id, true),
        opts.alongLock ? opts.alongLock(tx, id).then((value) => ({ value })) : undefined,
      ]);
      cart = locked;
      if (read) along = { value: read.value, sameCart: true };
    }
    if (!cart || cart.completedAt !== null) {
      cart = await createCart(tx, ctx);
      if (along) along.sameCart = false;
    }
    const step = await change(tx, cart, along);
    // One round trip, in this order: the change's write, the bump (answering the cart as written: no second
    // read of it) and the priced read.
    const written = step?.last.execute();
    const bumped = touch(tx, cart, ctx);
    const read = readForPricing(tx, cart, ctx);
    const [, touched] = await Promise.all([written, bumped, read.loaded]);
    const view = await pricedCart(tx, touched, ctx, read);
    opts.validateAfter?.(view);
    return view;
  });
}

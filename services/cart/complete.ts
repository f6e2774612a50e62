import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { carts, giftCards, giftCardTransactions, promoCodes, promoCodeUses } from "#db/schema/index.ts";
import { type CartContext, CartError, UUID } from "./model.ts";
import { priceStoredCart } from "./pricing.ts";
import { findCart } from "./store.ts";

/**
 * completeCart: closes the cart; using its id again starts a new cart. In the same transaction it records what the
 * cart drew on: one use of its applied promo code (the code's count and a promo_code_uses row, for the per-code
 * and per-customer limits) and the gift card amounts it used (each card's balance goes down, a
 * gift_card_transactions row per card), each row naming the cart. A promo code that can no longer be used is
 * refused (INVALID_PROMO_CODE) and nothing changes. Completing twice changes nothing the second time and answers
 * the same money (a completed cart is priced as of its completion: see priceStoredCart).
 */
export async function completeCart(
  db: Database,
  ctx: CartContext,
  id: string,
  opts: { allowExternalShippingFee?: boolean } = {},
) {
  if (!UUID.test(id)) throw new CartError("INVALID_CART_ID", `"${id.slice(0, 64)}" is not a cart id`);
  return db.transaction(async (tx) => {
    const cart = await findCart(tx, id, true);
    if (!cart) throw new CartError("INVALID_CART_ID", "No such cart");
    // Completed before (a retry): nothing is drawn twice.
    if (cart.completedAt !== null) return priceStoredCart(tx, cart, ctx, opts);
    // Lock what completing draws on before pricing, so the price uses the use count and the balances that are
    // written: the promo code's row, then the gift cards in id order (the same order everywhere: no deadlock).
    if (cart.promoCode)
      await tx
        .select({ id: promoCodes.id })
        .from(promoCodes)
        .where(eq(promoCodes.code, cart.promoCode))
        .for("update");
    if (cart.giftCardCodes.length)
      await tx
        .select({ id: giftCards.id })
        .from(giftCards)
        .where(inArray(giftCards.code, cart.giftCardCodes))
        .orderBy(asc(giftCards.id))
        .for("update");
    // A delivery checkout's fee (nShift) where the order charges it (services/orders/place.ts).
    const view = await priceStoredCart(tx, cart, ctx, opts);
    // A code that stopped being usable since it was accepted (used up by other carts, expired) is refused rather
    // than silently dropped: the shopper would pay more than the cart said.
    if (view.promoCodeUnmet?.code === "validity")
      throw new CartError("INVALID_PROMO_CODE", "The promo code can no longer be used", {});
    const promo = view.totals.promo;
    if (promo?.status === "applied" && cart.promoCode) {
      const [row] = await tx
        .update(promoCodes)
        .set({ uses: sql`${promoCodes.uses} + 1` })
        .where(eq(promoCodes.code, cart.promoCode))
        .returning({ id: promoCodes.id });
      if (row)
        await tx
          .insert(promoCodeUses)
          .values({ promoCodeId: row.id, customerId: cart.customerId, cartId: cart.id });
    }
    for (const card of view.giftCards) {
      if (card.used <= 0) continue;
      const [row] = await tx
        .update(giftCards)
        .set({ balanceMinor: sql`${giftCards.balanceMinor} - ${card.used}` })
        .where(eq(giftCards.code, card.code))
        .returning({ id: giftCards.id });
      if (row)
        await tx
          .insert(giftCardTransactions)
          .values({ giftCardId: row.id, cartId: cart.id, amountMinor: -card.used });
    }
    await tx
      .update(carts)
      .set({ completedAt: sql`now()`, version: sql`${carts.version} + 1` })
      .where(eq(carts.id, id));
    return { ...view, version: view.version + 1, isCompleted: true };
  });
}

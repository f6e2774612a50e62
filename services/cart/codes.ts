import { eq } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { carts, giftCards, promoCodes } from "#db/schema/index.ts";
import { amountIn, normalizeCode } from "#domain/cart.ts";
import { formatMoney } from "#domain/format.ts";
import { changeCart } from "./change.ts";
import { type CartContext, CartError, currencyOf, MAX_GIFT_CARDS } from "./model.ts";
import { promoUnusable } from "./promo-rules.ts";

/** Promo codes and gift cards on a cart (one field for both): adding and removing them. */

/**
 * setCartPromoCode: a promo code or a gift card (the same field). Empty removes the promo code. An unknown,
 * expired or used-up code is refused; so is a code whose requirements the cart does not meet (RequirementsNotMet,
 * with the unmet condition). A gift card in another currency or without balance is refused as if unknown.
 * Tries are rate limited by the caller (services/code-tries.ts).
 */
export function setCartPromoCode(
  db: Database,
  ctx: CartContext,
  id: string | null | undefined,
  text: string,
) {
  const now = ctx.now ?? new Date();
  const currency = currencyOf(ctx.locale);
  if (text.trim() === "")
    return changeCart(db, ctx, id, async (tx, cart) => {
      await tx.update(carts).set({ promoCode: null }).where(eq(carts.id, cart.id));
    });
  const code = normalizeCode(text);
  if (code === null) throw new CartError("INVALID_PROMO_CODE", "The promo code is not valid", {});
  let settingPromo = false;
  return changeCart(
    db,
    ctx,
    id,
    async (tx, cart) => {
      const [card] = await tx.select().from(giftCards).where(eq(giftCards.code, code));
      if (card) {
        // Inactive, expired, another currency's or used up: answered exactly as an unknown code, so a guesser
        // learns nothing about which codes exist (issue 10).
        if (
          !card.active ||
          (card.expiresAt && card.expiresAt <= now) ||
          card.currencyCode !== currency ||
          card.balanceMinor <= 0
        )
          throw new CartError("INVALID_PROMO_CODE", "The promo code is not valid", {});
        if (cart.giftCardCodes.includes(code)) return;
        if (cart.giftCardCodes.length >= MAX_GIFT_CARDS)
          throw new CartError("INVALID_PROMO_CODE", `At most ${MAX_GIFT_CARDS} gift cards`, {
            max: MAX_GIFT_CARDS,
          });
        await tx
          .update(carts)
          .set({ giftCardCodes: [...cart.giftCardCodes, code] })
          .where(eq(carts.id, cart.id));
        return;
      }
      const [promo] = await tx.select().from(promoCodes).where(eq(promoCodes.code, code));
      if ((await promoUnusable(tx, promo, cart.customerId, now)) !== null)
        throw new CartError("INVALID_PROMO_CODE", "The promo code is not valid", {});
      settingPromo = true;
      await tx.update(carts).set({ promoCode: code }).where(eq(carts.id, cart.id));
    },
    {
      validateAfter(view) {
        if (settingPromo && view.promoCodeUnmet) {
          const unmet = view.promoCodeUnmet;
          const amount = unmet.code === "minimumAmount" ? amountIn(unmet.args, currency) : null;
          throw new CartError(
            "REQUIREMENTS_NOT_MET",
            "The cart does not meet the promo code's requirements",
            {
              condition: unmet.code,
              args: unmet.args ?? null,
              currency,
              ...(amount === null
                ? {}
                : { amountFormatted: formatMoney(amount, currency, ctx.locale.language.id) }),
            },
          );
        }
      },
    },
  );
}

/** Removes one promo code or gift card from the cart (the code as shown on the cart). */
export function removeCartCode(db: Database, ctx: CartContext, id: string | null | undefined, text: string) {
  const code = normalizeCode(text) ?? "";
  return changeCart(db, ctx, id, async (tx, cart) => {
    await tx
      .update(carts)
      .set({
        promoCode: cart.promoCode === code ? null : cart.promoCode,
        giftCardCodes: cart.giftCardCodes.filter((c) => c !== code),
      })
      .where(eq(carts.id, cart.id));
  });
}

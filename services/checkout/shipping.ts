import { and, eq, sql } from "drizzle-orm";
import type { Database, Tx } from "#db/client.ts";
import { carts, shippingOptions } from "#db/schema/index.ts";
import { msg } from "#domain/messages.ts";
import type { ShippingChoice, ShippingProvider } from "#integrations/shipping/index.ts";
import { getCart } from "../cart/carts.ts";
import type { CartContext } from "../cart/model.ts";
import { CheckoutError } from "../orders/errors.ts";

/** The shop's own option key of a checkout's shipping choice (`own:pickup-point` or `pickup-point`); null if none. */
export function ownOptionKey(id: string | null | undefined): string | null {
  if (!id) return null;
  const key = id.startsWith("own:") ? id.slice(4) : id;
  return /^[a-z0-9-]{1,64}$/.test(key) ? key : null;
}

/**
 * Puts the chosen own shipping option on the cart (the cart prices it), inside the caller's transaction with the
 * cart row locked; bumps the cart's version when it changes. Answers the option's key, or null when the market has
 * no such active option.
 */
export async function chooseShipping(
  tx: Database | Tx,
  cart: { id: string; shippingOptionKey: string | null },
  marketAlias: string,
  optionId: string | null | undefined,
): Promise<string | null> {
  const key = ownOptionKey(optionId);
  if (!key) return null;
  const [option] = await tx
    .select({ key: shippingOptions.key })
    .from(shippingOptions)
    .where(
      and(
        eq(shippingOptions.marketAlias, marketAlias),
        eq(shippingOptions.key, key),
        eq(shippingOptions.active, true),
      ),
    );
  if (!option) return null;
  if (cart.shippingOptionKey !== key)
    await tx
      .update(carts)
      .set({ shippingOptionKey: key, version: sql`${carts.version} + 1`, updatedAt: sql`now()` })
      .where(eq(carts.id, cart.id));
  return key;
}

/** Whether a checkout's shipping choice is a delivery checkout's option (nShift: `nshift:{id}`), not the shop's own. */
export function isExternalOption(id: string | null | undefined): id is string {
  return typeof id === "string" && /^nshift:[\w.-]{1,128}$/.test(id);
}

/**
 * A delivery checkout's option chosen at checkout (nShift), verified with its provider before the order is placed
 * (issue 13, decision 0030): the fee the provider asks for these goods to this zip is the one the cart prices
 * (`carts.external_shipping_fee_minor`, priced where `allowExternalShippingFee` is asked) and the order charges.
 * Nothing a client sends is a price: a fee set by `setCartShippingFee` that differs from the provider's is replaced
 * by the provider's and the attempt refused (CART_CHANGED: the shopper sees the new total, then places again); a fee
 * not set yet is set. An option the provider does not offer (now, for this zip) is refused like an unknown option.
 * Answers the verified choice; null when the choice is the shop's own option.
 */
export async function verifyExternalShipping(
  db: Database,
  providers: readonly ShippingProvider[] | undefined,
  ctx: CartContext,
  cartId: string,
  input: {
    shippingOptionId?: string | null;
    zip?: string | null;
    billingAddress?: { zip?: string | null } | null;
  },
): Promise<ShippingChoice | null> {
  const id = input.shippingOptionId;
  if (!isExternalOption(id)) return null;
  const [cart] = await db
    .select({ completedAt: carts.completedAt, fee: carts.externalShippingFeeMinor })
    .from(carts)
    .where(eq(carts.id, cartId));
  // An unknown or completed cart is refused by the caller, as for any choice.
  if (!cart || cart.completedAt !== null) return null;
  const provider = providers?.find((p) => p.name === "nshift");
  const zip = input.zip ?? input.billingAddress?.zip ?? null;
  const market = ctx.locale.market;
  const view = provider && zip ? await getCart(db, ctx, cartId) : null;
  const choices =
    provider && zip && view
      ? await provider
          .options({
            marketAlias: market.alias,
            country: market.country?.code ?? "",
            currency: view.currency,
            languageId: ctx.locale.language.id,
            zip,
            goodsMinor: view.totals.lines.reduce((s, l) => s + l.total, 0),
          })
          .catch(() => [] as ShippingChoice[])
      : [];
  const choice = choices.find((c) => c.id === id);
  if (!choice)
    throw new CheckoutError("INVALID_CHECKOUT", "No such shipping option", msg("checkout.error.invalid"), {
      fields: { shippingOptionId: "checkout.error.shipping" },
    });
  if (cart.fee !== choice.payableFeeMinor) {
    await db
      .update(carts)
      .set({
        externalShippingFeeMinor: choice.payableFeeMinor,
        version: sql`${carts.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(carts.id, cartId));
    if (cart.fee !== null)
      throw new CheckoutError(
        "CART_CHANGED",
        "The shipping fee differs from the delivery checkout's",
        msg("checkout.error.changed"),
      );
  }
  return choice;
}

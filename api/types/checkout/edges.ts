import { and, eq, isNull } from "drizzle-orm";
import { carts, shippingOptions } from "#db/schema/index.ts";
import { CUSTOMER_TYPES, type CustomerType } from "#domain/cart.ts";
import { createOrUpdateCheckout, readCheckout } from "#services/checkout/index.ts";
import { checkoutInputOf, type GeinsCheckoutInput } from "#services/checkout/input.ts";
import { checkoutPages } from "#services/checkout/services.ts";
import { openedHostedCheckout, openHostedCheckout } from "#services/orders/hosted.ts";
import type { Locale, LocaleRequest } from "#services/reference.ts";
import type { ApiContext } from "../../context.ts";
import type { CheckoutEdge } from "./checkout-type.ts";
import { checkoutError } from "./errors.ts";

/** The checkout read or changed for CheckoutType: createOrUpdateCheckout, setCartShippingFee, storedCheckout. */

async function shippingIdsOf(ctx: ApiContext, marketAlias: string) {
  const rows = await ctx.db
    .select({ id: shippingOptions.id, key: shippingOptions.key })
    .from(shippingOptions)
    .where(eq(shippingOptions.marketAlias, marketAlias));
  return new Map(rows.map((r) => [r.key, r.id]));
}

/** A signed-in shopper's checkout: the cart (a guest's until now) becomes theirs, so its order is in their list. */
export async function claimCart(ctx: ApiContext, cartId: string) {
  const customer = await ctx.customer();
  if (customer && /^[0-9a-f-]{36}$/i.test(cartId))
    await ctx.db
      .update(carts)
      .set({ customerId: customer.customerId })
      .where(and(eq(carts.id, cartId), isNull(carts.customerId)));
}

export const customerTypeOf = (value: unknown): CustomerType | null =>
  CUSTOMER_TYPES.find((c) => c === value) ?? null;

/** createOrUpdateCheckout and setCartShippingFee: the checkout with `input` over it, as CheckoutType. */
export async function checkoutEdge(
  ctx: ApiContext,
  args: LocaleRequest,
  cartId: string,
  input: GeinsCheckoutInput | null | undefined,
  before?: (locale: Locale) => Promise<void>,
): Promise<CheckoutEdge> {
  const locale = await ctx.locale(args);
  const ref = await ctx.reference.get();
  try {
    await before?.(locale);
    await claimCart(ctx, cartId);
    const change = await checkoutInputOf(ctx.db, locale.market.alias, input);
    const customerType = customerTypeOf(change.customerType);
    const cartCtx = { ref, locale, customerType };
    const view = await createOrUpdateCheckout(
      { db: ctx.db, logger: ctx.logger, ...(ctx.checkout ? { shipping: ctx.checkout.shipping } : {}) },
      cartCtx,
      cartId,
      change,
    );
    let hosted: CheckoutEdge["hosted"] = null;
    const selected = view.paymentOptions.find((p) => p.isSelected);
    if (selected?.checkoutType === "EXTERNAL" && ctx.checkout && view.cart.items.length) {
      const pages = checkoutPages(locale.language.id);
      try {
        const opened = await openHostedCheckout(ctx.checkout.deps, cartCtx, cartId, view.input, {
          origin: ctx.checkout.origin,
          ...pages,
        });
        hosted = { snippet: opened.htmlSnippet, isNew: true };
      } catch (error) {
        ctx.logger.warn({ err: error }, "the hosted checkout could not be opened");
      }
    }
    return {
      view,
      locale,
      ref,
      shippingIds: await shippingIdsOf(ctx, locale.market.alias),
      hosted,
      needsUpdate: false,
    };
  } catch (error) {
    checkoutError(error, locale);
  }
}

/** storedCheckout: the cart's checkout as stored, read only (nothing written, no hosted checkout opened). */
export async function storedCheckoutEdge(
  ctx: ApiContext,
  args: LocaleRequest,
  cartId: string,
): Promise<CheckoutEdge> {
  const locale = await ctx.locale(args);
  const ref = await ctx.reference.get();
  try {
    const view = await readCheckout(
      { db: ctx.db, logger: ctx.logger, ...(ctx.checkout ? { shipping: ctx.checkout.shipping } : {}) },
      { ref, locale, customerType: null },
      cartId,
    );
    let hosted: CheckoutEdge["hosted"] = null;
    let needsUpdate = view.stale;
    const selected = view.paymentOptions.find((p) => p.isSelected);
    if (selected?.checkoutType === "EXTERNAL" && ctx.checkout && view.cart.items.length) {
      const opened = await openedHostedCheckout(
        ctx.checkout.deps,
        cartId,
        view.cart.version,
        selected.key,
      ).catch((error: unknown) => {
        ctx.logger.warn({ err: error }, "the hosted checkout could not be read");
        return null;
      });
      if (opened) hosted = { snippet: opened.htmlSnippet, isNew: false };
      else needsUpdate = true;
    }
    return {
      view,
      locale,
      ref,
      shippingIds: await shippingIdsOf(ctx, locale.market.alias),
      hosted,
      needsUpdate,
    };
  } catch (error) {
    checkoutError(error, locale);
  }
}

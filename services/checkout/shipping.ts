import { and, eq, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database, Tx } from "#db/client.ts";
import { carts, shippingOptions } from "#db/schema/index.ts";
import { msg } from "#domain/messages.ts";
import {
  refusedQuery,
  type ShippingChoice,
  type ShippingProvider,
  type ShippingQuery,
} from "#integrations/shipping/index.ts";
import { getCart } from "../cart/carts.ts";
import type { CartContext, CartView } from "../cart/model.ts";
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

/**
 * Every provider's options for the query, asked at once (decision 0086). A provider that fails (no answer in time,
 * an error, the shop's own database) is logged — its name, the market and the error; not the zip — and named in
 * `unavailable`; the others' options are answered as they are. A provider's refusal of the query itself
 * (`refusedQuery`: a zip it does not know) is no options from it, not a failure.
 */
export async function askShipping(
  providers: readonly ShippingProvider[],
  query: ShippingQuery,
  logger: Pick<Logger, "warn"> | undefined,
): Promise<{ choices: ShippingChoice[]; unavailable: ShippingProvider["name"][] }> {
  const answers = await Promise.all(
    providers.map(async (provider) => {
      try {
        return { provider: provider.name, choices: await provider.options(query) };
      } catch (error) {
        if (refusedQuery(error)) return { provider: provider.name, choices: [] };
        logger?.warn(
          { err: error, provider: provider.name, market: query.marketAlias },
          "shipping provider unavailable: its options are not shown",
        );
        return { provider: provider.name, choices: null };
      }
    }),
  );
  return {
    choices: answers.flatMap((a) => a.choices ?? []),
    unavailable: answers.filter((a) => a.choices === null).map((a) => a.provider),
  };
}

/** What the shipping providers are asked for a cart: its market, currency, language, the zip and the goods' total. */
export function shippingQueryOf(ctx: CartContext, cart: CartView, zip: string): ShippingQuery {
  const market = ctx.locale.market;
  return {
    marketAlias: market.alias,
    country: market.country?.code ?? "",
    currency: cart.currency,
    languageId: ctx.locale.language.id,
    zip,
    goodsMinor: cart.totals.lines.reduce((sum, line) => sum + line.total, 0),
  };
}

/** Whether a checkout's shipping choice is a delivery checkout's option (nShift: `nshift:{id}`), not the shop's own. */
export function isExternalOption(id: string | null | undefined): id is string {
  return typeof id === "string" && /^nshift:[\w.-]{1,128}$/.test(id);
}

/**
 * A delivery checkout's option chosen at checkout (nShift), verified with its provider before the order is placed
 * (issue 13, decision 0030; the provider's answer for the same query within the last minute, where the server
 * remembers it, decision 0093): the fee the provider asks for these goods to this zip is the one the cart prices
 * (`carts.external_shipping_fee_minor`, priced where `allowExternalShippingFee` is asked) and the order charges.
 * Nothing a client sends is a price: a fee set by `setCartShippingFee` that differs from the provider's is replaced
 * by the provider's and the attempt refused (CART_CHANGED: the shopper sees the new total, then places again); a fee
 * not set yet is set. An option the provider does not offer (now, for this zip) is refused like an unknown option.
 * A provider that cannot be asked now (down, slow) refuses the attempt as SHIPPING_UNAVAILABLE, logged, with nothing
 * changed (decision 0086): the shopper did nothing wrong and may place again. Answers the verified choice; null
 * when the choice is the shop's own option.
 */
export async function verifyExternalShipping(
  deps: { db: Database; shipping?: readonly ShippingProvider[]; logger?: Pick<Logger, "warn"> },
  ctx: CartContext,
  cartId: string,
  input: {
    shippingOptionId?: string | null;
    zip?: string | null;
    billingAddress?: { zip?: string | null } | null;
  },
): Promise<ShippingChoice | null> {
  const { db } = deps;
  const id = input.shippingOptionId;
  if (!isExternalOption(id)) return null;
  const [cart] = await db
    .select({ completedAt: carts.completedAt, fee: carts.externalShippingFeeMinor })
    .from(carts)
    .where(eq(carts.id, cartId));
  // An unknown or completed cart is refused by the caller, as for any choice.
  if (!cart || cart.completedAt !== null) return null;
  const provider = deps.shipping?.find((p) => p.name === "nshift");
  const zip = input.zip ?? input.billingAddress?.zip ?? null;
  const view = provider && zip ? await getCart(db, ctx, cartId) : null;
  const asked =
    provider && zip && view
      ? await askShipping([provider], shippingQueryOf(ctx, view, zip), deps.logger)
      : { choices: [], unavailable: [] };
  if (asked.unavailable.length)
    throw new CheckoutError(
      "SHIPPING_UNAVAILABLE",
      "The delivery checkout could not be asked",
      msg("checkout.error.shippingNotConfirmed"),
    );
  const choice = asked.choices.find((c) => c.id === id);
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

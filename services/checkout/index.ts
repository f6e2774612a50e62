import { asc, desc, eq, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "#db/client.ts";
import { carts, checkoutSessions, paymentMethods } from "#db/schema/index.ts";
import type { CustomerType } from "#domain/cart.ts";
import { type CheckoutFieldErrors, checkoutCountry, checkoutErrors } from "#domain/checkout.ts";
import { msg } from "#domain/messages.ts";
import type { PickupPoint, ShippingChoice, ShippingProvider } from "#integrations/shipping/index.ts";
import { OwnShipping } from "#integrations/shipping/own/index.ts";
import { getCart } from "../cart/carts.ts";
import type { CartContext, CartView } from "../cart/model.ts";
import { CheckoutError } from "../orders/errors.ts";
import type { PlaceOrderInput } from "../orders/place.ts";
import { chosenPickupPoint } from "./pickup.ts";
import { askShipping, chooseShipping, isExternalOption, ownOptionKey, shippingQueryOf } from "./shipping.ts";

/**
 * createOrUpdateCheckout (API.md "Checkout and orders", issue 13): every change the shopper makes in the checkout
 * is merged into what the checkout already knows, the shipping choice is put on the cart, and the answer is the
 * priced cart with the options that apply now: shipping options once a zip is set, payment options once a
 * shipping option is chosen, and what is still missing (`errors`) before the order can be placed.
 */

/** What the checkout asks besides the database: the shipping providers (the shop's own alone when absent), a logger. */
export interface CheckoutDeps {
  db: Database;
  shipping?: readonly ShippingProvider[];
  /** Where a provider's failure is told (the request's logger). */
  logger?: Pick<Logger, "warn">;
}

export interface CheckoutView {
  cart: CartView;
  input: PlaceOrderInput;
  shippingOptions: (ShippingChoice & { isSelected: boolean })[];
  /**
   * The providers that could not be asked for their options just now (down, slow; logged): the options are the
   * others' (decision 0086). Asking again (a change, a read) asks them again. Empty: every provider answered.
   */
  shippingUnavailable: ShippingProvider["name"][];
  paymentOptions: {
    id: number;
    key: string;
    displayName: string;
    paymentType: string;
    checkoutType: string;
    isSelected: boolean;
  }[];
  /** Field errors of the checkout as it stands (domain/checkout.ts); empty: ready to place. */
  errors: CheckoutFieldErrors;
  /**
   * The pickup point (agent) of the chosen option that has them (nShift): the one the shopper chose, or the
   * nearest (the provider's first) while none of this option's is chosen; null for an option without.
   */
  pickupPoint: PickupPoint | null;
  checkoutStatus: "INCOMPLETE" | "READY";
  /**
   * Read only (readCheckout): what is shown is not what a change would make it, so the storefront sends one
   * (createOrUpdateCheckout): the chosen delivery checkout's fee for the goods now differs from the cart's.
   */
  stale: boolean;
}

const PENDING_METHOD = "";

/** The shopper's checkout input as last stored for the cart (any version). */
export async function storedInput(db: Database, cartId: string): Promise<PlaceOrderInput> {
  const [row] = await db
    .select({ data: checkoutSessions.data })
    .from(checkoutSessions)
    .where(eq(checkoutSessions.cartId, cartId))
    .orderBy(desc(checkoutSessions.updatedAt))
    .limit(1);
  return (row?.data ?? {}) as PlaceOrderInput;
}

/** The checkout input `change` over `base`: fields the change leaves undefined keep their value. */
export function mergeInput(base: PlaceOrderInput, change: PlaceOrderInput): PlaceOrderInput {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(change)) if (value !== undefined) out[key] = value;
  return out as PlaceOrderInput;
}

export async function createOrUpdateCheckout(
  deps: CheckoutDeps,
  ctx: CartContext,
  cartId: string,
  change: PlaceOrderInput,
): Promise<CheckoutView> {
  const { db } = deps;
  const input = mergeInput(await storedInput(db, cartId), change);
  const customerType = input.customerType ?? ctx.customerType ?? "PERSON";
  const market = ctx.locale.market;
  await db.transaction(async (tx) => {
    const [cart] = await tx
      .select({
        id: carts.id,
        version: carts.version,
        completedAt: carts.completedAt,
        shippingOptionKey: carts.shippingOptionKey,
      })
      .from(carts)
      .where(eq(carts.id, cartId))
      .for("update");
    if (!cart) throw new CheckoutError("INVALID_CART_ID", "No such cart", msg("cart.error.cartId"));
    if (cart.completedAt !== null)
      throw new CheckoutError("CART_COMPLETED", "The cart is completed", msg("checkout.error.completed"));
    await chooseShipping(tx, cart, market.alias, input.shippingOptionId);
    const [fresh] = await tx.select({ version: carts.version }).from(carts).where(eq(carts.id, cartId));
    await tx
      .insert(checkoutSessions)
      .values({
        cartId,
        cartVersion: fresh?.version ?? cart.version,
        paymentMethodKey: input.paymentMethodKey ?? PENDING_METHOD,
        idempotencyKey: crypto.randomUUID(),
        data: input,
      })
      .onConflictDoUpdate({
        target: [checkoutSessions.cartId, checkoutSessions.cartVersion, checkoutSessions.paymentMethodKey],
        set: { data: input, updatedAt: sql`now()` },
      });
  });
  return describeCheckout(deps, { ...ctx, customerType }, cartId, input, true);
}

/**
 * The cart's checkout as stored, read only (the checkout page's GET; decision 0039): nothing is written, the
 * shipping choice is not put on the cart again, the delivery checkout's fee is not changed. The same view as
 * createOrUpdateCheckout without a change answers, except that a fee that would change marks it `stale`.
 */
export async function readCheckout(
  deps: CheckoutDeps,
  ctx: CartContext,
  cartId: string,
): Promise<CheckoutView> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(cartId))
    throw new CheckoutError("INVALID_CART_ID", "No such cart", msg("cart.error.cartId"));
  const input = await storedInput(deps.db, cartId);
  const [cart] = await deps.db
    .select({ completedAt: carts.completedAt })
    .from(carts)
    .where(eq(carts.id, cartId));
  if (!cart) throw new CheckoutError("INVALID_CART_ID", "No such cart", msg("cart.error.cartId"));
  if (cart.completedAt !== null)
    throw new CheckoutError("CART_COMPLETED", "The cart is completed", msg("checkout.error.completed"));
  const customerType = input.customerType ?? ctx.customerType ?? "PERSON";
  return describeCheckout(deps, { ...ctx, customerType }, cartId, input, false);
}

/**
 * The checkout for `input` as it stands: the priced cart, the options that apply now and what is still missing.
 * `write`: a delivery checkout's fee that differs for the goods now is put on the cart (createOrUpdateCheckout);
 * read only, it is left and the view is marked `stale`.
 */
async function describeCheckout(
  deps: CheckoutDeps,
  ctx: CartContext & { customerType: CustomerType },
  cartId: string,
  input: PlaceOrderInput,
  write: boolean,
): Promise<CheckoutView> {
  const { db } = deps;
  const customerType = ctx.customerType;
  const market = ctx.locale.market;
  // The checkout shows what placing charges: a delivery checkout's fee (nShift) when its option is the one chosen.
  const external = isExternalOption(input.shippingOptionId);
  let cart = await getCart(db, ctx, cartId, { allowExternalShippingFee: external });
  const zip = input.zip ?? input.billingAddress?.zip ?? null;
  const providers = deps.shipping ?? [new OwnShipping(db)];
  // A provider that fails is logged and named (shippingUnavailable); the others' options stay (decision 0086).
  const { choices, unavailable } = zip
    ? await askShipping(providers, shippingQueryOf(ctx, cart, zip), deps.logger)
    : { choices: [], unavailable: [] };
  const selectedKey = ownOptionKey(input.shippingOptionId);
  const shippingOptions = choices.map((c) => ({
    ...c,
    isSelected: c.id === input.shippingOptionId || (c.provider === "own" && c.key === selectedKey),
  }));
  const shippingChosen = shippingOptions.some((o) => o.isSelected);
  const pickupPoint = chosenPickupPoint(
    shippingOptions.find((o) => o.isSelected),
    input.pickupPoint?.id,
  );
  // The chosen delivery checkout option's fee, as its provider asks it for these goods, is the cart's (placing
  // verifies it again: services/checkout/shipping.ts).
  const chosenExternal = shippingOptions.find((o) => o.isSelected && o.provider === "nshift");
  // Read only: a fee that differs is not put on the cart; the checkout says it needs a change (`stale`).
  let stale = false;
  if (chosenExternal && cart.totals.shipping.fee !== chosenExternal.payableFeeMinor && !write) stale = true;
  else if (chosenExternal && cart.totals.shipping.fee !== chosenExternal.payableFeeMinor) {
    await db
      .update(carts)
      .set({
        externalShippingFeeMinor: chosenExternal.payableFeeMinor,
        version: sql`${carts.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(carts.id, cartId));
    cart = await getCart(db, ctx, cartId, { allowExternalShippingFee: true });
  }
  const methods = shippingChosen
    ? await db
        .select()
        .from(paymentMethods)
        .where(eq(paymentMethods.active, true))
        .orderBy(asc(paymentMethods.sortOrder))
    : [];
  const paymentOptions = methods
    .filter(
      (m) =>
        (m.marketAliases.length === 0 || m.marketAliases.includes(market.alias)) &&
        m.customerTypes.includes(customerType),
    )
    .map((m) => ({
      id: m.id,
      key: m.key,
      displayName: m.names[ctx.locale.language.id] ?? m.key,
      paymentType: m.paymentType,
      checkoutType: m.checkoutType,
      isSelected: m.key === input.paymentMethodKey,
    }));
  const method = methods.find((m) => m.key === input.paymentMethodKey);
  const standard = method?.checkoutType === "STANDARD";
  const errors = checkoutErrors(
    { ...input, customerType },
    { country: checkoutCountry(market.country?.code), needsIdentity: standard, needsAddress: standard },
  );
  if (!shippingChosen && !errors.shippingOptionId && zip) errors.shippingOptionId = "checkout.error.shipping";
  // No option chosen while a provider could not be asked: the shopper is told to try again, not to choose one.
  if (!shippingChosen && zip && unavailable.length)
    errors.shippingOptionId = "checkout.error.shippingUnavailable";
  return {
    cart,
    input,
    shippingOptions,
    shippingUnavailable: unavailable,
    paymentOptions,
    errors,
    checkoutStatus: Object.keys(errors).length ? "INCOMPLETE" : "READY",
    stale,
    pickupPoint,
  };
}

/** validateOrderConditions: whether the cart can be ordered by this e-mail now (stock and codes are checked on placing). */
export async function validateOrderConditions(db: Database, ctx: CartContext, cartId: string) {
  const cart = await getCart(db, ctx, cartId);
  const problems: string[] = [];
  if (!cart.items.length) problems.push("EMPTY_CART");
  for (const item of cart.items)
    if (item.stock.static === 0 && item.quantity > Math.max(0, item.stock.inStock) + item.stock.oversellable)
      problems.push(`OUT_OF_STOCK:${item.skuId}`);
  if (cart.promoCodeUnmet?.code === "validity") problems.push("INVALID_PROMO_CODE");
  return { isValid: problems.length === 0, problems };
}

/**
 * validateOrderCreation: the field errors of the checkout as it would be placed now (the stored checkout with
 * `change` over it), without storing anything; empty when it can be placed (stock is checked on placing).
 */
export async function checkoutFieldErrors(
  db: Database,
  ctx: CartContext,
  cartId: string,
  change: PlaceOrderInput,
): Promise<CheckoutFieldErrors> {
  const input = mergeInput(await storedInput(db, cartId), change);
  const [method] = input.paymentMethodKey
    ? await db.select().from(paymentMethods).where(eq(paymentMethods.key, input.paymentMethodKey))
    : [];
  const standard = method?.checkoutType === "STANDARD";
  const customerType = input.customerType ?? ctx.customerType ?? "PERSON";
  const errors = checkoutErrors(
    { ...input, customerType },
    {
      country: checkoutCountry(ctx.locale.market.country?.code),
      needsIdentity: standard,
      needsAddress: standard,
    },
  );
  if (input.paymentMethodKey && !method) errors.paymentMethodKey = "checkout.error.paymentMethod";
  return errors;
}

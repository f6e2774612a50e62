import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { carts, checkoutSessions, paymentMethods } from "#db/schema/index.ts";
import { msg } from "#domain/messages.ts";
import { orderSnapshot } from "#domain/order.ts";
import type { HostedCheckoutProvider, MerchantUrls, PaymentType } from "#integrations/payments/index.ts";
import { getCart } from "../cart/carts.ts";
import type { CartContext } from "../cart/model.ts";
import { chooseShipping, verifyExternalShipping } from "../checkout/shipping.ts";
import { type ReferenceData, resolveLocale } from "../reference.ts";
import { capturePayment } from "./capture.ts";
import { CheckoutError, checkoutErrors as errors } from "./errors.ts";
import {
  confirm,
  lineFacts,
  liveOrder,
  type OrderDeps,
  type PlacedOrder,
  type PlaceOrderInput,
  paymentRequest,
  type Reserved,
  reserve,
  undo,
} from "./place.ts";

/**
 * The hosted checkout (Klarna Checkout v3; docs/decisions/0026, 0027):
 * 1. `openHostedCheckout` prices the cart and opens (or updates) the provider's checkout for this payment attempt;
 *    the storefront shows its HTML snippet. Nothing is reserved yet: an abandoned checkout holds no stock.
 * 2. Before completing, the provider POSTs the validation URL: `validateHostedOrder` reserves the stock and writes
 *    the pending order (placeOrder's step 1); a sold-out item answers a redirect to
 *    `/checkout/klarna-fail?error=OutOfStock`.
 * 3. The confirmation redirect and the push both call `confirmHostedOrder`: it reads the provider's order back
 *    (nothing in a callback is trusted), acknowledges it, confirms our order (step 3) and captures once. Replayed
 *    pushes answer the same order and capture with the same key: one capture.
 * The push and validation URLs carry an HMAC of the attempt's id, so a forged callback is refused before any work.
 */

export interface HostedDeps extends OrderDeps {
  reference: () => Promise<ReferenceData>;
  /** Signs the callback URLs (a server secret). */
  callbackSecret: string;
  /** Capture as soon as the order is confirmed (the demo shop ships from stock at once). */
  captureOnConfirm?: boolean;
}

export function callbackSignature(secret: string, sessionId: string): string {
  return createHmac("sha256", secret).update(`checkout-callback:${sessionId}`).digest("base64url");
}

function verified(secret: string, sessionId: string, signature: string | null | undefined): boolean {
  if (!signature) return false;
  const expected = Buffer.from(callbackSignature(secret, sessionId));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function merchantUrls(
  origin: string,
  sessionId: string,
  secret: string,
  paths: { checkout: string; terms: string },
) {
  const sig = callbackSignature(secret, sessionId);
  const q = `sid=${encodeURIComponent(sessionId)}&sig=${encodeURIComponent(sig)}&klarna_order_id={checkout.order.id}`;
  return {
    terms: `${origin}${paths.terms}`,
    checkout: `${origin}${paths.checkout}`,
    confirmation: `${origin}/checkout/confirm?kid={checkout.order.id}`,
    push: `${origin}/api/checkout/klarna/push?${q}`,
    validation: `${origin}/api/checkout/klarna/validate?${q}`,
  } satisfies MerchantUrls;
}

function hostedProvider(deps: OrderDeps, type: PaymentType): HostedCheckoutProvider {
  const provider = deps.payments[type];
  if (provider?.checkoutType !== "EXTERNAL" || !("openSession" in provider))
    throw new CheckoutError(
      "UNKNOWN_PAYMENT_METHOD",
      `No hosted checkout for ${type}`,
      msg("checkout.error.paymentMethod"),
    );
  return provider as HostedCheckoutProvider;
}

/** Step 1: the provider's checkout for this cart version, opened or updated; answers its snippet. */
export async function openHostedCheckout(
  deps: HostedDeps,
  ctx: CartContext,
  cartId: string,
  input: PlaceOrderInput,
  site: { origin: string; checkout: string; terms: string },
) {
  const [method] = await deps.db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.key, input.paymentMethodKey ?? ""), eq(paymentMethods.active, true)));
  if (method?.checkoutType !== "EXTERNAL")
    throw new CheckoutError(
      "UNKNOWN_PAYMENT_METHOD",
      "Not a hosted checkout",
      msg("checkout.error.paymentMethod"),
    );
  const provider = hostedProvider(deps, method.paymentType as PaymentType);
  // The shipping choice goes on the cart first: the provider's order is this cart version's price. A delivery
  // checkout's option (nShift) is priced with the fee its provider asks (verifyExternalShipping).
  const external = await verifyExternalShipping(deps, ctx, cartId, input);
  if (!external)
    await deps.db.transaction(async (tx) => {
      const [cart] = await tx
        .select({ id: carts.id, shippingOptionKey: carts.shippingOptionKey })
        .from(carts)
        .where(eq(carts.id, cartId))
        .for("update");
      if (cart) await chooseShipping(tx, cart, ctx.locale.market.alias, input.shippingOptionId);
    });
  const view = await getCart(deps.db, ctx, cartId, { allowExternalShippingFee: external !== null });
  if (view.isCompleted || view.id !== cartId)
    throw new CheckoutError("CART_COMPLETED", "The cart is completed", msg("checkout.error.completed"));
  if (!view.items.length)
    throw new CheckoutError("EMPTY_CART", "The cart is empty", msg("checkout.error.emptyCart"));
  const snapshot = orderSnapshot(view.totals, await lineFacts(deps.db, view, ctx.locale.language.id));
  const [session] = await deps.db
    .insert(checkoutSessions)
    .values({
      cartId,
      cartVersion: view.version,
      paymentMethodKey: method.key,
      idempotencyKey: crypto.randomUUID(),
      data: input,
    })
    .onConflictDoUpdate({
      target: [checkoutSessions.cartId, checkoutSessions.cartVersion, checkoutSessions.paymentMethodKey],
      set: { data: input, updatedAt: sql`now()` },
    })
    .returning();
  if (!session) throw new Error("writing the checkout session returned no row");
  const opened = await provider.openSession(
    {
      reference: session.id,
      idempotencyKey: session.idempotencyKey,
      country: ctx.locale.market.country?.code ?? "",
      currency: snapshot.totals.currency,
      locale: ctx.locale.language.id,
      lines: snapshot.lines,
      totals: snapshot.totals,
      shippingName: input.shippingOptionId ?? "",
      customer: {
        email: input.email ?? "",
        customerType: input.customerType ?? "PERSON",
        identityNumber: input.identityNumber ?? null,
        companyName: input.companyName ?? null,
        billingAddress: input.billingAddress ?? null,
      },
    },
    merchantUrls(site.origin, session.id, deps.callbackSecret, site),
    session.providerReference,
  );
  await deps.db
    .update(checkoutSessions)
    .set({ providerReference: opened.providerReference, updatedAt: sql`now()` })
    .where(eq(checkoutSessions.id, session.id));
  return { sessionId: session.id, ...opened };
}

/**
 * The hosted checkout already open for this cart version and payment method, read without changing anything (the
 * checkout page's GET): its snippet, or null when none is open for the cart as it is now (then a change opens one).
 */
export async function openedHostedCheckout(
  deps: OrderDeps,
  cartId: string,
  cartVersion: number,
  paymentMethodKey: string,
): Promise<{ htmlSnippet: string } | null> {
  const [row] = await deps.db
    .select({
      providerReference: checkoutSessions.providerReference,
      paymentType: paymentMethods.paymentType,
    })
    .from(checkoutSessions)
    .innerJoin(paymentMethods, eq(paymentMethods.key, checkoutSessions.paymentMethodKey))
    .where(
      and(
        eq(checkoutSessions.cartId, cartId),
        eq(checkoutSessions.cartVersion, cartVersion),
        eq(checkoutSessions.paymentMethodKey, paymentMethodKey),
      ),
    );
  if (!row?.providerReference) return null;
  const provider = deps.payments[row.paymentType as PaymentType];
  if (provider?.checkoutType !== "EXTERNAL" || !("readSession" in provider)) return null;
  const read = (provider as HostedCheckoutProvider).readSession;
  return read ? read.call(provider, row.providerReference) : null;
}

/** The attempt, its cart and the cart's locale, for a callback that carries only ids. */
export async function attempt(
  deps: HostedDeps,
  where: { sessionId: string } | { providerReference: string },
) {
  const [row] = await deps.db
    .select({
      session: checkoutSessions,
      paymentType: paymentMethods.paymentType,
      channelId: carts.channelId,
      marketAlias: carts.marketAlias,
      languageId: carts.languageId,
      customerType: carts.customerType,
      cartVersion: carts.version,
    })
    .from(checkoutSessions)
    .innerJoin(carts, eq(carts.id, checkoutSessions.cartId))
    .innerJoin(paymentMethods, eq(paymentMethods.key, checkoutSessions.paymentMethodKey))
    .where(
      "sessionId" in where
        ? eq(checkoutSessions.id, where.sessionId)
        : eq(checkoutSessions.providerReference, where.providerReference),
    );
  if (!row) return null;
  const ref = await deps.reference();
  const { locale } = resolveLocale(ref, {
    channelId: row.channelId,
    marketId: row.marketAlias,
    languageId: row.languageId,
  });
  const ctx: CartContext = {
    ref,
    locale,
    customerType: row.customerType === "ORGANIZATION" ? "ORGANIZATION" : "PERSON",
  };
  return { ...row, ctx, input: (row.session.data ?? {}) as PlaceOrderInput };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Step 2, the provider's validation call: reserve, or send the shopper to the failure page. */
export async function validateHostedOrder(
  deps: HostedDeps,
  call: { sessionId: string; signature: string | null; providerReference: string | null },
): Promise<{ ok: true } | { redirect: string }> {
  // The failure page in the cart's language once the attempt is known (`/sv/checkout/klarna-fail` in Swedish).
  let prefix = "";
  const fail = (error: "Error" | "OutOfStock") => ({
    redirect: `${prefix}/checkout/klarna-fail?error=${error}`,
  });
  if (!UUID.test(call.sessionId) || !verified(deps.callbackSecret, call.sessionId, call.signature))
    return fail("Error");
  const found = await attempt(deps, { sessionId: call.sessionId });
  if (found?.ctx.locale.language.id.startsWith("sv")) prefix = "/sv";
  if (!found || found.session.providerReference !== call.providerReference) return fail("Error");
  // The cart changed after the checkout was opened: the provider's order is not this cart any more.
  if (found.cartVersion !== found.session.cartVersion) return fail("Error");
  try {
    await reserve(deps, found.ctx, found.session.cartId, found.input, "external");
    return { ok: true };
  } catch (error) {
    return fail(error instanceof CheckoutError && error.reason === "OUT_OF_STOCK" ? "OutOfStock" : "Error");
  }
}

/**
 * Step 3, from the push (signed) or the confirmation page (`kid` only): verify with the provider, confirm, capture.
 * Idempotent: a replay answers the same order and captures nothing more.
 */
export async function confirmHostedOrder(
  deps: HostedDeps,
  call: { providerReference: string; sessionId?: string; signature?: string | null },
): Promise<PlacedOrder> {
  if (call.sessionId !== undefined && !verified(deps.callbackSecret, call.sessionId, call.signature))
    throw new CheckoutError(
      "CALLBACK_REFUSED",
      "The callback's signature is wrong",
      msg("checkout.error.failed"),
    );
  const found = await attempt(deps, { providerReference: call.providerReference });
  if (!found || (call.sessionId !== undefined && found.session.id !== call.sessionId))
    throw new CheckoutError(
      "CALLBACK_REFUSED",
      "No attempt has this provider order",
      msg("checkout.error.failed"),
    );
  const provider = hostedProvider(deps, found.paymentType as PaymentType);
  const cartId = found.session.cartId;
  let order = await liveOrder(deps.db, cartId);
  if (order && order.status !== "pending") {
    await captureOrder(deps, order.id);
    return {
      orderId: order.id,
      publicId: order.publicId,
      orderNumber: order.orderNumber,
      status: order.status as PlacedOrder["status"],
      payable: order.payable,
      currency: order.currency,
    };
  }
  // Without a validation call (a provider that has none), the order is reserved now.
  if (!order) {
    const reserved = await reserve(deps, found.ctx, cartId, found.input, "external");
    if ("done" in reserved) return reserved.done;
    order = reserved.order;
  }
  const reserved: Reserved = {
    order,
    paymentType: found.paymentType as PaymentType,
    request: await deps.db.transaction((tx) => paymentRequest(tx, order, found.ctx, found.input)),
  };
  const result = await provider.authorize(reserved.request, call.providerReference);
  if (result.status !== "authorized") {
    await undo(deps, reserved, `payment ${result.status}: ${result.reason}`, null);
    throw result.status === "blocked" ? errors.blocked(result.reason) : errors.declined(result.reason);
  }
  const confirmed = await confirm(deps, found.ctx, cartId, reserved, result);
  if (confirmed === "gone") {
    await undo(deps, reserved, "the order was undone while authorising", result);
    throw new CheckoutError("CART_CHANGED", "The attempt was superseded", msg("checkout.error.changed"));
  }
  await captureOrder(deps, confirmed.orderId);
  return confirmed;
}

/**
 * Takes the order's payment once: the capture carries a key derived from the attempt, so a retry or a concurrent
 * call is answered by the provider with the same capture, and the order records it once.
 */
export async function captureOrder(deps: HostedDeps | OrderDeps, orderId: number) {
  if ("captureOnConfirm" in deps && deps.captureOnConfirm === false) return;
  await capturePayment(deps, orderId);
}

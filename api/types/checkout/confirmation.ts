import { getCart } from "#services/cart/carts.ts";
import { confirmation } from "#services/checkout/confirmation.ts";
import type { OrderRecord } from "#services/orders/read.ts";
import { type Locale, type LocaleRequest, resolveLocale } from "#services/reference.ts";
import { builder, localeArgs } from "../../builder.ts";
import type { ApiContext } from "../../context.ts";
import { CartType, cartEdge } from "../cart.ts";
import { checkoutError } from "./errors.ts";
import { PaymentTypeEnum } from "./inputs.ts";
import { CheckoutOrderType } from "./order-type.ts";

/** The confirmation page: checkout, and the deprecated getCheckout and getCheckoutAndOrder. */

interface CheckoutDataEdge {
  order: OrderRecord | null;
  htmlSnippet: string | null;
  completed: boolean;
  nthPurchase: number;
  cartId: string | null;
  locale: Locale;
}

async function confirmedCart(ctx: ApiContext, e: CheckoutDataEdge) {
  if (!e.cartId) return null;
  const ref = await ctx.reference.get();
  const { locale } = e.order
    ? resolveLocale(ref, {
        channelId: e.order.channelId,
        marketId: e.order.marketAlias,
        languageId: e.locale.language.id,
      })
    : { locale: e.locale };
  try {
    const cart = await getCart(ctx.db, { ref, locale }, e.cartId, { includeCompleted: true });
    return cart.id === e.cartId ? cartEdge(ref, locale, cart) : null;
  } catch {
    return null;
  }
}

const CheckoutDataType = builder.objectRef<CheckoutDataEdge>("CheckoutDataType").implement({
  description: "The confirmation page: the order (when placed), the provider's snippet and the order's cart.",
  fields: (t) => ({
    htmlSnippet: t.exposeString("htmlSnippet", { nullable: true }),
    newCheckoutSession: t.boolean({ resolve: () => false }),
    completed: t.boolean({
      nullable: true,
      description: "The order is placed; false sends the shopper back to the checkout",
      resolve: (e) => e.completed,
    }),
    order: t.field({
      type: CheckoutOrderType,
      nullable: true,
      resolve: (e) => (e.order ? { order: e.order, locale: e.locale } : null),
    }),
    nthPurchase: t.int({
      description:
        "Which purchase of the shopper's (by e-mail) this is, counting this one; 0 without an order",
      resolve: (e) => e.nthPurchase,
    }),
    cart: t.field({ type: CartType, nullable: true, resolve: (e, _args, ctx) => confirmedCart(ctx, e) }),
  }),
});

const CheckoutAndOrderType = builder.objectRef<CheckoutDataEdge>("CheckoutAndOrderType").implement({
  fields: (t) => ({
    htmlSnippet: t.string({ resolve: (e) => e.htmlSnippet ?? "" }),
    order: t.field({
      type: CheckoutOrderType,
      nullable: true,
      resolve: (e) => (e.order ? { order: e.order, locale: e.locale } : null),
    }),
  }),
});

async function confirmationEdge(
  ctx: ApiContext,
  args: LocaleRequest & { id: string; paymentType: string; cartId?: string | null | undefined },
): Promise<CheckoutDataEdge> {
  const locale = await ctx.locale(args);
  const customer = await ctx.customer();
  try {
    const found = await confirmation(ctx.db, ctx.checkout, {
      id: args.id,
      paymentType: args.paymentType,
      cartId: args.cartId ?? null,
      customerId: customer?.customerId ?? null,
    });
    return { ...found, locale };
  } catch (error) {
    checkoutError(error, locale);
  }
}

const confirmationArgs = builder.args((t) => ({
  id: t.string({
    required: true,
    description:
      "The provider's order id (KLARNA: ?kid=), or the order's number or public id (STANDARD: ?oid=)",
  }),
  paymentType: t.field({ type: PaymentTypeEnum, required: true }),
  ...localeArgs,
}));

builder.queryFields((t) => ({
  checkout: t.field({
    type: CheckoutDataType,
    nullable: true,
    description:
      "The confirmation page's checkout: KLARNA confirms the hosted checkout's order (as its push does; idempotent) and answers it; STANDARD answers the order with this number (or public id) and cart. completed false: no placed order.",
    args: {
      ...confirmationArgs,
      cartId: t.arg.string({ required: false, description: "The order's cart (?cartid=)" }),
    },
    resolve: (_root, args, ctx) => confirmationEdge(ctx, args),
  }),
  getCheckout: t.string({
    nullable: true,
    deprecationReason: "Use Checkout instead",
    description: "The hosted checkout's HTML snippet (empty for STANDARD)",
    args: confirmationArgs,
    resolve: async (_root, args, ctx) => (await confirmationEdge(ctx, args)).htmlSnippet ?? "",
  }),
  getCheckoutAndOrder: t.field({
    type: CheckoutAndOrderType,
    nullable: true,
    deprecationReason: "Use Checkout instead",
    args: confirmationArgs,
    resolve: (_root, args, ctx) => confirmationEdge(ctx, args),
  }),
}));

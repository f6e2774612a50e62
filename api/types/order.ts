import type { CheckoutAddress } from "#domain/checkout.ts";
import { formatMoney } from "#domain/format.ts";
import { toDecimal } from "#domain/money.ts";
import { orderCartView, soldLines } from "#services/orders/cart-view.ts";
import {
  MAX_ORDERS_LISTED,
  type OrderRecord,
  orderByPublicId,
  orderShippingName,
  ordersOfCustomer,
} from "#services/orders/read.ts";
import { withdrawalOf } from "#services/orders/withdraw.ts";
import { type Locale, resolveLocale } from "#services/reference.ts";
import { builder, localeArgs } from "../builder.ts";
import type { ApiContext } from "../context.ts";
import { CartType, cartEdge } from "./cart.ts";
import type { PriceEdge } from "./price.ts";
import { PriceType } from "./price.ts";
import { type Address, AddressType, signedIn } from "./user.ts";

/**
 * Placed orders in the Geins Merchant API's shapes (decision 0019, 0030): `OrderType` for the account's order list
 * (`getOrders`) and the guest's order link (`getOrderPublic`), with `PaymentDetailsType`, `ShippingDetailType` and
 * `RefundType`. Amounts come from the order's snapshot (services/orders/read.ts), never from today's prices.
 */

export interface OrderEdge {
  order: OrderRecord;
  /** The request's locale: formatted amounts in its language. */
  locale: Locale;
}

/** An order's address as Geins' `AddressType` (every field a string). */
export function addressOf(a: CheckoutAddress | null | undefined): Address {
  return {
    firstName: a?.firstName ?? "",
    lastName: a?.lastName ?? "",
    addressLine1: a?.addressLine1 ?? "",
    addressLine2: a?.addressLine2 ?? "",
    addressLine3: "",
    entryCode: a?.entryCode ?? "",
    careOf: a?.careOf ?? "",
    city: a?.city ?? "",
    state: "",
    country: a?.country ?? "",
    zip: a?.zip ?? "",
    company: a?.company ?? "",
    mobile: a?.phone ?? "",
    phone: a?.phone ?? "",
  };
}

/** A sum of the order as a PriceType: selling `gross`, regular `gross + discount`, VAT as given. */
function orderPrice(e: OrderEdge, gross: number, vat: number, discount = 0): PriceEdge {
  return {
    price: {
      currency: e.order.currency,
      regularIncVat: gross + discount,
      sellingIncVat: gross,
      vatRateBp: 0,
    },
    net: { regularExVat: gross + discount - vat, sellingExVat: gross - vat, vat },
    locale: e.locale.language.id,
  };
}

/** The payment method's name in the request's language. */
export function paymentName(order: OrderRecord, languageId: string): string {
  return order.paymentMethodNames?.[languageId] ?? order.paymentMethodKey ?? "";
}

/** The shipping option's name in a language (its key when it has none), with the pickup point's name. */
export function shippingName(order: OrderRecord, languageId: string): string {
  return orderShippingName(order, languageId);
}

type PaymentDetails = { e: OrderEdge };

const PaymentDetailsType = builder.objectRef<PaymentDetails>("PaymentDetailsType").implement({
  description: "How the order is paid: the payment method, what was reserved and what was taken.",
  fields: (t) => ({
    id: t.int({ resolve: (p) => p.e.order.id }),
    paymentId: t.int({
      description: "The payment method's id (PaymentOptionType.id)",
      resolve: (p) => p.e.order.paymentMethodId ?? 0,
    }),
    transactionId: t.string({ resolve: (p) => p.e.order.paymentReference ?? "" }),
    displayName: t.string({ resolve: (p) => paymentName(p.e.order, p.e.locale.language.id) }),
    name: t.string({ resolve: (p) => p.e.order.paymentMethodKey ?? "" }),
    isPaid: t.boolean({
      description: "The payment is taken (captured)",
      resolve: (p) => p.e.order.capturedMinor > 0 || p.e.order.paymentStatus === "captured",
    }),
    paymentDate: t.string({
      nullable: true,
      description: "ISO 8601",
      resolve: (p) => (p.e.order.capturedMinor > 0 ? p.e.order.updatedAt.toISOString() : null),
    }),
    paymentFee: t.float({ resolve: () => 0 }),
    paymentOption: t.string({ nullable: true, resolve: (p) => p.e.order.paymentType }),
    reservationDate: t.string({
      description: "ISO 8601: when the payment was authorised",
      resolve: (p) => (p.e.order.confirmedAt ?? p.e.order.createdAt).toISOString(),
    }),
    reservationNumber: t.string({ nullable: true, resolve: (p) => p.e.order.paymentReference }),
    shippingFee: t.float({ resolve: (p) => toDecimal(p.e.order.shippingFeeIncVat, p.e.order.currency) }),
    total: t.float({
      description: "What the payment covers: the order's total less gift cards",
      resolve: (p) => toDecimal(p.e.order.totalIncVat - p.e.order.balanceUsed, p.e.order.currency),
    }),
  }),
});

type Refund = { e: OrderEdge; at: Date; reason: string | null };

const RefundType = builder.objectRef<Refund>("RefundType").implement({
  description: "Money given back on the order (a cancellation, a withdrawal or a refund).",
  fields: (t) => ({
    id: t.int({ resolve: (r) => r.e.order.id }),
    itemId: t.int({ description: "0: the whole order", resolve: () => 0 }),
    articleNumber: t.string({ nullable: true, resolve: () => null }),
    createdAt: t.string({ description: "ISO 8601", resolve: (r) => r.at.toISOString() }),
    reason: t.exposeString("reason", { nullable: true }),
    reasonCode: t.int({ nullable: true, resolve: () => null }),
    refundType: t.string({ nullable: true, resolve: () => "payment" }),
    toBalance: t.boolean({ resolve: () => false }),
    total: t.float({ resolve: (r) => toDecimal(r.e.order.refundedMinor, r.e.order.currency) }),
    vat: t.float({
      description: "The VAT share of the refund (the order's VAT in proportion)",
      resolve: (r) => {
        const o = r.e.order;
        return o.totalIncVat > 0
          ? toDecimal(Math.round((o.vat * o.refundedMinor) / o.totalIncVat), o.currency)
          : 0;
      },
    }),
  }),
});

type ShippingDetail = { e: OrderEdge };

const ShippingDetailType = builder.objectRef<ShippingDetail>("ShippingDetailType").implement({
  description: "How the order is delivered: the shipping option (and pickup point) chosen at checkout.",
  fields: (t) => ({
    id: t.int({ resolve: (s) => s.e.order.id }),
    name: t.string({ resolve: (s) => shippingName(s.e.order, s.e.locale.language.id) }),
    parcelNumber: t.string({ nullable: true, resolve: () => null }),
    shippingDate: t.string({ nullable: true, resolve: () => null }),
    shippingId: t.int({ resolve: () => 0 }),
    trackingLink: t.string({ nullable: true, resolve: () => null }),
  }),
});

const OrderWithdrawalType = builder.objectRef<OrderEdge>("OrderWithdrawal").implement({
  description:
    "Mili: the right of withdrawal (angrerett / ångerrätt, Directive 2023/2673): whether the withdrawal function is open for this order now, until which day, and when the shopper withdrew.",
  fields: (t) => ({
    possible: t.boolean({
      description: "The shopper may withdraw now (withdrawFromOrder)",
      resolve: (e) => withdrawalOf(e.order, new Date()).ok,
    }),
    lastDay: t.string({
      nullable: true,
      description:
        "The last day to withdraw (YYYY-MM-DD, the shop's time zone); null before delivery (the period has not begun)",
      resolve: (e) => withdrawalOf(e.order, new Date()).lastDay,
    }),
    refusal: t.string({
      nullable: true,
      description: 'Why it is closed: "withdrawn", "status" (cancelled or refunded) or "expired"',
      resolve: (e) => {
        const check = withdrawalOf(e.order, new Date());
        return check.ok ? null : check.reason;
      },
    }),
    withdrawnAt: t.string({
      nullable: true,
      description: "ISO 8601: when the shopper withdrew",
      resolve: (e) => e.order.withdrawnAt?.toISOString() ?? null,
    }),
  }),
});

export const OrderType = builder.objectRef<OrderEdge>("OrderType").implement({
  description:
    "A placed order: status received, processing, completed, cancelled or refunded (spec §4), with its lines as a cart, addresses, payment, shipping and refunds, in the amounts it was sold for.",
  fields: (t) => ({
    id: t.int({ nullable: true, resolve: (e) => e.order.id }),
    orderNumber: t.string({
      nullable: true,
      description: "Mili: the order's number as the shopper sees it (SE-1000017)",
      resolve: (e) => e.order.orderNumber,
    }),
    customerId: t.int({ nullable: true, resolve: (e) => e.order.customerId }),
    createdAt: t.string({
      nullable: true,
      description: "ISO 8601",
      resolve: (e) => e.order.createdAt.toISOString(),
    }),
    completedAt: t.string({
      nullable: true,
      description: "ISO 8601: when the order was completed (delivered); null before",
      resolve: (e) =>
        e.order.history.findLast((h) => h.toStatus === "completed")?.createdAt.toISOString() ?? null,
    }),
    updatedAt: t.string({
      nullable: true,
      description: "ISO 8601",
      resolve: (e) => e.order.updatedAt.toISOString(),
    }),
    currency: t.string({ nullable: true, resolve: (e) => e.order.currency }),
    desiredDeliveryDate: t.string({ nullable: true, resolve: () => null }),
    customerOrderNumber: t.string({ nullable: true, resolve: () => null }),
    goodsLabel: t.string({ nullable: true, resolve: () => null }),
    message: t.string({ nullable: true, resolve: (e) => e.order.message }),
    status: t.string({
      description: "received, processing, completed, cancelled or refunded",
      resolve: (e) => e.order.status,
    }),
    publicId: t.id({
      description: "The order's secret id: the guest's order link (getOrderPublic)",
      resolve: (e) => e.order.publicId,
    }),
    email: t.string({
      description: "Mili: the e-mail the order was placed with",
      resolve: (e) => e.order.email,
    }),
    customerType: t.string({
      description: "Mili: PERSON or ORGANIZATION",
      resolve: (e) => e.order.customerType,
    }),
    promoCode: t.string({ nullable: true, description: "Mili", resolve: (e) => e.order.promoCode }),
    withdrawal: t.field({
      type: OrderWithdrawalType,
      description: "Mili: the right of withdrawal for this order",
      resolve: (e) => e,
    }),
    billingAddress: t.field({
      type: AddressType,
      nullable: true,
      resolve: (e) => addressOf(e.order.billingAddress),
    }),
    shippingAddress: t.field({
      type: AddressType,
      nullable: true,
      resolve: (e) => addressOf(e.order.shippingAddress),
    }),
    cart: t.field({
      type: CartType,
      nullable: true,
      description:
        "The order's cart exactly as bought: its lines, prices, VAT, campaigns, promo code, gift cards and shipping from the order's snapshot, never re-priced (items carry the names they were sold under)",
      resolve: async (e, _args, ctx) => {
        const ref = await ctx.reference.get();
        const { locale } = resolveLocale(ref, {
          channelId: e.order.channelId,
          marketId: e.order.marketAlias,
          languageId: e.locale.language.id,
        });
        return { ...cartEdge(ref, locale, orderCartView(e.order)), sold: soldLines(e.order) };
      },
    }),
    paymentDetails: t.field({
      type: [PaymentDetailsType],
      nullable: { list: true, items: true },
      resolve: (e) => [{ e }],
    }),
    discount: t.field({
      type: PriceType,
      nullable: true,
      description: "The goods' reductions",
      resolve: (e) => orderPrice(e, e.order.discountIncVat, 0),
    }),
    orderTotal: t.field({
      type: PriceType,
      nullable: true,
      description: "What the order costs: goods after reductions plus shipping (gift cards included)",
      resolve: (e) => orderPrice(e, e.order.totalIncVat, e.order.vat, e.order.discountIncVat),
    }),
    paymentFee: t.field({ type: PriceType, nullable: true, resolve: (e) => orderPrice(e, 0, 0) }),
    shippingFee: t.field({
      type: PriceType,
      nullable: true,
      resolve: (e) => orderPrice(e, e.order.shippingFeeIncVat, e.order.shippingFeeVat),
    }),
    vat: t.field({
      type: PriceType,
      nullable: true,
      description: "The order's VAT (goods and shipping) as the selling price",
      resolve: (e) => orderPrice(e, e.order.vat, 0),
    }),
    fromBalance: t.field({
      type: "Decimal",
      description: "Paid by gift cards",
      resolve: (e) => toDecimal(e.order.balanceUsed, e.order.currency),
    }),
    fromBalanceFormatted: t.string({
      nullable: true,
      resolve: (e) => formatMoney(e.order.balanceUsed, e.order.currency, e.locale.language.id),
    }),
    itemValueExVat: t.field({
      type: "Decimal",
      description: "Mili: the goods after reductions, excluding VAT",
      resolve: (e) => toDecimal(e.order.itemValueExVat, e.order.currency),
    }),
    shippingFeeExVat: t.field({
      type: "Decimal",
      description: "Mili",
      resolve: (e) => toDecimal(e.order.shippingFeeIncVat - e.order.shippingFeeVat, e.order.currency),
    }),
    refunds: t.field({
      type: [RefundType],
      nullable: { list: true, items: true },
      resolve: (e) =>
        e.order.refundedMinor > 0
          ? [
              {
                e,
                at:
                  e.order.history.findLast((h) => h.toStatus === "refunded" || h.toStatus === "cancelled")
                    ?.createdAt ?? e.order.updatedAt,
                reason:
                  e.order.history.findLast((h) => h.toStatus === "refunded" || h.toStatus === "cancelled")
                    ?.reason ?? null,
              },
            ]
          : [],
    }),
    shippingDetails: t.field({
      type: [ShippingDetailType],
      nullable: { list: true, items: true },
      resolve: (e) => (e.order.shippingOptionKey ? [{ e }] : []),
    }),
  }),
});

async function edges(ctx: ApiContext, args: Parameters<ApiContext["locale"]>[0], list: OrderRecord[]) {
  const locale = await ctx.locale(args);
  return list.map((order) => ({ order, locale }));
}

builder.queryFields((t) => ({
  getOrders: t.field({
    type: [OrderType],
    nullable: { list: true, items: true },
    description: `The signed-in customer's orders, newest first (at most ${MAX_ORDERS_LISTED}). UNAUTHENTICATED for a guest.`,
    args: { ...localeArgs },
    resolve: async (_root, args, ctx) => {
      const customer = await signedIn(ctx);
      return edges(ctx, args, await ordersOfCustomer(ctx.db, customer.customerId, MAX_ORDERS_LISTED));
    },
  }),
  getOrderPublic: t.field({
    type: OrderType,
    nullable: true,
    description:
      "An order by its public id (the secret of the order link in the confirmation e-mail): for a guest. Null when there is no such placed order.",
    args: { publicOrderId: t.arg({ type: "Guid", required: true }), ...localeArgs },
    resolve: async (_root, args, ctx) => {
      const order = await orderByPublicId(ctx.db, args.publicOrderId);
      return order ? (await edges(ctx, args, [order]))[0] : null;
    },
  }),
}));

import type { CheckoutAddress } from "#domain/checkout.ts";
import { nameStaffIn } from "#domain/customer-export.ts";
import { formatMoney } from "#domain/format.ts";
import { toDecimal } from "#domain/money.ts";
import { type ShopperRefund, shopperRefunds } from "#domain/refund-list.ts";
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

type Refund = { e: OrderEdge; refund: ShopperRefund };
type RefundLine = { e: OrderEdge; line: ShopperRefund["lines"][number] };

/** The order line a refund line names (its snapshot: article number and name as sold). */
const lineOf = (e: OrderEdge, lineId: number) => e.order.lines.find((l) => l.id === lineId) ?? null;

const RefundLineType = builder.objectRef<RefundLine>("RefundLineType").implement({
  description: "Mili: units of one order line that a refund gave back, and their money.",
  fields: (t) => ({
    itemId: t.int({ description: "The order line's id", resolve: (r) => r.line.lineId }),
    articleNumber: t.string({
      nullable: true,
      resolve: (r) => lineOf(r.e, r.line.lineId)?.articleNumber ?? null,
    }),
    name: t.string({
      nullable: true,
      description: "The product's name as sold (and the variant's)",
      resolve: (r) => {
        const line = lineOf(r.e, r.line.lineId);
        return line ? [line.name, line.skuName].filter(Boolean).join(" ") : null;
      },
    }),
    quantity: t.int({ resolve: (r) => r.line.quantity }),
    total: t.float({ resolve: (r) => toDecimal(r.line.amount, r.e.order.currency) }),
    vat: t.float({ resolve: (r) => toDecimal(r.line.vat, r.e.order.currency) }),
  }),
});

/** The customer's own addresses: every other e-mail address in a refund's reason names the staff (decision 0053). */
const reasonFor = (e: OrderEdge, reason: string | null) =>
  nameStaffIn(reason, new Set([e.order.email.toLowerCase()]));

const RefundType = builder.objectRef<Refund>("RefundType").implement({
  description:
    "Money given back on the order: one per refund the shop made (lines and/or the shipping fee), oldest first, and one for what a cancellation or a refund of the whole order gave back (decision 0065).",
  fields: (t) => ({
    id: t.int({
      description: "The refund's id; 0 for what a cancellation or a refund of the whole order gave back",
      resolve: (r) => r.refund.refundId,
    }),
    itemId: t.int({
      description:
        "The order line's id when the refund is units of one line only; 0: several, the shipping or the whole order",
      resolve: (r) => singleLine(r)?.lineId ?? 0,
    }),
    articleNumber: t.string({
      nullable: true,
      description: "The line's article number when the refund is units of one line only",
      resolve: (r) => {
        const only = singleLine(r);
        return only ? (lineOf(r.e, only.lineId)?.articleNumber ?? null) : null;
      },
    }),
    createdAt: t.string({
      description: "ISO 8601: when it was refunded",
      resolve: (r) => r.refund.at.toISOString(),
    }),
    reason: t.string({ nullable: true, resolve: (r) => reasonFor(r.e, r.refund.reason) }),
    reasonCode: t.int({ nullable: true, resolve: () => null }),
    refundType: t.string({
      nullable: true,
      description: "payment (back through the payment) or balance (to the customer's balance)",
      resolve: (r) => (r.refund.toBalance ? "balance" : "payment"),
    }),
    toBalance: t.boolean({ resolve: (r) => r.refund.toBalance }),
    total: t.float({ resolve: (r) => toDecimal(r.refund.amount, r.e.order.currency) }),
    vat: t.float({
      description: "The VAT in the refund (a whole-order refund: the order's VAT in proportion)",
      resolve: (r) => toDecimal(r.refund.vat, r.e.order.currency),
    }),
    shippingFee: t.float({
      description: "Mili: the shipping fee's part of the total (0 when the shipping was not refunded)",
      resolve: (r) => toDecimal(r.refund.shipping, r.e.order.currency),
    }),
    lines: t.field({
      type: [RefundLineType],
      description:
        "Mili: the units of each order line refunded (empty for the shipping alone or a whole-order refund)",
      resolve: (r) => r.refund.lines.map((line) => ({ e: r.e, line })),
    }),
  }),
});

/** The one line a refund gave units back of, when it is exactly that (no other line, no shipping). */
function singleLine(r: Refund) {
  const [only, ...more] = r.refund.lines;
  return only && more.length === 0 && r.refund.shipping === 0 ? only : null;
}

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
      description:
        "Every refund of the order, oldest first: the shop's refunds of lines and shipping, and what a cancellation or a refund of the whole order gave back; they add up to what was refunded",
      resolve: (e) => {
        const move = e.order.history.findLast((h) => h.toStatus === "refunded" || h.toStatus === "cancelled");
        return shopperRefunds(
          {
            refunded: e.order.refundedMinor,
            totalIncVat: e.order.totalIncVat,
            vat: e.order.vat,
            move: move ? { at: move.createdAt, reason: move.reason } : null,
            updatedAt: e.order.updatedAt,
          },
          e.order.refunds,
        ).map((refund) => ({ e, refund }));
      },
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

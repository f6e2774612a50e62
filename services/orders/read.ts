import { and, asc, count, desc, eq, inArray, lte, notInArray } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import {
  checkoutSessions,
  orderLines,
  orderStatusHistory,
  orders,
  paymentMethods,
  refunds,
  shippingOptions,
} from "#db/schema/index.ts";
import type { CheckoutAddress } from "#domain/checkout.ts";
import { parseOrderNumber } from "#domain/order.ts";
import type { RefundRecord } from "#domain/refund-list.ts";

/**
 * Orders as the shopper reads them (the confirmation page, the account's order list, the guest's order link): the
 * order row with its line snapshots, payment method and status history. Never an order still being placed
 * (`pending`) or one that failed: those are not the shopper's orders.
 */

export interface OrderLineRecord {
  id: number;
  skuId: number | null;
  productId: number | null;
  articleNumber: string;
  name: string;
  skuName: string | null;
  quantity: number;
  unitRegularIncVat: number;
  unitSellingIncVat: number;
  vatRateBp: number;
  discountIncVat: number;
  lineTotalIncVat: number;
  lineVat: number;
  campaignNames: string[];
  /** The package or group the line was bought in (a package's lines share it). */
  groupKey: string | null;
  packageId: number | null;
}

export interface OrderRecord {
  id: number;
  publicId: string;
  orderNumber: string | null;
  cartId: string;
  channelId: string;
  marketAlias: string;
  languageId: string;
  currency: string;
  customerId: number | null;
  email: string;
  phone: string | null;
  customerType: "PERSON" | "ORGANIZATION";
  identityNumber: string | null;
  organizationId: string | null;
  companyName: string | null;
  billingAddress: CheckoutAddress;
  shippingAddress: CheckoutAddress;
  zip: string | null;
  status: string;
  paymentStatus: string;
  paymentMethodKey: string | null;
  paymentMethodId: number | null;
  paymentMethodNames: Record<string, string> | null;
  paymentType: string | null;
  paymentReference: string | null;
  capturedMinor: number;
  refundedMinor: number;
  shippingOptionKey: string | null;
  /** The shop's own shipping option's names by language (null for a delivery checkout's option). */
  shippingOptionNames: Record<string, string> | null;
  /** The option's name as chosen (a delivery checkout's, which has no names of the shop's own). */
  shippingOptionName: string | null;
  shippingAgent: unknown;
  shippingFeeIncVat: number;
  shippingFeeVat: number;
  itemValueIncVat: number;
  itemValueExVat: number;
  discountIncVat: number;
  vat: number;
  balanceUsed: number;
  totalIncVat: number;
  promoCode: string | null;
  message: string | null;
  createdAt: Date;
  confirmedAt: Date | null;
  /** When the shopper withdrew from the purchase (domain/withdrawal.ts); null when not. */
  withdrawnAt: Date | null;
  updatedAt: Date;
  lines: OrderLineRecord[];
  history: { fromStatus: string | null; toStatus: string; reason: string | null; createdAt: Date }[];
  /** The order's completed refund records, oldest first (decision 0065; cancel/refund moves write none). */
  refunds: RefundRecord[];
}

/** At most this many orders answer the account's order list (the newest). */
export const MAX_ORDERS_LISTED = 50;

/** Statuses of an order being placed or never placed: not shown as the shopper's orders. */
const NOT_PLACED = ["pending", "failed"];

type Where = ReturnType<typeof eq>;

async function load(db: Database, where: Where, limit: number): Promise<OrderRecord[]> {
  const rows = await db
    .select({
      order: orders,
      methodId: paymentMethods.id,
      methodNames: paymentMethods.names,
      paymentType: paymentMethods.paymentType,
      methodKey: checkoutSessions.paymentMethodKey,
      shippingNames: shippingOptions.names,
    })
    .from(orders)
    .leftJoin(checkoutSessions, eq(checkoutSessions.id, orders.checkoutSessionId))
    .leftJoin(paymentMethods, eq(paymentMethods.key, orders.paymentMethod))
    .leftJoin(
      shippingOptions,
      and(
        eq(shippingOptions.marketAlias, orders.marketAlias),
        eq(shippingOptions.key, orders.shippingOptionKey),
      ),
    )
    .where(and(where, notInArray(orders.status, NOT_PLACED)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
  if (!rows.length) return [];
  const ids = rows.map((r) => r.order.id);
  const [lines, history, refunded] = await Promise.all([
    db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.id)),
    db
      .select()
      .from(orderStatusHistory)
      .where(inArray(orderStatusHistory.orderId, ids))
      .orderBy(asc(orderStatusHistory.id)),
    db
      .select()
      .from(refunds)
      .where(and(inArray(refunds.orderId, ids), eq(refunds.status, "completed")))
      .orderBy(asc(refunds.completedAt), asc(refunds.id)),
  ]);
  return rows.map(({ order: o, ...m }) => ({
    id: o.id,
    publicId: o.publicId,
    orderNumber: o.orderNumber,
    cartId: o.cartId,
    channelId: o.channelId,
    marketAlias: o.marketAlias,
    languageId: o.languageId,
    currency: o.currencyCode,
    customerId: o.customerId,
    email: o.email,
    phone: o.phone,
    customerType: o.customerType === "ORGANIZATION" ? "ORGANIZATION" : "PERSON",
    identityNumber: o.identityNumber,
    organizationId: o.organizationId,
    companyName: o.companyName,
    billingAddress: (o.billingAddress ?? {}) as CheckoutAddress,
    shippingAddress: (o.shippingAddress ?? {}) as CheckoutAddress,
    zip: o.zip,
    status: o.status,
    paymentStatus: o.paymentStatus,
    paymentMethodKey: o.paymentMethod ?? m.methodKey ?? null,
    paymentMethodId: m.methodId ?? null,
    paymentMethodNames: (m.methodNames as Record<string, string> | null) ?? null,
    paymentType: m.paymentType ?? null,
    paymentReference: o.paymentReference,
    capturedMinor: o.capturedMinor,
    refundedMinor: o.refundedMinor,
    shippingOptionKey: o.shippingOptionKey,
    shippingOptionNames: (m.shippingNames as Record<string, string> | null) ?? null,
    shippingOptionName: o.shippingOptionName,
    shippingAgent: o.shippingAgent,
    shippingFeeIncVat: o.shippingFeeIncVatMinor,
    shippingFeeVat: o.shippingFeeVatMinor,
    itemValueIncVat: o.itemValueIncVatMinor,
    itemValueExVat: o.itemValueExVatMinor,
    discountIncVat: o.discountIncVatMinor,
    vat: o.vatMinor,
    balanceUsed: o.balanceUsedMinor,
    totalIncVat: o.totalIncVatMinor,
    promoCode: o.promoCode,
    message: o.message,
    createdAt: o.createdAt,
    confirmedAt: o.confirmedAt,
    withdrawnAt: o.withdrawnAt,
    updatedAt: o.updatedAt,
    lines: lines
      .filter((l) => l.orderId === o.id)
      .map((l) => ({
        id: l.id,
        skuId: l.skuId,
        productId: l.productId,
        articleNumber: l.articleNumber,
        name: l.name,
        skuName: l.skuName,
        quantity: l.quantity,
        unitRegularIncVat: l.unitRegularIncVatMinor,
        unitSellingIncVat: l.unitSellingIncVatMinor,
        vatRateBp: l.vatRateBp,
        discountIncVat: l.discountIncVatMinor,
        lineTotalIncVat: l.lineTotalIncVatMinor,
        lineVat: l.lineVatMinor,
        campaignNames: l.campaignNames,
        groupKey: l.groupKey,
        packageId: l.packageId,
      })),
    history: history
      .filter((h) => h.orderId === o.id)
      .map((h) => ({
        fromStatus: h.fromStatus,
        toStatus: h.toStatus,
        reason: h.reason,
        createdAt: h.createdAt,
      })),
    refunds: refunded
      .filter((r) => r.orderId === o.id)
      .map((r) => ({
        id: r.id,
        amount: r.amountMinor,
        vat: r.vatMinor,
        shipping: r.shippingMinor,
        method: r.method,
        lines: Array.isArray(r.lines) ? (r.lines as RefundRecord["lines"]) : [],
        reason: r.reason,
        at: r.completedAt ?? r.createdAt,
      })),
  }));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The order behind a guest's order link: its public id is the secret (a random UUID). */
export async function orderByPublicId(db: Database, publicId: string): Promise<OrderRecord | null> {
  if (!UUID.test(publicId)) return null;
  return (await load(db, eq(orders.publicId, publicId.toLowerCase()), 1))[0] ?? null;
}

/** A placed order by its id (the outbox's e-mails). */
export async function orderById(db: Database, id: number): Promise<OrderRecord | null> {
  return (await load(db, eq(orders.id, id), 1))[0] ?? null;
}

/** The order placed from a cart (the cart id is the secret of the confirmation URL). */
export async function orderOfCartId(db: Database, cartId: string): Promise<OrderRecord | null> {
  if (!UUID.test(cartId)) return null;
  return (await load(db, eq(orders.cartId, cartId.toLowerCase()), 1))[0] ?? null;
}

/** The order paid with a hosted checkout's order (`kid`): the provider's reference. */
export async function orderByProviderReference(db: Database, reference: string): Promise<OrderRecord | null> {
  if (!reference || reference.length > 200) return null;
  const [session] = await db
    .select({ cartId: checkoutSessions.cartId })
    .from(checkoutSessions)
    .where(eq(checkoutSessions.providerReference, reference))
    .limit(1);
  return session ? orderOfCartId(db, session.cartId) : null;
}

/**
 * The order a confirmation page names: `?oid=` (its number or public id) with `?cartid=` from the shop's own form.
 * A number alone is guessable, so it answers only together with the order's cart id (or to its signed-in owner).
 */
export async function orderForConfirmation(
  db: Database,
  id: string,
  opts: { cartId?: string | null; customerId?: number | null },
): Promise<OrderRecord | null> {
  if (UUID.test(id)) {
    const byPublic = await orderByPublicId(db, id);
    if (byPublic) return byPublic;
  }
  const order = opts.cartId ? await orderOfCartId(db, opts.cartId) : null;
  if (order && (order.orderNumber === id || order.publicId === id.toLowerCase())) return order;
  if (opts.customerId && parseOrderNumber(id)) {
    const [owned] = await load(
      db,
      and(eq(orders.orderNumber, id.trim().toUpperCase()), eq(orders.customerId, opts.customerId)) as Where,
      1,
    );
    return owned ?? null;
  }
  return null;
}

/** The signed-in customer's orders, newest first, at most `limit`. */
export function ordersOfCustomer(db: Database, customerId: number, limit: number): Promise<OrderRecord[]> {
  return load(db, eq(orders.customerId, customerId), limit);
}

/** How many orders the customer has placed: the signed-in customer's, else the e-mail's. */
export async function orderCountOfCustomer(db: Database, customerId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), notInArray(orders.status, NOT_PLACED)));
  return Number(row?.n ?? 0);
}

/** Which purchase this is of the shopper's (by e-mail), counting this one: the analytics event's nth_purchase. */
export async function nthPurchase(db: Database, order: OrderRecord): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(
      and(
        eq(orders.email, order.email),
        notInArray(orders.status, NOT_PLACED),
        lte(orders.createdAt, order.createdAt),
      ),
    );
  return Math.max(1, Number(row?.n ?? 1));
}

/**
 * The order's shipping option by name in a language: the shop's own option's name in that language, a delivery
 * checkout's (nShift) as the shopper chose it, the key only when neither is known; with the pickup point's name.
 */
export function orderShippingName(
  order: Pick<
    OrderRecord,
    "shippingOptionNames" | "shippingOptionName" | "shippingOptionKey" | "shippingAgent"
  >,
  languageId: string,
): string {
  const agent = order.shippingAgent as { name?: unknown } | null;
  const option =
    order.shippingOptionNames?.[languageId] ?? order.shippingOptionName ?? order.shippingOptionKey ?? "";
  return [option, typeof agent?.name === "string" ? agent.name : ""].filter(Boolean).join(": ");
}

import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { discountCampaigns, products, skus } from "./catalog.ts";
import { customers } from "./customers.ts";
import { channels, languages, markets } from "./markets.ts";
import type { Localized } from "./types.ts";

const created = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/**
 * Promo codes: requirements (conditions) and effects (actions) as small pure rules evaluated by domain/.
 * Fixed amounts are per currency: {code: "fixedOff", args: {SEK: 10000, NOK: 10000}}.
 */
export const promoCodes = pgTable(
  "promo_codes",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** Stored upper-cased. */
    code: text().notNull(),
    campaignId: integer().references(() => discountCampaigns.id, { onDelete: "set null" }),
    names: jsonb().$type<Localized>().notNull().default({}),
    conditions: jsonb().$type<{ code: string; args: unknown }[]>().notNull().default([]),
    actions: jsonb().$type<{ code: string; args?: unknown }[]>().notNull().default([]),
    validFrom: timestamp({ withTimezone: true }),
    validTo: timestamp({ withTimezone: true }),
    maxUses: integer(),
    maxUsesPerCustomer: integer(),
    uses: integer().notNull().default(0),
    active: boolean().notNull().default(true),
    createdAt: created(),
    /** Optimistic version of the back office's promo-code form (decision 0045). */
    version: integer().notNull().default(1),
  },
  (t) => [uniqueIndex().on(t.code)],
);

export const promoCodeUses = pgTable(
  "promo_code_uses",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    promoCodeId: integer()
      .notNull()
      .references(() => promoCodes.id, { onDelete: "cascade" }),
    customerId: integer().references(() => customers.id, { onDelete: "set null" }),
    /** Lower-cased e-mail, so guest uses count per customer too (written by the checkout, which knows it). */
    email: text(),
    orderId: bigint({ mode: "number" }),
    /** The completed cart that used the code (services/cart/complete.ts completeCart): one use per cart. */
    cartId: uuid().references(() => carts.id, { onDelete: "set null" }),
    createdAt: created(),
  },
  (t) => [
    index().on(t.promoCodeId, t.email),
    uniqueIndex().on(t.promoCodeId, t.orderId),
    uniqueIndex().on(t.promoCodeId, t.cartId),
  ],
);

export const giftCards = pgTable(
  "gift_cards",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    code: text().notNull().unique(),
    currencyCode: text().notNull(),
    initialMinor: integer().notNull(),
    balanceMinor: integer().notNull(),
    expiresAt: timestamp({ withTimezone: true }),
    active: boolean().notNull().default(true),
    createdAt: created(),
    /** Optimistic version of the back office's gift-card screen (decision 0045). */
    version: integer().notNull().default(1),
  },
  (t) => [check("gift_card_balance", sql`${t.balanceMinor} >= 0 and ${t.balanceMinor} <= ${t.initialMinor}`)],
);

export const giftCardTransactions = pgTable(
  "gift_card_transactions",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    giftCardId: integer()
      .notNull()
      .references(() => giftCards.id, { onDelete: "cascade" }),
    orderId: bigint({ mode: "number" }),
    /** The completed cart the amount paid for (negative: drawn from the card); one row per card and cart. */
    cartId: uuid().references(() => carts.id, { onDelete: "set null" }),
    amountMinor: integer().notNull(),
    createdAt: created(),
  },
  (t) => [
    index().on(t.giftCardId),
    uniqueIndex().on(t.giftCardId, t.orderId),
    uniqueIndex().on(t.giftCardId, t.cartId),
  ],
);

export const shippingOptions = pgTable(
  "shipping_options",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    marketAlias: text()
      .notNull()
      .references(() => markets.alias, { onDelete: "cascade" }),
    key: text().notNull(),
    names: jsonb().$type<Localized>().notNull(),
    feeMinor: integer().notNull(),
    freeOverMinor: integer(),
    isDefault: boolean().notNull().default(false),
    provider: text().notNull().default("sandbox"),
    /** Delivery estimate in working days (from, to); null when unknown. */
    deliveryDaysMin: integer(),
    deliveryDaysMax: integer(),
    sortOrder: integer().notNull().default(0),
    active: boolean().notNull().default(true),
    /** Optimistic version of the back office's edits (decision 0059). */
    version: integer().notNull().default(1),
  },
  (t) => [uniqueIndex().on(t.marketAlias, t.key)],
);

export const paymentMethods = pgTable("payment_methods", {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  key: text().notNull().unique(),
  names: jsonb().$type<Localized>().notNull(),
  /** e.g. "KLARNA", "INVOICE". */
  paymentType: text().notNull(),
  /** "EXTERNAL" (hosted checkout) or "STANDARD". */
  checkoutType: text().notNull(),
  marketAliases: text().array().notNull().default(sql`'{}'::text[]`),
  customerTypes: text().array().notNull().default(sql`'{PERSON,ORGANIZATION}'::text[]`),
  sortOrder: integer().notNull().default(0),
  active: boolean().notNull().default(true),
  /** Optimistic version of the back office's per-market offer (decision 0062). */
  version: integer().notNull().default(1),
});

export const carts = pgTable(
  "carts",
  {
    id: uuid().primaryKey().defaultRandom(),
    channelId: text()
      .notNull()
      .references(() => channels.id),
    marketAlias: text()
      .notNull()
      .references(() => markets.alias),
    languageId: text()
      .notNull()
      .references(() => languages.id),
    customerId: integer().references(() => customers.id, { onDelete: "set null" }),
    customerType: text().notNull().default("PERSON"),
    promoCode: text(),
    giftCardCodes: text().array().notNull().default(sql`'{}'::text[]`),
    merchantData: jsonb(),
    externalShippingFeeMinor: integer(),
    shippingOptionKey: text(),
    /** Bumped on every change; checkout sessions are tied to a version. */
    version: integer().notNull().default(0),
    completedAt: timestamp({ withTimezone: true }),
    createdAt: created(),
    updatedAt: created(),
  },
  (t) => [index().on(t.customerId), index().on(t.updatedAt)],
);

export const cartItems = pgTable(
  "cart_items",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    cartId: uuid()
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    skuId: integer()
      .notNull()
      .references(() => skus.id),
    quantity: integer().notNull(),
    /** Items added together (a package) share a group key. */
    groupKey: text(),
    /** The package product an item belongs to. */
    packageId: integer().references(() => products.id),
    packageGroupId: integer(),
    message: text(),
    createdAt: created(),
  },
  (t) => [
    unique("cart_items_line").on(t.cartId, t.skuId, t.groupKey).nullsNotDistinct(),
    check("cart_item_quantity", sql`${t.quantity} > 0`),
  ],
);

/** Checkout sessions per cart and provider, with the idempotency key reused across retries. */
export const checkoutSessions = pgTable(
  "checkout_sessions",
  {
    id: uuid().primaryKey().defaultRandom(),
    cartId: uuid()
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    cartVersion: integer().notNull(),
    paymentMethodKey: text().notNull(),
    idempotencyKey: text().notNull().unique(),
    providerReference: text(),
    /** The shopper's checkout input: e-mail, addresses, identity number, shipping choice. */
    data: jsonb().notNull().default({}),
    status: text().notNull().default("open"),
    createdAt: created(),
    updatedAt: created(),
  },
  // One payment attempt per cart version and payment method: concurrent checkouts of one cart share it.
  (t) => [index().on(t.cartId), uniqueIndex().on(t.cartId, t.cartVersion, t.paymentMethodKey)],
);

/** The last order number given per channel (domain/order.ts formatOrderNumber): numbers without gaps. */
export const orderNumberCounters = pgTable("order_number_counters", {
  channelId: text()
    .primaryKey()
    .references(() => channels.id),
  lastValue: bigint({ mode: "number" }).notNull(),
});

export const orders = pgTable(
  "orders",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    publicId: uuid().notNull().unique().defaultRandom(),
    /**
     * One live order per cart (a partial unique index, below): placing the same cart twice returns the same order;
     * a failed attempt's row stays for the record and the cart can be placed again.
     */
    cartId: uuid().notNull(),
    /** Human-readable, per channel (domain/order.ts); given when the order is confirmed. */
    orderNumber: text().unique(),
    checkoutSessionId: uuid(),
    channelId: text()
      .notNull()
      .references(() => channels.id),
    marketAlias: text()
      .notNull()
      .references(() => markets.alias),
    languageId: text()
      .notNull()
      .references(() => languages.id),
    currencyCode: text().notNull(),
    customerId: integer().references(() => customers.id, { onDelete: "set null" }),
    email: text().notNull(),
    firstName: text(),
    lastName: text(),
    phone: text(),
    identityNumber: text(),
    customerType: text().notNull().default("PERSON"),
    organizationId: text(),
    companyName: text(),
    billingAddress: jsonb().notNull(),
    shippingAddress: jsonb().notNull(),
    zip: text(),
    /** domain/order-status.ts: "pending", "failed", "received", "processing", "completed", "cancelled", "refunded". */
    status: text().notNull().default("pending"),
    /** "pending", "authorized", "captured", "refunded", "cancelled", "declined". */
    paymentStatus: text().notNull().default("pending"),
    capturedMinor: integer().notNull().default(0),
    refundedMinor: integer().notNull().default(0),
    shippingOptionKey: text(),
    /**
     * The shipping option's name as the shopper chose it (in the order's language), kept for options the shop has
     * no names of its own for: a delivery checkout's (nShift). Null for orders placed before it was kept.
     */
    shippingOptionName: text(),
    /** The pickup point chosen in a delivery checkout (nShift-style): id, name, address. */
    shippingAgent: jsonb(),
    confirmedAt: timestamp({ withTimezone: true }),
    /** When the shopper withdrew from the purchase (angrerett; domain/withdrawal.ts); null when not. */
    withdrawnAt: timestamp({ withTimezone: true }),
    /** When the merchant received the withdrawn goods back (the back office's "mark received"); null before. */
    withdrawalReceivedAt: timestamp({ withTimezone: true }),
    shippingMethod: text(),
    shippingFeeIncVatMinor: integer().notNull().default(0),
    shippingFeeVatMinor: integer().notNull().default(0),
    paymentMethod: text(),
    paymentReference: text(),
    itemValueIncVatMinor: integer().notNull(),
    itemValueExVatMinor: integer().notNull(),
    discountIncVatMinor: integer().notNull().default(0),
    vatMinor: integer().notNull(),
    balanceUsedMinor: integer().notNull().default(0),
    totalIncVatMinor: integer().notNull(),
    promoCode: text(),
    message: text(),
    createdAt: created(),
    updatedAt: created(),
  },
  (t) => [
    index().on(t.customerId, t.createdAt),
    index().on(t.email),
    index().on(t.status, t.createdAt),
    uniqueIndex("orders_cart_live").on(t.cartId).where(sql`status <> 'failed'`),
  ],
);

/** A snapshot of each line as sold: price, VAT rate and amounts never change after the order. */
export const orderLines = pgTable(
  "order_lines",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    orderId: bigint({ mode: "number" })
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    skuId: integer().references(() => skus.id, { onDelete: "set null" }),
    productId: integer().references(() => products.id, { onDelete: "set null" }),
    articleNumber: text().notNull(),
    name: text().notNull(),
    skuName: text(),
    quantity: integer().notNull(),
    /** How the quantity was taken (domain/order.ts takeStock): from the shelf, as backorder; static stock is not counted. */
    fromShelf: integer().notNull().default(0),
    backorder: integer().notNull().default(0),
    unitRegularIncVatMinor: integer().notNull(),
    unitSellingIncVatMinor: integer().notNull(),
    vatRateBp: integer().notNull(),
    /** Order-level discounts prorated onto the line. */
    discountIncVatMinor: integer().notNull().default(0),
    lineTotalIncVatMinor: integer().notNull(),
    lineVatMinor: integer().notNull(),
    campaignNames: text().array().notNull().default(sql`'{}'::text[]`),
    groupKey: text(),
    packageId: integer(),
  },
  (t) => [index().on(t.orderId)],
);

export const orderStatusHistory = pgTable(
  "order_status_history",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    orderId: bigint({ mode: "number" })
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    fromStatus: text(),
    toStatus: text().notNull(),
    reason: text(),
    createdAt: created(),
  },
  (t) => [index().on(t.orderId)],
);

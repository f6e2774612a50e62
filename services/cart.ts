import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database, Tx } from "#db/client.ts";
import {
  campaignTranslations,
  cartItems,
  carts,
  categories,
  discountCampaigns,
  giftCards,
  giftCardTransactions,
  packageOptions,
  prices,
  productCategories,
  products,
  productTranslations,
  promoCodes,
  promoCodeUses,
  shippingOptions,
  skus,
} from "#db/schema/index.ts";
import {
  type AppliedRule,
  amountIn,
  type CartLine,
  type CartRuleSet,
  type CartTotals,
  type CustomerType,
  MAX_CART_LINES,
  MAX_LINE_QUANTITY,
  normalizeCode,
  type PackageGroup,
  priceCart,
  type Rule,
} from "#domain/cart.ts";
import { type CartErrorReason, cartRefusalMessage, refusalOf } from "#domain/cart-refusals.ts";
import { formatMoney } from "#domain/format.ts";
import { type Message, msg } from "#domain/messages.ts";
import { maxOrderable, type Stock } from "#domain/stock.ts";
import { type ProductClass, vatRateFor } from "#domain/vat.ts";
import { loadPackageRules, packageGroupOf } from "./package-prices.ts";
import { announcedReference, type SkuHistoryJson, skuHistorySql } from "./price-history.ts";
import { loadPackages } from "./product-detail.ts";
import type { Locale, ReferenceData } from "./reference.ts";

/**
 * The cart (spec §3, §4; API.md "Cart"): storage and use cases. Every change is one transaction that locks the
 * cart row first (docs/decisions/0004), validates against the catalog and stock, writes, bumps the version and
 * reads the priced cart back inside the same transaction. Prices come from domain/cart.ts.
 */

export type { CartErrorReason };

/**
 * A refused cart change: nothing was written. `details` carries what the message needs (stock, groups…); `text`
 * is what the shopper is told (domain/cart-refusals.ts), `message` a note for logs.
 */
export class CartError extends Error {
  readonly reason: CartErrorReason;
  readonly details: Record<string, unknown>;
  readonly text: Message;
  constructor(reason: CartErrorReason, message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.name = "CartError";
    this.reason = reason;
    this.details = details;
    this.text = cartRefusalMessage(refusalOf(reason, details)) ?? msg("cart.error.notBuyable");
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_GIFT_CARDS = 5;
const MAX_MERCHANT_DATA = 10_000;

export interface CartContext {
  ref: ReferenceData;
  locale: Locale;
  /** The shopper's type when known (the storefront's cookie); kept on the cart by changes. */
  customerType?: CustomerType | null;
  now?: Date;
  /** Runs before a new cart is stored; throwing (e.g. the rate limiter's refusal) stores nothing. */
  beforeNewCart?: () => Promise<unknown>;
}

export interface CartItemView {
  id: string;
  skuId: number;
  productId: number;
  skuName: string;
  quantity: number;
  groupKey: string | null;
  packageId: number | null;
  /** The package group this item was picked in. */
  packageGroupId: number | null;
  message: string | null;
  stock: Stock & { totalStock: number };
  currency: string;
  vatRateBp: number;
  /** The line as priced by domain/cart.ts. */
  priced: CartTotals["lines"][number];
  /** Names of the rules that lowered this line. */
  applied: AppliedRule[];
}

export interface CartView {
  id: string;
  version: number;
  isCompleted: boolean;
  marketAlias: string;
  currency: string;
  customerType: CustomerType;
  promoCode: string | null;
  /** Set when a promo code is kept on the cart but its requirements are not met now. */
  promoCodeUnmet: Rule | null;
  giftCards: { code: string; balance: number; used: number }[];
  merchantData: string | null;
  items: CartItemView[];
  totals: CartTotals;
  /** Whether the market's default shipping option is the one priced. */
  shippingIsDefault: boolean;
}

type Db = Database | Tx;

function asCustomerType(value: string | null | undefined): CustomerType | null {
  return value === "PERSON" || value === "ORGANIZATION" ? value : null;
}

function currencyOf(locale: Locale): string {
  const code = locale.market.currency?.code;
  if (!code) throw new CartError("NO_CURRENCY", "Currency not found for this market");
  return code;
}

// ---------------------------------------------------------------------------------------------------------
// Reading and pricing

interface StoredCart {
  id: string;
  version: number;
  completedAt: Date | null;
  customerId: number | null;
  customerType: string;
  promoCode: string | null;
  giftCardCodes: string[];
  merchantData: unknown;
  externalShippingFeeMinor: number | null;
  shippingOptionKey: string | null;
}

const cartColumns = {
  id: carts.id,
  version: carts.version,
  completedAt: carts.completedAt,
  customerId: carts.customerId,
  customerType: carts.customerType,
  promoCode: carts.promoCode,
  giftCardCodes: carts.giftCardCodes,
  merchantData: carts.merchantData,
  externalShippingFeeMinor: carts.externalShippingFeeMinor,
  shippingOptionKey: carts.shippingOptionKey,
};

interface LoadedItem {
  id: number;
  skuId: number;
  quantity: number;
  groupKey: string | null;
  packageId: number | null;
  packageGroupId: number | null;
  message: string | null;
  productId: number;
  skuName: string;
  skuActive: boolean;
  productActive: boolean;
  productType: string;
  productClass: string;
  brandId: number | null;
  kind: string;
  inStock: number;
  oversellable: number;
  static: number;
  incoming: string | null;
  regular: number | null;
  selling: number | null;
  currency: string | null;
  /** The SKU's price history in the market (services/price-history.ts), for the price its reduction is announced against. */
  history: SkuHistoryJson | string | null;
}

/**
 * A cart's lines with their SKU, product, stock and price in the market. The selling price is the one in effect
 * `at` (`mili_price_in_effect`, migration 0004): a reduction whose campaign has ended or not yet begun sells at the
 * regular price, as the lists show it.
 */
async function loadItems(db: Db, cartId: string, marketAlias: string, at: Date): Promise<LoadedItem[]> {
  return db
    .select({
      id: cartItems.id,
      skuId: cartItems.skuId,
      quantity: cartItems.quantity,
      groupKey: cartItems.groupKey,
      packageId: cartItems.packageId,
      packageGroupId: cartItems.packageGroupId,
      message: cartItems.message,
      productId: skus.productId,
      skuName: skus.name,
      skuActive: skus.active,
      productActive: products.active,
      productType: products.type,
      productClass: products.productClass,
      brandId: products.brandId,
      kind: products.kind,
      inStock: skus.inStock,
      oversellable: skus.oversellable,
      static: skus.static,
      incoming: skus.incoming,
      regular: prices.regularMinor,
      selling: sql<number | null>`mili_price_in_effect(${prices}, ${at.toISOString()}::timestamptz)`,
      currency: prices.currencyCode,
      history: skuHistorySql(prices),
    })
    .from(cartItems)
    .innerJoin(skus, eq(skus.id, cartItems.skuId))
    .innerJoin(products, eq(products.id, skus.productId))
    .leftJoin(prices, and(eq(prices.skuId, skus.id), eq(prices.marketAlias, marketAlias)))
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.id));
}

/** Whether an item can be sold in this market now: active SKU and product, a price in the market's currency. */
function buyable(item: LoadedItem, currency: string): boolean {
  return item.skuActive && item.productActive && item.selling !== null && item.currency === currency;
}

/** Each product's categories with all their ancestors: ids and keys (for campaign scopes). */
async function categoryScopes(db: Db, productIds: number[]) {
  const out = new Map<number, { ids: number[]; keys: string[] }>();
  if (!productIds.length) return out;
  const [tree, links] = await Promise.all([
    db.select({ id: categories.id, parentId: categories.parentId, key: categories.key }).from(categories),
    db
      .select({ productId: productCategories.productId, categoryId: productCategories.categoryId })
      .from(productCategories)
      .where(inArray(productCategories.productId, productIds)),
  ]);
  const byId = new Map(tree.map((c) => [c.id, c]));
  for (const link of links) {
    const scope = out.get(link.productId) ?? { ids: [], keys: [] };
    let node = byId.get(link.categoryId);
    for (let depth = 0; node && depth < 16; depth++) {
      if (!scope.ids.includes(node.id)) {
        scope.ids.push(node.id);
        scope.keys.push(node.key);
      }
      node = node.parentId === null ? undefined : byId.get(node.parentId);
    }
    out.set(link.productId, scope);
  }
  return out;
}

/** Cart campaigns running now, in priority order, with their names in the language. */
async function runningCampaigns(
  db: Db,
  languageId: string,
  marketAlias: string,
  now: Date,
): Promise<CartRuleSet[]> {
  const rows = await db
    .select({
      id: discountCampaigns.id,
      conditions: discountCampaigns.conditions,
      actions: discountCampaigns.actions,
      stackable: discountCampaigns.stackable,
      hideTitle: discountCampaigns.hideTitle,
      key: discountCampaigns.key,
      name: campaignTranslations.name,
    })
    .from(discountCampaigns)
    .leftJoin(
      campaignTranslations,
      and(
        eq(campaignTranslations.campaignId, discountCampaigns.id),
        eq(campaignTranslations.languageId, languageId),
      ),
    )
    .where(
      and(
        eq(discountCampaigns.discountType, "CART_CAMPAIGN"),
        eq(discountCampaigns.active, true),
        // Its markets (decision 0045); none named: every market.
        sql`(cardinality(${discountCampaigns.marketAliases}) = 0 or ${marketAlias} = any(${discountCampaigns.marketAliases}))`,
        sql`(${discountCampaigns.startsAt} is null or ${discountCampaigns.startsAt} <= ${now.toISOString()})`,
        sql`(${discountCampaigns.endsAt} is null or ${discountCampaigns.endsAt} > ${now.toISOString()})`,
      ),
    )
    .orderBy(asc(discountCampaigns.priority), asc(discountCampaigns.id));
  return rows.map((r) => ({
    id: `campaign:${r.id}`,
    kind: "campaign",
    name: r.name ?? r.key,
    hideTitle: r.hideTitle,
    conditions: r.conditions,
    actions: r.actions,
    stackable: r.stackable,
  }));
}

type PromoRow = typeof promoCodes.$inferSelect;

/**
 * Why a stored promo code cannot be used now on this cart, or null when it can (requirements on the cart aside):
 * unknown or inactive, outside its validity period, used up (`maxUses` completed carts), or used up by this
 * customer (`maxUsesPerCustomer`, counted when the cart has a customer: none has until accounts link them, and a
 * guest's uses can only be counted by the e-mail the checkout will record). Uses are recorded by completeCart.
 */
async function promoUnusable(
  db: Db,
  row: PromoRow | undefined,
  customerId: number | null,
  now: Date,
  opts: { countUses?: boolean } = {},
): Promise<string | null> {
  if (!row?.active) return "unknown";
  if (row.validFrom && row.validFrom > now) return "not yet valid";
  if (row.validTo && row.validTo <= now) return "expired";
  // A completed cart's own use is among the counted ones: its price does not depend on them any more.
  if (opts.countUses === false) return null;
  if (row.maxUses !== null && row.uses >= row.maxUses) return "used up";
  if (row.maxUsesPerCustomer !== null && customerId !== null) {
    const [used] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(promoCodeUses)
      .where(and(eq(promoCodeUses.promoCodeId, row.id), eq(promoCodeUses.customerId, customerId)));
    if ((used?.n ?? 0) >= row.maxUsesPerCustomer) return "used up by this customer";
  }
  return null;
}

function promoRuleSet(row: PromoRow, languageId: string): CartRuleSet {
  return {
    id: `promo:${row.code}`,
    kind: "promo",
    name: row.names[languageId] ?? row.code,
    hideTitle: false,
    conditions: row.conditions,
    actions: row.actions,
    stackable: true,
  };
}

/**
 * The packages in a cart, priced as the package's own price for its default picks: the group costs
 * (package price / default picks' price) of its picks' selling prices (docs/decisions/0012). The rule's numbers
 * are the product page's too (services/package-prices.ts).
 */
async function packagePricing(
  db: Db,
  items: LoadedItem[],
  opts: { marketAlias: string; languageId: string; at: Date },
): Promise<PackageGroup[]> {
  const groups = new Map<string, number>();
  for (const item of items)
    if (item.groupKey && item.packageId !== null) groups.set(item.groupKey, item.packageId);
  const rules = await loadPackageRules(db, [...new Set(groups.values())], opts);
  return [...groups].flatMap(([groupKey, packageId]) => {
    const rule = rules.get(packageId);
    return rule ? [packageGroupOf(rule, groupKey)] : [];
  });
}

async function priceStoredCart(
  db: Db,
  cart: StoredCart,
  ctx: CartContext,
  opts: { allowExternalShippingFee?: boolean } = {},
): Promise<CartView> {
  const { locale, ref } = ctx;
  // A completed cart is priced as it was completed (a retried completeCart answers the same money): at its
  // completion time, without counting its own promo code use, and with what it drew from its gift cards.
  const completed = cart.completedAt !== null;
  const now = cart.completedAt ?? ctx.now ?? new Date();
  const currency = currencyOf(locale);
  const market = locale.market;
  const languageId = locale.language.id;
  const customerType = asCustomerType(ctx.customerType) ?? asCustomerType(cart.customerType) ?? "PERSON";
  const loaded = await loadItems(db, cart.id, market.alias, now);
  const items = loaded.filter((i) => buyable(i, currency));
  const productIds = [...new Set(items.map((i) => i.productId))];
  const promoCode = cart.promoCode;
  const [scopes, campaigns, promoRows, cards, shipping, packages, drawn] = await Promise.all([
    categoryScopes(db, productIds),
    runningCampaigns(db, languageId, market.alias, now),
    promoCode ? db.select().from(promoCodes).where(eq(promoCodes.code, promoCode)) : Promise.resolve([]),
    cart.giftCardCodes.length
      ? db.select().from(giftCards).where(inArray(giftCards.code, cart.giftCardCodes))
      : Promise.resolve([]),
    db
      .select()
      .from(shippingOptions)
      .where(and(eq(shippingOptions.marketAlias, market.alias), eq(shippingOptions.active, true)))
      .orderBy(asc(shippingOptions.sortOrder), asc(shippingOptions.id)),
    packagePricing(db, items, { marketAlias: market.alias, languageId, at: now }),
    completed && cart.giftCardCodes.length
      ? db
          .select({
            giftCardId: giftCardTransactions.giftCardId,
            amountMinor: giftCardTransactions.amountMinor,
          })
          .from(giftCardTransactions)
          .where(eq(giftCardTransactions.cartId, cart.id))
      : Promise.resolve([]),
  ]);
  const country = market.country?.code;
  const lines: CartLine[] = items.map((item) => {
    const scope = scopes.get(item.productId);
    return {
      id: String(item.id),
      skuId: item.skuId,
      productId: item.productId,
      quantity: item.quantity,
      // What the line's reduction is announced against (docs/decisions/0013): its prior price, or no reduction.
      regular:
        item.selling !== null && item.regular !== null && item.history !== null
          ? announcedReference({ regular: item.regular, selling: item.selling }, item.history, now)
          : (item.selling ?? 0),
      selling: item.selling ?? 0,
      priceCampaign: (item.selling ?? 0) < (item.regular ?? 0),
      vatRateBp: country
        ? vatRateFor(ref.vatRates, country, item.productClass as ProductClass, now).rateBp
        : 0,
      categoryIds: scope?.ids ?? [],
      categoryKeys: scope?.keys ?? [],
      brandId: item.brandId,
      kind: item.kind,
      groupKey: item.groupKey,
    };
  });
  const promoRow = promoRows[0];
  const promo =
    promoRow && (await promoUnusable(db, promoRow, cart.customerId, now, { countUses: !completed })) === null
      ? promoRuleSet(promoRow, languageId)
      : null;
  // What this cart drew from each card (completed carts) is its own again: the balance before completion.
  const drawnBy = new Map(drawn.map((d) => [d.giftCardId, -d.amountMinor]));
  const usableCards = cards
    .filter((c) => c.active && c.currencyCode === currency && !(c.expiresAt && c.expiresAt <= now))
    .map((c) => ({ ...c, balanceMinor: c.balanceMinor + (drawnBy.get(c.id) ?? 0) }));
  const chosen =
    shipping.find((s) => s.key === cart.shippingOptionKey) ??
    shipping.find((s) => s.isDefault) ??
    shipping[0];
  const external = opts.allowExternalShippingFee && cart.externalShippingFeeMinor !== null;
  const totals = priceCart({
    currency,
    customerType,
    lines,
    packages,
    campaigns,
    promo,
    shipping: external
      ? { feeMinor: cart.externalShippingFeeMinor ?? 0, freeOverMinor: null, isDefault: false }
      : chosen
        ? { feeMinor: chosen.feeMinor, freeOverMinor: chosen.freeOverMinor, isDefault: chosen.isDefault }
        : { feeMinor: market.shippingFeeMinor, freeOverMinor: market.freeShippingOverMinor, isDefault: true },
    // Gift cards in the order they were added.
    giftCards: cart.giftCardCodes.flatMap((code) => {
      const card = usableCards.find((c) => c.code === code);
      return card ? [{ code, balanceMinor: card.balanceMinor }] : [];
    }),
  });
  const byRule = new Map(totals.applied.map((a) => [a.id, a]));
  const pricedById = new Map(totals.lines.map((l) => [l.id, l]));
  return {
    id: cart.id,
    version: cart.version,
    isCompleted: cart.completedAt !== null,
    marketAlias: market.alias,
    currency,
    customerType,
    promoCode,
    // A code kept on the cart that has expired (or been used up) since gives nothing either, and says so.
    promoCodeUnmet:
      promoCode && !promo
        ? { code: "validity" }
        : totals.promo?.status === "requirementsNotMet"
          ? totals.promo.unmet
          : null,
    giftCards: totals.balance.giftCards.map((g) => ({
      code: g.code,
      used: g.used,
      balance: usableCards.find((c) => c.code === g.code)?.balanceMinor ?? 0,
    })),
    merchantData:
      cart.merchantData === null || cart.merchantData === undefined
        ? null
        : JSON.stringify(cart.merchantData),
    items: items.flatMap((item) => {
      const priced = pricedById.get(String(item.id));
      if (!priced) return [];
      return [
        {
          id: String(item.id),
          skuId: item.skuId,
          productId: item.productId,
          skuName: item.skuName,
          quantity: item.quantity,
          groupKey: item.groupKey,
          packageId: item.packageId,
          packageGroupId: item.packageGroupId,
          message: item.message,
          stock: {
            inStock: item.inStock,
            oversellable: item.oversellable,
            static: item.static,
            incoming: item.incoming,
            totalStock: item.inStock + item.oversellable + item.static,
          },
          currency,
          vatRateBp: priced.vatRateBp,
          priced,
          applied: priced.applied.flatMap((id) => {
            const rule = byRule.get(id);
            return rule ? [rule] : [];
          }),
        },
      ];
    }),
    totals,
    shippingIsDefault: external ? false : (chosen?.isDefault ?? true),
  };
}

async function findCart(db: Db, id: string, lock: boolean): Promise<StoredCart | undefined> {
  if (!UUID.test(id)) return undefined;
  const query = db.select(cartColumns).from(carts).where(eq(carts.id, id));
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

async function createCart(db: Db, ctx: CartContext): Promise<StoredCart> {
  await ctx.beforeNewCart?.();
  const [row] = await db
    .insert(carts)
    .values({
      channelId: ctx.locale.channel.id,
      marketAlias: ctx.locale.market.alias,
      languageId: ctx.locale.language.id,
      customerType: asCustomerType(ctx.customerType) ?? "PERSON",
    })
    .returning(cartColumns);
  if (!row) throw new Error("creating a cart returned no row");
  return row;
}

/**
 * cloneCart: a new cart holding another cart's items (packages as packages), customer type, merchant data and,
 * unless `resetPromotions`, its promo code; the other cart, completed or not, is left as it is. Gift cards are
 * payments, not promotions: they stay with their cart.
 */
export async function cloneCart(
  db: Database,
  ctx: CartContext,
  id: string,
  opts: { resetPromotions?: boolean } = {},
): Promise<CartView> {
  if (!UUID.test(id)) throw new CartError("INVALID_CART_ID", `"${id.slice(0, 64)}" is not a cart id`);
  return db.transaction(async (tx) => {
    const source = await findCart(tx, id, false);
    if (!source) throw new CartError("INVALID_CART_ID", "No such cart");
    const copy = await createCart(tx, ctx);
    const items = await tx.select().from(cartItems).where(eq(cartItems.cartId, source.id));
    if (items.length)
      await tx.insert(cartItems).values(
        items.map(({ id: _id, cartId: _cartId, createdAt: _at, ...item }) => ({
          ...item,
          cartId: copy.id,
        })),
      );
    const [row] = await tx
      .update(carts)
      .set({
        customerType: source.customerType,
        merchantData: source.merchantData,
        promoCode: opts.resetPromotions ? null : source.promoCode,
      })
      .where(eq(carts.id, copy.id))
      .returning(cartColumns);
    return priceStoredCart(tx, row ?? copy, ctx);
  });
}

/**
 * getCart: the priced cart. An empty, unknown or completed id starts a new cart (so a stale cookie recovers by
 * itself); with `includeCompleted` a completed id answers that completed cart. `forceRefresh` also deletes lines that can no longer be bought (inactive, no price in the market);
 * otherwise they are kept, but left out of the cart and its totals.
 */
export async function getCart(
  db: Database,
  ctx: CartContext,
  id: string | null | undefined,
  opts: { forceRefresh?: boolean; allowExternalShippingFee?: boolean; includeCompleted?: boolean } = {},
): Promise<CartView> {
  const currency = currencyOf(ctx.locale);
  const found = id ? await findCart(db, id, false) : undefined;
  // includeCompleted: a completed cart is answered as it is (the order confirmation reads it), priced as
  // completeCart's retry prices it.
  if (found && found.completedAt !== null && opts.includeCompleted)
    return priceStoredCart(db, found, ctx, opts);
  if (found && found.completedAt === null && !opts.forceRefresh) return priceStoredCart(db, found, ctx, opts);
  return db.transaction(async (tx) => {
    const locked = id ? await findCart(tx, id, true) : undefined;
    if (!locked || locked.completedAt !== null)
      return priceStoredCart(tx, await createCart(tx, ctx), ctx, opts);
    const stale = (await loadItems(tx, locked.id, ctx.locale.market.alias, ctx.now ?? new Date())).filter(
      (i) => !buyable(i, currency),
    );
    if (stale.length) {
      await tx.delete(cartItems).where(
        inArray(
          cartItems.id,
          stale.map((i) => i.id),
        ),
      );
      await touch(tx, locked, ctx);
      locked.version++;
    }
    return priceStoredCart(tx, locked, ctx, opts);
  });
}

async function touch(tx: Tx, cart: StoredCart, ctx: CartContext) {
  await tx
    .update(carts)
    .set({
      version: sql`${carts.version} + 1`,
      updatedAt: sql`now()`,
      marketAlias: ctx.locale.market.alias,
      languageId: ctx.locale.language.id,
      ...(asCustomerType(ctx.customerType)
        ? { customerType: asCustomerType(ctx.customerType) as string }
        : {}),
    })
    .where(eq(carts.id, cart.id));
}

/**
 * Runs one change on a cart: locks the row (creating a new cart for an empty, unknown or completed id), applies
 * `change`, bumps the version and returns the priced cart, all in one transaction. A CartError rolls it back.
 */
async function changeCart(
  db: Database,
  ctx: CartContext,
  id: string | null | undefined,
  change: (tx: Tx, cart: StoredCart) => Promise<void>,
  opts: { validateAfter?: (view: CartView) => void } = {},
): Promise<CartView> {
  if (id && !UUID.test(id)) throw new CartError("INVALID_CART_ID", `"${id.slice(0, 64)}" is not a cart id`);
  currencyOf(ctx.locale);
  return db.transaction(async (tx) => {
    let cart = id ? await findCart(tx, id, true) : undefined;
    if (!cart || cart.completedAt !== null) cart = await createCart(tx, ctx);
    await change(tx, cart);
    await touch(tx, cart, ctx);
    const [fresh] = await tx.select(cartColumns).from(carts).where(eq(carts.id, cart.id));
    const view = await priceStoredCart(tx, fresh ?? cart, ctx);
    opts.validateAfter?.(view);
    return view;
  });
}

// ---------------------------------------------------------------------------------------------------------
// Changes

function assertQuantity(quantity: number, allowZero: boolean) {
  if (!Number.isInteger(quantity) || quantity < (allowZero ? 0 : 1) || quantity > MAX_LINE_QUANTITY)
    throw new CartError(
      "INVALID_QUANTITY",
      `Quantity must be a whole number from ${allowZero ? 0 : 1} to ${MAX_LINE_QUANTITY}`,
      { min: allowZero ? 0 : 1, max: MAX_LINE_QUANTITY },
    );
}

interface SkuRow {
  skuId: number;
  productId: number;
  active: boolean;
  productActive: boolean;
  productType: string;
  inStock: number;
  oversellable: number;
  static: number;
  incoming: string | null;
  selling: number | null;
  currency: string | null;
  name: string | null;
}

async function loadSkus(
  tx: Tx,
  skuIds: number[],
  marketAlias: string,
  languageId: string,
): Promise<Map<number, SkuRow>> {
  if (!skuIds.length) return new Map();
  const rows = await tx
    .select({
      skuId: skus.id,
      productId: skus.productId,
      active: skus.active,
      productActive: products.active,
      productType: products.type,
      inStock: skus.inStock,
      oversellable: skus.oversellable,
      static: skus.static,
      incoming: skus.incoming,
      selling: prices.sellingMinor,
      currency: prices.currencyCode,
      name: productTranslations.name,
    })
    .from(skus)
    .innerJoin(products, eq(products.id, skus.productId))
    .leftJoin(prices, and(eq(prices.skuId, skus.id), eq(prices.marketAlias, marketAlias)))
    .leftJoin(
      productTranslations,
      and(eq(productTranslations.productId, skus.productId), eq(productTranslations.languageId, languageId)),
    )
    .where(inArray(skus.id, skuIds));
  return new Map(rows.map((r) => [r.skuId, r]));
}

function assertBuyable(sku: SkuRow | undefined, skuId: number, currency: string): SkuRow {
  if (!sku) throw new CartError("UNKNOWN_SKU", `No SKU ${skuId}`, { skuId });
  if (!sku.active || !sku.productActive || sku.selling === null || sku.currency !== currency)
    throw new CartError("NOT_BUYABLE", `SKU ${skuId} cannot be bought in this market`, {
      skuId,
      name: sku.name,
    });
  return sku;
}

/** Refuses a quantity of a SKU (the cart's whole quantity of it) that stock cannot cover. */
function assertStock(sku: SkuRow, quantity: number) {
  const max = maxOrderable({ ...sku, totalStock: sku.inStock + sku.oversellable + sku.static });
  if (quantity <= max) return;
  const stock = Number.isFinite(max) ? max : 0;
  throw new CartError("OUT_OF_STOCK", stock > 0 ? `Only ${stock} left in stock` : "Out of stock", {
    skuId: sku.skuId,
    stock,
    name: sku.name,
  });
}

/** The cart's quantity of each SKU, all lines together. */
async function quantities(tx: Tx, cartId: string) {
  const rows = await tx
    .select({
      id: cartItems.id,
      skuId: cartItems.skuId,
      quantity: cartItems.quantity,
      groupKey: cartItems.groupKey,
      packageGroupId: cartItems.packageGroupId,
      packageId: cartItems.packageId,
    })
    .from(cartItems)
    .where(eq(cartItems.cartId, cartId));
  const bySku = new Map<number, number>();
  for (const r of rows) bySku.set(r.skuId, (bySku.get(r.skuId) ?? 0) + r.quantity);
  return { rows, bySku };
}

export interface CartItemInput {
  /** A cart item's id (from the cart), or the SKU and group key of its line. */
  id?: string | null;
  skuId?: number | null;
  quantity: number;
  groupKey?: string | null;
  message?: string | null;
}

function cleanMessage(message: string | null | undefined): string | null {
  const text = message?.trim();
  return text ? text.slice(0, 500) : null;
}

/** addToCart: adds `quantity` of a SKU (to its line when the cart has one with the same group key). */
export function addToCart(
  db: Database,
  ctx: CartContext,
  id: string | null | undefined,
  item: CartItemInput,
) {
  const currency = currencyOf(ctx.locale);
  assertQuantity(item.quantity, false);
  const skuId = item.skuId;
  if (!Number.isInteger(skuId)) throw new CartError("UNKNOWN_SKU", "skuId is required", {});
  const groupKey = item.groupKey?.trim().slice(0, 64) || null;
  return changeCart(db, ctx, id, async (tx, cart) => {
    const sku = assertBuyable(
      (await loadSkus(tx, [skuId as number], ctx.locale.market.alias, ctx.locale.language.id)).get(
        skuId as number,
      ),
      skuId as number,
      currency,
    );
    if (sku.productType === "package")
      throw new CartError("NOT_BUYABLE", "A package is added with addPackageToCart", {
        skuId,
        name: sku.name,
      });
    const { rows, bySku } = await quantities(tx, cart.id);
    const line = rows.find((r) => r.skuId === sku.skuId && r.groupKey === groupKey);
    if (!line && rows.length >= MAX_CART_LINES)
      throw new CartError("TOO_MANY_LINES", `A cart holds at most ${MAX_CART_LINES} lines`, {
        max: MAX_CART_LINES,
      });
    if ((line?.quantity ?? 0) + item.quantity > MAX_LINE_QUANTITY)
      assertQuantity(MAX_LINE_QUANTITY + 1, false);
    assertStock(sku, (bySku.get(sku.skuId) ?? 0) + item.quantity);
    await tx
      .insert(cartItems)
      .values({
        cartId: cart.id,
        skuId: sku.skuId,
        quantity: item.quantity,
        groupKey,
        message: cleanMessage(item.message),
      })
      .onConflictDoUpdate({
        target: [cartItems.cartId, cartItems.skuId, cartItems.groupKey],
        set: { quantity: sql`${cartItems.quantity} + excluded.quantity` },
      });
  });
}

/** updateCartItem: sets a line's quantity (absolute); 0 removes it. */
export function updateCartItem(
  db: Database,
  ctx: CartContext,
  id: string | null | undefined,
  item: CartItemInput,
) {
  const currency = currencyOf(ctx.locale);
  assertQuantity(item.quantity, true);
  return changeCart(db, ctx, id, async (tx, cart) => {
    const { rows, bySku } = await quantities(tx, cart.id);
    const groupKey = item.groupKey?.trim() || null;
    const line = item.id
      ? rows.find((r) => String(r.id) === item.id)
      : rows.find((r) => r.skuId === item.skuId && r.groupKey === groupKey);
    if (!line) {
      if (item.quantity === 0) return;
      throw new CartError("UNKNOWN_ITEM", "The cart has no such item", {});
    }
    if (item.quantity === 0) {
      await tx.delete(cartItems).where(eq(cartItems.id, line.id));
      return;
    }
    if (item.quantity > line.quantity) {
      const sku = assertBuyable(
        (await loadSkus(tx, [line.skuId], ctx.locale.market.alias, ctx.locale.language.id)).get(line.skuId),
        line.skuId,
        currency,
      );
      assertStock(sku, (bySku.get(line.skuId) ?? 0) - line.quantity + item.quantity);
    }
    await tx
      .update(cartItems)
      .set({
        quantity: item.quantity,
        ...(item.message !== undefined ? { message: cleanMessage(item.message) } : {}),
      })
      .where(eq(cartItems.id, line.id));
  });
}

/**
 * updateCartGroup: sets how many of a group (a package, or items added together) the cart holds; 0 removes the
 * group. Each item keeps its own quantity per group (a package option's quantity).
 */
export function updateCartGroup(
  db: Database,
  ctx: CartContext,
  id: string | null | undefined,
  item: { groupKey: string; quantity: number },
) {
  const currency = currencyOf(ctx.locale);
  assertQuantity(item.quantity, true);
  return changeCart(db, ctx, id, async (tx, cart) => {
    const { rows, bySku } = await quantities(tx, cart.id);
    const members = rows.filter((r) => r.groupKey === item.groupKey);
    if (!members.length) {
      if (item.quantity === 0) return;
      throw new CartError("UNKNOWN_ITEM", "The cart has no such group", {});
    }
    if (item.quantity === 0) {
      await tx
        .delete(cartItems)
        .where(and(eq(cartItems.cartId, cart.id), eq(cartItems.groupKey, item.groupKey)));
      return;
    }
    // Each member's quantity per group: its package option's quantity (1 for items added together).
    const groupIds = members.flatMap((m) => (m.packageGroupId === null ? [] : [m.packageGroupId]));
    const options = groupIds.length
      ? await tx
          .select({
            groupId: packageOptions.groupId,
            productId: packageOptions.productId,
            quantity: packageOptions.quantity,
          })
          .from(packageOptions)
          .where(inArray(packageOptions.groupId, groupIds))
      : [];
    const skuRows = await loadSkus(
      tx,
      members.map((m) => m.skuId),
      ctx.locale.market.alias,
      ctx.locale.language.id,
    );
    const next = new Map(bySku);
    const updates: { id: number; quantity: number }[] = [];
    for (const m of members) {
      const sku = assertBuyable(skuRows.get(m.skuId), m.skuId, currency);
      const per =
        options.find((o) => o.groupId === m.packageGroupId && o.productId === sku.productId)?.quantity ?? 1;
      const quantity = per * item.quantity;
      if (quantity > MAX_LINE_QUANTITY) assertQuantity(quantity, true);
      next.set(m.skuId, (next.get(m.skuId) ?? 0) - m.quantity + quantity);
      updates.push({ id: m.id, quantity });
    }
    for (const m of members) {
      const sku = skuRows.get(m.skuId) as SkuRow;
      if ((next.get(m.skuId) ?? 0) > (bySku.get(m.skuId) ?? 0)) assertStock(sku, next.get(m.skuId) ?? 0);
    }
    for (const u of updates)
      await tx.update(cartItems).set({ quantity: u.quantity }).where(eq(cartItems.id, u.id));
  });
}

export interface PackageSelection {
  groupId: number;
  optionId: number;
  /** The SKU of the option's product; needed when it has several (sizes). */
  skuId?: number | null;
}

/**
 * addPackageToCart: one package as a group of items (a new group key), after checking that every required group
 * has a pick, every pick belongs to the package, each picked product's SKU is chosen and can be bought.
 */
export function addPackageToCart(
  db: Database,
  ctx: CartContext,
  id: string | null | undefined,
  packageId: number,
  selections: readonly PackageSelection[],
  quantity = 1,
) {
  const currency = currencyOf(ctx.locale);
  assertQuantity(quantity, false);
  return changeCart(db, ctx, id, async (tx, cart) => {
    const languageId = ctx.locale.language.id;
    const [pkgProduct] = await tx
      .select({ id: products.id, type: products.type, active: products.active })
      .from(products)
      .where(eq(products.id, packageId));
    const pkg =
      pkgProduct?.type === "package" && pkgProduct.active
        ? (await loadPackages(tx as unknown as Database, languageId, [packageId])).get(packageId)
        : null;
    if (!pkg) throw new CartError("UNKNOWN_PACKAGE", `No package ${packageId}`, { packageId });
    const picks: {
      groupId: number;
      productId: number;
      quantity: number;
      skuId: number | null | undefined;
    }[] = [];
    for (const selection of selections) {
      const group = pkg.groups.find((g) => g.groupId === selection.groupId);
      const option = group?.options.find((o) => o.optionId === selection.optionId);
      if (!group || !option)
        throw new CartError("PACKAGE_INCOMPLETE", "A pick does not belong to this package", {
          groupId: selection.groupId,
        });
      if (picks.some((p) => p.groupId === group.groupId))
        throw new CartError("PACKAGE_INCOMPLETE", "One pick per group", { groupId: group.groupId });
      picks.push({
        groupId: group.groupId,
        productId: option.productId,
        quantity: option.quantity * quantity,
        skuId: selection.skuId,
      });
    }
    const missing = pkg.groups.filter((g) => g.required && !picks.some((p) => p.groupId === g.groupId));
    if (missing.length)
      throw new CartError("PACKAGE_INCOMPLETE", "Every required group needs a pick", {
        groups: missing.map((g) => g.name),
      });
    // The SKU of each pick: the one chosen, or the product's only active SKU.
    const skuOfProducts = await tx
      .select({ id: skus.id, productId: skus.productId })
      .from(skus)
      .where(
        and(
          inArray(
            skus.productId,
            picks.map((p) => p.productId),
          ),
          eq(skus.active, true),
        ),
      );
    const chosen = picks.map((p) => {
      const own = skuOfProducts.filter((s) => s.productId === p.productId);
      const skuId = p.skuId ?? (own.length === 1 ? own[0]?.id : undefined);
      if (skuId === undefined || !own.some((s) => s.id === skuId))
        throw new CartError("PACKAGE_SIZE_NEEDED", "Choose a size for each pick of the package", {
          groupId: p.groupId,
        });
      return { ...p, skuId };
    });
    const skuRows = await loadSkus(
      tx,
      chosen.map((c) => c.skuId),
      ctx.locale.market.alias,
      languageId,
    );
    const { rows, bySku } = await quantities(tx, cart.id);
    if (rows.length + chosen.length > MAX_CART_LINES)
      throw new CartError("TOO_MANY_LINES", `A cart holds at most ${MAX_CART_LINES} lines`, {
        max: MAX_CART_LINES,
      });
    const next = new Map(bySku);
    for (const c of chosen) next.set(c.skuId, (next.get(c.skuId) ?? 0) + c.quantity);
    for (const c of chosen) {
      const sku = skuRows.get(c.skuId);
      try {
        assertStock(assertBuyable(sku, c.skuId, currency), next.get(c.skuId) ?? 0);
      } catch (error) {
        if (error instanceof CartError)
          throw new CartError("PACKAGE_ITEM_SOLD_OUT", "A product of the package cannot be bought", {
            name: sku?.name ?? null,
            skuId: c.skuId,
          });
        throw error;
      }
    }
    const groupKey = crypto.randomUUID();
    await tx.insert(cartItems).values(
      chosen.map((c) => ({
        cartId: cart.id,
        skuId: c.skuId,
        quantity: c.quantity,
        groupKey,
        packageId,
        packageGroupId: c.groupId,
      })),
    );
  });
}

/**
 * setCartPromoCode: a promo code or a gift card (the same field). Empty removes the promo code. An unknown,
 * expired or used-up code is refused; so is a code whose requirements the cart does not meet (RequirementsNotMet,
 * with the unmet condition). A gift card in another currency or without balance is refused as if unknown.
 * Tries are rate limited by the caller (services/code-tries.ts).
 */
export function setCartPromoCode(
  db: Database,
  ctx: CartContext,
  id: string | null | undefined,
  text: string,
) {
  const now = ctx.now ?? new Date();
  const currency = currencyOf(ctx.locale);
  if (text.trim() === "")
    return changeCart(db, ctx, id, async (tx, cart) => {
      await tx.update(carts).set({ promoCode: null }).where(eq(carts.id, cart.id));
    });
  const code = normalizeCode(text);
  if (code === null) throw new CartError("INVALID_PROMO_CODE", "The promo code is not valid", {});
  let settingPromo = false;
  return changeCart(
    db,
    ctx,
    id,
    async (tx, cart) => {
      const [card] = await tx.select().from(giftCards).where(eq(giftCards.code, code));
      if (card) {
        // Inactive, expired, another currency's or used up: answered exactly as an unknown code, so a guesser
        // learns nothing about which codes exist (issue 10).
        if (
          !card.active ||
          (card.expiresAt && card.expiresAt <= now) ||
          card.currencyCode !== currency ||
          card.balanceMinor <= 0
        )
          throw new CartError("INVALID_PROMO_CODE", "The promo code is not valid", {});
        if (cart.giftCardCodes.includes(code)) return;
        if (cart.giftCardCodes.length >= MAX_GIFT_CARDS)
          throw new CartError("INVALID_PROMO_CODE", `At most ${MAX_GIFT_CARDS} gift cards`, {
            max: MAX_GIFT_CARDS,
          });
        await tx
          .update(carts)
          .set({ giftCardCodes: [...cart.giftCardCodes, code] })
          .where(eq(carts.id, cart.id));
        return;
      }
      const [promo] = await tx.select().from(promoCodes).where(eq(promoCodes.code, code));
      if ((await promoUnusable(tx, promo, cart.customerId, now)) !== null)
        throw new CartError("INVALID_PROMO_CODE", "The promo code is not valid", {});
      settingPromo = true;
      await tx.update(carts).set({ promoCode: code }).where(eq(carts.id, cart.id));
    },
    {
      validateAfter(view) {
        if (settingPromo && view.promoCodeUnmet) {
          const unmet = view.promoCodeUnmet;
          const amount = unmet.code === "minimumAmount" ? amountIn(unmet.args, currency) : null;
          throw new CartError(
            "REQUIREMENTS_NOT_MET",
            "The cart does not meet the promo code's requirements",
            {
              condition: unmet.code,
              args: unmet.args ?? null,
              currency,
              ...(amount === null
                ? {}
                : { amountFormatted: formatMoney(amount, currency, ctx.locale.language.id) }),
            },
          );
        }
      },
    },
  );
}

/** Removes one promo code or gift card from the cart (the code as shown on the cart). */
export function removeCartCode(db: Database, ctx: CartContext, id: string | null | undefined, text: string) {
  const code = normalizeCode(text) ?? "";
  return changeCart(db, ctx, id, async (tx, cart) => {
    await tx
      .update(carts)
      .set({
        promoCode: cart.promoCode === code ? null : cart.promoCode,
        giftCardCodes: cart.giftCardCodes.filter((c) => c !== code),
      })
      .where(eq(carts.id, cart.id));
  });
}

/** setCartMerchantData: free JSON the merchant's integrations keep on the cart (at most 10 kB). */
export function setCartMerchantData(
  db: Database,
  ctx: CartContext,
  id: string | null | undefined,
  data: string,
) {
  if (data.length > MAX_MERCHANT_DATA)
    throw new CartError(
      "MERCHANT_DATA_TOO_LARGE",
      `Merchant data is limited to ${MAX_MERCHANT_DATA} characters`,
      { max: MAX_MERCHANT_DATA },
    );
  let value: unknown = data;
  try {
    value = JSON.parse(data);
  } catch {
    // Plain text is kept as a JSON string.
  }
  return changeCart(db, ctx, id, async (tx, cart) => {
    await tx.update(carts).set({ merchantData: value }).where(eq(carts.id, cart.id));
  });
}

/**
 * completeCart: closes the cart; using its id again starts a new cart. In the same transaction it records what the
 * cart drew on: one use of its applied promo code (the code's count and a promo_code_uses row, for the per-code
 * and per-customer limits) and the gift card amounts it used (each card's balance goes down, a
 * gift_card_transactions row per card), each row naming the cart. A promo code that can no longer be used is
 * refused (INVALID_PROMO_CODE) and nothing changes. Completing twice changes nothing the second time and answers
 * the same money (a completed cart is priced as of its completion: see priceStoredCart).
 */
export async function completeCart(
  db: Database,
  ctx: CartContext,
  id: string,
  opts: { allowExternalShippingFee?: boolean } = {},
) {
  if (!UUID.test(id)) throw new CartError("INVALID_CART_ID", `"${id.slice(0, 64)}" is not a cart id`);
  return db.transaction(async (tx) => {
    const cart = await findCart(tx, id, true);
    if (!cart) throw new CartError("INVALID_CART_ID", "No such cart");
    // Completed before (a retry): nothing is drawn twice.
    if (cart.completedAt !== null) return priceStoredCart(tx, cart, ctx, opts);
    // Lock what completing draws on before pricing, so the price uses the use count and the balances that are
    // written: the promo code's row, then the gift cards in id order (the same order everywhere: no deadlock).
    if (cart.promoCode)
      await tx
        .select({ id: promoCodes.id })
        .from(promoCodes)
        .where(eq(promoCodes.code, cart.promoCode))
        .for("update");
    if (cart.giftCardCodes.length)
      await tx
        .select({ id: giftCards.id })
        .from(giftCards)
        .where(inArray(giftCards.code, cart.giftCardCodes))
        .orderBy(asc(giftCards.id))
        .for("update");
    // A delivery checkout's fee (nShift) where the order charges it (services/orders/place.ts).
    const view = await priceStoredCart(tx, cart, ctx, opts);
    // A code that stopped being usable since it was accepted (used up by other carts, expired) is refused rather
    // than silently dropped: the shopper would pay more than the cart said.
    if (view.promoCodeUnmet?.code === "validity")
      throw new CartError("INVALID_PROMO_CODE", "The promo code can no longer be used", {});
    const promo = view.totals.promo;
    if (promo?.status === "applied" && cart.promoCode) {
      const [row] = await tx
        .update(promoCodes)
        .set({ uses: sql`${promoCodes.uses} + 1` })
        .where(eq(promoCodes.code, cart.promoCode))
        .returning({ id: promoCodes.id });
      if (row)
        await tx
          .insert(promoCodeUses)
          .values({ promoCodeId: row.id, customerId: cart.customerId, cartId: cart.id });
    }
    for (const card of view.giftCards) {
      if (card.used <= 0) continue;
      const [row] = await tx
        .update(giftCards)
        .set({ balanceMinor: sql`${giftCards.balanceMinor} - ${card.used}` })
        .where(eq(giftCards.code, card.code))
        .returning({ id: giftCards.id });
      if (row)
        await tx
          .insert(giftCardTransactions)
          .values({ giftCardId: row.id, cartId: cart.id, amountMinor: -card.used });
    }
    await tx
      .update(carts)
      .set({ completedAt: sql`now()`, version: sql`${carts.version} + 1` })
      .where(eq(carts.id, id));
    return { ...view, version: view.version + 1, isCompleted: true };
  });
}

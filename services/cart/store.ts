import { and, asc, eq, sql } from "drizzle-orm";
import type { Tx } from "#db/client.ts";
import { cartItems, carts, categories, prices, productCategories, products, skus } from "#db/schema/index.ts";
import { type SkuHistoryJson, skuHistorySql } from "../price-history.ts";
import { asCustomerType, type CartContext, type Db, UUID } from "./model.ts";

/** The cart's rows: the cart as stored, its lines as loaded for pricing, finding, creating and touching a cart. */

export interface StoredCart {
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

export const cartColumns = {
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

export interface LoadedItem {
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
  /** The product's categories with all their ancestors, `[id, key]` each (for campaign scopes); JSON. */
  scope: [number, string][] | string | null;
}

/**
 * A product's categories with all their ancestors (16 levels at most), `[id, key]` each: what a cart campaign's
 * category scopes match (`inCategories`, `inCategoryKeys`: a category matches its descendants). One correlated
 * subquery of the lines' read, so the tree is not read whole for every priced cart.
 */
const scopeSql = sql<[number, string][] | string | null>`(
  with recursive up(id, parent_id, key, depth) as (
    select c.id, c.parent_id, c.key, 0 from ${productCategories} pc
      join ${categories} c on c.id = pc.category_id
     where pc.product_id = ${skus.productId}
    union all
    select c.id, c.parent_id, c.key, up.depth + 1 from ${categories} c join up on c.id = up.parent_id
     where up.depth < 15)
  select json_agg(json_build_array(s.id, s.key)) from (select distinct id, key from up) s)`;

/**
 * A cart's lines with their SKU, product, stock and price in the market. The selling price is the one in effect
 * `at` (`mili_price_in_effect`, migration 0004): a reduction whose campaign has ended or not yet begun sells at the
 * regular price, as the lists show it.
 */
export async function loadItems(
  db: Db,
  cartId: string,
  marketAlias: string,
  at: Date,
): Promise<LoadedItem[]> {
  // Sent now (`execute()`), not when awaited: a caller sending statements together sends them in its order.
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
      scope: scopeSql,
    })
    .from(cartItems)
    .innerJoin(skus, eq(skus.id, cartItems.skuId))
    .innerJoin(products, eq(products.id, skus.productId))
    .leftJoin(prices, and(eq(prices.skuId, skus.id), eq(prices.marketAlias, marketAlias)))
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.id))
    .prepare("cart_items")
    .execute();
}

/** Whether an item can be sold in this market now: active SKU and product, a price in the market's currency. */
export function buyable(item: LoadedItem, currency: string): boolean {
  return item.skuActive && item.productActive && item.selling !== null && item.currency === currency;
}

/**
 * The cart as stored; `lock`: with its row lock (`for update`). The statement is sent when this is called, before
 * it returns (change.ts sends a statement right behind the lock).
 */
export async function findCart(db: Db, id: string, lock: boolean): Promise<StoredCart | undefined> {
  if (!UUID.test(id)) return undefined;
  const query = db.select(cartColumns).from(carts).where(eq(carts.id, id));
  const [row] = await (lock
    ? query.for("update").prepare("cart_lock")
    : query.prepare("cart_find")
  ).execute();
  return row;
}

export async function createCart(db: Db, ctx: CartContext): Promise<StoredCart> {
  await ctx.beforeNewCart?.();
  const [row] = await db
    .insert(carts)
    .values({
      channelId: ctx.locale.channel.id,
      marketAlias: ctx.locale.market.alias,
      languageId: ctx.locale.language.id,
      customerType: asCustomerType(ctx.customerType) ?? "PERSON",
    })
    .returning(cartColumns)
    .prepare("cart_create")
    .execute();
  if (!row) throw new Error("creating a cart returned no row");
  return row;
}

/**
 * Bumps the cart's version and keeps its market, language and customer type; answers the cart as written. The
 * statement is sent when this is called (change.ts sends the priced read right behind it).
 */
export async function touch(tx: Tx, cart: StoredCart, ctx: CartContext): Promise<StoredCart> {
  const [row] = await tx
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
    .where(eq(carts.id, cart.id))
    .returning(cartColumns)
    .prepare("cart_touch")
    .execute();
  return row ?? cart;
}

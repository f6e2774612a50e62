import { and, eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "#db/client.ts";
import { cartItems, prices, products, productTranslations, skus } from "#db/schema/index.ts";
import { MAX_LINE_QUANTITY } from "#domain/cart.ts";
import { maxOrderable } from "#domain/stock.ts";
import { CartError } from "./model.ts";

/** What a change of lines checks: the quantity asked, the SKU (buyable in the market) and its stock. */

export function assertQuantity(quantity: number, allowZero: boolean) {
  if (!Number.isInteger(quantity) || quantity < (allowZero ? 0 : 1) || quantity > MAX_LINE_QUANTITY)
    throw new CartError(
      "INVALID_QUANTITY",
      `Quantity must be a whole number from ${allowZero ? 0 : 1} to ${MAX_LINE_QUANTITY}`,
      { min: allowZero ? 0 : 1, max: MAX_LINE_QUANTITY },
    );
}

export interface SkuRow {
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

/** A SKU's row as a change checks it: product, stock, price in the market, name in the language. */
function skuColumns() {
  return {
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
  };
}

export async function loadSkus(
  tx: Tx,
  skuIds: number[],
  marketAlias: string,
  languageId: string,
): Promise<Map<number, SkuRow>> {
  if (!skuIds.length) return new Map();
  const rows = await tx
    .select(skuColumns())
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

/** A SKU with what the cart already holds of it, for adding to a line. */
export interface SkuInCart {
  sku: SkuRow | undefined;
  /** The cart's lines, all SKUs. */
  lines: number;
  /** The cart's quantity of this SKU, all its lines together. */
  skuQuantity: number;
  /** The quantity of the line with this SKU and group key; null when the cart has no such line. */
  lineQuantity: number | null;
}

/**
 * One statement for what adding a SKU to a locked cart checks: the SKU's row (as loadSkus), the cart's number of
 * lines, its quantity of the SKU and the quantity of the line it would add to. Run after the cart's row lock, so
 * the counts are the ones the write will see: sent right behind the lock in the same round trip (change.ts), the
 * server starts it, and takes its snapshot, only once the lock is held. Sent when called, before it returns.
 */
export async function loadSkuInCart(
  tx: Tx,
  cartId: string,
  skuId: number,
  groupKey: string | null,
  marketAlias: string,
  languageId: string,
): Promise<SkuInCart> {
  const [row] = await tx
    .select({
      ...skuColumns(),
      lines: sql<number>`(select count(*)::int from ${cartItems} where ${cartItems.cartId} = ${cartId})`,
      skuQuantity: sql<number>`(select coalesce(sum(${cartItems.quantity}), 0)::int from ${cartItems}
        where ${cartItems.cartId} = ${cartId} and ${cartItems.skuId} = ${skus.id})`,
      lineQuantity: sql<number | null>`(select ${cartItems.quantity} from ${cartItems}
        where ${cartItems.cartId} = ${cartId} and ${cartItems.skuId} = ${skus.id}
          and ${cartItems.groupKey} is not distinct from ${groupKey}::text)`,
    })
    .from(skus)
    .innerJoin(products, eq(products.id, skus.productId))
    .leftJoin(prices, and(eq(prices.skuId, skus.id), eq(prices.marketAlias, marketAlias)))
    .leftJoin(
      productTranslations,
      and(eq(productTranslations.productId, skus.productId), eq(productTranslations.languageId, languageId)),
    )
    .where(eq(skus.id, skuId))
    .prepare("cart_sku_in_cart")
    .execute();
  if (!row) {
    // No such SKU: nothing to add to, and the refusal does not need the cart's counts.
    return { sku: undefined, lines: 0, skuQuantity: 0, lineQuantity: null };
  }
  const { lines, skuQuantity, lineQuantity, ...sku } = row;
  return {
    sku,
    lines: Number(lines),
    skuQuantity: Number(skuQuantity),
    lineQuantity: lineQuantity === null ? null : Number(lineQuantity),
  };
}

export function assertBuyable(sku: SkuRow | undefined, skuId: number, currency: string): SkuRow {
  if (!sku) throw new CartError("UNKNOWN_SKU", `No SKU ${skuId}`, { skuId });
  if (!sku.active || !sku.productActive || sku.selling === null || sku.currency !== currency)
    throw new CartError("NOT_BUYABLE", `SKU ${skuId} cannot be bought in this market`, {
      skuId,
      name: sku.name,
    });
  return sku;
}

/** Refuses a quantity of a SKU (the cart's whole quantity of it) that stock cannot cover. */
export function assertStock(sku: SkuRow, quantity: number) {
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
export async function quantities(tx: Tx, cartId: string) {
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

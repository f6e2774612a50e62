import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { cartItems, packageOptions } from "#db/schema/index.ts";
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from "#domain/cart.ts";
import { changeCart } from "./change.ts";
import {
  assertBuyable,
  assertQuantity,
  assertStock,
  loadSkuInCart,
  loadSkus,
  quantities,
  type SkuInCart,
  type SkuRow,
} from "./line-checks.ts";
import { type CartContext, CartError, currencyOf } from "./model.ts";

/** The cart's lines: adding a SKU, setting a line's quantity, setting a group's quantity. */

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
  const market = ctx.locale.market.alias;
  const language = ctx.locale.language.id;
  return changeCart<SkuInCart>(
    db,
    ctx,
    id,
    async (tx, cart, along) => {
      // The SKU and what the cart holds of it, in one statement sent right behind the cart's lock (change.ts). A
      // new cart (the id was unknown or completed) holds nothing yet; one made without an id reads it now.
      const held = along
        ? along.sameCart
          ? along.value
          : { ...along.value, lines: 0, skuQuantity: 0, lineQuantity: null }
        : await loadSkuInCart(tx, cart.id, skuId as number, groupKey, market, language);
      const sku = assertBuyable(held.sku, skuId as number, currency);
      if (sku.productType === "package")
        throw new CartError("NOT_BUYABLE", "A package is added with addPackageToCart", {
          skuId,
          name: sku.name,
        });
      if (held.lineQuantity === null && held.lines >= MAX_CART_LINES)
        throw new CartError("TOO_MANY_LINES", `A cart holds at most ${MAX_CART_LINES} lines`, {
          max: MAX_CART_LINES,
        });
      if ((held.lineQuantity ?? 0) + item.quantity > MAX_LINE_QUANTITY)
        assertQuantity(MAX_LINE_QUANTITY + 1, false);
      assertStock(sku, held.skuQuantity + item.quantity);
      // Sent by changeCart together with the version's bump and the priced read.
      return {
        last: tx
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
          })
          .prepare("cart_add_line"),
      };
    },
    { alongLock: (tx, cartId) => loadSkuInCart(tx, cartId, skuId as number, groupKey, market, language) },
  );
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

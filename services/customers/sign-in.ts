import { and, desc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { cartItems, carts, favorites, products, promoCodes, promoCodeUses } from "#db/schema/index.ts";
import { MAX_LINE_QUANTITY } from "#domain/cart-quantity.ts";

/**
 * What a sign-in brings along (issue 12): the guest's cart and favourites become the customer's.
 *
 * The cart: in one transaction, both carts locked (in id order, so two sign-ins cannot deadlock): with no open
 * account cart the guest cart simply becomes the customer's; otherwise the guest's lines are added to the account's
 * cart (quantities summed per SKU and package group, capped at the line maximum), the account cart keeps its promo
 * code or takes the guest's, and the guest cart is deleted. A promo code this customer has already used as often as
 * its `maxUsesPerCustomer` allows is dropped here (the cart that goes on is never priced with a code its owner
 * cannot use; the shopper sees the cart without it). Answers the id of the cart the shopper goes on with.
 * A guest cart that is completed or belongs to another customer is left alone.
 */
export async function mergeGuestCart(
  db: Database,
  customerId: number,
  customerType: string,
  guestCartId: string | null,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select({ id: carts.id })
      .from(carts)
      .where(
        and(
          eq(carts.customerId, customerId),
          isNull(carts.completedAt),
          ...(guestCartId ? [ne(carts.id, guestCartId)] : []),
        ),
      )
      .orderBy(desc(carts.updatedAt))
      .limit(1);
    const ids = [guestCartId, account?.id].filter((id): id is string => Boolean(id)).sort();
    if (ids.length === 0) return null;
    const locked = await tx
      .select({
        id: carts.id,
        customerId: carts.customerId,
        completedAt: carts.completedAt,
        promoCode: carts.promoCode,
      })
      .from(carts)
      .where(inArray(carts.id, ids))
      .orderBy(carts.id)
      .for("update");
    const guest = locked.find((c) => c.id === guestCartId && !c.completedAt);
    const mine = locked.find((c) => c.id === account?.id);
    if (!guest || (guest.customerId !== null && guest.customerId !== customerId)) return mine?.id ?? null;
    if (guest.customerId === customerId && !mine) return guest.id;
    const now = new Date();
    if (!mine) {
      const promoCode = (await usableBy(tx, customerId, guest.promoCode)) ? guest.promoCode : null;
      await tx
        .update(carts)
        .set({ customerId, customerType, promoCode, updatedAt: now, version: sql`${carts.version} + 1` })
        .where(eq(carts.id, guest.id));
      return guest.id;
    }
    const lines = await tx.select().from(cartItems).where(eq(cartItems.cartId, guest.id));
    for (const line of lines) {
      await tx
        .insert(cartItems)
        .values({
          cartId: mine.id,
          skuId: line.skuId,
          quantity: Math.min(line.quantity, MAX_LINE_QUANTITY),
          groupKey: line.groupKey,
          packageId: line.packageId,
          packageGroupId: line.packageGroupId,
          message: line.message,
          createdAt: line.createdAt,
        })
        .onConflictDoUpdate({
          target: [cartItems.cartId, cartItems.skuId, cartItems.groupKey],
          set: { quantity: sql`least(${cartItems.quantity} + excluded.quantity, ${MAX_LINE_QUANTITY})` },
        });
    }
    const promoCode = (await usableBy(tx, customerId, mine.promoCode))
      ? mine.promoCode
      : (await usableBy(tx, customerId, guest.promoCode))
        ? guest.promoCode
        : null;
    await tx
      .update(carts)
      .set({
        promoCode,
        customerType,
        updatedAt: now,
        version: sql`${carts.version} + 1`,
      })
      .where(eq(carts.id, mine.id));
    await tx.delete(carts).where(eq(carts.id, guest.id));
    return mine.id;
  });
}

/**
 * Whether a cart's promo code stays with the customer: none, or a code whose per-customer limit this customer has
 * not reached (its uses are recorded when a cart completes: services/cart/complete.ts). The code's row is share-locked, so
 * a completion recording a use for it waits or is seen.
 */
async function usableBy(
  tx: Pick<Database, "select">,
  customerId: number,
  code: string | null,
): Promise<boolean> {
  if (!code) return false;
  const [row] = await tx
    .select({ id: promoCodes.id, max: promoCodes.maxUsesPerCustomer })
    .from(promoCodes)
    .where(eq(promoCodes.code, code))
    .for("share");
  if (!row) return true;
  if (row.max === null) return true;
  const [used] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(promoCodeUses)
    .where(and(eq(promoCodeUses.promoCodeId, row.id), eq(promoCodeUses.customerId, customerId)));
  return Number(used?.n ?? 0) < row.max;
}

/**
 * A signed-in shopper's cart that no customer has yet becomes theirs (as the checkout's claim does), so what depends
 * on the customer — a promo code's per-customer limit — counts for it. A cart of another customer is left alone.
 */
export async function claimCart(db: Database, customerId: number, cartId: string | null | undefined) {
  if (!cartId || !CART_ID.test(cartId)) return;
  await db
    .update(carts)
    .set({ customerId })
    .where(and(eq(carts.id, cartId), isNull(carts.customerId), isNull(carts.completedAt)));
}

const CART_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The guest's favourites (product ids from the mili-persisted-states cookie) join the customer's. */
export async function adoptFavorites(db: Database, customerId: number, productIds: readonly number[]) {
  const ids = [...new Set(productIds.filter((id) => Number.isSafeInteger(id) && id > 0))].slice(0, 200);
  if (ids.length === 0) return;
  const known = await db.select({ id: products.id }).from(products).where(inArray(products.id, ids));
  if (known.length === 0) return;
  await db
    .insert(favorites)
    .values(known.map((p) => ({ customerId, productId: p.id })))
    .onConflictDoNothing();
}

/** The favourites in a `mili-persisted-states` cookie value (URI-encoded JSON with a `favorites` list). */
export function favoritesOfCookie(value: string | undefined): number[] {
  if (!value) return [];
  try {
    const parsed = JSON.parse(decodeURIComponent(value)) as { favorites?: unknown };
    return Array.isArray(parsed?.favorites)
      ? parsed.favorites.filter((id): id is number => Number.isSafeInteger(id))
      : [];
  } catch {
    return [];
  }
}

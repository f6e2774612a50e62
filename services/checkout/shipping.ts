import { and, eq, sql } from "drizzle-orm";
import type { Database, Tx } from "#db/client.ts";
import { carts, shippingOptions } from "#db/schema/index.ts";

/** The shop's own option key of a checkout's shipping choice (`own:pickup-point` or `pickup-point`); null if none. */
export function ownOptionKey(id: string | null | undefined): string | null {
  if (!id) return null;
  const key = id.startsWith("own:") ? id.slice(4) : id;
  return /^[a-z0-9-]{1,64}$/.test(key) ? key : null;
}

/**
 * Puts the chosen own shipping option on the cart (the cart prices it), inside the caller's transaction with the
 * cart row locked; bumps the cart's version when it changes. Answers the option's key, or null when the market has
 * no such active option.
 */
export async function chooseShipping(
  tx: Database | Tx,
  cart: { id: string; shippingOptionKey: string | null },
  marketAlias: string,
  optionId: string | null | undefined,
): Promise<string | null> {
  const key = ownOptionKey(optionId);
  if (!key) return null;
  const [option] = await tx
    .select({ key: shippingOptions.key })
    .from(shippingOptions)
    .where(
      and(
        eq(shippingOptions.marketAlias, marketAlias),
        eq(shippingOptions.key, key),
        eq(shippingOptions.active, true),
      ),
    );
  if (!option) return null;
  if (cart.shippingOptionKey !== key)
    await tx
      .update(carts)
      .set({ shippingOptionKey: key, version: sql`${carts.version} + 1`, updatedAt: sql`now()` })
      .where(eq(carts.id, cart.id));
  return key;
}

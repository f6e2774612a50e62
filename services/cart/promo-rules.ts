import { and, eq, sql } from "drizzle-orm";
import { type promoCodes, promoCodeUses } from "#db/schema/index.ts";
import type { CartRuleSet } from "#domain/cart.ts";
import type { Db } from "./model.ts";

/** Whether a promo code can be used now, and the rule set it adds to the cart's price (docs/decisions/0012). */

export type PromoRow = typeof promoCodes.$inferSelect;

/**
 * Why a stored promo code cannot be used now on this cart, or null when it can (requirements on the cart aside):
 * unknown or inactive, outside its validity period, used up (`maxUses` completed carts), or used up by this
 * customer (`maxUsesPerCustomer`, counted when the cart has a customer: none has until accounts link them, and a
 * guest's uses can only be counted by the e-mail the checkout will record). Uses are recorded by completeCart.
 */
export async function promoUnusable(
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

export function promoRuleSet(row: PromoRow, languageId: string): CartRuleSet {
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

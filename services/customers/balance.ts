import { desc, eq } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { customerBalanceEntries, orders } from "#db/schema/index.ts";

/**
 * The history of a customer's balance (issue 12, the account's balance page): its movements — gift-card credit,
 * refunds to the balance, what purchases drew — newest first. The balance in each currency is their sum
 * (services/customers/accounts.ts).
 */

/** How many movements the history answers (the newest). */
export const MAX_BALANCE_HISTORY = 50;

export interface BalanceEntry {
  id: number;
  currency: string;
  /** Positive: credit; negative: drawn. Minor units. */
  amountMinor: number;
  /** Why: "giftCard", "refund", "goodwill", "purchase", or the merchant's own words. */
  reason: string;
  /** The order it belongs to (a refund, a purchase), by its number; null when none. */
  orderNumber: string | null;
  createdAt: Date;
}

export async function balanceHistory(
  db: Database,
  customerId: number,
  limit = MAX_BALANCE_HISTORY,
): Promise<BalanceEntry[]> {
  const rows = await db
    .select({
      id: customerBalanceEntries.id,
      currency: customerBalanceEntries.currencyCode,
      amountMinor: customerBalanceEntries.amountMinor,
      reason: customerBalanceEntries.reason,
      orderNumber: orders.orderNumber,
      createdAt: customerBalanceEntries.createdAt,
    })
    .from(customerBalanceEntries)
    .leftJoin(orders, eq(orders.id, customerBalanceEntries.orderId))
    .where(eq(customerBalanceEntries.customerId, customerId))
    .orderBy(desc(customerBalanceEntries.createdAt), desc(customerBalanceEntries.id))
    .limit(Math.min(Math.max(0, limit), MAX_BALANCE_HISTORY));
  return rows.map((r) => ({ ...r, orderNumber: r.orderNumber ?? null }));
}

import type { OrderStatus } from "./order-status.ts";

/**
 * A customer's erasure (GDPR art. 17) and what the shop keeps (issue 15, decision 0053): one rule for the shopper's
 * own account deletion and the back office's erasure.
 *
 * - Refused while an order is open (pending, received, processing): its delivery, payment or withdrawal still needs
 *   the customer's name and address. Failed, completed, cancelled and refunded orders do not hold it up.
 * - Orders are kept for the bookkeeping (Swedish bokföringslagen 7 years, Norwegian bokføringsloven 5 years, counted
 *   from the end of the order's calendar year), detached from the account, their personal fields anonymised.
 * - Reviews and questions stay (other shoppers and the product's rating rely on them), with the author's name
 *   replaced by ERASED_AUTHOR and no link to the account.
 */
export const OPEN_ORDER_STATUSES: readonly OrderStatus[] = ["pending", "received", "processing"];

/** The author's name an erased customer's reviews and questions show: the word is the same in Swedish and Norwegian. */
export const ERASED_AUTHOR = "Anonym";
/** The e-mail address an erased order keeps (the column is required). */
export const ERASED_ORDER_EMAIL = "anonymised@invalid";

export function erasedAccountEmail(customerId: number): string {
  return `deleted-${customerId}@invalid`;
}

export interface ErasureOrder {
  orderId: number;
  orderNumber: string | null;
  status: string;
}

export type ErasureRefusal = { kind: "openOrders"; orders: ErasureOrder[] };

/** Why an account may not be erased now (its open orders), or null when it may. */
export function erasureRefusal(orders: readonly ErasureOrder[]): ErasureRefusal | null {
  const open = orders.filter((o) => (OPEN_ORDER_STATUSES as readonly string[]).includes(o.status));
  return open.length === 0 ? null : { kind: "openOrders", orders: open };
}

/** Years an order is kept for the bookkeeping, by the selling market's country; the longer (Swedish) when unknown. */
export const BOOKKEEPING_YEARS: Readonly<Record<"SE" | "NO", number>> = { SE: 7, NO: 5 };

export function bookkeepingYears(countryCode: string | null | undefined): number {
  return countryCode === "NO" ? BOOKKEEPING_YEARS.NO : BOOKKEEPING_YEARS.SE;
}

/**
 * The day an order's bookkeeping record may go: the end of the calendar year it was placed in, plus the country's
 * years (the first instant of the next year, UTC).
 */
export function keptUntil(placedAt: Date, countryCode: string | null | undefined): Date {
  return new Date(Date.UTC(placedAt.getUTCFullYear() + bookkeepingYears(countryCode) + 1, 0, 1));
}

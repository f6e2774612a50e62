import type { OrderStatus } from "./order-status.ts";
import { addDays } from "./withdrawal.ts";

/**
 * What the back office's dashboard counts as sales (issue 15): an order counts from the moment it is confirmed
 * (received) for as long as it goes on towards delivery (processing, completed); a pending attempt, a failed one,
 * a cancelled or a refunded order does not. Amounts are the order's total including VAT in minor units, per
 * currency (a market has one): never added across currencies.
 */
export const SALE_STATUSES = [
  "received",
  "processing",
  "completed",
] as const satisfies readonly OrderStatus[];

export function countsAsSale(status: string): boolean {
  return (SALE_STATUSES as readonly string[]).includes(status);
}

/** The average order value in minor units, rounded to the nearest unit; 0 without orders. */
export function averageOrderValue(totalMinor: number, orders: number): number {
  if (!Number.isSafeInteger(orders) || orders <= 0) return 0;
  return Math.round(totalMinor / orders);
}

/** The `days` calendar days (YYYY-MM-DD) that end with `lastDay`, oldest first. */
export function dayRange(lastDay: string, days: number): string[] {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(lastDay)) throw new RangeError(`not a day: ${lastDay}`);
  if (!Number.isSafeInteger(days) || days < 1)
    throw new RangeError(`days must be a positive integer, got ${days}`);
  return Array.from({ length: days }, (_, i) => addDays(lastDay, i - (days - 1)));
}

export interface DaySales {
  day: string;
  orders: number;
  salesMinor: number;
  averageMinor: number;
}

/**
 * One market's sales per day over `days` (oldest first), with 0 on days without orders: a day in `rows` outside
 * the range is left out, two rows of one day are added.
 */
export function dailySales(
  days: readonly string[],
  rows: readonly { day: string; orders: number; salesMinor: number }[],
): DaySales[] {
  const byDay = new Map(days.map((day) => [day, { orders: 0, salesMinor: 0 }]));
  for (const row of rows) {
    const seen = byDay.get(row.day);
    if (!seen) continue;
    seen.orders += row.orders;
    seen.salesMinor += row.salesMinor;
  }
  return days.map((day) => {
    const { orders, salesMinor } = byDay.get(day) ?? { orders: 0, salesMinor: 0 };
    return { day, orders, salesMinor, averageMinor: averageOrderValue(salesMinor, orders) };
  });
}

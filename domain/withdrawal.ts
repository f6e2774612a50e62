import { SHOP_TIME_ZONE } from "./calendar.ts";

/**
 * The right of withdrawal (angrerett / ångerrätt; Directive 2011/83/EU art. 9, with the withdrawal function of
 * Directive (EU) 2023/2673): a consumer may withdraw from a distance purchase within 14 days from the day the goods
 * reach them, and at any time before that. Pure: the order's facts and the moment in, the answer out.
 *
 * - The period begins when the goods are delivered; Mili counts an order as delivered when it becomes `completed`.
 *   Before that (`received`, `processing`) withdrawal is open and its last day not yet known.
 * - The day of delivery is not counted (Regulation 1182/71 art. 3): delivered on day D, the last day is D + 14, to
 *   its end, in the shop's time zone (Europe/Oslo, the same as Europe/Stockholm). A last day on a Saturday or
 *   Sunday moves to the Monday after (art. 3(4); public holidays are not counted yet).
 * - A cancelled or refunded order, an order never placed (pending, failed) and an order already withdrawn from
 *   cannot be withdrawn from.
 */

export const WITHDRAWAL_DAYS = 14;
export const WITHDRAWAL_TIME_ZONE = SHOP_TIME_ZONE;

export interface WithdrawalFacts {
  status: string;
  /** When the goods were delivered (the order became completed); null before. */
  deliveredAt: Date | null;
  /** When the shopper withdrew; null when not. */
  withdrawnAt: Date | null;
}

export type WithdrawalRefusal = "withdrawn" | "status" | "expired";

export type WithdrawalCheck =
  | {
      ok: true /** The last day (YYYY-MM-DD), null while the goods are not delivered. */;
      lastDay: string | null;
    }
  | { ok: false; reason: WithdrawalRefusal; lastDay: string | null };

const OPEN_BEFORE_DELIVERY = new Set(["received", "processing"]);

const dayFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: WITHDRAWAL_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The calendar day (YYYY-MM-DD) a moment falls on in the shop's time zone. */
export function localDay(moment: Date): string {
  return dayFormat.format(moment);
}

/** The day `days` after `day` (both YYYY-MM-DD). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days)).toISOString().slice(0, 10);
}

/** 0 Sunday … 6 Saturday. */
function weekday(day: string): number {
  return new Date(`${day}T12:00:00Z`).getUTCDay();
}

/** The last day to withdraw for goods delivered at `deliveredAt`. */
export function withdrawalLastDay(deliveredAt: Date): string {
  const last = addDays(localDay(deliveredAt), WITHDRAWAL_DAYS);
  const w = weekday(last);
  return w === 6 ? addDays(last, 2) : w === 0 ? addDays(last, 1) : last;
}

/** Whether the shopper may withdraw from the order at `now`, and until which day. */
export function checkWithdrawal(facts: WithdrawalFacts, now: Date): WithdrawalCheck {
  const lastDay = facts.deliveredAt ? withdrawalLastDay(facts.deliveredAt) : null;
  if (facts.withdrawnAt) return { ok: false, reason: "withdrawn", lastDay };
  if (OPEN_BEFORE_DELIVERY.has(facts.status)) return { ok: true, lastDay: null };
  if (facts.status !== "completed") return { ok: false, reason: "status", lastDay };
  // A completed order without a delivery moment (data from before it was kept): the period runs from now on.
  const last = lastDay ?? withdrawalLastDay(now);
  return localDay(now) <= last
    ? { ok: true, lastDay: last }
    : { ok: false, reason: "expired", lastDay: last };
}

/**
 * The order's life (spec §4 "Order statuses", docs/decisions/0026): its states and the transitions between them
 * as data, with a guard that names why a transition is refused.
 *
 * The shopper sees five statuses: received → processing → completed, and cancelled or refunded. Before them an
 * order is `pending` while its payment is being authorised: the row exists (its stock is reserved), but it is no
 * order yet; it becomes `received` when the payment is authorised and confirmed, or `failed` when the
 * authorisation is refused or abandoned (its stock is released and the cart can be placed again). Pending and
 * failed orders are never shown to a shopper.
 */

export const ORDER_STATUSES = [
  "pending",
  "failed",
  "received",
  "processing",
  "completed",
  "cancelled",
  "refunded",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The statuses a shopper (and the API) sees. */
export const PUBLIC_ORDER_STATUSES = [
  "received",
  "processing",
  "completed",
  "cancelled",
  "refunded",
] as const;
export type PublicOrderStatus = (typeof PUBLIC_ORDER_STATUSES)[number];

/** From each status, where it may go. A status not listed as a key's target is never reached from that key. */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = Object.freeze({
  pending: ["received", "failed"],
  failed: [],
  received: ["processing", "cancelled", "refunded"],
  processing: ["completed", "cancelled", "refunded"],
  completed: ["refunded"],
  cancelled: [],
  refunded: [],
});

export type TransitionRefusal =
  /** Already in that status: a retried request, not an error for an idempotent caller. */
  | "same"
  /** The order is finished (failed, cancelled, refunded): nothing moves it. */
  | "final"
  /** Not an edge of the machine (e.g. completed → processing, received → completed). */
  | "notAllowed"
  | "unknown";

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

export function isPublicOrderStatus(value: string): value is PublicOrderStatus {
  return (PUBLIC_ORDER_STATUSES as readonly string[]).includes(value);
}

export function isFinalStatus(status: OrderStatus): boolean {
  return ORDER_TRANSITIONS[status].length === 0;
}

/** Whether `from` → `to` is an edge of the machine. */
export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** The guard: `{ok: true}` for an allowed transition, else why it is refused. */
export function checkTransition(
  from: string,
  to: string,
): { ok: true } | { ok: false; reason: TransitionRefusal } {
  if (!isOrderStatus(from) || !isOrderStatus(to)) return { ok: false, reason: "unknown" };
  if (from === to) return { ok: false, reason: "same" };
  if (isFinalStatus(from)) return { ok: false, reason: "final" };
  return canTransition(from, to) ? { ok: true } : { ok: false, reason: "notAllowed" };
}

/** Whether stock the order holds goes back on the shelf when it reaches `status`. */
export function releasesStock(status: OrderStatus): boolean {
  return status === "failed" || status === "cancelled";
}

/** Whether an order in `status` counts as sold (sales counts, bestseller and most-sold sorts). */
export function countsAsSold(status: OrderStatus): boolean {
  return status === "received" || status === "processing" || status === "completed";
}

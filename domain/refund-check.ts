/**
 * What to do with a refund left `pending` (decision 0065): its provider call was not answered (5xx, a timeout, a
 * cut connection: decision 0050, amended), so its money and units are held back until it is settled. The refund is
 * looked up at the provider by its key, and then:
 *
 * - found: the provider made it — `complete` it (recorded exactly as if the answer had arrived);
 * - the provider did not answer the lookup either, or cannot look refunds up: `wait` (still unknown);
 * - not found, but asked less than the grace period ago: `wait` — the first call may still be under way;
 * - not found on an order a cancellation or a whole-order refund has finished: `resend` — that move refunded the
 *   rest and held this refund's money back, counting on it, so the shop still owes it: the refund is asked again
 *   with its own key (the provider never saw it, so it is made once);
 * - not found otherwise: `fail` — no money moved; the units and amount are free again, and the admin may refund
 *   again.
 * A refund to the customer's balance never waits on a provider: a pending one (a crash between reserving and
 * recording) is `complete`d, as the retried form would.
 */

export type PendingRefundVerdict = "complete" | "resend" | "fail" | "wait";

/** Longer than a provider call may take (15 s), so a lookup never races the call it looks for. */
export const REFUND_CHECK_GRACE_MS = 2 * 60_000;

/** The statuses in which the order's own move refunded what was left and held pending refunds back. */
export const REFUND_FINISHED_STATUSES: readonly string[] = ["cancelled", "refunded"];

export interface PendingRefundFacts {
  method: string;
  /** The provider's answer: true (it made it), false (it knows no such refund), null (no answer, or no lookup). */
  found: boolean | null;
  orderStatus: string;
  /** How long ago the refund was asked for (ms). */
  ageMs: number;
}

export function pendingRefundVerdict(facts: PendingRefundFacts): PendingRefundVerdict {
  if (facts.method === "balance") return "complete";
  if (facts.found === true) return "complete";
  if (facts.found === null || facts.ageMs < REFUND_CHECK_GRACE_MS) return "wait";
  return REFUND_FINISHED_STATUSES.includes(facts.orderStatus) ? "resend" : "fail";
}

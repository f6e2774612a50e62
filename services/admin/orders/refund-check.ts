import { and, asc, eq, lt } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { orders, refunds } from "#db/schema/index.ts";
import type { OrderStatus } from "#domain/order-status.ts";
import { pendingRefundVerdict } from "#domain/refund-check.ts";
import type { PaymentType } from "#integrations/payments/index.ts";
import type { OrderDeps } from "../../orders/place.ts";
import { writeAudit } from "../audit.ts";
import {
  askProvider,
  completeRefund,
  lockedRefund,
  type RefundActor,
  refundOperationKey,
  refundPayment,
} from "./refund.ts";

/**
 * Settles a refund left `pending` because its provider call went unanswered (decision 0065; 0050 amended kept it
 * pending, its money and units held back): the provider is asked whether it made the refund — by the refund's
 * key, which Klarna keeps as the refund's `reference` and the invoice provider as its credit note's key — and
 * domain/refund-check.ts says what follows: complete it, ask again (an order a cancellation finished), fail it, or
 * wait. From the order screen ("Check with the provider", `checkRefund`) and periodically for refunds pending
 * longer than a quarter of an hour (`reconcilePendingRefunds`, beside the pending orders' reconcile).
 *
 * Race-safe: completing runs under the order's lock and completes a pending refund once (a second check answers
 * `repeated`); failing locks the refund and changes only a pending one. A failed refund keeps its record (status
 * `failed`, with its amount and lines) but gives its form key up, so the form sent again reserves and asks anew —
 * with the same provider key, which the provider never saw.
 */

export type RefundCheckOutcome =
  | {
      ok: true;
      /** completed: recorded now (or before: `repeated`); failed: no money moved; unknown: still pending. */
      outcome: "completed" | "failed" | "unknown";
      refundId: number;
      orderId: number;
      status: OrderStatus;
      repeated: boolean;
      /** The provider's words when it did not answer or refused. */
      detail?: string;
    }
  | { ok: false; refusal: "notFound" };

/** Who a periodic check acts as in the audit log and the order's history. */
export const REFUND_CHECK_ACTOR: RefundActor = { id: null, email: "system: refund check" };

export async function checkRefund(
  deps: OrderDeps,
  who: RefundActor,
  refundId: number,
  opts: { now?: Date } = {},
): Promise<RefundCheckOutcome> {
  const [refund] = await deps.db.select().from(refunds).where(eq(refunds.id, refundId));
  if (!refund) return { ok: false, refusal: "notFound" };
  const [order] = await deps.db
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, refund.orderId));
  if (!order) return { ok: false, refusal: "notFound" };
  const answer = (outcome: "completed" | "failed" | "unknown", extra: Partial<RefundCheckOutcome> = {}) =>
    ({
      ok: true,
      outcome,
      refundId,
      orderId: refund.orderId,
      status: order.status as OrderStatus,
      repeated: false,
      ...extra,
    }) as RefundCheckOutcome;
  if (refund.status === "completed") return answer("completed", { repeated: true });
  if (refund.status !== "pending") return answer("failed", { repeated: true });

  // The provider's answer: found, not found, or no answer (null).
  let found: boolean | null = null;
  let providerRefundId: string | null = null;
  let detail: string | undefined;
  if (refund.method === "provider") {
    const pay = await refundPayment(deps.db, refund.orderId);
    const provider = pay?.paymentType ? deps.payments[pay.paymentType as PaymentType] : undefined;
    if (provider?.findRefund && pay?.reference && pay.key && refund.idempotencyKey) {
      try {
        const hit = await provider.findRefund(
          pay.reference,
          refundOperationKey(pay.key, refund.idempotencyKey),
        );
        found = hit !== null;
        providerRefundId = hit?.refundId ?? null;
      } catch (error) {
        detail = error instanceof Error ? error.message : String(error);
      }
    } else detail = "The payment provider cannot look refunds up";
  }
  const verdict = pendingRefundVerdict({
    method: refund.method,
    found,
    orderStatus: order.status,
    ageMs: (opts.now ?? new Date()).getTime() - refund.createdAt.getTime(),
  });
  if (verdict === "wait") return answer("unknown", detail ? { detail } : {});
  if (verdict === "resend") {
    const asked = await askProvider(deps, refund);
    if (!asked.ok && asked.refusal === "providerUnknown") return answer("unknown", { detail: asked.detail });
    if (!asked.ok) return fail(deps, who, refundId, asked.detail);
    providerRefundId = asked.refundId;
  }
  if (verdict === "fail") return fail(deps, who, refundId, "The provider has no such refund");
  const done = await completeRefund(deps, who, refundId, providerRefundId, { settledBy: "check" });
  if (!done.ok) return { ok: false, refusal: "notFound" };
  return answer("completed", { repeated: done.repeated, status: done.status });
}

/**
 * The provider did not make the refund: under the order's lock, a refund still pending becomes `failed` and gives
 * its form key up; the audit entry says so. One that was settled meanwhile is answered as it is.
 */
async function fail(
  deps: OrderDeps,
  who: RefundActor,
  refundId: number,
  detail: string,
): Promise<RefundCheckOutcome> {
  return deps.db.transaction(async (txh): Promise<RefundCheckOutcome> => {
    const tx = txh as unknown as Database;
    const locked = await lockedRefund(tx, refundId);
    if (!locked) return { ok: false, refusal: "notFound" };
    const { order, refund: now } = locked;
    const base = {
      ok: true as const,
      refundId,
      orderId: order.id,
      status: order.status as OrderStatus,
    };
    if (now.status !== "pending")
      return { ...base, outcome: now.status === "completed" ? "completed" : "failed", repeated: true };
    await tx
      .update(refunds)
      .set({ status: "failed", idempotencyKey: null })
      .where(and(eq(refunds.id, refundId), eq(refunds.status, "pending")));
    await writeAudit(tx, who, {
      action: "order.refund.failed",
      entity: "order",
      entityId: order.id,
      before: { refundId, status: "pending" },
      after: {
        refundId,
        status: "failed",
        amountMinor: now.amountMinor,
        method: now.method,
        lines: now.lines,
        shippingMinor: now.shippingMinor,
        detail,
      },
    });
    return { ...base, outcome: "failed", repeated: false, detail };
  });
}

/**
 * Settles every refund pending longer than `olderThanMs` (default a quarter of an hour): run periodically beside
 * the pending orders' reconcile (server/main.ts). Answers how many were completed, failed, or are still unknown.
 */
export async function reconcilePendingRefunds(
  deps: OrderDeps,
  opts: { olderThanMs?: number; now?: Date } = {},
) {
  const now = opts.now ?? new Date();
  const cutoff = new Date(now.getTime() - (opts.olderThanMs ?? 15 * 60_000));
  const rows = await deps.db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.status, "pending"), lt(refunds.createdAt, cutoff)))
    .orderBy(asc(refunds.id))
    .limit(200);
  const tally = { completed: 0, failed: 0, unknown: 0 };
  for (const row of rows) {
    const outcome = await checkRefund(deps, REFUND_CHECK_ACTOR, row.id, { now });
    if (outcome.ok && !outcome.repeated) tally[outcome.outcome]++;
  }
  return tally;
}

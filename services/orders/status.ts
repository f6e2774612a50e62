import { and, eq, sql } from "drizzle-orm";
import {
  checkoutSessions,
  orderLines,
  orderStatusHistory,
  orders,
  paymentMethods,
  refunds,
  skus,
} from "#db/schema/index.ts";
import { msg } from "#domain/messages.ts";
import {
  checkTransition,
  type OrderStatus,
  releasesStock,
  type TransitionRefusal,
} from "#domain/order-status.ts";
import { type PlannedLine, refundedQuantities } from "#domain/refund.ts";
import { operationKey, type PaymentType } from "#integrations/payments/index.ts";
import { capturePayment } from "./capture.ts";
import { CheckoutError } from "./errors.ts";
import type { OrderDeps } from "./place.ts";

/**
 * Moves a placed order through its statuses (domain/order-status.ts) with what each move means for stock and
 * money: cancelling puts the units back (shelf and backorder as they were taken) and cancels the authorisation, or
 * refunds what was captured; refunding refunds what was captured. The provider calls carry keys derived from the
 * attempt, so a retried move moves no money twice; the move itself is guarded by the order's status under a lock.
 */
export class OrderStatusError extends CheckoutError {
  readonly refusal: TransitionRefusal;
  constructor(from: string, to: string, refusal: TransitionRefusal) {
    super(
      "ORDER_NOT_CREATED",
      `Order cannot go from ${from} to ${to} (${refusal})`,
      msg("checkout.error.failed"),
      {
        from,
        to,
      },
    );
    this.refusal = refusal;
  }
}

export async function changeOrderStatus(
  deps: OrderDeps,
  orderId: number,
  to: OrderStatus,
  reason: string,
  /** Runs in the transaction that moves the order (the back office's audit entry: decision 0037). */
  within?: (tx: OrderDeps["db"], change: { from: OrderStatus; to: OrderStatus }) => Promise<void>,
) {
  // The money first (outside the transaction; idempotent by key), then the status and stock under the lock.
  const [row] = await deps.db
    .select({
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      reference: orders.paymentReference,
      captured: orders.capturedMinor,
      refunded: orders.refundedMinor,
      key: checkoutSessions.idempotencyKey,
      paymentType: paymentMethods.paymentType,
    })
    .from(orders)
    .leftJoin(checkoutSessions, eq(checkoutSessions.id, orders.checkoutSessionId))
    .leftJoin(paymentMethods, eq(paymentMethods.key, checkoutSessions.paymentMethodKey))
    .where(eq(orders.id, orderId));
  if (!row) throw new OrderStatusError("none", to, "unknown");
  const check = checkTransition(row.status, to);
  if (!check.ok) {
    if (check.reason === "same") return { status: to, changed: false };
    throw new OrderStatusError(row.status, to, check.reason);
  }
  const provider = row.paymentType ? deps.payments[row.paymentType as PaymentType] : undefined;
  // What this move changes of the payment; the sums are written relatively under the lock (decision 0050,
  // amended): a line refund completing meanwhile keeps its part.
  let paymentStatus: string | null = null;
  let refundedNow = 0;
  // Shipping takes the payment (capture on shipment, decision 0050); a refused capture throws before any change.
  // capturePayment records the capture itself.
  if (to === "completed" && row.paymentStatus === "authorized") await capturePayment(deps, orderId);
  if ((to === "cancelled" || to === "refunded") && provider && row.reference && row.key) {
    // Owed: the captured sum less every refund made or being made (completed in the order's sum, pending rows of
    // the back office's refunds), read fresh just before the call so nothing is refunded twice.
    const [now] = await deps.db
      .select({
        captured: orders.capturedMinor,
        refunded: orders.refundedMinor,
        paymentStatus: orders.paymentStatus,
      })
      .from(orders)
      .where(eq(orders.id, orderId));
    const [pending] = await deps.db
      .select({ sum: sql<string | number | null>`coalesce(sum(${refunds.amountMinor}), 0)` })
      .from(refunds)
      .where(and(eq(refunds.orderId, orderId), eq(refunds.status, "pending")));
    const owed = (now?.captured ?? 0) - (now?.refunded ?? 0) - Number(pending?.sum ?? 0);
    if (owed > 0) {
      await provider.refund(row.reference, owed, operationKey(row.key, `refund:${to}`));
      paymentStatus = "refunded";
      refundedNow = owed;
    } else if (now?.paymentStatus === "authorized") {
      await provider.cancel(row.reference, operationKey(row.key, "cancel"));
      paymentStatus = "cancelled";
    }
  }
  return deps.db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for("update");
    if (!locked || locked.status !== row.status) {
      // Moved meanwhile by another call: it did the work.
      return { status: (locked?.status ?? row.status) as OrderStatus, changed: false };
    }
    if (releasesStock(to)) {
      const lines = await tx
        .select({
          id: orderLines.id,
          skuId: orderLines.skuId,
          fromShelf: orderLines.fromShelf,
          backorder: orderLines.backorder,
        })
        .from(orderLines)
        .where(eq(orderLines.orderId, orderId));
      // Units a refund already put back on the shelf (returned goods) are not put back again.
      const returned = await tx
        .select({ lines: refunds.lines })
        .from(refunds)
        .where(
          and(
            eq(refunds.orderId, orderId),
            eq(refunds.status, "completed"),
            eq(refunds.returnedToStock, true),
          ),
        );
      const back = refundedQuantities(
        returned.map((r) => ({ lines: Array.isArray(r.lines) ? (r.lines as PlannedLine[]) : [] })),
      );
      for (const l of [...lines].sort((a, b) => (a.skuId ?? 0) - (b.skuId ?? 0))) {
        const done = back.get(l.id) ?? 0;
        const shelf = Math.max(0, l.fromShelf - done);
        const backorder = Math.max(0, l.backorder - Math.max(0, done - l.fromShelf));
        if (l.skuId !== null && (shelf || backorder))
          await tx
            .update(skus)
            .set({
              inStock: sql`${skus.inStock} + ${shelf}`,
              oversellable: sql`${skus.oversellable} + ${backorder}`,
            })
            .where(eq(skus.id, l.skuId));
      }
    }
    await tx
      .update(orders)
      .set({
        status: to,
        ...(paymentStatus ? { paymentStatus } : {}),
        refundedMinor: sql`${orders.refundedMinor} + ${refundedNow}`,
        updatedAt: sql`now()`,
      })
      .where(eq(orders.id, orderId));
    await tx.insert(orderStatusHistory).values({ orderId, fromStatus: row.status, toStatus: to, reason });
    await within?.(tx as unknown as OrderDeps["db"], { from: row.status as OrderStatus, to });
    return { status: to, changed: true };
  });
}

import { and, eq, lt } from "drizzle-orm";
import { checkoutSessions, orders, paymentMethods } from "#db/schema/index.ts";
import type { PaymentType } from "#integrations/payments/index.ts";
import { attempt, captureOrder, confirmHostedOrder, type HostedDeps } from "./hosted.ts";
import { confirm, liveOrder, paymentRequest, type Reserved, undo } from "./place.ts";

/**
 * Settles orders left `pending` by a process that died between reserving and confirming (issue 13: after a SIGKILL
 * no order is lost, none is half made, stock is consistent). For each pending order older than the cut-off, the
 * provider is asked what it did with the attempt, without doing anything new:
 * - authorised (a hosted checkout's order, or the attempt's key known to the provider): the order is confirmed,
 *   exactly as the interrupted request would have done;
 * - anything else (refused, or the attempt never reached the provider): the order fails and its stock goes back;
 *   the cart is still open, so the shopper can place it again.
 * Run at start-up and periodically; running it twice, or beside live requests, changes nothing twice (every step
 * is guarded by the order's status).
 */
export async function reconcilePendingOrders(
  deps: HostedDeps,
  opts: { olderThanMs?: number; now?: Date } = {},
) {
  const cutoff = new Date((opts.now ?? new Date()).getTime() - (opts.olderThanMs ?? 15 * 60_000));
  const rows = await deps.db
    .select({
      id: orders.id,
      cartId: orders.cartId,
      sessionId: checkoutSessions.id,
      providerReference: checkoutSessions.providerReference,
      key: checkoutSessions.idempotencyKey,
      paymentType: paymentMethods.paymentType,
      checkoutType: paymentMethods.checkoutType,
    })
    .from(orders)
    .innerJoin(checkoutSessions, eq(checkoutSessions.id, orders.checkoutSessionId))
    .innerJoin(paymentMethods, eq(paymentMethods.key, checkoutSessions.paymentMethodKey))
    .where(and(eq(orders.status, "pending"), lt(orders.createdAt, cutoff)));
  const outcome = { confirmed: 0, failed: 0 };
  for (const row of rows) {
    const provider = deps.payments[row.paymentType as PaymentType];
    const found = await attempt(deps, { sessionId: row.sessionId });
    const order = await liveOrder(deps.db, row.cartId);
    if (!found || !order || order.id !== row.id || order.status !== "pending") continue;
    const reserved: Reserved = {
      order,
      paymentType: row.paymentType as PaymentType,
      request: await deps.db.transaction((tx) => paymentRequest(tx, order, found.ctx, found.input)),
    };
    let authorized: Parameters<typeof undo>[3] = null;
    try {
      if (row.checkoutType === "EXTERNAL" && row.providerReference) {
        const state = await provider?.state(row.providerReference);
        if (state?.status === "authorized" || state?.status === "captured") {
          await confirmHostedOrder(deps, { providerReference: row.providerReference });
          outcome.confirmed++;
          continue;
        }
      } else {
        const answer = (await provider?.lookup?.(row.key)) ?? null;
        if (answer?.status === "authorized") {
          authorized = answer;
          const confirmed = await confirm(deps, found.ctx, row.cartId, reserved, answer);
          if (confirmed !== "gone") {
            await captureOrder({ ...deps, captureOnConfirm: false }, confirmed.orderId);
            outcome.confirmed++;
            continue;
          }
          await undo(deps, reserved, "reconciled: superseded", answer);
          outcome.failed++;
          continue;
        }
      }
    } catch {
      // Confirming was refused (e.g. a gift card drawn meanwhile): the order fails below.
    }
    await undo(deps, reserved, "reconciled: the attempt did not complete", authorized);
    outcome.failed++;
  }
  return outcome;
}

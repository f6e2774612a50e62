import { and, eq, isNull } from "drizzle-orm";
import { orders, outbox } from "#db/schema/index.ts";
import { msg } from "#domain/messages.ts";
import { checkWithdrawal, type WithdrawalCheck } from "#domain/withdrawal.ts";
import { CheckoutError } from "./errors.ts";
import type { OrderDeps } from "./place.ts";
import { type OrderRecord, orderById, orderByPublicId } from "./read.ts";
import { changeOrderStatus } from "./status.ts";

/**
 * The withdrawal function (Directive (EU) 2023/2673; issue 13): the shopper withdraws from a purchase within its
 * withdrawal period (domain/withdrawal.ts), from the order link (its public id is the secret) or signed in; the two
 * steps of confirming are the storefront's. At once:
 * - the withdrawal is recorded (`orders.withdrawn_at`; withdrawing twice records it once and answers the same);
 * - the confirmation e-mail is queued in the durable outbox (`order.withdrawal`, once per order);
 * - an order not yet delivered (received, processing) is cancelled: its units go back to stock and the payment is
 *   released or refunded (services/orders/status.ts). A delivered order waits for the goods to come back; the
 *   refund is the merchant's next step (within 14 days of the withdrawal, Directive 2011/83/EU art. 13).
 */

/** When the goods were delivered: when the order became completed. */
export function deliveredAt(order: OrderRecord): Date | null {
  return order.history.findLast((h) => h.toStatus === "completed")?.createdAt ?? null;
}

/** The withdrawal rule for an order at `now`. */
export function withdrawalOf(order: OrderRecord & { withdrawnAt?: Date | null }, now: Date): WithdrawalCheck {
  return checkWithdrawal(
    { status: order.status, deliveredAt: deliveredAt(order), withdrawnAt: order.withdrawnAt ?? null },
    now,
  );
}

export async function withdrawFromOrder(
  deps: OrderDeps,
  publicId: string,
  opts: { now?: Date; languageId?: string } = {},
): Promise<{ order: OrderRecord; withdrawnAt: Date; cancelled: boolean }> {
  const now = opts.now ?? new Date();
  const order = await orderByPublicId(deps.db, publicId);
  if (!order) throw new CheckoutError("ORDER_NOT_FOUND", "No such order", msg("order.notFound"));
  if (order.withdrawnAt) return finish(deps, order, order.withdrawnAt);
  const check = withdrawalOf(order, now);
  if (!check.ok)
    throw new CheckoutError(
      "WITHDRAWAL_REFUSED",
      `Withdrawal refused: ${check.reason}`,
      check.reason === "expired"
        ? msg("order.withdrawal.expired", { lastDay: check.lastDay ?? "" })
        : msg("order.withdrawal.notPossible"),
      { refusal: check.reason, lastDay: check.lastDay },
    );
  const recorded = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(orders)
      .set({ withdrawnAt: now })
      .where(and(eq(orders.id, order.id), isNull(orders.withdrawnAt)))
      .returning({ withdrawnAt: orders.withdrawnAt });
    if (!row) return null;
    await tx
      .insert(outbox)
      .values({
        kind: "order.withdrawal",
        payload: {
          orderId: order.id,
          publicId: order.publicId,
          languageId: opts.languageId ?? order.languageId,
          withdrawnAt: now.toISOString(),
        },
        dedupeKey: `order.withdrawal:${order.publicId}`,
      })
      .onConflictDoNothing();
    return row.withdrawnAt;
  });
  // Withdrawn meanwhile by another request: finish as it does (the cancellation is idempotent).
  const again = recorded ? order : ((await orderById(deps.db, order.id)) ?? order);
  return finish(deps, again, recorded ?? again.withdrawnAt ?? now);
}

/**
 * After the withdrawal is recorded: an order not yet delivered is cancelled. Every caller (a repeated or concurrent
 * withdrawal, or one after a crash between the two steps) does this, and the status change runs once.
 */
async function finish(deps: OrderDeps, order: OrderRecord, withdrawnAt: Date) {
  if (order.status === "received" || order.status === "processing")
    await changeOrderStatus(deps, order.id, "cancelled", "withdrawal (angrerett)");
  const now = (await orderById(deps.db, order.id)) ?? order;
  return { order: now, withdrawnAt, cancelled: now.status === "cancelled" };
}

import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { orders } from "#db/schema/index.ts";
import { writeAudit } from "../audit.ts";
import type { AdminPrincipal } from "../users.ts";

/**
 * The merchant's side of a withdrawal (angrerett / ångerrätt; issue 15, decision 0050). A shopper who withdrew from
 * a delivered order sends the goods back; the merchant marks them received here (audited), then refunds per the
 * request (services/admin/orders/refund.ts; the refund must follow within 14 days of the withdrawal, Directive
 * 2011/83/EU art. 13). An order not yet delivered was cancelled at once when withdrawn (services/orders/withdraw.ts).
 * The list of withdrawal requests is the order list's `withdrawal` filter (services/admin/orders.ts).
 */
export type WithdrawalFilter = "open" | "handled" | "any";

export type MarkReceivedOutcome =
  | { ok: true; receivedAt: Date; changed: boolean }
  | { ok: false; refusal: "notFound" | "notWithdrawn" };

export async function markWithdrawalReceived(
  db: Database,
  who: AdminPrincipal,
  orderId: number,
  now = new Date(),
): Promise<MarkReceivedOutcome> {
  return db.transaction(async (txh) => {
    const tx = txh as unknown as Database;
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) return { ok: false, refusal: "notFound" } as const;
    if (!order.withdrawnAt) return { ok: false, refusal: "notWithdrawn" } as const;
    if (order.withdrawalReceivedAt)
      return { ok: true, receivedAt: order.withdrawalReceivedAt, changed: false } as const;
    await tx
      .update(orders)
      .set({ withdrawalReceivedAt: now })
      .where(and(eq(orders.id, orderId), isNull(orders.withdrawalReceivedAt)));
    await writeAudit(tx, who, {
      action: "order.withdrawalReceived",
      entity: "order",
      entityId: orderId,
      before: { withdrawalReceivedAt: null },
      after: { withdrawalReceivedAt: now.toISOString() },
    });
    return { ok: true, receivedAt: now, changed: true } as const;
  });
}

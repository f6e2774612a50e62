import { eq } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { orders, outbox } from "#db/schema/index.ts";
import { writeAudit } from "../audit.ts";
import type { AdminPrincipal } from "../users.ts";

/**
 * Sends an order's e-mail again (issue 15, decision 0050): the order confirmation, or the withdrawal confirmation
 * of an order withdrawn from, queued in the durable outbox as the first was (same kind and payload, so the same
 * template in the order's language) with the audit entry in the same transaction. The form's key makes the queued
 * job unique: a double submit sends one e-mail.
 */
export const ORDER_EMAILS = ["confirmation", "withdrawal"] as const;
export type OrderEmail = (typeof ORDER_EMAILS)[number];

export type ResendOutcome =
  | { ok: true; queued: boolean }
  | { ok: false; refusal: "notFound" | "notWithdrawn" };

export async function resendOrderEmail(
  db: Database,
  who: AdminPrincipal,
  orderId: number,
  email: OrderEmail,
  key: string,
): Promise<ResendOutcome> {
  return db.transaction(async (txh) => {
    const tx = txh as unknown as Database;
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
    if (!order?.orderNumber) return { ok: false, refusal: "notFound" } as const;
    if (email === "withdrawal" && !order.withdrawnAt) return { ok: false, refusal: "notWithdrawn" } as const;
    const payload =
      email === "confirmation"
        ? { orderId: order.id, publicId: order.publicId, languageId: order.languageId }
        : {
            orderId: order.id,
            publicId: order.publicId,
            languageId: order.languageId,
            withdrawnAt: order.withdrawnAt?.toISOString(),
          };
    const queued = await tx
      .insert(outbox)
      .values({
        kind: `order.${email}`,
        payload,
        dedupeKey: `order.${email}:${order.publicId}:resend:${key}`,
      })
      .onConflictDoNothing()
      .returning({ id: outbox.id });
    if (queued.length)
      await writeAudit(tx, who, {
        action: "order.resendEmail",
        entity: "order",
        entityId: order.id,
        after: { email, outboxId: queued[0]?.id },
      });
    return { ok: true, queued: queued.length > 0 } as const;
  });
}

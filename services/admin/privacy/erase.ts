import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { customers, orders } from "#db/schema/index.ts";
import { type ErasureRefusal, erasureRefusal, OPEN_ORDER_STATUSES } from "#domain/erasure.ts";
import { eraseAccount } from "#services/customers/accounts.ts";
import { writeAudit } from "../audit.ts";
import type { AdminPrincipal } from "../users.ts";

export type EraseOutcome =
  | { kind: "erased" }
  /** Erased before (by the shopper or an admin): nothing changed, nothing recorded. */
  | { kind: "alreadyErased" }
  | { kind: "notFound" }
  | ErasureRefusal;

/**
 * The GDPR erasure from the back office (art. 17, decision 0053): refused while an order is open (domain/erasure.ts);
 * otherwise the account is erased as the shopper's own deletion erases it (services/customers/accounts.ts
 * eraseAccount), with the audit entry in the same transaction. The entry holds no erased data: only the customer's
 * id and how many orders were kept anonymised. Idempotent: a second erasure answers alreadyErased.
 */
export async function eraseCustomerAudited(
  db: Database,
  who: AdminPrincipal,
  customerId: number,
  now = new Date(),
): Promise<EraseOutcome> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    // Locks the account first, so an order placed meanwhile waits for the erasure (or the erasure sees it).
    const [row] = await t
      .select({ deletedAt: customers.deletedAt })
      .from(customers)
      .where(eq(customers.id, customerId))
      .for("update");
    if (!row) return { kind: "notFound" } as const;
    if (row.deletedAt) return { kind: "alreadyErased" } as const;
    const open = await t
      .select({ orderId: orders.id, orderNumber: orders.orderNumber, status: orders.status })
      .from(orders)
      .where(and(eq(orders.customerId, customerId), inArray(orders.status, [...OPEN_ORDER_STATUSES])));
    const refusal = erasureRefusal(open);
    if (refusal) return refusal;
    const kept = await t.select({ id: orders.id }).from(orders).where(eq(orders.customerId, customerId));
    if (!(await eraseAccount(t, customerId, now))) return { kind: "alreadyErased" } as const;
    await writeAudit(t, who, {
      action: "customer.erase",
      entity: "customer",
      entityId: customerId,
      before: { erased: false },
      after: { erased: true, ordersKeptAnonymised: kept.length },
    });
    return { kind: "erased" } as const;
  });
}

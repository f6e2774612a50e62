import { eq } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { orders } from "#db/schema/index.ts";
import type { ErasureRefusal } from "#domain/erasure.ts";
import { eraseAccount, erasureBlock } from "#services/customers/accounts.ts";
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
    // The same guard as the shopper's own deletion (decision 0065): the account locked, then the open orders.
    const blocked = await erasureBlock(t, customerId);
    if (blocked) return blocked;
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

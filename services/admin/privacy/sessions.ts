import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { customers } from "#db/schema/index.ts";
import { activeSessions, endSessions } from "#services/customers/sessions.ts";
import { writeAudit } from "../audit.ts";
import type { AdminPrincipal } from "../users.ts";

/** A live customer's active sessions (services/customers/sessions.ts); null without a live account. */
export async function customerSessions(db: Database, customerId: number, now = new Date()) {
  const [live] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, customerId), isNull(customers.deletedAt)));
  return live ? activeSessions(db, customerId, now) : null;
}

/**
 * Ends one session of a customer (`sessionId`) or all, from the back office (a stolen account, a shared computer),
 * with the audit entry in the same transaction. Answers how many sessions ended (0: none was active — nothing
 * recorded), or null without a live account.
 */
export async function endCustomerSessionsAudited(
  db: Database,
  who: AdminPrincipal,
  customerId: number,
  sessionId: string | null,
  now = new Date(),
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const [live] = await t
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.id, customerId), isNull(customers.deletedAt)));
    if (!live) return null;
    const ended = await endSessions(t, customerId, sessionId, now);
    if (ended > 0)
      await writeAudit(t, who, {
        action: sessionId ? "customer.session.end" : "customer.session.endAll",
        entity: "customer",
        entityId: customerId,
        after: { sessionsEnded: ended, ...(sessionId ? { sessionId } : {}) },
      });
    return ended;
  });
}

import { and, eq, gt, isNull } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { refreshTokens } from "#db/schema/index.ts";

/**
 * A customer's signed-in sessions (refresh-token families, services/customers/auth.ts): the one query that lists
 * them and the one statement that ends them, for the shopper's "sign out everywhere" and the back office's customer
 * view (services/admin/privacy/sessions.ts).
 */
export interface CustomerSession {
  sessionId: string;
  startedAt: Date;
  lastUsedAt: Date;
  userAgent: string | null;
  remember: boolean;
  /** Who acted as the customer ("shop as"); null: the shopper. */
  actor: string | null;
}

/** The customer's active sessions, the most recently used first. */
export async function activeSessions(db: Database, customerId: number, at: Date): Promise<CustomerSession[]> {
  const rows = await db
    .select({
      sessionId: refreshTokens.familyId,
      startedAt: refreshTokens.sessionStartedAt,
      lastUsedAt: refreshTokens.createdAt,
      userAgent: refreshTokens.userAgent,
      remember: refreshTokens.remember,
      actor: refreshTokens.actor,
    })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.customerId, customerId),
        isNull(refreshTokens.revokedAt),
        isNull(refreshTokens.rotatedAt),
        gt(refreshTokens.expiresAt, at),
      ),
    );
  return rows.sort((a, b) => b.lastUsedAt.getTime() - a.lastUsedAt.getTime());
}

/** Ends one session of the customer (`sessionId`) or all of them; answers how many sessions ended. */
export async function endSessions(
  db: Database,
  customerId: number,
  sessionId: string | null,
  at: Date,
): Promise<number> {
  const ended = await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(
      and(
        eq(refreshTokens.customerId, customerId),
        isNull(refreshTokens.revokedAt),
        ...(sessionId ? [eq(refreshTokens.familyId, sessionId)] : []),
      ),
    )
    .returning({ familyId: refreshTokens.familyId });
  return new Set(ended.map((r) => r.familyId)).size;
}

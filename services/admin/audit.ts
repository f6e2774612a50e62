import { and, desc, eq } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { auditLog } from "#db/schema/index.ts";
import type { AdminPrincipal } from "./users.ts";

export interface AuditEntry {
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

/** Records a back-office change; call it with the transaction that makes the change (decision 0037). */
export async function writeAudit(tx: Database, who: AdminPrincipal, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    adminUserId: who.id,
    actor: who.email,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/** The newest audit entries, optionally for one entity. */
export async function auditEntries(
  db: Database,
  opts: { entity?: string; entityId?: string; take: number; skip: number },
) {
  const where =
    opts.entity && opts.entityId
      ? and(eq(auditLog.entity, opts.entity), eq(auditLog.entityId, opts.entityId))
      : opts.entity
        ? eq(auditLog.entity, opts.entity)
        : undefined;
  return db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.id))
    .limit(opts.take)
    .offset(opts.skip);
}

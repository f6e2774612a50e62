import { and, asc, count, desc, eq, gte, lt, sql } from "drizzle-orm";
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

/**
 * Who a change is recorded for: an admin, or the shop itself acting on its own (a periodic job: `id` null and a
 * descriptive `email`, e.g. "system: refund check" — decision 0065).
 */
export type AuditActor = { id: number | null; email: string } & Partial<Omit<AdminPrincipal, "id" | "email">>;

/** Records a back-office change; call it with the transaction that makes the change (decision 0037). */
export async function writeAudit(tx: Database, who: AuditActor, entry: AuditEntry): Promise<void> {
  await writeAudits(tx, who, [entry]);
}

/** Records many changes at once (a CSV import's one entry per product), in chunks of 1,000 rows per statement. */
export async function writeAudits(
  tx: Database,
  who: AuditActor,
  entries: readonly AuditEntry[],
): Promise<void> {
  for (let i = 0; i < entries.length; i += 1000)
    await tx.insert(auditLog).values(
      entries.slice(i, i + 1000).map((entry) => ({
        adminUserId: who.id,
        actor: who.email,
        action: entry.action,
        entity: entry.entity,
        entityId: entry.entityId == null ? null : String(entry.entityId),
        before: entry.before ?? null,
        after: entry.after ?? null,
      })),
    );
}

export interface AuditFilter {
  /** The admin who made the change (their e-mail at the time), exactly. */
  actor?: string | null;
  entity?: string | null;
  entityId?: string | null;
  action?: string | null;
  /** From this instant (inclusive) … */
  from?: Date | null;
  /** … to this one (exclusive). */
  to?: Date | null;
}

function auditWhere(f: AuditFilter) {
  return and(
    f.actor ? eq(auditLog.actor, f.actor) : undefined,
    f.entity ? eq(auditLog.entity, f.entity) : undefined,
    f.entity && f.entityId ? eq(auditLog.entityId, f.entityId) : undefined,
    f.action ? eq(auditLog.action, f.action) : undefined,
    f.from ? gte(auditLog.at, f.from) : undefined,
    f.to ? lt(auditLog.at, f.to) : undefined,
  );
}

/** The newest audit entries matching a filter. */
export async function auditEntries(db: Database, opts: AuditFilter & { take: number; skip: number }) {
  return db
    .select()
    .from(auditLog)
    .where(auditWhere(opts))
    .orderBy(desc(auditLog.id))
    .limit(opts.take)
    .offset(opts.skip);
}

/** How many entries match a filter (the audit screen's pages). */
export async function auditCount(db: Database, filter: AuditFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(auditLog).where(auditWhere(filter));
  return row?.n ?? 0;
}

/** The values the audit screen's filters offer: actors, entities and actions that occur. */
export async function auditFacets(db: Database) {
  const [actors, entities, actions] = await Promise.all([
    db.selectDistinct({ v: auditLog.actor }).from(auditLog).orderBy(asc(auditLog.actor)).limit(500),
    db.selectDistinct({ v: auditLog.entity }).from(auditLog).orderBy(asc(auditLog.entity)).limit(500),
    db.selectDistinct({ v: auditLog.action }).from(auditLog).orderBy(asc(auditLog.action)).limit(500),
  ]);
  return {
    actors: actors.map((r) => r.v),
    entities: entities.map((r) => r.v),
    actions: actions.map((r) => r.v),
  };
}

/** A change someone made since the version a form read (from the audit log): who, when, which fields. */
export interface RecordedChange {
  actor: string;
  at: string;
  action: string;
  version: number;
  fields: string[];
}

/**
 * An entity's recorded changes after `version`, oldest first: what an optimistic-version refusal names
 * (decisions 0043, 0045). Each versioned change writes `after.version` in its audit entry.
 */
export async function changesSince(
  db: Database,
  entity: string,
  id: number | string,
  version: number,
): Promise<RecordedChange[]> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, entity),
        eq(auditLog.entityId, String(id)),
        sql`(${auditLog.after}->>'version')::int > ${version}`,
      ),
    )
    .orderBy(asc(auditLog.id))
    .limit(50);
  return rows.map((row) => {
    const before = (row.before ?? {}) as Record<string, unknown>;
    const after = (row.after ?? {}) as Record<string, unknown>;
    const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
      (k) => k !== "version" && JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null),
    );
    return {
      actor: row.actor,
      at: row.at.toISOString(),
      action: row.action,
      version: Number(after.version),
      fields,
    };
  });
}

import { asc, eq } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { isUniqueViolation } from "#db/errors.ts";
import { adminSessions, adminSettings, adminUsers } from "#db/schema/index.ts";
import { type AdminSeat, type AdminUserChange, leavesNoOwner } from "#domain/admin-owners.ts";
import type { AdminRole } from "#domain/admin-permissions.ts";
import { writeAudit } from "../audit.ts";
import { type AdminLanguage, type AdminPrincipal, createAdminUser, normalizeAdminEmail } from "../users.ts";

/**
 * The owner's management of admin users (issue 15 "Admin users with roles", decision 0053): list, create with a
 * role, change a role, deactivate, reset someone's two-step sign-in, and require two-step sign-in of everyone.
 * Each change is recorded in the audit log in its transaction. A change that would leave no active owner is refused
 * (domain/admin-owners.ts): the admin rows are locked first, so two owners demoting each other at once cannot both
 * pass — the second sees the first's change and is refused.
 */
export interface AdminUserRow {
  id: number;
  email: string;
  role: AdminRole;
  language: AdminLanguage;
  createdAt: Date;
  disabledAt: Date | null;
  twoStep: boolean;
}

export async function listAdminUsers(db: Database): Promise<AdminUserRow[]> {
  const rows = await db.select().from(adminUsers).orderBy(asc(adminUsers.email));
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    role: r.role as AdminRole,
    language: r.language as AdminLanguage,
    createdAt: r.createdAt,
    disabledAt: r.disabledAt,
    twoStep: r.totpSecret != null,
  }));
}

export type TeamRefusal =
  | { kind: "notFound" }
  /** The acting admin is no longer an active owner (demoted or deactivated meanwhile). */
  | { kind: "forbidden" }
  | { kind: "lastOwner" }
  | { kind: "emailTaken" };
type Done<T> = { kind: "done"; value: T } | TeamRefusal;

/** Locks every admin row (a handful) and answers them as seats, for the last-owner rule. */
async function lockedSeats(t: Database): Promise<AdminSeat[]> {
  const rows = await t
    .select({ id: adminUsers.id, role: adminUsers.role, disabledAt: adminUsers.disabledAt })
    .from(adminUsers)
    .orderBy(asc(adminUsers.id))
    .for("update");
  return rows.map((r) => ({ id: r.id, role: r.role as AdminRole, active: r.disabledAt == null }));
}

/** Runs an owner's change of one admin user under the lock, refusing what the rule or the actor's seat forbids. */
function ownerChange<T>(
  db: Database,
  who: AdminPrincipal,
  id: number,
  /** The change the last-owner rule checks; null: one that cannot take an owner away. */
  change: AdminUserChange | null,
  apply: (t: Database, before: typeof adminUsers.$inferSelect) => Promise<T>,
): Promise<Done<T>> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const seats = await lockedSeats(t);
    const actor = seats.find((s) => s.id === who.id);
    if (!actor?.active || actor.role !== "owner") return { kind: "forbidden" } as const;
    if (!seats.some((s) => s.id === id)) return { kind: "notFound" } as const;
    if (change && leavesNoOwner(seats, change)) return { kind: "lastOwner" } as const;
    const [before] = await t.select().from(adminUsers).where(eq(adminUsers.id, id));
    if (!before) return { kind: "notFound" } as const;
    return { kind: "done", value: await apply(t, before) } as const;
  });
}

async function endAllSessions(t: Database, adminUserId: number) {
  await t
    .update(adminSessions)
    .set({ endedAt: new Date() })
    .where(eq(adminSessions.adminUserId, adminUserId));
}

/** A new admin user with a first password the owner hands over (the user changes nothing else to begin). */
export async function createAdminUserAudited(
  db: Database,
  who: AdminPrincipal,
  input: { email: string; role: AdminRole; password: string; language: AdminLanguage },
): Promise<Done<AdminPrincipal>> {
  try {
    return await db.transaction(async (tx) => {
      const t = tx as unknown as Database;
      const created = await createAdminUser(t, { ...input, email: normalizeAdminEmail(input.email) });
      await writeAudit(t, who, {
        action: "admin.create",
        entity: "admin_user",
        entityId: created.id,
        after: { email: created.email, role: created.role, language: created.language },
      });
      return { kind: "done", value: created } as const;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return { kind: "emailTaken" };
    throw error;
  }
}

export function changeAdminRole(db: Database, who: AdminPrincipal, id: number, role: AdminRole) {
  return ownerChange(db, who, id, { kind: "role", id, role }, async (t, before) => {
    if (before.role === role) return false;
    await t.update(adminUsers).set({ role }).where(eq(adminUsers.id, id));
    await writeAudit(t, who, {
      action: "admin.role",
      entity: "admin_user",
      entityId: id,
      before: { email: before.email, role: before.role },
      after: { email: before.email, role },
    });
    return true;
  });
}

/** Deactivates an admin user (they can no longer sign in; their sessions end). Already inactive: nothing changes. */
export function deactivateAdmin(db: Database, who: AdminPrincipal, id: number) {
  return ownerChange(db, who, id, { kind: "deactivate", id }, async (t, before) => {
    if (before.disabledAt) return false;
    await t.update(adminUsers).set({ disabledAt: new Date() }).where(eq(adminUsers.id, id));
    await endAllSessions(t, id);
    await writeAudit(t, who, {
      action: "admin.deactivate",
      entity: "admin_user",
      entityId: id,
      before: { email: before.email, active: true },
      after: { email: before.email, active: false },
    });
    return true;
  });
}

/**
 * Turns another admin's two-step sign-in off (they lost their authenticator): they set it up again at their next
 * sign-in; their sessions end. Off already: nothing changes.
 */
export function resetAdminTwoStep(db: Database, who: AdminPrincipal, id: number) {
  return ownerChange(db, who, id, null, async (t, before) => {
    if (!before.totpSecret && !before.totpPending) return false;
    await t
      .update(adminUsers)
      .set({ totpSecret: null, totpPending: null, totpLastStep: null })
      .where(eq(adminUsers.id, id));
    await endAllSessions(t, id);
    await writeAudit(t, who, {
      action: "admin.totp.reset",
      entity: "admin_user",
      entityId: id,
      before: { email: before.email, twoStep: before.totpSecret != null },
      after: { email: before.email, twoStep: false, by: who.email },
    });
    return true;
  });
}

export async function backOfficeSettings(db: Database): Promise<{ requireTwoStep: boolean }> {
  const [row] = await db.select().from(adminSettings).where(eq(adminSettings.id, 1));
  return { requireTwoStep: row?.requireTwoStep ?? false };
}

/**
 * Requires (or stops requiring) two-step sign-in of every admin. Refused (`ownTwoStepOff`) while the owner's own
 * two-step sign-in is off: requiring it would send them away first.
 */
export async function setRequireTwoStep(
  db: Database,
  who: AdminPrincipal,
  requireTwoStep: boolean,
): Promise<Done<boolean> | { kind: "ownTwoStepOff" }> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const seats = await lockedSeats(t);
    const actor = seats.find((s) => s.id === who.id);
    if (!actor?.active || actor.role !== "owner") return { kind: "forbidden" } as const;
    const [me] = await t
      .select({ totp: adminUsers.totpSecret })
      .from(adminUsers)
      .where(eq(adminUsers.id, who.id));
    if (requireTwoStep && !me?.totp) return { kind: "ownTwoStepOff" } as const;
    const before = await backOfficeSettings(t);
    if (before.requireTwoStep === requireTwoStep) return { kind: "done", value: false } as const;
    await t
      .insert(adminSettings)
      .values({ id: 1, requireTwoStep, updatedAt: new Date() })
      .onConflictDoUpdate({ target: adminSettings.id, set: { requireTwoStep, updatedAt: new Date() } });
    await writeAudit(t, who, {
      action: "admin.settings",
      entity: "admin_settings",
      entityId: 1,
      before,
      after: { requireTwoStep },
    });
    return { kind: "done", value: true } as const;
  });
}

import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNotNull, isNull, ne } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { adminSessions, adminSettings, adminUsers } from "#db/schema/index.ts";
import type { AdminRole } from "#domain/admin-permissions.ts";
import { hashDigest, verifyDigest } from "../customers/passwords.ts";

/**
 * Back-office identities (issue 15, decision 0037). An admin's password is hashed with the shoppers' Argon2id
 * parameters (services/customers/passwords.ts) — the password itself: the back office has no client pre-hash.
 * A session is a random token in the `mili-admin` cookie; only its SHA-256 is stored, so a copy of the database
 * opens no session.
 */
export const ADMIN_SESSION_HOURS = 12;
export const ADMIN_PASSWORD_MIN = 12;
export type AdminLanguage = "sv" | "nb" | "en";

export interface AdminPrincipal {
  id: number;
  email: string;
  role: AdminRole;
  language: AdminLanguage;
  /**
   * The owner requires two-step sign-in of everyone (services/admin/team/users.ts) and this admin has it off: they
   * may only set it up (/admin/security) until they do.
   */
  mustSetUpTwoStep?: boolean;
}

export function normalizeAdminEmail(email: string): string {
  return email.trim().toLowerCase();
}

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

export async function createAdminUser(
  db: Database,
  input: { email: string; role: AdminRole; password: string; language?: AdminLanguage },
): Promise<AdminPrincipal> {
  if (input.password.length < ADMIN_PASSWORD_MIN)
    throw new Error(`The password needs at least ${ADMIN_PASSWORD_MIN} characters`);
  const email = normalizeAdminEmail(input.email);
  if (!/^[^@\s]+@[^@\s]+$/.test(email)) throw new Error(`Not an e-mail address: ${input.email}`);
  const passwordHash = await hashDigest(input.password);
  const [row] = await db
    .insert(adminUsers)
    .values({ email, role: input.role, passwordHash, language: input.language ?? "en" })
    .returning();
  if (!row) throw new Error("insert returned no row");
  return {
    id: row.id,
    email: row.email,
    role: row.role as AdminRole,
    language: row.language as AdminLanguage,
  };
}

/**
 * Checks an e-mail and password; null when they do not match a live admin (an unknown e-mail costs the same time
 * as a wrong password: verifyDigest checks a fixed hash then).
 */
export async function checkAdminPassword(
  db: Database,
  email: string,
  password: string,
): Promise<AdminPrincipal | null> {
  const [row] = await db
    .select()
    .from(adminUsers)
    .where(eq(adminUsers.email, normalizeAdminEmail(email)))
    .limit(1);
  const ok = await verifyDigest(row?.passwordHash, password);
  if (!row || !ok || row.disabledAt) return null;
  return {
    id: row.id,
    email: row.email,
    role: row.role as AdminRole,
    language: row.language as AdminLanguage,
  };
}

/** A new session for an admin: the token for the cookie (shown once) and when it ends. */
export async function startAdminSession(
  db: Database,
  adminUserId: number,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + ADMIN_SESSION_HOURS * 3600_000);
  await db
    .insert(adminSessions)
    .values({ tokenHash: hashToken(token), adminUserId, createdAt: now, expiresAt });
  return { token, expiresAt };
}

/** The admin a session token belongs to; null for an unknown, ended or expired session or a disabled user. */
export async function adminOfSession(
  db: Database,
  token: string | null | undefined,
  now = new Date(),
): Promise<AdminPrincipal | null> {
  if (!token || token.length > 100) return null;
  const [row] = await db
    .select({
      id: adminUsers.id,
      email: adminUsers.email,
      role: adminUsers.role,
      language: adminUsers.language,
      twoStep: isNotNull(adminUsers.totpSecret),
      required: adminSettings.requireTwoStep,
    })
    .from(adminSessions)
    .innerJoin(adminUsers, eq(adminUsers.id, adminSessions.adminUserId))
    .leftJoin(adminSettings, eq(adminSettings.id, 1))
    .where(
      and(
        eq(adminSessions.tokenHash, hashToken(token)),
        isNull(adminSessions.endedAt),
        gt(adminSessions.expiresAt, now),
        isNull(adminUsers.disabledAt),
      ),
    )
    .limit(1);
  if (!row) return null;
  const { twoStep, required, ...admin } = row;
  return {
    ...admin,
    role: row.role as AdminRole,
    language: row.language as AdminLanguage,
    mustSetUpTwoStep: Boolean(required) && !twoStep,
  };
}

export async function endAdminSession(db: Database, token: string): Promise<void> {
  await db
    .update(adminSessions)
    .set({ endedAt: new Date() })
    .where(eq(adminSessions.tokenHash, hashToken(token)));
}

/** Ends every open session of an admin except the one with `keepToken` (after a change of sign-in factors). */
export async function endOtherAdminSessions(
  db: Database,
  adminUserId: number,
  keepToken: string | null,
): Promise<void> {
  await db
    .update(adminSessions)
    .set({ endedAt: new Date() })
    .where(
      and(
        eq(adminSessions.adminUserId, adminUserId),
        isNull(adminSessions.endedAt),
        ...(keepToken ? [ne(adminSessions.tokenHash, hashToken(keepToken))] : []),
      ),
    );
}

export async function setAdminLanguage(db: Database, adminUserId: number, language: AdminLanguage) {
  await db.update(adminUsers).set({ language }).where(eq(adminUsers.id, adminUserId));
}

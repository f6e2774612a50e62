import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import type { Database } from "#db/client.ts";
import { adminUsers } from "#db/schema/index.ts";
import { writeAudit } from "./audit.ts";
import { type AdminPrincipal, endOtherAdminSessions } from "./users.ts";

/**
 * Two-step sign-in for the back office (issue 15 "optional TOTP second factor", decision 0049): RFC 6238 codes
 * (6 digits, 30 seconds, SHA-1: what every authenticator app reads from a QR code) through the `otpauth` library.
 * The secret is sealed with AES-256-GCM under a key derived from AUTH_SECRET before it is stored, so a copy of the
 * database alone does not give the codes. A code is accepted one step early or late (clock drift), and never twice:
 * the step it matched is stored with a guarded update, so two sign-ins racing with one code give one session.
 */

export const TOTP_ISSUER = "Mili";
const PERIOD = 30;
const DIGITS = 6;

/** The sealing key: derived from the shop's secret, so there is no second secret to keep. */
export function totpKey(authSecret: string): Buffer {
  return createHmac("sha256", authSecret).update("admin-totp-v1").digest();
}

function seal(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

function unseal(key: Buffer, sealed: string): string | null {
  try {
    const raw = Buffer.from(sealed, "base64url");
    const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

function totpOf(secretBase32: string, email: string): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label: email,
    algorithm: "SHA1",
    digits: DIGITS,
    period: PERIOD,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** The 30-second step a well-formed code matches (now, one before or one after), else null. */
function matchedStep(secretBase32: string, code: string, now: Date): number | null {
  const token = code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpOf(secretBase32, "").validate({ token, timestamp: now.getTime(), window: 1 });
  return delta === null ? null : Math.floor(now.getTime() / 1000 / PERIOD) + delta;
}

/** The current code for a secret (tests, and an operator checking a clock). */
export function totpCode(secretBase32: string, now = new Date()): string {
  return totpOf(secretBase32, "").generate({ timestamp: now.getTime() });
}

export async function totpState(
  db: Database,
  adminId: number,
): Promise<{ enabled: boolean; pending: boolean }> {
  const [row] = await db
    .select({ secret: adminUsers.totpSecret, pending: adminUsers.totpPending })
    .from(adminUsers)
    .where(eq(adminUsers.id, adminId));
  return { enabled: Boolean(row?.secret), pending: Boolean(row?.pending) };
}

/**
 * Starts turning two-step sign-in on: a new secret, kept as pending until a code from it confirms it. Answers the
 * secret (base32, to type in) and its otpauth:// URI (for the QR code); null while two-step sign-in is on (a session
 * alone must not swap the secret: turn it off with a code first). Starting again replaces a pending secret.
 */
export async function startTotp(db: Database, key: Buffer, admin: AdminPrincipal) {
  const secret = new Secret({ size: 20 }).base32;
  const started = await db
    .update(adminUsers)
    .set({ totpPending: seal(key, secret) })
    .where(and(eq(adminUsers.id, admin.id), isNull(adminUsers.totpSecret)))
    .returning({ id: adminUsers.id });
  return started.length ? { secret, uri: totpOf(secret, admin.email).toString() } : null;
}

/** The pending secret (base32) and its otpauth:// URI, while one waits for its first code; else null. */
export async function pendingTotp(db: Database, key: Buffer, admin: AdminPrincipal) {
  const [row] = await db
    .select({ pending: adminUsers.totpPending })
    .from(adminUsers)
    .where(eq(adminUsers.id, admin.id));
  const secret = row?.pending ? unseal(key, row.pending) : null;
  return secret ? { secret, uri: totpOf(secret, admin.email).toString() } : null;
}

/**
 * Confirms the pending secret with a code from it: two-step sign-in is on from now, and the admin's other sessions
 * end (only the one that confirmed stays). "alreadyOn" while it is on; "wrong" for a wrong code or nothing pending.
 */
export async function confirmTotp(
  db: Database,
  key: Buffer,
  admin: AdminPrincipal,
  code: string,
  opts: { keepToken: string | null; now?: Date },
): Promise<"confirmed" | "wrong" | "alreadyOn"> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const [row] = await t
      .select({ pending: adminUsers.totpPending, on: adminUsers.totpSecret })
      .from(adminUsers)
      .where(eq(adminUsers.id, admin.id))
      .for("update");
    if (row?.on) return "alreadyOn" as const;
    const secret = row?.pending ? unseal(key, row.pending) : null;
    const step = secret ? matchedStep(secret, code, opts.now ?? new Date()) : null;
    if (!row?.pending || step === null) return "wrong" as const;
    await t
      .update(adminUsers)
      .set({ totpSecret: row.pending, totpPending: null, totpLastStep: step })
      .where(eq(adminUsers.id, admin.id));
    await writeAudit(t, admin, {
      action: "admin.totp.on",
      entity: "admin_user",
      entityId: admin.id,
      before: { twoStep: false },
      after: { twoStep: true },
    });
    await endOtherAdminSessions(t, admin.id, opts.keepToken);
    return "confirmed" as const;
  });
}

/**
 * Uses a code of the admin's own secret: true when it matches a step after the last one used (that step is then
 * the last used), false otherwise — also when another request used the same code first.
 */
export async function spendTotpCode(
  db: Database,
  key: Buffer,
  adminId: number,
  code: string,
  now = new Date(),
) {
  const [row] = await db
    .select({ secret: adminUsers.totpSecret })
    .from(adminUsers)
    .where(eq(adminUsers.id, adminId));
  const secret = row?.secret ? unseal(key, row.secret) : null;
  const step = secret ? matchedStep(secret, code, now) : null;
  if (step === null) return false;
  const used = await db
    .update(adminUsers)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(adminUsers.id, adminId),
        or(isNull(adminUsers.totpLastStep), lt(adminUsers.totpLastStep, step)),
        sql`${adminUsers.totpSecret} is not null`,
      ),
    )
    .returning({ id: adminUsers.id });
  return used.length === 1;
}

/**
 * Turns two-step sign-in off, with a current code (a stolen session alone cannot); the admin's other sessions end.
 * False for a wrong code.
 */
export async function disableTotp(
  db: Database,
  key: Buffer,
  admin: AdminPrincipal,
  code: string,
  opts: { keepToken: string | null; now?: Date },
) {
  if (!(await spendTotpCode(db, key, admin.id, code, opts.now))) return false;
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await t
      .update(adminUsers)
      .set({ totpSecret: null, totpPending: null, totpLastStep: null })
      .where(eq(adminUsers.id, admin.id));
    await writeAudit(t, admin, {
      action: "admin.totp.off",
      entity: "admin_user",
      entityId: admin.id,
      before: { twoStep: true },
      after: { twoStep: false },
    });
    await endOtherAdminSessions(t, admin.id, opts.keepToken);
  });
  return true;
}

/**
 * Turns an admin's two-step sign-in off without a code, for an admin who lost their authenticator
 * (`npm run admin:create -- --email … --reset-two-step`, run by whoever runs the server). Recorded in the audit log
 * as the admin's own entry with `after.by = "command line"`. False when there is no such admin.
 */
export async function resetTotp(db: Database, email: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const [row] = await t
      .update(adminUsers)
      .set({ totpSecret: null, totpPending: null, totpLastStep: null })
      .where(eq(adminUsers.email, email.trim().toLowerCase()))
      .returning({
        id: adminUsers.id,
        email: adminUsers.email,
        role: adminUsers.role,
        language: adminUsers.language,
      });
    if (!row) return false;
    await writeAudit(
      t,
      {
        ...row,
        role: row.role as AdminPrincipal["role"],
        language: row.language as AdminPrincipal["language"],
      },
      {
        action: "admin.totp.reset",
        entity: "admin_user",
        entityId: row.id,
        after: { twoStep: false, by: "command line" },
      },
    );
    return true;
  });
}

import { createHash } from "node:crypto";
import type { Database } from "#db/client.ts";
import type { RateLimiter } from "#integrations/rate-limit/index.ts";
import { writeAudit } from "./audit.ts";
import { spendTotpCode, totpState } from "./totp.ts";
import {
  type AdminLanguage,
  type AdminPrincipal,
  checkAdminPassword,
  endAdminSession,
  normalizeAdminEmail,
  setAdminLanguage,
  startAdminSession,
} from "./users.ts";

/** How a sign-in ended: a session, a wrong e-mail or password, or (two-step sign-in on) a missing or wrong code. */
export type AdminSignIn =
  | { kind: "signedIn"; admin: AdminPrincipal; token: string; expiresAt: Date }
  | { kind: "wrongCredentials" }
  | { kind: "codeRequired" }
  | { kind: "wrongCode" };

/**
 * Signs an admin in (decisions 0037, 0049): the shop's rate limiter counts each try per address and per admin
 * e-mail (the shopper sign-in's pattern, services/customers/auth.ts); only a whole success — the password, and the
 * code when two-step sign-in is on — gives its points back, so codes cannot be guessed faster than passwords. A
 * success opens a session and records `admin.signIn` in the audit log, in one transaction.
 */
export async function signInAdmin(
  db: Database,
  limiter: RateLimiter | undefined,
  input: { email: string; password: string; code?: string | null; clientSubject: string; totpKey?: Buffer },
): Promise<AdminSignIn> {
  const account = createHash("sha256")
    .update(`admin:${normalizeAdminEmail(input.email)}`)
    .digest("base64url");
  const ticket = await limiter?.consume([
    { limit: "admin.login.ip", key: input.clientSubject },
    { limit: "admin.login.account", key: account },
  ]);
  const admin = await checkAdminPassword(db, input.email, input.password);
  if (!admin) return { kind: "wrongCredentials" };
  if ((await totpState(db, admin.id)).enabled) {
    if (!input.code?.trim()) return { kind: "codeRequired" };
    if (!input.totpKey || !(await spendTotpCode(db, input.totpKey, admin.id, input.code)))
      return { kind: "wrongCode" };
  }
  await ticket?.refund();
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const session = await startAdminSession(t, admin.id);
    await writeAudit(t, admin, { action: "admin.signIn", entity: "admin_user", entityId: admin.id });
    return { kind: "signedIn" as const, admin, ...session };
  });
}

export async function signOutAdmin(db: Database, admin: AdminPrincipal, token: string): Promise<void> {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await endAdminSession(t, token);
    await writeAudit(t, admin, { action: "admin.signOut", entity: "admin_user", entityId: admin.id });
  });
}

export async function chooseAdminLanguage(db: Database, admin: AdminPrincipal, language: AdminLanguage) {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await setAdminLanguage(t, admin.id, language);
    await writeAudit(t, admin, {
      action: "admin.language",
      entity: "admin_user",
      entityId: admin.id,
      before: { language: admin.language },
      after: { language },
    });
  });
}

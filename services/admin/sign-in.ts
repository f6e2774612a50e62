import { createHash } from "node:crypto";
import type { Database } from "#db/client.ts";
import type { RateLimiter } from "#integrations/rate-limit/index.ts";
import { writeAudit } from "./audit.ts";
import {
  type AdminLanguage,
  type AdminPrincipal,
  checkAdminPassword,
  endAdminSession,
  normalizeAdminEmail,
  setAdminLanguage,
  startAdminSession,
} from "./users.ts";

/**
 * Signs an admin in (decision 0037): the shop's rate limiter counts each try per address and per admin e-mail
 * (the shopper sign-in's pattern, services/customers/auth.ts); a success gives its points back, opens a session
 * and records `admin.signIn` in the audit log, in one transaction. Null for a wrong e-mail or password.
 */
export async function signInAdmin(
  db: Database,
  limiter: RateLimiter | undefined,
  input: { email: string; password: string; clientSubject: string },
): Promise<{ admin: AdminPrincipal; token: string; expiresAt: Date } | null> {
  const account = createHash("sha256")
    .update(`admin:${normalizeAdminEmail(input.email)}`)
    .digest("base64url");
  const ticket = await limiter?.consume([
    { limit: "admin.login.ip", key: input.clientSubject },
    { limit: "admin.login.account", key: account },
  ]);
  const admin = await checkAdminPassword(db, input.email, input.password);
  if (!admin) return null;
  await ticket?.refund();
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const session = await startAdminSession(t, admin.id);
    await writeAudit(t, admin, { action: "admin.signIn", entity: "admin_user", entityId: admin.id });
    return { admin, ...session };
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

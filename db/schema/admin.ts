import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

const created = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/**
 * The merchant's staff (issue 15, decision 0037): who may sign in to the back office at /admin, and in which role
 * (domain/admin-permissions.ts says what each role may do). Not shoppers: a customer account never opens /admin.
 */
export const adminUsers = pgTable(
  "admin_users",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** Stored lower-cased. */
    email: text().notNull(),
    role: text().notNull(),
    /** Argon2id (services/customers/passwords.ts' parameters) of the password itself. */
    passwordHash: text().notNull(),
    /** The back office's language: sv, nb or en. */
    language: text().notNull().default("en"),
    createdAt: created(),
    /** Set: the user can no longer sign in (their sessions end). */
    disabledAt: timestamp({ withTimezone: true }),
    /**
     * Two-step sign-in (decision 0049): the TOTP secret, sealed with a key from AUTH_SECRET (AES-256-GCM,
     * services/admin/totp.ts); set while it is on. `totpPending` holds a new secret until its first code confirms it.
     */
    totpSecret: text(),
    totpPending: text(),
    /** The last 30-second step a code was accepted for: a code is never accepted twice. */
    totpLastStep: bigint({ mode: "number" }),
  },
  (t) => [
    uniqueIndex().on(t.email),
    check("admin_users_role", sql`${t.role} in ('owner', 'staff', 'support')`),
    check("admin_users_language", sql`${t.language} in ('sv', 'nb', 'en')`),
  ],
);

/** A signed-in back-office session: the `mili-admin` cookie holds a random token, only its SHA-256 is kept. */
export const adminSessions = pgTable(
  "admin_sessions",
  {
    tokenHash: text().primaryKey(),
    adminUserId: integer()
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    createdAt: created(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    endedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.adminUserId)],
);

/** Every change made in the back office: who, what, on which entity, the entity before and after. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    adminUserId: integer().references(() => adminUsers.id, { onDelete: "set null" }),
    /** The admin's e-mail at the time (kept when the user is removed). */
    actor: text().notNull(),
    /** e.g. review.moderate, order.status, customer.shopAs, admin.signIn. */
    action: text().notNull(),
    /** e.g. review, question, order, customer, admin_user. */
    entity: text().notNull(),
    entityId: text(),
    before: jsonb(),
    after: jsonb(),
    at: created(),
  },
  (t) => [index().on(t.at), index().on(t.entity, t.entityId)],
);

/**
 * The back office's own settings (issue 15, decision 0053): one row (id 1). `requireTwoStep`: every admin must have
 * two-step sign-in on; one without it may only set it up (/admin/security) until they do.
 */
export const adminSettings = pgTable(
  "admin_settings",
  {
    id: integer().primaryKey().default(1),
    requireTwoStep: boolean().notNull().default(false),
    updatedAt: created(),
  },
  (t) => [check("admin_settings_one_row", sql`${t.id} = 1`)],
);

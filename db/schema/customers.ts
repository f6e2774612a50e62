import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { products } from "./catalog.ts";
import { channels, languages } from "./markets.ts";

const created = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** A shopper's account. Personal data: never logged; deleting an account erases these fields. */
export const customers = pgTable(
  "customers",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** Stored lower-cased; unique among live accounts. */
    email: text().notNull(),
    /** Argon2id hash of the client's SHA-384 pre-hash (see API.md). */
    passwordHash: text(),
    channelId: text().references(() => channels.id),
    languageId: text().references(() => languages.id),
    firstName: text(),
    lastName: text(),
    phone: text(),
    /** "unspecified", "woman", "man". */
    gender: text().notNull().default("unspecified"),
    careOf: text(),
    address: text(),
    address2: text(),
    zip: text(),
    city: text(),
    countryCode: text(),
    newsletter: boolean().notNull().default(false),
    /** Personnummer / fødselsnummer. */
    personalId: text(),
    orderMessage: text(),
    entryCode: text(),
    /** "PERSON" or "ORGANIZATION". */
    customerType: text().notNull().default("PERSON"),
    organizationId: text(),
    companyName: text(),
    blocked: boolean().notNull().default(false),
    createdAt: created(),
    updatedAt: created(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex("customers_email_live").on(t.email).where(sql`${t.deletedAt} is null`)],
);

/** Balance movements (credit from refunds or goodwill, spending at checkout); the balance is their sum. */
export const customerBalanceEntries = pgTable(
  "customer_balance_entries",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    currencyCode: text().notNull(),
    amountMinor: integer().notNull(),
    reason: text().notNull(),
    orderId: bigint({ mode: "number" }),
    createdAt: created(),
  },
  (t) => [index().on(t.customerId, t.currencyCode)],
);

export const refunds = pgTable(
  "refunds",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    customerId: integer().references(() => customers.id, { onDelete: "set null" }),
    orderId: bigint({ mode: "number" }).notNull(),
    currencyCode: text().notNull(),
    amountMinor: integer().notNull(),
    /** "pending" (reserved while the provider is asked), "completed", "failed". */
    status: text().notNull().default("pending"),
    reason: text(),
    /**
     * What was refunded (domain/refund.ts RefundPlan): order line ids with quantity, amount and VAT each; the
     * shipping's amount and VAT, when refunded.
     */
    lines: jsonb().notNull().default([]),
    shippingMinor: integer().notNull().default(0),
    vatMinor: integer().notNull().default(0),
    /** "provider" (back through the payment provider) or "balance" (to the customer's balance). */
    method: text().notNull().default("provider"),
    /** The back office's key for this refund (a retry with it refunds once); null for refunds made elsewhere. */
    idempotencyKey: text().unique(),
    /** Whether the refunded lines' units went back to stock (returned goods). */
    returnedToStock: boolean().notNull().default(false),
    providerRefundId: text(),
    /** The admin who refunded (services/admin/audit.ts has the rest). */
    adminUserId: integer(),
    actor: text(),
    completedAt: timestamp({ withTimezone: true }),
    createdAt: created(),
  },
  (t) => [index().on(t.customerId), index().on(t.orderId)],
);

/** Refresh tokens, stored hashed and rotated; a reused (rotated) token revokes its family. */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    tokenHash: text().notNull().unique(),
    familyId: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    rotatedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    /** "Remember me": 7-day sessions; false: 30 minutes of inactivity end the session (spec §9, sessionLifetime 30). */
    remember: boolean().notNull().default(true),
    /** When the session (the family) began, and the browser it began in: for the list of active sessions. */
    sessionStartedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    userAgent: text(),
    /** Who acts as the customer in a session begun from a merchant's login token (the `act` claim); null: the shopper. */
    actor: text(),
    createdAt: created(),
  },
  (t) => [index().on(t.familyId), index().on(t.customerId)],
);

/**
 * Login tokens a merchant issues (`issueLoginToken`, admin key) to sign in as a customer (`?loginToken=`): short-lived,
 * single use (the sign-in marks `usedAt` in the statement that checks it), kept as an audit record — who issued one
 * for whom and when, and which session it began. The token itself (a signed JWT) is never stored; its id is.
 */
export const loginTokens = pgTable(
  "login_tokens",
  {
    id: text().primaryKey(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    issuedBy: text().notNull(),
    issuedAt: created(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    /** The session (refresh-token family) the token began. */
    sessionId: text(),
  },
  (t) => [index().on(t.customerId)],
);

/**
 * The auth endpoint's challenges (API.md, step 1 → 3): each is signed by the server, lives 60 seconds and is used
 * once — step 3 marks it used in the statement that checks it, so two requests with one challenge cannot both pass.
 * Holds no e-mail address: the username is kept as a keyed hash.
 */
export const authChallenges = pgTable(
  "auth_challenges",
  {
    id: text().primaryKey(),
    action: text().notNull(),
    usernameHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: created(),
  },
  (t) => [index().on(t.expiresAt)],
);

export const passwordResets = pgTable(
  "password_resets",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    keyHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: created(),
  },
  (t) => [index().on(t.customerId)],
);

/** Favourites of signed-in customers (guests keep theirs in the mili-persisted-states cookie). */
export const favorites = pgTable(
  "favorites",
  {
    customerId: integer()
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    createdAt: created(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.productId] })],
);

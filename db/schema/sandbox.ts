import { integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

const created = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/**
 * The invoice provider's sandbox keeps what it answered in the shop's database (decision 0039), as a real provider
 * keeps it on its side: a restart in the middle of a checkout loses no authorisation, and a retried attempt (the
 * same idempotency key) gets the same answer after it.
 */

/** The answer given to each attempt, by its idempotency key (authorised, declined or blocked). */
export const invoiceSandboxAttempts = pgTable("invoice_sandbox_attempts", {
  idempotencyKey: text().primaryKey(),
  /** integrations/payments AuthorizeResult. */
  result: jsonb().notNull(),
  createdAt: created(),
});

/** Each authorised invoice: its amount and what was captured, refunded or cancelled (each operation once, by key). */
export const invoiceSandboxInvoices = pgTable("invoice_sandbox_invoices", {
  id: text().primaryKey(),
  reference: text().notNull(),
  amountMinor: integer().notNull(),
  currency: text().notNull(),
  /** "authorized", "captured", "refunded", "cancelled". */
  status: text().notNull(),
  capturedMinor: integer().notNull().default(0),
  refundedMinor: integer().notNull().default(0),
  /** Operations done, by `{kind}:{idempotencyKey}`: the capture's or refund's id. */
  operations: jsonb().$type<Record<string, string>>().notNull().default({}),
  createdAt: created(),
  updatedAt: created(),
});

import { randomUUID } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { invoiceSandboxAttempts, invoiceSandboxInvoices } from "#db/schema/index.ts";
import {
  type AuthorizeResult,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentRequest,
  type PaymentState,
  type RefundLine,
} from "../index.ts";

/**
 * The invoice provider of the shop's own form (checkout type STANDARD, docs/decisions/0027): a credit check on
 * the personal or organisation number, then an invoice to the person or the company, authorised at once and
 * captured when the order ships.
 *
 * This is its sandbox, in the process: it approves every valid number except the documented test numbers below,
 * and keeps what it answered by idempotency key, so a retried attempt gets the same answer and one invoice. Given
 * the shop's database it keeps that there (tables invoice_sandbox_attempts and invoice_sandbox_invoices), as a
 * real provider keeps it on its side: a restart mid-checkout loses no authorisation (decision 0039). Authorised
 * invoices and their attempts are its ledger and stay (captures, refunds and the reconciling of a cut-off attempt
 * read them); a refused attempt (declined, blocked) leaves nothing to capture, and its answer is kept a day for
 * retries, then dropped, so a demo shop's tables grow only with its invoices.
 * A real provider's adapter implements the same PaymentProvider interface beside it.
 */

/** Test numbers: a credit check refused ("declined") or a customer the provider will not serve ("blocked"). */
export const INVOICE_TEST_NUMBERS = {
  declined: {
    /** Swedish personnummer, organisationsnummer; Norwegian fødselsnummer, organisasjonsnummer. */
    SE_PERSON: "121212-1212",
    SE_ORGANIZATION: "556000-0001",
    NO_PERSON: "01019000083",
    NO_ORGANIZATION: "999999018",
  },
  blocked: {
    SE_PERSON: "811218-9876",
    SE_ORGANIZATION: "556000-0019",
    NO_PERSON: "01019000164",
    NO_ORGANIZATION: "999999026",
  },
} as const;

/** The most a person may be invoiced in one order in the sandbox (minor units); organisations have no limit. */
export const INVOICE_SANDBOX_PERSON_LIMIT = 5_000_000;

/** The last digits that identify a number, whatever its written form (century, separator, spaces). */
function key(value: string): string {
  const digits = value.replace(/\D/g, "");
  return digits.length === 12 ? digits.slice(2) : digits;
}

/** How long a refused attempt's answer is kept (a retry within it gets the same answer). */
export const INVOICE_SANDBOX_REFUSAL_KEPT_MS = 24 * 3_600_000;
const PRUNE_EVERY_MS = 3_600_000;

const DECLINED = new Set(Object.values(INVOICE_TEST_NUMBERS.declined).map(key));
const BLOCKED = new Set(Object.values(INVOICE_TEST_NUMBERS.blocked).map(key));

/** An authorised invoice as the sandbox keeps it. */
interface Invoice {
  id: string;
  reference: string;
  amount: number;
  currency: string;
  status: PaymentState["status"];
  captured: number;
  refunded: number;
  /** Operations done, by `{kind}:{idempotencyKey}`: the capture's or refund's id. */
  ops: Record<string, string>;
}

/**
 * Where the sandbox keeps what it answered. In the shop's database (the server's), so a restart in the middle of a
 * checkout loses no authorisation (decision 0039); in memory for a unit test without one.
 */
interface InvoiceStore {
  /** The attempt's answer: the stored one, or `decide()`'s, stored with its invoice at once (one per key). */
  attempt(
    key: string,
    decide: () => AuthorizeResult,
    reference: string,
  ): Promise<{ result: AuthorizeResult; created: boolean }>;
  byAttempt(key: string): Promise<AuthorizeResult | null>;
  get(id: string): Promise<Invoice | null>;
  /** Changes an invoice under its lock: `change` answers the new invoice and what to return, or throws. */
  change<T>(id: string, change: (invoice: Invoice) => { next: Invoice | null; out: T }): Promise<T>;
  /** Drops the answers of refused attempts made before `before`; answers how many. */
  pruneRefusals(before: Date): Promise<number>;
}

function invoiceOf(result: AuthorizeResult, reference: string): Invoice | null {
  if (result.status !== "authorized") return null;
  return {
    id: result.providerReference,
    reference,
    amount: result.amount,
    currency: result.currency,
    status: "authorized",
    captured: 0,
    refunded: 0,
    ops: {},
  };
}

function memoryStore(): InvoiceStore {
  const invoices = new Map<string, Invoice>();
  const attempts = new Map<string, AuthorizeResult>();
  const attemptedAt = new Map<string, number>();
  return {
    async attempt(key, decide, reference) {
      const seen = attempts.get(key);
      if (seen) return { result: seen, created: false };
      const result = decide();
      attempts.set(key, result);
      attemptedAt.set(key, Date.now());
      const invoice = invoiceOf(result, reference);
      if (invoice) invoices.set(invoice.id, invoice);
      return { result, created: true };
    },
    async byAttempt(key) {
      return attempts.get(key) ?? null;
    },
    async get(id) {
      const invoice = invoices.get(id);
      return invoice ? { ...invoice, ops: { ...invoice.ops } } : null;
    },
    async change(id, change) {
      const invoice = invoices.get(id);
      if (!invoice) throw new PaymentProviderError(`No invoice ${id}`, 404, "NOT_FOUND");
      const { next, out } = change({ ...invoice, ops: { ...invoice.ops } });
      if (next) invoices.set(id, next);
      return out;
    },
    async pruneRefusals(before) {
      let pruned = 0;
      for (const [key, result] of attempts)
        if (result.status !== "authorized" && (attemptedAt.get(key) ?? 0) < before.getTime()) {
          attempts.delete(key);
          attemptedAt.delete(key);
          pruned++;
        }
      return pruned;
    },
  };
}

function databaseStore(db: Database): InvoiceStore {
  const row = (r: typeof invoiceSandboxInvoices.$inferSelect): Invoice => ({
    id: r.id,
    reference: r.reference,
    amount: r.amountMinor,
    currency: r.currency,
    status: r.status as Invoice["status"],
    captured: r.capturedMinor,
    refunded: r.refundedMinor,
    ops: r.operations ?? {},
  });
  return {
    attempt(key, decide, reference) {
      return db.transaction(async (tx) => {
        const decided = decide();
        const [inserted] = await tx
          .insert(invoiceSandboxAttempts)
          .values({ idempotencyKey: key, result: decided })
          .onConflictDoNothing()
          .returning({ key: invoiceSandboxAttempts.idempotencyKey });
        if (!inserted) {
          const [seen] = await tx
            .select({ result: invoiceSandboxAttempts.result })
            .from(invoiceSandboxAttempts)
            .where(eq(invoiceSandboxAttempts.idempotencyKey, key));
          return { result: seen?.result as AuthorizeResult, created: false };
        }
        const invoice = invoiceOf(decided, reference);
        if (invoice)
          await tx.insert(invoiceSandboxInvoices).values({
            id: invoice.id,
            reference,
            amountMinor: invoice.amount,
            currency: invoice.currency,
            status: invoice.status,
          });
        return { result: decided, created: true };
      });
    },
    async byAttempt(key) {
      const [seen] = await db
        .select({ result: invoiceSandboxAttempts.result })
        .from(invoiceSandboxAttempts)
        .where(eq(invoiceSandboxAttempts.idempotencyKey, key));
      return (seen?.result as AuthorizeResult | undefined) ?? null;
    },
    async get(id) {
      const [found] = await db.select().from(invoiceSandboxInvoices).where(eq(invoiceSandboxInvoices.id, id));
      return found ? row(found) : null;
    },
    change(id, change) {
      return db.transaction(async (tx) => {
        const [found] = await tx
          .select()
          .from(invoiceSandboxInvoices)
          .where(eq(invoiceSandboxInvoices.id, id))
          .for("update");
        if (!found) throw new PaymentProviderError(`No invoice ${id}`, 404, "NOT_FOUND");
        const { next, out } = change(row(found));
        if (next)
          await tx
            .update(invoiceSandboxInvoices)
            .set({
              status: next.status,
              capturedMinor: next.captured,
              refundedMinor: next.refunded,
              operations: next.ops,
              updatedAt: sql`now()`,
            })
            .where(eq(invoiceSandboxInvoices.id, id));
        return out;
      });
    },
    async pruneRefusals(before) {
      const gone = await db
        .delete(invoiceSandboxAttempts)
        .where(
          and(
            lt(invoiceSandboxAttempts.createdAt, before),
            sql`${invoiceSandboxAttempts.result}->>'status' <> 'authorized'`,
          ),
        )
        .returning({ key: invoiceSandboxAttempts.idempotencyKey });
      return gone.length;
    },
  };
}

export class SandboxInvoiceProvider implements PaymentProvider {
  readonly type = "INVOICE" as const;
  readonly checkoutType = "STANDARD" as const;
  readonly #store: InvoiceStore;
  #prunedAt = 0;
  /** What happened, for tests: one entry per operation actually done (retries are not repeated). */
  readonly log: {
    kind: "authorize" | "capture" | "refund" | "cancel";
    id: string;
    amount?: number;
    /** A refund's credit note lines. */
    lines?: readonly RefundLine[];
  }[] = [];

  /** With `db`, what it answered is kept in the shop's database and survives a restart; without, in memory. */
  constructor(opts: { db?: Database } = {}) {
    this.#store = opts.db ? databaseStore(opts.db) : memoryStore();
  }

  async authorize(request: PaymentRequest): Promise<AuthorizeResult> {
    const { result, created } = await this.#store.attempt(
      request.idempotencyKey,
      () => this.#check(request),
      request.reference,
    );
    if (created && result.status === "authorized")
      this.log.push({ kind: "authorize", id: result.providerReference, amount: result.amount });
    // At most once an hour, after answering: refused attempts older than a day are dropped.
    if (Date.now() - this.#prunedAt >= PRUNE_EVERY_MS) {
      this.#prunedAt = Date.now();
      await this.pruneRefusals().catch(() => 0);
    }
    return result;
  }

  /** Drops the answers of refused attempts made before `before` (default: a day ago); answers how many. */
  pruneRefusals(before = new Date(Date.now() - INVOICE_SANDBOX_REFUSAL_KEPT_MS)): Promise<number> {
    return this.#store.pruneRefusals(before);
  }

  #check(request: PaymentRequest): AuthorizeResult {
    const number = request.customer?.identityNumber ?? request.customer?.organizationId;
    if (!number) return { status: "declined", reason: "an invoice needs a personal or organisation number" };
    const k = key(number);
    if (BLOCKED.has(k))
      return { status: "blocked", reason: "the invoice provider does not serve this customer" };
    if (DECLINED.has(k)) return { status: "declined", reason: "credit check refused" };
    if (
      request.customer?.customerType !== "ORGANIZATION" &&
      request.totals.payable > INVOICE_SANDBOX_PERSON_LIMIT
    )
      return { status: "declined", reason: "over the credit limit" };
    return {
      status: "authorized",
      providerReference: `inv_${randomUUID()}`,
      amount: request.totals.payable,
      currency: request.currency,
    };
  }

  async capture(providerReference: string, amount: number, idempotencyKey: string) {
    const op = `capture:${idempotencyKey}`;
    const { captureId, done } = await this.#store.change(providerReference, (invoice) => {
      const seen = invoice.ops[op];
      if (seen) return { next: null, out: { captureId: seen, done: false } };
      if (invoice.status === "cancelled" || amount > invoice.amount - invoice.captured)
        throw new PaymentProviderError(
          "Capture is more than the authorised amount",
          403,
          "CAPTURE_NOT_ALLOWED",
        );
      const id = randomUUID();
      return {
        next: {
          ...invoice,
          captured: invoice.captured + amount,
          status: "captured",
          ops: { ...invoice.ops, [op]: id },
        },
        out: { captureId: id, done: true },
      };
    });
    if (done) this.log.push({ kind: "capture", id: providerReference, amount });
    return { captureId };
  }

  /** A refund is a credit note on the invoice: with `lines`, they are its lines and must add up to the amount. */
  async refund(
    providerReference: string,
    amount: number,
    idempotencyKey: string,
    lines?: readonly RefundLine[],
  ) {
    if (lines?.length && lines.reduce((s, l) => s + l.totalIncVat, 0) !== amount)
      throw new PaymentProviderError("The credit note's lines must add up to the amount", 400, "BAD_VALUE");
    const op = `refund:${idempotencyKey}`;
    const { refundId, done } = await this.#store.change(providerReference, (invoice) => {
      const seen = invoice.ops[op];
      if (seen) return { next: null, out: { refundId: seen, done: false } };
      if (amount > invoice.captured - invoice.refunded)
        throw new PaymentProviderError("Refund is more than was captured", 403, "REFUND_NOT_ALLOWED");
      const id = randomUUID();
      const refunded = invoice.refunded + amount;
      return {
        next: {
          ...invoice,
          refunded,
          status: refunded === invoice.captured ? "refunded" : invoice.status,
          ops: { ...invoice.ops, [op]: id },
        },
        out: { refundId: id, done: true },
      };
    });
    if (done) this.log.push({ kind: "refund", id: providerReference, amount, ...(lines ? { lines } : {}) });
    return { refundId };
  }

  /** The credit note made with this key, looked up without doing anything (null: none was made). */
  async findRefund(providerReference: string, idempotencyKey: string) {
    const invoice = await this.#store.get(providerReference);
    const refundId = invoice?.ops[`refund:${idempotencyKey}`];
    return refundId ? { refundId } : null;
  }

  async cancel(providerReference: string, idempotencyKey: string) {
    const op = `cancel:${idempotencyKey}`;
    const done = await this.#store.change(providerReference, (invoice) => {
      if (invoice.ops[op] || invoice.status === "cancelled") return { next: null, out: false };
      if (invoice.captured > 0)
        throw new PaymentProviderError(
          "A captured invoice is refunded, not cancelled",
          403,
          "CANCEL_NOT_ALLOWED",
        );
      return { next: { ...invoice, status: "cancelled", ops: { ...invoice.ops, [op]: "done" } }, out: true };
    });
    if (done) this.log.push({ kind: "cancel", id: providerReference });
  }

  async state(providerReference: string): Promise<PaymentState | null> {
    const invoice = await this.#store.get(providerReference);
    if (!invoice) return null;
    return {
      providerReference,
      reference: invoice.reference,
      status: invoice.status,
      amount: invoice.amount,
      currency: invoice.currency,
      captured: invoice.captured,
      refunded: invoice.refunded,
    };
  }

  /** The answer given to an attempt, by its idempotency key (reconciling an attempt cut off by a crash). */
  async byAttempt(idempotencyKey: string): Promise<AuthorizeResult | null> {
    return this.#store.byAttempt(idempotencyKey);
  }

  lookup(idempotencyKey: string) {
    return this.byAttempt(idempotencyKey);
  }
}

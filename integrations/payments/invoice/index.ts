import { randomUUID } from "node:crypto";
import {
  type AuthorizeResult,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentRequest,
  type PaymentState,
} from "../index.ts";

/**
 * The invoice provider of the shop's own form (checkout type STANDARD, docs/decisions/0027): a credit check on
 * the personal or organisation number, then an invoice to the person or the company, authorised at once and
 * captured when the order ships.
 *
 * This is its sandbox, in the process: it approves every valid number except the documented test numbers below,
 * and keeps what it authorised by idempotency key, so a retried attempt gets the same answer and one invoice.
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

const DECLINED = new Set(Object.values(INVOICE_TEST_NUMBERS.declined).map(key));
const BLOCKED = new Set(Object.values(INVOICE_TEST_NUMBERS.blocked).map(key));

interface Invoice {
  id: string;
  reference: string;
  amount: number;
  currency: string;
  status: PaymentState["status"];
  captured: number;
  refunded: number;
  ops: Map<string, string>;
}

export class SandboxInvoiceProvider implements PaymentProvider {
  readonly type = "INVOICE" as const;
  readonly checkoutType = "STANDARD" as const;
  readonly #invoices = new Map<string, Invoice>();
  readonly #byKey = new Map<string, AuthorizeResult>();
  /** What happened, for tests: one entry per operation actually done (retries are not repeated). */
  readonly log: { kind: "authorize" | "capture" | "refund" | "cancel"; id: string; amount?: number }[] = [];

  async authorize(request: PaymentRequest): Promise<AuthorizeResult> {
    const seen = this.#byKey.get(request.idempotencyKey);
    if (seen) return seen;
    const result = this.#check(request);
    if (result.status === "authorized") {
      this.#invoices.set(result.providerReference, {
        id: result.providerReference,
        reference: request.reference,
        amount: result.amount,
        currency: result.currency,
        status: "authorized",
        captured: 0,
        refunded: 0,
        ops: new Map(),
      });
      this.log.push({ kind: "authorize", id: result.providerReference, amount: result.amount });
    }
    this.#byKey.set(request.idempotencyKey, result);
    return result;
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

  #invoice(id: string): Invoice {
    const invoice = this.#invoices.get(id);
    if (!invoice) throw new PaymentProviderError(`No invoice ${id}`, 404, "NOT_FOUND");
    return invoice;
  }

  async capture(providerReference: string, amount: number, idempotencyKey: string) {
    const invoice = this.#invoice(providerReference);
    const done = invoice.ops.get(`capture:${idempotencyKey}`);
    if (done) return { captureId: done };
    if (invoice.status === "cancelled" || amount > invoice.amount - invoice.captured)
      throw new PaymentProviderError(
        "Capture is more than the authorised amount",
        403,
        "CAPTURE_NOT_ALLOWED",
      );
    const captureId = randomUUID();
    invoice.captured += amount;
    invoice.status = "captured";
    invoice.ops.set(`capture:${idempotencyKey}`, captureId);
    this.log.push({ kind: "capture", id: providerReference, amount });
    return { captureId };
  }

  async refund(providerReference: string, amount: number, idempotencyKey: string) {
    const invoice = this.#invoice(providerReference);
    const done = invoice.ops.get(`refund:${idempotencyKey}`);
    if (done) return { refundId: done };
    if (amount > invoice.captured - invoice.refunded)
      throw new PaymentProviderError("Refund is more than was captured", 403, "REFUND_NOT_ALLOWED");
    const refundId = randomUUID();
    invoice.refunded += amount;
    if (invoice.refunded === invoice.captured) invoice.status = "refunded";
    invoice.ops.set(`refund:${idempotencyKey}`, refundId);
    this.log.push({ kind: "refund", id: providerReference, amount });
    return { refundId };
  }

  async cancel(providerReference: string, idempotencyKey: string) {
    const invoice = this.#invoice(providerReference);
    if (invoice.ops.has(`cancel:${idempotencyKey}`) || invoice.status === "cancelled") return;
    if (invoice.captured > 0)
      throw new PaymentProviderError(
        "A captured invoice is refunded, not cancelled",
        403,
        "CANCEL_NOT_ALLOWED",
      );
    invoice.status = "cancelled";
    invoice.ops.set(`cancel:${idempotencyKey}`, "done");
    this.log.push({ kind: "cancel", id: providerReference });
  }

  async state(providerReference: string): Promise<PaymentState | null> {
    const invoice = this.#invoices.get(providerReference);
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
    return this.#byKey.get(idempotencyKey) ?? null;
  }

  lookup(idempotencyKey: string) {
    return this.byAttempt(idempotencyKey);
  }
}

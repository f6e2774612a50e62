import { createHash } from "node:crypto";
import type { CustomerType } from "#domain/cart.ts";
import type { CheckoutAddress } from "#domain/checkout.ts";
import type { OrderLineSnapshot, OrderTotalsSnapshot } from "#domain/order.ts";

/**
 * Payment providers behind one interface (docs/decisions/0027). Two kinds of checkout:
 * - EXTERNAL: a hosted checkout (Klarna Checkout v3) takes the shopper's payment on its own page; we open a
 *   session, show its HTML snippet, and on its confirmation/push read the authorised order back and acknowledge it.
 * - STANDARD: the shop's own form; the provider (an invoice provider) runs a credit check on the personal or
 *   organisation number and authorises at once.
 * No card number ever reaches our server (PCI DSS SAQ A): card data is typed into the provider's page.
 *
 * Every call that moves money carries an idempotency key derived from the payment attempt's key (one per
 * checkout session and cart version, reused on every retry), so a retried call is answered, not repeated.
 */

export type PaymentType = "KLARNA" | "INVOICE";
export type CheckoutType = "EXTERNAL" | "STANDARD";

/** The billing or delivery address a provider is told: the checkout's own shape (domain/checkout.ts). */
export type Address = CheckoutAddress;

export interface PaymentCustomer {
  email: string;
  phone?: string | null;
  customerType: CustomerType;
  /** Personal number (PERSON) or organisation number (ORGANIZATION), normalised. */
  identityNumber?: string | null;
  organizationId?: string | null;
  companyName?: string | null;
  billingAddress?: Address | null;
  shippingAddress?: Address | null;
}

/** What the shop asks a provider to take payment for: an order's snapshot (domain/order.ts). */
export interface PaymentRequest {
  /** Our reference for the attempt (the checkout session's id): the provider keeps it as merchant reference. */
  reference: string;
  /** The attempt's idempotency key: the same for every retry of this attempt. */
  idempotencyKey: string;
  /** ISO 3166 alpha-2, e.g. "SE". */
  country: string;
  currency: string;
  /** BCP 47, e.g. "sv-SE". */
  locale: string;
  lines: readonly OrderLineSnapshot[];
  totals: OrderTotalsSnapshot;
  shippingName: string;
  customer?: PaymentCustomer;
}

/** Where a hosted checkout sends the shopper and its notifications. `{checkout.order.id}` is filled in by it. */
export interface MerchantUrls {
  terms: string;
  checkout: string;
  confirmation: string;
  push: string;
  validation?: string;
}

export type AuthorizeResult =
  | { status: "authorized"; providerReference: string; amount: number; currency: string }
  /** Refused: credit denied, card declined, or the provider's order does not match ours. */
  | { status: "declined"; reason: string }
  /** The provider refuses this customer altogether. */
  | { status: "blocked"; reason: string };

/** The provider's view of a payment, for verifying callbacks and reconciling attempts after a crash. */
export interface PaymentState {
  providerReference: string;
  /** Our reference as the provider keeps it. */
  reference: string | null;
  status: "open" | "authorized" | "captured" | "cancelled" | "refunded" | "declined" | "unknown";
  amount: number;
  currency: string;
  captured: number;
  refunded: number;
}

/** One line of a refund as a provider is told it: the units of an order line, or the shipping fee. */
export interface RefundLine {
  kind: "physical" | "shipping_fee";
  /** The article number (or "shipping"). */
  reference: string;
  name: string;
  quantity: number;
  /** Basis points (2500 = 25 %). */
  vatRateBp: number;
  /** The line's refunded money including VAT, and the VAT in it (minor units); the lines add up to the amount. */
  totalIncVat: number;
  vat: number;
}

export interface PaymentProvider {
  readonly type: PaymentType;
  readonly checkoutType: CheckoutType;
  /**
   * STANDARD: runs the credit check and authorises the request. EXTERNAL: verifies the hosted checkout's order
   * `providerReference` (it must be authorised, carry our reference and the same amount and currency) and
   * acknowledges it. Repeating the call with the same key answers the same.
   */
  authorize(request: PaymentRequest, providerReference?: string): Promise<AuthorizeResult>;
  capture(providerReference: string, amount: number, idempotencyKey: string): Promise<{ captureId: string }>;
  /**
   * Refunds part or all of what was captured. `lines` says what the money is for (a hosted checkout's order lines,
   * an invoice's credit note lines); without them the refund is an amount only.
   */
  refund(
    providerReference: string,
    amount: number,
    idempotencyKey: string,
    lines?: readonly RefundLine[],
  ): Promise<{ refundId: string }>;
  /**
   * A refund asked for with `idempotencyKey`, looked up without doing anything (decision 0065: a refund whose call
   * went unanswered — 5xx, timeout — is settled by asking): its id when the provider made it, null when it knows
   * no such refund (the call never reached it, or it refused it). Throws when the provider does not answer now.
   */
  findRefund?(providerReference: string, idempotencyKey: string): Promise<{ refundId: string } | null>;
  /** Releases an authorisation that will not be captured (the undo of authorize). */
  cancel(providerReference: string, idempotencyKey: string): Promise<void>;
  /** The provider's state of a payment; null when it knows no such payment. */
  state(providerReference: string): Promise<PaymentState | null>;
  /**
   * The answer the provider gave an attempt, by its key, without doing anything (reconciling an attempt a crash cut
   * off); null when the attempt never reached it. Hosted checkouts are looked up by `state` instead.
   */
  lookup?(idempotencyKey: string): Promise<AuthorizeResult | null>;
}

export interface HostedCheckoutProvider extends PaymentProvider {
  readonly checkoutType: "EXTERNAL";
  /** Opens (or, given its reference, updates) the hosted checkout; answers its reference and HTML snippet. */
  openSession(
    request: PaymentRequest,
    urls: MerchantUrls,
    providerReference?: string | null,
  ): Promise<{ providerReference: string; htmlSnippet: string }>;
  /** An open hosted checkout's snippet, read without changing it; null when it is completed or unknown. */
  readSession?(providerReference: string): Promise<{ htmlSnippet: string } | null>;
}

export class PaymentProviderError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(message: string, status: number, code: string) {
    super(message);
    this.name = "PaymentProviderError";
    this.status = status;
    this.code = code;
  }
}

/**
 * A stable UUID-shaped key for one operation of one attempt (`capture`, `refund:2`, …): the same inputs give the
 * same key, so a retry after a crash sends what the first try sent.
 */
export function operationKey(attemptKey: string, operation: string): string {
  const h = createHash("sha256").update(`${attemptKey}\u0000${operation}`).digest("hex");
  // RFC 4122 layout, version 5-style bits (name-based).
  const variant = ((Number.parseInt(h.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

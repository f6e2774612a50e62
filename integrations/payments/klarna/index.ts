import {
  type AuthorizeResult,
  type HostedCheckoutProvider,
  type MerchantUrls,
  operationKey,
  PaymentProviderError,
  type PaymentRequest,
  type PaymentState,
  type RefundLine,
} from "../index.ts";
import {
  checkoutOrder,
  type KlarnaCheckoutOrder,
  type KlarnaError,
  type KlarnaManagedOrder,
  klarnaRefundLine,
} from "./shapes.ts";

export { createKlarnaSandbox, KLARNA_SANDBOX_CREDENTIALS } from "./sandbox.ts";

/**
 * The Klarna adapter (docs/decisions/0027): Checkout v3 for the hosted checkout, Order Management v1 for what
 * follows. Base URL and credentials come from config (`KLARNA_BASE_URL`, `KLARNA_USERNAME`, `KLARNA_PASSWORD`):
 * Klarna's playground or production API, or outside production the sandbox mounted on the shop's own server
 * (./sandbox.ts), which speaks the same protocol.
 */
export interface KlarnaConfig {
  /** e.g. https://api.playground.klarna.com, or http://localhost:3000/sandbox/klarna. */
  baseUrl: string;
  username: string;
  password: string;
  fetch?: typeof fetch;
  /** Per request; a slow provider must not hold a checkout forever. */
  timeoutMs?: number;
}

export class KlarnaPayments implements HostedCheckoutProvider {
  readonly type = "KLARNA" as const;
  readonly checkoutType = "EXTERNAL" as const;
  readonly #base: string;
  readonly #auth: string;
  readonly #fetch: typeof fetch;
  readonly #timeout: number;

  constructor(config: KlarnaConfig) {
    this.#base = config.baseUrl.replace(/\/+$/, "");
    this.#auth = `Basic ${Buffer.from(`${config.username}:${config.password}`).toString("base64")}`;
    this.#fetch = config.fetch ?? fetch;
    this.#timeout = config.timeoutMs ?? 15_000;
  }

  async #call<T>(
    method: "GET" | "POST",
    path: string,
    body?: unknown,
    idempotencyKey?: string,
  ): Promise<{ status: number; body: T | null; headers: Headers }> {
    const response = await this.#fetch(`${this.#base}${path}`, {
      method,
      headers: {
        authorization: this.#auth,
        accept: "application/json",
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
        ...(idempotencyKey ? { "klarna-idempotency-key": idempotencyKey } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(this.#timeout),
    });
    const text = await response.text();
    let parsed: unknown = null;
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = null;
      }
    }
    if (!response.ok && response.status !== 404) {
      const error = parsed as Partial<KlarnaError> | null;
      throw new PaymentProviderError(
        `Klarna ${method} ${path}: ${response.status} ${error?.error_code ?? ""} ${(error?.error_messages ?? []).join("; ")}`.trim(),
        response.status,
        error?.error_code ?? "HTTP_ERROR",
      );
    }
    return {
      status: response.status,
      body: response.status === 404 ? null : (parsed as T),
      headers: response.headers,
    };
  }

  async openSession(request: PaymentRequest, urls: MerchantUrls, providerReference?: string | null) {
    const order = checkoutOrder(request, urls);
    if (providerReference) {
      // Updating an open checkout keeps its id; a completed one cannot change (a new attempt opens a new one).
      const { status, body } = await this.#call<KlarnaCheckoutOrder>(
        "POST",
        `/checkout/v3/orders/${encodeURIComponent(providerReference)}`,
        order,
      );
      if (status !== 404 && body?.order_id && body.html_snippet)
        return { providerReference: body.order_id, htmlSnippet: body.html_snippet };
    }
    const { body } = await this.#call<KlarnaCheckoutOrder>(
      "POST",
      "/checkout/v3/orders",
      order,
      operationKey(request.idempotencyKey, "open"),
    );
    if (!body?.order_id || !body.html_snippet)
      throw new PaymentProviderError("Klarna answered no order id or snippet", 502, "BAD_RESPONSE");
    return { providerReference: body.order_id, htmlSnippet: body.html_snippet };
  }

  async readSession(providerReference: string) {
    const order = await this.readCheckout(providerReference);
    if (!order?.html_snippet || order.status === "checkout_complete") return null;
    return { htmlSnippet: order.html_snippet };
  }

  /** The checkout order as Klarna keeps it (status checkout_incomplete or checkout_complete). */
  async readCheckout(orderId: string): Promise<KlarnaCheckoutOrder | null> {
    return (
      await this.#call<KlarnaCheckoutOrder>("GET", `/checkout/v3/orders/${encodeURIComponent(orderId)}`)
    ).body;
  }

  async #managed(orderId: string): Promise<KlarnaManagedOrder | null> {
    return (
      await this.#call<KlarnaManagedOrder>("GET", `/ordermanagement/v1/orders/${encodeURIComponent(orderId)}`)
    ).body;
  }

  /**
   * Verifies a completed hosted checkout against our attempt, reading it from Klarna with our credentials (a push
   * or a confirmation redirect carries nothing but an id, so nothing in it is trusted), then acknowledges it.
   */
  async authorize(request: PaymentRequest, providerReference?: string): Promise<AuthorizeResult> {
    if (!providerReference) return { status: "declined", reason: "no Klarna order id" };
    const order = await this.#managed(providerReference);
    if (!order) return { status: "declined", reason: "Klarna knows no such order" };
    if (order.merchant_reference1 !== request.reference)
      return { status: "declined", reason: "the Klarna order belongs to another attempt" };
    if (order.purchase_currency !== request.currency || order.order_amount !== request.totals.payable)
      return {
        status: "declined",
        reason: `amount mismatch: Klarna ${order.order_amount} ${order.purchase_currency}, order ${request.totals.payable} ${request.currency}`,
      };
    if (order.fraud_status === "REJECTED") return { status: "blocked", reason: "rejected by Klarna" };
    if (order.status !== "AUTHORIZED" && order.status !== "PART_CAPTURED" && order.status !== "CAPTURED")
      return { status: "declined", reason: `Klarna order is ${order.status}` };
    await this.#call(
      "POST",
      `/ordermanagement/v1/orders/${encodeURIComponent(providerReference)}/acknowledge`,
      undefined,
      operationKey(request.idempotencyKey, "acknowledge"),
    );
    return {
      status: "authorized",
      providerReference,
      amount: order.order_amount,
      currency: order.purchase_currency,
    };
  }

  async capture(providerReference: string, amount: number, idempotencyKey: string) {
    const { headers, body } = await this.#call<{ capture_id?: string }>(
      "POST",
      `/ordermanagement/v1/orders/${encodeURIComponent(providerReference)}/captures`,
      { captured_amount: amount },
      idempotencyKey,
    );
    const captureId = headers.get("capture-id") ?? body?.capture_id;
    if (!captureId) throw new PaymentProviderError("Klarna answered no capture id", 502, "BAD_RESPONSE");
    return { captureId };
  }

  async refund(
    providerReference: string,
    amount: number,
    idempotencyKey: string,
    lines?: readonly RefundLine[],
  ) {
    // The key goes along as the refund's `reference` (Klarna keeps it with the refund and in the settlement
    // files), so a refund whose answer was lost can be found on the order later (findRefund).
    const { headers, body } = await this.#call<{ refund_id?: string }>(
      "POST",
      `/ordermanagement/v1/orders/${encodeURIComponent(providerReference)}/refunds`,
      lines?.length
        ? { refunded_amount: amount, reference: idempotencyKey, order_lines: lines.map(klarnaRefundLine) }
        : { refunded_amount: amount, reference: idempotencyKey },
      idempotencyKey,
    );
    const refundId = headers.get("refund-id") ?? body?.refund_id;
    if (!refundId) throw new PaymentProviderError("Klarna answered no refund id", 502, "BAD_RESPONSE");
    return { refundId };
  }

  /** The order's refunds as Order Management keeps them, the one whose `reference` is the refund's key. */
  async findRefund(providerReference: string, idempotencyKey: string) {
    const order = await this.#managed(providerReference);
    const found = order?.refunds?.find((r) => r.reference === idempotencyKey);
    return found ? { refundId: found.refund_id } : null;
  }

  async cancel(providerReference: string, idempotencyKey: string) {
    await this.#call(
      "POST",
      `/ordermanagement/v1/orders/${encodeURIComponent(providerReference)}/cancel`,
      undefined,
      idempotencyKey,
    );
  }

  async state(providerReference: string): Promise<PaymentState | null> {
    const order = await this.#managed(providerReference);
    if (!order) {
      const checkout = await this.readCheckout(providerReference);
      if (!checkout) return null;
      return {
        providerReference,
        reference: checkout.merchant_reference1 ?? null,
        status: "open",
        amount: checkout.order_amount,
        currency: checkout.purchase_currency,
        captured: 0,
        refunded: 0,
      };
    }
    const status =
      order.status === "CANCELLED" || order.status === "EXPIRED"
        ? "cancelled"
        : order.refunded_amount > 0 && order.refunded_amount >= order.captured_amount
          ? "refunded"
          : order.status === "CAPTURED" || order.status === "PART_CAPTURED"
            ? "captured"
            : order.status === "AUTHORIZED"
              ? "authorized"
              : "unknown";
    return {
      providerReference,
      reference: order.merchant_reference1 ?? null,
      status,
      amount: order.order_amount,
      currency: order.purchase_currency,
      captured: order.captured_amount,
      refunded: order.refunded_amount,
    };
  }
}

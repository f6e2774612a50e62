import { randomUUID } from "node:crypto";
import { Hono } from "hono";
import {
  fillOrderId,
  type KlarnaCheckoutOrder,
  type KlarnaError,
  type KlarnaManagedOrder,
  type KlarnaOrderLine,
  orderProblems,
} from "./shapes.ts";

/**
 * Klarna's part, played on the shop's own server outside production (docs/decisions/0027): the Checkout v3 and
 * Order Management v1 endpoints the adapter calls, with Basic auth, Klarna's order checks and its idempotency
 * header, and a payment page where a tester pays by card or invoice, is declined, or is a blocked customer. Then
 * it does what Klarna does: asks the validation URL (a 303 answer sends the shopper there, e.g. out of stock),
 * sends the shopper to the confirmation URL and POSTs the push URL with an empty body.
 *
 * State is in memory: a restarted server forgets its sandbox orders, as a fresh Klarna playground account would.
 * It does not grow without end on a long-running demo shop: as at Klarna, a checkout order not completed expires
 * 48 hours after its last update by the merchant or the shopper (then 404, and the adapter opens a new one), an
 * idempotency key's answer is kept 24 hours, and the log keeps its last 1,000 entries. Completed orders stay (Order
 * Management keeps them; the shop captures and refunds them later).
 * Mount it at `/sandbox/klarna` and give the adapter `{origin}/sandbox/klarna` as its base URL.
 */

/** Klarna: "checkout orders are only valid for 48 hours after merchant update or client interaction". */
export const KLARNA_SANDBOX_CHECKOUT_VALID_MS = 48 * 3_600_000;
/** How long the sandbox answers a repeated Klarna-Idempotency-Key with the first answer. */
export const KLARNA_SANDBOX_REPLAY_MS = 24 * 3_600_000;
const LOG_ENTRIES = 1_000;
const SWEEP_EVERY_MS = 60_000;

export const KLARNA_SANDBOX_CREDENTIALS = {
  username: "sandbox-merchant",
  password: "sandbox-secret",
} as const;

interface Stored {
  checkout: KlarnaCheckoutOrder & { order_id: string };
  managed: KlarnaManagedOrder | null;
  /** The payment page's last refusal, shown on it. */
  refusal: "declined" | null;
  /** The last update by the merchant or interaction by the shopper (ms): an incomplete order expires after it. */
  touchedAt: number;
}

interface Replay {
  at: number;
  status: number;
  body: string | null;
  headers: Record<string, string>;
}

export interface KlarnaSandboxOptions {
  credentials?: { username: string; password: string };
  /** Where the sandbox is mounted (for the payment page's links), default `/sandbox/klarna`. */
  basePath?: string;
  /** The push and validation calls; `fetch` by default. */
  fetch?: typeof fetch;
  /** The clock (ms since the epoch), for tests of expiry; `Date.now` by default. */
  now?: () => number;
  /** Push retries after the first try (Klarna retries for days; the sandbox a few times). */
  pushRetries?: number;
  pushRetryDelayMs?: number;
}

const TEXT = {
  sv: {
    title: "Klarna (testmiljö)",
    intro: "Detta är Klarnas testmiljö. Ingen riktig betalning görs.",
    card: "Betala med kort",
    invoice: "Betala med faktura",
    decline: "Bli nekad",
    blocked: "Vara en spärrad kund",
    declined: "Betalningen nekades. Välj ett annat sätt att betala.",
    total: "Att betala",
  },
  nb: {
    title: "Klarna (testmiljø)",
    intro: "Dette er Klarnas testmiljø. Ingen ekte betaling gjøres.",
    card: "Betal med kort",
    invoice: "Betal med faktura",
    decline: "Bli avvist",
    blocked: "Være en sperret kunde",
    declined: "Betalingen ble avvist. Velg en annen måte å betale på.",
    total: "Å betale",
  },
} as const;

const html = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

export function createKlarnaSandbox(options: KlarnaSandboxOptions = {}) {
  const credentials = options.credentials ?? KLARNA_SANDBOX_CREDENTIALS;
  const basePath = (options.basePath ?? "/sandbox/klarna").replace(/\/+$/, "");
  const send = options.fetch ?? fetch;
  const expectedAuth = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString("base64")}`;
  const orders = new Map<string, Stored>();
  const replays = new Map<string, Replay>();
  const inflight = new Map<string, Promise<void>>();
  /** What happened, for tests and the curious: pushes sent, captures taken (the last 1,000). */
  const log: {
    kind: "push" | "capture" | "refund" | "cancel" | "acknowledge";
    orderId: string;
    status?: number;
  }[] = [];
  const record = (entry: (typeof log)[number]) => {
    log.push(entry);
    if (log.length > LOG_ENTRIES) log.splice(0, log.length - LOG_ENTRIES);
  };
  const now = options.now ?? Date.now;
  const app = new Hono();
  /**
   * Faults a test asks for (decision 0065): the next Order Management call of a kind answers `status` (5xx) —
   * before doing anything, or after doing it (the answer lost on the way, as a timeout or a gateway error loses
   * it; a retry with the same key then gets the first answer, as at Klarna).
   */
  const faults: { kind: SandboxFaultKind; status: number; after: boolean }[] = [];
  const takeFault = (path: string) => {
    const kind: SandboxFaultKind | null = path.endsWith("/refunds")
      ? "refund"
      : path.endsWith("/captures")
        ? "capture"
        : null;
    const i = kind ? faults.findIndex((f) => f.kind === kind) : -1;
    return i < 0 ? null : (faults.splice(i, 1)[0] ?? null);
  };
  const faultAnswer = (status: number) =>
    new Response(JSON.stringify(error("SERVICE_UNAVAILABLE", ["The service is temporarily unavailable"])), {
      status,
      headers: { "content-type": "application/json" },
    });

  // Expired checkout orders and old idempotency answers are dropped, at most once a minute, before a request.
  let sweptAt = now();
  const sweep = () => {
    const t = now();
    if (t - sweptAt < SWEEP_EVERY_MS) return;
    sweptAt = t;
    for (const [id, stored] of orders)
      if (
        stored.checkout.status !== "checkout_complete" &&
        t - stored.touchedAt > KLARNA_SANDBOX_CHECKOUT_VALID_MS
      )
        orders.delete(id);
    for (const [id, replay] of replays) if (t - replay.at > KLARNA_SANDBOX_REPLAY_MS) replays.delete(id);
  };
  app.use("*", async (_c, next) => {
    sweep();
    await next();
  });

  const error = (code: string, messages: string[]): KlarnaError => ({
    error_code: code,
    error_messages: messages,
    correlation_id: randomUUID(),
  });

  // Order Management and Checkout answer only the merchant's credentials.
  for (const path of ["/checkout/*", "/ordermanagement/*"])
    app.use(path, async (c, next) => {
      if (c.req.header("authorization") !== expectedAuth)
        return c.json(error("UNAUTHORIZED", ["Invalid credentials"]), 401);
      const fault = c.req.method === "POST" ? takeFault(c.req.path) : null;
      if (fault && !fault.after) return faultAnswer(fault.status);
      // Klarna-Idempotency-Key: a repeated key gets the first answer, the operation is not repeated.
      const key = c.req.header("klarna-idempotency-key");
      if (c.req.method === "POST" && key) {
        const id = `${c.req.path}\u0000${key}`;
        // The same key while the first call is still running waits for its answer.
        await inflight.get(id);
        const seen = replays.get(id);
        if (seen) return new Response(seen.body, { status: seen.status, headers: seen.headers });
        let done = () => {};
        inflight.set(
          id,
          new Promise<void>((r) => {
            done = r;
          }),
        );
        try {
          await next();
          const res = c.res.clone();
          const headers: Record<string, string> = {};
          res.headers.forEach((v, k) => {
            headers[k] = v;
          });
          if (res.status < 500)
            replays.set(id, {
              at: now(),
              status: res.status,
              body: res.status === 204 ? null : await res.text(),
              headers,
            });
        } finally {
          inflight.delete(id);
          done();
        }
        if (fault) c.res = faultAnswer(fault.status);
        return;
      }
      await next();
      if (fault) c.res = faultAnswer(fault.status);
    });

  const snippet = (origin: string, id: string, locale: string) => {
    const url = `${origin}${basePath}/pay/${encodeURIComponent(id)}`;
    const text = locale.startsWith("sv") ? "Till betalningen" : "Til betalingen";
    return `<div id="klarna-checkout-container"><iframe src="${html(url)}" title="Klarna" name="klarna-checkout-iframe" style="width:100%;min-height:30rem;border:0"></iframe><noscript><a href="${html(url)}">${text}</a></noscript></div>`;
  };

  const validOrder = (body: unknown): KlarnaCheckoutOrder | string[] => {
    const o = body as KlarnaCheckoutOrder | null;
    if (!o || typeof o !== "object" || !Array.isArray(o.order_lines)) return ["order_lines is required"];
    const missing = (["purchase_country", "purchase_currency", "locale"] as const).filter(
      (k) => typeof o[k] !== "string",
    );
    if (missing.length) return missing.map((k) => `${k} is required`);
    if (
      !o.merchant_urls?.confirmation ||
      !o.merchant_urls.push ||
      !o.merchant_urls.terms ||
      !o.merchant_urls.checkout
    )
      return ["merchant_urls terms, checkout, confirmation and push are required"];
    const problems = orderProblems(o);
    return problems.length ? problems : o;
  };

  app.post("/checkout/v3/orders", async (c) => {
    const order = validOrder(await c.req.json().catch(() => null));
    if (Array.isArray(order)) return c.json(error("BAD_VALUE", order), 400);
    const id = randomUUID();
    const checkout = {
      ...order,
      order_id: id,
      status: "checkout_incomplete" as const,
      started_at: new Date().toISOString(),
    };
    orders.set(id, { checkout, managed: null, refusal: null, touchedAt: now() });
    const origin = new URL(c.req.url).origin;
    return c.json({ ...checkout, html_snippet: snippet(origin, id, order.locale) }, 201);
  });

  app.post("/checkout/v3/orders/:id", async (c) => {
    const stored = orders.get(c.req.param("id"));
    if (!stored) return c.json(error("NOT_FOUND", ["No such order"]), 404);
    if (stored.checkout.status === "checkout_complete")
      return c.json(error("READ_ONLY_ORDER", ["Cannot update a completed order"]), 400);
    const order = validOrder(await c.req.json().catch(() => null));
    if (Array.isArray(order)) return c.json(error("BAD_VALUE", order), 400);
    stored.checkout = { ...order, order_id: stored.checkout.order_id, status: "checkout_incomplete" };
    stored.touchedAt = now();
    const origin = new URL(c.req.url).origin;
    return c.json({
      ...stored.checkout,
      html_snippet: snippet(origin, stored.checkout.order_id, order.locale),
    });
  });

  app.get("/checkout/v3/orders/:id", (c) => {
    const stored = orders.get(c.req.param("id"));
    if (!stored) return c.json(error("NOT_FOUND", ["No such order"]), 404);
    const origin = new URL(c.req.url).origin;
    return c.json({
      ...stored.checkout,
      html_snippet: snippet(origin, stored.checkout.order_id, stored.checkout.locale),
    });
  });

  const managed = (id: string) => orders.get(id)?.managed ?? null;

  app.get("/ordermanagement/v1/orders/:id", (c) => {
    const order = managed(c.req.param("id"));
    return order ? c.json(order) : c.json(error("NO_SUCH_ORDER", ["No such order"]), 404);
  });

  app.post("/ordermanagement/v1/orders/:id/acknowledge", (c) => {
    const order = managed(c.req.param("id"));
    if (!order) return c.json(error("NO_SUCH_ORDER", ["Acknowledgement not possible"]), 404);
    record({ kind: "acknowledge", orderId: order.order_id });
    return c.body(null, 204);
  });

  app.post("/ordermanagement/v1/orders/:id/captures", async (c) => {
    const order = managed(c.req.param("id"));
    if (!order) return c.json(error("NO_SUCH_ORDER", ["No such order"]), 404);
    const body = (await c.req.json().catch(() => null)) as { captured_amount?: unknown } | null;
    const amount = body?.captured_amount;
    if (typeof amount !== "number" || !Number.isInteger(amount) || amount <= 0)
      return c.json(error("BAD_VALUE", ["captured_amount must be a positive integer"]), 400);
    if (order.status === "CANCELLED" || amount > order.remaining_authorized_amount)
      return c.json(
        error("CAPTURE_NOT_ALLOWED", ["Captured amount is higher than the remaining authorized amount"]),
        403,
      );
    const captureId = randomUUID();
    order.captures.push({
      capture_id: captureId,
      captured_amount: amount,
      captured_at: new Date().toISOString(),
    });
    order.captured_amount += amount;
    order.remaining_authorized_amount -= amount;
    order.status = order.remaining_authorized_amount === 0 ? "CAPTURED" : "PART_CAPTURED";
    record({ kind: "capture", orderId: order.order_id });
    c.header("capture-id", captureId);
    c.header("location", `${basePath}/ordermanagement/v1/orders/${order.order_id}/captures/${captureId}`);
    return c.body(null, 201);
  });

  app.post("/ordermanagement/v1/orders/:id/refunds", async (c) => {
    const order = managed(c.req.param("id"));
    if (!order) return c.json(error("NO_SUCH_ORDER", ["No such order"]), 404);
    const body = (await c.req.json().catch(() => null)) as {
      refunded_amount?: unknown;
      description?: unknown;
      reference?: unknown;
      order_lines?: KlarnaOrderLine[];
    } | null;
    const amount = body?.refunded_amount;
    if (typeof amount !== "number" || !Number.isInteger(amount) || amount <= 0)
      return c.json(error("BAD_VALUE", ["refunded_amount must be a positive integer"]), 400);
    // Order lines, when given, must add up to the refunded amount, each one consistent in itself.
    const lines = Array.isArray(body?.order_lines) ? body.order_lines : null;
    if (lines) {
      const problems = lines.flatMap((l) =>
        l.total_amount === l.quantity * l.unit_price - (l.total_discount_amount ?? 0)
          ? []
          : [`${l.name}: total_amount must be quantity × unit_price − total_discount_amount`],
      );
      if (lines.reduce((s, l) => s + l.total_amount, 0) !== amount)
        problems.push("refunded_amount must be the sum of the order lines' total_amount");
      if (problems.length) return c.json(error("BAD_VALUE", problems), 400);
    }
    if (amount > order.captured_amount - order.refunded_amount)
      return c.json(error("REFUND_NOT_ALLOWED", ["Refunded amount is higher than the captured amount"]), 403);
    for (const field of ["description", "reference"] as const) {
      const value = body?.[field];
      if (value !== undefined && (typeof value !== "string" || value.length > 255))
        return c.json(error("BAD_VALUE", [`${field} must be a string of at most 255 characters`]), 400);
    }
    const refundId = randomUUID();
    order.refunds.push({
      refund_id: refundId,
      refunded_amount: amount,
      refunded_at: new Date().toISOString(),
      ...(typeof body?.description === "string" ? { description: body.description } : {}),
      ...(typeof body?.reference === "string" ? { reference: body.reference } : {}),
      ...(lines ? { order_lines: lines } : {}),
    });
    order.refunded_amount += amount;
    record({ kind: "refund", orderId: order.order_id });
    c.header("refund-id", refundId);
    return c.body(null, 201);
  });

  app.get("/ordermanagement/v1/orders/:id/refunds/:refundId", (c) => {
    const refund = managed(c.req.param("id"))?.refunds.find((r) => r.refund_id === c.req.param("refundId"));
    return refund ? c.json(refund) : c.json(error("NOT_FOUND", ["No such refund"]), 404);
  });

  app.post("/ordermanagement/v1/orders/:id/cancel", (c) => {
    const order = managed(c.req.param("id"));
    if (!order) return c.json(error("NO_SUCH_ORDER", ["No such order"]), 404);
    if (order.captured_amount > 0)
      return c.json(error("CANCEL_NOT_ALLOWED", ["Order has captures and cannot be cancelled"]), 403);
    order.status = "CANCELLED";
    order.remaining_authorized_amount = 0;
    record({ kind: "cancel", orderId: order.order_id });
    return c.body(null, 204);
  });

  // ---- The shopper's side: the payment page in the snippet's frame.

  const page = (stored: Stored) => {
    const lang = stored.checkout.locale.startsWith("sv") ? "sv" : "nb";
    const t = TEXT[lang];
    const o = stored.checkout;
    const amount = new Intl.NumberFormat(o.locale, {
      style: "currency",
      currency: o.purchase_currency,
    }).format(o.order_amount / 100);
    const action = `${basePath}/pay/${encodeURIComponent(o.order_id)}`;
    const button = (value: string, label: string) =>
      `<button type="submit" name="outcome" value="${value}">${html(label)}</button>`;
    return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${t.title}</title>
<style>body{font-family:system-ui,sans-serif;margin:1rem;color:#17120f}button{display:block;width:100%;margin:.5rem 0;padding:.75rem;font-size:1rem;border-radius:.5rem;border:1px solid #17120f;background:#ffb3c7;color:#17120f;cursor:pointer}button:focus-visible{outline:3px solid #0b57d0;outline-offset:2px}p[role=alert]{color:#a00}</style></head>
<body><main><h1>${t.title}</h1><p>${t.intro}</p><p>${t.total}: <strong>${html(amount)}</strong></p>
${stored.refusal === "declined" ? `<p role="alert">${t.declined}</p>` : ""}
<form method="post" action="${html(action)}" target="_top">${button("card", t.card)}${button("invoice", t.invoice)}${button("decline", t.decline)}${button("blocked", t.blocked)}</form></main></body></html>`;
  };

  app.get("/pay/:id", (c) => {
    const stored = orders.get(c.req.param("id"));
    if (!stored) return c.text("No such order", 404);
    stored.touchedAt = now();
    if (stored.checkout.status === "checkout_complete")
      return c.redirect(
        fillOrderId(stored.checkout.merchant_urls.confirmation, stored.checkout.order_id),
        303,
      );
    return c.html(page(stored));
  });

  const push = async (order: KlarnaCheckoutOrder & { order_id: string }) => {
    const url = fillOrderId(order.merchant_urls.push, order.order_id);
    const retries = options.pushRetries ?? 4;
    for (let attempt = 0; attempt <= retries; attempt++) {
      try {
        const res = await send(url, { method: "POST", signal: AbortSignal.timeout(30_000) });
        record({ kind: "push", orderId: order.order_id, status: res.status });
        await res.body?.cancel();
        if (res.ok) return;
      } catch {
        record({ kind: "push", orderId: order.order_id, status: 0 });
      }
      await new Promise((r) => setTimeout(r, (options.pushRetryDelayMs ?? 500) * 2 ** attempt));
    }
  };

  /**
   * The shop's failure page for a refusal: next to the checkout page, in its language (the checkout page's path
   * without its last segment is the language's prefix: `/sv/kassan` → `/sv/checkout/klarna-fail`).
   */
  const failure = (o: KlarnaCheckoutOrder, error: "Error" | "BlockedCustomer") => {
    const checkout = new URL(o.merchant_urls.checkout);
    const prefix = checkout.pathname.replace(/\/[^/]*$/, "");
    return `${checkout.origin}${prefix}/checkout/klarna-fail?error=${error}`;
  };

  app.post("/pay/:id", async (c) => {
    const stored = orders.get(c.req.param("id"));
    if (!stored) return c.text("No such order", 404);
    stored.touchedAt = now();
    const o = stored.checkout;
    if (o.status === "checkout_complete")
      return c.redirect(fillOrderId(o.merchant_urls.confirmation, o.order_id), 303);
    const form = await c.req.parseBody();
    const outcome = String(form.outcome ?? "");
    // Declined: the shop's failure page with the generic reason (decision 0039); the cart stays open to try again.
    if (outcome === "decline") {
      stored.refusal = "declined";
      return c.redirect(failure(o, "Error"), 303);
    }
    if (outcome === "blocked") return c.redirect(failure(o, "BlockedCustomer"), 303);
    if (outcome !== "card" && outcome !== "invoice") return c.text("Choose a way to pay", 400);
    // Klarna asks the merchant before completing: a 303 answer sends the shopper to its Location instead.
    if (o.merchant_urls.validation) {
      try {
        const res = await send(fillOrderId(o.merchant_urls.validation, o.order_id), {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(o),
          redirect: "manual",
          signal: AbortSignal.timeout(10_000),
        });
        await res.body?.cancel();
        if (res.status === 303 || res.status === 302) {
          const location = res.headers.get("location");
          return c.redirect(
            location ? new URL(location, o.merchant_urls.validation).toString() : failure(o, "Error"),
            303,
          );
        }
        if (!res.ok) return c.redirect(failure(o, "Error"), 303);
      } catch {
        return c.redirect(failure(o, "Error"), 303);
      }
    }
    const completedAt = new Date(now()).toISOString();
    stored.checkout = { ...o, status: "checkout_complete", completed_at: completedAt };
    stored.managed = {
      order_id: o.order_id,
      status: "AUTHORIZED",
      fraud_status: "ACCEPTED",
      order_amount: o.order_amount,
      original_order_amount: o.order_amount,
      captured_amount: 0,
      refunded_amount: 0,
      remaining_authorized_amount: o.order_amount,
      purchase_currency: o.purchase_currency,
      purchase_country: o.purchase_country,
      locale: o.locale,
      order_lines: o.order_lines,
      ...(o.merchant_reference1 ? { merchant_reference1: o.merchant_reference1 } : {}),
      ...(o.merchant_reference2 ? { merchant_reference2: o.merchant_reference2 } : {}),
      captures: [],
      refunds: [],
      ...(o.billing_address ? { billing_address: o.billing_address } : {}),
      created_at: completedAt,
    };
    void push(stored.checkout);
    return c.redirect(fillOrderId(o.merchant_urls.confirmation, o.order_id), 303);
  });

  return {
    app,
    log,
    /** Sends the push of a completed order again (a tester replaying Klarna's retry). */
    async replayPush(orderId: string) {
      const stored = orders.get(orderId);
      if (stored?.checkout.status === "checkout_complete") await push(stored.checkout);
    },
    order: (id: string) => orders.get(id),
    /** Makes the next call of `kind` answer `status` (5xx): before doing it, or `after` doing it (decision 0065). */
    failNext(kind: SandboxFaultKind, fault: { status: number; after: boolean }) {
      faults.push({ kind, ...fault });
    },
  };
}

export type SandboxFaultKind = "refund" | "capture";

export type KlarnaSandbox = ReturnType<typeof createKlarnaSandbox>;

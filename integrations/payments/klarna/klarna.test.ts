import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MerchantUrls, operationKey, PaymentProviderError, type RefundLine } from "../index.ts";
import { testPaymentRequest } from "../test-request.ts";
import { createKlarnaSandbox, KLARNA_SANDBOX_CREDENTIALS, KlarnaPayments } from "./index.ts";
import { checkoutOrder, type KlarnaManagedOrder, orderProblems } from "./shapes.ts";

/**
 * The adapter's real protocol against the sandbox over HTTP: Checkout v3 create/read with its HTML snippet, the
 * payment page's outcomes with their redirects, the validation call and the push, then Order Management's
 * acknowledge, capture, refund and cancel with Klarna-Idempotency-Key.
 */

let origin: string;
let close: () => Promise<void>;
const sandbox = createKlarnaSandbox({ pushRetries: 0 });
/** A second sandbox on a clock the test moves, for expiry. */
let clock = Date.now();
const clocked = createKlarnaSandbox({ pushRetries: 0, now: () => clock });
const pushes: string[] = [];
let validation: "ok" | "outOfStock" = "ok";

beforeAll(async () => {
  const app = new Hono();
  app.route("/sandbox/klarna", sandbox.app);
  app.route("/sandbox/klarna-clocked", clocked.app);
  app.post("/push", (c) => {
    pushes.push(c.req.query("klarna_order_id") ?? "");
    return c.body(null, 200);
  });
  app.post("/validate", (c) =>
    validation === "ok" ? c.body(null, 200) : c.redirect("/checkout/klarna-fail?error=OutOfStock", 303),
  );
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((r) => server.once("listening", () => r()));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((r) => server.close(() => r()));
});
afterAll(async () => {
  await close?.();
});

const klarna = () =>
  new KlarnaPayments({ baseUrl: `${origin}/sandbox/klarna`, ...KLARNA_SANDBOX_CREDENTIALS });

const urls = (): MerchantUrls => ({
  terms: `${origin}/kjopsvilkar`,
  checkout: `${origin}/kassen?kid={checkout.order.id}`,
  confirmation: `${origin}/checkout/confirm?kid={checkout.order.id}`,
  push: `${origin}/push?klarna_order_id={checkout.order.id}`,
  validation: `${origin}/validate?klarna_order_id={checkout.order.id}`,
});

async function pay(orderId: string, outcome: string) {
  const response = await fetch(`${origin}/sandbox/klarna/pay/${orderId}`, {
    method: "POST",
    body: new URLSearchParams({ outcome }),
    redirect: "manual",
  });
  return { status: response.status, location: response.headers.get("location") ?? "" };
}

async function until(check: () => boolean) {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  return check();
}

describe("Klarna order shapes", () => {
  it("makes lines Klarna accepts: totals, tax per rate, shipping split by rate, gift card without VAT", () => {
    const request = testPaymentRequest({ giftCard: 20_000 });
    const order = checkoutOrder(request, urls());
    expect(orderProblems(order)).toEqual([]);
    expect(order.order_amount).toBe(request.totals.payable);
    expect(order.order_tax_amount).toBe(request.totals.vat);
    expect(order.order_lines.filter((l) => l.type === "shipping_fee").map((l) => l.tax_rate)).toEqual([
      2500, 1200,
    ]);
    expect(order.order_lines.find((l) => l.type === "gift_card")).toMatchObject({
      total_amount: -20_000,
      tax_rate: 0,
      total_tax_amount: 0,
    });
    expect(order.merchant_reference1).toBe(request.reference);
  });
});

describe("Klarna adapter against the sandbox", () => {
  it("opens a checkout with its HTML snippet, and updates it in place", async () => {
    const request = testPaymentRequest();
    const { providerReference, htmlSnippet } = await klarna().openSession(request, urls());
    expect(htmlSnippet).toContain(`/sandbox/klarna/pay/${providerReference}`);
    expect(htmlSnippet).toContain("<iframe");
    const read = await klarna().readCheckout(providerReference);
    expect(read).toMatchObject({ status: "checkout_incomplete", order_amount: request.totals.payable });
    const again = await klarna().openSession(
      testPaymentRequest({ reference: request.reference }),
      urls(),
      providerReference,
    );
    expect(again.providerReference).toBe(providerReference);
    expect(await klarna().state(providerReference)).toMatchObject({
      status: "open",
      reference: request.reference,
    });
  });

  it("refuses wrong credentials and lines that do not add up", async () => {
    const wrong = new KlarnaPayments({ baseUrl: `${origin}/sandbox/klarna`, username: "x", password: "y" });
    await expect(wrong.openSession(testPaymentRequest(), urls())).rejects.toMatchObject({ status: 401 });
    const order = checkoutOrder(testPaymentRequest(), urls());
    const first = order.order_lines[0];
    if (first) first.unit_price -= 100; // a tampered price: the line no longer adds up
    const response = await fetch(`${origin}/sandbox/klarna/checkout/v3/orders`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Basic ${Buffer.from(`${KLARNA_SANDBOX_CREDENTIALS.username}:${KLARNA_SANDBOX_CREDENTIALS.password}`).toString("base64")}`,
      },
      body: JSON.stringify(order),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error_code: "BAD_VALUE" });
  });

  it("a card payment: redirect to confirmation, one push, verified and acknowledged, captured once", async () => {
    const request = testPaymentRequest({ giftCard: 5_000 });
    const { providerReference: id } = await klarna().openSession(request, urls());
    const page = await fetch(`${origin}/sandbox/klarna/pay/${id}`);
    expect(await page.text()).toContain('name="outcome" value="card"');
    const paid = await pay(id, "card");
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(`${origin}/checkout/confirm?kid=${id}`);
    expect(await until(() => pushes.includes(id))).toBe(true);

    // Another attempt's reference or a different amount is not this order.
    expect(await klarna().authorize({ ...request, reference: "someone-else" }, id)).toMatchObject({
      status: "declined",
    });
    expect(
      await klarna().authorize(
        { ...request, totals: { ...request.totals, payable: request.totals.payable + 1 } },
        id,
      ),
    ).toMatchObject({ status: "declined" });
    expect(await klarna().authorize(request, "no-such-order")).toMatchObject({ status: "declined" });

    const authorized = await klarna().authorize(request, id);
    expect(authorized).toEqual({
      status: "authorized",
      providerReference: id,
      amount: request.totals.payable,
      currency: "SEK",
    });
    expect(sandbox.log.filter((e) => e.kind === "acknowledge" && e.orderId === id)).toHaveLength(1);
    // Verifying again (a replayed push) acknowledges with the same key: Klarna sees it once.
    await klarna().authorize(request, id);
    expect(sandbox.log.filter((e) => e.kind === "acknowledge" && e.orderId === id)).toHaveLength(1);

    const key = operationKey(request.idempotencyKey, "capture");
    const captures = await Promise.all(
      Array.from({ length: 5 }, () => klarna().capture(id, request.totals.payable, key)),
    );
    expect(new Set(captures.map((c) => c.captureId)).size).toBe(1);
    expect(sandbox.log.filter((e) => e.kind === "capture" && e.orderId === id)).toHaveLength(1);
    expect(await klarna().state(id)).toMatchObject({ status: "captured", captured: request.totals.payable });
    await expect(
      klarna().capture(id, 1, operationKey(request.idempotencyKey, "capture:2")),
    ).rejects.toBeInstanceOf(PaymentProviderError);

    const refund = operationKey(request.idempotencyKey, "refund:1");
    await klarna().refund(id, request.totals.payable, refund);
    await klarna().refund(id, request.totals.payable, refund);
    expect(sandbox.log.filter((e) => e.kind === "refund" && e.orderId === id)).toHaveLength(1);
    expect(await klarna().state(id)).toMatchObject({ status: "refunded" });
  });

  it("refunds part of a capture with order lines (Order Management's shape); lines that do not add up are refused", async () => {
    const request = testPaymentRequest();
    const { providerReference: id } = await klarna().openSession(request, urls());
    expect((await pay(id, "card")).status).toBe(303);
    expect((await klarna().authorize(request, id)).status).toBe("authorized");
    await klarna().capture(id, request.totals.payable, operationKey(request.idempotencyKey, "capture"));
    const line: RefundLine = {
      kind: "physical",
      reference: "ART-1",
      name: "Jacka M",
      quantity: 3,
      vatRateBp: 2500,
      totalIncVat: 1000,
      vat: 200,
    };
    const shipping: RefundLine = {
      ...line,
      kind: "shipping_fee",
      reference: "shipping",
      name: "Frakt",
      quantity: 1,
      totalIncVat: 49,
      vat: 10,
    };
    await expect(
      klarna().refund(id, 1000, operationKey(request.idempotencyKey, "refund:bad"), [line, shipping]),
    ).rejects.toMatchObject({ code: "BAD_VALUE" });
    await klarna().refund(id, 1049, operationKey(request.idempotencyKey, "refund:lines"), [line, shipping]);
    const order = (await (
      await fetch(`${origin}/sandbox/klarna/ordermanagement/v1/orders/${id}`, {
        headers: {
          authorization: `Basic ${Buffer.from(`${KLARNA_SANDBOX_CREDENTIALS.username}:${KLARNA_SANDBOX_CREDENTIALS.password}`).toString("base64")}`,
        },
      })
    ).json()) as KlarnaManagedOrder;
    expect(order.refunded_amount).toBe(1049);
    expect(order.refunds[0]?.order_lines).toEqual([
      {
        type: "physical",
        reference: "ART-1",
        name: "Jacka M",
        quantity: 3,
        unit_price: 334,
        tax_rate: 2500,
        total_amount: 1000,
        total_discount_amount: 2,
        total_tax_amount: 200,
      },
      {
        type: "shipping_fee",
        reference: "shipping",
        name: "Frakt",
        quantity: 1,
        unit_price: 49,
        tax_rate: 2500,
        total_amount: 49,
        total_discount_amount: 0,
        total_tax_amount: 10,
      },
    ]);
  });

  it("a refund whose answer is lost (5xx after doing it) is found by its key; one never made (5xx before) is not", async () => {
    const request = testPaymentRequest();
    const { providerReference: id } = await klarna().openSession(request, urls());
    expect((await pay(id, "card")).status).toBe(303);
    expect((await klarna().authorize(request, id)).status).toBe("authorized");
    await klarna().capture(id, request.totals.payable, operationKey(request.idempotencyKey, "capture"));
    const lost = operationKey(request.idempotencyKey, "refund:lost");
    sandbox.failNext("refund", { status: 503, after: true });
    await expect(klarna().refund(id, 1000, lost)).rejects.toMatchObject({ status: 503 });
    const found = await klarna().findRefund(id, lost);
    expect(found?.refundId).toEqual(expect.any(String));
    // Order Management keeps the key as the refund's reference; a retry with the key gets the first answer.
    expect(sandbox.order(id)?.managed?.refunds.map((r) => r.reference)).toEqual([lost]);
    expect(await klarna().refund(id, 1000, lost)).toEqual(found);
    const never = operationKey(request.idempotencyKey, "refund:never");
    sandbox.failNext("refund", { status: 502, after: false });
    await expect(klarna().refund(id, 500, never)).rejects.toMatchObject({ status: 502 });
    expect(await klarna().findRefund(id, never)).toBeNull();
    expect(await klarna().state(id)).toMatchObject({ refunded: 1000 });
    expect(sandbox.log.filter((e) => e.kind === "refund" && e.orderId === id)).toHaveLength(1);
  });

  it("an invoice payment can be cancelled before capture (the undo of authorising)", async () => {
    const request = testPaymentRequest();
    const { providerReference: id } = await klarna().openSession(request, urls());
    expect((await pay(id, "invoice")).status).toBe(303);
    expect((await klarna().authorize(request, id)).status).toBe("authorized");
    await klarna().cancel(id, operationKey(request.idempotencyKey, "cancel"));
    expect(await klarna().state(id)).toMatchObject({ status: "cancelled" });
  });

  it("declined, a blocked customer and out of stock land on klarna-fail with their reason", async () => {
    const request = testPaymentRequest();
    const { providerReference: id } = await klarna().openSession(request, urls());
    const declined = await pay(id, "decline");
    expect(declined.location).toBe(`${origin}/checkout/klarna-fail?error=Error`);
    expect(await (await fetch(`${origin}/sandbox/klarna/pay/${id}`)).text()).toContain('role="alert"');
    expect((await klarna().authorize(request, id)).status).toBe("declined");

    expect((await pay(id, "blocked")).location).toBe(`${origin}/checkout/klarna-fail?error=BlockedCustomer`);

    validation = "outOfStock";
    try {
      const out = await pay(id, "card");
      expect(out.location).toBe(`${origin}/checkout/klarna-fail?error=OutOfStock`);
      expect(await klarna().readCheckout(id)).toMatchObject({ status: "checkout_incomplete" });
    } finally {
      validation = "ok";
    }
  });

  it("as at Klarna, an incomplete checkout expires 48 hours after its last update; a completed order stays", async () => {
    const HOUR = 3_600_000;
    const onClock = new KlarnaPayments({
      baseUrl: `${origin}/sandbox/klarna-clocked`,
      ...KLARNA_SANDBOX_CREDENTIALS,
    });
    const request = testPaymentRequest();
    const idle = (await onClock.openSession(request, urls())).providerReference;
    const touched = (await onClock.openSession(testPaymentRequest(), urls())).providerReference;
    const paid = (await onClock.openSession(testPaymentRequest(), urls())).providerReference;
    const payOnClock = await fetch(`${origin}/sandbox/klarna-clocked/pay/${paid}`, {
      method: "POST",
      body: new URLSearchParams({ outcome: "card" }),
      redirect: "manual",
    });
    expect(payOnClock.status).toBe(303);

    clock += 47 * HOUR;
    // The shopper opens the payment page again: 48 more hours from now.
    expect((await fetch(`${origin}/sandbox/klarna-clocked/pay/${touched}`)).status).toBe(200);
    clock += 2 * HOUR;
    expect(await onClock.readCheckout(idle)).toBeNull();
    expect(await onClock.readCheckout(touched)).toMatchObject({ status: "checkout_incomplete" });
    expect(await onClock.readCheckout(paid)).toMatchObject({ status: "checkout_complete" });
    expect(await onClock.state(paid)).toMatchObject({ status: "authorized" });
    // The shop's next change of the expired checkout opens a new one (the adapter reads Klarna's 404).
    const reopened = await onClock.openSession(request, urls(), idle);
    expect(reopened.providerReference).not.toBe(idle);
    expect(await onClock.readCheckout(reopened.providerReference)).toMatchObject({
      status: "checkout_incomplete",
    });

    clock += 48 * HOUR;
    expect(await onClock.readCheckout(touched)).toBeNull();
    expect(await onClock.state(paid)).toMatchObject({ status: "authorized" });
  });
});

import { createHmac } from "node:crypto";
import { Hono } from "hono";
import type { Database } from "#db/client.ts";
import { SandboxInvoiceProvider } from "#integrations/payments/invoice/index.ts";
import {
  createKlarnaSandbox,
  KLARNA_SANDBOX_CREDENTIALS,
  KlarnaPayments,
} from "#integrations/payments/klarna/index.ts";
import type { ShippingProvider } from "#integrations/shipping/index.ts";
import {
  createNshiftSandbox,
  NSHIFT_SANDBOX_CHECKOUT_ID,
  NSHIFT_SANDBOX_TOKEN,
  NshiftShipping,
} from "#integrations/shipping/nshift/index.ts";
import { OwnShipping } from "#integrations/shipping/own/index.ts";
import { RememberedShipping } from "#integrations/shipping/remembered.ts";
import { reconcilePendingRefunds } from "#services/admin/orders/refund-check.ts";
import type { CheckoutServices } from "#services/checkout/services.ts";
import { CheckoutError } from "#services/orders/errors.ts";
import { confirmHostedOrder, validateHostedOrder } from "#services/orders/hosted.ts";
import type { PaymentProviders } from "#services/orders/place.ts";
import { reconcilePendingOrders } from "#services/orders/reconcile.ts";
import type { ReferenceCache } from "#services/reference.ts";
import type { Config } from "./config.ts";
import type { Logger } from "./logger.ts";

/**
 * The checkout's providers from the configuration (decision 0030), the hosted checkout's callback routes and,
 * until real providers are configured, the providers' sandboxes on this same server:
 *
 * - Payments: the invoice provider (its sandbox; a real one is one more adapter) and Klarna at `KLARNA_BASE_URL`
 *   with `KLARNA_USERNAME`/`KLARNA_PASSWORD`; unset, the Klarna sandbox at `/sandbox/klarna`.
 *   In production the sandboxes (and so the invoice provider, which has no real adapter yet) run while no real
 *   provider is configured or with `PAYMENT_SANDBOX=true`; a payment method without a provider is not offered.
 * - Shipping: the market's own options; an nShift delivery checkout at `NSHIFT_BASE_URL` (`NSHIFT_CHECKOUT_ID`,
 *   `NSHIFT_TOKEN`), or its sandbox at `/sandbox/nshift` with `NSHIFT_BASE_URL=sandbox` where sandboxes run. Its
 *   answers are remembered for 60 s per query in this process (decision 0093); the own options, a database read
 *   the cart prices from the same rows, are read every time.
 * - Callbacks: `POST /api/checkout/klarna/validate` and `/push` (signed per attempt, verified by reading the
 *   provider's order back; replays answer the same order and capture once).
 */
export interface CheckoutSetup {
  services: CheckoutServices;
  /** Routes to mount at the root: callbacks, and the sandboxes outside production. */
  routes: Hono;
  /** Paths with their own guard (callbacks and sandboxes answer servers, not forms). */
  apiPaths: string[];
  /** Settles attempts a crash left pending (start-up and then periodically). */
  reconcile(olderThanMs?: number): Promise<{ confirmed: number; failed: number }>;
  /** Settles refunds whose provider call went unanswered, by asking the provider (decision 0065). */
  reconcileRefunds(olderThanMs?: number): Promise<{ completed: number; failed: number; unknown: number }>;
}

export function checkoutSetup(opts: {
  config: Config;
  env: Record<string, string | undefined>;
  db: Database;
  reference: ReferenceCache;
  logger: Logger;
  /** Where the shopper's browser reaches this shop (hosted checkout URLs). */
  publicOrigin: string;
  /** Where this server reaches itself (the sandboxes' base URLs). */
  selfOrigin: string;
}): CheckoutSetup {
  const { config, env, logger } = opts;
  // The sandboxes take no money. They run outside production, and in production when asked for (a demo shop) or
  // when no real payment provider is configured, so that `npm ci && npm start` on a fresh machine can buy
  // offline; configuring Klarna (KLARNA_BASE_URL, KLARNA_USERNAME, KLARNA_PASSWORD) or PAYMENT_SANDBOX=false
  // turns them off. In production they are announced at every start.
  const realPayments = Boolean(env.KLARNA_BASE_URL && env.KLARNA_USERNAME && env.KLARNA_PASSWORD);
  const sandboxes =
    env.PAYMENT_SANDBOX === "true" ||
    (env.PAYMENT_SANDBOX !== "false" && (!config.production || !realPayments));
  if (config.production && sandboxes)
    logger.warn(
      realPayments || env.PAYMENT_SANDBOX === "true"
        ? "PAYMENT_SANDBOX=true: payments and shipping are sandboxes, no money is taken"
        : "no payment provider configured (KLARNA_BASE_URL, KLARNA_USERNAME, KLARNA_PASSWORD): payments and shipping are sandboxes, no money is taken; PAYMENT_SANDBOX=false turns them off",
    );
  const routes = new Hono();
  const apiPaths = ["/api/checkout/klarna/validate", "/api/checkout/klarna/push"];

  const payments: PaymentProviders = {};
  if (sandboxes) payments.INVOICE = new SandboxInvoiceProvider({ db: opts.db });
  if (realPayments && env.KLARNA_BASE_URL && env.KLARNA_USERNAME && env.KLARNA_PASSWORD)
    payments.KLARNA = new KlarnaPayments({
      baseUrl: env.KLARNA_BASE_URL,
      username: env.KLARNA_USERNAME,
      password: env.KLARNA_PASSWORD,
    });
  else if (sandboxes) {
    const sandbox = createKlarnaSandbox({ basePath: "/sandbox/klarna" });
    routes.route("/sandbox/klarna", sandbox.app);
    payments.KLARNA = new KlarnaPayments({
      baseUrl: `${opts.selfOrigin}/sandbox/klarna`,
      ...KLARNA_SANDBOX_CREDENTIALS,
    });
  }

  const shipping: ShippingProvider[] = [new OwnShipping(opts.db)];
  if (sandboxes) routes.route("/sandbox/nshift", createNshiftSandbox().app);
  if (env.NSHIFT_BASE_URL === "sandbox" && sandboxes)
    shipping.push(
      new RememberedShipping(
        new NshiftShipping({
          baseUrl: `${opts.selfOrigin}/sandbox/nshift`,
          checkoutId: NSHIFT_SANDBOX_CHECKOUT_ID,
          token: NSHIFT_SANDBOX_TOKEN,
        }),
      ),
    );
  else if (
    env.NSHIFT_BASE_URL &&
    env.NSHIFT_BASE_URL !== "sandbox" &&
    env.NSHIFT_CHECKOUT_ID &&
    env.NSHIFT_TOKEN
  )
    shipping.push(
      new RememberedShipping(
        new NshiftShipping({
          baseUrl: env.NSHIFT_BASE_URL,
          checkoutId: env.NSHIFT_CHECKOUT_ID,
          token: env.NSHIFT_TOKEN,
        }),
      ),
    );
  if (sandboxes) apiPaths.push("/sandbox/*");

  const services: CheckoutServices = {
    deps: {
      db: opts.db,
      payments,
      reference: () => opts.reference.get(),
      // Derived from the shop's secret: no second secret to keep, and a new AUTH_SECRET re-signs every URL.
      callbackSecret: createHmac("sha256", config.authSecret)
        .update("checkout-callbacks")
        .digest("base64url"),
      captureOnConfirm: env.CAPTURE_ON_CONFIRM !== "false",
      shipping,
      logger,
    },
    shipping,
    origin: opts.publicOrigin,
  };

  // The provider's validation call before it completes: reserve the stock, or send the shopper to the failure page.
  routes.post("/api/checkout/klarna/validate", async (c) => {
    const answer = await validateHostedOrder(services.deps, {
      sessionId: c.req.query("sid") ?? "",
      signature: c.req.query("sig") ?? null,
      providerReference: c.req.query("klarna_order_id") ?? null,
    });
    return "redirect" in answer ? c.redirect(answer.redirect, 303) : c.body(null, 200);
  });
  // The push: confirm and capture, once however often it comes. A refused push answers 4xx (the provider stops
  // retrying a forged one); a fault answers 500 (it retries).
  routes.post("/api/checkout/klarna/push", async (c) => {
    try {
      await confirmHostedOrder(services.deps, {
        providerReference: c.req.query("klarna_order_id") ?? "",
        sessionId: c.req.query("sid") ?? "",
        signature: c.req.query("sig") ?? null,
      });
      return c.body(null, 200);
    } catch (error) {
      if (error instanceof CheckoutError) {
        logger.warn({ reason: error.reason, message: error.message }, "klarna push refused");
        return c.json({ reason: error.reason }, error.reason === "CALLBACK_REFUSED" ? 403 : 409);
      }
      throw error;
    }
  });

  return {
    services,
    routes,
    apiPaths,
    reconcile: (olderThanMs) =>
      reconcilePendingOrders(services.deps, olderThanMs === undefined ? {} : { olderThanMs }),
    reconcileRefunds: (olderThanMs) =>
      reconcilePendingRefunds(services.deps, olderThanMs === undefined ? {} : { olderThanMs }),
  };
}

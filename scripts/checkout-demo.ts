/**
 * Buys through the sandboxes from the command line, on a fresh in-memory database (or DATABASE_URL): an invoice
 * order in the shop's own form, and a card payment through the Klarna sandbox's payment page with its push.
 * `node scripts/checkout-demo.ts` prints what happened. The storefront's checkout page uses the same services.
 */
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { openDatabase } from "#db/client.ts";
import { seed } from "#db/seed/index.ts";
import { formatMoney } from "#domain/format.ts";
import { SandboxInvoiceProvider } from "#integrations/payments/invoice/index.ts";
import {
  createKlarnaSandbox,
  KLARNA_SANDBOX_CREDENTIALS,
  KlarnaPayments,
} from "#integrations/payments/klarna/index.ts";
import { addToCart } from "#services/cart/lines.ts";
import { createOrUpdateCheckout } from "#services/checkout/index.ts";
import {
  confirmHostedOrder,
  type HostedDeps,
  openHostedCheckout,
  validateHostedOrder,
} from "#services/orders/hosted.ts";
import { placeOrder } from "#services/orders/place.ts";
import { createReferenceCache, resolveLocale } from "#services/reference.ts";

const handle = await openDatabase(
  process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : { dir: "memory" },
);
await handle.migrate();
console.warn("Seeding a small demo catalog…");
await seed(handle, { products: 30 });
const db = handle.db;
const cache = createReferenceCache(db);
const ref = await cache.get();
const sandbox = createKlarnaSandbox();
let deps: HostedDeps;
const app = new Hono();
app.route("/sandbox/klarna", sandbox.app);
app.post("/api/checkout/klarna/validate", async (c) => {
  const answer = await validateHostedOrder(deps, {
    sessionId: c.req.query("sid") ?? "",
    signature: c.req.query("sig") ?? null,
    providerReference: c.req.query("klarna_order_id") ?? null,
  });
  return "redirect" in answer ? c.redirect(answer.redirect, 303) : c.body(null, 200);
});
app.post("/api/checkout/klarna/push", async (c) => {
  await confirmHostedOrder(deps, {
    providerReference: c.req.query("klarna_order_id") ?? "",
    sessionId: c.req.query("sid") ?? "",
    signature: c.req.query("sig") ?? null,
  });
  return c.body(null, 200);
});
const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
await new Promise<void>((r) => server.once("listening", () => r()));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
deps = {
  db,
  payments: {
    INVOICE: new SandboxInvoiceProvider(),
    KLARNA: new KlarnaPayments({ baseUrl: `${origin}/sandbox/klarna`, ...KLARNA_SANDBOX_CREDENTIALS }),
  },
  reference: () => cache.get(),
  callbackSecret: "demo-secret-demo-secret-demo-secret",
};

const result = (await db.execute(
  sql`select s.id from skus s join products p on p.id = s.product_id join prices pr on pr.sku_id = s.id and pr.market_alias = 'se'
      where p.type = 'product' and s.in_stock > 2 order by s.id limit 1`,
)) as unknown as { rows?: { id: number }[] } | { id: number }[];
const skuId = Number((Array.isArray(result) ? result : (result.rows ?? []))[0]?.id);
const ctx = {
  ref,
  locale: resolveLocale(ref, { channelId: "1|se", languageId: "sv-SE", marketId: "se" }).locale,
};

// 1. The own form, paid by invoice.
const cart1 = (await addToCart(db, ctx, null, { skuId, quantity: 1 })).id;
const checkout = await createOrUpdateCheckout({ db }, ctx, cart1, {
  email: "demo@example.se",
  customerType: "PERSON",
  identityNumber: "900101-0017",
  billingAddress: {
    firstName: "Sven",
    lastName: "Svensson",
    addressLine1: "Storgatan 1",
    zip: "11434",
    city: "Stockholm",
  },
  zip: "11434",
  shippingOptionId: "own:pickup-point",
  paymentMethodKey: "invoice",
  acceptedTerms: true,
});
const invoiceOrder = await placeOrder(deps, ctx, cart1, checkout.input);
console.warn(
  `Invoice: order ${invoiceOrder.orderNumber} ${invoiceOrder.status}, ${formatMoney(invoiceOrder.payable, invoiceOrder.currency, "sv-SE")}`,
);

// 2. The hosted checkout: open, pay by card on the sandbox's page, follow the redirect; the push confirms.
const cart2 = (await addToCart(db, ctx, null, { skuId, quantity: 1 })).id;
const opened = await openHostedCheckout(
  deps,
  ctx,
  cart2,
  {
    email: "demo@example.se",
    zip: "11434",
    shippingOptionId: "own:home-delivery",
    paymentMethodKey: "card-checkout",
  },
  { origin, checkout: "/sv/kassan", terms: "/sv/kopvillkor" },
);
console.warn(`Klarna sandbox payment page: ${origin}/sandbox/klarna/pay/${opened.providerReference}`);
const paid = await fetch(`${origin}/sandbox/klarna/pay/${opened.providerReference}`, {
  method: "POST",
  body: new URLSearchParams({ outcome: "card" }),
  redirect: "manual",
});
console.warn(`Paid by card, redirected to ${paid.headers.get("location")}`);
const klarnaOrder = await confirmHostedOrder(deps, { providerReference: opened.providerReference });
console.warn(
  `Klarna: order ${klarnaOrder.orderNumber} ${klarnaOrder.status}, ${formatMoney(klarnaOrder.payable, klarnaOrder.currency, "sv-SE")}; sandbox log: ${sandbox.log.map((e) => e.kind).join(", ")}`,
);
await new Promise<void>((r) => server.close(() => r()));
await handle.close();

import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { parseArgs } from "node:util";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import {
  createNshiftSandbox,
  NSHIFT_SANDBOX_CHECKOUT_ID,
  NSHIFT_SANDBOX_TOKEN,
} from "../integrations/shipping/nshift/index.ts";
import { round, say, table, writeResult } from "./lib.ts";
import { startBenchShop } from "./shop.ts";

/**
 * How often the checkout asks the delivery checkout (nShift) per shopper action, and how long the shopper waits
 * (decision 0093). The nShift sandbox on a server of its own, answering after --latency ms as nShift does in real
 * life (hundreds of milliseconds), is the shop's configured delivery checkout; the requests it receives are counted
 * here, in front of it (so the script runs unchanged on a commit whose sandbox has no counter). --shoppers shoppers
 * one after the other each go through the Norwegian checkout without JavaScript as a browser does: the form posted
 * (303) and the page shown again (GET), for the zip, the nShift pickup option, the invoice, then the order placed
 * (the form posted: the change, then placeOrder). Each shopper has a zip of their own, so every first ask is new.
 *
 *   node bench/shipping-asks.ts [--shoppers 10] [--latency 300] [--name shipask-change]
 */
const { values } = parseArgs({
  options: {
    shoppers: { type: "string", default: "10" },
    latency: { type: "string", default: "300" },
    name: { type: "string", default: "shipping-asks" },
  },
});
const shoppers = Number(values.shoppers);
const latency = Number(values.latency);

let received = 0;
const sandbox = createNshiftSandbox();
const front = new Hono();
front.use("*", async (_c, next) => {
  received++;
  await new Promise((r) => setTimeout(r, latency));
  await next();
});
front.route("/sandbox/nshift", sandbox.app);
const server = serve({ fetch: front.fetch, port: 0, hostname: "127.0.0.1" }) as Server;
await new Promise<void>((r) => server.once("listening", () => r()));
const nshiftBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sandbox/nshift`;

const shop = await startBenchShop({
  name: "shipask",
  env: {
    NSHIFT_BASE_URL: nshiftBase,
    NSHIFT_CHECKOUT_ID: NSHIFT_SANDBOX_CHECKOUT_ID,
    NSHIFT_TOKEN: NSHIFT_SANDBOX_TOKEN,
  },
});

/** A new Norwegian cart with one piece of the first SKU in stock; answers its Cookie header. */
async function oneItemCart(): Promise<string> {
  const { products } = await shop.graphql<{
    products: { products: { skus: { skuId: number; stock: { totalStock: number } | null }[] }[] };
  }>(
    '{ products(take: 20, channelId: "2|no", languageId: "nb-NO", marketId: "no") { products { skus { skuId stock { totalStock } } } } }',
  );
  const skuId = products.products.flatMap((p) => p.skus).find((s) => (s.stock?.totalStock ?? 0) > 0)?.skuId;
  if (skuId === undefined) throw new Error("no SKU in stock for the checkout's cart");
  const { addToCart } = await shop.graphql<{ addToCart: { id: string } }>(
    'mutation($item: CartItemInputType!) { addToCart(item: $item, channelId: "2|no", languageId: "nb-NO", marketId: "no") { id } }',
    { item: { skuId, quantity: 1 } },
  );
  return `mili-cart=${addToCart.id}; mili-checkout-market=no`;
}

const actions = ["zip", "option", "payment", "place"] as const;
type Action = (typeof actions)[number];
const asked: Record<Action, number[]> = { zip: [], option: [], payment: [], place: [] };
const waited: Record<Action, number[]> = { zip: [], option: [], payment: [], place: [] };

try {
  for (let i = 0; i < shoppers; i++) {
    const cookie = await oneItemCart();
    const zip = String(1000 + i * 7).padStart(4, "0");
    const headers = { cookie, origin: shop.origin, "sec-fetch-site": "same-origin" };
    const post = (form: Record<string, string>) =>
      fetch(`${shop.origin}/kassen`, {
        method: "POST",
        redirect: "manual",
        headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ customerType: "PERSON", ...form }),
      });
    const buyer = {
      zip,
      email: `bench${i}@example.no`,
      phone: "41234567",
      identityNumber: "01019000245",
      firstName: "Kari",
      lastName: "Nordmann",
      addressLine1: "Karl Johans gate 1",
      city: "Oslo",
    };
    const steps: [Action, Record<string, string>][] = [
      ["zip", { intent: "update", zip }],
      ["option", { intent: "update", zip, shippingOptionId: "nshift:sandbox-pickup" }],
      [
        "payment",
        { intent: "update", zip, shippingOptionId: "nshift:sandbox-pickup", paymentMethod: "invoice" },
      ],
      [
        "place",
        {
          intent: "place",
          ...buyer,
          shippingOptionId: "nshift:sandbox-pickup",
          paymentMethod: "invoice",
          acceptedTerms: "on",
        },
      ],
    ];
    for (const [action, form] of steps) {
      const before = received;
      const t0 = performance.now();
      const posted = await post(form);
      await posted.text();
      const target = posted.headers.get("location") ?? "";
      if (posted.status !== 303) throw new Error(`${action}: ${posted.status}`);
      if (action === "place") {
        if (!target.includes("/checkout/confirm")) throw new Error(`place: not placed (${target})`);
      } else {
        const page = await fetch(`${shop.origin}/kassen`, { headers });
        const html = await page.text();
        if (!html.includes('value="nshift:sandbox-pickup"')) throw new Error(`${action}: no nShift options`);
      }
      waited[action].push(performance.now() - t0);
      asked[action].push(received - before);
    }
  }
} finally {
  await shop.stop();
  server.closeAllConnections();
  server.close();
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[Math.floor((s.length - 1) / 2)] as number) : 0;
};
const rows = actions.map((action) => ({
  action,
  "nShift asks (mean)": round(asked[action].reduce((a, b) => a + b, 0) / shoppers, 2),
  "wall ms (median)": round(median(waited[action])),
  "wall ms (max)": round(Math.max(...waited[action])),
}));
say(`\n${shoppers} shoppers, nShift answering after ${latency} ms, without JavaScript (post + page):`);
table(rows);
writeResult(values.name, { shoppers, latencyMs: latency, actions: rows, asked, waited });

import { createServer, type Server } from "node:http";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setupBrowser } from "#tests/support/browser.ts";
import { queryRows } from "#tests/support/db.ts";
import { type Shop, startShop } from "#tests/support/shop.ts";
import { buyableSku, cartIdOf, cartState, count } from "./probe.ts";

/**
 * Issue 10, item 4: a form auto-submitted from another site to `/api/cart` made a new cart whose Set-Cookie
 * replaced the shopper's cart cookie (seen in Chromium); the same for `/api/newsletter`, which re-subscribed an
 * address that had unsubscribed. State-changing requests from another site are refused: by Sec-Fetch-Site, else by
 * Origin, else by a token (server/guard.ts).
 */

let shop: Shop;
let sku: number;
beforeAll(async () => {
  shop = await startShop();
  sku = await buyableSku(shop);
});
afterAll(async () => {
  await shop?.close();
});

const form = (path: string, headers: Record<string, string>, fields: Record<string, string> = {}) =>
  fetch(`${shop.origin}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams({ intent: "add", skuId: String(sku), email: "anna@example.com", ...fields }),
  });

async function unsubscribed(email: string) {
  const [row] = await queryRows<{ unsubscribed: boolean }>(
    shop.db.db,
    sql`select unsubscribed_at is not null as unsubscribed from newsletter_subscriptions where email = ${email}`,
  );
  return row?.unsubscribed;
}

describe("cross-site requests", () => {
  it.each([
    ["Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site", origin: "https://evil.example" }],
    ["Sec-Fetch-Site: same-site", { "sec-fetch-site": "same-site" }],
    ["Sec-Fetch-Site: none", { "sec-fetch-site": "none" }],
    ["Origin of another site", { origin: "https://evil.example" }],
    ["Origin of another port", { origin: "http://127.0.0.1:1" }],
    ["Origin: null", { origin: "null" }],
    ["no Origin and no token", {}],
  ])("%s: 403, no cart made, no cookie set, nobody re-subscribed", async (_name, headers) => {
    await shop.db.db.execute(sql`insert into newsletter_subscriptions (email, channel_id, language_id, unsubscribed_at)
      values ('anna@example.com', '2|no', 'nb-NO', now())
      on conflict (email, channel_id) do update set unsubscribed_at = now()`);
    const before = {
      cart: await cartState(shop),
      subscribers: await count(shop, "newsletter_subscriptions"),
    };
    for (const path of ["/api/cart", "/sv/api/cart", "/api/cart.data", "/api/newsletter", "/kassen"]) {
      const response = await form(path, headers);
      expect(response.status, path).toBe(403);
      expect(response.headers.get("set-cookie"), path).toBeNull();
    }
    expect({
      cart: await cartState(shop),
      subscribers: await count(shop, "newsletter_subscriptions"),
    }).toEqual(before);
    expect(await unsubscribed("anna@example.com")).toBe(true);
  });

  it("lets the shop's own pages through: Sec-Fetch-Site same-origin, or its own Origin", async () => {
    const own: Record<string, string>[] = [{ "sec-fetch-site": "same-origin" }, { origin: shop.origin }];
    for (const headers of own) {
      const response = await form("/api/cart", headers);
      expect(response.status).toBe(303);
      expect(cartIdOf(response.headers.get("set-cookie"))).toBeTruthy();
    }
  });

  it("lets a client without Origin through with the token of GET /api/csrf, and only with it", async () => {
    const issued = await fetch(`${shop.origin}/api/csrf`);
    const { token } = (await issued.json()) as { token: string };
    const cookie = /mili-csrf=([^;]+)/.exec(issued.headers.get("set-cookie") ?? "")?.[1];
    expect(cookie).toBe(token);
    expect(issued.headers.get("set-cookie")).toMatch(/HttpOnly; SameSite=Lax/);
    expect((await form("/api/cart", { cookie: `mili-csrf=${token}`, "x-csrf-token": token })).status).toBe(
      303,
    );
    // The header alone, the cookie alone, another token, or a cookie the shop did not sign: refused.
    const other = (await (await fetch(`${shop.origin}/api/csrf`)).json()) as { token: string };
    const forged = "abc.def";
    const refused: Record<string, string>[] = [
      { "x-csrf-token": token },
      { cookie: `mili-csrf=${token}` },
      { cookie: `mili-csrf=${token}`, "x-csrf-token": other.token },
      { cookie: `mili-csrf=${forged}`, "x-csrf-token": forged },
    ];
    for (const headers of refused) expect((await form("/api/cart", headers)).status).toBe(403);
  });

  it("leaves the API to its key: a form cannot send X-ApiKey", async () => {
    const response = await fetch(`${shop.origin}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "sec-fetch-site": "cross-site" },
      body: "query=mutation{getCart{id}}",
    });
    expect(response.status).toBe(401);
  });
});

describe("in Chromium: a form auto-submitted from another site", () => {
  const session = setupBrowser();
  let attacker: Server;
  let attackerOrigin: string;
  beforeAll(async () => {
    attacker = createServer((req, res) => {
      const target = req.url === "/newsletter" ? "/api/newsletter" : "/api/cart";
      res.setHeader("content-type", "text/html; charset=utf-8");
      res.end(`<!doctype html><title>Win a prize</title>
        <form method="post" action="${shop.origin}${target}">
          <input name="intent" value="add"><input name="skuId" value="${sku}"><input name="quantity" value="3">
          <input name="email" value="anna@example.com">
        </form><script>document.forms[0].submit()</script>`);
    });
    await new Promise<void>((done) => attacker.listen(0, "localhost", done));
    const address = attacker.address();
    attackerOrigin = `http://localhost:${typeof address === "object" && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await new Promise((done) => attacker?.close(done));
  });

  it("neither replaces the shopper's cart cookie nor changes any cart", async () => {
    const { page, context, errors } = session;
    // The refusal is a plain-text answer: the browser logs its 403, and asks for a favicon.ico the shop lacks.
    errors.allow(/403|favicon\.ico/);
    await page.goto(`${shop.origin}/`);
    // The shopper's cart, made on the shop's own page.
    const own = await page.evaluate(
      async ({ skuId }) => {
        const body = new URLSearchParams({ intent: "add", skuId: String(skuId) });
        const r = await fetch("/api/cart", { method: "POST", body, headers: { accept: "application/json" } });
        return ((await r.json()) as { cart: { id: string } }).cart.id;
      },
      { skuId: sku },
    );
    const cookieOf = async () =>
      (await context.cookies(shop.origin)).find((c) => c.name === "mili-cart")?.value;
    expect(await cookieOf()).toBe(own);
    const before = await cartState(shop);

    // The attacker's post (the shop's own page may still be reading its cart with a GET).
    const landed = page.waitForResponse(
      (r) => r.url().startsWith(`${shop.origin}/api/cart`) && r.request().method() === "POST",
    );
    await page.goto(`${attackerOrigin}/cart`);
    expect((await landed).status()).toBe(403);
    expect(await cookieOf()).toBe(own);
    expect(await cartState(shop)).toEqual(before);
  });

  it("does not re-subscribe an address that unsubscribed", async () => {
    const { page, errors } = session;
    // The refusal is a plain-text answer: the browser logs its 403, and asks for a favicon.ico the shop lacks.
    errors.allow(/403|favicon\.ico/);
    await shop.db.db.execute(sql`insert into newsletter_subscriptions (email, channel_id, language_id, unsubscribed_at)
      values ('anna@example.com', '2|no', 'nb-NO', now())
      on conflict (email, channel_id) do update set unsubscribed_at = now()`);
    const landed = page.waitForResponse((r) => r.url().startsWith(`${shop.origin}/api/newsletter`));
    await page.goto(`${attackerOrigin}/newsletter`);
    expect((await landed).status()).toBe(403);
    expect(await unsubscribed("anna@example.com")).toBe(true);
  });
});

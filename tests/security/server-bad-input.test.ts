import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Shop, startShop } from "#tests/support/shop.ts";
import { buyableSku, cartIdOf, cartJson, cartState, count, post } from "./probe.ts";

/**
 * Issue 10, item 10: a text/plain, JSON or broken multipart body to `/api/cart` or `/api/newsletter` answered 500,
 * and `/api/cart.data` answered 500 with a stack trace because `npm start` ran React Router in development mode.
 * Now: the shop runs as `npm start` runs it (production), bad bodies are refused with 4xx before any route reads
 * them, and fuzzed route params and form fields never get a 5xx or change anything when refused.
 */

let shop: Shop;
let cartId: string;
let sku: number;
beforeAll(async () => {
  shop = await startShop({ NODE_ENV: "production", RATE_LIMITS: "cart.ip=100000/600" });
  sku = await buyableSku(shop);
  cartId = cartIdOf((await cartJson(shop, { intent: "add", skuId: String(sku) })).cookie) as string;
});
afterAll(async () => {
  await shop?.close();
});

const STACK = /\n\s+at\s|node:internal|\.ts:\d+|\.js:\d+:\d+/;

const bodies: [string, string, string][] = [
  ["text/plain", "text/plain", "intent=add&skuId=1"],
  ["JSON", "application/json", JSON.stringify({ intent: "add", skuId: 1 })],
  ["no content type", "", "intent=add"],
  [
    "broken multipart",
    "multipart/form-data; boundary=zzz",
    '--zzz\r\nContent-Disposition: form-data; name="intent"\r\n\r\nadd',
  ],
  ["multipart without boundary", "multipart/form-data", "--x\r\n\r\n"],
  ["a NUL byte in a field", "application/x-www-form-urlencoded", "intent=promo&code=VINTER10%00"],
  ["a NUL byte in a field name", "application/x-www-form-urlencoded", "int%00ent=promo&code=X"],
  [
    "an escape character in a multipart field",
    "multipart/form-data; boundary=b",
    '--b\r\nContent-Disposition: form-data; name="email"\r\n\r\na\u001b@example.com\r\n--b--\r\n',
  ],
];

describe("bodies a form route cannot read", () => {
  it.each(bodies)(
    "%s: refused with 4xx, no stack trace, nothing changed",
    async (_name, contentType, body) => {
      const before = {
        cart: await cartState(shop),
        subscribers: await count(shop, "newsletter_subscriptions"),
      };
      for (const path of [
        "/api/cart",
        "/api/newsletter",
        "/api/cart.data",
        "/sv/api/newsletter.data",
        "/kassen",
      ]) {
        const response = await fetch(`${shop.origin}${path}`, {
          method: "POST",
          headers: {
            ...(contentType ? { "content-type": contentType } : {}),
            "sec-fetch-site": "same-origin",
            cookie: `mili-cart=${cartId}`,
          },
          body,
        });
        expect(response.status, `${path}: ${response.status}`).toBeGreaterThanOrEqual(400);
        expect(response.status, path).toBeLessThan(500);
        expect(await response.text(), path).not.toMatch(STACK);
      }
      expect({
        cart: await cartState(shop),
        subscribers: await count(shop, "newsletter_subscriptions"),
      }).toEqual(before);
    },
  );

  it("refuses a path that is not valid percent-encoding, or names control characters, with 400 before any route reads it", async () => {
    for (const path of [
      "/p/%/x",
      "/%c0%ae",
      "/s/%ff",
      "/content/%E2%80",
      "/api/cart.data%",
      "/p/%00/",
      "/c/klaer%0Ajakker",
      "/s/jakke%7F",
    ]) {
      const response = await fetch(`${shop.origin}${path}`);
      expect(response.status, path).toBe(400);
    }
  });

  it("runs React Router in production mode: a failing data request shows no stack trace", async () => {
    for (const path of [
      "/api/cart.data",
      "/api/cart.data?_routes=root",
      "/p/x/y.data",
      "/_root.data",
      "/.data",
    ]) {
      const response = await fetch(`${shop.origin}${path}`);
      expect(response.status, path).toBeLessThan(500);
      expect(await response.text(), path).not.toMatch(STACK);
    }
  });
});

// Route shapes of the storefront (README "The storefront's URLs") with a slot for a fuzzed segment.
const ROUTES = [
  "/p/{}/{}",
  "/pp/{}/{}",
  "/product/{}",
  "/c/{}/{}",
  "/b/{}",
  "/dc/{}",
  "/s/{}",
  "/l/{}",
  "/list/{}",
  "/content/{}",
  "/{}",
  "/sv/{}",
  "/{}/{}/kassen",
  "/no/nb/p/{}/{}",
  "/sv/p/{}/{}",
  "/api/cart.data?{}",
  "/c/klaer?skus={}&price={}&sort={}&page={}",
  "/s/{}?page={}",
  "/images/product/{}/{}",
];
const NASTY = fc.constantFrom(
  "%00",
  "%ff",
  "%c0%ae",
  "%2e%2e",
  "..",
  "%2f",
  "%5c",
  "%25",
  "%",
  "~",
  ",",
  "\u202e",
  "ø",
  "%F0%9F%98%80",
  "a".repeat(3000),
  "-1",
  "99999999999999999999",
  "1e308",
  "NaN",
  "constructor",
  "__proto__",
  "<script>",
  "'",
  '"',
  ".data",
  "",
);
const segment = fc
  .array(fc.oneof(NASTY, fc.string({ maxLength: 12 }).map(encodeURIComponent)), {
    minLength: 1,
    maxLength: 4,
  })
  .map((parts) => parts.join(""));

describe("fuzzing (fast-check)", () => {
  it("route params: no 5xx, no stack trace, for any value in any route", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ROUTES),
        fc.array(segment, { minLength: 4, maxLength: 4 }),
        async (route, values) => {
          let i = 0;
          const path = route.replace(/\{\}/g, () => values[i++ % values.length] ?? "");
          const response = await fetch(`${shop.origin}${path}`, { redirect: "manual" }).catch(() => null);
          // A URL fetch() itself refuses to send is no probe of ours.
          if (!response) return;
          expect(response.status, path).toBeLessThan(500);
          if (response.status >= 400) expect(await response.text(), path).not.toMatch(STACK);
        },
      ),
      { numRuns: 150 },
    );
  });

  const field = fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.constantFrom(
      "",
      "0",
      "-1",
      "1",
      "999",
      "1000",
      "1.5",
      "1e3",
      "0x10",
      String(2 ** 31),
      "\u0000",
      "%00",
      "a\u0000b",
    ),
    fc.integer().map(String),
  );
  const fields = fc.record(
    {
      intent: fc.oneof(
        fc.constantFrom("add", "update", "remove", "group", "promo", "remove-code", "package"),
        fc.string(),
      ),
      skuId: fc.oneof(field, fc.constant("SKU")),
      itemId: field,
      groupKey: field,
      quantity: field,
      set: field,
      code: field,
      packageId: field,
      "group-1": field,
      "sku-1": field,
      checkout: fc.constantFrom("1", "0", ""),
      returnTo: field,
      email: field,
    },
    { requiredKeys: ["intent"] },
  );

  it("form fields: no 5xx, and a refused request changes nothing", async () => {
    await fc.assert(
      fc.asyncProperty(
        fields,
        fc.boolean(),
        fc.constantFrom("/api/cart", "/api/newsletter"),
        async (values, json, path) => {
          const realSku = values.skuId === "SKU" ? { skuId: String(sku) } : {};
          const before = {
            cart: await cartState(shop),
            subscribers: await count(shop, "newsletter_subscriptions"),
          };
          const response = await post(shop, path, { ...values, ...realSku } as Record<string, string>, {
            cookie: `mili-cart=${cartId}`,
            ...(json ? { accept: "application/json" } : {}),
          });
          const text = await response.text();
          expect(response.status, text).toBeLessThan(500);
          expect(text).not.toMatch(STACK);
          const refusedByServer = response.status >= 400;
          const refusedByCart = path === "/api/cart" && json && /"error":\{"reason"/.test(text);
          const refusedForm =
            path === "/api/cart" && !json && /cart-error=/.test(response.headers.get("location") ?? "");
          const refusedSignUp =
            path === "/api/newsletter" &&
            /newsletter=(invalid|limited|error)/.test(response.headers.get("location") ?? "");
          if (refusedByServer || refusedByCart || refusedForm || refusedSignUp)
            expect({
              cart: await cartState(shop),
              subscribers: await count(shop, "newsletter_subscriptions"),
            }).toEqual(before);
        },
      ),
      { numRuns: 150 },
    );
  });
});

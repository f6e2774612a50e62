import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "#integrations/rate-limit/index.ts";
import { gql, type Shop, startShop } from "#tests/support/shop.ts";
import { count, post } from "./probe.ts";

/**
 * Issue 10, item 11: anonymous writes were unlimited: each cookieless `GET /api/cart` inserted a cart row, and
 * promo codes (server-gift-cards.test.ts) and the newsletter had no rate limit. New carts and sign-ups now draw on
 * the one rate limiter (decision 0016): per client, per address and for the whole shop, answered with 429 and
 * Retry-After, nothing stored.
 */

let shop: Shop;
beforeAll(async () => {
  // The shop's default budgets; clients told apart by the proxy's X-Forwarded-For.
  shop = await startShop({ TRUST_PROXY: "true" });
});
afterAll(async () => {
  await shop?.close();
});

let clients = 0;
const client = () => ({ "x-forwarded-for": `203.0.113.${++clients}` });

describe("new carts", () => {
  it(`are limited to ${LIMITS["cart.ip"].points} per client and ${LIMITS["cart.ip"].seconds / 60} minutes`, async () => {
    const who = client();
    const before = await count(shop, "carts");
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS["cart.ip"].points + 3; i++) {
      const response = await fetch(`${shop.origin}/api/cart`, {
        headers: { accept: "application/json", ...who },
      });
      statuses.push(response.status);
      if (response.status === 429) {
        expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(await response.json()).toMatchObject({ cart: null, error: { reason: "RATE_LIMITED" } });
        expect(response.headers.get("set-cookie")).toBeNull();
      }
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(LIMITS["cart.ip"].points);
    expect(statuses.slice(-3)).toEqual([429, 429, 429]);
    expect(await count(shop, "carts")).toBe(before + LIMITS["cart.ip"].points);
    // Another client is not held back by this one.
    expect((await fetch(`${shop.origin}/api/cart`, { headers: client() })).status).toBe(200);
  });

  it("are limited through the API too (the same budget: GraphQL answers RATE_LIMITED with HTTP 429)", async () => {
    const who = client();
    for (let i = 0; i < LIMITS["cart.ip"].points; i++)
      expect((await gql(shop.origin, { query: "{ getCart { id } }" }, who)).status).toBe(200);
    const refused = await gql(shop.origin, { query: "{ getCart { id } }" }, who);
    expect(refused.status).toBe(429);
    expect(refused.body.errors?.[0]?.extensions).toMatchObject({ code: "RATE_LIMITED" });
    expect(refused.body.errors?.[0]?.extensions?.retryAfter).toBeGreaterThan(0);
  });

  it("do not hold back a shopper who has a cart", async () => {
    const who = client();
    const first = await fetch(`${shop.origin}/api/cart`, { headers: { accept: "application/json", ...who } });
    const cookie = (first.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    for (let i = 0; i < LIMITS["cart.ip"].points; i++)
      await fetch(`${shop.origin}/api/cart`, { headers: { accept: "application/json", ...who } });
    const own = await fetch(`${shop.origin}/api/cart`, {
      headers: { accept: "application/json", cookie, ...who },
    });
    expect(own.status).toBe(200);
  });
});

describe("newsletter sign-ups", () => {
  it(`are limited to ${LIMITS["newsletter.ip"].points} per client and hour: the form says so in the shopper's language`, async () => {
    const who = client();
    const before = await count(shop, "newsletter_subscriptions");
    for (let i = 0; i < LIMITS["newsletter.ip"].points; i++) {
      const ok = await post(
        shop,
        "/api/newsletter",
        { email: `reader${i}@example.com`, via: "fetcher" },
        who,
      );
      expect(ok.status).toBe(200);
    }
    const refused = await post(shop, "/api/newsletter", { email: "one-more@example.com" }, who);
    expect(refused.headers.get("location")).toBe("/?newsletter=limited#newsletter");
    expect(await count(shop, "newsletter_subscriptions")).toBe(before + LIMITS["newsletter.ip"].points);
    for (const [page, text] of [
      ["/?newsletter=limited", "For mange påmeldinger herfra. Prøv igjen senere."],
      ["/sv?newsletter=limited", "För många anmälningar härifrån. Försök igen senare."],
    ] as const)
      expect(await (await fetch(`${shop.origin}${page}`)).text()).toContain(text);
  });

  it(`are limited to ${LIMITS["newsletter.address"].points} a day per address, however it is written`, async () => {
    const statuses = [];
    for (const email of ["Kari@Example.com", "kari@example.com ", " KARI@EXAMPLE.COM", "kari@example.com"]) {
      const response = await gql(
        shop.origin,
        { query: `mutation { subscribeToNewsletter(email: "${email}", channelId: "2|no") }` },
        client(),
      );
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isGiftCardCode } from "#domain/gift-card.ts";
import { queryRows } from "#tests/support/db.ts";
import { demoGiftCards } from "#tests/support/gift-cards.ts";
import { startShopsOnOneDatabase } from "#tests/support/shared-db.ts";
import { gql, type Shop, startShop } from "#tests/support/shop.ts";
import { buyableSku, cartIdOf, cartJson, cartState } from "./probe.ts";

/**
 * Issue 10, item 1: gift cards could be guessed with no key. Codes follow no pattern; unknown, other-currency,
 * expired and used-up codes answer alike; tries are limited per cart, per client and for the whole shop, in
 * Redis when there is one, so several processes share one budget.
 */

// Small budgets, so the probes reach them: the defaults (decision 0016) are checked below.
const LIMITS = "code.cart=4/900,code.ip=9/3600,code.global=20/3600";
let shop: Shop;
let cards: Awaited<ReturnType<typeof demoGiftCards>>;
beforeAll(async () => {
  shop = await startShop({ TRUST_PROXY: "true", RATE_LIMITS: LIMITS });
  cards = await demoGiftCards(shop.db.db);
});
afterAll(async () => {
  await shop?.close();
});

/** A client at its own address (the shop trusts the proxy's X-Forwarded-For). */
let clients = 0;
const client = () => ({ "x-forwarded-for": `198.51.100.${++clients}` });

/** A new cart with one item, for a client; its id. */
async function newCart(who: Record<string, string>): Promise<string> {
  const added = await cartJson(shop, { intent: "add", skuId: String(await buyableSku(shop)) }, who);
  expect(added.status).toBe(200);
  const id = cartIdOf(added.cookie);
  if (!id) throw new Error("no cart cookie");
  return id;
}

const tryCode = (id: string, code: string, who: Record<string, string>) =>
  cartJson(shop, { intent: "promo", code }, { cookie: `mili-cart=${id}`, ...who });

describe("gift-card codes", () => {
  it("are long and random: 80 random bits, no sequence, not the old demo pattern", async () => {
    const codes = Object.values(cards);
    for (const code of codes) {
      expect(isGiftCardCode(code), code).toBe(true);
      expect(code).not.toMatch(/-\d{3,4}-\d{4}$|UTGATT/);
    }
    expect(new Set(codes.map((c) => c.slice(5))).size).toBe(codes.length);
  });

  it("answers unknown, other-currency, expired and used-up codes alike, and attaches nothing", async () => {
    const who = client();
    const id = await newCart(who);
    await shop.db.db.execute(
      sql`insert into gift_cards (code, currency_code, initial_minor, balance_minor) values ('GAVE-USED-0000-0000-0000', 'NOK', 100, 0)`,
    );
    const answers = [];
    for (const code of [
      "GAVE-ABCD-EFGH-JKMN-PQRS",
      cards.sek500,
      cards.expired,
      "GAVE-USED-0000-0000-0000",
    ]) {
      const { status, body } = await tryCode(id, code, who);
      answers.push({ status, error: body.error, cart: body.cart });
    }
    expect(answers[0]).toEqual({ status: 200, error: { reason: "INVALID_PROMO_CODE" }, cart: null });
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    // The API says the same: one code, one message, nothing that names a currency or a balance (on a cart of its
    // own: this one has spent its tries).
    const apiCart = await newCart(client());
    const api = async (code: string) =>
      (
        await gql(shop.origin, {
          query: `mutation { setCartPromoCode(id: "${apiCart}", promoCode: "${code}", channelId: "2|no") { id } }`,
        })
      ).body.errors?.[0];
    const unknown = await api("GAVE-ABCD-EFGH-JKMN-PQRS");
    expect(unknown.extensions).toEqual({ code: "BAD_USER_INPUT", reason: "INVALID_PROMO_CODE" });
    expect(await api(cards.sek500)).toEqual(unknown);
    const [row] = await queryRows<{ codes: string[] }>(
      shop.db.db,
      sql`select gift_card_codes as codes from carts where id = ${id}`,
    );
    expect(row?.codes).toEqual([]);
  });
});

describe("code tries", () => {
  it("are limited per cart: the try past the budget answers 429 with Retry-After, even for a valid code", async () => {
    const who = client();
    const id = await newCart(who);
    for (let i = 0; i < 4; i++)
      expect((await tryCode(id, `GAVE-0000-0000-0000-000${i}`, who)).status).toBe(200);
    const before = await cartState(shop);
    const refused = await tryCode(id, cards.nok500, who);
    expect(refused.status).toBe(429);
    expect(Number(refused.response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused.body.error).toMatchObject({ reason: "RATE_LIMITED" });
    expect(await cartState(shop)).toEqual(before);
    // Another cart of the same client still has its own budget, and a valid code costs nothing.
    const other = await newCart(who);
    const valid = await tryCode(other, cards.nok500, who);
    expect(valid.status).toBe(200);
    expect(valid.body.cart.giftCards.map((g: { code: string }) => g.code)).toEqual([cards.nok500]);
  });

  it("are limited per client across carts, and said in the shopper's language without JavaScript", async () => {
    const who = client();
    let refusedAt = 0;
    for (let i = 1; i <= 12 && !refusedAt; i++) {
      const id = await newCart(who);
      const first = await tryCode(id, `GAVE-1111-1111-1111-11${String(i).padStart(2, "0")}`, who);
      if (first.status === 429) refusedAt = i;
      else {
        const second = await tryCode(id, `GAVE-2222-2222-2222-22${String(i).padStart(2, "0")}`, who);
        if (second.status === 429) refusedAt = i;
      }
    }
    // 9 refused tries per client: the 10th is refused, on whichever cart.
    expect(refusedAt).toBe(5);
    // Without JavaScript the form comes back with the reason, which the cart page words (nb and sv).
    const id = await newCart(who);
    const form = await fetch(`${shop.origin}/api/cart`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "sec-fetch-site": "same-origin",
        cookie: `mili-cart=${id}`,
        ...who,
      },
      body: new URLSearchParams({ intent: "promo", code: "GAVE-3333-3333-3333-3333", returnTo: "/kassen" }),
    });
    expect(form.status).toBe(303);
    expect(form.headers.get("location")).toMatch(/^\/kassen\?cart-error=RATE_LIMITED#cart$/);
    const page = await fetch(`${shop.origin}${form.headers.get("location")}`, {
      headers: { cookie: `mili-cart=${id}`, ...who },
    });
    expect(await page.text()).toContain("For mange forsøk. Vent litt og prøv igjen.");
  });

  it("are limited for the whole shop, whatever the number of addresses", async () => {
    let refused: Awaited<ReturnType<typeof tryCode>> | undefined;
    for (let i = 0; i < 40 && !refused; i++) {
      const who = client();
      const id = await newCart(who);
      const answer = await tryCode(id, `GAVE-4444-4444-4444-${String(i).padStart(4, "0")}`, who);
      if (answer.status === 429) refused = answer;
    }
    expect(refused?.body.error).toMatchObject({ reason: "RATE_LIMITED" });
  });
});

describe("the default budgets and 200 guesses of the old pattern", () => {
  it("find no card: every guess is refused alike, then the client is refused with 429 (defaults)", async () => {
    const own = await startShop();
    try {
      const sku = String(await buyableSku(own));
      const added = await cartJson(own, { intent: "add", skuId: sku });
      const id = cartIdOf(added.cookie) as string;
      const statuses = new Map<number, number>();
      let found = 0;
      for (let i = 1; i <= 200; i++) {
        const code = `GAVE-NO-${[500, 1000, 250][i % 3]}-${String(i % 20).padStart(4, "0")}`;
        const { status, body } = await cartJson(
          own,
          { intent: "promo", code },
          { cookie: `mili-cart=${id}` },
        );
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (body?.cart?.giftCards?.length) found++;
      }
      expect(found).toBe(0);
      // code.cart: 10 refused tries per cart and 15 minutes; the other 190 guesses are refused unread.
      expect(Object.fromEntries(statuses)).toEqual({ 200: 10, 429: 190 });
    } finally {
      await own.close();
    }
  });
});

describe("with Redis", () => {
  it("shares one budget between the shop's processes", async () => {
    const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
    // Two app processes on one PostgreSQL database (one on PGlite, which a single process owns).
    const { shops, close } = await startShopsOnOneDatabase(2, {
      REDIS_URL: redisUrl,
      RATE_LIMITS: "code.cart=6/900",
    });
    try {
      const [a, b = a] = shops as [Shop, Shop?];
      const added = await cartJson(a, { intent: "add", skuId: String(await buyableSku(a)) });
      const id = cartIdOf(added.cookie) as string;
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) {
        const target = i % 2 ? b : a;
        statuses.push(
          (
            await cartJson(
              target,
              { intent: "promo", code: `GAVE-5555-5555-5555-555${i}` },
              { cookie: `mili-cart=${id}` },
            )
          ).status,
        );
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
    } finally {
      await close();
    }
  });
});

import { sql } from "drizzle-orm";
import { createClient, type ExecutionResult } from "graphql-ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { MESSAGES, type MessageLanguage } from "#domain/messages.ts";
import { API_KEY, gql, type Shop, startShop } from "#tests/support/shop.ts";

/**
 * Errors a shopper can cause answer in the request's language (docs/decisions/0015): the cart's refusals, the
 * argument checks, NOT_FOUND, over HTTP and over WebSocket, each beside its stable `extensions.code` (and
 * `reason`). `languageId` decides, else the channel's default language.
 */

let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.close();
});

const se = { channelId: "1|se", languageId: "sv-SE" };
const no = { channelId: "2|no", languageId: "nb-NO" };

// biome-ignore lint/suspicious/noExplicitAny: rows of fixture queries.
async function rows(query: ReturnType<typeof sql>): Promise<any[]> {
  const result = await shop.db.db.execute(query);
  return Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
}

/** Whether a text is one of the shop's messages in a language (placeholders filled with anything). */
function isMessageIn(language: MessageLanguage, text: string): boolean {
  return Object.values(MESSAGES).some((texts) => {
    const pattern = texts[language]
      .split(/\{\w+\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
      .join(".+");
    return new RegExp(`^${pattern}$`).test(text);
  });
}

async function firstError(query: string, variables: Record<string, unknown> = {}) {
  const { body } = await gql(shop.origin, { query, variables });
  const error = body.errors?.[0];
  if (!error) throw new Error(`no error for ${query}`);
  return error as { message: string; path?: (string | number)[]; extensions: Record<string, unknown> };
}

describe("the cart's refusals", () => {
  it("say 'only N left' and 'invalid code' in the request's language, with the codes kept", async () => {
    const [s] = await rows(sql`
      select s.id, s.in_stock from skus s join products p on p.id = s.product_id
      where p.type = 'product' and s.in_stock between 2 and 50 and s.oversellable = 0 and s.static = 0
      order by s.id limit 1`);
    const add = `mutation($skuId: Int!, $q: Int!, $channelId: String, $languageId: String) {
      addToCart(item: {skuId: $skuId, quantity: $q}, channelId: $channelId, languageId: $languageId) { id } }`;
    const over = { skuId: s.id, q: s.in_stock + 1 };
    const nb = await firstError(add, { ...over, ...no });
    expect(nb.message).toBe(`Kun ${s.in_stock} igjen på lager`);
    expect(nb.extensions).toMatchObject({ code: "OUT_OF_STOCK", reason: "OUT_OF_STOCK", stock: s.in_stock });
    const sv = await firstError(add, { ...over, ...se });
    expect(sv.message).toBe(`Endast ${s.in_stock} kvar i lager`);
    expect(sv.extensions).toMatchObject({ code: "OUT_OF_STOCK", reason: "OUT_OF_STOCK", stock: s.in_stock });

    const promo = `mutation($channelId: String, $languageId: String) {
      setCartPromoCode(promoCode: "NO-SUCH-CODE", channelId: $channelId, languageId: $languageId) { id } }`;
    const nbPromo = await firstError(promo, no);
    expect(nbPromo.message).toBe("Kampanjekoden er ugyldig.");
    expect(nbPromo.extensions).toMatchObject({ code: "BAD_USER_INPUT", reason: "INVALID_PROMO_CODE" });
    expect((await firstError(promo, se)).message).toBe("Kampanjkoden är ogiltig.");
  });

  it("fall back to the channel's language when languageId is missing, unknown or not the market's", async () => {
    const promo = (args: string) => `mutation { setCartPromoCode(promoCode: "NOPE", ${args}) { id } }`;
    expect((await firstError(promo('channelId: "1|se"'))).message).toBe("Kampanjkoden är ogiltig.");
    expect((await firstError(promo('channelId: "2|no"'))).message).toBe("Kampanjekoden er ugyldig.");
    expect((await firstError(promo('channelId: "1|se", languageId: "xx-XX"'))).message).toBe(
      "Kampanjkoden är ogiltig.",
    );
    // Market no allows only Norwegian: a Swedish languageId there answers Norwegian, as the data does.
    expect((await firstError(promo('channelId: "2|no", languageId: "sv-SE"'))).message).toBe(
      "Kampanjekoden er ugyldig.",
    );
    // Without any locale argument: the default channel (2|no).
    expect((await firstError(promo(""))).message.length).toBeGreaterThan(0);
    expect((await firstError('mutation { setCartPromoCode(promoCode: "NOPE") { id } }')).message).toBe(
      "Kampanjekoden er ugyldig.",
    );
  });

  it("word a missing package pick and a refused quantity", async () => {
    const [pkg] = await rows(sql`select p.id from products p where p.type = 'package' order by p.id limit 1`);
    const add = `mutation($id: Int!, $channelId: String, $languageId: String) {
      addPackageToCart(packageId: $id, selections: [], channelId: $channelId, languageId: $languageId) { id } }`;
    const sv = await firstError(add, { id: pkg.id, ...se });
    expect(sv.extensions).toMatchObject({ code: "BAD_USER_INPUT", reason: "PACKAGE_INCOMPLETE" });
    expect(sv.message).toMatch(/^Välj ett alternativ i: /);
    const quantity = await firstError(
      `mutation { addToCart(item: {skuId: 1, quantity: 0}, channelId: "2|no", languageId: "nb-NO") { id } }`,
    );
    expect(quantity.extensions).toMatchObject({ code: "BAD_USER_INPUT", reason: "INVALID_QUANTITY" });
    expect(quantity.message).toBe("Antallet må være et helt tall fra 1 til 999.");
  });
});

describe("argument checks and NOT_FOUND", () => {
  it("answer each root field in its own language, aliases and fragments included", async () => {
    const { body } = await gql(shop.origin, {
      query: `query($lang: String) {
        a: products(take: 500, channelId: "1|se", languageId: $lang) { count }
        ...F
      }
      fragment F on Query { b: products(skip: 7000, channelId: "2|no") { count } }`,
      variables: { lang: "sv-SE" },
    });
    const byPath = Object.fromEntries(
      (body.errors ?? []).map((e: { path: string[]; message: string }) => [e.path[0], e]),
    );
    expect(byPath.a).toMatchObject({
      message: "take måste vara ett heltal från 0 till 200.",
      extensions: { code: "BAD_USER_INPUT", argument: "take", min: 0, max: 200 },
    });
    expect(byPath.b).toMatchObject({
      message: "skip må være et helt tall fra 0 til 6000.",
      extensions: { code: "BAD_USER_INPUT", argument: "skip" },
    });
  });

  it("word every shopper-caused refusal of the catalog and the newsletter in Swedish and Norwegian", async () => {
    const calls = [
      `reviews(alias: "x", take: 51, LOCALE) { count }`,
      `productPriceHistory(alias: "x", days: 0, LOCALE) { date }`,
      `relatedProducts(alias: "${"x".repeat(201)}", LOCALE) { name }`,
      `urlHistory(url: "no-slash", LOCALE) { newUrl }`,
      `products(filter: { facets: [${Array.from({ length: 501 }, () => '"b_1"').join(",")}] }, LOCALE) { count }`,
      `searchSuggestions(searchText: "jakke", take: 21, LOCALE) { didYouMean }`,
    ];
    for (const [language, locale] of [
      ["sv", 'channelId: "1|se", languageId: "sv-SE"'],
      ["nb", 'channelId: "2|no", languageId: "nb-NO"'],
    ] as const) {
      for (const call of calls) {
        const error = await firstError(`{ ${call.replace("LOCALE", locale)} }`);
        expect(error.extensions.code, call).toBe("BAD_USER_INPUT");
        expect(isMessageIn(language, error.message), `${language}: ${error.message}`).toBe(true);
      }
      const newsletter = await firstError(
        `mutation { subscribeToNewsletter(email: "not-an-address", ${locale}) }`,
      );
      expect(newsletter.extensions.code).toBe("BAD_USER_INPUT");
      expect(newsletter.message).toBe(
        language === "nb" ? "Du må oppgi en gyldig e-post" : "Du måste ange en giltig e-postadress",
      );
    }
  });

  it("say NOT_FOUND over WebSocket in the subscription's language", async () => {
    const client = createClient({
      url: `${shop.origin.replace(/^http/, "ws")}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { "X-ApiKey": API_KEY },
      retryAttempts: 0,
    });
    try {
      for (const [locale, text] of [
        [se, "Vi hittar inte den här produkten."],
        [no, "Vi finner ikke dette produktet."],
      ] as const) {
        const iterator = client.iterate({
          query: `subscription($channelId: String, $languageId: String) {
            stockChanged(productId: 987654321, channelId: $channelId, languageId: $languageId) { skuId } }`,
          variables: locale,
        }) as AsyncIterableIterator<ExecutionResult>;
        const first = await iterator.next();
        await iterator.return?.();
        expect(first.value?.errors?.[0]).toMatchObject({ message: text, extensions: { code: "NOT_FOUND" } });
      }
    } finally {
      await client.dispose();
    }
  });
});

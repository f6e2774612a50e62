import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "#api/yoga.ts";
import { openDatabase } from "#db/client.ts";
import { seed } from "#db/seed/index.ts";
import { createLogger } from "#server/logger.ts";
import { createReferenceCache } from "#services/reference.ts";
import { gql, type Shop, startShop } from "#tests/support/shop.ts";

/**
 * Issue 10, item 10 (NUL bytes) and "what good looks like": text a database cannot hold is refused at the edge as
 * BAD_USER_INPUT, whatever the argument; fuzzed arguments never cause a server error, and a refused request
 * changes nothing; a database fault logs no SQL parameters. On PGlite, and PostgreSQL with DATABASE_URL.
 */
let shop: Shop;
let cartId: string;
beforeAll(async () => {
  shop = await startShop();
  const created = await gql(shop.origin, {
    query: 'mutation { addToCart(item: { skuId: 1, quantity: 1 }, channelId: "2|no") { id } }',
  });
  cartId = created.body.data.addToCart.id;
});
afterAll(async () => {
  await shop?.close();
});

const CART = `query($id: String) { getCart(id: $id, channelId: "2|no") { id version promoCode quantity items { skuId quantity } } }`;

async function cart() {
  const r = await gql(shop.origin, { query: CART, variables: { id: cartId } });
  return r.body.data.getCart;
}

type Answer = Awaited<ReturnType<typeof gql>>;

/** No server fault: below 500, and every error is a coded, deliberate one. */
function expectNoFault(r: Answer) {
  expect(r.status).toBeLessThan(500);
  for (const error of r.body.errors ?? []) {
    expect(typeof error.extensions?.code).toBe("string");
    expect(error.extensions.code).not.toBe("INTERNAL_SERVER_ERROR");
    expect(error.message).not.toBe("Unexpected error.");
  }
}

function expectInvalidText(r: Answer) {
  expect(r.status).toBe(400);
  expect(r.body.data).toBeUndefined();
  expect(r.body.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", reason: "INVALID_TEXT" });
}

describe("a NUL character in a string argument", () => {
  it('refuses setCartPromoCode("VIN\\u0000TER10") with BAD_USER_INPUT and leaves the cart as it was', async () => {
    const before = await cart();
    const literal = await gql(shop.origin, {
      query: `mutation { setCartPromoCode(id: "${cartId}", promoCode: "VIN\\u0000TER10", channelId: "2|no") { promoCode } }`,
    });
    expectInvalidText(literal);
    const variable = await gql(shop.origin, {
      query: `mutation($code: String!) { setCartPromoCode(id: "${cartId}", promoCode: $code, channelId: "2|no") { promoCode } }`,
      variables: { code: "VIN\u0000TER10" },
    });
    expectInvalidText(variable);
    expect(await cart()).toEqual(before);
  });

  it.each([
    ["product(alias)", '{ product(alias: "jakke\\u0000") { name } }'],
    ["reviews(alias)", '{ reviews(alias: "a\\u0000b") { count } }'],
    ["products(filter.searchText)", '{ products(filter: { searchText: "\\u0000" }) { count } }'],
    ["searchSuggestions", '{ searchSuggestions(searchText: "sko\\u0000") { didYouMean } }'],
    ["urlHistory", '{ urlHistory(url: "/p/\\u0000") { newUrl } }'],
  ])("refuses it in %s", async (_name, query) => {
    expectInvalidText(await gql(shop.origin, { query }));
  });

  it("refuses an unpaired surrogate the same way (in a variable; the parser refuses one in the document)", async () => {
    const r = await gql(shop.origin, {
      query: "query($a: String!) { product(alias: $a) { name } }",
      variables: { a: "jakke\ud800" },
    });
    expectInvalidText(r);
    const literal = await gql(shop.origin, { query: '{ product(alias: "\\ud800") { name } }' });
    expect(literal.status).toBe(400);
    expect(literal.body.errors?.[0]?.extensions.code).toBe("GRAPHQL_PARSE_FAILED");
  });

  it("refuses it anywhere in the variables, however deep", async () => {
    const r = await gql(shop.origin, {
      query: "query($f: FilterInputType) { products(filter: $f) { count } }",
      variables: { f: { facets: ["ok", "b\u0000"] } },
    });
    expectInvalidText(r);
  });
});

/** Strings a hostile client might send: any code unit (NUL, lone surrogates), SQL and path fragments. */
const hostileText = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({
    unit: fc.constantFrom(
      "\u0000",
      "\ud800",
      "\udfff",
      "a",
      "é",
      "%",
      "_",
      "'",
      '"',
      "\\",
      "/",
      "..",
      ";",
      "--",
      " ",
    ),
    maxLength: 20,
  }),
  fc.constantFrom("", " ", "%", "_%", "' or 1=1 --", "../../etc/passwd", "VINTER10", "GAVE-NO-500-0001"),
);
const hostileInt = fc.oneof(
  fc.integer({ min: -5, max: 300 }),
  fc.constantFrom(-2147483648, 2147483647, 6000, 6001, 200, 201),
);

describe("fuzzed arguments (fast-check)", () => {
  it("never cause a server error on catalog reads", async () => {
    const queries = [
      "query($s: String!) { product(alias: $s) { name skus { skuId } } }",
      "query($s: String!, $n: Int) { reviews(alias: $s, take: $n) { count } }",
      "query($s: String, $n: Int, $m: Int) { products(take: $n, skip: $m, filter: { searchText: $s }) { count products { productId } } }",
      "query($s: String!, $n: Int) { searchSuggestions(searchText: $s, take: $n) { didYouMean } }",
      "query($s: String!) { urlHistory(url: $s) { newUrl } }",
      "query($s: String) { listPageInfo(url: $s) { name } }",
      "query($s: String) { channel(channelId: $s, marketId: $s, languageId: $s) { channelId } }",
      "query($s: String, $n: Int) { products(categoryAlias: $s, brandAlias: $s, take: $n) { count } }",
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...queries),
        hostileText,
        hostileInt,
        hostileInt,
        async (query, s, n, m) => {
          expectNoFault(await gql(shop.origin, { query, variables: { s, n, m } }));
        },
      ),
      { numRuns: 120 },
    );
  });

  it("never cause a server error on the cart, and a refused change changes nothing", async () => {
    const mutations = [
      `mutation($id: String, $s: String!) { change: setCartPromoCode(id: $id, promoCode: $s, channelId: "2|no") { version } }`,
      `mutation($id: String, $n: Int, $q: Int!, $s: String) { change: addToCart(id: $id, item: { skuId: $n, quantity: $q, message: $s }, channelId: "2|no") { version } }`,
      `mutation($id: String, $q: Int!, $s: String) { change: updateCartItem(id: $id, item: { id: $s, quantity: $q }, channelId: "2|no") { version } }`,
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...mutations),
        hostileText,
        hostileInt,
        hostileInt,
        async (query, s, n, q) => {
          const before = await cart();
          const r = await gql(shop.origin, { query, variables: { id: cartId, s, n, q } });
          expectNoFault(r);
          if (r.body.errors?.length) expect(await cart()).toEqual(before);
          else expect(r.body.data.change.version).toBeGreaterThanOrEqual(before.version);
        },
      ),
      { numRuns: 80 },
    );
  });
});

describe("a database fault in the log", () => {
  it("names the failed statement but none of its parameters", async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    // A real fault with a parameter: the shop's data, but the table the alias is looked up in is gone.
    const broken = await openDatabase({ dir: "memory" });
    await broken.migrate();
    await seed(broken, { products: 5 });
    await broken.db.execute(sql`alter table product_translations rename to product_translations_gone`);
    const logger = createLogger("info", sink);
    const api = createApi({
      services: { db: broken.db, reference: createReferenceCache(broken.db), logger },
      apiKey: "k",
    });
    const secret = "kari.nordmann@example.no";
    const response = await api.fetch(
      new Request("http://x/graphql", {
        method: "POST",
        headers: { "content-type": "application/json", "x-apikey": "k" },
        body: JSON.stringify({
          query: 'query($a: String!) { reviews(alias: $a, channelId: "2|no") { count } }',
          variables: { a: secret },
        }),
      }),
    );
    const body = (await response.json()) as { errors: { message: string }[] };
    expect(body.errors[0]?.message).toBe("Unexpected error.");
    await broken.close();
    const log = lines.join("");
    expect(log).toMatch(/graphql error/);
    expect(log).toMatch(/Failed query/);
    expect(log).not.toContain(secret);
    expect(log).not.toMatch(/params: (?!\[not logged\])/);
  });
});

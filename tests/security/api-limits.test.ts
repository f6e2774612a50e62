import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "#api/limits.ts";
import { operationText } from "#app/lib/graphql/client.ts";
import { ProductListQuery } from "#app/lib/graphql/list-operations.ts";
import { API_KEY, gql, type Shop, startShop } from "#tests/support/shop.ts";

/**
 * Issue 10, items 6 and 14: the cost limit counts list sizes, a few costly requests cannot starve the others,
 * and every limit answers HTTP 400 with its extensions.code — over the real server (PGlite, or PostgreSQL with
 * DATABASE_URL).
 */
let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.close();
});

const aliases = (n: number, field: string) =>
  Array.from({ length: n }, (_, i) => `a${i}: ${field}`).join("\n");

/** The probe as filed: 20 aliases × products(take: 200), each product with SKUs, stock and images. */
const PROBE = `{ ${aliases(
  20,
  "products(take: 200) { products { name skus { skuId stock { inStock } } productImages { fileName } } }",
)} }`;

async function cartLines(id: string): Promise<number> {
  const r = await gql(shop.origin, { query: `{ getCart(id: "${id}") { items { id } } }` });
  return r.body.data.getCart.items.length;
}

describe("the cost limit counts list sizes", () => {
  it("refuses 20 aliases × products(take: 200) with 400 QUERY_TOO_COMPLEX, before anything runs", async () => {
    const r = await gql(shop.origin, { query: PROBE });
    expect(r.status).toBe(400);
    expect(r.body.data).toBeUndefined();
    expect(r.body.errors).toHaveLength(1);
    expect(r.body.errors?.[0]?.extensions).toMatchObject({
      code: "QUERY_TOO_COMPLEX",
      maxCost: LIMITS.maxCost,
    });
    expect(r.body.errors?.[0]?.extensions.cost).toBeGreaterThan(LIMITS.maxCost);
    expect(r.body.errors?.[0]?.extensions.http).toBeUndefined();
  });

  it("counts take given in a variable, and nested lists multiplicatively", async () => {
    const query = `query($take: Int) { products(take: $take) { products { name skus { skuId stock { inStock } } variantGroup { variants { value variants { value variants { value } } } } } } }`;
    const small = await gql(shop.origin, { query, variables: { take: 2 } });
    expect(small.status).toBe(200);
    expect(small.body.errors).toBeUndefined();
    const large = await gql(shop.origin, { query, variables: { take: 200 } });
    expect(large.status).toBe(400);
    expect(large.body.errors?.[0]?.extensions.code).toBe("QUERY_TOO_COMPLEX");
  });

  it("answers the storefront's own list at its largest page (200 favourites, with facets)", async () => {
    const { query } = operationText(ProductListQuery);
    const r = await gql(shop.origin, { query, variables: { take: 200, channelId: "2|no" } });
    expect(r.status).toBe(200);
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.products.products.length).toBeGreaterThan(0);
  });

  it("refuses a costly mutation before it runs: the cart is unchanged", async () => {
    const created = await gql(shop.origin, {
      query: "mutation { getCart: addToCart(item: { skuId: 1, quantity: 1 }) { id } }",
    });
    const id = created.body.data.getCart.id as string;
    const lines = await cartLines(id);
    const mutation = `mutation { ${aliases(
      20,
      `addToCart(id: "${id}", item: { skuId: 2, quantity: 1 }) { items { id skuId unitPrice { sellingPriceIncVatFormatted regularPriceIncVatFormatted } productPackage { product { name productImages { fileName } } } } }`,
    )} }`;
    const r = await gql(shop.origin, { query: mutation });
    expect(r.status).toBe(400);
    expect(r.body.errors?.[0]?.extensions.code).toBe("QUERY_TOO_COMPLEX");
    expect(await cartLines(id)).toBe(lines);
  });
});

describe("a request must not starve the others", () => {
  it("answers /healthz and a shopper's query while three probes arrive at once (they are refused)", async () => {
    const probes = Array.from({ length: 3 }, () => gql(shop.origin, { query: PROBE }));
    const health = fetch(`${shop.origin}/healthz`);
    const light = gql(shop.origin, { query: "{ channels { channelId } }" });
    const [healthz, shopper, ...refused] = await Promise.all([health, light, ...probes]);
    expect(healthz.status).toBe(200);
    expect(await healthz.text()).toBe("ok");
    expect(shopper.body.data.channels).toHaveLength(2);
    for (const r of refused) {
      expect(r.status).toBe(400);
      expect(r.body.errors?.[0]?.extensions.code).toBe("QUERY_TOO_COMPLEX");
    }
  });

  it("runs costly operations a few at a time (the rest wait or are told to come back) and answers /healthz meanwhile", async () => {
    const { query } = operationText(ProductListQuery);
    const order: string[] = [];
    const heavy = Array.from({ length: 24 }, async () => {
      const response = await fetch(`${shop.origin}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-apikey": API_KEY },
        body: JSON.stringify({ query, variables: { take: 200, channelId: "1|se" } }),
      });
      const body = (await response.json()) as {
        data?: { products?: { products: unknown[] } };
        errors?: { extensions: { code: string } }[];
      };
      order.push(`heavy-${response.status}`);
      return { status: response.status, retryAfter: response.headers.get("retry-after"), body };
    });
    const health = fetch(`${shop.origin}/healthz`).then(async (r) => {
      order.push("healthz");
      return { status: r.status, text: await r.text() };
    });
    const [healthz, ...answers] = await Promise.all([health, ...heavy]);

    expect(healthz).toEqual({ status: 200, text: "ok" });
    const served = answers.filter((a) => a.status === 200);
    const busy = answers.filter((a) => a.status === 503);
    expect(served.length + busy.length).toBe(answers.length);
    // How many are told to come back depends on how the requests interleave (on PGlite the database shares the
    // event loop); api/admission.test.ts proves the bounds themselves.
    expect(served.length).toBeGreaterThan(0);
    for (const a of served) expect(a.body.data?.products?.products.length).toBeGreaterThan(0);
    for (const a of busy) {
      expect(a.body.errors?.[0]?.extensions.code).toBe("SERVER_BUSY");
      expect(Number(a.retryAfter)).toBeGreaterThan(0);
    }
    // /healthz did not wait for the admitted heavy operations: one of them was still running when it answered.
    expect(order.indexOf("healthz")).toBeLessThan(order.lastIndexOf("heavy-200"));
  });
});

describe("limit errors have their shape (HTTP 400, extensions.code, no suggestions)", () => {
  it.each([
    [
      "depth",
      `{ categories { children { children { children { children { children { children { children { children { children { children { children { name } } } } } } } } } } } } }`,
      "QUERY_TOO_DEEP",
    ],
    ["aliases", `{ ${aliases(LIMITS.maxAliases + 1, "channels { channelId }")} }`, "TOO_MANY_ALIASES"],
    [
      "directives",
      `{ channels { channelId ${"@include(if: true) ".repeat(LIMITS.maxDirectives + 1)} } }`,
      "TOO_MANY_DIRECTIVES",
    ],
    ["tokens", `{ channels { ${"channelId ".repeat(LIMITS.maxTokens)} } }`, "TOO_MANY_TOKENS"],
  ])("%s", async (_name, query, code) => {
    const r = await gql(shop.origin, { query });
    expect(r.status).toBe(400);
    expect(r.body.data).toBeUndefined();
    expect(r.body.errors?.map((e: { extensions: { code: string } }) => e.extensions.code)).toContain(code);
    expect(JSON.stringify(r.body)).not.toMatch(/Syntax Error/);
  });

  it("suggests no enum values, fields or arguments, in the document or in variables", async () => {
    const enumLiteral = await gql(shop.origin, { query: "{ products(filter: { sort: PRICEX }) { count } }" });
    const enumVariable = await gql(shop.origin, {
      query: "query($f: FilterInputType) { products(filter: $f) { count } }",
      variables: { f: { sort: "PRICEX" } },
    });
    const field = await gql(shop.origin, { query: "{ channels { channelI } }" });
    const argument = await gql(shop.origin, { query: "{ products(tak: 1) { count } }" });
    for (const r of [enumLiteral, enumVariable, field, argument]) {
      expect(r.status).toBe(400);
      expect(r.body.errors?.length).toBeGreaterThan(0);
      expect(JSON.stringify(r.body)).not.toMatch(/Did you mean|PRICE"|channelId|take/);
      for (const e of r.body.errors ?? []) expect(typeof e.extensions?.code).toBe("string");
    }
  });
});

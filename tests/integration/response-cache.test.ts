import { sql } from "drizzle-orm";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startShopsOnOneDatabase } from "#tests/support/shared-db.ts";
import { gql, type Shop, startShop } from "#tests/support/shop.ts";

/**
 * The API's response cache (api/response-cache.ts, decision 0023): public catalog answers kept by catalog version,
 * never stale after a change committed by SQL, never for a signed-in shopper or the cart, shared through Redis.
 * A cached answer runs at most one statement: the version read (none on PGlite, where the version is heard at
 * each commit: services/catalog-version.ts).
 */

const PRODUCT = `query Product($alias: String!) {
  product(alias: $alias, channelId: "1|se", languageId: "sv-SE", marketId: "se") {
    productId name
    unitPrice { sellingPriceIncVat regularPriceIncVat }
    skus { skuId name stock { inStock totalStock } }
    brand { name }
    productImages { fileName }
    variantDimensions { dimension value }
  }
}`;

const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

async function firstAlias(shop: Shop): Promise<string> {
  const { body } = await gql(shop.origin, {
    query: `{ products(take: 1, channelId: "1|se", languageId: "sv-SE", marketId: "se") { products { alias } } }`,
  });
  return body.data.products.products[0].alias as string;
}

/**
 * The answer to PRODUCT, the statements it ran, and whether one of them read the catalog's products (an answer
 * computed, not taken from the cache: since decision 0044 `product(alias)` is one statement, so a count alone no
 * longer tells a computed answer from a cached one that reads the version on PostgreSQL).
 */
async function product(shop: Shop, alias: string, headers: Record<string, string> = {}) {
  const before = shop.db.statements();
  const texts: string[] = [];
  const stop = shop.db.onStatement((text) => texts.push(text));
  try {
    const { status, body } = await gql(shop.origin, { query: PRODUCT, variables: { alias } }, headers);
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    return {
      data: body.data,
      statements: shop.db.statements() - before,
      computed: texts.some((text) => /\b(from|join)\s+"?products"?\s/i.test(text)),
    };
  } finally {
    stop();
  }
}

/** Sets every SKU price of the product in market se, as a merchant's SQL would. */
async function setPrice(shop: Shop, productId: number, minor: number) {
  await shop.db.db.execute(sql`
    update prices set regular_minor = ${minor}, selling_minor = ${minor}, reduced_since = null, campaign_id = null
    where market_alias = 'se' and sku_id in (select id from skus where product_id = ${productId})`);
}

describe("response cache, one process", () => {
  let shop: Shop;
  let alias: string;
  beforeAll(async () => {
    shop = await startShop();
    alias = await firstAlias(shop);
  });
  afterAll(async () => {
    await shop?.close();
  });

  it("answers a repeated product(alias) from the cache with the same answer, reading only the version", async () => {
    const first = await product(shop, alias);
    const second = await product(shop, alias);
    expect(second.data).toEqual(first.data);
    expect(second.statements).toBe(shop.db.kind === "pglite" ? 0 : 1);
    expect(second.computed).toBe(false);
    expect(first.computed).toBe(true);
    // The third is written from the text the second hit kept (decision 0077): still the same answer.
    const third = await product(shop, alias);
    expect(third.data).toEqual(first.data);
    expect(third.computed).toBe(false);
  });

  it("shows a price changed by SQL in the very next answer", async () => {
    const before = await product(shop, alias);
    await product(shop, alias);
    const productId = before.data.product.productId as number;
    await setPrice(shop, productId, 123_45);
    const after = await product(shop, alias);
    expect(after.data.product.unitPrice.sellingPriceIncVat).toBe(123.45);
    expect(after.computed).toBe(true);
    expect({ ...after.data.product, unitPrice: null }).toEqual({ ...before.data.product, unitPrice: null });
  });

  it("shows stock changed by SQL in the very next answer (the version covers stock, migration 0010)", async () => {
    const before = await product(shop, alias);
    const sku = before.data.product.skus[0];
    await shop.db.db.execute(sql`update skus set in_stock = in_stock + 7 where id = ${sku.skuId}`);
    const after = await product(shop, alias);
    expect(after.data.product.skus[0].stock.inStock).toBe(sku.stock.inStock + 7);
  });

  it("never keeps answers for a signed-in shopper (Authorization or the mili-auth cookie)", async () => {
    const privateHeaders: Record<string, string>[] = [
      { authorization: "Bearer someone" },
      { cookie: "mili-auth=someone" },
    ];
    for (const headers of privateHeaders) {
      const first = await product(shop, alias, headers);
      const second = await product(shop, alias, headers);
      expect(second.data).toEqual(first.data);
      expect(second.computed).toBe(true);
    }
  });

  it("never answers a mutation from the cache: the same addToCart twice adds twice, without reading the version", async () => {
    const first = await product(shop, alias);
    const skuId = first.data.product.skus[0].skuId as number;
    const cart = await gql(shop.origin, { query: `{ getCart(channelId: "1|se") { id } }` });
    const id = cart.body.data.getCart.id as string;
    const add = `mutation($id: String, $skuId: Int) {
      addToCart(id: $id, channelId: "1|se", item: { skuId: $skuId, quantity: 1 }) { quantity } }`;
    const quantities: number[] = [];
    const texts: string[] = [];
    const stop = shop.db.onStatement((text) => texts.push(text));
    try {
      for (let i = 0; i < 2; i++) {
        const { body } = await gql(shop.origin, { query: add, variables: { id, skuId } });
        expect(body.errors).toBeUndefined();
        quantities.push(body.data.addToCart.quantity);
      }
    } finally {
      stop();
    }
    expect(quantities).toEqual([1, 2]);
    // A mutation's key is never looked up nor kept: the catalog version is not read for it (decision 0070).
    expect(texts.filter((text) => /catalog_index_state/.test(text))).toEqual([]);
  });

  it("shows a category renamed by SQL in the very next answer (the category tree is kept per reference copy, decision 0074)", async () => {
    const query = `{ categories(channelId: "1|se", languageId: "sv-SE", marketId: "se") { categoryId name } }`;
    const names = async () =>
      (await gql(shop.origin, { query })).body.data.categories as { categoryId: number; name: string }[];
    const before = await names();
    const first = before[0];
    if (!first) throw new Error("no categories");
    await shop.db.db.execute(sql`
      update category_translations set name = ${`${first.name} (ny)`}
      where category_id = ${first.categoryId} and language_id = 'sv-SE'`);
    const after = await names();
    expect(after.find((c) => c.categoryId === first.categoryId)?.name).toBe(`${first.name} (ny)`);
    await shop.db.db.execute(sql`
      update category_translations set name = ${first.name}
      where category_id = ${first.categoryId} and language_id = 'sv-SE'`);
    expect(await names()).toEqual(before);
  });

  it("drops a variant taken out by SQL from its siblings' very next answers (variant groups are kept per reference copy, decision 0074)", async () => {
    const list = `{ products(take: 100, channelId: "1|se", languageId: "sv-SE", marketId: "se") { products { alias productId variantGroup { variants { productId } } } } }`;
    type Listed = {
      alias: string;
      productId: number;
      variantGroup: { variants: { productId: number }[] } | null;
    };
    const listed = (await gql(shop.origin, { query: list })).body.data.products.products as Listed[];
    const product = listed.find(
      (p) =>
        new Set(p.variantGroup?.variants.map((v) => v.productId).filter((id) => id !== p.productId)).size > 0,
    );
    if (!product) throw new Error("no product with a variant group");
    const sibling = product.variantGroup?.variants.find((v) => v.productId !== product.productId)?.productId;
    const variantsOf = async () => {
      const query = `{ product(alias: "${product.alias}", channelId: "1|se", languageId: "sv-SE", marketId: "se") { variantGroup { variants { productId } } } }`;
      const { body } = await gql(shop.origin, { query });
      return (body.data.product.variantGroup?.variants ?? []).map((v: { productId: number }) => v.productId);
    };
    expect(await variantsOf()).toContain(sibling);
    await shop.db.db.execute(sql`update products set active = false where id = ${sibling}`);
    try {
      expect(await variantsOf()).not.toContain(sibling);
    } finally {
      await shop.db.db.execute(sql`update products set active = true where id = ${sibling}`);
    }
    expect(await variantsOf()).toContain(sibling);
  });

  it("never keeps an operation that selects the cart", async () => {
    const query = `{ getCart(channelId: "1|se", languageId: "sv-SE", marketId: "se") { id } }`;
    const runs: number[] = [];
    for (let i = 0; i < 2; i++) {
      const before = shop.db.statements();
      await gql(shop.origin, { query });
      runs.push(shop.db.statements() - before);
    }
    expect(runs[1]).toBeGreaterThan(1);
  });
});

/**
 * Single flight (decision 0047): concurrent identical requests compute one answer per process. Through Redis, whose
 * lookups are real I/O: requests arriving while the first is on its way find its flight (on PGlite alone a request
 * runs to its end before the next one is read, so none would overlap).
 */
describe("response cache, single flight", () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await startShop({ REDIS_URL });
  });
  afterAll(async () => {
    await shop?.close();
  });

  it("computes concurrent identical requests once (single flight), never sharing across markets, languages or shoppers", async () => {
    const LOCALIZED = `query Localized($alias: String!, $channelId: String, $languageId: String, $marketId: String) {
      product(alias: $alias, channelId: $channelId, languageId: $languageId, marketId: $marketId) {
        productId name unitPrice { sellingPriceIncVat currency { code } }
      }
    }`;
    const list = async (channelId: string, languageId: string, marketId: string) =>
      (
        await gql(shop.origin, {
          query: `query($c: String, $l: String, $m: String) {
            products(take: 5, channelId: $c, languageId: $l, marketId: $m) {
              products { productId alias name } } }`,
          variables: { c: channelId, l: languageId, m: marketId },
        })
      ).body.data.products.products as { productId: number; alias: string; name: string }[];
    const [sv, nb] = [await list("1|se", "sv-SE", "se"), await list("2|no", "nb-NO", "no")];
    // A product listed in both markets, not asked before.
    const own = sv.find((p) => nb.some((n) => n.productId === p.productId));
    const other = nb.find((n) => n.productId === own?.productId);
    if (!own || !other) throw new Error("no product listed in both markets");
    const se = { alias: own.alias, channelId: "1|se", languageId: "sv-SE", marketId: "se" };
    const no = { alias: other.alias, channelId: "2|no", languageId: "nb-NO", marketId: "no" };
    const texts: string[] = [];
    const stop = shop.db.onStatement((text) => texts.push(text));
    let answers: Awaited<ReturnType<typeof gql>>[];
    try {
      // Five identical requests per market and language, and two of a signed-in shopper, all at once.
      answers = await Promise.all([
        ...Array.from({ length: 5 }, () => gql(shop.origin, { query: LOCALIZED, variables: se })),
        ...Array.from({ length: 5 }, () => gql(shop.origin, { query: LOCALIZED, variables: no })),
        ...Array.from({ length: 2 }, () =>
          gql(shop.origin, { query: LOCALIZED, variables: se }, { authorization: "Bearer someone" }),
        ),
      ]);
    } finally {
      stop();
    }
    for (const { status, body } of answers) {
      expect(status).toBe(200);
      expect(body.errors).toBeUndefined();
    }
    const products = answers.map((a) => a.body.data.product);
    for (const p of [...products.slice(0, 5), ...products.slice(10)]) {
      expect(p).toEqual(products[0]);
      expect(p).toMatchObject({
        productId: own.productId,
        name: own.name,
        unitPrice: { currency: { code: "SEK" } },
      });
    }
    for (const p of products.slice(5, 10)) {
      expect(p).toEqual(products[5]);
      expect(p).toMatchObject({
        productId: own.productId,
        name: other.name,
        unitPrice: { currency: { code: "NOK" } },
      });
    }
    // product(alias) reads the product in one statement: once for Sweden, once for Norway, once per private request.
    const computed = texts.filter((text) => /\b(from|join)\s+"?products"?\s/i.test(text));
    expect(computed.length).toBe(1 + 1 + 2);
  });
});

describe.runIf(process.env.DATABASE_URL)("response cache, two processes on PostgreSQL sharing Redis", () => {
  let shops: Shop[];
  let close: () => Promise<void>;
  let alias: string;
  beforeAll(async () => {
    ({ shops, close } = await startShopsOnOneDatabase(2, { REDIS_URL }));
    alias = await firstAlias(shops[0] as Shop);
  });
  afterAll(async () => {
    await close?.();
  });

  it("one process answers from what the other computed, and both show a price changed by SQL next", async () => {
    const [a, b] = shops as [Shop, Shop];
    const first = await product(a, alias);
    expect(first.computed).toBe(true);
    const fromRedis = await product(b, alias);
    expect(fromRedis.data).toEqual(first.data);
    expect(fromRedis.statements).toBe(1);
    expect(fromRedis.computed).toBe(false);

    await setPrice(a, first.data.product.productId as number, 98_76);
    for (const shop of [b, a]) {
      const after = await product(shop, alias);
      expect(after.data.product.unitPrice.sellingPriceIncVat).toBe(98.76);
    }
    // The second process found the first's new answer in Redis.
    expect((await product(a, alias)).statements).toBe(1);
  });

  it("keeps the entries in Redis under the database's name, with a lifetime", async () => {
    const redis = new Redis(REDIS_URL);
    try {
      const keys = await redis.keys("mili:*:rc:*");
      expect(keys.length).toBeGreaterThan(0);
      expect(await redis.pttl(keys[0] as string)).toBeGreaterThan(0);
    } finally {
      redis.disconnect();
    }
  });
});

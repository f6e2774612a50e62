import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, categories, markets, priceLog, products, skus } from "#db/schema/index.ts";
import { adminCall, signedInAdmins } from "#tests/support/admin.ts";
import { gql, type Shop, startShop } from "#tests/support/shop.ts";

/**
 * The back office's catalog (issue 15, decision 0043) through /admin/graphql: create a product with a SKU and
 * prices, edit its texts, stock and prices; the storefront's API shows each change at once (the catalog version);
 * support reads but is refused changes; a form of an older version is refused with what changed; bad input is
 * refused with localized field problems and changes nothing. PGlite, and PostgreSQL with DATABASE_URL.
 */
let shop: Shop;
let cookies: Record<string, string> = {};
let categoryId = 0;

// biome-ignore lint/suspicious/noExplicitAny: tests walk answers of many shapes; each asserts what it reads.
type Json = any;

function admin(who: string, query: string, variables: Record<string, unknown> = {}) {
  return adminCall(shop, cookies[who] ?? "", query, variables);
}

beforeAll(async () => {
  shop = await startShop({ SEED_PRODUCTS: "10" });
  cookies = await signedInAdmins(shop, { owner: "owner", staff: "staff", support: "support" });
  const [leaf] = await shop.db.db
    .select({ id: categories.id })
    .from(categories)
    .where(sql`${categories.parentId} is not null`)
    .limit(1);
  categoryId = leaf?.id ?? 0;
});
afterAll(async () => {
  await shop?.close();
});

const CREATE = `mutation($input: AdminProductCreateInput!) { createProduct(input: $input) { productId version } }`;
const UPDATE = `mutation($id: Int!, $v: Int!, $input: AdminProductInput!) { updateProduct(productId: $id, version: $v, input: $input) { version } }`;
const PRICES = `mutation($id: Int!, $v: Int!, $sku: Int!, $prices: [AdminPriceInput!]!) { savePrices(productId: $id, version: $v, skuId: $sku, prices: $prices) { version } }`;
const SKU = `mutation($id: Int!, $v: Int!, $sku: Int, $input: AdminSkuInput!) { saveSku(productId: $id, version: $v, skuId: $sku, input: $input) { version } }`;
const READ = `query($id: Int!) { product(productId: $id) { version articleNumber active categoryIds
  texts { languageId name alias shortText }
  skus { skuId name gtin inStock oversellable incoming prices { marketAlias currencyCode regularMinor sellingMinor priorMinor log { regularMinor sellingMinor } } } } }`;

function newProduct(tag: string) {
  return {
    articleNumber: `ADM-${tag}`,
    active: true,
    categoryIds: [categoryId],
    nb: { name: `Testjakke ${tag}`, shortText: "Varm og lett" },
    sv: { name: `Testjacka ${tag}`, shortText: "Varm och lätt" },
    sku: { name: "M", gtin: "", inStock: "7", oversellable: "0" },
    prices: [
      { marketAlias: "no", regular: "1 499", selling: "" },
      { marketAlias: "se", regular: "1399,00", selling: "" },
    ],
  };
}

async function read(productId: number) {
  const answer = await admin("owner", READ, { id: productId });
  expect(answer.errors).toBeUndefined();
  return answer.data.product;
}

async function storefront(alias: string, locale: { channelId: string; languageId: string }) {
  const { body } = await gql(shop.origin, {
    query: `query($alias: String!, $channelId: String, $languageId: String) { product(alias: $alias, channelId: $channelId, languageId: $languageId) {
      name texts { text2 } unitPrice { sellingPriceIncVat regularPriceIncVat } skus { skuId stock { inStock } } } }`,
    variables: { alias, ...locale },
  });
  expect(body.errors).toBeUndefined();
  return body.data.product;
}

async function catalogVersion() {
  const result = (await shop.db.db.execute(sql`select version from catalog_index_state`)) as unknown;
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    version: unknown;
  }[];
  return Number(rows[0]?.version);
}

describe("creating and editing a product", () => {
  it("creates it with a SKU and prices; the storefront shows it in nb and sv at once; every step audited", async () => {
    const tag = randomUUID().slice(0, 6);
    const versionBefore = await catalogVersion();
    const created = await admin("staff", CREATE, { input: newProduct(tag) });
    expect(created.errors).toBeUndefined();
    const { productId, version } = created.data.createProduct;
    expect(version).toBe(1);
    expect(await catalogVersion()).toBeGreaterThan(versionBefore);
    const product = await read(productId);
    expect(product.texts.map((t: Json) => t.alias)).toEqual([`testjakke-${tag}`, `testjacka-${tag}`]);
    expect(product.skus[0]).toMatchObject({ name: "M", inStock: 7, gtin: null });
    expect(product.skus[0].prices.find((p: Json) => p.marketAlias === "no")).toMatchObject({
      currencyCode: "NOK",
      regularMinor: 149900,
      sellingMinor: 149900,
    });
    const nb = await storefront(`testjakke-${tag}`, { channelId: "2|no", languageId: "nb-NO" });
    expect(nb).toMatchObject({ name: `Testjakke ${tag}`, texts: { text2: "Varm og lett" } });
    expect(nb.unitPrice.sellingPriceIncVat).toBe(1499);
    const sv = await storefront(`testjacka-${tag}`, { channelId: "1|se", languageId: "sv-SE" });
    expect(sv).toMatchObject({ name: `Testjacka ${tag}` });
    expect(sv.unitPrice.sellingPriceIncVat).toBe(1399);

    // Texts: the name changes, the address stays.
    const input = { ...newProduct(tag), nb: { name: `Vinterjakke ${tag}`, shortText: "Enda varmere" } };
    const { sku: _sku, prices: _prices, ...fields } = input;
    const updated = await admin("owner", UPDATE, { id: productId, v: 1, input: fields });
    expect(updated.errors).toBeUndefined();
    expect(updated.data.updateProduct.version).toBe(2);
    expect(await storefront(`testjakke-${tag}`, { channelId: "2|no", languageId: "nb-NO" })).toMatchObject({
      name: `Vinterjakke ${tag}`,
      texts: { text2: "Enda varmere" },
    });

    // A sale price: logged, shown, and the storefront sells at it.
    const skuId = product.skus[0].skuId;
    const priced = await admin("staff", PRICES, {
      id: productId,
      v: 2,
      sku: skuId,
      prices: [{ marketAlias: "no", regular: "1499", selling: "999" }],
    });
    expect(priced.errors).toBeUndefined();
    const after = await read(productId);
    const no = after.skus[0].prices.find((p: Json) => p.marketAlias === "no");
    expect(no).toMatchObject({ regularMinor: 149900, sellingMinor: 99900, priorMinor: 149900 });
    expect(no.log[0]).toEqual({ regularMinor: 149900, sellingMinor: 99900 });
    expect(no.log).toHaveLength(2);
    expect(
      (await storefront(`testjakke-${tag}`, { channelId: "2|no", languageId: "nb-NO" })).unitPrice,
    ).toEqual({
      sellingPriceIncVat: 999,
      regularPriceIncVat: 1499,
    });

    // Stock (spec §3): shelf, oversellable, incoming.
    const stocked = await admin("staff", SKU, {
      id: productId,
      v: 3,
      sku: skuId,
      input: { name: "M", gtin: "2000000000008", inStock: "0", oversellable: "4", incoming: "2027-03-01" },
    });
    expect(stocked.errors).toBeUndefined();
    const [row] = await shop.db.db.select().from(skus).where(eq(skus.id, skuId));
    expect(row).toMatchObject({ inStock: 0, oversellable: 4, incoming: "2027-03-01", gtin: "2000000000008" });
    expect(
      (await storefront(`testjakke-${tag}`, { channelId: "2|no", languageId: "nb-NO" })).skus[0].stock,
    ).toEqual({
      inStock: 0,
    });

    const entries = await shop.db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "product"), eq(auditLog.entityId, String(productId))));
    expect(entries.map((e) => [e.action, e.actor])).toEqual([
      ["product.create", "staff@mili.example"],
      ["product.update", "owner@mili.example"],
      ["price.update", "staff@mili.example"],
      ["sku.update", "staff@mili.example"],
    ]);
    expect(entries[2]).toMatchObject({
      before: { [`price.${skuId}.no.selling`]: 149900, version: 2 },
      after: { [`price.${skuId}.no.selling`]: 99900, version: 3 },
    });
  });
});

describe("refusals change nothing", () => {
  it("support reads the catalog but may not change it (FORBIDDEN)", async () => {
    const list = await admin(
      "support",
      `{ products(take: 5, sort: articleNumber) { total products { productId } } }`,
    );
    expect(list.errors).toBeUndefined();
    expect(list.data.products.total).toBeGreaterThan(0);
    const id = list.data.products.products[0].productId;
    const before = await read(id);
    const refused = await admin("support", PRICES, {
      id,
      v: before.version,
      sku: before.skus[0].skuId,
      prices: [{ marketAlias: "se", regular: "1" }],
    });
    expect(refused.code).toBe("FORBIDDEN");
    expect((await admin("support", CREATE, { input: newProduct("x") })).code).toBe("FORBIDDEN");
    expect(await read(id)).toEqual(before);
  });

  it("bad input: every problem by field with a stable code and a text in the admin's language; nothing stored", async () => {
    await admin("staff", `mutation { setLanguage(language: sv) { language } }`);
    const bad = {
      ...newProduct("bad"),
      articleNumber: "a b",
      nb: { name: "" },
      sku: { name: "S", gtin: "1234567", inStock: "-2", oversellable: "1.5", incoming: "2026-13-01" },
      prices: [{ marketAlias: "no", regular: "100", selling: "200" }],
    };
    const productsBefore = await shop.db.db.select({ n: sql<number>`count(*)::int` }).from(products);
    const refused = await admin("staff", CREATE, { input: bad });
    expect(refused.code).toBe("BAD_USER_INPUT");
    const problems = refused.errors?.[0]?.extensions?.problems as Json[];
    expect(problems.map((p) => [p.field, p.code])).toEqual([
      ["articleNumber", "invalidArticleNumber"],
      ["nb.name", "required"],
      ["sku.gtin", "invalidGtin"],
      ["sku.inStock", "outOfRange"],
      ["sku.oversellable", "notWholeNumber"],
      ["sku.incoming", "invalidDate"],
      ["price.no.selling", "saleAboveRegular"],
    ]);
    expect(problems[1].message).toBe("Fyll i fältet.");
    expect(await shop.db.db.select({ n: sql<number>`count(*)::int` }).from(products)).toEqual(productsBefore);
    await admin("staff", `mutation { setLanguage(language: en) { language } }`);

    const created = await admin("staff", CREATE, { input: newProduct(randomUUID().slice(0, 6)) });
    const { productId } = created.data.createProduct;
    const product = await read(productId);
    const logBefore = await shop.db.db
      .select()
      .from(priceLog)
      .where(eq(priceLog.skuId, product.skus[0].skuId));
    const refusedPrice = await admin("staff", PRICES, {
      id: productId,
      v: 1,
      sku: product.skus[0].skuId,
      prices: [
        { marketAlias: "se", regular: "500" },
        { marketAlias: "no", regular: "abc" },
      ],
    });
    expect(refusedPrice.code).toBe("BAD_USER_INPUT");
    expect(refusedPrice.errors?.[0]?.extensions?.problems).toEqual([
      { field: "price.no.regular", code: "invalidAmount", message: "Enter an amount, e.g. 1299 or 1299.50." },
    ]);
    const taken = await admin("staff", CREATE, {
      input: { ...newProduct("dup"), articleNumber: product.articleNumber },
    });
    expect(taken.errors?.[0]?.extensions?.problems).toEqual([
      expect.objectContaining({ field: "articleNumber", code: "articleNumberTaken" }),
    ]);
    expect(await read(productId)).toEqual(product);
    expect(await shop.db.db.select().from(priceLog).where(eq(priceLog.skuId, product.skus[0].skuId))).toEqual(
      logBefore,
    );
  });

  it("a stale version is refused with what changed since; of two saves at once from one version, one wins", async () => {
    const created = await admin("owner", CREATE, { input: newProduct(randomUUID().slice(0, 6)) });
    const { productId } = created.data.createProduct;
    const product = await read(productId);
    const skuId = product.skus[0].skuId;
    const save = (who: string, regular: string) =>
      admin(who, PRICES, { id: productId, v: 1, sku: skuId, prices: [{ marketAlias: "se", regular }] });
    const both = await Promise.all([save("owner", "1100"), save("staff", "1200")]);
    expect(both.map((a) => a.code ?? "ok").sort()).toEqual(["VERSION_CONFLICT", "ok"]);
    const loser = both.find((a) => a.code === "VERSION_CONFLICT");
    const winner = both.indexOf(both.find((a) => !a.code) as Json) === 0 ? "owner" : "staff";
    expect(loser?.errors?.[0]?.extensions).toMatchObject({
      version: 2,
      changes: [
        {
          actor: `${winner}@mili.example`,
          action: "price.update",
          version: 2,
          fields: [`price.${skuId}.se.regular`, `price.${skuId}.se.selling`],
        },
      ],
    });
    const after = await read(productId);
    expect(after.version).toBe(2);
    expect(after.skus[0].prices.find((p: Json) => p.marketAlias === "se").regularMinor).toBe(
      winner === "owner" ? 110000 : 120000,
    );
    // A text edit from version 1 now is refused too, and changes nothing.
    const { sku: _s, prices: _p, ...fields } = newProduct("late");
    const late = await admin("owner", UPDATE, {
      id: productId,
      v: 1,
      input: { ...fields, articleNumber: product.articleNumber },
    });
    expect(late.code).toBe("VERSION_CONFLICT");
    expect(await read(productId)).toEqual(after);
  });

  it("an unknown product or market: NOT_FOUND / unknownChoice", async () => {
    const [market] = await shop.db.db.select({ alias: markets.alias }).from(markets).limit(1);
    expect(market).toBeDefined();
    expect((await admin("owner", PRICES, { id: 2 ** 30, v: 1, sku: 1, prices: [] })).code).toBe("NOT_FOUND");
    const created = await admin("owner", CREATE, {
      input: { ...newProduct(randomUUID().slice(0, 6)), prices: [{ marketAlias: "xx", regular: "10" }] },
    });
    expect(created.errors?.[0]?.extensions?.problems).toEqual([
      expect.objectContaining({ field: "price.xx.regular", code: "unknownChoice" }),
    ]);
  });
});

describe("the product list", () => {
  it("searches by name, article number, GTIN; filters by active; sorts both ways; pages", async () => {
    const tag = randomUUID().slice(0, 6);
    const created = await admin("owner", CREATE, {
      input: { ...newProduct(tag), active: false, sku: { ...newProduct(tag).sku, gtin: "96385074" } },
    });
    expect(created.errors).toBeUndefined();
    const q = `query($s: String, $a: Boolean, $sort: AdminProductSort, $d: Boolean, $skip: Int, $take: Int) {
      products(search: $s, active: $a, sort: $sort, descending: $d, skip: $skip, take: $take) { total products { productId articleNumber name active } } }`;
    for (const s of [`Testjakke ${tag}`, `adm-${tag}`, "96385074"]) {
      const found = await admin("support", q, { s });
      expect(
        found.data.products.products.map((p: Json) => p.articleNumber),
        s,
      ).toEqual([`ADM-${tag}`]);
    }
    expect((await admin("owner", q, { s: `adm-${tag}`, a: true })).data.products.total).toBe(0);
    const up = (await admin("owner", q, { sort: "articleNumber", take: 100 })).data.products;
    const down = (await admin("owner", q, { sort: "articleNumber", d: true, take: 100 })).data.products;
    const numbers = up.products.map((p: Json) => p.articleNumber);
    expect(down.products.map((p: Json) => p.articleNumber)).toEqual([...numbers].reverse());
    const page2 = (await admin("owner", q, { sort: "articleNumber", skip: 2, take: 2 })).data.products;
    expect(page2.products.map((p: Json) => p.articleNumber)).toEqual(numbers.slice(2, 4));
  });
});

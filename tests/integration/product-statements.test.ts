import { asc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGraphqlClient } from "#app/lib/graphql/client.ts";
import { ProductPageQuery } from "#app/lib/graphql/product-operations.ts";
import { productTranslations, relatedProducts } from "#db/schema/index.ts";
import { onPostgres } from "#tests/support/db.ts";
import { API_KEY, gql, type Shop, startShop } from "#tests/support/shop.ts";
import { PRODUCT_QUERY } from "../../bench/product-query.ts";

/**
 * product(alias) reads the product with its SKUs, variant values, parameters and tracking row in ONE statement
 * (services/catalog/product.ts findProduct); product(productId) still reads them field by field through the
 * batched loaders (services/product-detail.ts). Both must answer the same, for every seeded product.
 */
let shop: Shop;
beforeAll(async () => {
  // The statement counts are the resolvers' own: no response cache (response-cache.test.ts covers it).
  shop = await startShop({ GRAPHQL_MAX_COST: "1000000", RESPONSE_CACHE: "false" });
});
afterAll(async () => {
  await shop?.close();
});

const FIELDS = `
  productId articleNumber name alias type canonicalUrl categoryId discountType
  brand { brandId name alias canonicalUrl }
  primaryCategory { categoryId name canonicalUrl }
  categories { categoryId }
  productImages { fileName tags }
  unitPrice { sellingPriceIncVat regularPriceIncVat isDiscounted discountPercentage currency { code } }
  lowestPrice { lowestPriceIncVat }
  rating { score voteCount }
  totalStock { inStock oversellable static incoming totalStock }
  texts { text1 text2 text3 }
  meta { title description }
  alternativeUrls { languageId url }
  ...Skus
  variantDimensions { dimension value level label }
  variantGroup { variants { alias value skuId variants { alias value skuId stock { inStock } } } }
  ... on ProductType { parameterGroups { parameterGroupId name parameters { name value show identifier } } }
  discountCampaigns { campaignId name hideTitle canonicalUrl alias discountType description }
  trackingCode
  breadcrumbs { name url }
`;
const SKUS = `fragment Skus on ProductType {
  skus { skuId gtin name productId stock { inStock oversellable static incoming totalStock }
         unitPrice { sellingPriceIncVat regularPriceIncVat } } }`;
/** One request asking `product` for several products, by alias or by id (field aliases p0, p1, …). */
function many(by: "alias" | "productId", keys: (string | number)[]) {
  const fields = keys.map(
    (key, i) =>
      `p${i}: product(${by}: ${JSON.stringify(key)}, channelId: $channelId, languageId: $languageId, marketId: $marketId) { ${FIELDS} }`,
  );
  return `query($channelId: String, $languageId: String, $marketId: String) { ${fields.join("\n")} } ${SKUS}`;
}

/** Both languages, both markets. */
const LOCALES = [
  { channelId: "1|se", languageId: "sv-SE", marketId: "se" },
  { channelId: "2|no", languageId: "nb-NO", marketId: "no" },
];

describe("product(alias) in one statement", () => {
  it("answers as the field-by-field path does, for every product in both languages and both markets", async () => {
    const translations = await shop.db.db
      .select({
        productId: productTranslations.productId,
        languageId: productTranslations.languageId,
        alias: productTranslations.alias,
      })
      .from(productTranslations)
      .orderBy(asc(productTranslations.productId));
    let compared = 0;
    let found = 0;
    let withCampaigns = 0;
    for (const locale of LOCALES) {
      const own = translations.filter((x) => x.languageId === locale.languageId);
      for (let start = 0; start < own.length; start += 10) {
        const chunk = own.slice(start, start + 10);
        const [byAlias, byId] = await Promise.all([
          gql(shop.origin, {
            query: many(
              "alias",
              chunk.map((t) => t.alias),
            ),
            variables: locale,
          }),
          gql(shop.origin, {
            query: many(
              "productId",
              chunk.map((t) => t.productId),
            ),
            variables: locale,
          }),
        ]);
        expect(byAlias.body.errors).toBeUndefined();
        expect(byId.body.errors).toBeUndefined();
        chunk.forEach((t, i) => {
          const product = byAlias.body.data[`p${i}`];
          expect(product, `${t.alias} ${locale.languageId}`).toEqual(byId.body.data[`p${i}`]);
          compared++;
          if (product) found++;
          if (product?.discountCampaigns.length) withCampaigns++;
        });
      }
    }
    expect(compared).toBeGreaterThan(150);
    expect(found).toBeGreaterThan(compared / 2);
    // The campaigns part (decision 0047) is compared on products that have some.
    expect(withCampaigns).toBeGreaterThan(0);
  }, 120_000);

  it("runs one statement for the benchmark's product(alias) and one for a product page's product fields", async () => {
    const aliases = (
      await shop.db.db
        .select({ alias: productTranslations.alias, languageId: productTranslations.languageId })
        .from(productTranslations)
        .orderBy(asc(productTranslations.productId))
    ).filter((t) => t.languageId === "sv-SE");
    const count = async (query: string, alias: string) => {
      const before = shop.db.statements();
      const { body } = await gql(shop.origin, {
        query,
        variables: { alias, channelId: "1|se", languageId: "sv-SE", marketId: "se" },
      });
      expect(body.errors).toBeUndefined();
      expect(body.data.product).not.toBeNull();
      return shop.db.statements() - before;
    };
    const ONE_STATEMENT = `query($alias: String!, $channelId: String, $languageId: String, $marketId: String) {
      product(alias: $alias, channelId: $channelId, languageId: $languageId, marketId: $marketId) {
        name skus { skuId name stock { inStock } } variantDimensions { value } parameterGroups { name } trackingCode texts { text1 } } } `;
    await count(PRODUCT_QUERY, aliases[0]?.alias as string); // reference data warm
    for (const t of aliases.slice(1, 6)) {
      expect(await count(PRODUCT_QUERY, t.alias)).toBe(1);
      expect(await count(ONE_STATEMENT, t.alias)).toBe(1);
    }
  });

  it("reads related and recommended cards in one statement, answering as product(productId) does", async () => {
    const withRelated = [
      ...new Set(
        (await shop.db.db.select({ id: relatedProducts.productId }).from(relatedProducts)).map((r) => r.id),
      ),
    ].slice(0, 10);
    const translations = await shop.db.db
      .select({
        productId: productTranslations.productId,
        languageId: productTranslations.languageId,
        alias: productTranslations.alias,
      })
      .from(productTranslations);
    let cards = 0;
    for (const locale of LOCALES) {
      const aliases = translations
        .filter((x) => x.languageId === locale.languageId && withRelated.includes(x.productId))
        .map((x) => x.alias);
      const args = (alias: string) =>
        `alias: ${JSON.stringify(alias)}, channelId: $channelId, languageId: $languageId, marketId: $marketId`;
      const fields = aliases.map(
        (alias, i) => `r${i}: relatedProducts(${args(alias)}) { relation product { ${FIELDS} } }
          s${i}: recommendedProducts(${args(alias)}, kind: SIMILAR, take: 4) {
            source trackingCode product { ${FIELDS} } }`,
      );
      const { body } = await gql(shop.origin, {
        query: `query($channelId: String, $languageId: String, $marketId: String) { ${fields.join("\n")} } ${SKUS}`,
        variables: locale,
      });
      expect(body.errors).toBeUndefined();
      type Card = { productId: number; trackingCode: string | null };
      const shown: Card[] = [];
      const tracked: { trackingCode: string | null; product: Card }[] = [];
      aliases.forEach((_, i) => {
        for (const r of body.data[`r${i}`] ?? []) shown.push(r.product);
        for (const r of body.data[`s${i}`] ?? []) {
          shown.push(r.product);
          if (r.source === "BUILTIN") tracked.push(r);
        }
      });
      const ids = [...new Set(shown.map((p) => p.productId))];
      const expected = new Map<number, unknown>();
      for (let start = 0; start < ids.length; start += 10) {
        const chunk = ids.slice(start, start + 10);
        const { body: byId } = await gql(shop.origin, { query: many("productId", chunk), variables: locale });
        expect(byId.errors).toBeUndefined();
        chunk.forEach((id, i) => {
          expected.set(id, byId.data[`p${i}`]);
        });
      }
      for (const card of shown)
        expect(card, `${card.productId} ${locale.languageId}`).toEqual(expected.get(card.productId));
      // A built-in recommendation reports a click by the product's own tracking code.
      expect(tracked.length).toBeGreaterThan(0);
      for (const r of tracked) expect(r.trackingCode).toBe(r.product.trackingCode);
      cards += shown.length;
    }
    expect(cards).toBeGreaterThan(20);
  }, 120_000);

  it("reads a page's cards without texts, other languages' paths or SKU details unless asked (decision 0078)", async () => {
    // The storefront's card (ProductCardFields): no texts, meta or alternativeUrls, SKUs by id only.
    const CARD = `productId articleNumber name alias canonicalUrl type brand { name } productImages { fileName }
      unitPrice { sellingPriceIncVat regularPriceIncVat isDiscounted discountPercentage }
      lowestPrice { lowestPriceIncVat } rating { score voteCount }
      totalStock { inStock oversellable static incoming totalStock } ...Ids`;
    const IDS = "fragment Ids on ProductType { skus { skuId __typename } }";
    // The same card asking what only a read with details answers, through an inline fragment.
    const DETAILED = `${CARD} ... on ProductType { texts { text1 } alternativeUrls { languageId url } }
      skus { skuId gtin stock { totalStock } }`;
    const withRelated = [
      ...new Set(
        (await shop.db.db.select({ id: relatedProducts.productId }).from(relatedProducts)).map((r) => r.id),
      ),
    ].slice(0, 5);
    const locale = LOCALES[0] as (typeof LOCALES)[number];
    const aliases = (
      await shop.db.db
        .select({
          productId: productTranslations.productId,
          languageId: productTranslations.languageId,
          alias: productTranslations.alias,
        })
        .from(productTranslations)
    )
      .filter((x) => x.languageId === locale.languageId && withRelated.includes(x.productId))
      .map((x) => x.alias);
    expect(aliases.length).toBeGreaterThan(0);
    const args = (alias: string) =>
      `alias: ${JSON.stringify(alias)}, channelId: $channelId, languageId: $languageId, marketId: $marketId`;
    const cardsOf = async (fields: string) => {
      const statements: string[] = [];
      const stop = shop.db.onStatement((text) => statements.push(text));
      try {
        const { body } = await gql(shop.origin, {
          query: `query($channelId: String, $languageId: String, $marketId: String) { ${aliases
            .map(
              (alias, i) => `r${i}: relatedProducts(${args(alias)}) { product { ${fields} } }
                s${i}: recommendedProducts(${args(alias)}, kind: SIMILAR, take: 4) { product { ${fields} } }`,
            )
            .join("\n")} } ${IDS}`,
          variables: locale,
        });
        expect(body.errors).toBeUndefined();
        const shown: { productId: number }[] = [];
        aliases.forEach((_, i) => {
          for (const r of [...(body.data[`r${i}`] ?? []), ...(body.data[`s${i}`] ?? [])])
            shown.push(r.product);
        });
        const cardStatements = statements.filter((s) => s.includes("p.article_number"));
        return { shown, cardStatements };
      } finally {
        stop();
      }
    };
    const expectedOf = async (fields: string, ids: number[]) => {
      const { body } = await gql(shop.origin, {
        query: `query($channelId: String, $languageId: String, $marketId: String) { ${ids
          .map(
            (id, i) =>
              `p${i}: product(productId: ${id}, channelId: $channelId, languageId: $languageId, marketId: $marketId) { ${fields} }`,
          )
          .join("\n")} } ${IDS}`,
        variables: locale,
      });
      expect(body.errors).toBeUndefined();
      return new Map(ids.map((id, i) => [id, body.data[`p${i}`]]));
    };
    for (const [fields, lean] of [
      [CARD, true],
      [DETAILED, false],
    ] as const) {
      const { shown, cardStatements } = await cardsOf(fields);
      expect(shown.length).toBeGreaterThan(5);
      // Every card of the request in one statement on PGlite, whose queue answers every field's ids in one step; on
      // PostgreSQL the fields' ids arrive in steps of their own, so up to one statement per field. Without details,
      // no translations and the SKUs' ids only.
      if (onPostgres) {
        expect(cardStatements.length).toBeGreaterThan(0);
        expect(cardStatements.length).toBeLessThanOrEqual(2 * aliases.length);
      } else expect(cardStatements).toHaveLength(1);
      for (const statement of cardStatements) {
        expect(statement.includes("null as translations")).toBe(lean);
        expect(statement.includes("json_agg(s.id order by")).toBe(lean);
      }
      const expected = await expectedOf(fields, [...new Set(shown.map((p) => p.productId))]);
      for (const card of shown) expect(card, `${card.productId}`).toEqual(expected.get(card.productId));
    }
  }, 120_000);

  it("reads a page's menus in one statement, and their links' categories, pages and brands in one each", async () => {
    const menu = (location: string) =>
      `${location.replace("-", "_")}: getMenuAtLocation(menuLocationId: "${location}", channelId: "1|se",
        languageId: "sv-SE") { id name menuItems { label url children { label url } } }`;
    const query = `{ ${["header-main", "footer-service", "footer-about"].map(menu).join("\n")} }`;
    const before = shop.db.statements();
    const { body } = await gql(shop.origin, { query });
    expect(body.errors).toBeUndefined();
    expect(body.data.header_main.menuItems.length).toBeGreaterThan(0);
    // Decision 0047: 3 menus + 3 item lists + the links' lookups per menu (9 on the first page) before.
    expect(shop.db.statements() - before).toBeLessThanOrEqual(4);
  });

  it("runs at most 14 statements (15 on PostgreSQL) for the storefront's ProductPage operation on a product not asked before", async () => {
    const locale = { channelId: "1|se", languageId: "sv-SE" };
    const client = createGraphqlClient({
      fetch: (request) => fetch(request),
      url: `${shop.origin}/graphql`,
      apiKey: API_KEY,
      locale,
    });
    const aliases = (
      await shop.db.db
        .select({ alias: productTranslations.alias, languageId: productTranslations.languageId })
        .from(productTranslations)
        .orderBy(asc(productTranslations.productId))
    )
      .filter((t) => t.languageId === "sv-SE")
      .slice(10, 14);
    const variables = (alias: string) => ({ alias, reviewsTake: 5, questionsTake: 5 });
    await client.request(ProductPageQuery, variables(aliases[0]?.alias as string)); // persisted query warm
    const counts: number[] = [];
    for (const { alias } of aliases.slice(1)) {
      const before = shop.db.statements();
      const { data, errors } = await client.request(ProductPageQuery, variables(alias));
      expect(errors).toEqual([]);
      expect(data?.product?.alias).toBe(alias);
      counts.push(shop.db.statements() - before);
    }
    // 5019b47 ran 23, 24 and 22 for these three (the product 3, its SKUs, parameters and tracking row 3 more, the
    // category tree twice); now 17, 18 and 16 (related cards, recommendations, reviews and the price log remain).
    // PostgreSQL reads the list index's state a few more times per request: 27, 28 and 26 before, now 21, 22 and 20.
    // Decision 0047: the related and recommended cards (version read, card page, translations, SKUs, the
    // recommendations' tracking codes) are one statement, and the product's campaigns are part of its own
    // statement: 12, 13 and 11 on PGlite.
    // One more is allowed: the related and the recommended cards are two statements when their ids arrive in
    // different steps (each waits for its own ids' statement first). Since decision 0089 the page's operation asks
    // neither (the browser asks them with ProductSuggestions when the shopper nears them), and since decision 0094
    // not the price history either (ProductPriceHistory, likewise).
    for (const n of counts)
      expect(n, `counts ${counts.join(", ")}`).toBeLessThanOrEqual(onPostgres ? 15 : 14);
  });
});

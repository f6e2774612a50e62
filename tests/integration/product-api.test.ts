import { and, asc, desc, eq, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGraphqlClient } from "#app/lib/graphql/client.ts";
import {
  ProductPageQuery,
  ProductPriceHistoryQuery,
  ProductSuggestionsQuery,
} from "#app/lib/graphql/product-operations.ts";
import {
  priceLog,
  prices,
  productQuestions,
  products,
  productTranslations,
  relatedProducts,
  reviews,
  skus,
  urlHistory,
  variantValues,
} from "#db/schema/index.ts";
import { queryRows } from "#tests/support/db.ts";
import { API_KEY, gql, type Shop, startShop } from "#tests/support/shop.ts";

let shop: Shop;
beforeAll(async () => {
  // One test asks every detail of every product in one page (a statement-count probe far past the cost budget
  // of decision 0018): this shop allows it. The statement counts are the resolvers' own: no response cache
  // (tests/integration/response-cache.test.ts covers it).
  shop = await startShop({ GRAPHQL_MAX_COST: "1000000", RESPONSE_CACHE: "false" });
});
afterAll(async () => {
  await shop?.close();
});

const sv = { channelId: "1|se", languageId: "sv-SE" };
const nb = { channelId: "2|no", languageId: "nb-NO" };
const db = () => shop.db.db;

async function aliasOf(productId: number, languageId: string) {
  const [row] = await db()
    .select({ alias: productTranslations.alias })
    .from(productTranslations)
    .where(and(eq(productTranslations.productId, productId), eq(productTranslations.languageId, languageId)));
  return row?.alias as string;
}

/** A product of a variant group whose number ends in `digit` (the seed's price-history styles). */
async function productOfStyle(digit: number) {
  const rows = await db()
    .select({ id: products.id, group: products.variantGroupId })
    .from(products)
    .where(eq(products.type, "product"))
    .orderBy(asc(products.id));
  const found = rows.find((r) => r.group !== null && r.group % 10 === digit);
  if (!found) throw new Error(`no style ending in ${digit}`);
  return found.id;
}

function badInput(body: { errors?: { extensions?: { code?: string }; message: string }[] }) {
  expect(body.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
  return body.errors?.[0]?.message ?? "";
}

const PRODUCT_PAGE = `query($alias: String!, $channelId: String, $languageId: String) {
  product(alias: $alias, channelId: $channelId, languageId: $languageId) {
    productId name canonicalUrl type trackingCode
    skus { skuId gtin name productId stock { inStock oversellable totalStock static incoming } }
    parameterGroups { parameterGroupId name parameters { name value show identifier } }
    variantDimensions { dimension value level label }
    variantGroup { variants { alias canonicalUrl level dimension value label skuId productId primaryImage attributes { key value }
      variants { alias canonicalUrl level dimension value label skuId productId primaryImage
        variants { alias level dimension value label skuId productId stock { inStock totalStock } } } } }
    discountCampaigns { name alias hideTitle canonicalUrl }
    productPackage { packageId }
    priceLog { date sellingPriceIncVat }
    breadcrumbs { name url }
  }
}`;

describe("product detail fields", () => {
  it("shows SKUs with stock, localized parameters and a three-level variant tree", async () => {
    const alias = await aliasOf(1, "nb-NO");
    const { body } = await gql(shop.origin, { query: PRODUCT_PAGE, variables: { ...nb, alias } });
    expect(body.errors).toBeUndefined();
    const p = body.data.product;
    expect(p.trackingCode).toBe("MILI-1");

    const dbSkus = await db()
      .select()
      .from(skus)
      .where(and(eq(skus.productId, 1), eq(skus.active, true)))
      .orderBy(asc(skus.sortOrder));
    expect(p.skus.map((s: { skuId: number }) => s.skuId)).toEqual(dbSkus.map((s) => s.id));
    for (const [i, s] of dbSkus.entries()) {
      expect(p.skus[i].stock).toMatchObject({
        inStock: s.inStock,
        oversellable: s.oversellable,
        static: s.static,
        totalStock: s.inStock + s.oversellable + s.static,
      });
    }

    const color = p.parameterGroups.find((g: { parameterGroupId: number }) => g.parameterGroupId === 1);
    expect(color.name).toBe("Farge");
    expect(color.parameters[0]).toMatchObject({ identifier: "color", name: "Farge" });

    // Fit → Color → Size, as the seed made style 1.
    expect(p.variantDimensions.map((d: { dimension: string }) => d.dimension)).toEqual(["Fit", "Color"]);
    const fits = p.variantGroup.variants;
    expect(fits.length).toBeGreaterThan(1);
    expect(new Set(fits.map((f: { dimension: string }) => f.dimension))).toEqual(new Set(["Fit"]));
    const ownFit = fits.find((f: { value: string }) => f.value === p.variantDimensions[0].value);
    expect(ownFit.label).toBe(p.variantDimensions[0].label);
    const ownColor = ownFit.variants.find((c: { productId: number }) => c.productId === 1);
    expect(ownColor).toMatchObject({
      dimension: "Color",
      level: 1,
      canonicalUrl: p.canonicalUrl,
      skuId: null,
    });
    expect(ownColor.primaryImage).toMatch(/\.jpg$/);
    expect(ownColor.variants.map((s: { skuId: number }) => s.skuId)).toEqual(dbSkus.map((s) => s.id));
    expect(ownColor.variants[0]).toMatchObject({ dimension: "Size", level: 2, productId: 1 });
    expect(ownColor.variants[0].stock.inStock).toBe(dbSkus[0]?.inStock);
    // Every variant leads to a product of the group that really has those values.
    const values = await db()
      .select({
        productId: variantValues.productId,
        dimension: variantValues.dimension,
        value: variantValues.value,
      })
      .from(variantValues);
    for (const fit of fits) {
      for (const colour of fit.variants) {
        const own = values.filter((v) => v.productId === colour.productId);
        expect(own).toEqual(
          expect.arrayContaining([
            expect.objectContaining({ dimension: "Fit", value: fit.value }),
            expect.objectContaining({ dimension: "Color", value: colour.value }),
          ]),
        );
        expect(colour.canonicalUrl).toBe(`/p/${p.canonicalUrl.split("/")[2]}/${colour.alias}`);
      }
    }
    // Choosing the other fit keeps the colour when the other fit has it.
    const otherFit = fits.find((f: { value: string }) => f.value !== ownFit.value);
    const keepsColour = otherFit.variants.some((c: { value: string }) => c.value === ownColor.value);
    if (keepsColour) {
      const target = values.filter((v) => v.productId === otherFit.productId);
      expect(target).toEqual(
        expect.arrayContaining([expect.objectContaining({ dimension: "Color", value: ownColor.value })]),
      );
    }

    const svPage = await gql(shop.origin, {
      query: PRODUCT_PAGE,
      variables: { ...sv, alias: await aliasOf(1, "sv-SE") },
    });
    const svProduct = svPage.body.data.product;
    expect(svProduct.parameterGroups[0].name).toBe("Färg");
    expect(svProduct.variantGroup.variants.map((f: { label: string }) => f.label)).toEqual(
      expect.arrayContaining(["Dam"]),
    );
    expect(fits.map((f: { label: string }) => f.label)).toEqual(expect.arrayContaining(["Dame"]));
  });

  it("gives breadcrumbs from the top category to the product, and null package for a plain product", async () => {
    const alias = await aliasOf(1, "nb-NO");
    const { body } = await gql(shop.origin, { query: PRODUCT_PAGE, variables: { ...nb, alias } });
    const p = body.data.product;
    expect(p.productPackage).toBeNull();
    expect(p.breadcrumbs.length).toBeGreaterThanOrEqual(2);
    expect(p.breadcrumbs.at(-1)).toEqual({ name: p.name, url: p.canonicalUrl });
    expect(p.breadcrumbs[0]).toEqual({ name: "Klær", url: "/c/klaer" });
    for (const crumb of p.breadcrumbs.slice(0, -1)) expect(crumb.url).toMatch(/^\/c\//);
  });

  it("lists the running campaign of a reduced product and the price log of the last 30 days", async () => {
    const reduced = await productOfStyle(3);
    const { body } = await gql(shop.origin, {
      query: PRODUCT_PAGE,
      variables: { ...sv, alias: await aliasOf(reduced, "sv-SE") },
    });
    expect(body.errors).toBeUndefined();
    expect(body.data.product.discountCampaigns).toEqual([
      { name: "Vinterrea", alias: "vinterrea", hideTitle: false, canonicalUrl: "/dc/vinterrea" },
    ]);
    const log = body.data.product.priceLog;
    expect(log.length).toBeGreaterThanOrEqual(2);
    const [cheapest] = await db()
      .select({ selling: prices.sellingMinor })
      .from(prices)
      .innerJoin(skus, eq(skus.id, prices.skuId))
      .where(and(eq(skus.productId, reduced), eq(prices.marketAlias, "se")))
      .orderBy(asc(prices.sellingMinor))
      .limit(1);
    expect(log.at(-1).sellingPriceIncVat).toBe((cheapest?.selling ?? 0) / 100);

    const plain = await gql(shop.origin, {
      query: PRODUCT_PAGE,
      variables: { ...nb, alias: await aliasOf(1, "nb-NO") },
    });
    expect(plain.body.data.product.discountCampaigns).toEqual([]);
  });

  it("shows a package's groups, required flags and option products", async () => {
    const query = `query($alias: String!, $channelId: String, $languageId: String) {
      product(alias: $alias, channelId: $channelId, languageId: $languageId) {
        productId type canonicalUrl
        productPackage { packageId groups { groupId name description required sortOrder
          options { optionId quantity isSelected sortOrder
            product { productId name canonicalUrl unitPrice { sellingPriceIncVat } skus { skuId stock { inStock } } totalStock { inStock } texts { text2 } } } } }
      }
    }`;
    const { body } = await gql(shop.origin, { query, variables: { ...nb, alias: "skallpakke" } });
    expect(body.errors).toBeUndefined();
    const p = body.data.product;
    expect(p.type).toBe("package");
    expect(p.canonicalUrl).toMatch(/^\/pp\//);
    const pkg = p.productPackage;
    expect(pkg.packageId).toBe(p.productId);
    expect(pkg.groups.map((g: { name: string; required: boolean }) => [g.name, g.required])).toEqual([
      ["Skalljakke", true],
      ["Skallbukse", true],
      ["Lue", false],
    ]);
    for (const group of pkg.groups) {
      expect(group.options.length).toBeGreaterThan(0);
      expect(group.options.filter((o: { isSelected: boolean }) => o.isSelected).length).toBe(
        group.required ? 1 : 0,
      );
      for (const option of group.options) {
        expect(option.quantity).toBe(1);
        expect(option.product.name).toBeTruthy();
        expect(option.product.canonicalUrl).toMatch(/^\/p\//);
        expect(option.product.unitPrice.sellingPriceIncVat).toBeGreaterThan(0);
        expect(option.product.skus.length).toBeGreaterThan(0);
        expect(option.product.texts.text2).toBeTruthy();
      }
    }
    const svPackage = await gql(shop.origin, { query, variables: { ...sv, alias: "skalpaket" } });
    expect(svPackage.body.data.product.productPackage.groups[2].name).toBe("Mössa");
  });

  it("runs the same number of statements for a page of 20 products as for a page of all of them", async () => {
    const query = `query($take: Int, $ids: [Int!]) {
      products(take: $take, filter: { productIds: $ids }, channelId: "2|no", languageId: "nb-NO") { count products {
        trackingCode
        skus { skuId stock { inStock } }
        parameterGroups { name parameters { value } }
        variantDimensions { value }
        variantGroup { variants { alias variants { alias primaryImage variants { skuId stock { inStock } } } } }
        discountCampaigns { name }
        priceLog { date sellingPriceIncVat }
        breadcrumbs { url }
        productPackage { groups { options { product { name skus { skuId } variantGroup { variants { alias } } } } } }
      } }
    }`;
    const all = await db()
      .select({ id: products.id, type: products.type })
      .from(products)
      .orderBy(asc(products.id));
    const pkg = all.find((p) => p.type === "package")?.id as number;
    // Both pages hold the package, so both load option products too.
    const twenty = [pkg, ...all.map((p) => p.id).filter((id) => id !== pkg)].slice(0, 20);
    const every = all.map((p) => p.id);
    await gql(shop.origin, { query, variables: { take: 1, ids: [1] } }); // reference data warm
    const measure = async (ids: number[]) => {
      // A new catalog version first (a statement on a catalog table marks it, rows or not): what the reference copy
      // keeps (the variant groups of products already asked, decision 0074) starts over, so each page counts alone.
      await db().execute(sql`update categories set sort_order = sort_order where false`);
      const before = shop.db.statements();
      const { body } = await gql(shop.origin, { query, variables: { take: 200, ids } });
      expect(body.errors).toBeUndefined();
      return { statements: shop.db.statements() - before, products: body.data.products.products.length };
    };
    const small = await measure(twenty);
    const large = await measure(every);
    expect(small.products).toBe(20);
    expect(large.products).toBe(every.length);
    expect(large.products).toBeGreaterThan(80);
    // Never more for the longer page; one fewer when every package option is itself on the page, its variant
    // group read with the page's own (kept with the reference copy, decision 0074).
    expect(large.statements).toBeLessThanOrEqual(small.statements);
    expect(large.statements).toBeGreaterThanOrEqual(small.statements - 1);
  });
});

describe("the storefront's product page operation", () => {
  /** The storefront's own client (persisted queries first), as app/routes/product.tsx sends ProductPage. */
  const client = (locale: typeof nb) =>
    createGraphqlClient({
      fetch: (request) => fetch(request),
      url: `${shop.origin}/graphql`,
      apiKey: API_KEY,
      locale,
    });

  /** Statements one ProductPage request runs, and what it answered, after a first request warmed the caches. */
  async function productPage(locale: typeof nb, alias: string, take: number) {
    const variables = { alias, reviewsTake: take, questionsTake: take };
    await client(locale).request(ProductPageQuery, variables); // reference data and the persisted query warm
    const before = shop.db.statements();
    const { data, errors } = await client(locale).request(ProductPageQuery, variables);
    expect(errors).toEqual([]);
    return { statements: shop.db.statements() - before, data };
  }

  it("looks the alias up once for the whole page, answering each field as it answers alone", async () => {
    const rows = await db()
      .select({ id: products.id })
      .from(products)
      .where(eq(products.active, true))
      .orderBy(asc(products.id))
      .limit(12);
    const fields = {
      history: `productPriceHistory(alias: $alias, days: 90, channelId: "1|se", languageId: "sv-SE") { date sellingPriceIncVat }`,
      related: `relatedProducts(alias: $alias, channelId: "1|se", languageId: "sv-SE") { alias relation product { productId } }`,
      reviews: `reviews(alias: $alias, take: 5, channelId: "1|se", languageId: "sv-SE") { count averageRating reviews { author rating } }`,
      questions: `productQuestions(alias: $alias, take: 5, channelId: "1|se", languageId: "sv-SE") { count questions { answer answeredAt } }`,
    };
    const query = (names: (keyof typeof fields)[]) =>
      `query($alias: String!) { ${names.map((n) => `${n}: ${fields[n]}`).join(" ")} }`;
    const all = Object.keys(fields) as (keyof typeof fields)[];
    for (const alias of [
      ...(await Promise.all(rows.map((r) => aliasOf(r.id, "sv-SE")))),
      "no-such-product",
    ]) {
      const together = await gql(shop.origin, { query: query(all), variables: { alias } });
      expect(together.body.errors).toBeUndefined();
      for (const name of all) {
        const alone = await gql(shop.origin, { query: query([name]), variables: { alias } });
        expect(together.body.data[name]).toEqual(alone.body.data[name]);
      }
    }
    // Two fields by the same alias in one request share one lookup: one statement fewer than asked apart.
    const alias = await aliasOf(rows[0]?.id as number, "sv-SE");
    const statementsOf = async (names: (keyof typeof fields)[]) => {
      const before = shop.db.statements();
      await gql(shop.origin, { query: query(names), variables: { alias } });
      return shop.db.statements() - before;
    };
    const questions = await statementsOf(["questions"]);
    const reviews = await statementsOf(["reviews"]);
    expect(await statementsOf(["questions", "reviews"])).toBe(questions + reviews - 1);
  });

  it("reads a page's reviews and questions with its product: no alias lookup of their own, the same answers (decision 0095)", async () => {
    // Products with answered Swedish questions and approved reviews, so that every field has something to say.
    const withBoth = await queryRows<{ id: number }>(
      db(),
      sql`select p.id from products p
          where p.active
            and exists (select 1 from ${productQuestions} q where q.product_id = p.id and q.language_id = 'sv-SE'
                        and q.answer is not null and q.answered_at is not null)
            and exists (select 1 from ${reviews} r where r.product_id = p.id and r.status = 'approved')
          order by p.id limit 4`,
    );
    expect(withBoth.length).toBeGreaterThan(1);
    const fields = {
      product: `product(alias: $alias, channelId: "1|se", languageId: "sv-SE") { productId name rating { score voteCount } }`,
      reviews: `reviews(alias: $alias, take: 5, channelId: "1|se", languageId: "sv-SE") { count averageRating reviews { author rating } }`,
      questions: `productQuestions(alias: $alias, take: 5, channelId: "1|se", languageId: "sv-SE") { count questions { question answer } }`,
      // The same alias in another language: the product's statement read it in Swedish, so this one looks it up.
      nbReviews: `reviews(alias: $alias, take: 5, channelId: "2|no", languageId: "nb-NO") { count }`,
    };
    type Name = keyof typeof fields;
    const query = (names: Name[]) =>
      `query($alias: String!) { ${names.map((n) => `${n}: ${fields[n]}`).join(" ")} }`;
    const all = Object.keys(fields) as Name[];
    const answersAlike = async (alias: string) => {
      const together = await gql(shop.origin, { query: query(all), variables: { alias } });
      expect(together.body.errors).toBeUndefined();
      for (const name of all) {
        const alone = await gql(shop.origin, { query: query([name]), variables: { alias } });
        expect(together.body.data[name], `${name} of ${alias}`).toEqual(alone.body.data[name]);
      }
      return together.body.data as { product: unknown; reviews: { count: number } | null };
    };
    const svAliases = await Promise.all(withBoth.map((r) => aliasOf(r.id, "sv-SE")));
    for (const alias of [...svAliases, await aliasOf(withBoth[0]?.id as number, "nb-NO"), "no-such-product"])
      await answersAlike(alias);

    // The product's statement reads the rating and the answered questions' count: the lookup's statement is gone.
    const alias = svAliases[0] as string;
    const statementsOf = async (names: Name[]) => {
      const before = shop.db.statements();
      const { body } = await gql(shop.origin, { query: query(names), variables: { alias } });
      expect(body.errors).toBeUndefined();
      return shop.db.statements() - before;
    };
    const product = await statementsOf(["product"]);
    const reviewsAndQuestions = await statementsOf(["reviews", "questions"]); // one lookup for both
    expect(await statementsOf(["product", "reviews", "questions"])).toBe(product + reviewsAndQuestions - 1);

    // A product that is not on sale in the market has no product answer, but its reviews and questions do: they are
    // looked up by alias as before (every field still answers as it answers alone).
    const unpriced = withBoth[1]?.id as number;
    const kept = await db()
      .select()
      .from(prices)
      .where(
        and(
          eq(prices.marketAlias, "se"),
          sql`${prices.skuId} in (select id from ${skus} where product_id = ${unpriced})`,
        ),
      );
    expect(kept.length).toBeGreaterThan(0);
    await db().execute(
      sql`delete from ${prices} where market_alias = 'se' and sku_id in (select id from ${skus} where product_id = ${unpriced})`,
    );
    try {
      const answer = await answersAlike(svAliases[1] as string);
      expect(answer.product).toBeNull();
      expect(answer.reviews?.count).toBeGreaterThan(0);
    } finally {
      await db().insert(prices).values(kept);
    }
  });

  it("runs as many statements for 5 reviews and questions as for 50, on a product and on a package", async () => {
    // The product with the most approved reviews (in both languages), so that 50 shows more than 5.
    const approved = await db()
      .select({ productId: reviews.productId, languageId: reviews.languageId })
      .from(reviews)
      .where(eq(reviews.status, "approved"));
    const counts = new Map<string, number>();
    const firstLanguage = new Map<number, string>();
    for (const r of approved) {
      if (!firstLanguage.has(r.productId)) firstLanguage.set(r.productId, r.languageId);
      const k = `${r.productId}|${firstLanguage.get(r.productId)}`;
      counts.set(k, (counts.get(k) ?? 0) + 1);
    }
    const [key, most] = [...counts.entries()].sort((a, b) => b[1] - a[1])[0] ?? ["", 0];
    expect(most).toBeGreaterThan(5);
    const [productId, languageId] = key.split("|") as [string, string];
    const locale = languageId === "sv-SE" ? sv : nb;
    const alias = await aliasOf(Number(productId), languageId);

    const five = await productPage(locale, alias, 5);
    const fifty = await productPage(locale, alias, 50);
    expect(five.data.product?.productId).toBe(Number(productId));
    expect(five.data.reviews?.reviews).toHaveLength(5);
    expect(fifty.data.reviews?.reviews).toHaveLength(Math.min(50, most));
    // The related products and the price history come in operations of their own, which the page's browser asks
    // (decisions 0089 and 0094).
    const suggestions = await client(locale).request(ProductSuggestionsQuery, { alias });
    expect(suggestions.data.relatedProducts?.length).toBeGreaterThan(0);
    const history = await client(locale).request(ProductPriceHistoryQuery, { alias, days: 90 });
    expect(history.data.productPriceHistory?.length).toBeGreaterThan(0);
    expect(fifty.statements).toBe(five.statements);
    expect(five.statements).toBeGreaterThan(0);

    // A package loads its groups' option products as well: still a fixed number of statements.
    for (const [packageLocale, packageAlias] of [
      [nb, "skallpakke"],
      [sv, "skalpaket"],
    ] as const) {
      const small = await productPage(packageLocale, packageAlias, 5);
      const large = await productPage(packageLocale, packageAlias, 50);
      expect(small.data.product?.type).toBe("package");
      const options = small.data.product?.productPackage?.groups.flatMap((g) => g.options) ?? [];
      expect(options.length).toBeGreaterThan(1);
      expect(large.statements).toBe(small.statements);
    }
  });
});

describe("product queries", () => {
  it("gives the price history of a product as the price log has it", async () => {
    const productId = await productOfStyle(1);
    const alias = await aliasOf(productId, "sv-SE");
    const query = `query($alias: String!, $days: Int) {
      productPriceHistory(alias: $alias, days: $days, channelId: "1|se", languageId: "sv-SE") {
        date currency regularPriceIncVat regularPriceExVat sellingPriceIncVat sellingPriceExVat
        sellingPriceIncVatFormatted sellingPriceExVatFormatted regularPriceIncVatFormatted
      }
    }`;
    const { body } = await gql(shop.origin, { query, variables: { alias } });
    expect(body.errors).toBeUndefined();
    const points = body.data.productPriceHistory;

    // Independently: sample the cheapest SKU's logged price day by day, keep the days on which it changed.
    const rows = await db()
      .select({
        skuId: priceLog.skuId,
        selling: priceLog.sellingMinor,
        regular: priceLog.regularMinor,
        at: priceLog.at,
      })
      .from(priceLog)
      .innerJoin(skus, eq(skus.id, priceLog.skuId))
      .where(and(eq(skus.productId, productId), eq(priceLog.marketAlias, "se")))
      .orderBy(asc(priceLog.at));
    expect(rows.length).toBeGreaterThan(0);
    const day = (d: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Stockholm" }).format(d);
    const today = new Date();
    const expected: { date: string; selling: number; regular: number }[] = [];
    for (let n = 90; n >= 0; n--) {
      const d = day(new Date(today.getTime() - n * 86_400_000));
      const latest = new Map<number, { selling: number; regular: number }>();
      for (const r of rows) if (day(r.at) <= d) latest.set(r.skuId, r);
      if (!latest.size) continue;
      const selling = Math.min(...[...latest.values()].map((v) => v.selling));
      const regular = Math.min(...[...latest.values()].map((v) => v.regular));
      const last = expected.at(-1);
      if (!last || last.selling !== selling || last.regular !== regular)
        expected.push({ date: d, selling, regular });
    }
    expect(
      points.map((p: { date: string; sellingPriceIncVat: number; regularPriceIncVat: number }) => ({
        date: p.date,
        selling: Math.round(p.sellingPriceIncVat * 100),
        regular: Math.round(p.regularPriceIncVat * 100),
      })),
    ).toEqual(expected);
    expect(expected.length).toBeGreaterThanOrEqual(3); // regular, the sale, regular again
    const sale = points[1];
    expect(sale.currency).toBe("SEK");
    expect(sale.sellingPriceExVat).toBeCloseTo(sale.sellingPriceIncVat / 1.25, 1);
    expect(sale.sellingPriceIncVatFormatted).toMatch(/^\d{1,3}(\u00a0\d{3})*(,\d{2})?\u00a0kr$/);

    const norwegian = await gql(shop.origin, {
      query: `query($alias: String!) { productPriceHistory(alias: $alias, channelId: "2|no", languageId: "nb-NO") { currency } }`,
      variables: { alias: await aliasOf(productId, "nb-NO") },
    });
    expect(norwegian.body.data.productPriceHistory[0].currency).toBe("NOK");

    const unknown = await gql(shop.origin, { query, variables: { alias: "finnes-ikke" } });
    expect(unknown.body.data.productPriceHistory).toBeNull();
    expect(badInput((await gql(shop.origin, { query, variables: { alias, days: 366 } })).body)).toMatch(
      /365/,
    );
    badInput((await gql(shop.origin, { query, variables: { alias, days: 0 } })).body);
  });

  it("lists related products in merchandised order, each with its relation", async () => {
    const query = `query($alias: String!) {
      relatedProducts(alias: $alias, channelId: "2|no", languageId: "nb-NO") {
        relation relationType product { productId name canonicalUrl texts { text2 } } }
    }`;
    const { body } = await gql(shop.origin, { query, variables: { alias: await aliasOf(1, "nb-NO") } });
    expect(body.errors).toBeUndefined();
    const related = await db()
      .select({ id: relatedProducts.relatedProductId })
      .from(relatedProducts)
      .where(eq(relatedProducts.productId, 1))
      .orderBy(asc(relatedProducts.sortOrder));
    expect(related.length).toBeGreaterThan(0);
    expect(
      body.data.relatedProducts.map((r: { product: { productId: number } }) => r.product.productId),
    ).toEqual(related.map((r) => r.id));
    expect(body.data.relatedProducts[0].product.texts.text2).toBeTruthy();
    // The demo's relations are "similar": Geins' SIMILAR.
    expect(body.data.relatedProducts[0]).toMatchObject({ relation: "SIMILAR", relationType: "similar" });
    const unknown = await gql(shop.origin, { query, variables: { alias: "finnes-ikke" } });
    expect(unknown.body.data.relatedProducts).toBeNull();
  });

  it("pages approved reviews in every language, newest first, five at a time", async () => {
    const approved = await db()
      .select({
        id: reviews.id,
        productId: reviews.productId,
        languageId: reviews.languageId,
        rating: reviews.rating,
        createdAt: reviews.createdAt,
      })
      .from(reviews)
      .where(eq(reviews.status, "approved"))
      .orderBy(desc(reviews.createdAt), desc(reviews.id));
    const groups = new Map<string, typeof approved>();
    // A product has one rating: its approved reviews in both languages, whichever language the page is in.
    for (const r of approved) {
      const k = `${r.productId}|${approved.find((a) => a.productId === r.productId)?.languageId}`;
      groups.set(k, [...(groups.get(k) ?? []), r]);
    }
    const [bestKey, expected] = [...groups.entries()].sort((a, b) => b[1].length - a[1].length)[0] ?? [];
    expect(expected?.length).toBeGreaterThan(5);
    const [productId, languageId] = (bestKey as string).split("|") as [string, string];
    const locale = languageId === "sv-SE" ? sv : nb;
    const alias = await aliasOf(Number(productId), languageId);
    const query = `query($alias: String!, $skip: Int, $take: Int, $channelId: String, $languageId: String) {
      reviews(alias: $alias, skip: $skip, take: $take, channelId: $channelId, languageId: $languageId) {
        count averageRating reviews { reviewId author comment rating reviewDate }
      }
    }`;
    const first = await gql(shop.origin, { query, variables: { ...locale, alias } });
    const second = await gql(shop.origin, { query, variables: { ...locale, alias, skip: 5 } });
    expect(first.body.errors).toBeUndefined();
    const list = expected ?? [];
    expect(first.body.data.reviews.count).toBe(list.length);
    expect(first.body.data.reviews.reviews).toHaveLength(5);
    const ids = [...first.body.data.reviews.reviews, ...second.body.data.reviews.reviews].map(
      (r: { reviewId: number }) => r.reviewId,
    );
    expect(ids).toEqual(list.map((r) => r.id).slice(0, Math.min(10, list.length)));
    const average = list.reduce((s, r) => s + r.rating, 0) / list.length;
    expect(first.body.data.reviews.averageRating).toBeCloseTo(average, 2);
    expect(first.body.data.reviews.reviews[0].reviewDate).toBe(list[0]?.createdAt.toISOString());

    // The other language sees the same reviews: one product, one rating.
    const otherLocale = languageId === "sv-SE" ? nb : sv;
    const otherLanguage = otherLocale.languageId;
    const other = await gql(shop.origin, {
      query,
      variables: { ...otherLocale, alias: await aliasOf(Number(productId), otherLanguage) },
    });
    expect(other.body.data.reviews.count).toBe(list.length);

    expect(
      badInput((await gql(shop.origin, { query, variables: { ...locale, alias, take: 51 } })).body),
    ).toMatch(/50/);
    badInput((await gql(shop.origin, { query, variables: { ...locale, alias, skip: -1 } })).body);
    const unknown = await gql(shop.origin, { query, variables: { ...locale, alias: "finnes-ikke" } });
    expect(unknown.body.data.reviews).toBeNull();
  });

  it("lists answered questions only", async () => {
    const query = `query($alias: String!, $skip: Int, $take: Int) {
      productQuestions(alias: $alias, skip: $skip, take: $take, channelId: "2|no", languageId: "nb-NO") {
        count questions { questionId author question answer askedAt answeredAt }
      }
    }`;
    const rows = await db()
      .select({ id: productQuestions.id, productId: productQuestions.productId })
      .from(productQuestions)
      .where(and(eq(productQuestions.languageId, "nb-NO"), isNotNull(productQuestions.answer)))
      .orderBy(desc(productQuestions.answeredAt), desc(productQuestions.id));
    const productId = rows[0]?.productId as number;
    const answered = rows.filter((r) => r.productId === productId);
    const all = await db()
      .select({ id: productQuestions.id })
      .from(productQuestions)
      .where(and(eq(productQuestions.productId, productId), eq(productQuestions.languageId, "nb-NO")));
    const alias = await aliasOf(productId, "nb-NO");
    const { body } = await gql(shop.origin, { query, variables: { alias, take: 50 } });
    expect(body.errors).toBeUndefined();
    expect(body.data.productQuestions.count).toBe(answered.length);
    expect(body.data.productQuestions.questions.map((q: { questionId: number }) => q.questionId)).toEqual(
      answered.map((r) => r.id),
    );
    for (const q of body.data.productQuestions.questions) {
      expect(q.answer).toBeTruthy();
      expect(Date.parse(q.answeredAt)).toBeGreaterThan(Date.parse(q.askedAt));
    }
    expect(all.length).toBeGreaterThanOrEqual(answered.length);
    badInput((await gql(shop.origin, { query, variables: { alias, take: 51 } })).body);
    const unknown = await gql(shop.origin, { query, variables: { alias: "finnes-ikke" } });
    expect(unknown.body.data.productQuestions).toBeNull();
  });

  it("tells where an old URL lives now, following later moves", async () => {
    const query = `query($url: String!, $channelId: String, $languageId: String) {
      urlHistory(url: $url, channelId: $channelId, languageId: $languageId) { oldUrl newUrl }
    }`;
    const [row] = await db()
      .select({ oldUrl: urlHistory.oldUrl, newUrl: urlHistory.newUrl })
      .from(urlHistory)
      .where(eq(urlHistory.languageId, "nb-NO"))
      .limit(1);
    expect(row).toBeDefined();
    const moved = await gql(shop.origin, { query, variables: { ...nb, url: `${row?.oldUrl}/?utm=x` } });
    expect(moved.body.data.urlHistory).toEqual({ oldUrl: row?.oldUrl, newUrl: row?.newUrl });
    // The new URL is where the product is now.
    const product = await gql(shop.origin, {
      query: `query($alias: String!) { product(alias: $alias, channelId: "2|no", languageId: "nb-NO") { canonicalUrl } }`,
      variables: { alias: row?.newUrl.split("/").at(-1) },
    });
    expect(product.body.data.product.canonicalUrl).toBe(row?.newUrl);

    await db()
      .insert(urlHistory)
      .values([
        { languageId: "nb-NO", oldUrl: "/gammel-side", newUrl: "/mellomside" },
        { languageId: "nb-NO", oldUrl: "/mellomside", newUrl: "/c/klaer" },
      ]);
    const chain = await gql(shop.origin, { query, variables: { ...nb, url: "/gammel-side" } });
    expect(chain.body.data.urlHistory).toEqual({ oldUrl: "/gammel-side", newUrl: "/c/klaer" });
    const otherLanguage = await gql(shop.origin, { query, variables: { ...sv, url: "/gammel-side" } });
    expect(otherLanguage.body.data.urlHistory).toBeNull();

    const never = await gql(shop.origin, { query, variables: { ...nb, url: "/c/klaer" } });
    expect(never.body.data.urlHistory).toBeNull();
    expect(badInput((await gql(shop.origin, { query, variables: { ...nb, url: "klaer" } })).body)).toBe(
      "url må være en sti, for eksempel /p/jakker/fjellrev-jakke.",
    );
  });
});

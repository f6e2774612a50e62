import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGraphqlClient } from "#app/lib/graphql/client.ts";
import { ListPageInfoQuery, ProductListQuery } from "#app/lib/graphql/list-operations.ts";
import { prices } from "#db/schema/index.ts";
import { cheapestPrices, priceReduction } from "#domain/prices.ts";
import { skuAppliedPrices, skuHistorySql } from "#services/price-history.ts";
import { API_KEY, gql, type Shop, startShop } from "#tests/support/shop.ts";

let shop: Shop;
beforeAll(async () => {
  // Statement counts here are the resolvers' own: no response cache (tests/integration/response-cache.test.ts).
  shop = await startShop({ SEED_PRODUCTS: "300", RESPONSE_CACHE: "false" });
});
afterAll(async () => {
  await shop?.close();
});

const sv = { channelId: "1|se", languageId: "sv-SE" };
const nb = { channelId: "2|no", languageId: "nb-NO" };

// biome-ignore lint/suspicious/noExplicitAny: rows of ad-hoc checking queries.
async function rows(query: ReturnType<typeof sql>): Promise<any[]> {
  const result = await shop.db.db.execute(query);
  return Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
}

const LIST = /* GraphQL */ `
  query List($take: Int, $skip: Int, $url: String, $categoryAlias: String, $filter: FilterInputType,
              $channelId: String, $languageId: String) {
    products(take: $take, skip: $skip, url: $url, categoryAlias: $categoryAlias, filter: $filter,
             channelId: $channelId, languageId: $languageId) {
      count
      products {
        productId name articleNumber createdAt: productId
        brand { name alias } primaryCategory { alias }
        unitPrice { sellingPriceIncVat regularPriceIncVat isDiscounted discountPercentage }
        lowestPrice { lowestPriceIncVat comparisonPriceIncVat sellingPriceIncVat discountPercentage isDiscounted
                      lowestPriceIncVatFormatted }
        rating { score voteCount }
        productImages { fileName }
      }
      filters {
        price { lowest highest }
        facets { filterId group label type values { _id facetId parentId label count order } }
      }
    }
  }
`;

type Facet = {
  filterId: string;
  group: string;
  label: string;
  values: {
    _id: string;
    facetId: string;
    parentId: string | null;
    label: string;
    count: number;
    order: number;
  }[];
};

async function list(variables: Record<string, unknown>) {
  const r = await gql(shop.origin, { query: LIST, variables: { take: 200, ...nb, ...variables } });
  expect(r.body.errors).toBeUndefined();
  return r.body.data.products as {
    count: number;
    // biome-ignore lint/suspicious/noExplicitAny: products of the list query above.
    products: any[];
    filters: { price: { lowest: number; highest: number } | null; facets: Facet[] };
  };
}

const ids = (r: { products: { productId: number }[] }) => r.products.map((p) => p.productId);
const facet = (r: { filters: { facets: Facet[] } }, filterId: string) =>
  r.filters.facets.find((f) => f.filterId === filterId) as Facet;

describe("card prices", () => {
  it("shows the cheapest SKU's selling price, struck against nothing but an announced reduction's prior price", async () => {
    const expected = await rows(sql`
      select distinct on (s.product_id) s.product_id, mili_price_in_effect(p, now()) as selling
      from skus s join prices p on p.sku_id = s.id and p.market_alias = 'se'
      where s.active order by s.product_id, mili_price_in_effect(p, now()), s.sort_order, s.id`);
    const byId = new Map(expected.map((e) => [Number(e.product_id), e]));
    const r = await list({ ...sv, take: 200 });
    expect(r.products.length).toBe(200);
    for (const p of r.products) {
      const e = byId.get(p.productId);
      expect(p.unitPrice.sellingPriceIncVat * 100).toBe(Number(e.selling));
      // The regular price is the prior price while a reduction is announced, otherwise the selling price itself.
      expect(p.unitPrice.regularPriceIncVat).toBe(
        p.lowestPrice?.lowestPriceIncVat ?? p.unitPrice.sellingPriceIncVat,
      );
      expect(p.unitPrice.isDiscounted).toBe(p.lowestPrice !== null);
      expect(p.unitPrice.isDiscounted).toBe(p.unitPrice.discountPercentage > 0);
    }
  });

  it("announces reductions by the domain rule over each product's price history", async () => {
    // Every product of the market with its SKUs' prices and histories, priced by domain/prices.ts here.
    const skuRows = await rows(sql`
      select s.product_id, prices.regular_minor as regular, prices.selling_minor as selling,
             ${skuHistorySql(prices)} as history
      from skus s join prices on prices.sku_id = s.id and prices.market_alias = 'no' where s.active`);
    const now = new Date();
    const expected = new Map<number, ReturnType<typeof priceReduction>>();
    const byProduct = new Map<number, typeof skuRows>();
    for (const row of skuRows)
      byProduct.set(Number(row.product_id), [...(byProduct.get(Number(row.product_id)) ?? []), row]);
    for (const [productId, skus] of byProduct) {
      const history = cheapestPrices(skus.map((k) => skuAppliedPrices(k, k.history)));
      expected.set(productId, priceReduction(history, now));
    }
    const announced = [...expected].filter(([, r]) => r !== null).map(([id]) => id);
    expect(announced.length).toBeGreaterThan(3);
    const r = await list({ filter: { productIds: [...byProduct.keys()].slice(0, 200) } });
    let belowRegular = 0;
    let notAnnounced = 0;
    for (const p of r.products) {
      const e = expected.get(p.productId) ?? null;
      const skus = byProduct.get(p.productId) ?? [];
      if (skus.some((k) => Number(k.selling) < Number(k.regular))) {
        if (e === null) notAnnounced++;
        else if (e.priorMinor < Math.max(...skus.map((k) => Number(k.regular)))) belowRegular++;
      }
      if (e === null) {
        expect(p.lowestPrice).toBeNull();
        expect(p.unitPrice.isDiscounted).toBe(false);
        expect(p.unitPrice.discountPercentage).toBe(0);
        continue;
      }
      expect(p.unitPrice.sellingPriceIncVat * 100).toBe(e.sellingMinor);
      expect(p.lowestPrice.lowestPriceIncVat * 100).toBe(e.priorMinor);
      expect(p.lowestPrice.comparisonPriceIncVat * 100).toBe(e.priorMinor);
      expect(p.lowestPrice.sellingPriceIncVat * 100).toBe(e.sellingMinor);
      expect(p.lowestPrice.discountPercentage).toBe(e.percent);
      expect(p.lowestPrice.isDiscounted).toBe(true);
      expect(p.unitPrice.discountPercentage).toBe(e.percent);
      expect(p.unitPrice.regularPriceIncVat * 100).toBe(e.priorMinor);
      expect(p.lowestPrice.lowestPriceIncVatFormatted).toMatch(/kr$/);
    }
    // The seed gives some reductions an earlier dip inside the window: a prior price below the regular one, or, at
    // the reduced price itself, no reduction to announce.
    expect(belowRegular).toBeGreaterThan(0);
    expect(notAnnounced).toBeGreaterThan(0);
  });

  it("gives rated products their approved reviews' score", async () => {
    const [rated] = await rows(sql`
      select product_id, round(avg(rating), 2) as score, count(*)::int as votes from reviews
      where status = 'approved' group by product_id order by product_id limit 1`);
    const r = await list({ filter: { productIds: [Number(rated.product_id)] } });
    expect(r.products[0].rating).toEqual({ score: Number(rated.score), voteCount: rated.votes });
  });
});

describe("filters", () => {
  it("filters by category with its descendants, by brand, campaign, ids and article numbers", async () => {
    const tree = await gql(shop.origin, {
      query:
        "query($languageId: String) { categories(parentCategoryId: 0, languageId: $languageId) { categoryId alias children { categoryId } } }",
      variables: nb,
    });
    const top = tree.body.data.categories.find((c: { children: unknown[] }) => c.children.length > 1);
    const parent = await list({ filter: { categoryIds: [top.categoryId] } });
    const children = await Promise.all(
      top.children.map((c: { categoryId: number }) => list({ filter: { categoryIds: [c.categoryId] } })),
    );
    expect(parent.count).toBeGreaterThan(0);
    expect(parent.count).toBe(children.reduce((n, c) => n + c.count, 0));
    const all = await list({});
    const brand = all.products[0].brand;
    const byBrand = await list({ filter: { brandIds: [Number((await brandId(brand.alias)) ?? 0)] } });
    expect(byBrand.count).toBeGreaterThan(0);
    expect(byBrand.products.every((p) => p.brand.alias === brand.alias)).toBe(true);
    const campaign = await list({ filter: { discountCampaignIds: [1] } });
    expect(campaign.count).toBeGreaterThan(0);
    expect(campaign.products.every((p) => p.unitPrice.isDiscounted)).toBe(true);
    const some = all.products.slice(0, 3);
    expect(ids(await list({ filter: { productIds: ids({ products: some }) } })).sort()).toEqual(
      ids({ products: some }).sort(),
    );
    const byArticle = await list({ filter: { articleNumbers: [some[0].articleNumber] } });
    expect(ids(byArticle)).toEqual([some[0].productId]);
    // include adds to a list, exclude takes out of it.
    const withExtra = await list({
      filter: { brandIds: [999_999], includeProducts: { productIds: [some[0].productId] } },
    });
    expect(ids(withExtra)).toEqual([some[0].productId]);
    const without = await list({ filter: { excludeProducts: { productIds: [some[0].productId] } } });
    expect(without.count).toBe(all.count - 1);
    // Excluding a brand keeps the products without one (packages): before 0011 SQL's NULL logic dropped them.
    const [unbranded] = await rows(sql`select count(*)::int as n from products p
      where p.active and p.brand_id is null
        and exists (select 1 from product_list_prices lp where lp.product_id = p.id and lp.market_alias = 'no')`);
    expect(unbranded.n).toBeGreaterThan(0);
    const excluded = await list({
      filter: { excludeProducts: { brandIds: [Number(await brandId(brand.alias))] } },
    });
    expect(excluded.count).toBe(all.count - byBrand.count);
  });

  it("resolves list URLs in either language, and answers an unknown list with nothing", async () => {
    const tree = await gql(shop.origin, {
      query:
        "query($languageId: String) { categories(parentCategoryId: 0, languageId: $languageId) { categoryId canonicalUrl alternativeUrls { languageId url } children { categoryId canonicalUrl } } }",
      variables: nb,
    });
    const top = tree.body.data.categories[0];
    const child = top.children[0];
    const byUrl = await list({ url: child.canonicalUrl });
    const byId = await list({ filter: { categoryIds: [child.categoryId] } });
    expect(byUrl.count).toBe(byId.count);
    const swedishUrl = top.alternativeUrls.find((u: { languageId: string }) => u.languageId === "sv-SE").url;
    expect((await list({ url: swedishUrl })).count).toBe((await list({ url: top.canonicalUrl })).count);
    expect((await list({ url: "/dc/vintersalg" })).count).toBe(
      (await list({ filter: { discountCampaignIds: [1] } })).count,
    );
    expect((await list({ url: "/s/jakke" })).count).toBeGreaterThan(0);
    expect(await list({ url: "/c/finnes/ikke" })).toMatchObject({ count: 0, products: [] });
    expect(await list({ url: "/x/y" })).toMatchObject({ count: 0, products: [] });
  });

  it("filters by price range in major units including VAT, and reports the range before that filter", async () => {
    const all = await list({});
    const { lowest, highest } = all.filters.price as { lowest: number; highest: number };
    expect(lowest).toBeLessThan(highest);
    const mid = Math.round((lowest + highest) / 2);
    const cheap = await list({ filter: { price: { highest: mid } } });
    expect(cheap.count).toBeGreaterThan(0);
    expect(cheap.count).toBeLessThan(all.count);
    expect(cheap.products.every((p) => p.unitPrice.sellingPriceIncVat <= mid)).toBe(true);
    expect(cheap.filters.price).toEqual(all.filters.price);
    const dear = await list({ filter: { price: { lowest: mid + 0.01 } } });
    expect(cheap.count + dear.count).toBe(all.count);
  });

  it("counts facets disjunctively: a value's count is what adding it to the other groups gives", async () => {
    const all = await list({});
    expect(all.filters.facets.map((f) => f.filterId)).toEqual(
      expect.arrayContaining(["categories", "brands", "skus", "discount", "campaigns", "p-color"]),
    );
    const sizes = facet(all, "skus");
    const brands = facet(all, "brands");
    expect(sizes.label).toBe("Størrelse");
    expect(brands.label).toBe("Merker");
    // Sizes in size order.
    const letters = sizes.values
      .map((v) => v._id)
      .filter((v) => ["XS", "S", "M", "L", "XL", "XXL"].includes(v));
    expect(letters).toEqual(["XS", "S", "M", "L", "XL", "XXL"].filter((s) => letters.includes(s)));
    const numbers = sizes.values
      .map((v) => v._id)
      .filter((v) => /^\d+$/.test(v))
      .map(Number);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(sizes.values.map((v) => v.order)).toEqual(sizes.values.map((_, i) => i));
    // Every value's count is the size of the list with it.
    const m = sizes.values.find((v) => v._id === "s_M") as Facet["values"][number];
    const withM = await list({ filter: { facets: ["s_M"] } });
    expect(withM.count).toBe(m.count);
    const brand = brands.values[0] as Facet["values"][number];
    const both = await list({ filter: { facets: ["s_M", brand.facetId] } });
    // Inside the size group the other sizes still count as if added (OR), the brand group is applied.
    const sizesWithBrand = facet(both, "skus");
    for (const v of sizesWithBrand.values.slice(0, 4)) {
      const alone = await list({ filter: { facets: [v.facetId, brand.facetId] } });
      const orM = await list({ filter: { facets: ["s_M", v.facetId, brand.facetId] } });
      expect(v.count).toBe(v.facetId === "s_M" ? alone.count : orM.count);
    }
    const brandsWithM = facet(both, "brands");
    for (const v of brandsWithM.values.slice(0, 3)) {
      const alone = await list({ filter: { facets: ["s_M", v.facetId] } });
      expect(v.count).toBe(alone.count);
    }
    // Values in one group are OR'ed.
    const other = brands.values[1] as Facet["values"][number];
    const two = await list({ filter: { facets: [brand.facetId, other.facetId] } });
    expect(two.count).toBe(brand.count + other.count);
    // CURRENT counts within the result.
    const current = await list({ filter: { facets: ["s_M"], filterMode: "CURRENT" } });
    expect(facet(current, "skus").values.find((v) => v._id === "s_M")?.count).toBe(withM.count);
    expect(facet(current, "skus").values.every((v) => v.count <= withM.count)).toBe(true);
  });

  it("filters by colour, category, campaign and discount facets with localized labels", async () => {
    const all = await list({ ...sv });
    const colour = facet(all, "p-color");
    expect(colour.label).toBe("Färg");
    const black = colour.values.find((v) => v.facetId === "p_color_black");
    expect(black?.label).toBe("Svart");
    const blacks = await list({ ...sv, filter: { facets: ["p_color_black"] } });
    expect(blacks.count).toBe(black?.count);
    const categories = facet(all, "categories");
    const child = categories.values.find((v) => v.parentId !== null) as Facet["values"][number];
    expect(categories.values.some((v) => v.facetId === child.parentId)).toBe(true);
    expect((await list({ ...sv, filter: { facets: [child.facetId] } })).count).toBe(child.count);
    const campaigns = facet(all, "campaigns");
    expect(campaigns.values.map((v) => v.label)).toContain("Vinterrea");
    const discount = facet(all, "discount");
    expect(discount.label).toBe("Rabatt");
    for (const v of discount.values) {
      expect(v.label).toMatch(/^\d+–\d+\u00a0%$/);
      const [lo, hi] = v.facetId.replace(/^d_/, "").split("-").map(Number) as [number, number];
      const r = await list({ ...sv, filter: { facets: [v.facetId] } });
      expect(r.count).toBe(v.count);
      for (const p of r.products) {
        const pct = p.lowestPrice?.discountPercentage ?? 0;
        expect(pct >= lo && pct <= hi).toBe(true);
        expect(p.unitPrice.discountPercentage).toBe(pct);
      }
    }
  });

  it("ignores unknown and malformed facet ids, and refuses oversized pages", async () => {
    const all = await list({});
    for (const facets of [
      ["c_999999"],
      ["b_abc"],
      ["s_NOPE"],
      ["p_color_plaid"],
      ["d_5-6"],
      ["zzz", "p_"],
      ["c_"],
    ]) {
      expect((await list({ filter: { facets } })).count).toBe(all.count);
    }
    const m = await list({ filter: { facets: ["s_M"] } });
    expect((await list({ filter: { facets: ["s_M", "s_NOPE"] } })).count).toBe(m.count);
    for (const variables of [{ take: 201 }, { skip: 6001 }, { take: -1 }]) {
      const r = await gql(shop.origin, { query: LIST, variables: { ...nb, ...variables } });
      expect(r.status).toBe(200);
      expect(r.body.errors?.[0].extensions.code).toBe("BAD_USER_INPUT");
    }
    const past = await list({ skip: 6000, take: 20 });
    expect(past).toMatchObject({ count: all.count, products: [] });
  });
});

describe("sorts", () => {
  it("orders by price, name, newness, sales, rating and the merchandised orders", async () => {
    const sorted = async (sort: string) => (await list({ take: 100, filter: { sort } })).products;
    const prices = (await sorted("PRICE")).map((p) => p.unitPrice.sellingPriceIncVat);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const desc = (await sorted("PRICE_DESC")).map((p) => p.unitPrice.sellingPriceIncVat);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    const names = (await sorted("ALPHABETICAL")).map((p) => p.name);
    const collator = new Intl.Collator("nb");
    for (let i = 1; i < names.length; i++)
      expect(names[i - 1] <= names[i] || collator.compare(names[i - 1], names[i]) <= 0).toBe(true);
    const votes = (await sorted("VOTES")).map((p) => p.rating?.score ?? 0);
    expect(votes).toEqual([...votes].sort((a, b) => b - a));
    const db = await rows(sql`select id, created_at, sales_count, custom_sort from products`);
    const byId = new Map(db.map((r) => [Number(r.id), r]));
    const check = async (sort: string, key: (r: (typeof db)[number]) => number) => {
      const values = (await sorted(sort)).map((p) => key(byId.get(p.productId)));
      expect(values).toEqual([...values].sort((a, b) => a - b));
    };
    await check("LATEST", (r) => -new Date(r.created_at).getTime());
    await check("MOST_SOLD", (r) => -r.sales_count);
    await check("CUSTOM_1", (r) => Number(r.custom_sort["1"] ?? 1e9));
    await check("CUSTOM_2", (r) => Number(r.custom_sort["2"] ?? 1e9));
    await check("RELEVANCE", (r) => Number(r.custom_sort["1"] ?? 1e9));
    for (const sort of ["CUSTOM_3", "CUSTOM_4", "CUSTOM_5"]) expect((await sorted(sort)).length).toBe(100);
  });
});

describe("statement budget", () => {
  it("runs the same number of statements for a page of 20 and of 200, facets and images included", async () => {
    const variables = { ...nb, url: "/c/klaer", filter: { facets: ["s_M"], price: { lowest: 1 } } };
    const count = async (take: number) => {
      await gql(shop.origin, { query: LIST, variables: { ...variables, take } }); // warm the reference cache
      const before = shop.db.statements();
      const r = await gql(shop.origin, { query: LIST, variables: { ...variables, take } });
      expect(r.body.errors).toBeUndefined();
      return { statements: shop.db.statements() - before, products: r.body.data.products.products.length };
    };
    const small = await count(20);
    const large = await count(200);
    expect(large.products).toBeGreaterThan(small.products);
    expect(large.statements).toBe(small.statements);
    expect(large.products).toBeGreaterThan(20);
  });
});

describe("statement budget of the storefront's list operations", () => {
  /** The storefront's own client (persisted queries first), as app/lib/list-page.ts sends ProductList. */
  const client = (locale: typeof nb) =>
    createGraphqlClient({
      fetch: (request) => fetch(request),
      url: `${shop.origin}/graphql`,
      apiKey: API_KEY,
      locale,
    });

  /**
   * A list page's operations as app/routes/list.tsx runs them (ListPageInfo for the path, then ProductList with the
   * list's target and URL state), with `take` products: the statements they ran after a first run warmed the caches.
   */
  async function listPage(
    locale: typeof nb,
    url: string,
    take: number,
    filter: Record<string, unknown>,
  ): Promise<{ statements: number; products: number; count: number; facets: number }> {
    const run = async () => {
      const { data: info } = await client(locale).request(ListPageInfoQuery, { url });
      const page = info.listPageInfo;
      if (!page) throw new Error(`no list page at ${url}`);
      const target =
        page.type === "brand"
          ? { brandAlias: page.alias }
          : page.type === "campaign"
            ? { discountCampaignAlias: page.alias }
            : { categoryAlias: page.alias };
      const { data, errors } = await client(locale).request(ProductListQuery, {
        take,
        skip: 0,
        ...target,
        filter,
      });
      expect(errors).toEqual([]);
      return data.products;
    };
    await run();
    const before = shop.db.statements();
    const products = await run();
    return {
      statements: shop.db.statements() - before,
      products: products?.products.length ?? 0,
      count: products?.count ?? 0,
      facets: products?.filters.facets.length ?? 0,
    };
  }

  it("runs the same number of statements for 20 products as for 200 on category, brand and campaign pages", async () => {
    const [brand] =
      await rows(sql`select b.alias from brands b join products p on p.brand_id = b.id and p.active
      group by b.alias order by count(*) desc, b.alias limit 1`);
    const pages: [typeof nb, string, Record<string, unknown>][] = [
      [nb, "/c/klaer", { sort: "LATEST", facets: ["s_M"], price: { lowest: 1 } }],
      [sv, "/c/klader", { sort: "PRICE" }],
      [nb, `/b/${brand.alias}`, { sort: "MOST_SOLD" }],
      [sv, "/dc/vinterrea", { sort: "RELEVANCE", price: { lowest: 1 } }],
    ];
    for (const [locale, url, filter] of pages) {
      const small = await listPage(locale, url, 20, filter);
      const large = await listPage(locale, url, 200, filter);
      expect(small.count, url).toBe(large.count);
      expect(small.products, url).toBe(20);
      expect(large.products, url).toBe(Math.min(200, large.count));
      expect(large.products, url).toBeGreaterThan(20);
      expect(small.facets, url).toBeGreaterThan(0);
      expect(large.statements, url).toBe(small.statements);
    }
  });

  it("runs the same number of statements for a search page of 20 hits as of 200", async () => {
    const search = async (locale: typeof nb, searchText: string, take: number) => {
      const variables = { take, skip: 0, filter: { sort: "RELEVANCE" as const, searchText } };
      await client(locale).request(ProductListQuery, variables);
      const before = shop.db.statements();
      const { data } = await client(locale).request(ProductListQuery, variables);
      return { statements: shop.db.statements() - before, products: data.products?.products.length ?? 0 };
    };
    for (const [locale, text] of [
      [nb, "jakke"],
      [sv, "jacka"],
    ] as const) {
      const small = await search(locale, text, 20);
      const large = await search(locale, text, 200);
      expect(small.products).toBe(20);
      expect(large.products).toBeGreaterThan(20);
      expect(large.statements).toBe(small.statements);
    }
  });
});

async function brandId(alias: string): Promise<number | undefined> {
  const [row] = await rows(sql`select id from brands where alias = ${alias}`);
  return row ? Number(row.id) : undefined;
}

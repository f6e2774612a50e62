import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expandSearch } from "#services/search-words.ts";
import { queryRows } from "#tests/support/db.ts";
import { gql, type Shop, startShop } from "#tests/support/shop.ts";

let shop: Shop;
beforeAll(async () => {
  shop = await startShop({ SEED_PRODUCTS: "300" });
});
afterAll(async () => {
  await shop?.close();
});

const sv = { channelId: "1|se", languageId: "sv-SE" };
const nb = { channelId: "2|no", languageId: "nb-NO" };

const SEARCH = /* GraphQL */ `
  query Search($text: String, $take: Int, $channelId: String, $languageId: String) {
    products(take: $take, filter: { searchText: $text }, channelId: $channelId, languageId: $languageId) {
      count
      products { productId name brand { name } }
    }
  }
`;

async function search(locale: typeof sv, text: string, take = 200) {
  const r = await gql(shop.origin, { query: SEARCH, variables: { ...locale, text, take } });
  expect(r.body.errors).toBeUndefined();
  return r.body.data.products as {
    count: number;
    products: { productId: number; name: string; brand: { name: string } }[];
  };
}

const names = (r: { products: { name: string }[] }) => r.products.map((p) => p.name.toLowerCase());

/** The products named with a match come first; descriptions may match too, ranked after them. */
function namedFirst(r: { products: { name: string }[] }, named: RegExp) {
  const flags = names(r).map((n) => named.test(n));
  const firstOther = flags.indexOf(false);
  expect(flags[0]).toBe(true);
  if (firstOther >= 0) expect(flags.slice(firstOther).every((f) => !f)).toBe(true);
  return names(r).filter((n) => named.test(n));
}

describe("search", () => {
  it("ranks as PostgreSQL ranks: name or brand matches first, then ts_rank with names far above texts", async () => {
    // Lists rank in memory (services/catalog-index/, ts_rank's own arithmetic); the database is the reference.
    const cases: [typeof sv, string][] = [
      [nb, "jakke"],
      [nb, "dame jakke"],
      [nb, "sko"],
      [sv, "jacka"],
      [sv, "vinterjacka herr"],
      [sv, "ull strumpor"],
      [nb, "jakkke"],
    ];
    for (const [locale, text] of cases) {
      const { tsquery } = await expandSearch(shop.db.db, locale.languageId, text);
      expect(tsquery).not.toBeNull();
      const market = locale === sv ? "se" : "no";
      const expected = await queryRows<{ id: number }>(
        shop.db.db,
        sql`select pt.product_id as id from product_translations pt
            join products p on p.id = pt.product_id and p.active
            where pt.language_id = ${locale.languageId} and pt.search_vector @@ to_tsquery('simple', ${tsquery})
              and exists (select 1 from product_list_prices lp where lp.product_id = pt.product_id and lp.market_alias = ${market})
            order by (case when ts_filter(pt.search_vector, '{a}') @@ to_tsquery('simple', ${tsquery}) then 1 else 0 end
                      + ts_rank('{0.01, 0.02, 0.1, 1.0}', pt.search_vector, to_tsquery('simple', ${tsquery}))) desc,
                     pt.product_id
            limit 200`,
      );
      const found = await search(locale, text);
      expect(found.products.map((p) => p.productId)).toEqual(expected.map((e) => Number(e.id)));
    }
  });

  it("lists what include adds beside the hits, and takes out what exclude names", async () => {
    const hits = await search(nb, "jakke");
    const [other] = await queryRows<{ id: number }>(
      shop.db.db,
      sql`select p.id from products p join product_translations pt on pt.product_id = p.id and pt.language_id = 'nb-NO'
          where p.active and p.type = 'product' and pt.name not ilike '%jakke%' and pt.text1 not ilike '%jakke%'
          order by p.id limit 1`,
    );
    const r = await gql(shop.origin, {
      query: /* GraphQL */ `query($f: FilterInputType, $channelId: String, $languageId: String) {
        products(take: 200, filter: $f, channelId: $channelId, languageId: $languageId) { count products { productId } } }`,
      variables: {
        ...nb,
        f: {
          searchText: "jakke",
          includeProducts: { productIds: [Number(other?.id)] },
          excludeProducts: { productIds: [hits.products[0]?.productId] },
        },
      },
    });
    expect(r.body.errors).toBeUndefined();
    const ids = r.body.data.products.products.map((p: { productId: number }) => p.productId);
    expect(r.body.data.products.count).toBe(hits.count);
    expect(ids).toContain(Number(other?.id));
    expect(ids).not.toContain(hits.products[0]?.productId);
  });

  it("finds inflected Swedish words: jackor and jackan find jackets, compounds included", async () => {
    for (const text of ["jackor", "jackan", "jacka"]) {
      const named = namedFirst(await search(sv, text), /jacka\b/);
      expect(named.some((n) => /\w+jacka\b/.test(n))).toBe(true); // Vinterjacka, Skaljacka, Dunjacka…
    }
  });

  it("finds an inflected Norwegian word: jakkene finds Jakke, Vinterjakke and Skalljakke", async () => {
    const named = namedFirst(await search(nb, "jakkene"), /jakke\b/);
    expect(named.some((n) => /\w+jakke\b/.test(n))).toBe(true);
  });

  it("finds compounds: sko finds Løpesko, jacka finds Vinterjacka", async () => {
    const shoes = namedFirst(await search(nb, "sko"), /sko\b/);
    expect(shoes.some((n) => n.includes("løpesko"))).toBe(true);
    const jackets = namedFirst(await search(sv, "jacka"), /jacka\b/);
    expect(jackets.some((n) => n.includes("vinterjacka"))).toBe(true);
  });

  it("forgives typos by trigram similarity: jakkke and vintrejakke find jackets", async () => {
    namedFirst(await search(nb, "jakkke"), /jakke\b/);
    const swapped = namedFirst(await search(nb, "vintrejakke"), /vinterjakke\b/);
    expect(swapped.length).toBeGreaterThan(0);
  });

  it("matches prefixes for search-as-you-type: vinterj finds Vinterjacka", async () => {
    const r = await search(sv, "vinterj");
    expect(r.count).toBeGreaterThan(0);
    expect(names(r).every((n) => n.includes("vinterj"))).toBe(true);
  });

  it("ranks name and brand matches first and ANDs the words", async () => {
    const [first] = (await search(nb, "", 1)).products;
    const brand = first?.brand.name as string;
    const byBrand = await search(nb, brand);
    expect(byBrand.products[0]?.brand.name).toBe(brand);
    const both = await search(nb, `${brand} jakke`);
    for (const p of both.products) {
      expect(p.name.toLowerCase()).toContain("jakke");
      expect(p.brand.name).toBe(brand);
    }
    const top = await search(sv, "skaljacka", 5);
    expect(names(top).every((n) => n.includes("skaljacka"))).toBe(true);
  });

  it("cuts long text, keeps markup and SQL inert, and finds nothing for gibberish", async () => {
    // The text is cut after 100 characters (services/catalog.ts MAX_SEARCH_LENGTH): a word that starts after them is
    // not searched, one that ends at the 100th character is.
    const jackets = await search(sv, "jacka");
    expect(jackets.count).toBeGreaterThan(0);
    const huge = await search(sv, `jacka${" ".repeat(95)}qqqqzzzz ${"x".repeat(5000)}`);
    expect(huge.count).toBe(jackets.count);
    expect(huge.products.map((p) => p.productId)).toEqual(jackets.products.map((p) => p.productId));
    const cutAfter = `jacka${" ".repeat(95)}qqqqzzzz`; // "qqqqzzzz" begins at the 101st character
    expect(cutAfter.indexOf("q")).toBe(100);
    expect((await search(sv, cutAfter)).count).toBe(jackets.count);
    const kept = `jacka${" ".repeat(87)}qqqqzzzz`; // "qqqqzzzz" ends at the 100th character
    expect(kept.length).toBe(100);
    expect((await search(sv, kept)).count).toBe(0);
    // Leading spaces are trimmed before the text is cut.
    expect((await search(sv, `${" ".repeat(200)}${kept}`)).count).toBe(0);
    const hostile = await search(nb, "'; drop table products; -- <script>alert(1)</script> %_ \\ & | ! :*");
    expect(hostile.count).toBe(0);
    expect((await search(nb, "")).count).toBeGreaterThan(0);
    expect((await search(nb, "qqqqzzzz")).count).toBe(0);
  });
});

describe("searchSuggestions", () => {
  const SUGGEST = /* GraphQL */ `
    query Suggest($text: String!, $take: Int, $channelId: String, $languageId: String) {
      searchSuggestions(searchText: $text, take: $take, channelId: $channelId, languageId: $languageId) {
        products { name canonicalUrl unitPrice { sellingPriceIncVat } }
        categories { name canonicalUrl }
        brands { name canonicalUrl }
        didYouMean
      }
    }
  `;
  const suggest = async (locale: typeof sv, text: string, take?: number) => {
    const r = await gql(shop.origin, { query: SUGGEST, variables: { ...locale, text, take } });
    expect(r.body.errors).toBeUndefined();
    return r.body.data.searchSuggestions;
  };

  it("suggests products, categories and brands by prefix and compound", async () => {
    const s = await suggest(sv, "jack");
    expect(s.products.length).toBeGreaterThan(0);
    expect(s.products.length).toBeLessThanOrEqual(6);
    expect(s.categories.map((c: { name: string }) => c.name.toLowerCase()).join(" ")).toContain("jack");
    expect(s.didYouMean).toEqual([]);
    const [first] = (await search(nb, "", 1)).products;
    const prefix = String(first?.brand.name).slice(0, 4);
    const b = await suggest(nb, prefix, 3);
    expect(b.brands.some((x: { name: string }) => x.name.startsWith(prefix))).toBe(true);
    expect(b.products.length).toBeLessThanOrEqual(3);
  });

  it("says what it searched instead of a misspelt text", async () => {
    const s = await suggest(nb, "vintrejakke");
    expect(s.products.length).toBeGreaterThan(0);
    expect(s.didYouMean).toEqual(["vinterjakke"]);
    const none = await suggest(nb, "qqqqzzzzxx");
    expect(none).toEqual({ products: [], categories: [], brands: [], didYouMean: [] });
  });

  it("refuses an oversized take", async () => {
    const r = await gql(shop.origin, { query: SUGGEST, variables: { ...sv, text: "jacka", take: 500 } });
    expect(r.body.errors?.[0].extensions.code).toBe("BAD_USER_INPUT");
  });
});

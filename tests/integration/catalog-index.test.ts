import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listFacets } from "#services/catalog/facets.ts";
import { listProducts } from "#services/catalog/lists.ts";
import { CatalogIndex, catalogIndex } from "#services/catalog-index/index.ts";
import { createReferenceCache, type Locale, type ReferenceData, resolveLocale } from "#services/reference.ts";
import { queryRows } from "#tests/support/db.ts";
import { gql, type Shop, startShop } from "#tests/support/shop.ts";

/**
 * The list index (migration 0004, services/catalog-index/): refreshed per product at the commit of each change,
 * followed by app processes by version, and priced per validity window so that reductions begin and end by their
 * dates without a refresh.
 */

let shop: Shop;
let ref: ReferenceData;
let no: Locale;
beforeAll(async () => {
  shop = await startShop({ SEED_PRODUCTS: "120" });
  ref = await createReferenceCache(db()).get();
  no = resolveLocale(ref, { channelId: "2|no", languageId: "nb-NO" }).locale;
});
afterAll(async () => {
  await shop?.close();
});

const nb = { channelId: "2|no", languageId: "nb-NO" };
const db = () => shop.db.db;
// biome-ignore lint/suspicious/noExplicitAny: rows of ad-hoc checking queries.
const rows = (query: SQL) => queryRows<any>(db(), query);
const change = (...statements: SQL[]) =>
  db().transaction(async (tx) => {
    for (const s of statements) await tx.execute(s);
  });

async function state() {
  const [s] = await rows(sql`select version, full_version, meta_version from catalog_index_state`);
  return { version: Number(s.version), full: Number(s.full_version), meta: Number(s.meta_version) };
}

/** Products written by the refresh of this version. */
async function refreshedAt(version: number) {
  return (await rows(sql`select product_id from product_index where version = ${version} order by 1`)).map(
    (r) => Number(r.product_id),
  );
}

const LIST = /* GraphQL */ `
  query List($filter: FilterInputType, $take: Int, $channelId: String, $languageId: String) {
    products(take: $take, filter: $filter, channelId: $channelId, languageId: $languageId) {
      count
      products { productId name unitPrice { sellingPriceIncVat regularPriceIncVat isDiscounted }
                 lowestPrice { lowestPriceIncVat discountPercentage } }
      filters { facets { filterId values { facetId label count } } }
    }
  }
`;

async function list(filter: Record<string, unknown>, take = 50) {
  const r = await gql(shop.origin, { query: LIST, variables: { ...nb, filter, take } });
  expect(r.body.errors).toBeUndefined();
  return r.body.data.products as {
    count: number;
    products: {
      productId: number;
      name: string;
      unitPrice: { sellingPriceIncVat: number; regularPriceIncVat: number; isDiscounted: boolean };
      lowestPrice: { lowestPriceIncVat: number; discountPercentage: number } | null;
    }[];
    filters: { facets: { filterId: string; values: { facetId: string; label: string; count: number }[] }[] };
  };
}

/** The derived tables as a rebuild would write them (versions and the rows kept for deleted products aside). */
async function derived() {
  return JSON.stringify([
    await rows(sql`select product_id, active, brand_id, created_at::text, custom_sort, category_ids, sizes,
                          campaign_ids, params, name_words
                   from product_index where product_id in (select id from products) order by product_id`),
    await rows(sql`select product_id, market_alias, valid_from::text, valid_until::text, sku_id, currency_code,
                          regular_minor, selling_minor, lowest_minor, discount_percent
                   from product_list_prices order by 1, 2, 3`),
    await rows(sql`select * from facet_labels order by 1, 2`),
    await rows(sql`select * from search_words order by 1, 2`),
  ]);
}

/** Everything a list reads from an index, per product id, at one moment and in the markets and language given. */
function contents(index: CatalogIndex, at: Date) {
  const out: Record<number, unknown> = {};
  const markets = ["no", "se"].map((alias) => index.markets.get(alias)?.at(at.getTime() * 1000, index.size));
  const language = index.languages.get("nb-NO");
  for (let slot = 0; slot < index.size; slot++) {
    const start = index.recordStart[slot] as number;
    const record: number[][] = [];
    for (let i = start, k = 0; k < 4; k++) {
      const n = index.records.data[i] as number;
      record.push([...index.records.data.subarray(i + 1, i + 1 + n)]);
      i += 1 + n;
    }
    const lexemes: string[] = [];
    if (language?.has[slot]) {
      const names = [...language.lexemes.keys()];
      for (let e = language.start[slot] as number, k = 0; k < (language.count[slot] as number); k++, e++) {
        const p = language.posStart.data[e] as number;
        const positions = [...language.pos.data.subarray(p, p + (language.posCount.data[e] as number))];
        lexemes.push(`${names[language.lex.data[e] as number]}:${positions.join(",")}`);
      }
    }
    out[index.ids[slot] as number] = {
      active: index.active[slot],
      brand: index.brand[slot],
      created: index.created[slot],
      custom: index.custom.map((c) => c[slot]),
      categories: record[0]?.sort(),
      sizes: record[1]?.map((v) => index.sizeNames[v]).sort(),
      campaigns: record[2]?.sort(),
      params: record[3]?.map((v) => index.paramNames[v]).sort(),
      prices: markets.map((m) => [m?.selling[slot], m?.discount[slot]]),
      lexemes: lexemes.sort(),
    };
  }
  return out;
}

/** A product with a price reduction in market no, and the campaign behind it. */
async function reducedProduct(offset = 0) {
  const [r] = await rows(sql`
    select lp.product_id, lp.sku_id, lp.regular_minor, lp.selling_minor, pr.campaign_id, pr.reduced_since,
           dc.starts_at, dc.ends_at
    from product_list_prices lp
    join prices pr on pr.sku_id = lp.sku_id and pr.market_alias = lp.market_alias
    join discount_campaigns dc on dc.id = pr.campaign_id
    where lp.market_alias = 'no' and lp.lowest_minor is not null and lp.discount_percent > 5
      and lp.valid_from <= now() and now() < lp.valid_until
    order by lp.product_id offset ${offset} limit 1`);
  return {
    productId: Number(r.product_id),
    regular: Number(r.regular_minor),
    selling: Number(r.selling_minor),
    campaignId: Number(r.campaign_id),
    reducedSince: new Date(r.reduced_since),
    startsAt: new Date(r.starts_at),
    endsAt: new Date(r.ends_at),
  };
}

const DAY = 86_400_000;

describe("incremental maintenance", () => {
  it("pays for one rebuild for the seed, then refreshes only the products a commit touched", async () => {
    const before = await state();
    expect(before.full).toBe(before.version);
    const [p] = await rows(sql`select s.product_id, s.id as sku_id from skus s
                               join prices pr on pr.sku_id = s.id and pr.market_alias = 'no'
                               where s.active and pr.campaign_id is null order by s.product_id offset 5 limit 1`);
    const productId = Number(p.product_id);
    await change(
      sql`update prices set selling_minor = 50 where sku_id = ${p.sku_id} and market_alias = 'no'`,
    );
    const after = await state();
    expect(after.version).toBe(before.version + 1);
    expect(after.full).toBe(before.full);
    expect(await refreshedAt(after.version)).toEqual([productId]);
    // The next list (any process: each reads the version first) shows it at once.
    const r = await list({ productIds: [productId] });
    expect(r.products[0]?.unitPrice.sellingPriceIncVat).toBe(0.5);
    expect((await list({ sort: "PRICE" }, 1)).products[0]?.productId).toBe(productId);
  });

  it("refreshes the products of one transaction in one step, and ignores what lists do not read", async () => {
    const ids = (await rows(sql`select id from products order by id offset 20 limit 4`)).map((r) =>
      Number(r.id),
    );
    const before = await state();
    await change(
      sql`update prices set selling_minor = selling_minor + 100, regular_minor = regular_minor + 100
          where sku_id in (select id from skus where product_id = ${ids[0]})`,
      sql`update product_translations set name = name || ' Ekstra' where product_id = ${ids[1]}`,
      sql`update skus set active = false where id = (select min(id) from skus where product_id = ${ids[2]})`,
      sql`delete from product_categories where product_id = ${ids[3]}`,
    );
    const after = await state();
    expect(after.version).toBe(before.version + 1);
    expect(await refreshedAt(after.version)).toEqual(ids);
    // Stock, sales and ratings change with every order and review: the index refreshes no product for them, but
    // the version moves (migration 0010: the response and page caches key by it, and the answers show stock).
    await change(
      sql`update skus set in_stock = in_stock + 1 where product_id = ${ids[0]}`,
      sql`update products set sales_count = sales_count + 1, rating_score = 4.5 where id = ${ids[0]}`,
    );
    const touched = await state();
    expect(touched.version).toBe(after.version + 1);
    expect(await refreshedAt(touched.version)).toEqual([]);
  });

  it("leaves the index as a rebuild would write it, whatever changed", async () => {
    const [a, b, c, d, e, f] = (await rows(sql`select id from products order by id offset 40 limit 6`)).map(
      (r) => Number(r.id),
    );
    await change(
      sql`update product_translations set name = 'Zorblex Fjellsekk',
          search_vector = setweight(to_tsvector('norwegian', 'Zorblex Fjellsekk'), 'A') where product_id = ${a}`,
    );
    await change(
      sql`update product_parameters set value = 'Kolsvart', value_key = 'coal' where product_id = ${b} and identifier = 'color'`,
    );
    await change(
      sql`insert into product_categories (product_id, category_id) select ${c}, max(id) from categories on conflict do nothing`,
      sql`insert into campaign_products (campaign_id, product_id) values (2, ${c}) on conflict do nothing`,
    );
    await change(
      sql`insert into price_log (sku_id, market_alias, regular_minor, selling_minor, at)
          select pr.sku_id, pr.market_alias, pr.regular_minor, 1000, pr.reduced_since - interval '3 days'
          from prices pr join skus s on s.id = pr.sku_id where s.product_id = ${d} and pr.reduced_since is not null`,
    );
    await change(sql`update products set active = false where id = ${e}`);
    await change(sql`delete from products where id = ${f}`);
    await change(sql`update category_translations set name = name || ' og Zorblex' where category_id = 1`);
    await change(sql`update discount_campaigns set ends_at = ends_at - interval '1 day' where id = 1`);
    await change(
      sql`insert into products (id, article_number, kind, brand_id, primary_category_id, custom_sort)
          values (900001, 'T-900001', 'shell-jacket', 1, 3, '{"1": 5}')`,
      sql`insert into product_translations (product_id, language_id, name, alias, search_vector)
          values (900001, 'nb-NO', 'Testfjell Zorblex Jakke', 'testfjell-zorblex-jakke',
                  setweight(to_tsvector('norwegian', 'Testfjell Zorblex Jakke'), 'A')),
                 (900001, 'sv-SE', 'Testfjäll Zorblex Jacka', 'testfjall-zorblex-jacka',
                  setweight(to_tsvector('swedish', 'Testfjäll Zorblex Jacka'), 'A'))`,
      sql`insert into product_categories (product_id, category_id) values (900001, 3)`,
      sql`insert into skus (id, product_id, name, in_stock) values (900001, 900001, 'M', 3)`,
      sql`insert into variant_values (product_id, sku_id, level, dimension, value, label)
          values (900001, 900001, 0, 'Size', 'M', '{"sv-SE": "M", "nb-NO": "M"}')`,
      sql`insert into prices (sku_id, market_alias, currency_code, regular_minor, selling_minor)
          select 900001, alias, currency_code, 99900, 99900 from markets where currency_code is not null`,
    );
    const incremental = await derived();
    await rows(sql`select refresh_catalog_index()`);
    expect(await derived()).toEqual(incremental);
    const r = await list({ searchText: "zorblex" });
    expect(r.products.map((p) => p.productId)).toEqual(expect.arrayContaining([a, 900001]));
  });

  it("keeps an app process's index equal to one read afresh, by the rows newer than its version", async () => {
    const followed = await catalogIndex(db());
    await followed.market("no");
    await followed.market("se");
    await followed.language("nb-NO");
    const [p, q, r] = (
      await rows(sql`select id from products where active order by id offset 60 limit 3`)
    ).map((x) => Number(x.id));
    // A word nothing was named with so far, in a product's texts: searchable once a name carries it (then the
    // process reads again the documents holding it, which it had read without that word).
    await change(
      sql`update product_translations set text1 = 'Sydd av kvernoslin.',
          search_vector = search_vector || setweight(to_tsvector('norwegian', 'Sydd av kvernoslin.'), 'D')
          where product_id = ${p} and language_id = 'nb-NO'`,
    );
    await catalogIndex(db());
    await change(
      sql`update prices set selling_minor = selling_minor - 100 where sku_id in (select id from skus where product_id = ${r})`,
      sql`update product_translations set name = name || ' Kvernoslin',
          search_vector = search_vector || setweight(to_tsvector('norwegian', 'Kvernoslin'), 'A')
          where product_id = ${q} and language_id = 'nb-NO'`,
    );
    await change(sql`update categories set active = false where id = 3`);
    await catalogIndex(db());
    const fresh = new CatalogIndex(db());
    await fresh.current();
    await fresh.market("no");
    await fresh.market("se");
    await fresh.language("nb-NO");
    const at = new Date();
    expect(contents(followed, at)).toEqual(contents(fresh, at));
    expect(followed.meta.expansion).toEqual(fresh.meta.expansion);
    const found = await list({ searchText: "kvernoslin" });
    expect(found.products.map((x) => x.productId)).toEqual([q, p]);
    await change(sql`update categories set active = true where id = 3`);
  });
});

describe("prices that begin and end by their dates", () => {
  it("lists a campaign's reduced price only between its start and end, with the discount facet and price sort", async () => {
    const r = await reducedProduct();
    const at = async (moment: Date) => {
      const found = await listProducts(db(), ref, no, {
        skip: 0,
        take: 5,
        sort: "PRICE",
        productIds: [r.productId],
        today: moment,
      });
      const facets = await listFacets(db(), no, { productIds: [r.productId] }, moment);
      const discount = facets.facets.find((f) => f.filterId === "discount")?.values.map((v) => v.facetId);
      return { product: found.products[0], discount };
    };
    const during = await at(new Date());
    expect(during.product?.unitPrice?.sellingIncVat).toBe(r.selling);
    expect(during.product?.lowestPrice).not.toBeNull();
    expect(during.product?.discountType).toBe("PRICE_CAMPAIGN");
    expect(during.discount).toHaveLength(1);
    for (const moment of [new Date(r.endsAt.getTime() + DAY), new Date(r.startsAt.getTime() - DAY)]) {
      const outside = await at(moment);
      expect(outside.product?.unitPrice?.sellingIncVat).toBe(r.regular);
      expect(outside.product?.unitPrice?.regularIncVat).toBe(r.regular);
      expect(outside.product?.lowestPrice).toBeNull();
      expect(outside.product?.discountType).toBe("NONE");
      // A price without an announced reduction has no discount bucket.
      expect(outside.discount ?? []).toEqual([]);
    }
    // At the end the campaign's products sort by their regular prices.
    const inCampaign = (
      await rows(sql`select product_id from campaign_products where campaign_id = ${r.campaignId} limit 30`)
    ).map((x) => Number(x.product_id));
    const after = await listProducts(db(), ref, no, {
      skip: 0,
      take: 30,
      sort: "PRICE",
      productIds: inCampaign,
      today: new Date(r.endsAt.getTime() + DAY),
    });
    const prices = after.products.map((p) => p.unitPrice?.sellingIncVat ?? 0);
    expect(prices).toEqual([...prices].sort((x, y) => x - y));
    expect(after.products.every((p) => p.unitPrice?.sellingIncVat === p.unitPrice?.regularIncVat)).toBe(true);
  });

  it("starts a reduction set for later (prices.reduced_since) when that moment comes", async () => {
    const [p] = await rows(sql`select s.product_id from skus s join prices pr on pr.sku_id = s.id
                               where pr.market_alias = 'no' and pr.reduced_since is null and s.active
                               order by s.product_id offset 30 limit 1`);
    const productId = Number(p.product_id);
    const starts = new Date(Date.now() + 7 * DAY);
    await change(sql`update prices set selling_minor = (regular_minor * 0.8)::int, reduced_since = ${starts.toISOString()}::timestamptz,
                     campaign_id = null
                     where market_alias = 'no' and sku_id in (select id from skus where product_id = ${productId})`);
    const at = async (moment: Date) =>
      (
        await listProducts(db(), ref, no, {
          skip: 0,
          take: 1,
          sort: "LATEST",
          productIds: [productId],
          today: moment,
        })
      ).products[0];
    const now = await at(new Date());
    expect(now?.unitPrice?.sellingIncVat).toBe(now?.unitPrice?.regularIncVat);
    expect(now?.lowestPrice).toBeNull();
    const later = await at(new Date(starts.getTime() + DAY));
    expect(later?.unitPrice?.sellingIncVat).toBeLessThan(later?.unitPrice?.regularIncVat ?? 0);
    expect(later?.lowestPrice?.discountPercentage).toBe(20);
  });

  it("ends a campaign on the shop's lists by the clock alone: no refresh, no table touched", async () => {
    const r = await reducedProduct(1);
    await change(
      sql`update discount_campaigns set ends_at = now() + interval '3 seconds' where id = ${r.campaignId}`,
    );
    const version = (await state()).version;
    const first = (await list({ productIds: [r.productId] })).products[0];
    expect(first?.unitPrice.isDiscounted).toBe(true);
    let product = first;
    for (let i = 0; i < 40 && product?.unitPrice.isDiscounted; i++) {
      await new Promise((done) => setTimeout(done, 250));
      product = (await list({ productIds: [r.productId] })).products[0];
    }
    expect(product?.unitPrice.isDiscounted).toBe(false);
    expect(product?.unitPrice.sellingPriceIncVat).toBe(r.regular / 100);
    expect(product?.lowestPrice).toBeNull();
    expect((await state()).version).toBe(version);
  });

  it("prices each card as mili_price_in_effect prices its SKUs, for whatever else charges prices", async () => {
    const differing = await rows(sql`
      select lp.product_id, lp.market_alias, lp.selling_minor, e.selling
      from product_list_prices lp
      cross join lateral (
        select min(mili_price_in_effect(pr, now())) as selling
        from skus s join prices pr on pr.sku_id = s.id and pr.market_alias = lp.market_alias
        where s.product_id = lp.product_id and s.active) e
      where lp.valid_from <= now() and now() < lp.valid_until and lp.selling_minor <> e.selling`);
    expect(differing).toEqual([]);
    const [ended] = await rows(sql`select count(*)::int as n from prices pr
                                   where pr.selling_minor < pr.regular_minor
                                     and mili_price_in_effect(pr, now()) = pr.regular_minor`);
    expect(ended.n).toBeGreaterThan(0);
  });
});

describe("full rebuilds", () => {
  it("rebuilds everything once for a TRUNCATE of a catalog table", async () => {
    const before = await state();
    await change(sql`truncate price_log`);
    const after = await state();
    expect(after.version).toBe(before.version + 1);
    expect(after.full).toBe(after.version);
    const r = await list({}, 5);
    expect(r.count).toBeGreaterThan(0);
    // Without a price history a reduction's reference price is the regular price.
    const reduced = await rows(sql`select count(*)::int as n from product_list_prices
                                   where lowest_minor is not null and lowest_minor <> regular_minor`);
    expect(reduced[0].n).toBe(0);
  });
});

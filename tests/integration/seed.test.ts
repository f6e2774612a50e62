import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "#db/client.ts";
import { seed, seedIfEmpty } from "#db/seed/index.ts";
import { parseImageName } from "#services/images/art.ts";
import { freshDatabase, queryRows } from "#tests/support/db.ts";

const SEED_DATE = new Date("2026-11-01T00:00:00Z");

async function rows<T>(handle: DbHandle, query: ReturnType<typeof sql>): Promise<T[]> {
  return queryRows<T>(handle.db, query);
}
async function one<T>(handle: DbHandle, query: ReturnType<typeof sql>): Promise<T> {
  return (await rows<T>(handle, query))[0] as T;
}

describe("the demo catalog", () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let summary: Awaited<ReturnType<typeof seed>>;
  beforeAll(async () => {
    db = await freshDatabase();
    summary = await seed(db.handle, { products: 2000, seedDate: SEED_DATE });
  });
  afterAll(async () => {
    await db?.dispose();
  });

  it("has at least 2,000 products in three levels of at least 30 categories and at least 40 brands", async () => {
    expect(summary.products).toBe(2000);
    const c = await one<{ products: number; categories: number; deepest: number; brands: number }>(
      db.handle,
      sql`select (select count(*)::int from products where type = 'product') as products,
                 (select count(*)::int from categories) as categories,
                 (select count(*)::int from categories c join categories p on p.id = c.parent_id where p.parent_id is not null) as deepest,
                 (select count(*)::int from brands) as brands`,
    );
    expect(c.products).toBeGreaterThanOrEqual(2000);
    expect(c.categories).toBeGreaterThanOrEqual(30);
    expect(c.deepest).toBeGreaterThan(0);
    expect(c.brands).toBeGreaterThanOrEqual(40);
  });

  it("has clothing and shoes in variant groups three levels deep (fit, colour, size)", async () => {
    const groups = await rows<{ dimensions: string[] }>(
      db.handle,
      sql`select distinct dimensions from variant_groups`,
    );
    expect(groups.map((g) => g.dimensions.join(">"))).toEqual(
      expect.arrayContaining(["Fit>Color>Size", "Color>Size", "Flavor>Size"]),
    );
    const shoe = await one<{ levels: number; sizes: number; colours: number }>(
      db.handle,
      sql`select count(distinct v.level)::int as levels,
                 count(*) filter (where v.dimension = 'Size')::int as sizes,
                 count(*) filter (where v.dimension = 'Color')::int as colours
          from products p join variant_values v on v.product_id = p.id
          where p.kind = 'hiking-boots' and p.id = (select min(id) from products where kind = 'hiking-boots')`,
    );
    expect(shoe.levels).toBe(3);
    expect(shoe.sizes).toBeGreaterThan(3);
    expect(shoe.colours).toBe(1);
  });

  it("gives nutrition products a nutrition table in both languages and the food VAT class", async () => {
    const n = await rows<{ language_id: string; name: string; value: string; product_class: string }>(
      db.handle,
      sql`select pp.language_id, pp.name, pp.value, p.product_class from product_parameters pp
          join products p on p.id = pp.product_id
          where p.kind = 'protein-powder' and pp.identifier = 'nutrition-protein'
            and p.id = (select min(id) from products where kind = 'protein-powder')`,
    );
    expect(n.map((r) => r.language_id).sort()).toEqual(["nb-NO", "sv-SE"]);
    expect(n.every((r) => r.product_class === "food" && /\d g$/.test(r.value))).toBe(true);
  });

  it("has packages with required and optional groups", async () => {
    const g = await one<{ packages: number; required: number; optional: number }>(
      db.handle,
      sql`select count(distinct package_product_id)::int as packages,
                 count(*) filter (where required)::int as required,
                 count(*) filter (where not required)::int as optional
          from package_groups`,
    );
    expect(g.packages).toBe(4);
    expect(g.required).toBeGreaterThan(0);
    expect(g.optional).toBeGreaterThan(0);
  });

  it("has price campaigns with reduced prices and a price history, and cart campaigns", async () => {
    const c = await one<{ price: number; cart: number; reduced: number; unlogged: number }>(
      db.handle,
      sql`select (select count(*)::int from discount_campaigns where discount_type = 'PRICE_CAMPAIGN') as price,
                 (select count(*)::int from discount_campaigns where discount_type = 'CART_CAMPAIGN') as cart,
                 (select count(*)::int from prices where selling_minor < regular_minor and market_alias = 'se') as reduced,
                 (select count(*)::int from prices p where p.selling_minor < p.regular_minor and p.market_alias = 'no'
                   and not exists (select 1 from price_log l where l.sku_id = p.sku_id and l.market_alias = 'no')) as unlogged`,
    );
    expect(c.price).toBeGreaterThanOrEqual(1);
    expect(c.cart).toBeGreaterThanOrEqual(1);
    expect(c.reduced).toBeGreaterThan(0);
    // Every reduced price has a history to take the 30-day lowest price from (past sales are logged too).
    expect(c.unlogged).toBe(0);
  });

  it("has every stock state of the specification", async () => {
    const s = await one<Record<string, number>>(
      db.handle,
      sql`select
            count(*) filter (where in_stock > 5 and oversellable = 0 and static = 0)::int as in_stock,
            count(*) filter (where in_stock between 1 and 5 and oversellable = 0)::int as few_left,
            count(*) filter (where in_stock = 0 and oversellable = 0 and static = 0 and incoming is null)::int as out_of_stock,
            count(*) filter (where in_stock = 0 and oversellable > 0)::int as backorder,
            count(*) filter (where static > 0)::int as static,
            count(*) filter (where incoming is not null)::int as incoming
          from skus`,
    );
    for (const [state, count] of Object.entries(s)) expect(count, state).toBeGreaterThan(0);
  });

  it("prices every SKU in every market with a currency, in integer minor units", async () => {
    const p = await one<{ missing: number; markets: number }>(
      db.handle,
      sql`select (select count(*)::int from skus s cross join markets m
                  where m.currency_code is not null
                    and not exists (select 1 from prices p where p.sku_id = s.id and p.market_alias = m.alias)) as missing,
                 (select count(distinct market_alias)::int from prices) as markets`,
    );
    expect(p.missing).toBe(0);
    expect(p.markets).toBeGreaterThanOrEqual(7);
  });

  it("writes real Swedish and Norwegian names, texts and unique aliases", async () => {
    const t = await one<{ sv: number; nb: number; sv_text: number; nb_text: number; dupes: number }>(
      db.handle,
      sql`select count(*) filter (where language_id = 'sv-SE' and name ~ '[åäöÅÄÖ]')::int as sv,
                 count(*) filter (where language_id = 'nb-NO' and name ~ '[æøåÆØÅ]')::int as nb,
                 count(*) filter (where language_id = 'sv-SE' and text1 is not null)::int as sv_text,
                 count(*) filter (where language_id = 'nb-NO' and text1 is not null)::int as nb_text,
                 (select count(*)::int from (select language_id, alias from product_translations
                   group by 1, 2 having count(*) > 1) d) as dupes
          from product_translations`,
    );
    expect(t.sv).toBeGreaterThan(0);
    expect(t.nb).toBeGreaterThan(0);
    expect(t.sv_text).toBeGreaterThanOrEqual(2000);
    expect(t.nb_text).toBeGreaterThanOrEqual(2000);
    expect(t.dupes).toBe(0);
    const compound = await rows<{ name: string }>(
      db.handle,
      sql`select name from product_translations where language_id = 'sv-SE' and name ilike '%jacka%' limit 1`,
    );
    expect(compound.length).toBe(1);
  });

  it("names images so the local image generator can draw them", async () => {
    const images = await rows<{ file_name: string }>(db.handle, sql`select file_name from product_images`);
    expect(images.length).toBeGreaterThan(2000);
    for (const image of images) expect(() => parseImageName(image.file_name)).not.toThrow();
  });

  it("indexes products for Swedish and Norwegian full-text search", async () => {
    const hits = await one<{ sv: number; nb: number }>(
      db.handle,
      sql`select count(*) filter (where language_id = 'sv-SE' and search_vector @@ to_tsquery('swedish', 'skaljackorna'))::int as sv,
                 count(*) filter (where language_id = 'nb-NO' and search_vector @@ to_tsquery('norwegian', 'skalljakkene'))::int as nb
          from product_translations`,
    );
    expect(hits.sv).toBeGreaterThan(0);
    expect(hits.nb).toBeGreaterThan(0);
  });

  it("changes nothing when run a second time", async () => {
    const before = await one<{ n: number; p: number }>(
      db.handle,
      sql`select (select count(*)::int from products) as n, (select count(*)::int from prices) as p`,
    );
    expect(await seedIfEmpty(db.handle, { products: 2000, seedDate: SEED_DATE })).toBeNull();
    const after = await one<{ n: number; p: number }>(
      db.handle,
      sql`select (select count(*)::int from products) as n, (select count(*)::int from prices) as p`,
    );
    expect(after).toEqual(before);
  });
});

describe("determinism", () => {
  it("builds the same catalog from the same options", async () => {
    const a = await freshDatabase();
    const b = await freshDatabase();
    try {
      await seed(a.handle, { products: 120, seedDate: SEED_DATE });
      await seed(b.handle, { products: 120, seedDate: SEED_DATE });
      const snapshot = (h: DbHandle) =>
        rows<Record<string, unknown>>(
          h,
          sql`select t.product_id, t.language_id, t.name, t.alias, s.id as sku, s.in_stock, p.market_alias, p.selling_minor
              from product_translations t join skus s on s.product_id = t.product_id
              join prices p on p.sku_id = s.id order by 1, 2, 5, 7`,
        );
      expect(await snapshot(a.handle)).toEqual(await snapshot(b.handle));
      // Except the gift cards' codes: a card's code is its secret, and the seed is public (issue 10).
      const codes = async (h: DbHandle) =>
        (await rows<{ code: string }>(h, sql`select code from gift_cards order by id`)).map((r) => r.code);
      const [codesA, codesB] = [await codes(a.handle), await codes(b.handle)];
      expect(codesA).toHaveLength(5);
      for (const code of codesA) expect(codesB).not.toContain(code);
    } finally {
      await a.dispose();
      await b.dispose();
    }
    // Two seeds of 120 products into two fresh databases: generous, as a busy CI machine is slow at it.
  }, 180_000);
});

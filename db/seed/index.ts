import { count, eq, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { DbHandle, Tx } from "../client.ts";
import { channels, products, reviews } from "../schema/index.ts";
import { refreshSearchVectors } from "../search-vector.ts";
import { insertBatched, seedCatalog, suspendConstraints } from "./catalog.ts";
import { seedCommerce } from "./commerce.ts";
import { seedContent } from "./content.ts";
import { seedPackages } from "./packages.ts";
import { seedReference } from "./reference.ts";
import { REVIEW_AUTHORS, REVIEW_TEXTS, reviewRating } from "./reviews.ts";
import { CATEGORY_TREE, rng } from "./vocabulary/index.ts";

export interface SeedOptions {
  /** Number of catalog products (packages come on top). */
  products: number;
  /** Anchor for dates (price history, campaigns); defaults to today, UTC midnight. */
  seedDate?: Date;
  logger?: Pick<Logger, "info">;
}

/** Seeds the demo shop unless it already has data; a second run changes nothing. Returns what it did. */
export async function seedIfEmpty(handle: DbHandle, opts: SeedOptions) {
  const [existing] = await handle.db.select({ n: count() }).from(channels);
  if ((existing?.n ?? 0) > 0) return null;
  return seed(handle, opts);
}

/** Seeds the whole demo shop in one transaction. */
export async function seed(handle: DbHandle, opts: SeedOptions) {
  const started = performance.now();
  const seedDate = opts.seedDate ?? new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
  const result = await handle.db.transaction(async (tx) => {
    // Bulk load: keys, indexes and foreign keys are put back (and so checked) once everything is written,
    // with room to sort for the index builds.
    await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
    // The list index is rebuilt once when this commits, instead of following every statement (migration 0004).
    await tx.execute(sql`select mili_catalog_index_bulk()`);
    const constraints = await suspendConstraints(tx);
    await seedReference(tx);
    const catalog = await seedCatalog(tx, { products: opts.products, seedDate });
    await resetSequences(tx);
    await deriveMarketPrices(tx);
    // The packages look up SKUs, prices, categories and images by product: those tables are complete now.
    await constraints.restoreIndexes(["skus", "prices", "product_categories", "product_images"]);
    // Statistics for the set-based queries below (PGlite has no autovacuum to gather them later either).
    await tx.execute(sql`analyze`);
    const pkgs = await seedPackages(
      tx,
      seedDate,
      catalog.summary.products,
      catalog.summary.skus,
      400000 + catalog.summary.variantGroups + 1,
    );
    await seedReviews(tx, catalog.summary.products, seedDate);
    await seedCommerce(tx, seedDate);
    await seedContent(tx, seedDate, CATEGORY_TREE);
    await finishCatalog(tx);
    await constraints.restoreAll();
    return { ...catalog.summary, packages: pkgs.packages };
  });
  return { ...result, seconds: Math.round((performance.now() - started) / 100) / 10 };
}

/** Prices of the other markets, derived from the Swedish price with each currency's shelf-price rounding. */
async function deriveMarketPrices(tx: Tx) {
  const convert = (col: string) =>
    sql.raw(`case m.currency_code
      when 'SEK' then ${col}
      when 'NOK' then ${col}
      when 'DKK' then (ceil(${col} / 100.0 * 0.66 / 10) * 10 - 1)::int * 100
      when 'EUR' then (floor(${col} / 100.0 * 0.088) * 100 + 95)::int
      when 'ISK' then (round(${col} / 100.0 * 13 / 100) * 100)::int
    end`);
  await tx.execute(sql`
    insert into prices (sku_id, market_alias, currency_code, regular_minor, selling_minor, campaign_id, reduced_since, updated_at)
    select p.sku_id, m.alias, m.currency_code, ${convert("p.regular_minor")}, ${convert("p.selling_minor")},
           p.campaign_id, p.reduced_since, p.updated_at
    from prices p cross join markets m
    where p.market_alias = 'se' and m.alias <> 'se' and m.currency_code is not null`);
  await tx.execute(sql`
    insert into price_log (sku_id, market_alias, regular_minor, selling_minor, at)
    select l.sku_id, m.alias, ${convert("l.regular_minor")}, ${convert("l.selling_minor")}, l.at
    from price_log l cross join markets m
    where l.market_alias = 'se' and m.alias <> 'se' and m.currency_code is not null`);
}

async function seedReviews(tx: Tx, productCount: number, seedDate: Date) {
  const r = rng("mili-reviews");
  const rows: (typeof reviews.$inferInsert)[] = [];
  for (let productId = 1; productId <= productCount; productId++) {
    if (!r.chance(0.35)) continue;
    const n = r.int(1, 8);
    for (let i = 0; i < n; i++) {
      const rating = reviewRating(r);
      const lang = r.chance(0.5) ? "sv" : "nb";
      const text = r.pick(REVIEW_TEXTS[rating]);
      rows.push({
        productId,
        languageId: lang === "sv" ? "sv-SE" : "nb-NO",
        author: r.pick(REVIEW_AUTHORS)[lang],
        comment: text[lang],
        rating,
        status: r.chance(0.9) ? "approved" : "pending",
        createdAt: new Date(seedDate.getTime() - r.int(1, 300) * 86_400_000),
      });
    }
  }
  await insertBatched(tx, reviews, rows);
}

/** Search documents, ratings, related products and identity sequences, all set-based in SQL. */
async function finishCatalog(tx: Tx) {
  await refreshSearchVectors(tx);
  await tx.execute(sql`
    insert into campaign_products (campaign_id, product_id)
    select distinct p.campaign_id, s.product_id from prices p join skus s on s.id = p.sku_id
    where p.campaign_id is not null and p.market_alias = 'se'`);
  await tx.execute(sql`
    update products p set rating_score = r.score, vote_count = r.votes
    from (select product_id, round(avg(rating), 2) as score, count(*)::int as votes
          from reviews where status = 'approved' group by product_id) r
    where r.product_id = p.id`);
  // Each product's next four products of its primary category (by id, wrapping around), numbered once:
  // a join on the position, not a window per product (that was quadratic in the category's size).
  await tx.execute(sql`
    with ranked as (
      select id, primary_category_id, row_number() over (partition by primary_category_id order by id) rn,
             count(*) over (partition by primary_category_id) cnt
      from products where type = 'product' and primary_category_id is not null)
    insert into related_products (product_id, related_product_id, relation, sort_order)
    select a.id, b.id, 'similar', b.rn
    from ranked a
    cross join generate_series(1, 4) k
    join ranked b on b.primary_category_id = a.primary_category_id and b.rn = (a.rn - 1 + k) % a.cnt + 1
    where k < a.cnt`);
  await resetSequences(tx);
}

/** After rows with explicit ids, identity sequences continue after the highest id. */
async function resetSequences(tx: Tx) {
  for (const table of [
    "categories",
    "brands",
    "products",
    "skus",
    "variant_groups",
    "discount_campaigns",
    "product_images",
    "product_parameters",
    "parameter_groups",
    "variant_values",
    "reviews",
  ]) {
    await tx.execute(
      sql.raw(
        `select setval(pg_get_serial_sequence('${table}', 'id'), greatest(1, (select coalesce(max(id), 0) from ${table})))`,
      ),
    );
  }
}

export async function catalogCounts(handle: DbHandle) {
  const [p] = await handle.db.select({ n: count() }).from(products).where(eq(products.type, "product"));
  return { products: p?.n ?? 0 };
}

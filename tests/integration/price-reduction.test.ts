import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "#db/client.ts";
import {
  appliedPrices,
  type CurrentPrice,
  cheapestPrices,
  type PriceChange,
  priceAt,
  priceReduction,
} from "#domain/prices.ts";
import { freshDatabase, queryRows } from "#tests/support/db.ts";

/**
 * The list index prices products in SQL (migration 0006: mili_catalog_index_write, mili_price_reductions); the rule
 * lives in domain/prices.ts. Generated products (SKUs with price rows, price campaigns with dates, price logs) are
 * written to a real database (PGlite, or PostgreSQL with DATABASE_URL), the commit refreshes the index, and every
 * window of product_list_prices must say what the domain rule says at every moment that matters: each window's
 * first and last instant and each change of the product's price.
 */

let handle: DbHandle;
let dispose: () => Promise<void>;
beforeAll(async () => {
  const fresh = await freshDatabase();
  handle = fresh.handle;
  dispose = fresh.dispose;
  await handle.db.execute(sql`insert into languages (id, code, name) values ('nb-NO', 'nb', 'Norsk')`);
  await handle.db.execute(
    sql`insert into currencies (code, name, symbol) values ('NOK', 'Norske kroner', 'kr')`,
  );
  await handle.db.execute(
    sql`insert into markets (alias, currency_code, default_language_id, group_key) values ('no', 'NOK', 'nb-NO', 'x')`,
  );
  // The generated price logs are the whole history: price rows written here are not logged again (see below).
  await handle.db.execute(sql`alter table prices disable trigger prices_log_insert`);
});
afterAll(async () => {
  await dispose?.();
});

const T0 = Date.UTC(2026, 6, 1);
const HOUR = 3_600_000;
const PRICES = [0, 4900, 9900, 12900, 14900, 19900, 24900];
/**
 * A moment over 100 days, on a 6-hour grid or a 5-day one: changes exactly 30 days apart are common, so the window's
 * bounds are hit.
 */
const moment = fc.oneof(
  fc.integer({ min: 0, max: 400 }).map((step) => T0 + step * 6 * HOUR),
  fc.integer({ min: 0, max: 20 }).map((step) => T0 + step * 120 * HOUR),
);
const campaignArb = fc.record({
  active: fc.boolean(),
  startsAt: fc.option(moment, { nil: null }),
  endsAt: fc.option(moment, { nil: null }),
});
const skuArb = fc.record({
  active: fc.constantFrom(true, true, true, false),
  regular: fc.constantFrom(...PRICES),
  selling: fc.constantFrom(...PRICES),
  reducedSince: fc.option(moment, { nil: null }),
  campaign: fc.option(fc.integer({ min: 0, max: 2 }), { nil: null }),
  log: fc.oneof(
    fc.array(fc.record({ at: moment, selling: fc.constantFrom(...PRICES) }), { maxLength: 6 }),
    // A reduction in steps 25, 30 or 35 days apart: steps within 30 days before the latest are one reduction.
    fc
      .tuple(
        fc.integer({ min: 0, max: 20 }),
        fc.array(fc.constantFrom(25, 30, 35), { minLength: 2, maxLength: 4 }),
        fc.integer({ min: 0, max: 2 }),
      )
      .map(([startDay, gaps, dip]) => {
        let day = startDay;
        const steps = [{ at: T0 + day * 24 * HOUR, selling: 24900 }];
        if (dip)
          steps.push(
            { at: T0 + (day + dip) * 24 * HOUR, selling: 9900 },
            { at: T0 + (day + dip + 2) * 24 * HOUR, selling: 24900 },
          );
        gaps.forEach((gap, i) => {
          day += gap;
          steps.push({ at: T0 + day * 24 * HOUR, selling: 19900 - i * 3000 });
        });
        return steps;
      }),
  ),
});
const runArb = fc.record({
  campaigns: fc.array(campaignArb, { minLength: 3, maxLength: 3 }),
  products: fc.array(fc.array(skuArb, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 6 }),
});
type Run = typeof runArb extends fc.Arbitrary<infer T> ? T : never;

let runs = 0;
const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());

/** Writes a run in one transaction (its commit refreshes the list index); returns the products' ids. */
async function write(run: Run): Promise<number[]> {
  const n = ++runs;
  return handle.db.transaction(async (tx) => {
    const campaignIds: number[] = [];
    for (const [i, c] of run.campaigns.entries()) {
      const [row] = await queryRows<{ id: number }>(
        tx as never,
        sql`insert into discount_campaigns (key, discount_type, active, starts_at, ends_at)
            values (${`r${n}c${i}`}, 'PRICE_CAMPAIGN', ${c.active}, ${iso(c.startsAt)}::timestamptz,
                    ${iso(c.endsAt)}::timestamptz) returning id`,
      );
      campaignIds.push(Number(row?.id));
    }
    const productIds: number[] = [];
    for (const [i, skus] of run.products.entries()) {
      const [product] = await queryRows<{ id: number }>(
        tx as never,
        sql`insert into products (article_number, kind) values (${`R${n}-${i}`}, 'test') returning id`,
      );
      const productId = Number(product?.id);
      productIds.push(productId);
      for (const [k, s] of skus.entries()) {
        const [sku] = await queryRows<{ id: number }>(
          tx as never,
          sql`insert into skus (product_id, name, sort_order, active) values (${productId}, ${`S${k}`}, ${k}, ${s.active})
              returning id`,
        );
        const skuId = Number(sku?.id);
        const campaignId = s.campaign === null ? null : (campaignIds[s.campaign] ?? null);
        await tx.execute(sql`insert into prices (sku_id, market_alias, currency_code, regular_minor, selling_minor,
                                                 campaign_id, reduced_since)
                             values (${skuId}, 'no', 'NOK', ${s.regular}, ${s.selling}, ${campaignId},
                                     ${iso(s.reducedSince)}::timestamptz)`);
        // One row at a time: ids follow the order given (of two changes at one instant the later logged holds).
        for (const entry of s.log)
          await tx.execute(sql`insert into price_log (sku_id, market_alias, regular_minor, selling_minor, at)
                               values (${skuId}, 'no', ${s.regular}, ${entry.selling}, ${iso(entry.at)}::timestamptz)`);
      }
    }
    return productIds;
  });
}

/** The product's price over time by domain/prices.ts. */
function domainHistory(run: Run, product: number): PriceChange[] {
  const skus = run.products[product] ?? [];
  return cheapestPrices(
    skus
      .filter((s) => s.active)
      .map((s) => {
        const c = s.campaign === null ? null : (run.campaigns[s.campaign] ?? null);
        const current: CurrentPrice = {
          regularMinor: s.regular,
          sellingMinor: s.selling,
          reducedSince: s.reducedSince === null ? null : new Date(s.reducedSince),
          campaign: c && {
            active: c.active,
            startsAt: c.startsAt === null ? null : new Date(c.startsAt),
            endsAt: c.endsAt === null ? null : new Date(c.endsAt),
          },
        };
        return appliedPrices(
          s.log.map((e) => ({ at: e.at, priceMinor: e.selling })),
          current,
        );
      }),
  );
}

interface Window {
  product_id: number;
  f: number;
  u: number;
  selling_minor: number;
  lowest_minor: number | null;
  discount_percent: number;
}

describe("the list index and the domain rule", () => {
  it("announce the same reduction, with the same prior price and percentage, at every moment", async () => {
    let announced = 0;
    let notAnnounced = 0;
    await fc.assert(
      fc.asyncProperty(runArb, async (run) => {
        const ids = await write(run);
        const windows = (
          await queryRows<Window>(
            handle.db,
            sql`select product_id, (extract(epoch from valid_from) * 1000)::float8 as f,
                       (extract(epoch from valid_until) * 1000)::float8 as u, selling_minor, lowest_minor,
                       discount_percent
                from product_list_prices
                where market_alias = 'no' and product_id = any(${`{${ids.join(",")}}`}::int[])
                order by product_id, valid_from`,
          )
        ).map((w) => ({ ...w, product_id: Number(w.product_id), f: Number(w.f), u: Number(w.u) }));
        for (const [i, productId] of ids.entries()) {
          const own = windows.filter((w) => w.product_id === productId);
          // Windows tile time from the product's first price on.
          for (let k = 1; k < own.length; k++) expect(own[k]?.f).toBe(own[k - 1]?.u);
          if (own.length) expect(own.at(-1)?.u).toBe(Number.POSITIVE_INFINITY);
          const history = domainHistory(run, i);
          const moments = new Set<number>([T0 - 24 * HOUR, T0 + 200 * 24 * HOUR]);
          for (const c of history) if (Number.isFinite(c.at as number)) moments.add(c.at as number);
          for (const w of own) {
            if (Number.isFinite(w.f)) moments.add(w.f);
            if (Number.isFinite(w.u)) moments.add(w.u - 1);
          }
          for (const at of moments) {
            const window = own.find((w) => w.f <= at && at < w.u);
            const price = priceAt(history, at);
            if (price === null) {
              expect(window, `product ${i} at ${iso(at)}`).toBeUndefined();
              continue;
            }
            const r = priceReduction(history, at);
            if (r) announced++;
            else notAnnounced++;
            expect(
              window && {
                selling: window.selling_minor,
                prior: window.lowest_minor,
                percent: window.discount_percent,
              },
              `product ${i} at ${iso(at)}`,
            ).toEqual({ selling: price, prior: r?.priorMinor ?? null, percent: r?.percent ?? 0 });
          }
        }
      }),
      { numRuns: 60 },
    );
    // The generator reaches both outcomes often.
    expect(announced).toBeGreaterThan(50);
    expect(notAnnounced).toBeGreaterThan(50);
  });
});

describe("the price log", () => {
  it("logs every change of a price row when it is made, so a row applies from its change on", async () => {
    await handle.db.execute(sql`alter table prices enable trigger prices_log_insert`);
    try {
      const [row] = await queryRows<{ id: number }>(
        handle.db,
        sql`with p as (insert into products (article_number, kind) values ('LOGGED', 'test') returning id)
            insert into skus (product_id, name) select id, 'M' from p returning id`,
      );
      const skuId = Number(row?.id);
      await handle.db.execute(sql`insert into prices (sku_id, market_alias, currency_code, regular_minor, selling_minor)
                                  values (${skuId}, 'no', 'NOK', 100000, 100000)`);
      await handle.db.execute(sql`update prices set selling_minor = 80000 where sku_id = ${skuId}`);
      // Nothing that matters changed: nothing logged.
      await handle.db.execute(sql`update prices set updated_at = now() where sku_id = ${skuId}`);
      const log = await queryRows<{ regular_minor: number; selling_minor: number; at: string | Date }>(
        handle.db,
        sql`select regular_minor, selling_minor, at from price_log where sku_id = ${skuId} order by at, id`,
      );
      expect(log.map((l) => [Number(l.regular_minor), Number(l.selling_minor)])).toEqual([
        [100000, 100000],
        [100000, 80000],
      ]);
      // The cut is a reduction from the moment it was made, against the price before it.
      const [card] = await queryRows<{ lowest_minor: number; discount_percent: number; f: string | Date }>(
        handle.db,
        sql`select lowest_minor, discount_percent, valid_from as f from product_list_prices
            where sku_id = ${skuId} and valid_from <= now() and now() < valid_until`,
      );
      expect(card).toMatchObject({ lowest_minor: 100000, discount_percent: 20 });
      expect(new Date(card?.f ?? 0).getTime()).toBe(new Date(log[1]?.at ?? 0).getTime());
      // One statement over many rows logs the rows it changed, and only those.
      const [other] = await queryRows<{ id: number }>(
        handle.db,
        sql`insert into skus (product_id, name) select product_id, 'L' from skus where id = ${skuId} returning id`,
      );
      await handle.db.execute(sql`insert into prices (sku_id, market_alias, currency_code, regular_minor, selling_minor)
                                  values (${other?.id}, 'no', 'NOK', 100000, 100000)`);
      await handle.db.execute(sql`update prices set selling_minor = case when sku_id = ${skuId} then 70000 else selling_minor end
                                  where sku_id in (${skuId}, ${other?.id})`);
      const counts = await queryRows<{ sku_id: number; n: number }>(
        handle.db,
        sql`select sku_id, count(*)::int as n from price_log where sku_id in (${skuId}, ${other?.id})
            group by sku_id order by sku_id`,
      );
      expect(counts.map((c) => Number(c.n))).toEqual([3, 1]);
    } finally {
      await handle.db.execute(sql`alter table prices disable trigger prices_log_insert`);
    }
  });
});

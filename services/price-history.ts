import { type Placeholder, type SQL, sql } from "drizzle-orm";
import type { prices } from "#db/schema/index.ts";
import { appliedPrices, type CurrentPrice, type PriceChange, priceReduction } from "#domain/prices.ts";

/**
 * A SKU's price history as a statement reads it (skuHistorySql): its price log in logging order and what its price
 * row needs to say when its reduction applies.
 */
export interface SkuHistoryJson {
  /** [at (ISO), selling price, regular price] in logging order (time, then id). */
  log: [string, number, number][];
  reducedSince: string | null;
  /** null without a price campaign; inactive when the campaign is gone. */
  campaign: { active: boolean; startsAt: string | null; endsAt: string | null } | null;
}

/**
 * One column for a statement that reads a `prices` row: the SKU's price history in the row's market, as JSON
 * (SkuHistoryJson), so that callers price by domain/prices.ts without a statement of their own. With `from`, the log
 * from the entry in effect at `from` on (enough for the prices applied since `from`).
 */
export function skuHistorySql(
  row: typeof prices,
  from?: Date | Placeholder,
): SQL<SkuHistoryJson | string | null> {
  const since = from
    ? sql`and l.at >= coalesce((select max(f.at) from price_log f where f.sku_id = ${row.skuId}
            and f.market_alias = ${row.marketAlias} and f.at <= ${from instanceof Date ? from.toISOString() : from}::timestamptz), '-infinity')`
    : sql``;
  return sql<SkuHistoryJson | string | null>`case when ${row.skuId} is null then null else json_build_object(
    'log', coalesce((select json_agg(json_build_array(l.at, l.selling_minor, l.regular_minor) order by l.at, l.id)
                     from price_log l where l.sku_id = ${row.skuId} and l.market_alias = ${row.marketAlias} ${since}),
                    '[]'),
    'reducedSince', ${row.reducedSince},
    'campaign', case when ${row.campaignId} is null then null else coalesce(
      (select json_build_object('active', dc.active, 'startsAt', dc.starts_at, 'endsAt', dc.ends_at)
       from discount_campaigns dc where dc.id = ${row.campaignId}),
      json_build_object('active', false, 'startsAt', null, 'endsAt', null)) end) end`;
}

const parse = (history: SkuHistoryJson | string) =>
  typeof history === "string" ? (JSON.parse(history) as SkuHistoryJson) : history;

/** The SKU's applied prices over time (domain/prices.ts appliedPrices) from its price row and history. */
export function skuAppliedPrices(
  row: { regular: number; selling: number },
  history: SkuHistoryJson | string,
): PriceChange[] {
  const h = parse(history);
  const current: CurrentPrice = {
    regularMinor: row.regular,
    sellingMinor: row.selling,
    reducedSince: h.reducedSince,
    campaign: h.campaign,
  };
  return appliedPrices(
    h.log.map(([at, priceMinor]) => ({ at, priceMinor })),
    current,
  );
}

/**
 * The SKU's regular price over time, by the same reading as its applied prices: the logged regular prices before
 * its last logged change, its price row's from then on (for the price history's regular line, never announced).
 */
export function skuRegularPrices(row: { regular: number }, history: SkuHistoryJson | string): PriceChange[] {
  const h = parse(history);
  const regular = {
    regularMinor: row.regular,
    sellingMinor: row.regular,
    reducedSince: null,
    campaign: null,
  };
  return appliedPrices(
    h.log.map(([at, , priceMinor]) => ({ at, priceMinor })),
    regular,
  );
}

/**
 * What a SKU's price is announced against at `at` (docs/decisions/0013): the prior price of the reduction announced
 * then (domain/prices.ts priceReduction), else `selling`, the price it sells at (then nothing is announced).
 */
export function announcedReference(
  row: { regular: number; selling: number },
  history: SkuHistoryJson | string,
  at: Date,
): number {
  const reduction = priceReduction(skuAppliedPrices(row, history), at);
  return reduction && reduction.sellingMinor === row.selling ? reduction.priorMinor : row.selling;
}

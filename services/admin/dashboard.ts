import { and, asc, count, desc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { markets, orders, products, skus } from "#db/schema/index.ts";
import { SHOP_TIME_ZONE } from "#domain/calendar.ts";
import {
  averageOrderValue,
  type DaySales,
  dailySales,
  dayRange,
  SALE_STATUSES,
} from "#domain/sales-figures.ts";
import { type StockStatus, stockStatus } from "#domain/stock.ts";
import { localDay } from "#domain/withdrawal.ts";

/**
 * The back office's dashboard (issue 15 "Dashboard"): sales, orders and average order value per day and market,
 * SKUs running low, and the payments that failed. Each part is read by the API under its own permission; what
 * counts as a sale is domain/sales-figures.ts's rule, what counts as low stock domain/stock.ts's.
 */

export const DASHBOARD_MAX_DAYS = 90;
/** At most this many units on the shelf, and nothing sellable beyond it, is low (the shop's "few left"). */
export const LOW_STOCK_THRESHOLD = 5;

export interface MarketSales {
  marketAlias: string;
  currencyCode: string;
  days: DaySales[];
  orders: number;
  salesMinor: number;
  averageMinor: number;
}

/**
 * Each market's sales over the `days` calendar days (in the shop's time zone) that end today: one series per market
 * the channel sells in, with 0 on days without orders; an order counts on the day it was confirmed.
 */
export async function salesByDay(db: Database, opts: { days: number; now?: Date }): Promise<MarketSales[]> {
  const now = opts.now ?? new Date();
  const days = dayRange(localDay(now), opts.days);
  // From the first day's start in the shop's time zone (a day before, to be safe across offsets; the day filter
  // below keeps only the range).
  const from = new Date(`${days[0]}T00:00:00Z`);
  from.setUTCDate(from.getUTCDate() - 1);
  const placedAt = sql`coalesce(${orders.confirmedAt}, ${orders.createdAt})`;
  // The zone is a constant written into the statement: as a parameter, the select's and the group's expressions
  // would differ ($1 and $4) and PostgreSQL would refuse the grouping.
  const day = sql<string>`to_char((${placedAt} at time zone ${sql.raw(`'${SHOP_TIME_ZONE}'`)})::date, 'YYYY-MM-DD')`;
  const [rows, sellingMarkets] = await Promise.all([
    db
      .select({
        day,
        marketAlias: orders.marketAlias,
        currencyCode: orders.currencyCode,
        orders: sql<number>`count(*)::int`,
        salesMinor: sql<string>`sum(${orders.totalIncVatMinor})::bigint`,
      })
      .from(orders)
      .where(
        and(
          inArray(orders.status, [...SALE_STATUSES]),
          // Confirmed in the period (the day filter keeps its days); created at most a week before it, so the
          // (status, created_at) index bounds the scan (a confirmation comes minutes after the order, at most
          // the reconciler's quarter of an hour).
          sql`${placedAt} >= ${from.toISOString()}::timestamptz and ${placedAt} <= ${now.toISOString()}::timestamptz`,
          gte(orders.createdAt, new Date(from.getTime() - 7 * 86_400_000)),
        ),
      )
      .groupBy(day, orders.marketAlias, orders.currencyCode),
    db
      .select({ alias: markets.alias, currencyCode: markets.currencyCode })
      .from(markets)
      .where(and(eq(markets.active, true), eq(markets.virtual, false)))
      .orderBy(asc(markets.alias)),
  ]);
  const series = new Map<
    string,
    { currencyCode: string; rows: { day: string; orders: number; salesMinor: number }[] }
  >();
  for (const m of sellingMarkets) series.set(m.alias, { currencyCode: m.currencyCode ?? "", rows: [] });
  for (const row of rows) {
    const entry = series.get(row.marketAlias) ?? { currencyCode: row.currencyCode, rows: [] };
    entry.rows.push({ day: row.day, orders: Number(row.orders), salesMinor: Number(row.salesMinor) });
    series.set(row.marketAlias, entry);
  }
  return [...series].map(([marketAlias, { currencyCode, rows: marketRows }]) => {
    const perDay = dailySales(days, marketRows);
    const ordersInRange = perDay.reduce((sum, d) => sum + d.orders, 0);
    const salesInRange = perDay.reduce((sum, d) => sum + d.salesMinor, 0);
    return {
      marketAlias,
      currencyCode,
      days: perDay,
      orders: ordersInRange,
      salesMinor: salesInRange,
      averageMinor: averageOrderValue(salesInRange, ordersInRange),
    };
  });
}

export interface LowStockSku {
  skuId: number;
  productId: number;
  productName: string;
  articleNumber: string;
  skuName: string;
  inStock: number;
  incoming: string | null;
  status: Extract<StockStatus["kind"], "fewLeft" | "outOfStock" | "backorder">;
}

/**
 * Active SKUs of active products that are out of stock, on backorder or down to their last few units (the
 * storefront's own stock status), fewest first; the name in `languageId`, else any.
 */
export async function lowStock(
  db: Database,
  opts: { languageId: string; take: number },
): Promise<LowStockSku[]> {
  const rows = await db
    .select({
      skuId: skus.id,
      productId: products.id,
      articleNumber: products.articleNumber,
      skuName: skus.name,
      inStock: skus.inStock,
      oversellable: skus.oversellable,
      static: skus.static,
      incoming: skus.incoming,
      name: sql<string | null>`(select t.name from product_translations t where t.product_id = "products"."id"
        order by (t.language_id = ${opts.languageId}) desc, t.language_id limit 1)`,
    })
    .from(skus)
    .innerJoin(products, eq(products.id, skus.productId))
    .where(
      and(
        eq(skus.active, true),
        eq(products.active, true),
        eq(skus.static, 0),
        lte(skus.inStock, LOW_STOCK_THRESHOLD),
      ),
    )
    .orderBy(asc(skus.inStock), asc(products.articleNumber), asc(skus.sortOrder))
    .limit(opts.take * 4);
  const low: LowStockSku[] = [];
  for (const r of rows) {
    const status = stockStatus(
      {
        inStock: r.inStock,
        oversellable: r.oversellable,
        static: r.static,
        totalStock: r.inStock,
        incoming: r.incoming,
      },
      LOW_STOCK_THRESHOLD,
    ).kind;
    if (status !== "fewLeft" && status !== "outOfStock" && status !== "backorder") continue;
    low.push({
      skuId: r.skuId,
      productId: r.productId,
      productName: r.name ?? `#${r.productId}`,
      articleNumber: r.articleNumber,
      skuName: r.skuName,
      inStock: Math.max(0, r.inStock),
      incoming: r.incoming,
      status,
    });
    if (low.length >= opts.take) break;
  }
  return low;
}

export interface FailedPayment {
  orderId: number;
  email: string;
  marketAlias: string;
  currencyCode: string;
  totalMinor: number;
  createdAt: Date;
  reason: string | null;
}

/**
 * Checkout attempts whose payment failed (declined, blocked, abandoned: the order went pending → failed) in the
 * last `days` days: how many, and the latest `take` with the reason the order's history recorded.
 */
export async function failedPayments(
  db: Database,
  opts: { days: number; take: number; now?: Date },
): Promise<{ total: number; latest: FailedPayment[] }> {
  const since = new Date((opts.now ?? new Date()).getTime() - opts.days * 86_400_000);
  const failed = and(eq(orders.status, "failed"), gte(orders.createdAt, since));
  const [[total], latest] = await Promise.all([
    db.select({ n: count() }).from(orders).where(failed),
    db
      .select({
        orderId: orders.id,
        email: orders.email,
        marketAlias: orders.marketAlias,
        currencyCode: orders.currencyCode,
        totalMinor: orders.totalIncVatMinor,
        createdAt: orders.createdAt,
        reason: sql<string | null>`(select h.reason from order_status_history h
          where h.order_id = "orders"."id" and h.to_status = 'failed' order by h.id desc limit 1)`,
      })
      .from(orders)
      .where(failed)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(opts.take),
  ]);
  return { total: Number(total?.n ?? 0), latest };
}

import { and, asc, countDistinct, desc, eq, gt, inArray, lte, min, ne, sql, sum } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "#db/client.ts";
import { orderLines, orders, productListPrices, products } from "#db/schema/index.ts";
import { countsAsSold, ORDER_STATUSES } from "#domain/order-status.ts";
import { type CoPurchase, clampTake, rankBoughtTogether, rankSimilar } from "#domain/recommendation.ts";

/**
 * The built-in recommendation provider: the shop's own orders and catalog (docs/decisions/0040). Each rule is one
 * set-based statement for its facts; the ranking is domain/recommendation.ts.
 */

/** The statuses whose orders count as bought (domain/order-status.ts countsAsSold). */
const SOLD_STATUSES = ORDER_STATUSES.filter(countsAsSold);

/** How many co-purchased products the statement reads before ranking: enough for any list, bounded per request. */
const CANDIDATES = 50;

/**
 * The rules' two statements, built once per database handle with their inputs as placeholders (decision 0077):
 * a query builder makes its SQL anew on every call, which cost a product page more than running the statement
 * did on PostgreSQL. The same SQL text and parameters as building them per call.
 */
function statementsOf(db: Database) {
  let built = statements.get(db);
  if (!built) {
    built = { coPurchases: coPurchasesStatement(db), similar: similarStatement(db) };
    statements.set(db, built);
  }
  return built;
}
const statements = new WeakMap<
  Database,
  { coPurchases: ReturnType<typeof coPurchasesStatement>; similar: ReturnType<typeof similarStatement> }
>();

function coPurchasesStatement(db: Database) {
  const productId = sql.placeholder("productId");
  const other = alias(orderLines, "other");
  const orderCount = countDistinct(other.orderId);
  const units = sum(other.quantity).mapWith(Number);
  return db
    .select({ productId: other.productId, orders: orderCount, units })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(other, and(eq(other.orderId, orderLines.orderId), ne(other.productId, productId)))
    .innerJoin(products, and(eq(products.id, other.productId), eq(products.active, true)))
    .where(and(eq(orderLines.productId, productId), inArray(orders.status, SOLD_STATUSES)))
    .groupBy(other.productId)
    .orderBy(desc(orderCount), desc(units), asc(other.productId))
    .limit(CANDIDATES)
    .prepare("recommendations_co_purchases");
}

function similarStatement(db: Database) {
  const productId = sql.placeholder("productId");
  const now = sql.placeholder("now");
  const price = min(productListPrices.sellingMinor);
  const target = db
    .select({ categoryId: products.primaryCategoryId })
    .from(products)
    .where(eq(products.id, productId));
  const inMarketNow = and(
    eq(productListPrices.marketAlias, sql.placeholder("marketAlias")),
    lte(productListPrices.validFrom, now),
    gt(productListPrices.validUntil, now),
  );
  // The shown product's lowest price in the market now: what "nearest in price" is measured from.
  const targetPrice = db
    .select({ price: min(productListPrices.sellingMinor) })
    .from(productListPrices)
    .where(and(eq(productListPrices.productId, productId), inMarketNow));
  // Each candidate's place by price distance alone, ties sharing a place (rank()). rankSimilar orders by that
  // distance first (relative to the shown price, the same order as the absolute one), then by brand, sales and id,
  // so its first `limit` are always among the candidates placed at `limit` or better: only those are read. With no
  // positive shown price every distance is unknown (null, one shared place), as rankSimilar's are all infinite.
  const nearness = sql<number>`rank() over (order by case when (${targetPrice}) > 0
    then abs(${price} - (${targetPrice})) end asc nulls last)`.as("nearness");
  const candidates = db
    .select({
      productId: products.id,
      categoryId: products.primaryCategoryId,
      brandId: products.brandId,
      salesCount: products.salesCount,
      priceMinor: price.as("price_minor"),
      nearness,
    })
    .from(products)
    .leftJoin(productListPrices, and(eq(productListPrices.productId, products.id), inMarketNow))
    .where(and(eq(products.active, true), sql`${products.primaryCategoryId} = (${target})`))
    .groupBy(products.id)
    .as("candidates");
  return db
    .select({
      productId: candidates.productId,
      categoryId: candidates.categoryId,
      brandId: candidates.brandId,
      salesCount: candidates.salesCount,
      priceMinor: candidates.priceMinor,
    })
    .from(candidates)
    .where(lte(candidates.nearness, sql.placeholder("limit")))
    .prepare("recommendations_similar");
}

/** Active products bought in the same orders as `productId`, with in how many orders and units (one statement). */
export async function coPurchases(db: Database, productId: number): Promise<CoPurchase[]> {
  const rows = await statementsOf(db).coPurchases.execute({ productId });
  return rows.flatMap((r) =>
    r.productId === null ? [] : [{ productId: r.productId, orders: r.orders, units: r.units ?? 0 }],
  );
}

/** "Bought together" for a product, best first, at most `take`. */
export async function boughtTogether(db: Database, productId: number, take: number): Promise<number[]> {
  return rankBoughtTogether(await coPurchases(db, productId), { productId, take });
}

/**
 * "Similar" for a product in a market: the active products of its primary category with their lowest selling
 * price in the market now (one statement), ranked by domain/recommendation.ts rankSimilar.
 */
export async function similar(
  db: Database,
  productId: number,
  marketAlias: string,
  take: number,
): Promise<number[]> {
  const wanted = clampTake(take);
  if (wanted === 0) return [];
  const now = new Date().toISOString();
  // The shown product is among the nearest (distance 0) and is skipped by the ranking: one more than wanted.
  const rows = await statementsOf(db).similar.execute({ productId, marketAlias, now, limit: wanted + 1 });
  const self = rows.find((r) => r.productId === productId);
  if (!self) return [];
  return rankSimilar(self, rows, { take: wanted });
}

import { and, asc, countDistinct, desc, eq, gt, inArray, lte, min, ne, sql, sum } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "#db/client.ts";
import { orderLines, orders, productListPrices, products } from "#db/schema/index.ts";
import { countsAsSold, ORDER_STATUSES } from "#domain/order-status.ts";
import {
  type CoPurchase,
  MAX_RECOMMENDATIONS,
  rankBoughtTogether,
  rankSimilar,
} from "#domain/recommendation.ts";

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
  return db
    .select({
      productId: products.id,
      categoryId: products.primaryCategoryId,
      brandId: products.brandId,
      salesCount: products.salesCount,
      priceMinor: price,
    })
    .from(products)
    .leftJoin(
      productListPrices,
      and(
        eq(productListPrices.productId, products.id),
        eq(productListPrices.marketAlias, sql.placeholder("marketAlias")),
        lte(productListPrices.validFrom, now),
        gt(productListPrices.validUntil, now),
      ),
    )
    .where(and(eq(products.active, true), sql`${products.primaryCategoryId} = (${target})`))
    .groupBy(products.id)
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
  const now = new Date().toISOString();
  const rows = await statementsOf(db).similar.execute({ productId, marketAlias, now });
  const self = rows.find((r) => r.productId === productId);
  if (!self) return [];
  return rankSimilar(self, rows, { take: Math.min(take, MAX_RECOMMENDATIONS) });
}

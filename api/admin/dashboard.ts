import type { DaySales } from "#domain/sales-figures.ts";
import {
  DASHBOARD_MAX_DAYS,
  type FailedPayment,
  failedPayments,
  type LowStockSku,
  lowStock,
  type MarketSales,
  salesByDay,
} from "#services/admin/dashboard.ts";
import { pendingQuestionCount } from "#services/questions.ts";
import { pendingReviewCount } from "#services/reviews.ts";
import { adminBuilder as b } from "./builder.ts";
import { allow } from "./context.ts";
import { intIn } from "./errors.ts";

/**
 * The dashboard's fields (issue 15, decision 0048), each under its own permission: sales per day and market
 * (`sales.read`: owner and staff), low stock (`catalog.read`), failed payments (`order.read`), what waits for
 * moderation (`moderation.read`). Each is nullable: a role that may not read one gets null for it and a FORBIDDEN
 * error beside the others' answers. Amounts are minor units of the market's currency.
 */

const DaySalesRef = b.objectRef<DaySales>("AdminDaySales").implement({
  fields: (t) => ({
    day: t.exposeString("day", { description: "YYYY-MM-DD in the shop's time zone" }),
    orders: t.exposeInt("orders"),
    salesMinor: t.exposeFloat("salesMinor", { description: "Total including VAT, minor units" }),
    averageMinor: t.exposeFloat("averageMinor", { description: "Average order value, minor units" }),
  }),
});
const MarketSalesRef = b.objectRef<MarketSales>("AdminMarketSales").implement({
  fields: (t) => ({
    marketAlias: t.exposeString("marketAlias"),
    currencyCode: t.exposeString("currencyCode"),
    orders: t.exposeInt("orders"),
    salesMinor: t.exposeFloat("salesMinor"),
    averageMinor: t.exposeFloat("averageMinor"),
    days: t.field({ type: [DaySalesRef], resolve: (m) => m.days }),
  }),
});
const LowStockRef = b.objectRef<LowStockSku>("AdminLowStockSku").implement({
  fields: (t) => ({
    skuId: t.exposeInt("skuId"),
    productId: t.exposeInt("productId"),
    productName: t.exposeString("productName"),
    articleNumber: t.exposeString("articleNumber"),
    skuName: t.exposeString("skuName"),
    inStock: t.exposeInt("inStock"),
    incoming: t.exposeString("incoming", { nullable: true }),
    status: t.exposeString("status", { description: "fewLeft, outOfStock or backorder (domain/stock.ts)" }),
  }),
});
const FailedPaymentRef = b.objectRef<FailedPayment>("AdminFailedPayment").implement({
  fields: (t) => ({
    orderId: t.exposeInt("orderId"),
    email: t.exposeString("email"),
    marketAlias: t.exposeString("marketAlias"),
    currencyCode: t.exposeString("currencyCode"),
    totalMinor: t.exposeInt("totalMinor"),
    createdAt: t.string({ resolve: (f) => new Date(f.createdAt).toISOString() }),
    reason: t.exposeString("reason", { nullable: true }),
  }),
});
const FailedPaymentsRef = b
  .objectRef<{ total: number; latest: FailedPayment[] }>("AdminFailedPayments")
  .implement({
    fields: (t) => ({
      total: t.exposeInt("total"),
      latest: t.field({ type: [FailedPaymentRef], resolve: (f) => f.latest }),
    }),
  });
const ModerationCountsRef = b
  .objectRef<{ reviews: number; questions: number }>("AdminModerationCounts")
  .implement({
    fields: (t) => ({ reviews: t.exposeInt("reviews"), questions: t.exposeInt("questions") }),
  });

b.queryFields((t) => ({
  salesByDay: t.field({
    type: [MarketSalesRef],
    nullable: true,
    description: "Each market's sales, orders and average order value per day over the last `days` days",
    args: { days: t.arg.int() },
    resolve: (_r, args, ctx) => {
      allow(ctx, "sales.read");
      return salesByDay(ctx.db, { days: intIn("days", args.days, 1, DASHBOARD_MAX_DAYS, 30) });
    },
  }),
  lowStock: t.field({
    type: [LowStockRef],
    nullable: true,
    description: "SKUs out of stock, on backorder or down to their last few units, fewest first",
    args: { take: t.arg.int() },
    resolve: (_r, args, ctx) => {
      allow(ctx, "catalog.read");
      return lowStock(ctx.db, {
        languageId: ctx.admin?.language === "sv" ? "sv-SE" : "nb-NO",
        take: intIn("take", args.take, 1, 100, 20),
      });
    },
  }),
  failedPayments: t.field({
    type: FailedPaymentsRef,
    nullable: true,
    description: "Checkout attempts whose payment failed in the last `days` days: how many, and the latest",
    args: { days: t.arg.int(), take: t.arg.int() },
    resolve: (_r, args, ctx) => {
      allow(ctx, "order.read");
      return failedPayments(ctx.db, {
        days: intIn("days", args.days, 1, DASHBOARD_MAX_DAYS, 7),
        take: intIn("take", args.take, 0, 100, 10),
      });
    },
  }),
  moderationCounts: t.field({
    type: ModerationCountsRef,
    nullable: true,
    description: "How many reviews and questions wait for the merchant",
    resolve: async (_r, _a, ctx) => {
      allow(ctx, "moderation.read");
      const [reviews, questions] = await Promise.all([
        pendingReviewCount(ctx.db),
        pendingQuestionCount(ctx.db),
      ]);
      return { reviews, questions };
    },
  }),
}));

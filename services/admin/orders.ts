import { and, asc, count, desc, eq, ilike, inArray, isNotNull, notInArray, or, type SQL } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { orderLines, orderStatusHistory, orders, refunds } from "#db/schema/index.ts";
import type { OrderStatus } from "#domain/order-status.ts";
import { quantityToPack, refundedQuantities } from "#domain/refund.ts";
import { likeContaining } from "./search.ts";

/** The back office's order list (issue 15): placed orders (pending and failed attempts included on request). */
export interface AdminOrderFilter {
  /** Order number, e-mail or name; part of it. */
  search?: string | null;
  statuses?: readonly OrderStatus[] | null;
  /**
   * Withdrawal requests (decision 0050): "open" — withdrawn from and not yet cancelled or refunded; "handled" —
   * withdrawn from, then cancelled or refunded; "any" — every order withdrawn from.
   */
  withdrawal?: "open" | "handled" | "any" | null;
  skip: number;
  take: number;
}

export async function adminOrders(db: Database, filter: AdminOrderFilter) {
  const conditions: SQL[] = [];
  const search = filter.search?.trim();
  if (search) {
    const pattern = likeContaining(search);
    const byText = or(
      ilike(orders.orderNumber, pattern),
      ilike(orders.email, pattern),
      ilike(orders.firstName, pattern),
      ilike(orders.lastName, pattern),
    );
    if (byText) conditions.push(byText);
  }
  if (filter.statuses?.length) conditions.push(inArray(orders.status, [...filter.statuses]));
  if (filter.withdrawal) conditions.push(isNotNull(orders.withdrawnAt));
  if (filter.withdrawal === "open") conditions.push(notInArray(orders.status, ["cancelled", "refunded"]));
  if (filter.withdrawal === "handled") conditions.push(inArray(orders.status, ["cancelled", "refunded"]));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        orderId: orders.id,
        orderNumber: orders.orderNumber,
        status: orders.status,
        paymentStatus: orders.paymentStatus,
        email: orders.email,
        firstName: orders.firstName,
        lastName: orders.lastName,
        marketAlias: orders.marketAlias,
        currencyCode: orders.currencyCode,
        totalIncVatMinor: orders.totalIncVatMinor,
        createdAt: orders.createdAt,
        customerId: orders.customerId,
        withdrawnAt: orders.withdrawnAt,
        withdrawalReceivedAt: orders.withdrawalReceivedAt,
      })
      .from(orders)
      .where(where)
      .orderBy(desc(orders.id))
      .limit(filter.take)
      .offset(filter.skip),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return { orders: rows, total: total?.n ?? 0 };
}

export type AdminOrderRow = Awaited<ReturnType<typeof adminOrders>>["orders"][number];

export async function adminOrder(db: Database, orderId: number) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const [lines, history, made, pending] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id)),
    db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, orderId))
      .orderBy(asc(orderStatusHistory.id)),
    db
      .select()
      .from(refunds)
      .where(and(eq(refunds.orderId, orderId), eq(refunds.status, "completed")))
      .orderBy(asc(refunds.id)),
    // Refunds whose provider call went unanswered: held back until checked (decision 0065).
    db
      .select()
      .from(refunds)
      .where(and(eq(refunds.orderId, orderId), eq(refunds.status, "pending")))
      .orderBy(asc(refunds.id)),
  ]);
  const refundLines = made.map((r) => ({
    lines: Array.isArray(r.lines) ? (r.lines as { lineId: number; quantity: number }[]) : [],
  }));
  const refunded = refundedQuantities(refundLines);
  return {
    order,
    lines: lines.map((l) => ({
      ...l,
      refundedQuantity: refunded.get(l.id) ?? 0,
      packQuantity: quantityToPack(l, refundLines),
    })),
    history,
    refunds: made,
    pendingRefunds: pending,
    shippingRefunded: made.some((r) => r.shippingMinor > 0),
  };
}

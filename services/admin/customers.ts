import { and, count, desc, eq, ilike, isNull, or, sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { customerBalanceEntries, customers, orders } from "#db/schema/index.ts";
import { likeContaining } from "./search.ts";

const CUSTOMER_FIELDS = {
  customerId: customers.id,
  email: customers.email,
  firstName: customers.firstName,
  lastName: customers.lastName,
  phone: customers.phone,
  customerType: customers.customerType,
  blocked: customers.blocked,
  createdAt: customers.createdAt,
};

/** Live accounts by e-mail or name (part of it), newest first. */
export async function adminCustomers(
  db: Database,
  opts: { search?: string | null; skip: number; take: number },
) {
  const search = opts.search?.trim();
  const where = and(
    isNull(customers.deletedAt),
    search
      ? or(
          ilike(customers.email, likeContaining(search)),
          ilike(customers.firstName, likeContaining(search)),
          ilike(customers.lastName, likeContaining(search)),
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(CUSTOMER_FIELDS)
      .from(customers)
      .where(where)
      .orderBy(desc(customers.id))
      .limit(opts.take)
      .offset(opts.skip),
    db.select({ n: count() }).from(customers).where(where),
  ]);
  return { customers: rows, total: total?.n ?? 0 };
}

export type AdminCustomerRow = Awaited<ReturnType<typeof adminCustomers>>["customers"][number];

/** One live customer with their orders (newest first) and balance per currency. */
export async function adminCustomer(db: Database, customerId: number) {
  const [customer] = await db
    .select(CUSTOMER_FIELDS)
    .from(customers)
    .where(and(eq(customers.id, customerId), isNull(customers.deletedAt)));
  if (!customer) return null;
  const [orderRows, balances] = await Promise.all([
    db
      .select({
        orderId: orders.id,
        orderNumber: orders.orderNumber,
        status: orders.status,
        currencyCode: orders.currencyCode,
        totalIncVatMinor: orders.totalIncVatMinor,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .where(eq(orders.customerId, customerId))
      .orderBy(desc(orders.id))
      .limit(50),
    db
      .select({
        currencyCode: customerBalanceEntries.currencyCode,
        amountMinor: sql<number>`sum(${customerBalanceEntries.amountMinor})::int`,
      })
      .from(customerBalanceEntries)
      .where(eq(customerBalanceEntries.customerId, customerId))
      .groupBy(customerBalanceEntries.currencyCode),
  ]);
  return { customer, orders: orderRows, balances };
}

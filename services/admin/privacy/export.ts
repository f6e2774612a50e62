import { asc, eq, getTableColumns, inArray } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import {
  adminUsers,
  customerBalanceEntries,
  customers,
  favorites,
  loginTokens,
  markets,
  newsletterSubscriptions,
  orderLines,
  orderStatusHistory,
  orders,
  productQuestions,
  promoCodeUses,
  refunds,
  reviews,
  stockMonitors,
} from "#db/schema/index.ts";
import { nameStaff, nameStaffIn } from "#domain/customer-export.ts";
import { keptUntil } from "#domain/erasure.ts";
import { activeSessions } from "#services/customers/sessions.ts";
import { writeAudit } from "../audit.ts";
import type { AdminPrincipal } from "../users.ts";

/**
 * The GDPR access export (art. 15, issue 15, decision 0053): everything the shop holds about one customer, as one
 * JSON document a person can read too (each section says what it is). Secrets are left out — the password hash, token
 * hashes — they are no data about the person. The export is recorded in the audit log (who exported whose data and
 * how much), never the data itself. Null: no live account. The staff are not the customer's data: where a text
 * names who acted (a status change's or refund's reason, a refund's actor, a balance entry, who signed in as the
 * customer), the staff member is named by role — "staff (owner)" — never by e-mail (domain/customer-export.ts).
 */
export const EXPORT_FORMAT = "mili.customer-export/1";

const { passwordHash: _password, ...customerColumns } = getTableColumns(customers);

export async function exportCustomer(
  db: Database,
  who: AdminPrincipal,
  customerId: number,
  now = new Date(),
) {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const [account] = await t.select(customerColumns).from(customers).where(eq(customers.id, customerId));
    if (!account || account.deletedAt) return null;
    const orderRows = await t
      .select({ order: orders, countryCode: markets.countryCode })
      .from(orders)
      .innerJoin(markets, eq(markets.alias, orders.marketAlias))
      .where(eq(orders.customerId, customerId))
      .orderBy(asc(orders.id));
    const orderIds = orderRows.map((o) => o.order.id);
    const [lines, history, balance, refundRows, reviewRows, questionRows, favouriteRows] = await Promise.all([
      orderIds.length
        ? t.select().from(orderLines).where(inArray(orderLines.orderId, orderIds)).orderBy(asc(orderLines.id))
        : [],
      orderIds.length
        ? t
            .select()
            .from(orderStatusHistory)
            .where(inArray(orderStatusHistory.orderId, orderIds))
            .orderBy(asc(orderStatusHistory.id))
        : [],
      t
        .select()
        .from(customerBalanceEntries)
        .where(eq(customerBalanceEntries.customerId, customerId))
        .orderBy(asc(customerBalanceEntries.id)),
      t.select().from(refunds).where(eq(refunds.customerId, customerId)).orderBy(asc(refunds.id)),
      t.select().from(reviews).where(eq(reviews.customerId, customerId)).orderBy(asc(reviews.id)),
      t
        .select()
        .from(productQuestions)
        .where(eq(productQuestions.customerId, customerId))
        .orderBy(asc(productQuestions.id)),
      t.select().from(favorites).where(eq(favorites.customerId, customerId)),
    ]);
    const [newsletter, monitors, promoUses, sessions, tokens, staff] = await Promise.all([
      t.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, account.email)),
      t.select().from(stockMonitors).where(eq(stockMonitors.email, account.email)),
      t
        .select({
          promoCodeId: promoCodeUses.promoCodeId,
          orderId: promoCodeUses.orderId,
          createdAt: promoCodeUses.createdAt,
        })
        .from(promoCodeUses)
        .where(eq(promoCodeUses.customerId, customerId)),
      activeSessions(t, customerId, now),
      t
        .select({
          issuedBy: loginTokens.issuedBy,
          issuedAt: loginTokens.issuedAt,
          expiresAt: loginTokens.expiresAt,
          usedAt: loginTokens.usedAt,
        })
        .from(loginTokens)
        .where(eq(loginTokens.customerId, customerId))
        .orderBy(asc(loginTokens.issuedAt)),
      t.select({ email: adminUsers.email, role: adminUsers.role }).from(adminUsers),
    ]);
    // The customer's own addresses (the account's, each order's, each subscription's) stay; any other is staff.
    const own = new Set(
      [account.email, ...orderRows.map((o) => o.order.email), ...newsletter.map((n) => n.email)].map((e) =>
        e.toLowerCase(),
      ),
    );
    const roles = new Map(staff.map((a) => [a.email.toLowerCase(), a.role]));
    const named = (text: string | null) => nameStaffIn(text, own, roles);
    const document = {
      format: EXPORT_FORMAT,
      exportedAt: now.toISOString(),
      about:
        "Everything Mili holds about this customer (GDPR art. 15). Amounts are in minor units (öre/øre). Cookie consent is kept only in the shopper's browser.",
      account: {
        about: "The account and its profile (address, identity number, newsletter choice)",
        ...account,
      },
      orders: {
        about:
          "Orders with their lines and status history; kept for the bookkeeping until keptUntil (Sweden 7, Norway 5 years), anonymised if the account is erased",
        items: orderRows.map(({ order, countryCode }) => ({
          ...order,
          keptUntil: keptUntil(order.createdAt, countryCode).toISOString(),
          lines: lines.filter((l) => l.orderId === order.id),
          statusHistory: history
            .filter((h) => h.orderId === order.id)
            .map((h) => ({ ...h, reason: named(h.reason) })),
        })),
      },
      balance: {
        about: "Balance movements (credits and spending); the balance is their sum",
        items: balance.map((e) => ({ ...e, reason: nameStaff(e.reason, own, roles) })),
      },
      refunds: {
        about: "Refunds to the customer (who refunded named by role)",
        items: refundRows.map(({ adminUserId: _admin, ...r }) => ({
          ...r,
          reason: named(r.reason),
          actor: named(r.actor),
        })),
      },
      reviews: { about: "Product reviews the customer wrote", items: reviewRows },
      questions: { about: "Product questions the customer asked", items: questionRows },
      favourites: { about: "Products saved as favourites", items: favouriteRows },
      consents: {
        about:
          "Newsletter subscriptions of the address (with when they were confirmed) and back-in-stock notices",
        newsletter: account.newsletter,
        newsletterSubscriptions: newsletter,
        backInStockNotices: monitors,
      },
      promoCodeUses: { about: "Promo codes used", items: promoUses },
      sessions: {
        about: "Signed-in sessions now active (actor: the staff member who signed in as the customer)",
        items: sessions.map((x) => ({ ...x, actor: named(x.actor) })),
      },
      loginTokens: {
        about: "Sign-ins as the customer issued by the shop's staff (shop as), named by role",
        items: tokens.map((x) => ({ ...x, issuedBy: nameStaff(x.issuedBy, own, roles) })),
      },
    };
    await writeAudit(t, who, {
      action: "customer.export",
      entity: "customer",
      entityId: customerId,
      after: {
        orders: orderRows.length,
        reviews: reviewRows.length,
        questions: questionRows.length,
        sessions: sessions.length,
      },
    });
    return document;
  });
}

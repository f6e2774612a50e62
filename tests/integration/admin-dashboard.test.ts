import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderStatusHistory, orders, reviews, skus } from "#db/schema/index.ts";
import { addDays, localDay } from "#domain/withdrawal.ts";
import { adminCall, signedInAdmins } from "#tests/support/admin.ts";
import { queryRows } from "#tests/support/db.ts";
import { type Shop, startShop } from "#tests/support/shop.ts";

/**
 * The back office's dashboard (issue 15, decision 0048) through /admin/graphql: sales, orders and average order
 * value per day and market (only confirmed orders on their way count, on the day they were confirmed in the shop's
 * time zone), low stock by the storefront's own stock rule, failed payments with their reason, what waits for
 * moderation; each part under its permission; bad input refused. PGlite, and PostgreSQL with DATABASE_URL.
 */
let shop: Shop;
let cookies: Record<string, string> = {};

// biome-ignore lint/suspicious/noExplicitAny: tests walk answers of many shapes; each asserts what it reads.
type Json = any;

function admin(who: string, query: string, variables: Record<string, unknown> = {}) {
  return adminCall(shop, cookies[who] ?? "", query, variables);
}

/** 00:15 in the shop's time zone on `day`: the day before in UTC, so the time zone decides the day. */
function justAfterMidnight(day: string): Date {
  for (const hours of [1, 2]) {
    const at = new Date(Date.parse(`${day}T00:15:00Z`) - hours * 3_600_000);
    if (localDay(at) === day && localDay(new Date(at.getTime() - 30 * 60_000)) !== day) return at;
  }
  throw new Error(`no local midnight found for ${day}`);
}

async function order(values: {
  market: "no" | "se";
  status: string;
  totalMinor: number;
  confirmedAt?: Date;
  createdAt?: Date;
}) {
  const [row] = await shop.db.db
    .insert(orders)
    .values({
      cartId: randomUUID(),
      channelId: values.market === "no" ? "2|no" : "1|se",
      marketAlias: values.market,
      languageId: values.market === "no" ? "nb-NO" : "sv-SE",
      currencyCode: values.market === "no" ? "NOK" : "SEK",
      email: `kunde-${randomUUID().slice(0, 8)}@example.no`,
      billingAddress: {},
      shippingAddress: {},
      status: values.status,
      itemValueIncVatMinor: values.totalMinor,
      itemValueExVatMinor: Math.round(values.totalMinor * 0.8),
      vatMinor: Math.round(values.totalMinor * 0.2),
      totalIncVatMinor: values.totalMinor,
      ...(values.confirmedAt ? { confirmedAt: values.confirmedAt } : {}),
      ...(values.createdAt ? { createdAt: values.createdAt } : {}),
    })
    .returning({ id: orders.id });
  return row?.id ?? 0;
}

const today = localDay(new Date());
const SALES = `query($days: Int) { salesByDay(days: $days) { marketAlias currencyCode orders salesMinor averageMinor days { day orders salesMinor averageMinor } } }`;

beforeAll(async () => {
  shop = await startShop({ SEED_PRODUCTS: "10" });
  cookies = await signedInAdmins(shop, { owner: "owner", support: "support" });
  const now = new Date();
  await order({ market: "no", status: "received", totalMinor: 10_000, confirmedAt: now });
  await order({ market: "no", status: "processing", totalMinor: 20_000, confirmedAt: now });
  // Confirmed just after midnight three days ago in Oslo: the day before in UTC.
  const early = justAfterMidnight(addDays(today, -3));
  await order({
    market: "no",
    status: "completed",
    totalMinor: 30_001,
    confirmedAt: early,
    createdAt: early,
  });
  await order({ market: "se", status: "received", totalMinor: 50_000, confirmedAt: now });
  // Not sales: cancelled, refunded, pending, failed; and one outside the period.
  await order({ market: "no", status: "cancelled", totalMinor: 99_900, confirmedAt: now });
  await order({ market: "no", status: "refunded", totalMinor: 99_900, confirmedAt: now });
  await order({ market: "no", status: "pending", totalMinor: 99_900 });
  const old = new Date(Date.now() - 40 * 86_400_000);
  await order({ market: "no", status: "completed", totalMinor: 99_900, confirmedAt: old, createdAt: old });
  // Created before the 7-day period, confirmed inside it (yesterday): counts, on the day it was confirmed.
  await order({
    market: "se",
    status: "processing",
    totalMinor: 7_000,
    createdAt: new Date(Date.now() - 8 * 86_400_000),
    confirmedAt: new Date(Date.now() - 86_400_000),
  });
  const failed = await order({ market: "se", status: "failed", totalMinor: 12_345 });
  await shop.db.db
    .insert(orderStatusHistory)
    .values({ orderId: failed, fromStatus: "pending", toStatus: "failed", reason: "credit check refused" });
});
afterAll(async () => {
  await shop?.close();
});

describe("the dashboard", () => {
  it("sums confirmed orders per market and day in the shop's time zone, with the average order value", async () => {
    const { data, errors } = await admin("owner", SALES, { days: 7 });
    expect(errors).toBeUndefined();
    const no = data.salesByDay.find((m: Json) => m.marketAlias === "no");
    const se = data.salesByDay.find((m: Json) => m.marketAlias === "se");
    expect(no).toMatchObject({ currencyCode: "NOK", orders: 3, salesMinor: 60_001, averageMinor: 20_000 });
    expect(se).toMatchObject({ currencyCode: "SEK", orders: 2, salesMinor: 57_000, averageMinor: 28_500 });
    expect(se.days.find((d: Json) => d.day === localDay(new Date(Date.now() - 86_400_000)))).toMatchObject({
      orders: 1,
      salesMinor: 7_000,
    });
    expect(no.days.map((d: Json) => d.day)).toEqual(
      Array.from({ length: 7 }, (_, i) => addDays(today, i - 6)),
    );
    expect(no.days.at(-1)).toEqual({ day: today, orders: 2, salesMinor: 30_000, averageMinor: 15_000 });
    expect(no.days.find((d: Json) => d.day === addDays(today, -3))).toMatchObject({
      orders: 1,
      salesMinor: 30_001,
    });
    expect(no.days.find((d: Json) => d.day === addDays(today, -4))).toMatchObject({
      orders: 0,
      salesMinor: 0,
    });
    // Every market the shop sells in has a series, with or without sales.
    const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(
      shop.db.db,
      sql`select count(*)::int as n from markets where active and not virtual`,
    );
    expect(data.salesByDay.length).toBeGreaterThanOrEqual(Number(n));
    // Ninety days take the old order in.
    const long = await admin("owner", SALES, { days: 90 });
    expect(long.data.salesByDay.find((m: Json) => m.marketAlias === "no").orders).toBe(4);
  });

  it("lists low stock by the storefront's stock rule, fewest first", async () => {
    const rows = await shop.db.db.select({ id: skus.id }).from(skus).orderBy(skus.id).limit(4);
    const [few, out, plenty, made] = rows.map((r) => r.id);
    await shop.db.db
      .update(skus)
      .set({ inStock: 2, oversellable: 0, static: 0 })
      .where(eq(skus.id, few ?? 0));
    await shop.db.db
      .update(skus)
      .set({ inStock: 0, oversellable: 0, static: 0 })
      .where(eq(skus.id, out ?? 0));
    // Three on the shelf but more sellable beyond it: not "few left" on the storefront, so not low here.
    await shop.db.db
      .update(skus)
      .set({ inStock: 3, oversellable: 5, static: 0 })
      .where(eq(skus.id, plenty ?? 0));
    await shop.db.db
      .update(skus)
      .set({ inStock: 0, oversellable: 0, static: 1 })
      .where(eq(skus.id, made ?? 0));
    const { data, errors } = await admin(
      "support",
      "{ lowStock(take: 100) { skuId inStock status productName } }",
    );
    expect(errors).toBeUndefined();
    const byId = new Map<number, Json>(data.lowStock.map((s: Json) => [s.skuId, s]));
    expect(byId.get(few ?? 0)).toMatchObject({ inStock: 2, status: "fewLeft" });
    expect(byId.get(out ?? 0)).toMatchObject({ inStock: 0, status: "outOfStock" });
    expect(byId.has(plenty ?? 0)).toBe(false);
    expect(byId.has(made ?? 0)).toBe(false);
    const stocks = data.lowStock.map((s: Json) => s.inStock);
    expect(stocks).toEqual([...stocks].sort((a: number, b: number) => a - b));
    expect(data.lowStock.every((s: Json) => s.productName.length > 0 && !s.productName.startsWith("#"))).toBe(
      true,
    );
  });

  it("counts failed payments with their reason, and what waits for moderation", async () => {
    const { data, errors } = await admin(
      "owner",
      "{ failedPayments { total latest { marketAlias totalMinor reason } } moderationCounts { reviews questions } }",
    );
    expect(errors).toBeUndefined();
    expect(data.failedPayments.total).toBe(1);
    expect(data.failedPayments.latest).toEqual([
      { marketAlias: "se", totalMinor: 12_345, reason: "credit check refused" },
    ]);
    const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(
      shop.db.db,
      sql`select count(*)::int as n from ${reviews} where ${reviews.status} = 'pending'`,
    );
    expect(data.moderationCounts.reviews).toBe(Number(n));
  });

  it("shows each part only to a role that may read it; bad input is refused", async () => {
    const support = await admin(
      "support",
      `{ salesByDay { orders } lowStock { skuId } moderationCounts { reviews } }`,
    );
    expect(support.data.salesByDay).toBeNull();
    expect(support.errors?.map((e: Json) => e.extensions.code)).toEqual(["FORBIDDEN"]);
    expect(Array.isArray(support.data.lowStock)).toBe(true);
    expect(typeof support.data.moderationCounts.reviews).toBe("number");
    const stranger = await admin("nobody", `{ salesByDay { orders } }`);
    expect(stranger.code).toBe("UNAUTHENTICATED");
    for (const days of [0, 91, -1]) {
      const refused = await admin("owner", SALES, { days });
      expect(refused.code).toBe("BAD_USER_INPUT");
      expect(refused.errors?.[0]?.extensions.field).toBe("days");
    }
  });
});

import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, products } from "#db/schema/index.ts";
import { rankSimilar, type SimilarCandidate } from "#domain/recommendation.ts";
import { SandboxInvoiceProvider } from "#integrations/payments/invoice/index.ts";
import { RECOMMENDATION_SANDBOX_WEBSITE } from "#integrations/recommendations/http/index.ts";
import { addToCart } from "#services/cart/lines.ts";
import type { CartContext } from "#services/cart/model.ts";
import { type OrderDeps, placeOrder } from "#services/orders/place.ts";
import { boughtTogether, similar } from "#services/recommendations/builtin.ts";
import { createReferenceCache, resolveLocale } from "#services/reference.ts";
import { queryRows } from "#tests/support/db.ts";
import { swedishInvoiceBuyer } from "#tests/support/orders.ts";
import { gql, type Shop, startShop } from "#tests/support/shop.ts";

/**
 * Recommendations (docs/decisions/0040) on a real database, PGlite by default and PostgreSQL with DATABASE_URL:
 * the built-in rules over placed orders ("bought together", cancelled orders not counted, inactive products left
 * out) and the catalog ("similar"), the API field, the product page's section, and the provider's sandbox on the
 * shop's own server (RECOMMENDATIONS_BASE_URL=sandbox) answering first once it has learnt a basket.
 */

let shop: Shop;
let ctx: CartContext;
let deps: OrderDeps;
/** Four products of one primary category with a Swedish price: [id, skuId, articleNumber, alias(sv)]. */
let four: { id: number; sku: number; number: string; alias: string }[];
const db = () => shop.db.db;
const sv = { channelId: "1|se", languageId: "sv-SE", marketId: "se" };

beforeAll(async () => {
  shop = await startShop({ RECOMMENDATIONS_BASE_URL: "sandbox", RESPONSE_CACHE: "false" });
  const ref = await createReferenceCache(db()).get();
  ctx = { ref, locale: resolveLocale(ref, sv).locale };
  deps = { db: db(), payments: { INVOICE: new SandboxInvoiceProvider() } };
  const rows = await queryRows<{ id: number; sku: number; number: string; alias: string; category: number }>(
    db(),
    sql`select p.id, min(s.id) as sku, p.article_number as number, t.alias, p.primary_category_id as category
        from products p join skus s on s.product_id = p.id and s.active
        join prices pr on pr.sku_id = s.id and pr.market_alias = 'se'
        join product_translations t on t.product_id = p.id and t.language_id = 'sv-SE'
        where p.type = 'product' and p.active and p.primary_category_id is not null
        group by p.id, t.alias order by p.primary_category_id, p.id`,
  );
  const byCategory = new Map<number, typeof rows>();
  for (const r of rows)
    byCategory.set(Number(r.category), [...(byCategory.get(Number(r.category)) ?? []), r]);
  const group = [...byCategory.values()].find((g) => g.length >= 4);
  if (!group) throw new Error("no category with four priced products");
  four = group
    .slice(0, 4)
    .map((r) => ({ id: Number(r.id), sku: Number(r.sku), number: r.number, alias: r.alias }));
  await db().execute(sql`update skus set in_stock = 100, oversellable = 0, static = 0
    where id in (${sql.join(
      four.map((p) => sql`${p.sku}`),
      sql`, `,
    )})`);
});
afterAll(async () => {
  await shop?.close();
});

const buyer = swedishInvoiceBuyer("kund@example.se");

async function order(indexes: number[]): Promise<number> {
  let cartId: string | null = null;
  for (const i of indexes)
    cartId = (await addToCart(db(), ctx, cartId, { skuId: four[i]?.sku as number, quantity: 1 })).id;
  const placed = await placeOrder(deps, ctx, cartId as string, buyer);
  expect(placed.status).toBe("received");
  return placed.orderId;
}

const A = () => four[0] as (typeof four)[number];
const ids = (...i: number[]) => i.map((n) => four[n]?.id);

async function recommended(alias: string, variables: Record<string, unknown> = {}, headers = {}) {
  return gql(
    shop.origin,
    {
      query: `query R($alias: String!, $kind: RecommendationKind, $take: Int, $channelId: String, $languageId: String, $marketId: String) {
        recommendedProducts(alias: $alias, kind: $kind, take: $take, channelId: $channelId, languageId: $languageId, marketId: $marketId) {
          source trackingCode product { productId alias primaryCategory { categoryId } }
        }
      }`,
      variables: { alias, ...sv, ...variables },
    },
    headers,
  );
}

describe("the built-in rules", () => {
  it("without orders: similar products of the same category fill 'bought together'", async () => {
    expect(await boughtTogether(db(), A().id, 12)).toEqual([]);
    const { body } = await recommended(A().alias);
    expect(body.errors).toBeUndefined();
    const list = body.data.recommendedProducts as { source: string; product: { productId: number } }[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.map((r) => r.product.productId)).not.toContain(A().id);
    const [target] = await db()
      .select({ category: products.primaryCategoryId })
      .from(products)
      .where(eq(products.id, A().id));
    const categories = await db()
      .select({ category: products.primaryCategoryId })
      .from(products)
      .where(
        inArray(
          products.id,
          list.map((r) => r.product.productId),
        ),
      );
    expect(new Set(categories.map((c) => c.category))).toEqual(new Set([target?.category]));
    expect(new Set(list.map((r) => r.source))).toEqual(new Set(["BUILTIN"]));
  });

  it("ranks by shared orders; a cancelled order does not count; an inactive product is left out", async () => {
    await order([0, 1]);
    await order([0, 1, 2]);
    const cancelled = await order([0, 3]);
    await db().update(orders).set({ status: "cancelled" }).where(eq(orders.id, cancelled));
    expect(await boughtTogether(db(), A().id, 12)).toEqual(ids(1, 2));
    expect(await boughtTogether(db(), four[2]?.id as number, 12)).toEqual(ids(0, 1));

    const { body } = await recommended(A().alias, { kind: "BOUGHT_TOGETHER", take: 4 });
    const list = body.data.recommendedProducts as { product: { productId: number } }[];
    expect(list.slice(0, 2).map((r) => r.product.productId)).toEqual(ids(1, 2));
    expect(list).toHaveLength(4);

    await db()
      .update(products)
      .set({ active: false })
      .where(eq(products.id, four[2]?.id as number));
    try {
      expect(await boughtTogether(db(), A().id, 12)).toEqual(ids(1));
      expect(await similar(db(), A().id, "se", 12)).not.toContain(four[2]?.id);
    } finally {
      await db()
        .update(products)
        .set({ active: true })
        .where(eq(products.id, four[2]?.id as number));
    }
  });

  it("answers 'similar' from the category alone, never the product itself", async () => {
    const list = await similar(db(), A().id, "se", 12);
    expect(list.length).toBeGreaterThan(0);
    expect(list).not.toContain(A().id);
    const rows = await db()
      .select({ id: products.id, category: products.primaryCategoryId })
      .from(products)
      .where(and(inArray(products.id, [A().id, ...list])));
    expect(new Set(rows.map((r) => r.category)).size).toBe(1);
  });

  it("reads only the nearest in price, and answers as the ranking over the whole category does", async () => {
    // Every candidate of a product's category with its lowest price in the market now: what the statement read
    // before it bounded the candidates by price distance.
    // The price change below starts a new list price from its commit on: each read asks for the prices of its
    // own moment, as similar() does.
    const everyCandidate = (productId: number, market: string, now = new Date().toISOString()) =>
      queryRows<SimilarCandidate>(
        db(),
        sql`select p.id as "productId", p.primary_category_id as "categoryId", p.brand_id as "brandId",
                   p.sales_count as "salesCount", min(lp.selling_minor) as "priceMinor"
            from products p left join product_list_prices lp on lp.product_id = p.id and lp.market_alias = ${market}
              and lp.valid_from <= ${now}::timestamptz and lp.valid_until > ${now}::timestamptz
            where p.active and p.primary_category_id = (select primary_category_id from products where id = ${productId})
            group by p.id`,
      );
    // Ties in price and brand, and a shown product without a positive price, are the cases a bound could get wrong.
    const [tie, free] = four;
    await db().execute(sql`update products set sales_count = 7, brand_id = (select brand_id from products
      where id = ${tie?.id as number}) where id = ${free?.id as number}`);
    await db().execute(sql`update prices set selling_minor = 0, regular_minor = 0
      where sku_id in (select id from skus where product_id = ${free?.id as number})`);
    const ids = (
      await queryRows<{ id: number }>(db(), sql`select id from products where active order by id`)
    ).map((r) => Number(r.id));
    let compared = 0;
    for (const market of ["se", "no"])
      for (const id of ids)
        for (const take of [1, 4, 12]) {
          const rows = (await everyCandidate(id, market)).map((r) => ({
            ...r,
            productId: Number(r.productId),
            categoryId: r.categoryId === null ? null : Number(r.categoryId),
            brandId: r.brandId === null ? null : Number(r.brandId),
            salesCount: Number(r.salesCount),
            priceMinor: r.priceMinor === null ? null : Number(r.priceMinor),
          }));
          const self = rows.find((r) => r.productId === id);
          const expected = self ? rankSimilar(self, rows, { take }) : [];
          expect(await similar(db(), id, market, take), `${id} ${market} ${take}`).toEqual(expected);
          compared++;
        }
    expect(compared).toBe(ids.length * 6);
  }, 240_000);
});

describe("the API", () => {
  it("answers null for an unknown product and refuses a take out of range in the request's language", async () => {
    expect((await recommended("finns-inte")).body.data.recommendedProducts).toBeNull();
    const { body } = await recommended(A().alias, { take: 13 });
    expect(body.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    expect(body.errors?.[0]?.message).toMatch(/take/);
    const nb = await recommended(A().alias, {
      take: -1,
      channelId: "2|no",
      languageId: "nb-NO",
      marketId: "no",
    });
    expect(nb.body.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    expect(nb.body.errors?.[0]?.message).not.toBe(body.errors?.[0]?.message);
  });

  it("gives them to the product page from /api/related when the shopper nears them, not in its HTML", async () => {
    const response = await fetch(`${shop.origin}/sv/p/${A().alias}`, { redirect: "follow" });
    const html = await response.text();
    expect(response.status).toBe(200);
    // Decision 0089: the page has their place; the browser asks for them.
    expect(html).toContain('data-suggestions="waiting"');
    expect(html).not.toContain("data-recommendations");
    const related = await fetch(`${shop.origin}/sv/api/related?alias=${encodeURIComponent(A().alias)}`);
    expect(related.status).toBe(200);
    const answer = (await related.json()) as {
      related: { productId: number }[];
      recommended: { productId: number }[];
    };
    // What the API recommends as bought together (four), less what the merchant's related products already show.
    const { body } = await recommended(A().alias, { kind: "BOUGHT_TOGETHER", take: 4 });
    const shown = new Set(answer.related.map((p) => p.productId));
    const expected = (body.data.recommendedProducts as { product: { productId: number } }[])
      .map((r) => r.product.productId)
      .filter((id) => !shown.has(id));
    expect(expected.length).toBeGreaterThan(0);
    expect(answer.recommended.map((p) => p.productId)).toEqual(expected);
  });
});

describe("the provider's sandbox (RECOMMENDATIONS_BASE_URL=sandbox)", () => {
  it("answers first once it has learnt a basket, with its tracking code; the built-in rules fill the rest", async () => {
    const learn = await fetch(`${shop.origin}/sandbox/recommendations/commands`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        websiteUuid: RECOMMENDATION_SANDBOX_WEBSITE,
        command: "trackConversion",
        total: "499.00",
        currency: "SEK",
        orderNumber: "SE-1",
        productNumbers: [A().number, four[3]?.number],
      }),
    });
    expect(learn.status).toBe(200);
    const { body } = await recommended(A().alias, { take: 4 });
    const list = body.data.recommendedProducts as {
      source: string;
      trackingCode: string;
      product: { productId: number };
    }[];
    expect(list[0]).toMatchObject({ source: "PROVIDER", trackingCode: `sbx-bt-${four[3]?.number}` });
    expect(list[0]?.product.productId).toBe(four[3]?.id);
    expect(list.slice(1, 3).map((r) => [r.source, r.product.productId])).toEqual([
      ["BUILTIN", four[1]?.id],
      ["BUILTIN", four[2]?.id],
    ]);
    const wrongSite = await fetch(`${shop.origin}/sandbox/recommendations/recommendations`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        websiteUuid: "nope",
        productNumbers: [],
        type: "SIMILAR",
        limit: 1,
        market: "se",
        language: "sv-SE",
      }),
    });
    expect(wrongSite.status).toBe(404);
  });
});

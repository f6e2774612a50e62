import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isoDate, timeZoneForLocale } from "#domain/format.ts";
import { type ProductPaths, productPathsWhere } from "#tests/support/products.ts";
import { gql, type Shop, startShop } from "#tests/support/shop.ts";
import { buildIfNeeded } from "../../scripts/build-if-needed.ts";

/**
 * A product page's price history comes from `/api/price-history` when the shopper nears it (decision 0094), not with
 * the page: the page's HTML has its empty place and no chart; the resource route answers the API's price points of
 * the last 90 days in the page's market and language, and the day the chart ends on, public like the page.
 * PGlite, and PostgreSQL with DATABASE_URL.
 */
let shop: Shop;
let product: ProductPaths;

beforeAll(async () => {
  buildIfNeeded();
  shop = await startShop();
  // A product whose price changed (more than one logged price in the Swedish market): a history with steps.
  const found = await productPathsWhere(
    shop,
    sql`(select count(*) from price_log l join skus s on s.id = l.sku_id
         where s.product_id = p.id and l.market_alias = 'se') > 1`,
  );
  if (!found) throw new Error("the seed has no product whose price changed");
  product = found;
});
afterAll(async () => {
  await shop?.close();
});

type Point = { date: string; sellingPriceIncVat: number; sellingPriceExVatFormatted: string };

/** What the API says, in one market and language. */
async function apiHistory(alias: string, channelId: string, languageId: string): Promise<Point[]> {
  const { body } = await gql(shop.origin, {
    query: `query($a: String!) {
      productPriceHistory(alias: $a, days: 90, channelId: "${channelId}", languageId: "${languageId}") {
        date sellingPriceIncVat sellingPriceExVatFormatted
      }
    }`,
    variables: { a: alias },
  });
  expect(body.errors).toBeUndefined();
  return body.data.productPriceHistory as Point[];
}

describe("/api/price-history (decision 0094)", () => {
  it.each([
    ["sv", "/sv", "1|se", "sv-SE"],
    ["nb", "", "1|no", "nb-NO"],
  ] as const)(
    "answers in %s the API's price points of 90 days and today, public like the page",
    async (lang, prefix, channelId, languageId) => {
      const alias = product[lang];
      const response = await fetch(
        `${shop.origin}${prefix}/api/price-history?alias=${encodeURIComponent(alias)}`,
        { headers: { accept: "application/json" } },
      );
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toMatch(/\bpublic\b.*\bs-maxage=\d+/);
      expect(response.headers.get("vary") ?? "").toMatch(/Cookie/i);
      const answer = (await response.json()) as { points: Point[]; today: string; days: number };
      const api = await apiHistory(alias, channelId, languageId);
      expect(api.length).toBeGreaterThan(0);
      expect(answer.points.map((p) => [p.date, p.sellingPriceIncVat, p.sellingPriceExVatFormatted])).toEqual(
        api.map((p) => [p.date, p.sellingPriceIncVat, p.sellingPriceExVatFormatted]),
      );
      expect(answer.days).toBe(90);
      // The shop's day in the language's time zone (a test run across midnight may see the next day).
      const zone = timeZoneForLocale(languageId);
      expect([isoDate(new Date(Date.now() - 60_000), zone), isoDate(new Date(), zone)]).toContain(
        answer.today,
      );
    },
  );

  it("leaves the chart out of the product page's HTML, with its place in it", async () => {
    for (const path of [product.svUrl, product.nbUrl]) {
      const response = await fetch(`${shop.origin}${path}`, { headers: { accept: "text/html" } });
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(html).toContain('data-price-history="waiting"');
      expect(html).not.toContain('aria-labelledby="price-history"');
      expect(html).not.toContain("data-price-chart");
    }
  });

  it("answers 400 without an alias, and no points for an alias no product has", async () => {
    expect((await fetch(`${shop.origin}/api/price-history`)).status).toBe(400);
    expect((await fetch(`${shop.origin}/api/price-history?alias=${"x".repeat(201)}`)).status).toBe(400);
    const none = await fetch(`${shop.origin}/sv/api/price-history?alias=finns-inte`);
    expect(none.status).toBe(200);
    expect(((await none.json()) as { points: unknown[] }).points).toEqual([]);
  });
});

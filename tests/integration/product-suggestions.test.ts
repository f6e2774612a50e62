import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ProductPaths, productPathsWhere } from "#tests/support/products.ts";
import { gql, type Shop, startShop } from "#tests/support/shop.ts";
import { buildIfNeeded } from "../../scripts/build-if-needed.ts";

/**
 * A product page's related and recommended products come from `/api/related` when the shopper nears them
 * (decision 0089), not with the page: the page's HTML has their empty place and none of their cards; the resource
 * route answers what the API answers — the merchant's related products in their order, the recommendations the
 * related ones do not show, their tracking codes — in the page's language and market, public like the page.
 * PGlite, and PostgreSQL with DATABASE_URL.
 */
let shop: Shop;
let product: ProductPaths;

beforeAll(async () => {
  buildIfNeeded();
  shop = await startShop();
  const found = await productPathsWhere(
    shop,
    sql`(select count(*) from related_products r join products q on q.id = r.related_product_id and q.active
         where r.product_id = p.id) > 1`,
  );
  if (!found) throw new Error("the seed has no product with related products");
  product = found;
});
afterAll(async () => {
  await shop?.close();
});

/** What the API says, in one market and language. */
async function apiSuggestions(alias: string, channelId: string, languageId: string) {
  const { body } = await gql(shop.origin, {
    query: `query($a: String!) {
      relatedProducts(alias: $a, channelId: "${channelId}", languageId: "${languageId}") { product { productId name } }
      recommendedProducts(alias: $a, kind: BOUGHT_TOGETHER, take: 4, channelId: "${channelId}", languageId: "${languageId}") {
        trackingCode product { productId }
      }
    }`,
    variables: { a: alias },
  });
  expect(body.errors).toBeUndefined();
  return body.data as {
    relatedProducts: { product: { productId: number; name: string } }[];
    recommendedProducts: { trackingCode: string | null; product: { productId: number } }[];
  };
}

type Answer = {
  related: { productId: number; name: string; unitPrice?: { currency?: string } }[];
  recommended: { productId: number }[];
  recommendedCodes: Record<string, string>;
};

describe("/api/related (decision 0089)", () => {
  it.each([
    ["sv", "/sv", "1|se", "sv-SE"],
    ["nb", "", "1|no", "nb-NO"],
  ] as const)(
    "answers in %s what the API answers, public like the page",
    async (lang, prefix, channelId, languageId) => {
      const alias = product[lang];
      const response = await fetch(`${shop.origin}${prefix}/api/related?alias=${encodeURIComponent(alias)}`, {
        headers: { accept: "application/json" },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toMatch(/\bpublic\b.*\bs-maxage=\d+/);
      expect(response.headers.get("vary") ?? "").toMatch(/Cookie/i);
      const answer = (await response.json()) as Answer;
      const api = await apiSuggestions(alias, channelId, languageId);
      expect(answer.related.map((p) => [p.productId, p.name])).toEqual(
        api.relatedProducts.map((r) => [r.product.productId, r.product.name]),
      );
      expect(answer.related.length).toBeGreaterThan(1);
      const relatedIds = new Set(answer.related.map((p) => p.productId));
      expect(answer.recommended.map((p) => p.productId)).toEqual(
        api.recommendedProducts.map((r) => r.product.productId).filter((id) => !relatedIds.has(id)),
      );
      expect(answer.recommendedCodes).toEqual(
        Object.fromEntries(
          api.recommendedProducts.flatMap((r) =>
            r.trackingCode ? [[String(r.product.productId), r.trackingCode]] : [],
          ),
        ),
      );
    },
  );

  it("leaves the cards out of the product page's HTML, with their place in it", async () => {
    for (const path of [product.svUrl, product.nbUrl]) {
      const response = await fetch(`${shop.origin}${path}`, { headers: { accept: "text/html" } });
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(html).toContain('data-suggestions="waiting"');
      expect(html).not.toContain('aria-labelledby="related"');
      expect(html).not.toContain("data-recommendations");
    }
  });

  it("answers 400 without an alias, and empty lists for an alias no product has", async () => {
    expect((await fetch(`${shop.origin}/api/related`)).status).toBe(400);
    expect((await fetch(`${shop.origin}/api/related?alias=${"x".repeat(201)}`)).status).toBe(400);
    const none = await fetch(`${shop.origin}/sv/api/related?alias=finns-inte`);
    expect(none.status).toBe(200);
    expect(await none.json()).toEqual({ related: [], recommended: [], recommendedCodes: {} });
  });
});

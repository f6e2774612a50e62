import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gql, type Shop, startShop } from "#tests/support/shop.ts";
import { buildIfNeeded } from "../../scripts/build-if-needed.ts";

/**
 * The widget areas of the list and product pages (issue 14, decision 0046), as the server renders them: a list page
 * (category, and /nyheter) shows Productlist/Top above its products and Productlist/Bottom below them, a product
 * page its Product/Main area; the seed's examples are there; a merchant's change reaches the cached pages at once
 * (the catalog version), as on the front page. PGlite, and PostgreSQL with DATABASE_URL.
 */
const ADMIN_KEY = "test-admin-key-0123456789abcdef";
const PC =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0 Safari/537.36";
let shop: Shop;
let productPath: string;
let categoryPath: string;

beforeAll(async () => {
  buildIfNeeded();
  shop = await startShop({ SEED_PRODUCTS: "20", ADMIN_KEY });
  const { body } = await gql(shop.origin, {
    query: `{ products(take: 1, channelId: "2|no", languageId: "nb-NO", marketId: "no") {
      products { canonicalUrl primaryCategory { canonicalUrl } } } }`,
  });
  const first = body.data.products.products[0];
  productPath = first.canonicalUrl;
  categoryPath = first.primaryCategory.canonicalUrl;
});
afterAll(async () => {
  await shop?.close();
});

const page = async (path: string) => {
  const response = await fetch(`${shop.origin}${path}`, {
    headers: { accept: "text/html", "user-agent": PC, "accept-encoding": "identity" },
  });
  expect(response.status, path).toBe(200);
  return { cache: response.headers.get("x-cache"), html: await response.text() };
};

/** The page's HTML before its loader data (which repeats the texts). */
const body = (html: string) => html.slice(0, html.indexOf("window.__reactRouterContext"));

async function publish(family: string, areaName: string, nb: string) {
  const { body: answer } = await gql(
    shop.origin,
    {
      query: `mutation($family: String!, $areaName: String!, $c: String!) {
        createWidget(family: $family, areaName: $areaName, type: "text", configuration: $c, publish: true) { id } }`,
      variables: { family, areaName, c: JSON.stringify({ text: { "nb-NO": nb, "sv-SE": `${nb} (sv)` } }) },
    },
    { "x-admin-key": ADMIN_KEY },
  );
  expect(answer.errors).toBeUndefined();
}

describe("widget areas on list and product pages", () => {
  it("a list page shows Productlist/Top above its products and Productlist/Bottom below them", async () => {
    for (const path of [categoryPath, "/nyheter"]) {
      const html = body((await page(path)).html);
      const top = html.indexOf("Fri frakt over 99 kr og 30 dagers åpent kjøp.");
      const grid = html.indexOf("data-list-grid");
      const bottom = html.indexOf("Favorittene dine");
      expect(top, path).toBeGreaterThan(html.indexOf("<h1"));
      expect(grid, path).toBeGreaterThan(top);
      expect(bottom, path).toBeGreaterThan(grid);
    }
  });

  it("a product page shows Product/Main below the product; a Swedish page its Swedish texts", async () => {
    const html = body((await page(productPath)).html);
    expect(html.indexOf("Sist sett")).toBeGreaterThan(html.indexOf("<h1"));
    const { body: sv } = await gql(shop.origin, {
      query: `{ products(take: 1, channelId: "1|se", languageId: "sv-SE", marketId: "se") {
        products { canonicalUrl } } }`,
    });
    expect(body((await page(`/sv${sv.data.products.products[0].canonicalUrl}`)).html)).toContain(
      "Senast visade",
    );
  });

  it("a merchant's published widget reaches the cached list and product pages at once", async () => {
    for (const [path, family, areaName, text] of [
      [categoryPath, "Productlist", "Top", "Lagersalg i hele butikken"],
      [productPath, "Product", "Main", "Gratis gavepapir til jul"],
    ] as const) {
      await page(path);
      const hit = await page(path);
      expect(hit.cache, path).toBe("HIT");
      expect(hit.html).not.toContain(text);
      await publish(family, areaName, text);
      const after = await page(path);
      expect(after.cache, path).toBe("MISS");
      expect(body(after.html)).toContain(text);
    }
  });
});

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { onPostgres } from "#tests/support/db.ts";
import { gql, type Shop, startShop } from "#tests/support/shop.ts";
import { buildIfNeeded } from "../../scripts/build-if-needed.ts";

/**
 * A storefront page's in-process GraphQL calls share one catalog version (decision 0082, api/response-cache.ts):
 * on PostgreSQL the version is read once per page, not once per call; on PGlite it is heard, never read. A call
 * over HTTP still reads its own. And a page rendered after a change by SQL shows the change.
 */

const VERSION_READ = /from catalog_index_state where id = 1/;

let shop: Shop;
let paths: { path: string; productId: number }[];
beforeAll(async () => {
  buildIfNeeded();
  // No page cache: every page below is rendered (the response cache stays on, as in production).
  shop = await startShop({ PAGE_CACHE: "false" });
  const { body } = await gql(shop.origin, {
    query: `{ products(take: 4, channelId: "1|se", languageId: "sv-SE", marketId: "se") {
      products { productId canonicalUrl } } }`,
  });
  paths = (body.data.products.products as { productId: number; canonicalUrl: string }[]).map((p) => ({
    path: `/sv${p.canonicalUrl}`,
    productId: p.productId,
  }));
});
afterAll(async () => {
  await shop?.close();
});

async function render(path: string): Promise<{ html: string; versionReads: number; statements: number }> {
  const seen: string[] = [];
  const stop = shop.db.onStatement((text) => seen.push(text));
  try {
    const response = await fetch(`${shop.origin}${path}`, { headers: { accept: "text/html" } });
    expect(response.status).toBe(200);
    const html = await response.text();
    return {
      html,
      versionReads: seen.filter((s) => VERSION_READ.test(s)).length,
      statements: seen.length,
    };
  } finally {
    stop();
  }
}

describe("a product page's catalog version", () => {
  it(`is ${onPostgres ? "read once" : "never read"} for all of the page's calls`, async () => {
    // The first page warms what every page shares (reference data, widgets, persisted operations).
    await render((paths[0] as { path: string }).path);
    for (const { path } of paths.slice(1)) {
      const page = await render(path);
      // Four cacheable calls make every product page (the channel, the frame, the page's operation and its widget
      // area; one read among them is what proves the sharing). Its operation reads the new product: at least one
      // statement (fewer than before since decisions 0089, 0094 and 0095 left the related products, the price history
      // and the alias lookup out of it), so the page was rendered, not served whole from a cache.
      expect(page.statements).toBeGreaterThan(0);
      expect(page.versionReads).toBe(onPostgres ? 1 : 0);
    }
  });

  it("is read by each call over HTTP", async () => {
    const seen: string[] = [];
    const stop = shop.db.onStatement((text) => seen.push(text));
    try {
      for (let i = 0; i < 2; i++)
        await gql(shop.origin, {
          query: `{ products(take: 1, skip: ${i}, channelId: "1|se", languageId: "sv-SE", marketId: "se") {
            products { productId } } }`,
        });
    } finally {
      stop();
    }
    expect(seen.filter((s) => VERSION_READ.test(s)).length).toBe(onPostgres ? 2 : 0);
  });

  it("shows a price changed by SQL on the next page rendered", async () => {
    const { path, productId } = paths[1] as { path: string; productId: number };
    expect((await render(path)).html).not.toContain('"price":"4322.00"');
    await shop.db.db.execute(sql`
      update prices set regular_minor = 432200, selling_minor = 432200, reduced_since = null, campaign_id = null
      where market_alias = 'se' and sku_id in (select id from skus where product_id = ${productId})`);
    // On PGlite the commit's notification is heard before the update's promise resolves; on PostgreSQL the
    // version is read at the page's first call.
    expect((await render(path)).html).toContain('"price":"4322.00"');
  });
});

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startShopsOnOneDatabase } from "#tests/support/shared-db.ts";
import { gql, type Shop } from "#tests/support/shop.ts";
import { buildIfNeeded } from "../../scripts/build-if-needed.ts";

/**
 * The page cache follows the catalog version (decision 0024): a price changed by SQL shows on every node's cached
 * product page once the node has heard the new version (LISTEN, at the commit), not after the page's s-maxage.
 * With DATABASE_URL: two processes on one PostgreSQL database sharing Redis; without: one shop on PGlite.
 */

const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const PC =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0 Safari/537.36";

describe("cached product pages follow the catalog version", () => {
  let shops: Shop[];
  let close: () => Promise<void>;
  let path: string;
  let productId: number;
  beforeAll(async () => {
    buildIfNeeded();
    ({ shops, close } = await startShopsOnOneDatabase(2, process.env.DATABASE_URL ? { REDIS_URL } : {}));
    const { body } = await gql((shops[0] as Shop).origin, {
      query: `{ products(take: 1, channelId: "1|se", languageId: "sv-SE", marketId: "se") {
        products { productId canonicalUrl } } }`,
    });
    const first = body.data.products.products[0];
    path = `/sv${first.canonicalUrl}`;
    productId = first.productId;
  });
  afterAll(async () => {
    await close?.();
  });

  const page = async (shop: Shop) => {
    const response = await fetch(`${shop.origin}${path}`, {
      headers: { accept: "text/html", "user-agent": PC, "accept-encoding": "identity" },
    });
    expect(response.status).toBe(200);
    return { cache: response.headers.get("x-cache"), html: await response.text() };
  };

  it("serves the new price from every node's page cache after a change by SQL", async () => {
    for (const shop of shops) {
      // Kept on its second request (decision 0085), a hit on the third.
      await page(shop);
      await page(shop);
      const hit = await page(shop);
      expect(hit.cache).toBe("HIT");
      expect(hit.html).not.toContain('"price":"4321.00"');
    }
    await (shops[0] as Shop).db.db.execute(sql`
      update prices set regular_minor = 432100, selling_minor = 432100, reduced_since = null, campaign_id = null
      where market_alias = 'se' and sku_id in (select id from skus where product_id = ${productId})`);
    for (const shop of shops) {
      // The node hears the commit's NOTIFY; until then it may still answer its cached page.
      await expect
        .poll(async () => (await page(shop)).html, { timeout: 5000, interval: 50 })
        .toContain('"price":"4321.00"');
      // …and caches the new rendering again.
      expect((await page(shop)).cache).toBe("HIT");
    }
  });
});

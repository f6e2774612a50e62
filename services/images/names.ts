import { eq } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import type { Database } from "#db/client.ts";
import { productImages } from "#db/schema/index.ts";
import { parseImageName } from "./art.ts";

/**
 * Which image names exist: those of the catalog's `product_images` rows. The name carries its product id, so one
 * indexed statement reads a product's names; they are remembered for `ttlMs`, for at most `maxProducts` products,
 * and with `catalogVersion` (services/catalog-version.ts) only while the catalog is at the version they were read
 * at; a name a product's remembered names lack is looked up again: an image uploaded in the back office (decision
 * 0057) shows at once, a deleted one is gone once this process hears the new version.
 */
export function createImageNames(
  db: Database,
  opts: { ttlMs?: number; maxProducts?: number; catalogVersion?: () => number } = {},
) {
  const versionOf = opts.catalogVersion ?? (() => 0);
  const names = new LRUCache<number, { at: number; names: ReadonlySet<string> }>({
    max: opts.maxProducts ?? 20_000,
    ttl: opts.ttlMs ?? 60_000,
    fetchMethod: async (productId) => {
      const at = versionOf();
      const rows = await db
        .select({ fileName: productImages.fileName })
        .from(productImages)
        .where(eq(productImages.productId, productId));
      return { at, names: new Set(rows.map((r) => r.fileName)) };
    },
  });
  return {
    /** Whether a product has an image named `fileName` (a name that does not parse has none). */
    async exists(fileName: string): Promise<boolean> {
      let productId: number;
      try {
        productId = parseImageName(fileName).productId;
      } catch {
        return false;
      }
      if (!Number.isSafeInteger(productId) || productId > 2_147_483_647) return false;
      const cached = names.has(productId);
      let known = await names.fetch(productId);
      // Read again when the catalog moved on since, or for a name it did not have (an upload of a moment ago, before
      // this process heard the new catalog version): a miss costs what an uncached product costs, one statement.
      if (cached && known && (known.at !== versionOf() || !known.names.has(fileName)))
        known = await names.fetch(productId, { forceRefresh: true });
      return known?.names.has(fileName) ?? false;
    },
  };
}

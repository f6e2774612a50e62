import { and, eq, sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { urlHistory } from "#db/schema/index.ts";
import type { UrlMove } from "#domain/catalog-structure.ts";

/**
 * Records that storefront paths moved (a renamed alias, a category under another parent), so the old URL answers
 * 301 to the new one (`findUrlRedirect` in services/product-detail.ts; app/lib/url-history.ts). Call it in the
 * transaction of the change: the one way the back office writes `url_history` (decision 0056). For each move:
 * - the old path now leads to the new one (an earlier entry for the same old path is replaced);
 * - an entry that led away from the new path is dropped (the path is live again: renaming back must not loop);
 * - entries that led to the old path now lead to the new one directly (no chains to follow).
 * `url_history` is among the catalog version's tables (migration 0010), so cached pages follow at commit.
 */
export async function recordUrlMoves(tx: Database, moves: readonly UrlMove[]): Promise<void> {
  for (const move of moves) {
    if (move.oldUrl === move.newUrl) continue;
    await tx
      .delete(urlHistory)
      .where(
        and(
          eq(urlHistory.languageId, move.languageId),
          sql`lower(${urlHistory.oldUrl}) = lower(${move.newUrl})`,
        ),
      );
    await tx
      .update(urlHistory)
      .set({ newUrl: move.newUrl })
      .where(
        and(
          eq(urlHistory.languageId, move.languageId),
          sql`lower(${urlHistory.newUrl}) = lower(${move.oldUrl})`,
        ),
      );
    await tx
      .insert(urlHistory)
      .values({ languageId: move.languageId, oldUrl: move.oldUrl, newUrl: move.newUrl })
      .onConflictDoUpdate({
        target: [urlHistory.languageId, urlHistory.oldUrl],
        set: { newUrl: move.newUrl, createdAt: sql`now()` },
      });
  }
}

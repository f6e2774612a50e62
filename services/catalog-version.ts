import { sql } from "drizzle-orm";
import type { DbHandle } from "#db/client.ts";
import { type Listening, listen } from "#db/listen.ts";

/**
 * The catalog's version (catalog_index_state.version, migrations 0004 and 0010): raised by one at the commit of
 * every transaction that changed anything the public catalog shows (prices, stock, texts, images, reviews, content,
 * reference data). Caches key their entries by it (docs/decisions/0023 and 0024): an entry made at version v is
 * right for as long as the version is v, except for what changes by the clock alone — card prices whose window
 * begins or ends (product_list_prices), which `until` bounds.
 */
export interface CatalogVersion {
  version: number;
  /** Epoch ms when a card price next begins or ends by its dates (+Infinity: none ahead). */
  until: number;
}

export interface CatalogVersionReader {
  /**
   * The version as committed when the call was made: a read of one row that starts after the call (calls that
   * arrive while a read is on its way share the next one, so under load there is at most one read in flight and
   * one waiting).
   */
  read(): Promise<CatalogVersion>;
  /**
   * The same guarantee, cheaper where it can be: on PGlite, which only this process opens, every commit's
   * notification reaches the listener before the committing statement's promise resolves (PGlite queues its
   * listeners as microtasks while it parses the answer), so the version heard is the version committed — no read.
   * On PostgreSQL another process may have committed: read().
   */
  current(): Promise<CatalogVersion>;
  /** The newest version this reader has seen (by read() or a notification); -1 before the first. */
  latest(): number;
  /**
   * Hears each new version at its commit (LISTEN mili_catalog_version, migration 0010), so latest() follows the
   * database without a read: for caches that may lag by a notification's delivery (milliseconds).
   */
  follow(): Promise<void>;
  close(): Promise<void>;
}

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** The database's notification channel for new catalog versions (migration 0010). */
export const CATALOG_VERSION_CHANNEL = "mili_catalog_version";

export function createCatalogVersionReader(handle: DbHandle): CatalogVersionReader {
  const db = handle.db;
  let latest = -1;
  let running: Promise<CatalogVersion> | null = null;
  let waiting: Promise<CatalogVersion> | null = null;
  /** The price-window bound per version: computed once per version, again once it has passed. */
  let bound: { version: number; until: number } | null = null;
  let listening: Listening | null = null;

  const nextPriceChange = async (): Promise<number> => {
    const [row] = rowsOf<{ until: unknown }>(
      await db.execute(sql`
        select extract(epoch from least(
          (select min(valid_from) from product_list_prices where valid_from > now()),
          (select min(valid_until) from product_list_prices where valid_until > now()))) * 1000 as until`),
    );
    const until =
      row?.until === null || row?.until === undefined ? Number.POSITIVE_INFINITY : Number(row.until);
    return Number.isNaN(until) ? Number.POSITIVE_INFINITY : until;
  };

  const bounded = async (version: number): Promise<CatalogVersion> => {
    if (!bound || bound.version !== version || bound.until <= Date.now()) {
      bound = { version, until: await nextPriceChange() };
    }
    return { version, until: bound.until };
  };

  const once = async (): Promise<CatalogVersion> => {
    const [row] = rowsOf<{ version: unknown }>(
      await db.execute(sql`select version from catalog_index_state where id = 1`),
    );
    if (!row) throw new Error("catalog_index_state is empty: run the migrations");
    const version = Number(row.version);
    if (version > latest) latest = version;
    return bounded(version);
  };

  const read = (): Promise<CatalogVersion> => {
    if (!running) {
      running = once().finally(() => {
        running = null;
      });
      return running;
    }
    // A read already on its way may have started before this call: wait for the next one.
    if (!waiting) {
      waiting = running
        .catch(() => undefined)
        .then(() => {
          waiting = null;
          return read();
        });
    }
    return waiting;
  };

  return {
    read,
    current: () => (handle.kind === "pglite" && listening && latest >= 0 ? bounded(latest) : read()),
    latest: () => latest,
    async follow() {
      if (listening) return;
      listening = await listen(handle, CATALOG_VERSION_CHANNEL, (payload) => {
        const version = Number(payload);
        if (Number.isFinite(version) && version > latest) latest = version;
      });
      // A commit between the first read and the LISTEN would otherwise go unheard.
      await read();
    },
    async close() {
      await listening?.close();
      listening = null;
    },
  };
}

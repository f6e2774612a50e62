import type { Sql } from "postgres";
import { isRead } from "./prepared-reads.ts";

/**
 * Lets postgres.js prepare the shop's reads on PostgreSQL (decision 0072). Drizzle sends every statement unnamed
 * unless it was made with `.prepare(name)` (decision 0070), so the server parses and plans each read again — for
 * the product page's larger reads planning costs as much as running (db/pglite-prepared.ts has the figures on
 * PGlite, the same planner). Here a `select` outside a transaction is sent with `prepare: true`: postgres.js then
 * parses it once per pooled connection and afterwards sends Bind and Execute only.
 *
 * postgres.js keeps a connection's prepared statements without a bound, so only the first `max` distinct texts
 * are prepared (the process's lifetime); later texts go unnamed as before. Texts with a list of parameters
 * (`in ($1, $2, …)`, Drizzle's `inArray`) change with their input and are never prepared. A plan made stale by a
 * schema change is re-prepared by postgres.js itself (it retries on `RevalidateCachedQuery`).
 */
export function prepareReads(client: Sql, max = 512): void {
  const unsafe = client.unsafe.bind(client);
  const texts = new Set<string>();
  const preparable = (text: string) =>
    isRead(text) && !/\bin\s*\(\s*\$\d+\s*,/i.test(text) && (texts.has(text) || texts.size < max);
  client.unsafe = ((query: string, params?: unknown[], options?: { prepare?: boolean }) => {
    if (options?.prepare === false && preparable(query)) {
      texts.add(query);
      return unsafe(query, params as never, { ...options, prepare: true });
    }
    return unsafe(query, params as never, options as never);
  }) as Sql["unsafe"];
}

import type { PGlite } from "@electric-sql/pglite";
import type { Sql } from "postgres";
import type { DbHandle } from "./client.ts";

/** A LISTEN that is running; `close` stops it (UNLISTEN) before the database closes. */
export interface Listening {
  close(): Promise<void>;
}

/**
 * LISTENs on a notification channel of the database. PostgreSQL: postgres.js keeps a dedicated connection for
 * it (outside the pool) and re-LISTENs after a reconnect. PGlite: notifications of the same process, delivered
 * after each committed statement. Resolves once the LISTEN is in place, so no later commit is missed.
 */
export async function listen(
  handle: DbHandle,
  channel: string,
  onPayload: (payload: string) => void,
): Promise<Listening> {
  const client = (handle.db as unknown as { $client: unknown }).$client;
  if (handle.kind === "postgres") {
    const request = await (client as Sql).listen(channel, onPayload);
    return { close: () => request.unlisten() };
  }
  const unlisten = await (client as PGlite).listen(channel, onPayload);
  return { close: () => unlisten() };
}

/**
 * Names the database for keys shared with other processes (Redis channels): processes on the same PostgreSQL
 * database get the same name (database name and the cluster's system identifier); PGlite, which only one
 * process can open, gets a name of its own.
 */
export async function databaseIdentity(handle: DbHandle): Promise<string> {
  if (handle.kind === "pglite") return `pglite-${crypto.randomUUID()}`;
  const client = (handle.db as unknown as { $client: Sql }).$client;
  const [row] = await client<{ id: string; name: string }[]>`
    select system_identifier::text as id, current_database() as name from pg_control_system()`;
  if (!row) throw new Error("pg_control_system() returned no row");
  return `pg-${row.id}-${row.name}`;
}

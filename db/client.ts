import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { prepareReads } from "./pglite-prepared.ts";
import { prepareReads as preparePostgresReads } from "./postgres-prepared.ts";
import * as schema from "./schema/index.ts";

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

export type Database = ReturnType<typeof drizzlePglite<typeof schema>>;
/** A transaction handle: use it, never the outer handle, inside a transaction (PGlite has one connection). */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface DbHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Runs a trivial query; throws when the database cannot be reached. */
  ping(): Promise<void>;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** Counts the statements sent through `db` since the handle was opened (tests prove query budgets with it). */
  statements(): number;
  /**
   * Calls `listener` with the text (and parameters) of every statement sent through `db` from now on, until the returned function
   * is called (tests and bench/product-statements.ts list what a request runs with it).
   */
  onStatement(listener: (text: string, params: unknown[]) => void): () => void;
  /**
   * The same database for background jobs (the mail sender's ticks): not counted in `statements()`, so a job
   * that happens to run during a request does not change the request's count.
   */
  background: Database;
}

export class DatabaseUnreachableError extends Error {}

export interface OpenDatabaseOptions {
  url?: string;
  dir?: string | "memory";
  /**
   * `false`: commits return before their WAL is on disk (PostgreSQL's `synchronous_commit = off`). Only for test
   * and bench shops, which are thrown away: a crash may lose the last commits. PGlite then spends a quarter of the
   * CPU per commit (500 single-row commits: 787 → 202 ms, decision 0061).
   */
  synchronousCommit?: boolean;
  /**
   * PGlite's `shared_buffers` (PostgreSQL's size syntax, e.g. "16MB"); unset: initdb's 128MB. The buffers live in
   * PGlite's WebAssembly memory, which never shrinks, and are written through at start: 128MB is ~120 MB of the
   * shop's resident memory for a 50 MB database whose pages the operating system's file cache holds anyway
   * (decision 0069). Ignored for PostgreSQL, whose server is configured on its own.
   */
  sharedBuffers?: string;
}

/** Opens PostgreSQL when `url` is given, otherwise the embedded PGlite database in `dir` (or in memory). */
export async function openDatabase(opts: OpenDatabaseOptions): Promise<DbHandle> {
  let count = 0;
  const listeners = new Set<(text: string, params: unknown[]) => void>();
  const logger = {
    logQuery(text: string, params: unknown[]) {
      count++;
      for (const listener of listeners) listener(text, params);
    },
  };
  const onStatement = (listener: (text: string, params: unknown[]) => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  if (opts.url) {
    const client = postgres(opts.url, {
      max: 10,
      onnotice: () => {},
      connect_timeout: 10,
      ...(opts.synchronousCommit === false ? { connection: { synchronous_commit: "off" } } : {}),
    });
    // Reads outside transactions are prepared by postgres.js, a bounded number of texts (decision 0072).
    preparePostgresReads(client);
    const db = drizzlePostgres(client, { schema, logger, casing: "snake_case" }) as unknown as Database;
    const handle: DbHandle = {
      db,
      background: drizzlePostgres(client, { schema, casing: "snake_case" }) as unknown as Database,
      kind: "postgres",
      async ping() {
        await client`select 1`;
      },
      async migrate() {
        await migratePostgres(db as never, { migrationsFolder });
      },
      async close() {
        await client.end({ timeout: 5 });
      },
      statements: () => count,
      onStatement,
    };
    try {
      await handle.ping();
    } catch (error) {
      await client.end({ timeout: 1 }).catch(() => {});
      throw new DatabaseUnreachableError(
        `Cannot reach the PostgreSQL server in DATABASE_URL (${redact(opts.url)}): ${(error as Error).message}`,
      );
    }
    return handle;
  }
  const dir = opts.dir ?? "memory";
  if (dir !== "memory") mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir === "memory" ? undefined : dir, {
    extensions: { pg_trgm, unaccent },
    ...(opts.sharedBuffers
      ? { startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${opts.sharedBuffers}`] }
      : {}),
  });
  // PGlite is one session: a setting made now holds for every statement after it.
  if (opts.synchronousCommit === false) await client.exec("set synchronous_commit to off");
  // Reads run as named prepared statements, planned once (decision 0072).
  prepareReads(client);
  const db = drizzlePglite(client, { schema, logger, casing: "snake_case" });
  return {
    db,
    background: drizzlePglite(client, { schema, casing: "snake_case" }),
    kind: "pglite",
    async ping() {
      await client.query("select 1");
    },
    async migrate() {
      await migratePglite(db, { migrationsFolder });
    },
    async close() {
      await client.close();
    },
    statements: () => count,
    onStatement,
  };
}

function redact(url: string) {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "an unparsable URL";
  }
}

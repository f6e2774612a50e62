import type { SQL } from "drizzle-orm";
import postgres from "postgres";
import { type DbHandle, openDatabase } from "#db/client.ts";

/**
 * A fresh, migrated database for one test file: PGlite in memory by default, or a new database on the
 * PostgreSQL server in DATABASE_URL (dropped again by `dispose`).
 */
export async function freshDatabase(): Promise<{
  handle: DbHandle;
  url?: string;
  dispose: () => Promise<void>;
}> {
  const base = process.env.DATABASE_URL;
  if (!base) {
    const handle = await openDatabase({ dir: "memory" });
    await handle.migrate();
    return { handle, dispose: () => handle.close() };
  }
  const name = `mili_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  await handle.migrate();
  return {
    handle,
    url: url.toString(),
    async dispose() {
      await handle.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export const onPostgres = Boolean(process.env.DATABASE_URL);

/** The rows of a raw SQL query, whichever driver runs it (PGlite answers {rows}, postgres.js an array). */
export async function queryRows<T>(db: DbHandle["db"], query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

import { inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "#db/client.ts";
import { products } from "#db/schema/index.ts";
import { freshDatabase, queryRows } from "#tests/support/db.ts";

/**
 * The shop's reads outside transactions are prepared (decision 0072: db/pglite-prepared.ts on PGlite,
 * db/postgres-prepared.ts on PostgreSQL): they answer as before, after a migration changed a table under them,
 * with lists of any length, and past the number of texts that are prepared. PGlite, and PostgreSQL with
 * DATABASE_URL.
 */
let handle: DbHandle;
let dispose: () => Promise<void>;
beforeAll(async () => {
  ({ handle, dispose } = await freshDatabase());
}, 120_000);
afterAll(async () => {
  await dispose?.();
});

describe("prepared reads", () => {
  it("answer the same read again, and after a migration changed the table's columns", async () => {
    await handle.db.execute(sql`create table prep_t (id int primary key)`);
    await handle.db.execute(sql`insert into prep_t values (1), (2)`);
    for (let i = 0; i < 8; i++)
      expect(await queryRows(handle.db, sql`select * from prep_t where id >= ${1} order by id`)).toEqual([
        { id: 1 },
        { id: 2 },
      ]);
    await handle.db.execute(sql`alter table prep_t add column name text default 'x'`);
    for (let i = 0; i < 3; i++)
      expect(await queryRows(handle.db, sql`select * from prep_t where id >= ${1} order by id`)).toEqual([
        { id: 1, name: "x" },
        { id: 2, name: "x" },
      ]);
  });

  it("answer lists of every length and more distinct texts than are prepared", async () => {
    for (let n = 1; n <= 40; n++) {
      const ids = Array.from({ length: n }, (_, i) => -i - 1);
      expect(await handle.db.select().from(products).where(inArray(products.id, ids))).toEqual([]);
    }
    for (let i = 0; i < 600; i++) {
      const rows = await queryRows<{ n: number }>(handle.db, sql.raw(`select ${i}::int as n`));
      expect(rows).toEqual([{ n: i }]);
    }
  });
});

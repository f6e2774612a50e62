import { PGlite } from "@electric-sql/pglite";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareReads } from "./pglite-prepared.ts";

/** A plain PGlite (unnamed statements) and one whose reads are prepared, over the same rows. */
let plain: PGlite;
let prepared: PGlite;
const SETUP = `
  create table t (id int primary key, name text, price numeric(10,2), at timestamptz, tags text[], doc jsonb);
  insert into t values
    (1, 'ett', 10.50, '2026-11-28T10:00:00Z', '{a,b}', '{"x": 1}'),
    (2, 'två', null, null, '{}', null),
    (3, 'tre', 99.99, '2026-01-01T00:00:00Z', '{c}', '{"y": [1, 2]}');
`;

beforeAll(async () => {
  plain = await PGlite.create();
  prepared = await PGlite.create();
  await plain.exec(SETUP);
  await prepared.exec(SETUP);
  prepareReads(prepared, 4);
}, 120_000);

afterAll(async () => {
  await plain.close();
  await prepared.close();
});

const READS: [string, (id: number) => unknown[]][] = [
  ["select * from t where id >= $1 order by id", (id) => [id]],
  ["select id, name from t where id = any($1::int[]) order by id", (id) => [[id, id + 1]]],
  ["select count(*) as n, max(at) as last from t where id <> $1", (id) => [id]],
  ["select doc -> 'y' as y, tags from t where id = $1", (id) => [id]],
  ["select $1::text as echo, $2::int as n", (id) => [`x'${id}`, id]],
  ["select name from t where name = $1", () => [null]],
];

describe("PGlite reads as named prepared statements (decision 0072)", () => {
  it("answer what unnamed statements answer, rows and fields, in both row modes, whatever the order", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.nat(READS.length - 1), fc.integer({ min: 0, max: 4 }), fc.boolean()), {
          minLength: 1,
          maxLength: 20,
        }),
        async (calls) => {
          for (const [which, id, array] of calls) {
            const [text, params] = READS[which] as (typeof READS)[number];
            const options = array ? { rowMode: "array" as const } : undefined;
            const want = await plain.query(text, params(id), options);
            const got = await prepared.query(text, params(id), options);
            expect(got.rows).toEqual(want.rows);
            expect(got.fields).toEqual(want.fields);
          }
        },
      ),
      { numRuns: 30 },
    );
  });

  it("a failed read throws PostgreSQL's error and the next reads still answer", async () => {
    await expect(prepared.query("select $1::int as n", ["not a number"])).rejects.toMatchObject({
      code: "22P02",
    });
    await expect(prepared.query("select nosuchcolumn from t")).rejects.toMatchObject({ code: "42703" });
    expect((await prepared.query("select $1::int as n", [7])).rows).toEqual([{ n: 7 }]);
  });

  it("writes and transactions take PGlite's own path, and reads see what they wrote", async () => {
    await prepared.query("insert into t (id, name) values ($1, $2)", [10, "tio"]);
    await prepared.transaction(async (tx) => {
      await tx.query("update t set name = $1 where id = $2", ["TIO", 10]);
      expect((await tx.query("select name from t where id = $1", [10])).rows).toEqual([{ name: "TIO" }]);
    });
    expect((await prepared.query("select name from t where id = $1", [10])).rows).toEqual([{ name: "TIO" }]);
    await prepared.query("delete from t where id = $1", [10]);
  });

  it("a read whose table changed under it (a migration) is prepared anew and answers with the new columns", async () => {
    await prepared.exec("create table u (id int primary key); insert into u values (1)");
    expect((await prepared.query("select * from u")).rows).toEqual([{ id: 1 }]);
    await prepared.exec("alter table u add column name text default 'ett'");
    expect((await prepared.query("select * from u")).rows).toEqual([{ id: 1, name: "ett" }]);
  });

  it("keeps at most `max` statements: the least recently used is closed", async () => {
    for (let i = 0; i < 12; i++) await prepared.query(`select ${i} as n, $1::int as m`, [i]);
    const { rows } = await prepared.query<{ n: number }>(
      "select count(*)::int as n from pg_prepared_statements",
    );
    expect(rows[0]?.n).toBeLessThanOrEqual(4);
  });
});

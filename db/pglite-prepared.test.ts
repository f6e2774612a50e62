import { messages, PGlite, parse, protocol, type QueryOptions } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { integer, pgTable, timestamp } from "drizzle-orm/pg-core";
import { drizzle } from "drizzle-orm/pglite";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareReads } from "./pglite-prepared.ts";
import { decodeAnswer } from "./pglite-rows.ts";

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

/**
 * Decision 0087: a prepared read's answer is decoded from PostgreSQL's bytes by the shop (db/pglite-rows.ts), not
 * by PGlite's message parser and `parseResults`. Whatever the types, row mode and parsers, the result must be
 * exactly what PGlite's own `query()` gives for the same statement on the same database (`PGlite.prototype.query`,
 * which `prepareReads` does not touch): rows, fields, command, row counts, errors.
 */
describe("prepared reads decoded from PostgreSQL's bytes (decision 0087)", () => {
  /** Every column type the schema uses (db/schema: text, text[], integer, smallint, bigint, numeric, boolean,
   * timestamp with and without time zone, date, jsonb, uuid, bytea, tsvector) and those the shop's reads make
   * (json, float8, int[], numeric[], interval, …). */
  const EVERY = `
    create table every (
      id int primary key, i2 smallint, i4 integer, i8 bigint, num numeric(12,2), anynum numeric, f4 real,
      f8 double precision, b boolean, t text, vc varchar(20), ch char(3), u uuid, ts timestamp, tstz timestamptz,
      d date, iv interval, tm time, j json, jb jsonb, tags text[], ints int[], nums numeric[], tstzs timestamptz[],
      dates date[], bools boolean[], jbs jsonb[], raw bytea, doc tsvector
    );
    insert into every values
      (1, 7, 42, 9007199254740993, 10.50, 3.14159265358979323846, 1.5, 0.1, true, 'ett', 'två', 'abc',
       'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', '2026-11-28 10:00:00.123456', '2026-11-28T10:00:00.5Z',
       '2026-11-28', '1 day 02:03:04', '12:34:56', '{"a": "å", "b": [1, 2.50, null], "c": "\\u00e5"}',
       '{"x": {"y": [true, false]}, "n": 1e3}', '{a,"b c","d,e","f\\"g",NULL,""}', '{1,NULL,-3}', '{1.10,NULL}',
       '{"2026-01-01 00:00:00+00",NULL}', '{2026-01-01,infinity}', '{t,f,NULL}', '{"{\\"k\\": 1}",NULL}',
       '\\x00ff10', 'a:1 b:2'),
      (2, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
       null, null, null, null, null, null, null, null, null, null, null),
      (3, -32768, -2147483648, -9223372036854775808, -0.01, 'NaN', '-Infinity', 'Infinity', false,
       E'\\uFEFFbom first, 🐟 and \\\\ and\\nnew line', '', '   ', '00000000-0000-0000-0000-000000000000',
       '-infinity', 'infinity', '-infinity', '-178000000 years', '24:00:00', '[]', '"just a string"', '{}', '{}',
       '{}', '{}', '{}', '{}', '{}', '\\x', ''),
      (4, 32767, 2147483647, 9223372036854775807, 9999999999.99, 1e-30, 'NaN', -0.0, true,
       '"quoted" å ä ö Å Ä Ö ø æ', 'x', 'x', 'ffffffff-ffff-ffff-ffff-ffffffffffff', '1900-02-28 23:59:59',
       '1969-12-31T23:59:59.999999-12:00', '0001-01-01', '0', '00:00', ' {"spaced" : 1 } ', 'null',
       '{"{}","[]"}', '{{1,2},{3,4}}', '{-1e-5}', '{infinity}', '{0001-01-01}', '{t}', '{null}', '\\xdeadbeef',
       'fish:3A');
  `;
  const QUERIES: [string, unknown[]][] = [
    ["select * from every order by id", []],
    ["select * from every where id = $1", [3]],
    ["select * from every where id < $1", [0]],
    [
      "select id, j -> 'b' as jb, jb #> '{x,y}' as path, json_build_object('t', t, 'i8', i8) as obj, array_length(tags, 1) as n from every order by id",
      [],
    ],
    [
      "select count(*) as n, sum(i8::numeric) as total, avg(num) as mean, max(tstz) as last, json_agg(t order by id) as names, array_agg(id order by id) as ids from every where id <> $1",
      [99],
    ],
    ['select 1 as a, \'two\' as a, 3 as "__proto__", 4 as "0", $1::text as echo', ["å"]],
    [
      "select now() - now() as zero, $1::int8 as big, $2::float8 as f, $3::bool as yes",
      [2n ** 62n, 0.5, true],
    ],
  ];
  const drizzleOptions: QueryOptions[] = [];

  beforeAll(async () => {
    await prepared.exec(EVERY);
    await prepared.exec(
      `create function boom(n int) returns int language plpgsql as $$ begin
         if n > 2 then raise exception 'boom at %', n using detail = 'the detail', hint = 'the hint', errcode = 'P0001'; end if;
         raise notice 'row %', n using detail = 'a notice';
         return n; end $$`,
    );
    // Drizzle's own options (its parsers, in both row modes), as it passes them to every query.
    const query = prepared.query;
    prepared.query = ((text: string, params?: unknown[], options?: QueryOptions) => {
      if (options) drizzleOptions.push(options);
      return query(text, params, options);
    }) as PGlite["query"];
    const db = drizzle(prepared);
    const every = pgTable("every", { id: integer().primaryKey(), tstz: timestamp({ withTimezone: true }) });
    await db.select().from(every);
    await db.execute(sql`select 1`);
    prepared.query = query;
    expect(drizzleOptions.map((o) => o.rowMode)).toEqual(["array", "object"]);
  });

  const own = (text: string, params: unknown[], options?: QueryOptions) =>
    PGlite.prototype.query.call(prepared, text, params, options);
  const optionSets = (): [string, QueryOptions | undefined][] => [
    ["no options", undefined],
    ["rowMode array", { rowMode: "array" }],
    ["drizzle, array", drizzleOptions[0]],
    ["drizzle, object", drizzleOptions[1]],
    [
      "a parser of the caller's, given the type",
      { parsers: { 23: (x: string, type?: number) => `${type}:${x}` } },
    ],
    [
      "a caller's entry left undefined (text[] then stays text)",
      { rowMode: "array", parsers: { 1009: undefined as never } },
    ],
  ];

  it("gives what PGlite's query() gives for every column type, row mode and parsers", async () => {
    for (const [label, options] of optionSets()) {
      for (const [text, params] of QUERIES) {
        const want = await own(text, params, options);
        // Twice: the first run prepares the statement, the second runs it from its remembered columns.
        for (let i = 0; i < 2; i++) {
          const got = await prepared.query(text, params, options);
          expect(got, `${label}: ${text}`).toStrictEqual(want);
        }
      }
    }
    const [row] = (await prepared.query<Record<string, unknown>>(QUERIES[5]?.[0] as string, ["å"])).rows;
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.keys(row ?? {})).toEqual(["0", "a", "__proto__", "echo"]);
  });

  it("gives PGlite's answer for a large read (the answer's buffer grows and shrinks again)", async () => {
    const text = "select i, repeat(md5(i::text), $1) as long from generate_series(1, 40) as i";
    for (const times of [1, 2_000, 1]) {
      const want = await own(text, [times]);
      expect(await prepared.query(text, [times])).toStrictEqual(want);
    }
  });

  it("throws PostgreSQL's error as PGlite does: its class and fields, also after some rows were sent", async () => {
    const failing: [string, unknown[]][] = [
      ["select $1::int as n", ["not a number"]],
      ["select id, boom(id) from every order by id", []],
      ["select id / (id - $1) from every order by id", [3]],
    ];
    for (const [text, params] of failing) {
      const want = await own(text, params).then(
        () => null,
        (e: unknown) => e,
      );
      const got = await prepared.query(text, params).then(
        () => null,
        (e: unknown) => e,
      );
      expect(want).toBeInstanceOf(messages.DatabaseError);
      expect(got).toBeInstanceOf(messages.DatabaseError);
      const fields = (e: unknown) => {
        const { query: _q, params: _p, queryOptions: _o, ...rest } = e as Record<string, unknown>;
        return { ...rest, message: (e as Error).message };
      };
      expect(fields(got), text).toEqual(fields(want));
    }
    const boom = await prepared.query("select boom(7)").catch((e: messages.DatabaseError) => e);
    expect(boom).toMatchObject({
      code: "P0001",
      message: "boom at 7",
      detail: "the detail",
      hint: "the hint",
    });
    expect((await prepared.query("select id from every where id = $1", [2])).rows).toEqual([{ id: 2 }]);
  });

  it("a parameter a caller's serializer gives as bytes goes as PGlite sends it (binary)", async () => {
    const text = "select $1::bytea as b, $2::text as t";
    const params = [new Uint8Array([0, 1, 255]), "å"];
    const options: QueryOptions = { serializers: { 17: (x: Uint8Array) => x as never } };
    const want = await own(text, params, options);
    expect(want.rows).toEqual([{ b: new Uint8Array([0, 1, 255]), t: "å" }]);
    expect(await prepared.query(text, params, options)).toStrictEqual(want);
  });

  it("passes notices to the caller's onNotice, as PGlite's query() does", async () => {
    const notices = async (run: typeof own) => {
      const seen: unknown[] = [];
      await run("select boom(id) as n from every where id <= $1 order by id", [2], {
        onNotice: (n) => seen.push({ ...n }),
      });
      return seen;
    };
    const want = await notices(own);
    expect(want).toHaveLength(2);
    expect(await notices((t, p, o) => prepared.query(t, p, o))).toEqual(want);
  });

  it("a column whose type changed under a prepared read (0A000) is read with its new type", async () => {
    await prepared.exec("create table w (id int primary key, v int); insert into w values (1, 10)");
    const text = "select * from w where id = $1";
    expect((await prepared.query(text, [1])).rows).toEqual([{ id: 1, v: 10 }]);
    await prepared.exec("alter table w alter column v type text");
    const got = await prepared.query(text, [1]);
    expect(got).toStrictEqual(await own(text, [1]));
    expect(got.rows).toEqual([{ id: 1, v: "10" }]);
  });

  it("the decoder reads an answer that carries its RowDescription as parseResults reads its messages", async () => {
    const { serialize } = protocol;
    for (const [text, params] of QUERIES) {
      for (const [label, options] of optionSets()) {
        const values = params.map((p) => (p === null ? null : String(p)));
        const bytes = concat(
          serialize.parse({ text }),
          serialize.bind({ values }),
          serialize.describe({ type: "P" }),
          serialize.execute({}),
          serialize.sync(),
        );
        const { messages: parsed, data } = await prepared.execProtocol(bytes, { syncToFs: false });
        const parsers = (prepared as unknown as { parsers: Record<number, (x: string) => unknown> }).parsers;
        const want = parse.parseResults(parsed, parsers, options)[0];
        expect(
          decodeAnswer(data, data.length, undefined, parsers, options),
          `${label}: ${text}`,
        ).toStrictEqual(want);
      }
    }
  });

  it("gives PGlite's answer for random values of every type, null or not (property)", async () => {
    await prepared.exec(`create table rand (
      id int primary key, i2 smallint, i4 integer, i8 bigint, num numeric, f4 real, f8 double precision, b boolean,
      t text, tstz timestamptz, ts timestamp, d date, j json, jb jsonb, tags text[], ints int[], raw bytea, u uuid)`);
    const noNul = (s: string) => !s.includes("\u0000");
    // As JSON text: PGlite's json serializer sends a string as it is (as JSON already).
    const jsonText = fc
      .jsonValue()
      .map((v) => JSON.stringify(v))
      .filter((v) => !v.includes("\\u0000"));
    const date = fc.date({
      min: new Date("0001-01-01T00:00:00Z"),
      max: new Date("9999-12-31T23:59:59Z"),
      noInvalidDate: true,
    });
    const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });
    const row = fc.tuple(
      maybe(fc.integer({ min: -32768, max: 32767 })),
      maybe(fc.integer()),
      maybe(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n })),
      maybe(
        fc.oneof(
          fc
            .tuple(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.nat(999_999))
            .map(([a, b]) => `${a}.${b}`),
          fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
          fc.constantFrom("NaN", "Infinity", "-Infinity", "0", "-0.000"),
        ),
      ),
      maybe(fc.float()),
      maybe(fc.double()),
      maybe(fc.boolean()),
      maybe(fc.string({ unit: "binary" }).filter(noNul)),
      maybe(date),
      maybe(date.map((d) => d.toISOString().replace("Z", ""))),
      maybe(date.map((d) => d.toISOString().slice(0, 10))),
      maybe(jsonText),
      maybe(jsonText),
      maybe(fc.array(maybe(fc.string({ unit: "binary" }).filter(noNul)), { maxLength: 5 })),
      maybe(fc.array(maybe(fc.integer()), { maxLength: 5 })),
      maybe(fc.uint8Array({ maxLength: 40 })),
      maybe(fc.uuid()),
    );
    const read = "select * from rand where id = $1";
    const computed =
      "select t || '!' as s, j, jb -> 0 as first, tags[1] as tag, num * 2 as twice from rand where id = $1";
    let id = 0;
    await fc.assert(
      fc.asyncProperty(row, fc.boolean(), async (values, array) => {
        id++;
        await prepared.query(
          "insert into rand values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)",
          [id, ...values],
        );
        const options = array ? { rowMode: "array" as const } : (drizzleOptions[1] as QueryOptions);
        for (const text of [read, computed]) {
          const want = await own(text, [id], options);
          expect(want.rows).toHaveLength(1);
          expect(await prepared.query(text, [id], options)).toStrictEqual(want);
        }
        // The same values as the read's parameters (the shop encodes a run's Bind itself).
        const echo =
          "select $1::int as id, $2::smallint as i2, $3::integer as i4, $4::bigint as i8, $5::numeric as num, $6::real as f4, $7::float8 as f8, $8::boolean as b, $9::text as t, $10::timestamptz as tstz, $11::timestamp as ts, $12::date as d, $13::json as j, $14::jsonb as jb, $15::text[] as tags, $16::int[] as ints, $17::bytea as raw, $18::uuid as u";
        const want = await own(echo, [id, ...values], options);
        expect(await prepared.query(echo, [id, ...values], options)).toStrictEqual(want);
      }),
      { numRuns: 120 },
    );
  });
});

function concat(...parts: Uint8Array[]) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

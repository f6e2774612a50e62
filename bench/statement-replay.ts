import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";
import { round, say, writeResult } from "./lib.ts";
import { swedishProductPages } from "./product-query.ts";
import { startBenchShop } from "./shop.ts";

/**
 * The SQL of first-visit product pages, unnamed against prepared (decision 0072): renders `--pages` product pages
 * once each, keeps every statement with its parameters, then replays them one after another, unnamed and prepared
 * in turn (twice each), and prints the statements' time per page — on PostgreSQL also the server backend's CPU per
 * page (from /proc: the server must run on this machine). PGlite's prepared replay is the shop's own
 * (db/pglite-prepared.ts); its unnamed replay is PGlite's `query()`.
 *
 *   node bench/statement-replay.ts [--pages 30] [--database-url postgres://…]
 */
const { values } = parseArgs({
  options: {
    pages: { type: "string", default: "30" },
    "database-url": { type: "string" },
  },
});
const pages = Number(values.pages);
const bench = await startBenchShop({ name: "replay", databaseUrl: values["database-url"] });
const { shop, origin: base } = bench;
try {
  const { paths, read: get } = await swedishProductPages(base, pages + 1);
  await get(paths[0] as string);
  const seen: [string, unknown[]][] = [];
  const stop = shop.db.onStatement((text, params) => seen.push([text, params]));
  for (const path of paths.slice(1, pages + 1)) await get(path);
  stop();
  const counted = paths.slice(1, pages + 1).length;
  say(`${seen.length} statements of ${counted} product pages on ${shop.db.kind}`);

  const rows: { mode: string; msPerPage: number; backendCpuMsPerPage?: number }[] = [];
  for (const prepare of [false, true, false, true]) {
    const mode = prepare ? "prepared" : "unnamed";
    const url = shop.config.DATABASE_URL;
    if (url) {
      const sql = postgres(url, { max: 1, onnotice: () => {} });
      const [{ pid }] = (await sql`select pg_backend_pid() as pid`) as unknown as [{ pid: number }];
      const ticks = () => {
        const fields = (readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1] as string).split(" ");
        return Number(fields[11]) + Number(fields[12]);
      };
      const cpu = ticks();
      const t = performance.now();
      for (const [text, params] of seen) await sql.unsafe(text, params as never, { prepare });
      const ms = performance.now() - t;
      // Clock ticks of 10 ms (USER_HZ 100).
      rows.push({
        mode,
        msPerPage: round(ms / counted),
        backendCpuMsPerPage: round(((ticks() - cpu) * 10) / counted),
      });
      await sql.end();
    } else {
      const client = (shop.db.db as unknown as { $client: PGlite }).$client;
      const t = performance.now();
      for (const [text, params] of seen)
        await (prepare ? client.query(text, params) : PGlite.prototype.query.call(client, text, params));
      rows.push({ mode, msPerPage: round((performance.now() - t) / counted) });
    }
    const row = rows.at(-1);
    say(
      `${mode.padEnd(8)} ${row?.msPerPage} ms of statements per page${row?.backendCpuMsPerPage === undefined ? "" : `, server backend CPU ${row.backendCpuMsPerPage} ms per page`}`,
    );
  }
  writeResult(`statement-replay-${shop.db.kind}`, { pages: counted, statements: seen.length, rows });
} finally {
  await bench.stop();
}

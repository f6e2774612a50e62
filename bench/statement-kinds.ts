import { parseArgs } from "node:util";
import type { PGlite } from "@electric-sql/pglite";
import { round, say } from "./lib.ts";
import { swedishProductPages } from "./product-query.ts";
import { startBenchShop } from "./shop.ts";

/**
 * The SQL of first-visit product pages by statement: renders `--pages` product pages once each, keeps every
 * statement with its parameters, then replays them prepared (PGlite through the shop's own prepared path) three
 * times and prints each statement's time per page, grouped by its text's first 60 characters.
 *
 *   node bench/statement-kinds.ts [--pages 50]
 */
const { values } = parseArgs({ options: { pages: { type: "string", default: "50" } } });
const pages = Number(values.pages);
const bench = await startBenchShop({ name: "kinds" });
const { shop, origin } = bench;
try {
  const { paths, read } = await swedishProductPages(origin, pages + 1);
  await read(paths[0] as string);
  const seen: [string, unknown[]][] = [];
  const stop = shop.db.onStatement((text, params) => seen.push([text, params]));
  for (const path of paths.slice(1, pages + 1)) await read(path);
  stop();
  const client = (shop.db.db as unknown as { $client: PGlite }).$client;
  const times = new Map<string, number>();
  for (let round_ = 0; round_ < 3; round_++)
    for (const [text, params] of seen) {
      const t = performance.now();
      await client.query(text, params);
      const key = text.replace(/\s+/g, " ").slice(0, 90);
      if (round_ > 0) times.set(key, (times.get(key) ?? 0) + performance.now() - t);
    }
  for (const [key, ms] of [...times].sort((a, b) => b[1] - a[1]))
    say(`${String(round(ms / 2 / pages)).padStart(6)} ms/page  ${key}`);
} finally {
  await bench.stop();
}

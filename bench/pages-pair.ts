import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { API_HEADERS } from "./channel-query.ts";
import { benchShopEnv, round, say, table, tempPostgresDatabase, writeResult } from "./lib.ts";
import { CRAWLER_HEADERS } from "./product-query.ts";

/**
 * Two commits' first-visit product pages in ONE process, in turn (decision 0080): the shop of each worktree
 * (`--base` and `--change`, each built: `node scripts/build-if-needed.ts` there) started side by side in this
 * process, each on its own fresh PGlite directory or database on the server in --database-url; then the product
 * pages of the first `--pages` products of each language (Swedish, Norwegian), asked once of each shop, one request at a
 * time, the order of the two flipped from page to page. This process's CPU (process.cpuUsage, all threads) around
 * each request is that page's cost: both shops share the machine's state at every moment, so the load of other
 * processes falls on both alike, which the alternated runs of bench/product.ts cannot promise. Each URL is a first
 * visit (the page cache and the response cache have not seen it); the first `--warmup` pages of each are left out.
 *
 *   node bench/pages-pair.ts --base ../wt-base --change . [--pages 200] [--warmup 20] [--accept-encoding "gzip, deflate"]
 *     [--database-url …]
 */
const { values } = parseArgs({
  options: {
    base: { type: "string" },
    change: { type: "string", default: "." },
    pages: { type: "string", default: "200" },
    warmup: { type: "string", default: "20" },
    "database-url": { type: "string", default: process.env.DATABASE_URL },
    name: { type: "string", default: "pages-pair" },
    /** What the pages are asked in: fetch's own `gzip, deflate` by default; `identity`, `br`, … as a crawler sends. */
    "accept-encoding": { type: "string", default: "gzip, deflate" },
  },
});
if (!values.base) throw new Error("--base DIR (a worktree of the other commit, built) is required");
process.env.NODE_ENV = "production";

type Started = { label: string; origin: string; stop: () => Promise<void> };
async function startShop(label: string, dir: string): Promise<Started> {
  const root = resolve(dir);
  const { start } = (await import(pathToFileURL(join(root, "server/main.ts")).href)) as {
    start: (env: Record<string, string>) => Promise<{ port: number; stop: (why: string) => Promise<void> }>;
  };
  const data = mkdtempSync(join(tmpdir(), `mili-bench-pair-${label}-`));
  const pg = values["database-url"]
    ? await tempPostgresDatabase(values["database-url"], `mili_bench_pair_${label}`)
    : null;
  const shop = await start({ ...benchShopEnv(data, pg?.url), SECRETS_DIR: join(data, "secrets") });
  say(`${label} (${root}) ready`);
  return {
    label,
    origin: `http://127.0.0.1:${shop.port}`,
    async stop() {
      await shop.stop("bench");
      rmSync(data, { recursive: true, force: true });
      await pg?.drop();
    },
  };
}

const shops: Started[] = [];
try {
  // One after the other: two first starts at once would seed two catalogs at once.
  shops.push(await startShop("base", values.base));
  shops.push(await startShop("change", values.change as string));
  const [base, change] = shops as [Started, Started];
  // The first products' pages in Swedish (market se) and in Norwegian (market no), each language's own paths.
  const pathsOf = async (channelId: string, languageId: string, marketId: string, prefix: string) => {
    const paths: string[] = [];
    // 100 at a time: the API caps `take`.
    for (let skip = 0; skip < Number(values.pages); skip += 100) {
      const list = await fetch(`${base.origin}/graphql`, {
        method: "POST",
        headers: API_HEADERS,
        body: JSON.stringify({
          query: `query($take: Int, $skip: Int) { products(take: $take, skip: $skip, channelId: "${channelId}", languageId: "${languageId}", marketId: "${marketId}") { products { canonicalUrl } } }`,
          variables: { take: Math.min(100, Number(values.pages) - skip), skip },
        }),
      });
      const answer = (await list.json()) as { data: { products: { products: { canonicalUrl: string }[] } } };
      const found = answer.data.products.products;
      paths.push(...found.map((p) => `${prefix}${new URL(p.canonicalUrl, "http://x").pathname}`));
      if (found.length === 0) break;
    }
    return paths;
  };
  const sv = await pathsOf("1|se", "sv-SE", "se", "/sv");
  const nb = await pathsOf("2|no", "nb-NO", "no", "");
  const paths = sv.flatMap((path, i) => [path, ...(nb[i] ? [nb[i]] : [])]);
  const warmup = Number(values.warmup);
  const used = { base: [] as number[], change: [] as number[] };
  const page = async (shop: Started, path: string) => {
    const since = process.cpuUsage();
    const response = await fetch(`${shop.origin}${path}`, {
      headers: { ...CRAWLER_HEADERS, "accept-encoding": values["accept-encoding"] as string },
    });
    await response.arrayBuffer();
    const spent = process.cpuUsage(since);
    if (response.status !== 200) throw new Error(`${shop.label} ${path}: ${response.status}`);
    return (spent.user + spent.system) / 1000;
  };
  for (const [i, path] of paths.entries()) {
    const order = i % 2 ? [base, change] : [change, base];
    for (const shop of order) {
      const ms = await page(shop, path);
      if (i >= warmup) used[shop.label as "base" | "change"].push(ms);
    }
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  // The per-page differences (change − base, the same URL), their mean and its standard error.
  const diffs = used.change.map((c, i) => c - (used.base[i] ?? 0));
  const d = mean(diffs);
  const se = Math.sqrt(
    diffs.reduce((a, x) => a + (x - d) ** 2, 0) / Math.max(1, diffs.length - 1) / diffs.length,
  );
  const rows = (["base", "change"] as const).map((label) => ({
    shop: label,
    pages: used[label].length,
    "CPU ms/page mean": round(mean(used[label]), 3),
    median: round(median(used[label]), 3),
  }));
  table(rows);
  const percent = round((100 * d) / mean(used.base), 2);
  // A garbage collection lands on one page of a pair or the other: the median of the differences is steadier.
  const medianDiff = median(diffs);
  say(
    `change − base, per page (same URL): mean ${round(d, 3)} ms ± ${round(se, 3)} (standard error), ${percent} % of base; median ${round(medianDiff, 3)} ms`,
  );
  writeResult(values.name as string, {
    command: `node bench/pages-pair.ts ${process.argv.slice(2).join(" ")}`.trim(),
    database: values["database-url"] ? "postgres" : "pglite",
    base: resolve(values.base),
    change: resolve(values.change as string),
    rows,
    differenceMs: round(d, 3),
    medianDifferenceMs: round(medianDiff, 3),
    standardErrorMs: round(se, 3),
    differencePercent: percent,
  });
} finally {
  for (const shop of shops) await shop.stop();
}

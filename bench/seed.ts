import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { type DbHandle, openDatabase } from "../db/client.ts";
import { seed } from "../db/seed/index.ts";
import { DEFAULT_POSTGRES, round, say, table, tempPostgresDatabase, writeResult } from "./lib.ts";

/**
 * Seed time for `--products N` (default 100,000): the seed functions (db/seed/index.ts `seed`) on a fresh
 * PGlite directory and on a fresh PostgreSQL database. Each target runs in its own child process, so its
 * peak memory is its own. Migrations are not counted in the time.
 *
 *   node bench/seed.ts [--products 100000] [--targets pglite,postgres] [--database-url postgres://…] [--name seed]
 */
const { values } = parseArgs({
  options: {
    products: { type: "string", default: "100000" },
    targets: { type: "string", default: "pglite,postgres" },
    "database-url": { type: "string", default: process.env.DATABASE_URL ?? DEFAULT_POSTGRES },
    "timeout-minutes": { type: "string", default: "15" },
    child: { type: "string" },
    name: { type: "string", default: "seed" },
  },
});
const products = Number(values.products);
const databaseUrl = values["database-url"] as string;

const TABLES = [
  "products",
  "product_translations",
  "product_parameters",
  "product_images",
  "product_categories",
  "skus",
  "variant_values",
  "prices",
  "price_log",
  "reviews",
  "related_products",
] as const;

interface ChildResult {
  target: string;
  seconds: number;
  summary: Record<string, number>;
  rows: Record<string, number>;
  totalRows: number;
  peakRssMb: number;
}

async function runChild(target: string): Promise<ChildResult> {
  let handle: DbHandle;
  let cleanup: () => Promise<void>;
  if (target === "pglite") {
    const dir = mkdtempSync(join(tmpdir(), "mili-bench-seed-"));
    handle = await openDatabase({ dir });
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  } else {
    const db = await tempPostgresDatabase(databaseUrl, "mili_bench_seed");
    handle = await openDatabase({ url: db.url });
    cleanup = () => db.drop();
  }
  try {
    await handle.migrate();
    const started = performance.now();
    const summary = await seed(handle, { products });
    const elapsed = (performance.now() - started) / 1000;
    const rows: Record<string, number> = {};
    for (const t of TABLES) {
      const result = await handle.db.execute(sql.raw(`select count(*)::int as n from ${t}`));
      const list = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { n: number }[];
      rows[t] = Number(list[0]?.n ?? 0);
    }
    await handle.close();
    return {
      target,
      seconds: round(elapsed, 1),
      summary: summary as unknown as Record<string, number>,
      rows,
      totalRows: Object.values(rows).reduce((a, b) => a + b, 0),
      peakRssMb: round(process.resourceUsage().maxRSS / 1024, 0),
    };
  } finally {
    await cleanup();
  }
}

if (values.child) {
  const result = await runChild(values.child);
  process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
  process.exit(0);
}

/** Runs one target in a child process, killed after the timeout. */
function spawnTarget(target: string): Promise<ChildResult | { target: string; error: string }> {
  const timeoutMs = Number(values["timeout-minutes"]) * 60_000;
  return new Promise((done) => {
    const child = spawn(
      process.execPath,
      [
        import.meta.filename,
        "--child",
        target,
        "--products",
        String(products),
        "--database-url",
        databaseUrl,
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    child.stderr.on("data", (d) => {
      err += d;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      const line = out.split("\n").find((l) => l.startsWith("RESULT "));
      if (line) done(JSON.parse(line.slice(7)) as ChildResult);
      else
        done({
          target,
          error:
            signal === "SIGKILL"
              ? `timed out after ${values["timeout-minutes"]} min`
              : `exit ${code}: ${err.slice(-2000)}`,
        });
    });
  });
}

const targets = (values.targets as string).split(",").filter(Boolean);
say(`Seeding ${products} products on ${targets.join(" and ")}…`);
const results: (ChildResult | { target: string; error: string })[] = [];
for (const target of targets) {
  const r = await spawnTarget(target);
  results.push(r);
  if ("error" in r) say(`${target}: ${r.error}`);
  else say(`${target}: ${r.seconds} s`);
}
say();
table(
  results.map((r) =>
    "error" in r
      ? {
          target: r.target,
          seconds: null,
          products: null,
          skus: null,
          "total rows": null,
          "peak RSS MB": null,
          error: r.error,
        }
      : {
          target: r.target,
          seconds: r.seconds,
          products: r.rows.products,
          skus: r.rows.skus,
          "total rows": r.totalRows,
          "peak RSS MB": r.peakRssMb,
        },
  ),
);
writeResult(values.name as string, {
  products,
  command: `node bench/seed.ts --products ${products}`,
  results,
});
if (results.some((r) => "error" in r)) process.exitCode = 1;

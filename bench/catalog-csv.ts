import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { openDatabase } from "../db/client.ts";
import { seed } from "../db/seed/index.ts";
import { CSV_MAX_ROWS, type CsvKind } from "../domain/catalog-csv.ts";
import { exportCatalogCsv } from "../services/admin/catalog-csv/export.ts";
import { importCatalogCsv } from "../services/admin/catalog-csv/import.ts";
import { createAdminUser } from "../services/admin/users.ts";
import { DEFAULT_POSTGRES, round, say, table, tempPostgresDatabase, writeResult } from "./lib.ts";

/**
 * The catalog's CSV (decision 0051) on a large catalog: a fresh PostgreSQL database seeded with `--products N`
 * (default 100,000), then each kind's export read to the end as a download would (rows, bytes, seconds, and the
 * process's resident memory growth against the file's size: a stream holds one batch, so the ratio stays far
 * below 1), then a stock file of the first 50,000 rows (the import's bound) with every stock raised by one: its
 * dry run and its apply (one transaction). Drops the database afterwards.
 *
 *   node bench/catalog-csv.ts [--products 100000] [--database-url postgres://…]
 */
const { values } = parseArgs({
  options: {
    products: { type: "string", default: "100000" },
    "database-url": { type: "string", default: process.env.DATABASE_URL ?? DEFAULT_POSTGRES },
  },
});
const products = Number(values.products);
const temp = await tempPostgresDatabase(values["database-url"] as string, "mili_bench_csv");
const startLoad = loadavg().map((l) => round(l));
try {
  const handle = await openDatabase({ url: temp.url });
  await handle.migrate();
  say(`seeding ${products} products …`);
  let started = performance.now();
  await seed(handle, { products });
  say(`seeded in ${round((performance.now() - started) / 1000)} s`);
  const rows: Record<string, string | number>[] = [];
  let stockText = "";
  for (const kind of ["products", "prices", "stock"] as CsvKind[]) {
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    started = performance.now();
    const reader = exportCatalogCsv(handle.db, kind).getReader();
    let bytes = 0;
    let lines = 0;
    const keep: Uint8Array[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      for (const b of value) if (b === 10) lines++;
      if (kind === "stock" && lines <= CSV_MAX_ROWS + 600) keep.push(value);
    }
    const ms = performance.now() - started;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    if (kind === "stock") stockText = Buffer.concat(keep).toString("utf8");
    rows.push({
      step: `export ${kind}`,
      rows: lines - 1,
      mb: round(bytes / 1e6, 1),
      seconds: round(ms / 1000, 1),
      rowsPerSecond: Math.round((lines - 1) / (ms / 1000)),
      rssGrowthMb: round((peak - rssBefore) / 1e6, 1),
      rssGrowthPerFileByte: round((peak - rssBefore) / bytes, 3),
    });
  }
  // The stock file's first 50,000 rows, every stock one more.
  const [header, ...lines] = stockText.replace(/^\uFEFF/, "").split("\r\n");
  const cols = (header ?? "").split(";");
  const at = cols.indexOf("inStock");
  const edited = [
    header,
    ...lines
      .filter((l) => l !== "")
      .slice(0, CSV_MAX_ROWS)
      .map((l) => {
        const cells = l.split(";");
        cells[at] = String(Number(cells[at]) + 1);
        return cells.join(";");
      }),
  ].join("\r\n");
  const who = await createAdminUser(handle.db, {
    email: "bench@mili.example",
    role: "owner",
    password: "bench-password-long-enough",
  });
  for (const mode of ["dryRun", "apply"] as const) {
    started = performance.now();
    const report = await importCatalogCsv(handle.db, who, "stock", edited, mode);
    const ms = performance.now() - started;
    rows.push({
      step: `import stock ${mode}`,
      rows: report.rows,
      mb: round(Buffer.byteLength(edited) / 1e6, 1),
      seconds: round(ms / 1000, 1),
      rowsPerSecond: Math.round(report.rows / (ms / 1000)),
      rssGrowthMb: "",
      rssGrowthPerFileByte: `updated ${report.updated}, refused ${report.refusedRows}`,
    });
  }
  table(rows);
  writeResult("catalog-csv", {
    products,
    loadBefore: startLoad,
    loadAfter: loadavg().map((l) => round(l)),
    rows,
  });
  await handle.close();
} finally {
  await temp.drop();
}

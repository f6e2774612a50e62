import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { say, seconds, table, tempPostgresDatabase, writeResult } from "./lib.ts";

/**
 * Lighthouse (mobile: Lighthouse's default form factor, screen emulation and simulated throttling) on the home
 * page, a list page (a category's canonicalUrl) and a product page (a product's canonicalUrl) of the shop,
 * started in this process in production mode on a fresh PGlite directory (or a fresh database on the server in
 * --database-url / DATABASE_URL). Lighthouse is not a dependency: it runs with `npx --yes lighthouse@13` in a
 * child process, against Chromium at --chrome-path / CHROME_PATH (default /usr/bin/chromium; the Lighthouse CLI
 * takes the browser from the CHROME_PATH environment variable). Reports the four category scores per page and,
 * for each category below its target (95; 100 for accessibility and SEO), the audits that fail (score < 0.9: metrics,
 * pass/fail audits and the insights with estimated savings, weighted ones first).
 *
 *   node bench/lighthouse.ts [--chrome-path /usr/bin/chromium] [--database-url …]
 */
const { values } = parseArgs({
  options: {
    "chrome-path": { type: "string", default: process.env.CHROME_PATH || "/usr/bin/chromium" },
    "database-url": { type: "string", default: process.env.DATABASE_URL },
    lighthouse: { type: "string", default: "lighthouse@13" },
    name: { type: "string", default: "lighthouse" },
  },
});
const chromePath = values["chrome-path"] as string;
const lighthousePackage = values.lighthouse as string;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const TARGET: Record<(typeof CATEGORIES)[number], number> = {
  performance: 95,
  accessibility: 100,
  "best-practices": 95,
  seo: 100,
};
const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
].join(" ");

if (!existsSync(chromePath))
  throw new Error(`no Chromium at ${chromePath} (use --chrome-path or CHROME_PATH)`);

// React and React Router pick their production bundles from process.env.NODE_ENV when first imported.
process.env.NODE_ENV = "production";
const { buildIfNeeded } = await import("../scripts/build-if-needed.ts");
if (buildIfNeeded()) say("built the storefront (build/ was missing or older than its sources)");
const { start } = await import("../server/main.ts");

interface LighthouseAudit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
}
interface LighthouseReport {
  lighthouseVersion: string;
  finalDisplayedUrl?: string;
  runtimeError?: { code: string; message: string };
  runWarnings?: string[];
  categories: Record<
    string,
    { score: number | null; auditRefs: { id: string; weight: number; group?: string }[] }
  >;
  audits: Record<string, LighthouseAudit>;
}

/** Runs the Lighthouse CLI once; resolves with its JSON report. */
function lighthouse(url: string, outputPath: string): Promise<LighthouseReport> {
  const args = [
    "--yes",
    lighthousePackage,
    url,
    `--only-categories=${CATEGORIES.join(",")}`,
    "--form-factor=mobile",
    `--chrome-flags=${CHROME_FLAGS}`,
    "--output=json",
    `--output-path=${outputPath}`,
    "--quiet",
  ];
  return new Promise((resolve, reject) => {
    const child = spawn("npx", args, {
      env: { ...process.env, CHROME_PATH: chromePath, NODE_ENV: "production" },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (d) => {
      stderr += d;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), 300_000);
    child.on("error", reject);
    child.on("exit", (code) => {
      clearTimeout(timer);
      if (code === 0 && existsSync(outputPath)) {
        resolve(JSON.parse(readFileSync(outputPath, "utf8")) as LighthouseReport);
      } else {
        reject(new Error(`lighthouse exited with ${code}: ${stderr.trim().slice(-2000)}`));
      }
    });
  });
}

/** A path on the shop from a canonicalUrl (absolute or not): the shop here answers on 127.0.0.1. */
function pathOf(canonicalUrl: string): string {
  const u = new URL(canonicalUrl, "http://127.0.0.1");
  return `${u.pathname}${u.search}`;
}

const dir = mkdtempSync(join(tmpdir(), "mili-bench-lighthouse-"));
const pg = values["database-url"]
  ? await tempPostgresDatabase(values["database-url"], "mili_bench_lighthouse")
  : null;
let shop: Awaited<ReturnType<typeof start>> | null = null;
try {
  const startedAt = performance.now();
  shop = await start({
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: "0",
    LOG_LEVEL: "silent",
    API_KEY: "dev-api-key",
    AUTH_SECRET: "bench-only-secret-bench-only-secret-0123",
    PGLITE_DIR: join(dir, "db"),
    ...(pg ? { DATABASE_URL: pg.url } : {}),
  });
  say(`shop ready in ${seconds(performance.now() - startedAt)} s on ${shop.db.kind}`);
  const origin = `http://127.0.0.1:${shop.port}`;

  const graphql = async <T>(query: string): Promise<T> => {
    const res = await fetch(`${origin}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-apikey": "dev-api-key" },
      body: JSON.stringify({ query }),
    });
    const answer = (await res.json()) as { data?: T; errors?: unknown };
    if (!res.ok || answer.errors || !answer.data) {
      throw new Error(`GraphQL ${query} failed (${res.status}): ${JSON.stringify(answer).slice(0, 500)}`);
    }
    return answer.data;
  };
  const { categories } = await graphql<{ categories: { canonicalUrl: string | null }[] }>(
    "{ categories { canonicalUrl } }",
  );
  const { products } = await graphql<{ products: { products: { canonicalUrl: string | null }[] } }>(
    "{ products(take: 1) { products { canonicalUrl } } }",
  );
  const categoryUrl = categories.find((c) => c.canonicalUrl)?.canonicalUrl;
  const productUrl = products.products.find((p) => p.canonicalUrl)?.canonicalUrl;
  if (!categoryUrl || !productUrl) throw new Error("no category or product with a canonicalUrl");

  const pages = [
    { page: "home", path: "/" },
    { page: "list", path: pathOf(categoryUrl) },
    { page: "product", path: pathOf(productUrl) },
  ];
  const results = [];
  for (const { page, path } of pages) {
    const url = `${origin}${path}`;
    // Each page answers 200 before Lighthouse sees it (and the page cache is warm, as for a real shopper).
    const check = await fetch(url, { headers: { accept: "text/html" } });
    await check.arrayBuffer();
    if (check.status !== 200) throw new Error(`${url} answered ${check.status}`);
    say(`lighthouse ${page}: ${path}`);
    const ranAt = performance.now();
    const report = await lighthouse(url, join(dir, `${page}.json`));
    const tookSeconds = seconds(performance.now() - ranAt);
    if (report.runtimeError)
      say(`  runtime error: ${report.runtimeError.code} ${report.runtimeError.message}`);
    const scores = Object.fromEntries(
      CATEGORIES.map((c) => {
        const s = report.categories[c]?.score;
        return [c, s === null || s === undefined ? null : Math.round(s * 100)];
      }),
    );
    const failing: Record<
      string,
      { id: string; title: string; score: number; displayValue?: string; weight: number }[]
    > = {};
    for (const c of CATEGORIES) {
      const score = scores[c];
      if (typeof score === "number" && score >= TARGET[c]) continue;
      failing[c] = (report.categories[c]?.auditRefs ?? [])
        .map((ref) => ({ ref, audit: report.audits[ref.id] }))
        .filter(
          ({ audit }) =>
            audit &&
            audit.score !== null &&
            audit.score < 0.9 &&
            ["binary", "numeric", "metricSavings"].includes(audit.scoreDisplayMode),
        )
        .sort((a, b) => b.ref.weight - a.ref.weight || (a.audit?.score ?? 0) - (b.audit?.score ?? 0))
        .map(({ ref, audit }) => ({
          id: ref.id,
          title: audit?.title ?? ref.id,
          score: audit?.score ?? 0,
          ...(audit?.displayValue ? { displayValue: audit.displayValue } : {}),
          weight: ref.weight,
        }));
    }
    const metrics = Object.fromEntries(
      [
        "first-contentful-paint",
        "largest-contentful-paint",
        "total-blocking-time",
        "cumulative-layout-shift",
        "speed-index",
      ].map((id) => [id, report.audits[id]?.displayValue ?? null]),
    );
    results.push({
      page,
      path,
      lighthouseVersion: report.lighthouseVersion,
      tookSeconds,
      scores,
      metrics,
      failing,
      runWarnings: report.runWarnings ?? [],
    });
  }

  say();
  table(results.map((r) => ({ page: r.page, ...r.scores, path: r.path })));
  for (const r of results) {
    say(
      `\n${r.page} (${r.path}): ${Object.entries(r.metrics)
        .map(([k, v]) => `${k} ${v}`)
        .join(", ")}`,
    );
    for (const w of r.runWarnings) say(`  warning: ${w}`);
    for (const [category, audits] of Object.entries(r.failing)) {
      say(
        `  ${category} ${r.scores[category as keyof typeof r.scores]} (target ${TARGET[category as keyof typeof TARGET]}):`,
      );
      if (!audits.length) say("    (no audit below 0.9)");
      for (const a of audits) {
        say(
          `    ${a.id}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ""} score ${a.score} weight ${a.weight}`,
        );
      }
    }
  }
  writeResult(values.name as string, {
    command: "node bench/lighthouse.ts",
    lighthouse: `npx --yes ${lighthousePackage}`,
    lighthouseVersion: results[0]?.lighthouseVersion,
    chromePath,
    chromeFlags: CHROME_FLAGS,
    formFactor: "mobile",
    database: shop.db.kind,
    nodeEnv: "production",
    targets: TARGET,
    pages: results,
  });
} finally {
  await shop?.stop("bench");
  rmSync(dir, { recursive: true, force: true });
  await pg?.drop();
}

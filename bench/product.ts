import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { API_HEADERS } from "./channel-query.ts";
import type { WalkResult } from "./crawl-walk.ts";
import {
  benchShopEnv,
  profiled as profiledIn,
  round,
  say,
  seconds,
  table,
  tempPostgresDatabase,
  writeResult,
} from "./lib.ts";
import { type LoadResult, runLoad } from "./load.ts";
import { CRAWLER_HEADERS, productBody, productsBody } from "./product-query.ts";

/**
 * Where no cache helps (issue 16), against a bare Node `http` server answering the same bytes, in the same run:
 *
 * - `api`: GraphQL `product(alias)` (name, price, SKUs with stock, brand, images, variant dimensions) POSTed to
 *   /graphql by autocannon (`--connections`, default 50), the same alias every time, then `--aliases` different
 *   products in turn; the raw server answers the first product's bytes.
 * - `crawl`: a crawler walking `--pages` product pages (default 200), each URL once, `--crawl-connections`
 *   (default 10) at a time (bench/crawl-walk.ts, its own process): every page is rendered for the first time.
 *   The raw server answers the first page's HTML, autocannon with as many connections.
 *
 * The shop runs in this process in production mode (build/), on a fresh PGlite directory or a fresh database on
 * the server in --database-url / DATABASE_URL. Statements per request are counted (DbHandle.statements()), and
 * this process's CPU per answer (process.cpuUsage(): the shop's, and the raw server's in its own run; steadier than
 * req/s on a shared machine). Node flags to compare go before the script: `node --no-wasm-tier-up … bench/product.ts`.
 *
 *   node bench/product.ts [--parts api,crawl] [--duration 10] [--connections 50] [--aliases 200]
 *                         [--pages 200] [--crawl-connections 10] [--response-cache false] [--database-url …]
 */
const { values } = parseArgs({
  options: {
    parts: { type: "string", default: "api,crawl" },
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    warmup: { type: "string", default: "3" },
    aliases: { type: "string", default: "200" },
    pages: { type: "string", default: "200" },
    "crawl-connections": { type: "string", default: "10" },
    "database-url": { type: "string", default: process.env.DATABASE_URL },
    name: { type: "string", default: "product" },
    /** "false" runs the shop without its response cache (decision 0023): every product(alias) is computed. */
    "response-cache": { type: "string", default: "true" },
    /** Writes a CPU profile (.cpuprofile) of this process — the shop — during each measured run into this folder. */
    profile: { type: "string" },
  },
});
const parts = new Set((values.parts as string).split(","));
const duration = Number(values.duration);
const connections = Number(values.connections);
const warmup = Number(values.warmup);
const crawlConnections = Number(values["crawl-connections"]);

process.env.NODE_ENV = "production";
const { buildIfNeeded } = await import("../scripts/build-if-needed.ts");
if (parts.has("crawl") && buildIfNeeded())
  say("built the storefront (build/ was missing or older than its sources)");
const { start } = await import("../server/main.ts");

const dir = mkdtempSync(join(tmpdir(), "mili-bench-product-"));
const pg = values["database-url"]
  ? await tempPostgresDatabase(values["database-url"], "mili_bench_product")
  : null;
const startedAt = performance.now();
const shop = await start({
  ...benchShopEnv(dir, pg?.url),
  RESPONSE_CACHE: values["response-cache"] === "false" ? "false" : "true",
  // PGlite's shared buffers from the environment, to compare sizes (decision 0069).
  ...(process.env.PGLITE_SHARED_BUFFERS ? { PGLITE_SHARED_BUFFERS: process.env.PGLITE_SHARED_BUFFERS } : {}),
});
say(`shop ready in ${seconds(performance.now() - startedAt)} s on ${shop.db.kind}`);
const base = `http://127.0.0.1:${shop.port}`;

/** A bare server answering `bytes` with `headers` to every request. */
async function rawServer(bytes: Buffer, headers: Record<string, string>) {
  const raw = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      res.writeHead(200, { ...headers, "content-length": bytes.length });
      res.end(bytes);
    });
  });
  await new Promise<void>((done) => raw.listen(0, "127.0.0.1", done));
  const address = raw.address();
  return { raw, url: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}` };
}

function walk(urls: string[], headers: Record<string, string>): Promise<WalkResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        join(import.meta.dirname, "crawl-walk.ts"),
        JSON.stringify({ urls, connections: crawlConnections, headers }),
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    child.on("exit", (code) => {
      const line = out.split("\n").find((l) => l.startsWith("RESULT "));
      if (code === 0 && line) resolve(JSON.parse(line.slice(7)) as WalkResult);
      else reject(new Error(`crawl walk failed (exit ${code})`));
    });
  });
}

const profiled = <T>(name: string, work: () => Promise<T>) => profiledIn(values.profile, name, work);

/**
 * Milliseconds of this process's CPU (all its threads: V8's compiler threads too) per answer since `since`: the
 * shop's cost steadier than req/s on a shared machine (the load generator and the crawler are other processes).
 */
function cpuMsPer(since: NodeJS.CpuUsage, answers: number): number {
  const used = process.cpuUsage(since);
  return round((used.user + used.system) / 1000 / Math.max(1, answers), 3);
}

const loadRow = (target: string, r: LoadResult) => ({
  target,
  "req/s": r.requestsPerSecond,
  "p50 ms": r.p50,
  "p95 ms": r.p95,
  "p99 ms": r.p99,
  "max ms": r.max,
  "non-2xx": r.non2xx,
  errors: r.errors + r.timeouts,
});

const result: Record<string, unknown> = {
  command: `node bench/product.ts ${process.argv.slice(2).join(" ")}`.trim(),
  database: shop.db.kind,
};
const closers: (() => void)[] = [];
try {
  const take = Math.max(Number(values.aliases), Number(values.pages));
  const list = await fetch(`${base}/graphql`, {
    method: "POST",
    headers: API_HEADERS,
    body: productsBody(take),
  });
  const products = (
    (await list.json()) as { data: { products: { products: { alias: string; canonicalUrl: string }[] } } }
  ).data.products.products;
  say(`${products.length} products listed`);

  if (parts.has("api")) {
    const first = products[0];
    if (!first) throw new Error("no products");
    const before = shop.db.statements();
    const answer = await fetch(`${base}/graphql`, {
      method: "POST",
      headers: API_HEADERS,
      body: productBody(first.alias),
    });
    const bytes = Buffer.from(await answer.arrayBuffer());
    const statementsFirst = shop.db.statements() - before;
    const again = shop.db.statements();
    await fetch(`${base}/graphql`, {
      method: "POST",
      headers: API_HEADERS,
      body: productBody(first.alias),
    }).then((r) => r.arrayBuffer());
    const statementsAgain = shop.db.statements() - again;
    const parsed = JSON.parse(bytes.toString("utf8")) as { data?: { product?: unknown }; errors?: unknown };
    if (answer.status !== 200 || parsed.errors || !parsed.data?.product)
      throw new Error(`product(alias) failed (${answer.status}): ${bytes.toString("utf8").slice(0, 400)}`);
    say(
      `product(alias): ${bytes.length} B, ${statementsFirst} statements the first time, ${statementsAgain} the second`,
    );
    const { raw, url } = await rawServer(bytes, {
      "content-type": answer.headers.get("content-type") ?? "application/json",
    });
    closers.push(() => raw.close());
    const measure = async (load: Omit<Parameters<typeof runLoad>[0], "durationSeconds">) => {
      if (warmup > 0) await runLoad({ ...load, durationSeconds: warmup });
      const cpu = process.cpuUsage();
      const r = await runLoad({ ...load, durationSeconds: duration });
      return { ...r, cpuMsPerAnswer: cpuMsPer(cpu, r.total2xx + r.non2xx) };
    };
    const common = { method: "POST" as const, headers: API_HEADERS, connections };
    const same = await profiled("api-one-alias", () =>
      measure({ ...common, url: `${base}/graphql`, body: productBody(first.alias) }),
    );
    const bodies = products.slice(0, Number(values.aliases)).map((p) => productBody(p.alias));
    const varied = await profiled("api-aliases", () =>
      measure({ ...common, url: `${base}/graphql`, bodies }),
    );
    const rawResult = await measure({ ...common, url: `${url}/graphql`, body: productBody(first.alias) });
    say();
    table([
      loadRow("shop product(alias), one alias", same),
      loadRow(`shop product(alias), ${bodies.length} aliases in turn`, varied),
      loadRow("raw node:http, same bytes", rawResult),
    ]);
    const ratio = (r: LoadResult) => round((100 * r.requestsPerSecond) / rawResult.requestsPerSecond, 3);
    say(`ratio to raw: one alias ${ratio(same)} %, ${bodies.length} aliases ${ratio(varied)} %`);
    say(
      `this process's CPU per answer (the shop's, the raw server's): one alias ${same.cpuMsPerAnswer} ms, ${bodies.length} aliases ${varied.cpuMsPerAnswer} ms, raw ${rawResult.cpuMsPerAnswer} ms`,
    );
    Object.assign(result, {
      api: {
        answerBytes: bytes.length,
        statementsFirst,
        statementsAgain,
        connections,
        durationSeconds: duration,
        same,
        varied,
        raw: rawResult,
        ratioSamePercent: ratio(same),
        ratioVariedPercent: ratio(varied),
      },
    });
  }

  if (parts.has("crawl")) {
    const urls = products.slice(0, Number(values.pages)).map((p) => `${base}/sv${p.canonicalUrl}`);
    const headers = CRAWLER_HEADERS;
    // The first page, for the raw server's bytes and the statements of one cold render.
    const before = shop.db.statements();
    const page = await fetch(urls[0] as string, { headers: { ...headers, "accept-encoding": "identity" } });
    const html = Buffer.from(await page.arrayBuffer());
    const statementsPerPage = shop.db.statements() - before;
    if (page.status !== 200) throw new Error(`the first product page answered ${page.status}`);
    say(`product page: ${html.length} B, ${statementsPerPage} statements (cold render)`);
    // The shop's CPU over the walk (this process; the crawler is another): less moved by others' load than rates.
    const walkCpu = process.cpuUsage();
    const walked = await profiled("crawl", () => walk(urls.slice(1), headers));
    const cpuMsPerPage = cpuMsPer(walkCpu, walked.requests);
    const statementsWalk = shop.db.statements() - before - statementsPerPage;
    const { raw, url } = await rawServer(html, {
      "content-type": page.headers.get("content-type") ?? "text/html",
    });
    closers.push(() => raw.close());
    if (warmup > 0) await runLoad({ url, headers, connections: crawlConnections, durationSeconds: warmup });
    const rawResult = await runLoad({
      url,
      headers,
      connections: crawlConnections,
      durationSeconds: duration,
    });
    say();
    table([
      {
        target: `crawler, ${walked.requests} product pages once each`,
        "req/s": walked.requestsPerSecond,
        "p50 ms": walked.p50,
        "p95 ms": walked.p95,
        "p99 ms": walked.p99,
        "max ms": walked.max,
        "non-200": walked.non200,
      },
      { ...loadRow("raw node:http, first page's bytes", rawResult) },
    ]);
    const ratio = round((100 * walked.requestsPerSecond) / rawResult.requestsPerSecond, 3);
    const perPage = round(statementsWalk / Math.max(1, walked.requests), 1);
    say(
      `ratio to raw: ${ratio} %; statements per page over the walk: ${perPage}; shop CPU per page ${cpuMsPerPage} ms`,
    );
    Object.assign(result, {
      crawl: {
        htmlBytes: html.length,
        statementsFirstPage: statementsPerPage,
        statementsPerPage: perPage,
        cpuMsPerPage,
        connections: crawlConnections,
        walk: walked,
        raw: rawResult,
        ratioPercent: ratio,
      },
    });
  }
  writeResult(values.name as string, result);
} finally {
  for (const close of closers) close();
  await shop.stop("bench");
  rmSync(dir, { recursive: true, force: true });
  await pg?.drop();
}

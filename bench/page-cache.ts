import { mkdtempSync, rmSync } from "node:fs";
import { createServer, get } from "node:http";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import {
  benchShopEnv,
  profiled,
  round,
  say,
  seconds,
  table,
  tempPostgresDatabase,
  writeResult,
} from "./lib.ts";
import { type LoadResult, runLoad } from "./load.ts";

/**
 * Home-page throughput: GET / (Accept: text/html) on the shop with its page cache off (PAGE_CACHE=false), on
 * the shop with the page cache on (the default), and on a bare Node `http` server answering the very same HTML
 * bytes and headers (captured once from the shop). The shop runs in this process in production mode (the
 * production storefront build in build/, React's production bundle), first with the cache off, then, on the
 * same database, with the cache on; only one instance is under load at a time, and autocannon runs in a child
 * process (bench/load.ts). The cache-on and raw runs are repeated with `Accept-Encoding: br`, as browsers send
 * it: the shop answers from the Brotli copy its cache keeps, the raw server with the very same Brotli bytes.
 *
 *   node bench/page-cache.ts [--duration 20] [--connections 50] [--warmup 3] [--database-url …]
 */
const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "20" },
    connections: { type: "string", default: "50" },
    warmup: { type: "string", default: "3" },
    "database-url": { type: "string", default: process.env.DATABASE_URL },
    name: { type: "string", default: "page-cache" },
    /** Writes a CPU profile of this process (the shop) during the cache-on runs into this folder. */
    profile: { type: "string" },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const warmup = Number(values.warmup);

// React and React Router pick their production bundles from process.env.NODE_ENV when first imported, so it
// is set before the shop is imported (dynamically, below).
process.env.NODE_ENV = "production";
const { buildIfNeeded } = await import("../scripts/build-if-needed.ts");
if (buildIfNeeded()) say("built the storefront (build/ was missing or older than its sources)");
const { start } = await import("../server/main.ts");

const requestHeaders = { accept: "text/html,application/xhtml+xml" };
const brHeaders = { ...requestHeaders, "accept-encoding": "br" };
/** Headers the raw server does not copy: Node sets them itself, or they describe the cache. */
const SKIP_HEADERS = new Set([
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "x-cache",
  "age",
]);

const dir = mkdtempSync(join(tmpdir(), "mili-bench-page-cache-"));
const pg = values["database-url"]
  ? await tempPostgresDatabase(values["database-url"], "mili_bench_page")
  : null;

async function startShop(pageCache: boolean) {
  const startedAt = performance.now();
  const shop = await start({ ...benchShopEnv(dir, pg?.url), PAGE_CACHE: pageCache ? "true" : "false" });
  say(
    `shop (page cache ${pageCache ? "on" : "off"}) ready in ${seconds(performance.now() - startedAt)} s on ${shop.db.kind}`,
  );
  return shop;
}

async function fetchHome(url: string) {
  // What autocannon asks for: no coding (fetch would otherwise ask for gzip and hand back decoded bytes,
  // while the captured headers said gzip).
  const res = await fetch(url, { headers: { ...requestHeaders, "accept-encoding": "identity" } });
  const bytes = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200 || !bytes.toString("utf8").includes("<html")) {
    throw new Error(`GET / failed (${res.status}): ${bytes.toString("utf8").slice(0, 500)}`);
  }
  return { res, bytes };
}

/** The answer's bytes as sent (fetch would decode a Brotli body), with its headers. */
function fetchRaw(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, string>; bytes: Buffer }>(
    (resolve, reject) => {
      get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const h: Record<string, string> = {};
          for (const [k, v] of Object.entries(res.headers)) if (typeof v === "string") h[k] = v;
          resolve({ status: res.statusCode ?? 0, headers: h, bytes: Buffer.concat(chunks) });
        });
        res.on("error", reject);
      }).on("error", reject);
    },
  );
}

const measure = async (url: string, headers: Record<string, string> = requestHeaders) => {
  const load = { url, method: "GET" as const, headers, connections };
  if (warmup > 0) {
    await runLoad({ ...load, durationSeconds: warmup });
    // autocannon drops its connections when it stops, but the server still renders what it had accepted;
    // one more request queues behind that backlog, so the measured run starts on an idle server.
    await (await fetch(url, { headers: requestHeaders })).arrayBuffer();
  }
  // The server's CPU time per answer (the shop and the raw server both run in this process; the load generator in
  // its own): less bent by other work on the machine than req/s.
  const cpuBefore = process.cpuUsage();
  const result = await runLoad({ ...load, durationSeconds: duration });
  const cpu = process.cpuUsage(cpuBefore);
  const answers = result.total2xx + result.non2xx;
  return { ...result, cpuMicrosPerAnswer: round((cpu.user + cpu.system) / Math.max(1, answers), 1) };
};

const raw = createServer();
let current: Awaited<ReturnType<typeof start>> | null = null;
try {
  say(`${connections} connections, ${duration} s each (after a ${warmup} s warm-up)`);

  // 1. Page cache off. The answer is captured here, for the raw server.
  let shop = await startShop(false);
  current = shop;
  const first = await fetchHome(`http://127.0.0.1:${shop.port}/`);
  const bytes = first.bytes;
  const headers: Record<string, string> = {};
  for (const [k, v] of first.res.headers) if (!SKIP_HEADERS.has(k)) headers[k] = v;
  const cacheControl = first.res.headers.get("cache-control");
  const offXCache = first.res.headers.get("x-cache");
  const off = await measure(`http://127.0.0.1:${shop.port}/`);
  await shop.stop("bench");
  current = null;

  // 2. Page cache on (same database).
  shop = await startShop(true);
  current = shop;
  const miss = await fetchHome(`http://127.0.0.1:${shop.port}/`);
  const hit = await fetchHome(`http://127.0.0.1:${shop.port}/`);
  const xCache = [miss.res.headers.get("x-cache"), hit.res.headers.get("x-cache")];
  if (xCache[1] !== "HIT")
    say(`warning: the second GET / was not a cache hit (X-Cache: ${xCache.join(", ")})`);
  const on = await profiled(values.profile, "page-cache-on", () => measure(`http://127.0.0.1:${shop.port}/`));
  const brAnswer = await fetchRaw(`http://127.0.0.1:${shop.port}/`, brHeaders);
  if (brAnswer.status !== 200 || brAnswer.headers["content-encoding"] !== "br") {
    throw new Error(
      `GET / with Accept-Encoding: br answered ${brAnswer.status} ${brAnswer.headers["content-encoding"]}`,
    );
  }
  const brHeadersOut: Record<string, string> = {};
  for (const [k, v] of Object.entries(brAnswer.headers)) if (!SKIP_HEADERS.has(k)) brHeadersOut[k] = v;
  const onBr = await profiled(values.profile, "page-cache-on-br", () =>
    measure(`http://127.0.0.1:${shop.port}/`, brHeaders),
  );
  await shop.stop("bench");
  current = null;

  // 3. Raw node:http, same bytes and headers.
  raw.on("request", (req, res) => {
    req.resume();
    req.on("end", () => {
      if (req.headers["accept-encoding"] === "br") {
        res.writeHead(200, { ...brHeadersOut, "content-length": brAnswer.bytes.length });
        res.end(brAnswer.bytes);
        return;
      }
      res.writeHead(200, { ...headers, "content-length": bytes.length });
      res.end(bytes);
    });
  });
  await new Promise<void>((done) => raw.listen(0, "127.0.0.1", done));
  const rawAddress = raw.address();
  const rawPort = typeof rawAddress === "object" && rawAddress ? rawAddress.port : 0;
  const rawResult = await measure(`http://127.0.0.1:${rawPort}/`);
  const rawBr = await measure(`http://127.0.0.1:${rawPort}/`, brHeaders);

  const row = (target: string, r: LoadResult & { cpuMicrosPerAnswer: number }) => ({
    target,
    "req/s": r.requestsPerSecond,
    "p50 ms": r.p50,
    "p95 ms": r.p95,
    "p99 ms": r.p99,
    "max ms": r.max,
    "non-2xx": r.non2xx,
    errors: r.errors,
    "CPU µs/answer": r.cpuMicrosPerAnswer,
  });
  say();
  say(
    `home page: ${bytes.length} B of HTML (${brAnswer.bytes.length} B Brotli), Cache-Control: ${cacheControl}; X-Cache with the cache on: ${xCache.join(" then ")}`,
  );
  table([
    row("shop GET /, page cache off", off),
    row("shop GET /, page cache on", on),
    row("raw node:http, same bytes", rawResult),
    row("shop GET /, page cache on, br", onBr),
    row("raw node:http, same br bytes", rawBr),
  ]);
  const offRatio = round(off.requestsPerSecond / rawResult.requestsPerSecond, 3);
  const onRatio = round(on.requestsPerSecond / rawResult.requestsPerSecond, 3);
  const speedup = round(on.requestsPerSecond / off.requestsPerSecond, 1);
  const brRatio = round(onBr.requestsPerSecond / rawBr.requestsPerSecond, 3);
  const cpuRatio = round(on.cpuMicrosPerAnswer / rawResult.cpuMicrosPerAnswer, 2);
  const cpuRatioBr = round(onBr.cpuMicrosPerAnswer / rawBr.cpuMicrosPerAnswer, 2);
  say(
    `CPU per answer, cache-on/raw: ${cpuRatio}× (identity), ${cpuRatioBr}× (br); load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  say(
    `\ncache-off/raw: ${offRatio}   cache-on/raw: ${onRatio}   cache-on/cache-off: ${speedup}×   br cache-on/raw: ${brRatio}`,
  );
  writeResult(values.name as string, {
    command: `node bench/page-cache.ts --duration ${duration} --connections ${connections} --warmup ${warmup}`,
    database: pg ? "postgres" : "pglite",
    nodeEnv: "production",
    connections,
    durationSeconds: duration,
    warmupSeconds: warmup,
    answerBytes: bytes.length,
    answerBytesBrotli: brAnswer.bytes.length,
    cacheControl,
    xCacheWhenOff: offXCache,
    xCacheWhenOn: xCache,
    cacheOff: off,
    cacheOn: on,
    raw: rawResult,
    cacheOnBrotli: onBr,
    rawBrotli: rawBr,
    ratios: {
      cacheOffToRaw: offRatio,
      cacheOnToRaw: onRatio,
      cacheOnToCacheOff: speedup,
      brotliCacheOnToRaw: brRatio,
      cpuPerAnswerCacheOnToRaw: cpuRatio,
      cpuPerAnswerCacheOnToRawBrotli: cpuRatioBr,
    },
    loadAverageAtEnd: loadavg(),
  });
  if (off.non2xx || off.errors || on.non2xx || on.errors || onBr.non2xx || onBr.errors) process.exitCode = 1;
} finally {
  raw.close();
  await current?.stop("bench");
  rmSync(dir, { recursive: true, force: true });
  await pg?.drop();
}

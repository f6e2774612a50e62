import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { start } from "../server/main.ts";
import { API_HEADERS, CHANNEL_BODY } from "./channel-query.ts";
import { round, say, seconds, table, tempPostgresDatabase, writeResult } from "./lib.ts";
import { type LoadResult, runLoad } from "./load.ts";

/**
 * GraphQL throughput: the storefront's `channel` query POSTed to the shop's /graphql (started in this process
 * on a fresh PGlite directory, or on a fresh database of the PostgreSQL server in --database-url /
 * DATABASE_URL), against a bare Node `http` server answering the very same bytes. The ratio shows what the
 * whole stack (Hono, Yoga, auth, the resolvers) costs per request on top of Node's HTTP.
 *
 *   node bench/graphql-throughput.ts [--duration 20] [--connections 50] [--warmup 3] [--database-url …]
 */
const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "20" },
    connections: { type: "string", default: "50" },
    warmup: { type: "string", default: "3" },
    "database-url": { type: "string", default: process.env.DATABASE_URL },
    name: { type: "string", default: "graphql-throughput" },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const warmup = Number(values.warmup);

const requestBody = CHANNEL_BODY;
const requestHeaders = API_HEADERS;

const dir = mkdtempSync(join(tmpdir(), "mili-bench-graphql-"));
const pg = values["database-url"]
  ? await tempPostgresDatabase(values["database-url"], "mili_bench_graphql")
  : null;
const startedAt = performance.now();
const shop = await start({
  NODE_ENV: "development",
  HOST: "127.0.0.1",
  PORT: "0",
  LOG_LEVEL: "silent",
  PGLITE_DIR: join(dir, "db"),
  ...(pg ? { DATABASE_URL: pg.url } : {}),
});
say(`shop ready in ${seconds(performance.now() - startedAt)} s on ${shop.db.kind}`);
const shopUrl = `http://127.0.0.1:${shop.port}/graphql`;

const raw = createServer();
try {
  // The answer, captured once, served by the bare server byte for byte.
  const first = await fetch(shopUrl, { method: "POST", headers: requestHeaders, body: requestBody });
  const bytes = Buffer.from(await first.arrayBuffer());
  const answer = JSON.parse(bytes.toString("utf8")) as { data?: { channel?: unknown }; errors?: unknown };
  if (first.status !== 200 || answer.errors || !answer.data?.channel) {
    throw new Error(`the channel query failed (${first.status}): ${bytes.toString("utf8").slice(0, 500)}`);
  }
  const contentType = first.headers.get("content-type") ?? "application/json";
  raw.on("request", (req, res) => {
    req.resume();
    req.on("end", () => {
      res.writeHead(200, { "content-type": contentType, "content-length": bytes.length });
      res.end(bytes);
    });
  });
  await new Promise<void>((done) => raw.listen(0, "127.0.0.1", done));
  const rawAddress = raw.address();
  const rawUrl = `http://127.0.0.1:${typeof rawAddress === "object" && rawAddress ? rawAddress.port : 0}/graphql`;

  const measure = async (url: string) => {
    const load = { url, method: "POST" as const, headers: requestHeaders, body: requestBody, connections };
    if (warmup > 0) await runLoad({ ...load, durationSeconds: warmup });
    return runLoad({ ...load, durationSeconds: duration });
  };
  say(
    `${connections} connections, ${duration} s each (after a ${warmup} s warm-up), ${bytes.length} B answer`,
  );
  const shopResult = await measure(shopUrl);
  const rawResult = await measure(rawUrl);
  const row = (target: string, r: LoadResult) => ({
    target,
    "req/s": r.requestsPerSecond,
    "p50 ms": r.p50,
    "p95 ms": r.p95,
    "p99 ms": r.p99,
    "max ms": r.max,
    "non-2xx": r.non2xx,
    errors: r.errors,
  });
  say();
  table([row("shop /graphql", shopResult), row("raw node:http", rawResult)]);
  const ratio = round(shopResult.requestsPerSecond / rawResult.requestsPerSecond, 3);
  say(`\nshop/raw throughput ratio: ${ratio} (the shop does ${round(ratio * 100, 1)} % of raw Node's req/s)`);
  writeResult(values.name as string, {
    command: `node bench/graphql-throughput.ts --duration ${duration} --connections ${connections}`,
    database: shop.db.kind,
    connections,
    durationSeconds: duration,
    warmupSeconds: warmup,
    answerBytes: bytes.length,
    shop: shopResult,
    raw: rawResult,
    ratio,
  });
  if (shopResult.non2xx || shopResult.errors) process.exitCode = 1;
} finally {
  raw.close();
  await shop.stop("bench");
  rmSync(dir, { recursive: true, force: true });
  await pg?.drop();
}

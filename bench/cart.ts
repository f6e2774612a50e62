import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { Socket } from "node:net";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { start } from "../server/main.ts";
import { ADD, GET, type ShopperJob } from "./cart-shoppers.ts";
import { API_HEADERS } from "./channel-query.ts";
import { DEFAULT_POSTGRES, round, say, seconds, table, tempPostgresDatabase, writeResult } from "./lib.ts";

/**
 * The cart under load, on PostgreSQL (default) or PGlite (--database-url ""): `addToCart` and `getCart` by
 * --shoppers concurrent shoppers, each on their own cart, for --duration seconds each (after a warm-up), sent
 * through /graphql by a child process; then --shoppers concurrent `addToCart` calls on ONE cart (each a
 * different SKU): the time until all are answered and how many lines the cart keeps. Also a single shopper's
 * latency, which is what a request costs when the shop is not saturated. Before the runs, the SQL statements one
 * `addToCart` and one `getCart` run on a cart that has lines (--list-statements prints them) and, on PostgreSQL,
 * the writes to its sockets they cause (statements sent together go out in one write); after them, a raw
 * node:http server answering the bytes of an `addToCart` answer, driven by the same shoppers' process: the
 * ratio of the shop's `addToCart` rate to it is issue 16's figure.
 *
 *   node bench/cart.ts [--shoppers 50] [--duration 15] [--warmup 3] [--operations addToCart,getCart]
 *                      [--list-statements] [--database-url postgres://…]
 */
const { values } = parseArgs({
  options: {
    shoppers: { type: "string", default: "50" },
    duration: { type: "string", default: "15" },
    warmup: { type: "string", default: "3" },
    operations: { type: "string", default: "addToCart,getCart" },
    "list-statements": { type: "boolean", default: false },
    "database-url": { type: "string", default: process.env.DATABASE_URL ?? DEFAULT_POSTGRES },
  },
});
const shoppers = Number(values.shoppers);
const duration = Number(values.duration);
const warmup = Number(values.warmup);
const operations = (values.operations as string)
  .split(",")
  .filter((o): o is ShopperJob["operation"] => o === "addToCart" || o === "getCart");

const dir = mkdtempSync(join(tmpdir(), "mili-bench-cart-"));
const pg = values["database-url"]
  ? await tempPostgresDatabase(values["database-url"], "mili_bench_cart")
  : null;
const shop = await start({
  NODE_ENV: "production",
  API_KEY: "dev-api-key",
  AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0000",
  // Every shopper of the benchmark is one address: lift the per-client budget of new carts (decision 0016).
  RATE_LIMITS: "cart.ip=1000000/600,cart.global=1000000/600",
  HOST: "127.0.0.1",
  PORT: "0",
  LOG_LEVEL: "silent",
  PGLITE_DIR: join(dir, "db"),
  ...(pg ? { DATABASE_URL: pg.url } : {}),
});
const url = `http://127.0.0.1:${shop.port}/graphql`;
say(
  `shop on ${shop.db.kind}, ${shoppers} shoppers, ${duration} s per run, load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(" ")}`,
);

function runShoppers(job: ShopperJob): Promise<Record<string, number>> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [join(import.meta.dirname, "cart-shoppers.ts"), JSON.stringify(job)],
      {
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    child.on("exit", (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`shoppers exited ${code}`)),
    );
  });
}

async function gql(query: string, variables: Record<string, unknown>) {
  const response = await fetch(url, {
    method: "POST",
    headers: API_HEADERS,
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as {
    data?: Record<string, { id: string; quantity: number; items?: unknown[] }>;
    errors?: unknown;
  };
  if (body.errors || !body.data) throw new Error(JSON.stringify(body.errors));
  return body.data;
}
/** One GraphQL operation's answer, as bytes; throws on an error. */
async function post(query: string, variables: Record<string, unknown>): Promise<Buffer> {
  const response = await fetch(url, {
    method: "POST",
    headers: API_HEADERS,
    body: JSON.stringify({ query, variables }),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200 || (JSON.parse(bytes.toString("utf8")) as { errors?: unknown }).errors)
    throw new Error(`${response.status}: ${bytes.toString("utf8").slice(0, 400)}`);
  return bytes;
}
const NEW_CART = `query { getCart(channelId: "1|se", languageId: "sv-SE", marketId: "se") { id } }`;
const ADD_ONE = `mutation($id: String, $skuId: Int!) {
  addToCart(id: $id, item: { skuId: $skuId, quantity: 1 }, channelId: "1|se", languageId: "sv-SE", marketId: "se") { id quantity items { skuId } } }`;

const results: Record<string, string | number>[] = [];
try {
  // SKUs that can always be added: plenty in stock, priced in Sweden.
  const rows = (await shop.db.db.execute(sql`
    select s.id from skus s join products p on p.id = s.product_id
    join prices pr on pr.sku_id = s.id and pr.market_alias = 'se'
    where p.type = 'product' and p.active and s.active order by s.id limit 60`)) as unknown as
    | { rows: { id: number }[] }
    | { id: number }[];
  const skuIds = (Array.isArray(rows) ? rows : rows.rows).map((r) => Number(r.id));
  await shop.db.db.execute(
    sql`update skus set in_stock = 1000000 where id in (${sql.join(
      skuIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  const carts = await Promise.all(
    Array.from({ length: shoppers }, async () => (await gql(NEW_CART, {})).getCart?.id as string),
  );
  const job = (operation: ShopperJob["operation"], count: number, secs: number): ShopperJob => ({
    url,
    headers: API_HEADERS,
    carts: carts.slice(0, count),
    skuIds: skuIds.slice(0, 10),
    operation,
    seconds: secs,
  });
  // The statements of one addToCart and one getCart on a cart with lines (caches warm), and an answer's bytes;
  // on PostgreSQL also the socket writes to it (one per round trip, or more: a message of 1 kB or more is written
  // at once). Each is run 12 times and the last counted: by then the pool's connections have prepared the
  // statements (the first use on a connection also describes a prepared statement: one more round trip).
  const probe = carts[0] as string;
  for (const skuId of skuIds.slice(0, 3)) await post(ADD, { id: probe, item: { skuId, quantity: 1 } });
  const pgPort = pg ? Number(new URL(pg.url).port || 5432) : null;
  const statements: Record<string, number> = {};
  const pgWrites: Record<string, number> = {};
  let answer: Buffer = Buffer.alloc(0);
  for (const [operation, query, variables] of [
    ["addToCart", ADD, { id: probe, item: { skuId: skuIds[0], quantity: 1 } }],
    ["getCart", GET, { id: probe }],
  ] as const) {
    let seen: string[] = [];
    let writes = 0;
    for (let run = 0; run < 12; run++) {
      seen = [];
      writes = 0;
      const stop = shop.db.onStatement((text) => seen.push(text.replace(/\s+/g, " ").trim()));
      const write = Socket.prototype.write;
      Socket.prototype.write = function (this: Socket, ...args: Parameters<Socket["write"]>) {
        if (pgPort !== null && this.remotePort === pgPort) writes++;
        return write.apply(this, args);
      } as Socket["write"];
      try {
        const bytes = await post(query, variables);
        if (operation === "addToCart") answer = bytes;
      } finally {
        Socket.prototype.write = write;
        stop();
      }
    }
    statements[operation] = seen.length;
    if (pgPort !== null) pgWrites[operation] = writes;
    say(
      `${operation}: ${seen.length} statements${pgPort !== null ? `, ${writes} writes to PostgreSQL` : ""}`,
    );
    if (values["list-statements"])
      seen.forEach((s, i) => {
        say(`${String(i + 1).padStart(3)}. ${s.length > 200 ? `${s.slice(0, 200)}…` : s}`);
      });
  }
  for (const operation of operations) {
    if (warmup > 0) await runShoppers(job(operation, shoppers, warmup));
    const one = await runShoppers(job(operation, 1, Math.min(duration, 10)));
    const counts = { statements: statements[operation] ?? "", pgWrites: pgWrites[operation] ?? "" };
    results.push({ operation, shoppers: 1, ...counts, ...one });
    // The shop runs in this process (the shoppers in a child): its CPU time per answer. Under heavy load it
    // grows too (the process's fixed work is shared by fewer answers): compare runs of one quiet hour.
    const cpuBefore = process.cpuUsage();
    const many = await runShoppers(job(operation, shoppers, duration));
    const cpu = process.cpuUsage(cpuBefore);
    results.push({
      operation,
      shoppers,
      ...counts,
      ...many,
      cpuMsPerRequest: round((cpu.user + cpu.system) / 1000 / Math.max(1, Number(many.requests)), 2),
    });
  }

  // A raw node:http server answering an addToCart answer's bytes, driven by the same shoppers' process.
  const raw = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      res.writeHead(200, { "content-type": "application/json", "content-length": answer.length });
      res.end(answer);
    });
  });
  await new Promise<void>((done) => raw.listen(0, "127.0.0.1", done));
  const rawAddress = raw.address();
  const rawUrl = `http://127.0.0.1:${typeof rawAddress === "object" && rawAddress ? rawAddress.port : 0}/graphql`;
  try {
    const rawJob = { ...job("addToCart", shoppers, duration), url: rawUrl };
    if (warmup > 0) await runShoppers({ ...rawJob, seconds: warmup });
    const rawResult = await runShoppers(rawJob);
    results.push({ operation: "raw node:http, an addToCart answer's bytes", shoppers, ...rawResult });
    const shopAdd = results.find((r) => r.operation === "addToCart" && r.shoppers === shoppers);
    if (shopAdd)
      say(
        `addToCart at ${shoppers} shoppers: ${round((100 * Number(shopAdd.requestsPerSecond)) / Number(rawResult.requestsPerSecond), 2)} % of the raw server`,
      );
  } finally {
    raw.close();
  }

  // All shoppers add to ONE cart at the same time, each a different SKU.
  const shared = (await gql(NEW_CART, {})).getCart?.id as string;
  const startedAt = performance.now();
  await Promise.all(skuIds.slice(0, shoppers).map((skuId) => gql(ADD_ONE, { id: shared, skuId })));
  const tookMs = round(performance.now() - startedAt);
  const final = (
    await gql(
      `query($id: String) { getCart(id: $id, channelId: "1|se", languageId: "sv-SE", marketId: "se") { id quantity items { skuId } } }`,
      { id: shared },
    )
  ).getCart;
  results.push({
    operation: `${shoppers} concurrent addToCart, one cart`,
    shoppers,
    tookMs,
    linesKept: final?.items?.length ?? 0,
  });
  table(results);
  say(
    `load average at the end: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")}`,
  );
  writeResult(pg ? "cart-postgres" : "cart-pglite", {
    command: `node bench/cart.ts --shoppers ${shoppers} --duration ${duration}${pg ? "" : ' --database-url ""'}`,
    database: shop.db.kind,
    shoppers,
    durationSeconds: duration,
    loadAverage: loadavg().map((n) => round(n, 2)),
    results,
  });
} finally {
  await shop.stop("bench");
  rmSync(dir, { recursive: true, force: true });
  await pg?.drop();
  say(`done in ${seconds(performance.now())} s`);
}

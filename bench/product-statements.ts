import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { API_HEADERS } from "./channel-query.ts";
import { benchShopEnv, say, tempPostgresDatabase } from "./lib.ts";
import { productBody, productsBody } from "./product-query.ts";

/**
 * The SQL statements one request runs (issue 16, "statements per product"), deterministic, no load: GraphQL
 * `product(alias)` (bench/product-query.ts) and the server render of a product page (`GET /sv/p/…`), each asked
 * once to warm the caches (reference data, catalog index, persisted queries) and then counted and listed on the
 * second and on a different product. Shop in-process in production mode on a fresh PGlite directory or a fresh
 * database on the server in --database-url / DATABASE_URL.
 *
 *   node bench/product-statements.ts [--parts api,page] [--database-url …]
 */
const { values } = parseArgs({
  options: {
    parts: { type: "string", default: "api,page" },
    "database-url": { type: "string", default: process.env.DATABASE_URL },
  },
});
const parts = new Set((values.parts as string).split(","));

process.env.NODE_ENV = "production";
const { buildIfNeeded } = await import("../scripts/build-if-needed.ts");
if (parts.has("page") && buildIfNeeded())
  say("built the storefront (build/ was missing or older than its sources)");
const { start } = await import("../server/main.ts");

const dir = mkdtempSync(join(tmpdir(), "mili-bench-statements-"));
const pg = values["database-url"]
  ? await tempPostgresDatabase(values["database-url"], "mili_bench_statements")
  : null;
const shop = await start(benchShopEnv(dir, pg?.url));
const base = `http://127.0.0.1:${shop.port}`;

/** The statements `request` runs, in order, with their text shortened to one line. */
async function statementsOf(request: () => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  const stop = shop.db.onStatement((text) => seen.push(text.replace(/\s+/g, " ").trim()));
  try {
    await request();
  } finally {
    stop();
  }
  return seen;
}

function print(title: string, statements: string[]) {
  say(`\n${title}: ${statements.length} statements`);
  statements.forEach((s, i) => {
    say(`${String(i + 1).padStart(3)}. ${s.length > 220 ? `${s.slice(0, 220)}…` : s}`);
  });
}

try {
  const list = await fetch(`${base}/graphql`, {
    method: "POST",
    headers: API_HEADERS,
    body: productsBody(3),
  });
  const products = (
    (await list.json()) as { data: { products: { products: { alias: string; canonicalUrl: string }[] } } }
  ).data.products.products;
  const [first, second] = products;
  if (!first || !second) throw new Error("fewer than two products");
  if (parts.has("api")) {
    const ask = (alias: string) => async () => {
      const r = await fetch(`${base}/graphql`, {
        method: "POST",
        headers: API_HEADERS,
        body: productBody(alias),
      });
      const body = (await r.json()) as { errors?: unknown; data?: { product?: unknown } };
      if (body.errors || !body.data?.product)
        throw new Error(`product(alias) failed: ${JSON.stringify(body)}`);
    };
    print(`product(alias) ${first.alias}, first request`, await statementsOf(ask(first.alias)));
    print(`product(alias) ${first.alias}, again`, await statementsOf(ask(first.alias)));
    print(`product(alias) ${second.alias}, another product`, await statementsOf(ask(second.alias)));
  }
  if (parts.has("page")) {
    const get = (path: string) => async () => {
      const r = await fetch(`${base}/sv${path}`, {
        headers: { accept: "text/html", "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1)" },
      });
      await r.arrayBuffer();
      if (r.status !== 200) throw new Error(`${path} answered ${r.status}`);
    };
    print(`product page ${first.canonicalUrl}, first request`, await statementsOf(get(first.canonicalUrl)));
    print(
      `product page ${second.canonicalUrl}, another product`,
      await statementsOf(get(second.canonicalUrl)),
    );
    const third = products[2];
    if (third)
      print(`product page ${third.canonicalUrl}, a third`, await statementsOf(get(third.canonicalUrl)));
  }
} finally {
  await shop.stop("bench");
  rmSync(dir, { recursive: true, force: true });
  await pg?.drop();
}

import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { API_HEADERS } from "./channel-query.ts";
import { say } from "./lib.ts";
import { CRAWLER_HEADERS, productBody, productsBody } from "./product-query.ts";

/**
 * The answers a change must leave identical (issue 16: "results identical"), written to a folder to compare with
 * `diff -r` between two worktrees: the first `--pages` product pages server-rendered for the first time (Swedish,
 * and the same paths in Norwegian), each asked twice (the second is the one the page cache keeps, decision 0085),
 * and GraphQL `product(alias)` for each, twice (the second from the response cache), on a fresh shop in production
 * mode (PGlite, or a fresh database on the server in --database-url). The pages' CSP nonces are taken out (they
 * differ per rendering); nothing else is.
 *
 *   node bench/pages-dump.ts --out DIR [--pages 60] [--database-url …]
 */
const { values } = parseArgs({
  options: {
    out: { type: "string" },
    pages: { type: "string", default: "60" },
    "database-url": { type: "string", default: process.env.DATABASE_URL },
  },
});
if (!values.out) throw new Error("--out DIR is required");
const out = values.out;
mkdirSync(out, { recursive: true });

const { startBenchShop } = await import("./shop.ts");
const bench = await startBenchShop({ name: "pages_dump", databaseUrl: values["database-url"] });
const base = bench.origin;
try {
  const list = await fetch(`${base}/graphql`, {
    method: "POST",
    headers: API_HEADERS,
    body: productsBody(Number(values.pages)),
  });
  const products = (
    (await list.json()) as { data: { products: { products: { alias: string; canonicalUrl: string }[] } } }
  ).data.products.products;
  // As bench/product.ts's crawler asks.
  const headers = CRAWLER_HEADERS;
  const page = async (path: string) => {
    const response = await fetch(`${base}${path}`, { headers });
    // This rendering's nonce (in attributes and in the root loader's data) and this run's port differ per run.
    const html = (await response.text())
      .replace(/ nonce="[^"]*"/g, "")
      .replace(/(\\?"nonce\\?",\\?")[^"\\]*/g, "$1…")
      .replaceAll(base, "http://127.0.0.1:PORT");
    return `${response.status} ${response.headers.get("content-type")}\n${html}`;
  };
  const api = async (alias: string) => {
    const response = await fetch(`${base}/graphql`, {
      method: "POST",
      headers: API_HEADERS,
      body: productBody(alias),
    });
    return `${response.status} ${response.headers.get("content-type")}\n${await response.text()}`;
  };
  let i = 0;
  for (const product of products) {
    const name = String(i++).padStart(3, "0");
    writeFileSync(join(out, `${name}-sv.html`), await page(`/sv${product.canonicalUrl}`));
    writeFileSync(join(out, `${name}-sv-again.html`), await page(`/sv${product.canonicalUrl}`));
    writeFileSync(join(out, `${name}-nb.html`), await page(product.canonicalUrl));
    writeFileSync(join(out, `${name}-api.json`), await api(product.alias));
    writeFileSync(join(out, `${name}-api-again.json`), await api(product.alias));
  }
  say(`${i} products written to ${out}`);
} finally {
  await bench.stop();
}

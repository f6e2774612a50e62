import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { benchShopEnv, say, seconds, tempPostgresDatabase } from "./lib.ts";

/**
 * The shop as the browser benches measure it: built if its sources are newer, started in this process in
 * production mode on a fresh PGlite directory (or a fresh database on the server at `databaseUrl`), with a
 * GraphQL helper and the pages the benches visit (home, a list page, a product page, and the checkout with one
 * item in a new Norwegian cart, whose `mili-cart` cookie goes with every request for it).
 */

/** A path on the shop from a canonicalUrl (absolute or not): the benches' shop answers on 127.0.0.1. */
export function pathOf(canonicalUrl: string): string {
  const u = new URL(canonicalUrl, "http://127.0.0.1");
  return `${u.pathname}${u.search}`;
}

export interface BenchPage {
  page: string;
  path: string;
  /** A Cookie header the page needs (the checkout's cart). */
  cookie?: string;
}

export async function startBenchShop(opts: {
  name: string;
  databaseUrl?: string;
  /** More of the shop's environment (e.g. RESPONSE_CACHE: "false"). */
  env?: Record<string, string>;
}) {
  // React and React Router pick their production bundles from process.env.NODE_ENV when first imported.
  process.env.NODE_ENV = "production";
  const { buildIfNeeded } = await import("../scripts/build-if-needed.ts");
  if (buildIfNeeded()) say("built the storefront (build/ was missing or older than its sources)");
  const { start } = await import("../server/main.ts");
  const dir = mkdtempSync(join(tmpdir(), `mili-bench-${opts.name}-`));
  const pg = opts.databaseUrl
    ? await tempPostgresDatabase(opts.databaseUrl, `mili_bench_${opts.name}`)
    : null;
  const startedAt = performance.now();
  const shop = await start({ ...benchShopEnv(dir, pg?.url), ...opts.env });
  say(`shop ready in ${seconds(performance.now() - startedAt)} s on ${shop.db.kind}`);
  const origin = `http://127.0.0.1:${shop.port}`;

  const graphql = async <T>(query: string, variables?: Record<string, unknown>): Promise<T> => {
    const res = await fetch(`${origin}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-apikey": "dev-api-key" },
      body: JSON.stringify({ query, variables }),
    });
    const answer = (await res.json()) as { data?: T; errors?: unknown };
    if (!res.ok || answer.errors || !answer.data) {
      throw new Error(`GraphQL ${query} failed (${res.status}): ${JSON.stringify(answer).slice(0, 500)}`);
    }
    return answer.data;
  };

  /** A new cart in the Norwegian market with one of the first SKUs in stock; answers its Cookie header. */
  const oneItemCart = async (): Promise<string> => {
    const { products } = await graphql<{
      products: { products: { skus: { skuId: number; stock: { totalStock: number } | null }[] }[] };
    }>(
      '{ products(take: 20, channelId: "2|no", languageId: "nb-NO", marketId: "no") { products { skus { skuId stock { totalStock } } } } }',
    );
    const skuId = products.products.flatMap((p) => p.skus).find((s) => (s.stock?.totalStock ?? 0) > 0)?.skuId;
    if (skuId === undefined) throw new Error("no SKU in stock for the checkout's cart");
    const { addToCart } = await graphql<{ addToCart: { id: string } }>(
      'mutation($item: CartItemInputType!) { addToCart(item: $item, channelId: "2|no", languageId: "nb-NO", marketId: "no") { id } }',
      { item: { skuId, quantity: 1 } },
    );
    return `mili-cart=${addToCart.id}`;
  };

  /** The pages named (home, list, product, checkout), in that order. */
  const pages = async (names: Set<string>): Promise<BenchPage[]> => {
    const { categories } = await graphql<{ categories: { canonicalUrl: string | null }[] }>(
      "{ categories { canonicalUrl } }",
    );
    const { products } = await graphql<{ products: { products: { canonicalUrl: string | null }[] } }>(
      "{ products(take: 1) { products { canonicalUrl } } }",
    );
    const categoryUrl = categories.find((c) => c.canonicalUrl)?.canonicalUrl;
    const productUrl = products.products.find((p) => p.canonicalUrl)?.canonicalUrl;
    if (!categoryUrl || !productUrl) throw new Error("no category or product with a canonicalUrl");
    const all: BenchPage[] = [
      { page: "home", path: "/" },
      { page: "list", path: pathOf(categoryUrl) },
      { page: "product", path: pathOf(productUrl) },
      ...(names.has("checkout") ? [{ page: "checkout", path: "/kassen", cookie: await oneItemCart() }] : []),
    ];
    return all.filter((p) => names.has(p.page));
  };

  return {
    shop,
    origin,
    /** A scratch folder of this run (removed by stop). */
    dir,
    graphql,
    pages,
    async stop() {
      await shop.stop("bench");
      rmSync(dir, { recursive: true, force: true });
      await pg?.drop();
    },
  };
}

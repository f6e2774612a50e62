import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { benchShopEnv, say, table, writeResult } from "./lib.ts";

/**
 * The JavaScript a page makes the browser download (issue 16): the shop started in this process in production
 * mode on a fresh PGlite directory; for each page its HTML is fetched and every /assets script it references
 * (module preloads, script sources, the inline bootstrap's imports) is followed through its static imports; the
 * sum of their gzip sizes (level 6, as tests/e2e/performance.test.ts counts them) is reported. The pages: the
 * home page and a product page in Norwegian and Swedish, and the checkout with one item in the cart (Norwegian).
 * "other language" says whether any of the page's scripts carries a text only the other language's catalog has
 * (nb page: "Hoppa till innehållet"; sv page: "Hopp til innholdet").
 *
 * `--list` also prints each page's scripts with their gzip sizes (which chunks a page needs).
 *
 *   node bench/page-js.ts [--name page-js] [--list]
 */
const name = process.argv.includes("--name")
  ? (process.argv[process.argv.indexOf("--name") + 1] ?? "page-js")
  : "page-js";
process.env.NODE_ENV = "production";
const { buildIfNeeded } = await import("../scripts/build-if-needed.ts");
if (buildIfNeeded()) say("built the storefront (build/ was missing or older than its sources)");
const { start } = await import("../server/main.ts");

const OTHER_LANGUAGE = { nb: "Hoppa till innehållet", sv: "Hopp til innholdet" } as const;
const LOCALE = {
  nb: { channelId: "2|no", languageId: "nb-NO", marketId: "no" },
  sv: { channelId: "1|se", languageId: "sv-SE", marketId: "se" },
} as const;

const dir = mkdtempSync(join(tmpdir(), "mili-bench-page-js-"));
let shop: Awaited<ReturnType<typeof start>> | null = null;
try {
  shop = await start(benchShopEnv(dir));
  const origin = `http://127.0.0.1:${shop.port}`;
  const graphql = async <T>(query: string, variables: Record<string, unknown> = {}): Promise<T> => {
    const res = await fetch(`${origin}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-apikey": "dev-api-key" },
      body: JSON.stringify({ query, variables }),
    });
    const answer = (await res.json()) as { data?: T; errors?: unknown };
    if (!res.ok || answer.errors || !answer.data)
      throw new Error(`GraphQL failed: ${JSON.stringify(answer)}`);
    return answer.data;
  };
  const productIn = async (lang: "nb" | "sv") => {
    const { products } = await graphql<{
      products: {
        products: { canonicalUrl: string | null; skus: { skuId: number; stock: { inStock: number } }[] }[];
      };
    }>(
      `query($channelId: String, $languageId: String, $marketId: String) {
        products(take: 20, channelId: $channelId, languageId: $languageId, marketId: $marketId) {
          products { canonicalUrl skus { skuId stock { inStock } } } } }`,
      LOCALE[lang],
    );
    const found = products.products.find((p) => p.canonicalUrl && p.skus.some((s) => s.stock.inStock > 0));
    if (!found?.canonicalUrl) throw new Error(`no product in stock (${lang})`);
    const u = new URL(found.canonicalUrl, origin);
    return {
      path: `${lang === "sv" ? "/sv" : ""}${u.pathname}${u.search}`,
      skuId: found.skus.find((s) => s.stock.inStock > 0)?.skuId ?? 0,
    };
  };
  const nbProduct = await productIn("nb");
  const svProduct = await productIn("sv");
  const { addToCart } = await graphql<{ addToCart: { id: string } }>(
    `mutation($skuId: Int!, $channelId: String, $languageId: String, $marketId: String) {
      addToCart(id: "", item: {skuId: $skuId, quantity: 1}, channelId: $channelId, languageId: $languageId, marketId: $marketId) { id } }`,
    { skuId: nbProduct.skuId, ...LOCALE.nb },
  );
  const pages = [
    { page: "home", lang: "nb" as const, path: "/" },
    { page: "home", lang: "sv" as const, path: "/sv" },
    { page: "product", lang: "nb" as const, path: nbProduct.path },
    { page: "product", lang: "sv" as const, path: svProduct.path },
    {
      page: "checkout",
      lang: "nb" as const,
      path: "/kassen",
      cookie: `mili-cart=${addToCart.id}; mili-checkout-market=no`,
    },
  ];

  const scripts = new Map<string, string>();
  const scriptText = async (path: string) => {
    let text = scripts.get(path);
    if (text === undefined) {
      const res = await fetch(`${origin}${path}`);
      if (!res.ok) throw new Error(`${path} answered ${res.status}`);
      text = await res.text();
      scripts.set(path, text);
    }
    return text;
  };
  const rows = [];
  for (const { page, lang, path, cookie } of pages) {
    const res = await fetch(`${origin}${path}`, {
      headers: { accept: "text/html", ...(cookie ? { cookie } : {}) },
      redirect: "manual",
    });
    const html = await res.text();
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    const queue = [...html.matchAll(/["'(](\/assets\/[^"'()\s]+\.js)["')]/g)].map((m) => m[1] as string);
    const seen = new Set<string>();
    while (queue.length) {
      const next = queue.pop() as string;
      if (seen.has(next)) continue;
      seen.add(next);
      const text = await scriptText(next);
      // Static imports of a built chunk: import{…}from"./x.js" and import"./x.js".
      for (const m of text.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) queue.push(`/assets/${m[1]}`);
    }
    let gzip = 0;
    let raw = 0;
    let other = false;
    for (const script of seen) {
      const text = scripts.get(script) ?? "";
      raw += Buffer.byteLength(text);
      gzip += gzipSync(Buffer.from(text), { level: 6 }).byteLength;
      if (text.includes(OTHER_LANGUAGE[lang])) other = true;
    }
    if (process.argv.includes("--list")) {
      say(`${page} ${lang} ${path}:`);
      for (const script of [...seen].sort()) {
        const text = scripts.get(script) ?? "";
        say(
          `  ${script}  ${Buffer.byteLength(text)} B, gzip ${gzipSync(Buffer.from(text), { level: 6 }).byteLength} B`,
        );
      }
    }
    rows.push({ page, lang, path, scripts: seen.size, raw, gzip, "other language": other ? "yes" : "no" });
  }
  table(rows);
  writeResult(name, { pages: rows });
} finally {
  await shop?.stop("bench");
  rmSync(dir, { recursive: true, force: true });
}

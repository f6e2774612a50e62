import { mkdirSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { graphql } from "graphql";
import pino from "pino";
import { createApiContext } from "#api/context.ts";
import { schema } from "#api/schema.ts";
import { type DbHandle, openDatabase } from "#db/client.ts";
import { catalogCounts, seed } from "#db/seed/index.ts";
import { createReferenceCache } from "#services/reference.ts";
import { root, round, say, table, writeResult } from "./lib.ts";

/**
 * Catalog list and search latency on a large catalog: the `products` query of a category list with two active
 * facets (a brand and a size) plus the facet counts and price range, and search for a broad and a narrow term,
 * each executed in-process against the GraphQL schema (resolvers, services and SQL; no HTTP), one request at a
 * time. Two more scenarios vary the request every time (another brand and size, another search text), so no
 * answer repeats: lists keep no results, only search expansions per text (until the catalog's words change).
 * "first list" is the first request of the process: it reads the list index into memory (services/catalog-index/).
 * The catalog is seeded once and kept: PGlite in var/bench/catalog-{N}, PostgreSQL in the database of
 * --database-url (default mili_bench_catalog on the local server, which must exist).
 *
 *   node bench/catalog.ts [--products 100000] [--targets postgres,pglite] [--requests 200] [--database-url …]
 */
const { values } = parseArgs({
  options: {
    products: { type: "string", default: "100000" },
    targets: { type: "string", default: "postgres,pglite" },
    requests: { type: "string", default: "200" },
    warmup: { type: "string", default: "20" },
    "database-url": {
      type: "string",
      default: process.env.BENCH_CATALOG_URL ?? "postgres://postgres@127.0.0.1:5432/mili_bench_catalog",
    },
  },
});
const products = Number(values.products);
const requests = Number(values.requests);
const warmup = Number(values.warmup);

async function open(target: string): Promise<DbHandle> {
  if (target === "postgres") return openDatabase({ url: values["database-url"] });
  const dir = join(root, "var", "bench", `catalog-${products}`);
  mkdirSync(dir, { recursive: true });
  return openDatabase({ dir });
}

const LIST = /* GraphQL */ `
  query List($categoryAlias: String, $filter: FilterInputType, $channelId: String, $languageId: String) {
    products(take: 20, categoryAlias: $categoryAlias, filter: $filter, channelId: $channelId, languageId: $languageId) {
      count
      products {
        productId name alias canonicalUrl brand { name } productImages { fileName }
        unitPrice { sellingPriceIncVatFormatted regularPriceIncVatFormatted isDiscounted }
        lowestPrice { lowestPriceIncVatFormatted discountPercentage } rating { score voteCount }
        totalStock { totalStock }
      }
      filters { price { lowest highest } facets { filterId label values { facetId label count } } }
    }
  }
`;

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;
}

const startLoad = loadavg().map((l) => round(l));
const results: Record<string, string | number>[] = [];
for (const target of values.targets.split(",")) {
  const handle = await open(target);
  await handle.migrate();
  const have = (await catalogCounts(handle)).products;
  if (have < products) {
    say(`${target}: seeding ${products} products (found ${have}) …`);
    await handle.db.execute("drop schema if exists public cascade");
    await handle.db.execute("drop schema if exists drizzle cascade");
    await handle.db.execute("create schema public");
    await handle.migrate();
    const started = performance.now();
    await seed(handle, { products });
    say(`${target}: seeded in ${round((performance.now() - started) / 1000)} s`);
  }
  const services = {
    db: handle.db,
    reference: createReferenceCache(handle.db),
    logger: pino({ level: "silent" }),
  };
  let n = 0;
  const run = async (query: string, variables: Record<string, unknown>) => {
    const r = await graphql({
      schema,
      source: query,
      variableValues: variables,
      contextValue: createApiContext(services, `bench-${n++}`),
    });
    if (r.errors?.length) throw new Error(r.errors.map((e) => e.message).join("; "));
    // biome-ignore lint/suspicious/noExplicitAny: the answers of the queries above.
    return r.data as any;
  };
  const locale = { channelId: "2|no", languageId: "nb-NO" };
  // The two active facets: the category's biggest brand and size M.
  const started = performance.now();
  const first = await run(LIST, { ...locale, categoryAlias: "klaer" });
  const firsts: Record<string, string | number>[] = [
    { target, scenario: "first list (reads the index)", maxMs: round(performance.now() - started) },
  ];
  const brands = first.products.filters.facets.find((f: { filterId: string }) => f.filterId === "brands");
  const brand = [...brands.values].sort((a: { count: number }, b: { count: number }) => b.count - a.count)[0];
  const searched = performance.now();
  const narrowName: string = (await run(LIST, { ...locale, filter: { searchText: "vinterjakke" } })).products
    .products[0].name;
  firsts.push({
    target,
    scenario: "first search (reads the language's documents)",
    maxMs: round(performance.now() - searched),
  });
  const narrow = narrowName.split(" ").slice(1, 3).join(" ").toLowerCase(); // model and noun, e.g. "rimfrost vinterjakke"
  const brandIds: string[] = [...brands.values]
    .sort((a: { count: number }, b: { count: number }) => b.count - a.count)
    .slice(0, 12)
    .map((v: { facetId: string }) => v.facetId);
  const sizes = ["s_S", "s_M", "s_L", "s_XL", "s_38", "s_42"];
  const texts = [
    "jakke",
    "bukse",
    "sko",
    "sekk",
    "lue",
    "ull",
    "dun",
    "telt",
    "sovepose",
    "hansker",
    "genser",
    "løpesko",
  ];
  const scenarios: { name: string; variables: (i: number) => Record<string, unknown> }[] = [
    {
      name: "list: category + 2 facets + counts",
      variables: () => ({ ...locale, categoryAlias: "klaer", filter: { facets: [brand.facetId, "s_M"] } }),
    },
    { name: "search: broad (jakke)", variables: () => ({ ...locale, filter: { searchText: "jakke" } }) },
    { name: `search: narrow (${narrow})`, variables: () => ({ ...locale, filter: { searchText: narrow } }) },
    {
      name: "list: varied brand × size (klaer)",
      variables: (i) => ({
        ...locale,
        categoryAlias: "klaer",
        filter: {
          facets: [brandIds[i % brandIds.length], sizes[Math.floor(i / brandIds.length) % sizes.length]],
        },
      }),
    },
    {
      name: "search: varied texts",
      variables: (i) => ({ ...locale, filter: { searchText: texts[i % texts.length] } }),
    },
  ];
  for (const s of scenarios) {
    for (let i = 0; i < warmup; i++) await run(LIST, s.variables(i));
    const times: number[] = [];
    let count = 0;
    const counts = new Set<number>();
    for (let i = 0; i < requests; i++) {
      const t = performance.now();
      const data = await run(LIST, s.variables(i + warmup));
      times.push(performance.now() - t);
      count = data.products.count;
      counts.add(count);
    }
    times.sort((a, b) => a - b);
    results.push({
      target,
      scenario: s.name,
      products: counts.size > 1 ? `${Math.min(...counts)}–${Math.max(...counts)}` : count,
      p50ms: round(percentile(times, 50)),
      p95ms: round(percentile(times, 95)),
      maxMs: round(times.at(-1) ?? 0),
    });
  }
  results.push(...firsts);
  await handle.close();
}
const load = loadavg().map((l) => round(l));
say(`load average at the start: ${startLoad.join(", ")}; at the end: ${load.join(", ")}`);
table(results);
writeResult(`catalog-${products}`, {
  products,
  requests,
  loadAverage: { start: startLoad, end: load },
  results,
});

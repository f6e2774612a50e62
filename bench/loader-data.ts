import { parseArgs } from "node:util";
import { print } from "graphql";
import { ProductPageQuery } from "../app/lib/graphql/product-operations.ts";
import { API_HEADERS } from "./channel-query.ts";
import { round, say, table, writeResult } from "./lib.ts";
import { CRAWLER_HEADERS } from "./product-query.ts";

/**
 * What a product page sends beside its HTML, and what its GraphQL operation resolves (issue 16, decision 0080): for
 * the first `--pages` products of the default channel (Swedish), on a fresh shop in production mode (PGlite, or a
 * fresh database on the server in --database-url):
 *
 * - the page as a crawler gets it the first time: its bytes, and the bytes of the loader data inlined in it (the
 *   turbo-stream strings React Router enqueues in `<script>`s; root and product loaders together);
 * - the same page's loader data as a client-side navigation fetches it (`{path}.data`);
 * - the storefront's ProductPage operation (the page's own document, variables as the loader sends them) POSTed to
 *   /graphql: the fields in its answer (every key of every object, i.e. every field GraphQL resolved and encoded),
 *   of them the fields under `product.variantGroup`, and the answer's bytes.
 *
 * Run it in two worktrees to compare. Deterministic (no timing).
 *
 *   node bench/loader-data.ts [--pages 60] [--database-url …] [--name loader-data]
 */
const { values } = parseArgs({
  options: {
    pages: { type: "string", default: "60" },
    "database-url": { type: "string", default: process.env.DATABASE_URL },
    name: { type: "string", default: "loader-data" },
  },
});

/** Every key of every object in a JSON value: the fields GraphQL resolved for it. */
export function countFields(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((n: number, v) => n + countFields(v), 0);
  if (value && typeof value === "object")
    return Object.values(value).reduce((n: number, v) => n + 1 + countFields(v), 0);
  return 0;
}

/** The strings the document enqueues into React Router's stream controller (the inline loader data). */
function inlineLoaderData(html: string): string {
  const chunks = [...html.matchAll(/streamController\.enqueue\(("(?:[^"\\]|\\.)*")\)/g)];
  return chunks.map((m) => JSON.parse(m[1] as string) as string).join("");
}

const { startBenchShop } = await import("./shop.ts");
const bench = await startBenchShop({ name: "loader_data", databaseUrl: values["database-url"] });
const base = bench.origin;
const query = print(ProductPageQuery);
try {
  const list = await bench.graphql<{
    products: { products: { alias: string; canonicalUrl: string }[] };
  }>(
    `query($take: Int) { products(take: $take, channelId: "1|se", languageId: "sv-SE", marketId: "se") {
      products { alias canonicalUrl } } }`,
    { take: Number(values.pages) },
  );
  const rows: {
    alias: string;
    levels: number;
    htmlBytes: number;
    inlineLoaderBytes: number;
    dataBytes: number;
    fields: number;
    variantGroupFields: number;
    answerBytes: number;
  }[] = [];
  for (const { alias, canonicalUrl } of list.products.products) {
    const path = `/sv${new URL(canonicalUrl, "http://x").pathname}`;
    const html = await (await fetch(`${base}${path}`, { headers: CRAWLER_HEADERS })).text();
    const data = await (await fetch(`${base}${path}.data`)).arrayBuffer();
    const answer = await fetch(`${base}/graphql`, {
      method: "POST",
      headers: API_HEADERS,
      body: JSON.stringify({
        query,
        variables: {
          alias,
          reviewsTake: 5,
          questionsTake: 5,
          historyDays: 90,
          channelId: "1|se",
          marketId: "se",
          languageId: "sv-SE",
        },
      }),
    });
    const text = await answer.text();
    const body = JSON.parse(text) as {
      data?: { product?: { variantGroup?: { variants: unknown[] } | null } | null };
      errors?: unknown;
    };
    if (body.errors || !body.data?.product) throw new Error(`ProductPage ${alias}: ${text.slice(0, 400)}`);
    const group = body.data.product.variantGroup;
    let levels = 0;
    for (let nodes = group?.variants ?? []; nodes.length; levels++)
      nodes = (nodes as { variants?: unknown[] }[]).flatMap((n) => n.variants ?? []);
    rows.push({
      alias,
      levels,
      htmlBytes: Buffer.byteLength(html),
      inlineLoaderBytes: Buffer.byteLength(inlineLoaderData(html)),
      dataBytes: data.byteLength,
      fields: countFields(body.data),
      variantGroupFields: countFields({ variantGroup: group }),
      answerBytes: Buffer.byteLength(text),
    });
  }
  const mean = (pick: (r: (typeof rows)[number]) => number, of = rows) =>
    of.length ? round(of.reduce((n, r) => n + pick(r), 0) / of.length, 1) : 0;
  const summary = (label: string, of: typeof rows) => ({
    products: label,
    count: of.length,
    "HTML B": mean((r) => r.htmlBytes, of),
    "inline loader B": mean((r) => r.inlineLoaderBytes, of),
    ".data B": mean((r) => r.dataBytes, of),
    "GraphQL fields": mean((r) => r.fields, of),
    "of them variantGroup": mean((r) => r.variantGroupFields, of),
    "answer B": mean((r) => r.answerBytes, of),
  });
  const byLevels = [0, 1, 2, 3].map((n) => rows.filter((r) => r.levels === n));
  const summaries = [
    summary("all (mean)", rows),
    ...byLevels.flatMap((of, n) => (of.length ? [summary(`${n} levels (mean)`, of)] : [])),
  ];
  table(summaries);
  const examples = [rows.find((r) => r.levels === 3), rows.find((r) => r.levels === 0)].filter(
    (r) => r !== undefined,
  );
  table(examples);
  writeResult(values.name as string, {
    command: `node bench/loader-data.ts ${process.argv.slice(2).join(" ")}`.trim(),
    database: bench.shop.db.kind,
    summaries,
    rows,
  });
  say(`${rows.length} product pages`);
} finally {
  await bench.stop();
}

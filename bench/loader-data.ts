import { parseArgs } from "node:util";
import { type FieldNode, Kind, parse, print, visit } from "graphql";
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
 * Run it in two worktrees to compare; this part is deterministic (no timing).
 *
 * `--cpu-rounds N` then measures what the operation's selection of the variant tree costs the API, in this one
 * process: N rounds over the same products, each POSTing the page's operation and the same operation asking the
 * tree as the page did before decision 0080 (every field of every variant, stock included, three levels), in
 * turn (the order flipped every product), with the response cache off; this process's CPU (process.cpuUsage,
 * all threads) around each request, summed per document. Both documents read the same rows: the difference is
 * GraphQL's execution and the answer's encoding and parsing.
 *
 *   node bench/loader-data.ts [--pages 60] [--cpu-rounds 0] [--database-url …] [--name loader-data]
 */
const { values } = parseArgs({
  options: {
    pages: { type: "string", default: "60" },
    "database-url": { type: "string", default: process.env.DATABASE_URL },
    name: { type: "string", default: "loader-data" },
    "cpu-rounds": { type: "string", default: "0" },
  },
});
const cpuRounds = Number(values["cpu-rounds"]);

/** Every key of every object in a JSON value: the fields GraphQL resolved for it. */
export function countFields(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((n: number, v) => n + countFields(v), 0);
  if (value && typeof value === "object")
    return Object.values(value).reduce((n: number, v) => n + 1 + countFields(v), 0);
  return 0;
}

const jsonBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value ?? null));

/** The strings the document enqueues into React Router's stream controller (the inline loader data). */
function inlineLoaderData(html: string): string {
  const chunks = [...html.matchAll(/streamController\.enqueue\(("(?:[^"\\]|\\.)*")\)/g)];
  return chunks.map((m) => JSON.parse(m[1] as string) as string).join("");
}

/** The variant tree as the page asked for it before decision 0080: every variant field, stock included. */
const WHOLE_TREE = `{ variants { ...V variants { ...V variants { ...V } } } }
  fragment V on VariantType { level label value dimension skuId productId primaryImage canonicalUrl
    stock { inStock oversellable totalStock static incoming } }`;

/** The page's operation with `product.variantGroup` asking for the whole tree (no fragments of its own). */
function wholeTreeQuery(): string {
  const parsed = parse(`query ${WHOLE_TREE}`);
  const [operation, fragment] = parsed.definitions;
  if (operation?.kind !== Kind.OPERATION_DEFINITION || fragment?.kind !== Kind.FRAGMENT_DEFINITION)
    throw new Error("WHOLE_TREE");
  const inline = (set: typeof operation.selectionSet): typeof operation.selectionSet =>
    visit(set, {
      FragmentSpread: () => ({ kind: Kind.INLINE_FRAGMENT, selectionSet: fragment.selectionSet }),
    });
  const document = visit(ProductPageQuery, {
    Field(node: FieldNode) {
      if (node.name.value !== "variantGroup") return undefined;
      return { ...node, selectionSet: inline(operation.selectionSet) };
    },
  });
  // Fragments the page's tree spread and nothing else does are left out (an unused fragment is invalid).
  const used = new Set<string>();
  visit(document, { FragmentSpread: (n) => void used.add(n.name.value) });
  return print({
    ...document,
    definitions: document.definitions.filter(
      (d) => d.kind !== Kind.FRAGMENT_DEFINITION || used.has(d.name.value),
    ),
  });
}

const { startBenchShop } = await import("./shop.ts");
const bench = await startBenchShop({
  name: "loader_data",
  databaseUrl: values["database-url"],
  // Every operation is computed (the CPU part asks each product many times); pages and answers are the same.
  env: { RESPONSE_CACHE: "false" },
});
const base = bench.origin;
const query = print(ProductPageQuery);
const variables = (alias: string) => ({
  alias,
  reviewsTake: 5,
  questionsTake: 5,
  channelId: "1|se",
  marketId: "se",
  languageId: "sv-SE",
});
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
    /** JSON bytes of each part of the answer: its root fields, the product without its variant tree, the tree. */
    answerParts: Record<string, number>;
  }[] = [];
  for (const { alias, canonicalUrl } of list.products.products) {
    const path = `/sv${new URL(canonicalUrl, "http://x").pathname}`;
    const html = await (await fetch(`${base}${path}`, { headers: CRAWLER_HEADERS })).text();
    const data = await (await fetch(`${base}${path}.data`)).arrayBuffer();
    const answer = await fetch(`${base}/graphql`, {
      method: "POST",
      headers: API_HEADERS,
      body: JSON.stringify({ query, variables: variables(alias) }),
    });
    const text = await answer.text();
    const body = JSON.parse(text) as {
      data?: {
        product?: ({ variantGroup?: { variants: unknown[] } | null } & Record<string, unknown>) | null;
      } & Record<string, unknown>;
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
      answerParts: Object.fromEntries(
        Object.entries(body.data).flatMap(([key, value]) => {
          if (key !== "product" || !value || typeof value !== "object") return [[key, jsonBytes(value)]];
          const { variantGroup, ...rest } = value as Record<string, unknown>;
          return [
            ["product (without variantGroup)", jsonBytes(rest)],
            ["product.variantGroup", jsonBytes(variantGroup)],
          ];
        }),
      ),
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
  // The first product (the one the browser benches open) and the one with the most fields.
  const largest = rows.reduce((a, b) => (b.fields > a.fields ? b : a));
  const examples = [rows[0], largest].filter((r) => r !== undefined);
  table(examples.map(({ answerParts: _, ...r }) => r));
  const parts = [...new Set(rows.flatMap((r) => Object.keys(r.answerParts)))];
  table(parts.map((part) => ({ "answer part": part, "mean JSON B": mean((r) => r.answerParts[part] ?? 0) })));
  let cpu: Record<string, number> | null = null;
  if (cpuRounds > 0) {
    const documents = { page: query, wholeTree: wholeTreeQuery() };
    const used = { page: 0, wholeTree: 0 };
    let asked = 0;
    const ask = async (which: keyof typeof documents, alias: string) => {
      const since = process.cpuUsage();
      const answer = await fetch(`${base}/graphql`, {
        method: "POST",
        headers: API_HEADERS,
        body: JSON.stringify({ query: documents[which], variables: variables(alias) }),
      });
      const body = (await answer.json()) as { errors?: unknown };
      const spent = process.cpuUsage(since);
      if (body.errors) throw new Error(`${which} ${alias}: ${JSON.stringify(body.errors).slice(0, 400)}`);
      used[which] += (spent.user + spent.system) / 1000;
    };
    const aliases = rows.map((r) => r.alias);
    // A round to warm both documents (parsing, validation and the executor's compiled plans are cached per document).
    for (const alias of aliases.slice(0, 10)) {
      await ask("page", alias);
      await ask("wholeTree", alias);
    }
    used.page = 0;
    used.wholeTree = 0;
    for (let round = 0; round < cpuRounds; round++)
      for (const [i, alias] of aliases.entries()) {
        const order = (round + i) % 2 ? (["page", "wholeTree"] as const) : (["wholeTree", "page"] as const);
        for (const which of order) await ask(which, alias);
        asked++;
      }
    cpu = {
      operationsEach: asked,
      pageMsPerOperation: round(used.page / asked, 3),
      wholeTreeMsPerOperation: round(used.wholeTree / asked, 3),
      differenceMs: round((used.wholeTree - used.page) / asked, 3),
      differencePercent: round((100 * (used.wholeTree - used.page)) / used.wholeTree, 1),
    };
    say();
    say(
      `CPU per ProductPage operation over ${asked} each, in turn: the page's ${cpu.pageMsPerOperation} ms, the whole tree ${cpu.wholeTreeMsPerOperation} ms (${cpu.differenceMs} ms, ${cpu.differencePercent} %)`,
    );
  }
  writeResult(values.name as string, {
    command: `node bench/loader-data.ts ${process.argv.slice(2).join(" ")}`.trim(),
    database: bench.shop.db.kind,
    summaries,
    cpu,
    rows,
  });
  say(`${rows.length} product pages`);
} finally {
  await bench.stop();
}

import { parseArgs } from "node:util";
import { type PGlite, parse, protocol, type QueryOptions } from "@electric-sql/pglite";
import { isRead } from "../db/prepared-reads.ts";
import { round, say, table, writeResult } from "./lib.ts";
import { swedishProductPages } from "./product-query.ts";
import { startBenchShop } from "./shop.ts";

/**
 * Where PGlite's JavaScript goes in turning a prepared read's answer into rows (decision 0087): renders `--pages`
 * first-visit product pages on PGlite, keeps each read the shop sends with its parameters and its options
 * (drizzle's row mode and parsers), then runs each once more as a named prepared statement and keeps the bytes
 * PostgreSQL answered (Bind, Describe P, Execute, Sync). Over those bytes, `--rounds` times each, one after
 * another, it times the steps PGlite takes (its protocol Parser into messages, `parseResults` into rows), the
 * parts of those (the values' JSON.parse alone, the values' text decoding alone), and the shop's own decoder
 * (db/pglite-rows.ts) — milliseconds per page, this process's CPU (the median of the rounds), no HTTP. For scale,
 * the same runs' PostgreSQL work (PGlite's raw entry, answer ignored) with and without a Describe of the portal.
 *
 *   node bench/pglite-rows.ts [--pages 30] [--rounds 20] [--name pglite-rows]
 */
const { values } = parseArgs({
  options: {
    pages: { type: "string", default: "30" },
    rounds: { type: "string", default: "20" },
    name: { type: "string", default: "pglite-rows" },
  },
});
const pages = Number(values.pages);
const rounds = Number(values.rounds);
const bench = await startBenchShop({ name: "rows" });
const { shop, origin: base } = bench;
const client = (shop.db.db as unknown as { $client: PGlite }).$client;
const internals = client as unknown as { parsers: Parameters<typeof parse.parseResults>[1] };
try {
  const { paths, read: get } = await swedishProductPages(base, pages + 1);
  await get(paths[0] as string);
  const seen: { text: string; params: unknown[]; options?: QueryOptions }[] = [];
  const query = client.query;
  client.query = ((text: string, params?: unknown[], options?: QueryOptions) => {
    if (isRead(text) && !options?.blob) seen.push({ text, params: params ?? [], options });
    return query(text, params, options);
  }) as PGlite["query"];
  for (const path of paths.slice(1, pages + 1)) await get(path);
  client.query = query;
  const counted = paths.slice(1, pages + 1).length;

  // Each read once more, named, its answer's bytes kept (PGlite's own protocol entry, as the shop's reads run).
  const { serialize } = protocol;
  const answers: { bytes: Uint8Array; options?: QueryOptions }[] = [];
  // Each read's messages for a run, with and without Describe P, for the WASM steps below.
  const runs: { described: Uint8Array; bare: Uint8Array; name: string; values: (string | null)[] }[] = [];
  const names: string[] = [];
  let n = 0;
  for (const { text, params, options } of seen) {
    const name = `bench_rows_${n++}`;
    names.push(name);
    const described = await client.execProtocol(
      concat(serialize.parse({ name, text }), serialize.describe({ type: "S", name }), serialize.sync()),
      { syncToFs: false },
    );
    const types = parse.parseDescribeStatementResults(described.messages);
    const serializers = (client as unknown as { serializers: Record<number, (v: unknown) => string> })
      .serializers;
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = options?.serializers?.[types[i] as number] ?? serializers[types[i] as number];
      return serializer ? serializer(value) : String(value);
    });
    const { data } = await client.execProtocol(
      concat(
        serialize.bind({ statement: name, values }),
        serialize.describe({ type: "P" }),
        serialize.execute({}),
        serialize.sync(),
      ),
      { syncToFs: false },
    );
    answers.push({ bytes: data.slice(), options });
    const bind = serialize.bind({ statement: name, values });
    runs.push({
      described: concat(bind, serialize.describe({ type: "P" }), serialize.execute({}), serialize.sync()),
      bare: concat(bind, serialize.execute({}), serialize.sync()),
      name,
      values,
    });
  }
  const bytes = answers.reduce((sum, a) => sum + a.bytes.length, 0);
  say(
    `${seen.length} reads of ${counted} product pages, ${round(bytes / counted / 1024)} kB answered per page`,
  );

  // What each answer holds: its messages (PGlite's parser), the values per type.
  const messagesOf = answers.map(({ bytes }) => {
    const out: unknown[] = [];
    new protocol.Parser().parse(bytes, (m) => out.push(m));
    return out as Parameters<typeof parse.parseResults>[0];
  });
  const valuesByType = new Map<number, { count: number; chars: number }>();
  const jsonValues: string[] = [];
  let rowsTotal = 0;
  for (const messages of messagesOf) {
    let types: number[] = [];
    for (const m of messages as unknown as {
      name: string;
      fields: ({ dataTypeID: number } | string | null)[];
    }[]) {
      if (m.name === "rowDescription") types = m.fields.map((f) => (f as { dataTypeID: number }).dataTypeID);
      if (m.name === "dataRow") {
        rowsTotal++;
        m.fields.forEach((v, i) => {
          const type = types[i] as number;
          const entry = valuesByType.get(type) ?? { count: 0, chars: 0 };
          entry.count++;
          entry.chars += typeof v === "string" ? v.length : 0;
          valuesByType.set(type, entry);
          if ((type === 114 || type === 3802) && typeof v === "string") jsonValues.push(v);
        });
      }
    }
  }
  say(`${rowsTotal} rows; values per type (oid: count, characters), per page:`);
  table(
    [...valuesByType.entries()]
      .sort((a, b) => b[1].chars - a[1].chars)
      .map(([oid, { count, chars }]) => ({
        oid,
        valuesPerPage: round(count / counted),
        charsPerPage: round(chars / counted),
      })),
  );

  const identityJson = { 114: (x: string) => x, 3802: (x: string) => x };
  const ignore = () => {};
  const steps: Record<string, () => unknown> = {
    "PostgreSQL in WASM: Bind, Describe P, Execute, Sync (answer not parsed)": async () => {
      for (const { described } of runs)
        await client.execProtocolRawStream(described, { syncToFs: false, onRawData: ignore });
    },
    "PostgreSQL in WASM: Bind, Execute, Sync (answer not parsed)": async () => {
      for (const { bare } of runs)
        await client.execProtocolRawStream(bare, { syncToFs: false, onRawData: ignore });
    },
    "PGlite's serializer: Bind, Execute, Sync, in one buffer": () => {
      for (const { name, values } of runs)
        concat(serialize.bind({ statement: name, values }), serialize.execute({}), serialize.sync());
    },
    "PGlite Parser (bytes → messages)": () => {
      for (const { bytes } of answers) new protocol.Parser().parse(bytes, () => {});
    },
    "parseResults (messages → rows)": () => {
      for (let i = 0; i < answers.length; i++)
        parse.parseResults(messagesOf[i] as never, internals.parsers, answers[i]?.options);
    },
    "parseResults, json left as text": () => {
      for (let i = 0; i < answers.length; i++) {
        const options = answers[i]?.options;
        parse.parseResults(messagesOf[i] as never, internals.parsers, {
          ...options,
          parsers: { ...options?.parsers, ...identityJson },
        });
      }
    },
    "parseResults' spread of the parsers alone (once per read)": () => {
      for (const a of answers) ({ ...internals.parsers, ...a.options?.parsers });
    },
    "JSON.parse of the json/jsonb values alone": () => {
      for (const v of jsonValues) JSON.parse(v);
    },
    "the values' text decoding alone (one TextDecoder call per value)": () => {
      const decoder = new TextDecoder();
      for (const { bytes } of answers) forEachValue(bytes, (a, b) => decoder.decode(bytes.subarray(a, b)));
    },
    "the values' text decoding alone (Buffer toString per value)": () => {
      for (const { bytes } of answers) {
        const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        forEachValue(bytes, (a, b) => buffer.toString("utf8", a, b));
      }
    },
  };
  try {
    // Not on a commit before decision 0087.
    const { decodeAnswer } = (await import("../db/pglite-rows.ts")) as {
      decodeAnswer?: (
        bytes: Uint8Array,
        end: number,
        columns: undefined,
        parsers: unknown,
        options?: QueryOptions,
      ) => unknown;
    };
    if (decodeAnswer)
      steps["the shop's decoder (bytes → rows, db/pglite-rows.ts)"] = () => {
        for (const { bytes, options } of answers)
          decodeAnswer(bytes, bytes.length, undefined, internals.parsers, options);
      };
  } catch {
    // No decoder on this commit.
  }
  const rows: { step: string; msPerPage: number }[] = [];
  for (const [step, fn] of Object.entries(steps)) {
    for (let i = 0; i < 3; i++) await fn();
    const times: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const t = process.cpuUsage();
      await fn();
      const d = process.cpuUsage(t);
      times.push((d.user + d.system) / 1000);
    }
    times.sort((a, b) => a - b);
    rows.push({ step, msPerPage: round((times[Math.floor(times.length / 2)] as number) / counted, 3) });
  }
  table(rows);
  for (const name of names)
    await client.execProtocol(concat(serialize.close({ type: "S", name }), serialize.sync()), {
      syncToFs: false,
    });
  writeResult(values.name, {
    pages: counted,
    reads: seen.length,
    rows: rowsTotal,
    kBPerPage: round(bytes / counted / 1024),
    valuesByType: Object.fromEntries(valuesByType),
    steps: rows,
  });
} finally {
  await bench.stop();
}

function concat(...messages: Uint8Array[]) {
  const out = new Uint8Array(messages.reduce((sum, m) => sum + m.length, 0));
  let at = 0;
  for (const m of messages) {
    out.set(m, at);
    at += m.length;
  }
  return out;
}

/** Calls `fn` with the byte range of every DataRow value in an answer (nulls skipped). */
function forEachValue(bytes: Uint8Array, fn: (start: number, end: number) => void) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 0;
  while (at + 5 <= bytes.length) {
    const code = bytes[at] as number;
    const length = view.getInt32(at + 1);
    if (code === 0x44) {
      const count = view.getInt16(at + 5);
      let p = at + 7;
      for (let i = 0; i < count; i++) {
        const len = view.getInt32(p);
        p += 4;
        if (len >= 0) {
          fn(p, p + len);
          p += len;
        }
      }
    }
    at += 1 + length;
  }
}

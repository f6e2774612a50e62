import {
  type messages,
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
} from "@electric-sql/pglite";
import { answerError, type Columns, decodeRows } from "./pglite-rows.ts";
import { isRead } from "./prepared-reads.ts";

/**
 * Runs PGlite's reads as named prepared statements (decision 0072). PGlite's `query()` sends every statement
 * unnamed — Parse, Bind, Execute — so PostgreSQL parses and plans it again each time, and for the product page's
 * larger reads planning costs as much as running (the product's card statement: 1.3 ms planning, 0.6 ms running;
 * the variant group 2.2 / 2.1 ms). Named, a statement is parsed once and, after PostgreSQL's first custom plans,
 * runs from its cached plan: the product page's statements took a third of the time (bench/README.md).
 *
 * Only statements that begin with `select` go this way: they write nothing and notify nobody, so nothing of
 * PGlite's own path after a query (its file-system sync, a notification's delivery) is skipped. Statements inside
 * a transaction go through the transaction's own handle, which this does not touch. The statements are kept per
 * text, the `max` most recently used (the oldest is closed); an error drops the statement so the next use
 * prepares it again; a read whose columns changed under it (`cached plan must not change result type`, 0A000, after
 * a migration) is prepared anew and run once more, as postgres.js does.
 *
 * A statement's result columns are taken from its Describe when it is prepared (a named statement's columns cannot
 * change: PostgreSQL answers 0A000 instead), so each run sends only Bind, Execute and Sync, and its answer's bytes
 * are turned into rows directly (db/pglite-rows.ts, decision 0087) rather than by PGlite's message parser and
 * `parseResults`, which gave the same rows for about ten times the JavaScript.
 */
export function prepareReads(client: PGlite, max = 256): void {
  const unnamed = client.query.bind(client);
  const names = new Map<string, { name: string; types: number[]; columns: Columns }>();
  let next = 0;
  const { serialize } = protocol;
  const internals = client as unknown as {
    _checkReady(): Promise<void>;
    _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
    serializers: Record<number, (value: unknown) => string>;
    parsers: Parameters<typeof parse.parseResults>[1];
  };
  // One call of PGlite's protocol entry per exchange: the messages in one buffer, ending with Sync, so an error
  // anywhere in it (PostgreSQL then skips to the Sync) still ends the exchange. Preparing and closing take PGlite's
  // stream entry, which parses the answer into messages as it comes; a run takes the raw entry below.
  const exchange = (...messages: Uint8Array[]) =>
    client.execProtocolStream(joined(messages), { syncToFs: false });
  // A run's answer: PGlite's raw entry hands over PostgreSQL's bytes as it writes them (views into the WASM
  // memory, copied here at once); one buffer, reused, is enough, as runs take turns and are decoded before the next.
  let answer = new Uint8Array(64 * 1024);
  let answered = 0;
  const collect = (bytes: Uint8Array) => {
    if (answered + bytes.length > answer.length) {
      const larger = new Uint8Array(Math.max(answer.length * 2, answered + bytes.length));
      larger.set(answer.subarray(0, answered));
      answer = larger;
    }
    answer.set(bytes, answered);
    answered += bytes.length;
  };
  const exchangeRaw = async (...messages: Uint8Array[]) => {
    const buffer = joined(messages);
    answered = 0;
    // An answer of a megabyte or more does not keep its buffer after it is decoded.
    if (answer.length > 1024 * 1024) answer = new Uint8Array(64 * 1024);
    await client.execProtocolRawStream(buffer, { syncToFs: false, onRawData: collect });
  };

  async function run<T>(text: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> {
    let entry = names.get(text);
    if (entry) {
      names.delete(text);
      names.set(text, entry);
    } else {
      const name = `mili_${next++}`;
      // A Parse that fails (a syntax error, a missing column) creates no statement: nothing to close.
      const described = await exchange(
        serialize.parse({ name, text }),
        serialize.describe({ type: "S", name }),
        serialize.sync(),
      );
      const types = parse.parseDescribeStatementResults(described);
      const row = described.find((m): m is messages.RowDescriptionMessage => m.name === "rowDescription");
      const columns: Columns = {
        names: row?.fields.map((f) => f.name) ?? [],
        types: row?.fields.map((f) => f.dataTypeID) ?? [],
      };
      entry = { name, types, columns };
      names.set(text, entry);
      if (names.size > max) {
        const [oldText, oldest] = names.entries().next().value as [string, { name: string }];
        names.delete(oldText);
        await exchange(serialize.close({ type: "S", name: oldest.name }), serialize.sync());
      }
    }
    const { types } = entry;
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = types[i] as number;
      const serializer = options?.serializers?.[type] ?? internals.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    try {
      await exchangeRaw(
        serialize.bind({ statement: entry.name, values }),
        serialize.execute({}),
        serialize.sync(),
      );
      const error = answerError(answer, answered, options);
      if (error) throw error;
    } catch (error) {
      // The statement is dropped so its next use prepares it again (after a migration: with the new columns).
      if (names.get(text) === entry) names.delete(text);
      await exchange(serialize.close({ type: "S", name: entry.name }), serialize.sync());
      throw error;
    }
    return decodeRows<T>(answer, answered, entry.columns, internals.parsers, options);
  }

  client.query = (async <T>(
    text: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<Results<T>> => {
    if (!isRead(text) || options?.blob) return unnamed<T>(text, params, options);
    await internals._checkReady();
    const once = () =>
      internals._runExclusiveTransaction(() =>
        client.runExclusive(() => run<T>(text, params ?? [], options)),
      );
    try {
      return await once();
    } catch (error) {
      // A table's columns changed under a `select *` (a migration): the statement was dropped, prepare it anew.
      if ((error as { code?: string }).code !== "0A000") throw error;
      return once();
    }
  }) as PGlite["query"];
}

/** Protocol messages in one buffer, as one call of PGlite's protocol entry takes them. */
function joined(messages: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const message of messages) length += message.length;
  const buffer = new Uint8Array(length);
  let at = 0;
  for (const message of messages) {
    buffer.set(message, at);
    at += message.length;
  }
  return buffer;
}

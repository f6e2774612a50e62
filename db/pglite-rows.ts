import { messages, type QueryOptions, type Results, types } from "@electric-sql/pglite";

/**
 * A prepared read's answer, PostgreSQL's bytes, turned into PGlite's `Results` in one pass (decision 0087).
 *
 * PGlite's own path parses the bytes into message objects (each value copied into its own buffer and decoded on
 * its own) and then `parseResults` turns those into rows, spreading every parser PGlite knows (some 200) with the
 * caller's into a new object per call and looking each value's parser up there. For the product page's reads that
 * was ~1.3 ms of JavaScript per page (bench/README.md). This reads the DataRows straight from the bytes with the
 * columns' parsers looked up once per answer and gives exactly what `parseResults` gives: rows in array or object
 * mode, each value through the caller's parser for its type, else PGlite's (the client's, array types included),
 * else PGlite's defaults, else the text itself; nulls as null; `fields`, `command`, `affectedRows`, `rowCount`.
 * An ErrorResponse becomes the `DatabaseError` PGlite throws (the same fields); a NoticeResponse goes to the
 * caller's `onNotice`, as PGlite's `query()` passes it.
 */

/** A statement's result columns, from the RowDescription PostgreSQL gave when the statement was described. */
export interface Columns {
  names: string[];
  types: number[];
}

type Parser = (value: string, type: number) => unknown;
type Parsers = Record<number | string, Parser | undefined>;

const decoder = new TextDecoder();
const defaults = types.parsers as Parsers;
const ownEnumerable = Object.prototype.propertyIsEnumerable;

/** The columns of a RowDescription message whose body (after its length) starts at `at`. */
export function readColumns(bytes: Uint8Array, at: number): Columns {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = view.getInt16(at);
  const names: string[] = [];
  const oids: number[] = [];
  let p = at + 2;
  for (let i = 0; i < count; i++) {
    let end = p;
    while (bytes[end] !== 0) end++;
    names.push(decoder.decode(bytes.subarray(p, end)));
    // Then table oid (4), column number (2), type oid (4), type size (2), type modifier (4), format (2).
    oids.push(view.getInt32(end + 7));
    p = end + 19;
  }
  return { names, types: oids };
}

/**
 * The result of one Execute in `bytes[0, end)`: the messages PostgreSQL answered to Bind, [Describe,] Execute,
 * Sync. `columns` are the statement's (when the answer carries no RowDescription); `parsers` the client's.
 * Throws PostgreSQL's first error as PGlite does.
 */
export function decodeAnswer<T>(
  bytes: Uint8Array,
  end: number,
  columns: Columns | undefined,
  parsers: Parsers,
  options?: QueryOptions,
): Results<T> {
  const error = answerError(bytes, end, options);
  if (error) throw error;
  return decodeRows<T>(bytes, end, columns, parsers, options);
}

/**
 * PostgreSQL's first error in the answer, if any, as PGlite's `DatabaseError`; the notices before it go to the
 * caller's `onNotice` (PGlite keeps the first error and drops what follows it). Looks at the messages' headers
 * only, so an answer that failed after some rows throws its error without those rows being parsed, as PGlite does.
 */
export function answerError(
  bytes: Uint8Array,
  end: number,
  options?: QueryOptions,
): messages.DatabaseError | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 0;
  while (at + 5 <= end) {
    const code = bytes[at] as number;
    const length = view.getInt32(at + 1);
    if (code === 0x45 /* E, ErrorResponse */)
      return noticeOrError(bytes, at + 5, length, "error") as messages.DatabaseError;
    if (code === 0x4e /* N, NoticeResponse */ && options?.onNotice)
      options.onNotice(noticeOrError(bytes, at + 5, length, "notice") as messages.NoticeMessage);
    at += 1 + length;
  }
  return undefined;
}

/** The rows and result of an answer without an error (see `decodeAnswer`). */
export function decodeRows<T>(
  bytes: Uint8Array,
  end: number,
  columns: Columns | undefined,
  parsers: Parsers,
  options?: QueryOptions,
): Results<T> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const asArrays = options?.rowMode === "array";
  let names = columns?.names ?? [];
  let oids = columns?.types ?? [];
  let handlers = columnParsers(oids, parsers, options?.parsers as Parsers | undefined);
  const rows: unknown[] = [];
  let result: Results<T> | undefined;
  let at = 0;
  while (at + 5 <= end) {
    const code = bytes[at] as number;
    const length = view.getInt32(at + 1);
    const body = at + 5;
    at += 1 + length;
    if (code === 0x44 /* D, DataRow */) {
      // One Execute gives one result: rows after a CommandComplete would be another's (parseResults' [1]).
      if (result) continue;
      const count = view.getInt16(body);
      let p = body + 2;
      if (asArrays) {
        const row: unknown[] = [];
        for (let i = 0; i < count; i++) {
          const size = view.getInt32(p);
          p += 4;
          if (size < 0) {
            row.push(null);
            continue;
          }
          row.push(value(bytes, p, p + size, oids[i] as number, handlers[i]));
          p += size;
        }
        rows.push(row);
      } else {
        const row: Record<string, unknown> = {};
        for (let i = 0; i < count; i++) {
          const size = view.getInt32(p);
          p += 4;
          let v: unknown = null;
          if (size >= 0) {
            v = value(bytes, p, p + size, oids[i] as number, handlers[i]);
            p += size;
          }
          const name = names[i] as string;
          // As Object.fromEntries does: a column named __proto__ is a property, not the row's prototype.
          if (name === "__proto__")
            Object.defineProperty(row, name, {
              value: v,
              writable: true,
              enumerable: true,
              configurable: true,
            });
          else row[name] = v;
        }
        rows.push(row);
      }
    } else if (code === 0x54 /* T, RowDescription */) {
      if (result) continue;
      ({ names, types: oids } = readColumns(bytes, body));
      handlers = columnParsers(oids, parsers, options?.parsers as Parsers | undefined);
    } else if (code === 0x43 /* C, CommandComplete */) {
      if (result) continue;
      let stop = body;
      while (bytes[stop] !== 0) stop++;
      const parts = decoder.decode(bytes.subarray(body, stop)).split(" ");
      const command = parts[0] as string;
      const rowCount = Number.parseInt(parts[parts.length - 1] as string, 10);
      let affectedRows = 0;
      if (AFFECTING.has(command)) affectedRows += rowCount;
      result = {
        rows: rows as Results<T>["rows"],
        fields: names.map((name, i) => ({ name, dataTypeID: oids[i] as number })),
        command,
        affectedRows,
      };
      if (!Number.isNaN(rowCount)) result.rowCount = rowCount;
    }
    // The rest carries nothing for the result: BindComplete, NoData, ReadyForQuery, notices, …
  }
  return result ?? { affectedRows: 0, rows: [], fields: [] };
}

const AFFECTING = new Set(["INSERT", "UPDATE", "DELETE", "COPY", "MERGE"]);

/** Each column's parser: the caller's for its type, else the client's, else PGlite's defaults (parseResults). */
function columnParsers(oids: number[], parsers: Parsers, own: Parsers | undefined): (Parser | undefined)[] {
  return oids.map((oid) => {
    // `{ ...parsers, ...own }[oid]`: the caller's own enumerable entry wins, even an undefined one.
    const merged = own && ownEnumerable.call(own, oid) ? own[oid] : parsers[oid];
    return merged ?? defaults[oid];
  });
}

function value(bytes: Uint8Array, start: number, stop: number, oid: number, parser: Parser | undefined) {
  const text = decoder.decode(bytes.subarray(start, stop));
  return parser ? parser(text, oid) : text;
}

/** An ErrorResponse or NoticeResponse as PGlite's protocol parser builds it. */
function noticeOrError(bytes: Uint8Array, at: number, length: number, kind: "error" | "notice") {
  const fields: Record<string, string> = {};
  let p = at;
  while (bytes[p] !== 0) {
    const type = String.fromCharCode(bytes[p] as number);
    let stop = p + 1;
    while (bytes[stop] !== 0) stop++;
    fields[type] = decoder.decode(bytes.subarray(p + 1, stop));
    p = stop + 1;
  }
  const message =
    kind === "notice"
      ? new messages.NoticeMessage(length, fields.M)
      : new messages.DatabaseError(fields.M as string, length, "error");
  message.severity = fields.S;
  message.code = fields.C;
  message.detail = fields.D;
  message.hint = fields.H;
  message.position = fields.P;
  message.internalPosition = fields.p;
  message.internalQuery = fields.q;
  message.where = fields.W;
  message.schema = fields.s;
  message.table = fields.t;
  message.column = fields.c;
  message.dataType = fields.d;
  message.constraint = fields.n;
  message.file = fields.F;
  message.line = fields.L;
  message.routine = fields.R;
  return message;
}

import { parse } from "csv-parse/sync";
import {
  CSV_MAX_ROWS,
  type CsvCells,
  type CsvKind,
  type CsvProblem,
  checkHeader,
  csvCellValue,
  detectDelimiter,
} from "#domain/catalog-csv.ts";

export { CSV_MAX_BYTES } from "#domain/catalog-csv.ts";

export type ParsedCsv =
  | { ok: true; header: string[]; rows: { row: number; cells: CsvCells }[] }
  | { ok: false; problems: CsvProblem[] };

/**
 * Reads an uploaded CSV (csv-parse, decision 0051): a BOM dropped, the delimiter taken from the header line (`;`,
 * tab or `,`), quoted fields with delimiters, quotes and line breaks inside, empty lines skipped, a short row's
 * missing cells empty, a cell the export guarded against formulas read back as it was. Each row keeps its line in the file (the header is row 1), as a spreadsheet numbers it.
 */
export function parseCatalogCsv(kind: CsvKind, text: string): ParsedCsv {
  const body = text.replace(/^\uFEFF/, "");
  const firstLine = body.slice(0, body.search(/\r?\n|$/));
  if (body.trim() === "") return { ok: false, problems: [{ row: 1, column: "", code: "emptyFile" }] };
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(body, {
      delimiter: detectDelimiter(firstLine),
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: 64 * 1024,
      // Records, not lines (quoted line breaks and blank lines would count): the header, the most rows allowed and
      // one more, so a longer file is refused below rather than cut short.
      to: CSV_MAX_ROWS + 2,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    const line = Number((error as { lines?: number }).lines) || 1;
    return { ok: false, problems: [{ row: line, column: "", code: "unreadable" }] };
  }
  const [head, ...rest] = records;
  if (!head) return { ok: false, problems: [{ row: 1, column: "", code: "emptyFile" }] };
  const header = head.record.map((c) => c.trim());
  const headerProblems = checkHeader(kind, header);
  if (headerProblems.length) return { ok: false, problems: headerProblems };
  if (rest.length > CSV_MAX_ROWS)
    return { ok: false, problems: [{ row: 1, column: "", code: "tooManyRows", max: CSV_MAX_ROWS }] };
  if (rest.length === 0) return { ok: false, problems: [{ row: 2, column: "", code: "emptyFile" }] };
  const rows = rest.map(({ record, info }) => {
    const cells: Record<string, string> = {};
    header.forEach((column, i) => {
      // The export's quote before a formula character (csvSafeCell) is taken off: the cell reads as exported.
      cells[column] = csvCellValue(record[i] ?? "");
    });
    return { row: info.lines, cells };
  });
  return { ok: true, header, rows };
}

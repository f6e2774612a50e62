import { describe, expect, it } from "vitest";
import { CSV_MAX_ROWS } from "#domain/catalog-csv.ts";
import { parseCatalogCsv } from "./parse.ts";

/**
 * The row bound counts rows, not lines: blank lines and line breaks inside quoted fields neither push rows past
 * the bound unread (a file cut short silently) nor count as rows.
 */
describe("parseCatalogCsv's row bound", () => {
  const rows = (n: number) =>
    Array.from({ length: n }, (_, i) => (i % 2 ? `${i + 1};1;"two\nlines"` : `${i + 1};1;one\n`));

  it("reads every row of a file at the bound whatever its blank lines and quoted line breaks", () => {
    const parsed = parseCatalogCsv("stock", `skuId;inStock;skuName\n${rows(CSV_MAX_ROWS).join("\n")}\n`);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.rows).toHaveLength(CSV_MAX_ROWS);
    expect(parsed.rows.at(-1)?.cells).toEqual({
      skuId: String(CSV_MAX_ROWS),
      inStock: "1",
      skuName: "two\nlines",
    });
  });

  it("refuses a file with one row more instead of cutting it short", () => {
    const parsed = parseCatalogCsv("stock", `skuId;inStock;skuName\n${rows(CSV_MAX_ROWS + 1).join("\n")}`);
    expect(parsed).toEqual({
      ok: false,
      problems: [{ row: 1, column: "", code: "tooManyRows", max: CSV_MAX_ROWS }],
    });
  });
});

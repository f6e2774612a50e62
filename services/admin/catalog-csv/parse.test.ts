import { stringify } from "csv-stringify/sync";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CSV_MAX_ROWS, csvSafeCell } from "#domain/catalog-csv.ts";
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

describe("parseCatalogCsv reads the export's formula-guarded cells back", () => {
  it("a name written with csvSafeCell by csv-stringify (as the export does) reads back unchanged", () => {
    const risky = fc.constantFrom("=", "+", "-", "@", "\t", "\r", "'", ";", '"', "\n", "x");
    const name = fc
      .tuple(fc.array(risky, { maxLength: 4 }), fc.string({ maxLength: 20 }))
      .map(([p, s]) => p.join("") + s);
    fc.assert(
      fc.property(name, fc.integer({ min: -50, max: 50 }), (skuName, stock) => {
        const file = stringify(
          [["skuId", "inStock", "skuName"], ["1", String(stock), skuName].map(csvSafeCell)],
          { delimiter: ";", record_delimiter: "windows" },
        );
        const parsed = parseCatalogCsv("stock", `\uFEFF${file}`);
        expect(parsed.ok).toBe(true);
        if (!parsed.ok) return;
        expect(parsed.rows[0]?.cells).toEqual({ skuId: "1", inStock: String(stock), skuName });
      }),
    );
  });
});

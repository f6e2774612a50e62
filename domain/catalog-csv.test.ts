import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CSV_COLUMNS,
  CSV_KINDS,
  CSV_PROBLEM_CODES,
  CSV_REQUIRED,
  checkCreationRow,
  checkHeader,
  checkPriceRow,
  checkProductRow,
  checkSkuRow,
  checkVersionCell,
  creationColumn,
  csvCellValue,
  csvProblemText,
  csvSafeCell,
  detectDelimiter,
  duplicateRows,
  duplicatesInFile,
  formatCsvAmount,
  isCreationRow,
  parseYesNo,
  priceColumns,
  stockFromFile,
} from "./catalog-csv.ts";
import { parseAmount } from "./product-edit.ts";

const CURRENT = { name: "M", gtin: null, inStock: 3, oversellable: 0, incoming: null };

describe("formatCsvAmount", () => {
  it("writes what the price form reads back to the same minor units (decimal comma, no separators)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.constantFrom("SEK", "NOK", "EUR", "DKK"),
        (m, c) => {
          const text = formatCsvAmount(m, c);
          return !text.includes(".") && !/\s/.test(text) && parseAmount(text, c) === m;
        },
      ),
    );
    expect(formatCsvAmount(129950, "SEK")).toBe("1299,50");
    expect(formatCsvAmount(129900, "NOK")).toBe("1299");
    expect(formatCsvAmount(5, "EUR")).toBe("0,05");
  });
});

describe("detectDelimiter", () => {
  it("takes the separator the header uses most: ; (Excel in Sweden and Norway), tab or ,", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(";", ",", "\t"),
        fc.subarray([...CSV_COLUMNS.products], { minLength: 2 }),
        (d, columns) => detectDelimiter(columns.join(d)) === d,
      ),
    );
    expect(detectDelimiter("skuId")).toBe(";");
  });
});

describe("checkHeader", () => {
  it("accepts any order and subset that has the required columns; names each missing, unknown or repeated one", () => {
    fc.assert(
      fc.property(
        fc
          .constantFrom(...CSV_KINDS)
          .chain((kind) =>
            fc.tuple(
              fc.constant(kind),
              fc.shuffledSubarray([...CSV_COLUMNS[kind]], { minLength: CSV_COLUMNS[kind].length }),
            ),
          ),
        ([kind, columns]) => checkHeader(kind, columns).length === 0,
      ),
    );
    for (const kind of CSV_KINDS) {
      for (const required of CSV_REQUIRED[kind]) {
        const header = CSV_COLUMNS[kind].filter((c) => c !== required);
        expect(checkHeader(kind, header)).toEqual([{ row: 1, column: required, code: "missingColumn" }]);
      }
      expect(checkHeader(kind, [...CSV_COLUMNS[kind], "colour"])).toEqual([
        { row: 1, column: "colour", code: "unknownColumn" },
      ]);
      expect(checkHeader(kind, [...CSV_COLUMNS[kind], "skuId"])).toEqual([
        { row: 1, column: "skuId", code: "duplicateColumn" },
      ]);
    }
  });
});

describe("checkSkuRow", () => {
  it("keeps the SKU's current value for a column the file lacks; the form's rule decides the rest", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 2, max: 500 }), (stock, row) => {
        const result = checkSkuRow(row, { inStock: String(stock) }, CURRENT);
        return result.ok && result.value.inStock === stock && result.value.name === "M";
      }),
    );
  });
  it("refuses a negative, fractional or non-numeric stock in its column and row", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: -1_000_000, max: -1 }).map(String),
          fc.constantFrom("1,5", "tre", "3 st", "1e3"),
        ),
        fc.integer({ min: 2, max: 500 }),
        (cell, row) => {
          const result = checkSkuRow(row, { inStock: cell }, CURRENT);
          return (
            !result.ok &&
            result.problems.length === 1 &&
            result.problems[0]?.row === row &&
            result.problems[0]?.column === "inStock"
          );
        },
      ),
    );
  });
  it("names the CSV column of a bad GTIN, date or SKU name", () => {
    const bad = checkSkuRow(7, { gtin: "7350000000017", incoming: "2026-13-01", skuName: "" }, CURRENT);
    expect(bad.ok ? [] : bad.problems.map((p) => `${p.row}:${p.column}:${p.code}`).sort()).toEqual([
      "7:gtin:invalidGtin",
      "7:incoming:invalidDate",
      "7:skuName:required",
    ]);
  });
});

describe("checkPriceRow", () => {
  it("reads amounts as the price form does; a price below 0 or a sale above the regular is refused", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.integer({ min: 1, max: 1000 }),
        (minor, more) => {
          const ok = checkPriceRow(
            2,
            { regular: formatCsvAmount(minor + more, "SEK"), selling: formatCsvAmount(minor, "SEK") },
            "SEK",
          );
          const negative = checkPriceRow(2, { regular: `-${formatCsvAmount(minor, "SEK")}` }, "SEK");
          const above = checkPriceRow(
            2,
            { regular: formatCsvAmount(minor, "SEK"), selling: formatCsvAmount(minor + more, "SEK") },
            "SEK",
          );
          return (
            ok.ok &&
            ok.value.regularMinor === minor + more &&
            ok.value.sellingMinor === minor &&
            !negative.ok &&
            negative.problems[0]?.column === "regular" &&
            !above.ok &&
            above.problems[0]?.code === "saleAboveRegular"
          );
        },
      ),
    );
  });
});

describe("checkProductRow", () => {
  const product = { articleNumber: "JKT-1", active: true, names: { "nb-NO": "Jakke", "sv-SE": "Jacka" } };
  it("changes only the columns given; yes/no in three languages", () => {
    for (const [text, value] of [
      ["ja", true],
      ["nej", false],
      ["nei", false],
      ["no", false],
      ["YES", true],
    ] as const) {
      const result = checkProductRow(2, { active: text }, product);
      expect(result.ok && result.value).toEqual({ ...product, active: value });
    }
    const renamed = checkProductRow(3, { "sv.name": "Vinterjacka" }, product);
    expect(renamed.ok && renamed.value.names).toEqual({ "nb-NO": "Jakke", "sv-SE": "Vinterjacka" });
  });
  it("refuses what the product form refuses, by column", () => {
    const bad = checkProductRow(4, { active: "kanske", "nb.name": "", articleNumber: "JKT 1" }, product);
    expect(bad.ok ? [] : bad.problems.map((p) => `${p.column}:${p.code}`).sort()).toEqual([
      "active:notYesNo",
      "articleNumber:invalidArticleNumber",
      "nb.name:required",
    ]);
  });
  it("parseYesNo is null for anything but a yes or a no", () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const v = parseYesNo(s);
        return (
          v === null ||
          ["yes", "ja", "true", "1", "y", "j", "no", "nei", "nej", "false", "0", "n"].includes(
            s.trim().toLowerCase(),
          )
        );
      }),
    );
  });
});

describe("duplicateRows and the version cell", () => {
  it("refuses every later row of a SKU (a market's price: of a SKU and market) and never the first", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 5 }), fc.constantFrom("se", "no", "SE")), {
          maxLength: 30,
        }),
        (list) => {
          const rows = list.map(([sku, market], i) => ({
            row: i + 2,
            cells: { skuId: String(sku), market },
          }));
          const dup = new Set(duplicateRows("prices", rows));
          const keys = new Set<string>();
          return rows.every(({ row, cells }) => {
            const key = `${cells.skuId}|${cells.market.toLowerCase()}`;
            const repeated = keys.has(key);
            keys.add(key);
            return repeated === dup.has(row);
          });
        },
      ),
    );
  });
  it("an empty version asks for no check; a number must be whole", () => {
    expect(checkVersionCell(2, {})).toEqual({ ok: true, value: null });
    expect(checkVersionCell(2, { version: " 4 " })).toEqual({ ok: true, value: 4 });
    expect(checkVersionCell(2, { version: "4.5" }).ok).toBe(false);
  });
});

describe("csvProblemText", () => {
  it("has a text for every code in every language", () => {
    for (const code of CSV_PROBLEM_CODES)
      for (const lang of ["en", "sv", "nb"] as const)
        expect(csvProblemText({ code, max: 3 }, lang)).not.toBe("");
  });
});

describe("stockFromFile (stock moved between export and import)", () => {
  const stock = fc.integer({ min: 0, max: 1_000_000 });
  it("an untouched row keeps today's stock; an edited one adds its difference to it", () => {
    fc.assert(
      fc.property(stock, stock, stock, fc.integer({ min: 2, max: 500 }), (current, atExport, file, row) => {
        const result = stockFromFile(row, current, file, String(atExport));
        const untouched = stockFromFile(row, current, atExport, ` ${atExport} `);
        const expected = current + file - atExport;
        return (
          untouched.ok &&
          untouched.value === current &&
          (expected >= 0
            ? result.ok && result.value === expected
            : !result.ok &&
              result.problems.length === 1 &&
              result.problems[0]?.row === row &&
              result.problems[0]?.column === "inStock" &&
              result.problems[0]?.code === "stockBelowZero")
        );
      }),
    );
  });
  it("without the column or with the cell empty, the number is the stock (a hand-made file)", () => {
    fc.assert(
      fc.property(stock, stock, fc.constantFrom(undefined, "", "  "), (current, file, cell) => {
        const result = stockFromFile(2, current, file, cell);
        return result.ok && result.value === file;
      }),
    );
  });
  it("refuses a stock at export that is not a whole number, in its column", () => {
    for (const cell of ["-1", "1,5", "x", "1e3"])
      expect(stockFromFile(4, 3, 3, cell)).toEqual({
        ok: false,
        problems: [{ row: 4, column: "inStockAtExport", code: "notWholeNumber" }],
      });
  });
});

describe("csvSafeCell / csvCellValue (formula injection, OWASP)", () => {
  const risky = fc.constantFrom("=", "+", "-", "@", "\t", "\r", "'", "'=", "''-", "1", " ");
  const text = fc.oneof(
    fc.string(),
    fc.tuple(fc.array(risky, { maxLength: 4 }), fc.string()).map(([p, s]) => p.join("") + s),
  );

  it("guards each formula start with a quote, keeps negative numbers and plain text as they are", () => {
    expect(csvSafeCell('=HYPERLINK("http://evil.example","x")')).toBe(
      '\'=HYPERLINK("http://evil.example","x")',
    );
    expect(csvSafeCell("+46 8 123")).toBe("'+46 8 123");
    expect(csvSafeCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvSafeCell("-2+3")).toBe("'-2+3");
    expect(csvSafeCell("\tx")).toBe("'\tx");
    expect(csvSafeCell("\rx")).toBe("'\rx");
    expect(csvSafeCell("'=x")).toBe("''=x");
    for (const n of ["-3", "-1299,50", "-0,5", "-1.5", "12", "0"]) expect(csvSafeCell(n)).toBe(n);
    for (const t of ["Jakke", "'quoted'", "a=b", "", "'"]) expect(csvSafeCell(t)).toBe(t);
    expect(csvCellValue("'=x")).toBe("=x");
    expect(csvCellValue("'5")).toBe("'5");
  });

  it("round-trips every text: what the import reads is what was exported", () => {
    fc.assert(fc.property(text, (s) => csvCellValue(csvSafeCell(s)) === s));
  });

  it("no exported cell starts a formula, except a negative number; a safe text is written unchanged", () => {
    fc.assert(
      fc.property(text, (s) => {
        const cell = csvSafeCell(s);
        if (/^[=+\-@\t\r]/.test(cell)) expect(cell).toMatch(/^-\d+(?:[.,]\d+)?$/);
        if (!/^'*[=+\-@\t\r]/.test(s)) expect(cell).toBe(s);
      }),
    );
  });

  it("negative amounts and stock counts stay numbers", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
        fc.constantFrom("SEK", "NOK"),
        (n, c) => {
          expect(csvSafeCell(String(n))).toBe(String(n));
          expect(csvSafeCell(formatCsvAmount(n, c))).toBe(formatCsvAmount(n, c));
        },
      ),
    );
  });
});

describe("creating products by CSV (decision 0067)", () => {
  const LOOKUPS = {
    markets: [
      { alias: "se", currencyCode: "SEK" },
      { alias: "no", currencyCode: "NOK" },
    ],
    categories: new Map([
      ["id:7", 7],
      ["key:jackets", 7],
      ["key:8", 7],
    ]),
    brands: new Map([["acme", 3]]),
  };
  const GOOD = {
    articleNumber: "NEW-1",
    skuId: "",
    "nb.name": "Jakke",
    "sv.name": "Jacka",
    categoryId: "7",
    inStock: "4",
    "price.se.regular": "1299,50",
  };

  it("a products row without a skuId creates; other kinds and rows with one do not", () => {
    expect(isCreationRow("products", { skuId: " " })).toBe(true);
    expect(isCreationRow("products", { skuId: "12" })).toBe(false);
    expect(isCreationRow("stock", { skuId: "" })).toBe(false);
  });

  it("a complete row gives the form's input: category by id or key, VAT class standard by default, SKU named after nb", () => {
    const checked = checkCreationRow(2, GOOD, LOOKUPS);
    expect(checked).toMatchObject({
      ok: true,
      value: {
        articleNumber: "NEW-1",
        active: true,
        categoryId: 7,
        vatClass: "standard",
        brandId: null,
        names: { "nb-NO": "Jakke", "sv-SE": "Jacka" },
        sku: { name: "Jakke", inStock: 4, gtin: null },
        prices: [{ marketAlias: "se", regularMinor: 129950, sellingMinor: 129950, currencyCode: "SEK" }],
      },
    });
    // A key that looks like an id is a key in `category`, never an id in `categoryId`.
    expect(checkCreationRow(2, { ...GOOD, categoryId: "", category: "8" }, LOOKUPS)).toMatchObject({
      ok: true,
      value: { categoryId: 7 },
    });
    expect(checkCreationRow(2, { ...GOOD, categoryId: "8" }, LOOKUPS)).toMatchObject({
      ok: false,
      problems: [{ column: "categoryId", code: "unknownCategory" }],
    });
    expect(checkCreationRow(2, { ...GOOD, active: "" }, LOOKUPS)).toMatchObject({
      ok: true,
      value: { active: true },
    });
    expect(checkCreationRow(2, { ...GOOD, active: "nei" }, LOOKUPS)).toMatchObject({
      ok: true,
      value: { active: false },
    });
    const byKey = checkCreationRow(
      2,
      { ...GOOD, categoryId: "", category: "jackets", vatClass: "Food", brand: "ACME" },
      LOOKUPS,
    );
    expect(byKey).toMatchObject({ ok: true, value: { categoryId: 7, vatClass: "food", brandId: 3 } });
  });

  it("names every missing or invalid needed column on its column, with a stable code", () => {
    const checked = checkCreationRow(5, { skuId: "" }, LOOKUPS);
    expect(checked.ok).toBe(false);
    const found = checked.ok ? [] : checked.problems.map((p) => `${p.row}:${p.column}:${p.code}`).sort();
    expect(found).toEqual(
      [
        "5:articleNumber:required",
        "5:categoryId:required",
        "5:inStock:required",
        "5:nb.name:required",
        "5:price.se.regular:required",
        "5:skuName:required",
        "5:sv.name:required",
      ].sort(),
    );
    const bad = checkCreationRow(
      3,
      {
        ...GOOD,
        categoryId: "99",
        vatClass: "luxury",
        brand: "Nobody",
        "price.no.regular": "-1",
        "price.se.selling": "2000",
      },
      LOOKUPS,
    );
    const codes = bad.ok ? [] : bad.problems.map((p) => `${p.column}:${p.code}`).sort();
    expect(codes).toEqual(
      [
        "brand:unknownBrand",
        "categoryId:unknownCategory",
        "price.no.regular:invalidAmount",
        "price.se.selling:saleAboveRegular",
        "vatClass:unknownVatClass",
      ].sort(),
    );
    expect(
      checkCreationRow(4, { ...GOOD, "price.dk.regular": "100", "price.is.regular": "" }, LOOKUPS),
    ).toEqual({
      ok: false,
      problems: [{ row: 4, column: "price.dk.regular", code: "unknownMarket" }],
    });
  });

  it("property: a row is accepted exactly when it has the needed columns right; every problem is on a column of the file's kind", () => {
    const columns = new Set<string>([...CSV_COLUMNS.products, ...priceColumns(["se", "no"])]);
    fc.assert(
      fc.property(
        fc.record(
          {
            articleNumber: fc.constantFrom("", "A-1", "bad number!"),
            "nb.name": fc.constantFrom("", "Jakke", "=x"),
            "sv.name": fc.constantFrom("", "Jacka"),
            categoryId: fc.constantFrom("", "7", "8"),
            category: fc.constantFrom("", "jackets", "nope"),
            vatClass: fc.constantFrom("", "standard", "zero", "x"),
            inStock: fc.constantFrom("", "0", "3", "-1", "x"),
            "price.se.regular": fc.constantFrom("", "10", "x"),
            "price.no.regular": fc.constantFrom("", "20"),
          },
          { requiredKeys: [] },
        ),
        (cells) => {
          const checked = checkCreationRow(2, { skuId: "", ...cells }, LOOKUPS);
          if (!checked.ok) return checked.problems.every((p) => p.row === 2 && columns.has(p.column));
          return (
            checked.value.prices.length >= 1 &&
            checked.value.sku.inStock >= 0 &&
            checked.value.categoryId === 7 &&
            checked.value.names["nb-NO"] !== "" &&
            checked.value.names["sv-SE"] !== ""
          );
        },
      ),
    );
  });

  it("a created article number or any GTIN twice in the file: each later row refused, naming the first", () => {
    const rows = [
      { row: 2, cells: { skuId: "", articleNumber: "N-1", gtin: "" } },
      { row: 3, cells: { skuId: "", articleNumber: "N-1", gtin: "7310865004703" } },
      { row: 4, cells: { skuId: "10", articleNumber: "OLD", gtin: "731 0865004703" } },
      { row: 5, cells: { skuId: "11", articleNumber: "OLD", gtin: "" } },
    ];
    expect(duplicatesInFile("products", rows)).toEqual([
      { row: 3, column: "articleNumber", code: "duplicateInFile", other: 2 },
      { row: 4, column: "gtin", code: "duplicateInFile", other: 3 },
    ]);
    expect(duplicatesInFile("stock", rows)).toEqual([]);
    // Creation rows are not each other's duplicateRow (they have no SKU id yet).
    expect(duplicateRows("products", rows)).toEqual([]);
    expect(csvProblemText({ code: "duplicateInFile", other: 2 }, "sv")).toBe(
      "Rad 2 i filen har redan det här värdet.",
    );
  });

  it("property: duplicatesInFile refuses exactly the repeats, each naming an earlier row with the same value", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ a: fc.constantFrom("A", "B", "C"), g: fc.constantFrom("", "1", "2") }), {
          maxLength: 12,
        }),
        (list) => {
          const rows = list.map((r, i) => ({
            row: i + 2,
            cells: { skuId: "", articleNumber: r.a, gtin: r.g },
          }));
          const problems = duplicatesInFile("products", rows);
          const distinctA = new Set(list.map((r) => r.a)).size;
          const aRepeats = problems.filter((p) => p.column === "articleNumber");
          return (
            aRepeats.length === list.length - distinctA &&
            problems.every((p) => {
              const other = rows.find((r) => r.row === p.other);
              const self = rows.find((r) => r.row === p.row);
              const key = p.column === "gtin" ? "gtin" : "articleNumber";
              return other && self && other.row < self.row && other.cells[key] === self.cells[key];
            })
          );
        },
      ),
    );
  });

  it("the form's fields map to the file's columns; price columns are accepted in a products header", () => {
    expect(creationColumn("categoryIds")).toBe("categoryId");
    expect(creationColumn("primaryCategoryId")).toBe("categoryId");
    expect(creationColumn("sku.gtin")).toBe("gtin");
    expect(creationColumn("sku.name")).toBe("skuName");
    expect(creationColumn("price.se.regular")).toBe("price.se.regular");
    expect(creationColumn("articleNumber")).toBe("articleNumber");
    expect(checkHeader("products", [...CSV_COLUMNS.products, ...priceColumns(["se"])])).toEqual([]);
    expect(checkHeader("stock", ["skuId", "inStock", "price.se.regular"])).toEqual([
      { row: 1, column: "price.se.regular", code: "unknownColumn" },
    ]);
  });
});

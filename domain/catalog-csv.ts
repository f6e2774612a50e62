import { minorUnits } from "./money.ts";
import {
  checkArticleNumber,
  checkPrice,
  checkProductTexts,
  checkSku,
  PRODUCT_PROBLEM_TEXTS,
  type PriceFields,
  type ProductProblem,
  type ProductProblemCode,
  type ProductProblemLanguage,
  type SkuFields,
  type SkuInput,
} from "./product-edit.ts";
import { PRODUCT_CLASSES, type ProductClass } from "./vat.ts";

/**
 * The catalog's CSV files (issue 15, decision 0051): which columns each kind has, and the row rules of an import.
 * A row is checked by the product form's own rules (domain/product-edit.ts: texts, article number, GTIN, stock
 * fields, prices), its problems named by CSV column instead of form field. Pure: the service looks up what the
 * database knows (the SKU, the market's currency, the brand) and hands it in.
 */
export const CSV_KINDS = ["products", "prices", "stock"] as const;
export type CsvKind = (typeof CSV_KINDS)[number];

/** Every kind's columns, in the order the export writes them; an import may leave out any but the required ones. */
export const CSV_COLUMNS = {
  products: [
    "articleNumber",
    "version",
    "active",
    "brand",
    "category",
    "categoryId",
    "vatClass",
    "nb.name",
    "sv.name",
    "skuId",
    "skuName",
    "gtin",
    "inStock",
    "inStockAtExport",
    "oversellable",
    "incoming",
  ],
  prices: ["articleNumber", "version", "skuId", "skuName", "market", "currency", "regular", "selling"],
  stock: [
    "articleNumber",
    "version",
    "skuId",
    "skuName",
    "gtin",
    "inStock",
    "inStockAtExport",
    "oversellable",
    "incoming",
  ],
} as const satisfies Record<CsvKind, readonly string[]>;

/** Columns an import cannot do without. */
export const CSV_REQUIRED: Record<CsvKind, readonly string[]> = {
  products: ["skuId"],
  prices: ["skuId", "market", "regular"],
  stock: ["skuId", "inStock"],
};

/**
 * Columns the export writes for people and the import does not change: the product's category (the product form
 * edits them), the market's currency (the market decides it). `articleNumber` and `skuName` are read where the
 * kind edits them (products: both; stock and prices: neither).
 */
export const CSV_READ_ONLY: Record<CsvKind, readonly string[]> = {
  products: ["category", "categoryId", "vatClass", "inStockAtExport"],
  prices: ["articleNumber", "skuName", "currency"],
  stock: ["articleNumber", "skuName", "gtin", "inStockAtExport"],
};

/** A file's bytes at most: the upload's bound, checked before the file is read (server/app.ts BODY_LIMITS). */
export const CSV_MAX_BYTES = 8 * 1024 * 1024;

/** At most this many rows in one file (an import is one transaction). */
export const CSV_MAX_ROWS = 50_000;

export type CsvProblemCode =
  | ProductProblemCode
  | "emptyFile"
  | "unreadable"
  | "tooManyRows"
  | "missingColumn"
  | "unknownColumn"
  | "duplicateColumn"
  | "unknownSku"
  | "unknownMarket"
  | "unknownBrand"
  | "duplicateRow"
  | "changedSinceExport"
  | "stockBelowZero"
  | "notYesNo"
  | "conflictingValues"
  | "duplicateInFile"
  | "takenMeanwhile"
  | "unknownCategory"
  | "unknownVatClass";

/** One refused row's reason: its row in the file (the header is row 1), its column, a stable code. */
export interface CsvProblem {
  row: number;
  column: string;
  code: CsvProblemCode;
  max?: number;
  /** The earlier row a `duplicateInFile` row repeats. */
  other?: number;
}

/** A row as read: its cells by column name (only the columns the file has). */
export type CsvCells = Readonly<Record<string, string>>;

/** The field delimiter of a file, from its header line: `;` (Excel in Sweden and Norway), tab or `,`. */
export function detectDelimiter(headerLine: string): ";" | "," | "\t" {
  const count = (c: string) => headerLine.split(c).length - 1;
  const [best] = ([";", "\t", ","] as const).map((d) => [d, count(d)] as const).sort((a, b) => b[1] - a[1]);
  return best && best[1] > 0 ? best[0] : ";";
}

/**
 * A products file's price columns (decision 0067): `price.se.regular`, `price.se.selling` per market. Read when a
 * row creates a product; for an existing SKU they are for people (its prices are the prices file's).
 */
export const PRICE_COLUMN = /^price\.([a-z]{2,8})\.(regular|selling)$/;

/** The price columns the products export writes, for the active markets in their order. */
export function priceColumns(marketAliases: readonly string[]): string[] {
  return marketAliases.flatMap((m) => [`price.${m}.regular`, `price.${m}.selling`]);
}

/** The header's problems: a required column missing, a column the kind does not have, a column twice. */
export function checkHeader(kind: CsvKind, header: readonly string[]): CsvProblem[] {
  const known = new Set<string>(CSV_COLUMNS[kind]);
  const problems: CsvProblem[] = [];
  const seen = new Set<string>();
  for (const column of header) {
    if (!known.has(column) && !(kind === "products" && PRICE_COLUMN.test(column)))
      problems.push({ row: 1, column, code: "unknownColumn" });
    else if (seen.has(column)) problems.push({ row: 1, column, code: "duplicateColumn" });
    seen.add(column);
  }
  for (const column of CSV_REQUIRED[kind])
    if (!seen.has(column)) problems.push({ row: 1, column, code: "missingColumn" });
  return problems;
}

/** An amount as the export writes it: decimal comma, no thousands separator ("1299,50"; "1299" for whole kronor). */
export function formatCsvAmount(minor: number, currency: string): string {
  const digits = minorUnits(currency);
  const sign = minor < 0 ? "-" : "";
  const abs = Math.abs(minor);
  if (digits === 0) return `${sign}${abs}`;
  const scale = 10 ** digits;
  const whole = Math.trunc(abs / scale);
  const fraction = abs % scale;
  return fraction === 0 ? `${sign}${whole}` : `${sign}${whole},${String(fraction).padStart(digits, "0")}`;
}

/** What a spreadsheet reads as the start of a formula (OWASP "CSV injection"): =, +, -, @, tab, carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A negative number as the export writes one ("-3", "-1299,50"): a spreadsheet reads it as a number, runs nothing. */
const NEGATIVE_NUMBER = /^-\d+(?:[.,]\d+)?$/;

/**
 * A cell as the export writes it (decision 0051, amended): a text a spreadsheet would run as a formula gets a
 * single quote in front (OWASP), so it shows as text; a negative number stays a number. A text that already begins
 * with quotes before such a character gets one more, so that {@link csvCellValue} gives back exactly what was
 * exported: `csvCellValue(csvSafeCell(s)) === s` for every s.
 */
export function csvSafeCell(text: string): string {
  const bare = text.replace(/^'+/, "");
  if (!FORMULA_START.test(bare)) return text;
  if (bare === text && NEGATIVE_NUMBER.test(text)) return text;
  return `'${text}`;
}

/** A cell as the import reads it: the export's quote before a formula character taken off ({@link csvSafeCell}). */
export function csvCellValue(cell: string): string {
  return /^'+[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

const YES = new Set(["yes", "ja", "true", "1", "y", "j"]);
const NO = new Set(["no", "nei", "nej", "false", "0", "n"]);

/** "yes"/"no" in English, Swedish or Norwegian (also true/false, 1/0); null when it is neither. */
export function parseYesNo(text: string): boolean | null {
  const value = text.trim().toLowerCase();
  if (YES.has(value)) return true;
  if (NO.has(value)) return false;
  return null;
}

/** A whole number ≥ 1 (an id), or null. */
export function parseId(text: string | undefined): number | null {
  const value = (text ?? "").trim();
  if (!/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 ? n : null;
}

/** Which row another row repeats: the same SKU (products, stock), the same SKU in the same market (prices). */
export function rowKey(kind: CsvKind, cells: CsvCells): string {
  const sku = parseId(cells.skuId) ?? (cells.skuId ?? "").trim();
  return kind === "prices" ? `${sku}|${(cells.market ?? "").trim().toLowerCase()}` : String(sku);
}

/**
 * The rows that repeat an earlier row's key (the row number of each repetition): a file that sets one SKU's stock
 * twice says two things, so both cannot be right — the later one is refused.
 */
export function duplicateRows(kind: CsvKind, rows: readonly { row: number; cells: CsvCells }[]): number[] {
  const seen = new Set<string>();
  const out: number[] = [];
  for (const { row, cells } of rows) {
    // A products row that creates a product has no SKU yet: `duplicatesInFile` compares those by article number.
    if (isCreationRow(kind, cells)) continue;
    const key = rowKey(kind, cells);
    if (seen.has(key)) out.push(row);
    else seen.add(key);
  }
  return out;
}

/** The CSV column a product-form problem names (form field → column). */
const COLUMN_OF_FIELD: Record<string, string> = {
  name: "skuName",
  gtin: "gtin",
  inStock: "inStock",
  oversellable: "oversellable",
  incoming: "incoming",
  regular: "regular",
  selling: "selling",
  articleNumber: "articleNumber",
  "nb.name": "nb.name",
  "sv.name": "sv.name",
};

function inRow(row: number, problems: readonly ProductProblem[]): CsvProblem[] {
  return problems.map((p) => ({
    row,
    column: COLUMN_OF_FIELD[p.field] ?? p.field,
    code: p.code,
    ...(p.max === undefined ? {} : { max: p.max }),
  }));
}

/** The version a row carries (empty: none, so no check), or a problem. */
export function checkVersionCell(
  row: number,
  cells: CsvCells,
): { ok: true; value: number | null } | { ok: false; problems: CsvProblem[] } {
  const text = (cells.version ?? "").trim();
  if (text === "") return { ok: true, value: null };
  const n = parseId(text);
  return n === null
    ? { ok: false, problems: [{ row, column: "version", code: "notWholeNumber" }] }
    : { ok: true, value: n };
}

/**
 * A SKU row's fields (products and stock files): the file's cells where it has the column, else the SKU's current
 * values, through the product form's rule (domain/product-edit.ts `checkSku`).
 */
export function checkSkuRow(
  row: number,
  cells: CsvCells,
  current: SkuFields,
): { ok: true; value: SkuFields } | { ok: false; problems: CsvProblem[] } {
  const pick = (column: string, value: string | number | null) =>
    column in cells ? (cells[column] ?? "") : value;
  const input: SkuInput = {
    name: pick("skuName", current.name) as string | null,
    gtin: pick("gtin", current.gtin) as string | null,
    inStock: pick("inStock", current.inStock),
    oversellable: pick("oversellable", current.oversellable),
    incoming: pick("incoming", current.incoming) as string | null,
  };
  const checked = checkSku("", input);
  return checked.ok ? checked : { ok: false, problems: inRow(row, checked.problems) };
}

/**
 * The stock an import writes (decision 0051, amended): the file's `inStock` against the `inStockAtExport` the export
 * wrote beside it. Stock moves between the export and the import — orders take it, returns and deliveries add to
 * it — and a product's version does not follow every sale, so the file's number is the CHANGE it makes to the stock
 * it was exported with: the stock now plus (file − at export). An untouched row leaves today's stock as it is; an edited
 * one adds its difference. A file without the column (or the cell empty: a hand-made file) means the number as
 * written. Refused (`stockBelowZero`, on `inStock`) when the result would be below 0.
 */
export function stockFromFile(
  row: number,
  current: number,
  file: number,
  atExportCell: string | undefined,
): { ok: true; value: number } | { ok: false; problems: CsvProblem[] } {
  const text = (atExportCell ?? "").trim();
  if (text === "") return { ok: true, value: file };
  if (!/^\d{1,9}$/.test(text))
    return { ok: false, problems: [{ row, column: "inStockAtExport", code: "notWholeNumber" }] };
  const value = current + (file - Number(text));
  return value < 0
    ? { ok: false, problems: [{ row, column: "inStock", code: "stockBelowZero" }] }
    : { ok: true, value };
}

/** A price row's amounts in the market's currency, through the price form's rule (`checkPrice`). */
export function checkPriceRow(
  row: number,
  cells: CsvCells,
  currency: string,
): { ok: true; value: PriceFields } | { ok: false; problems: CsvProblem[] } {
  const checked = checkPrice("", { regular: cells.regular ?? "", selling: cells.selling ?? "" }, currency);
  return checked.ok ? checked : { ok: false, problems: inRow(row, checked.problems) };
}

export interface ProductRowFields {
  articleNumber: string;
  active: boolean;
  names: { "nb-NO": string; "sv-SE": string };
}

/**
 * A products row's product fields (article number, active, names in nb and sv): the cells where the file has the
 * column, else the product's current values, through the product form's rules.
 */
export function checkProductRow(
  row: number,
  cells: CsvCells,
  current: ProductRowFields,
): { ok: true; value: ProductRowFields } | { ok: false; problems: CsvProblem[] } {
  const problems: CsvProblem[] = [];
  const articleNumber = checkArticleNumber(
    "articleNumber",
    "articleNumber" in cells ? cells.articleNumber : current.articleNumber,
  );
  if (!articleNumber.ok) problems.push(...inRow(row, articleNumber.problems));
  let active = current.active;
  if ("active" in cells) {
    const yesNo = parseYesNo(cells.active ?? "");
    if (yesNo === null) problems.push({ row, column: "active", code: "notYesNo" });
    else active = yesNo;
  }
  const names = { ...current.names };
  for (const [prefix, languageId] of [
    ["nb.", "nb-NO"],
    ["sv.", "sv-SE"],
  ] as const) {
    const column = `${prefix}name`;
    if (!(column in cells)) continue;
    const texts = checkProductTexts(prefix, { name: cells[column] ?? "" });
    if (!texts.ok) problems.push(...inRow(row, texts.problems));
    else names[languageId] = texts.value.name;
  }
  if (problems.length || !articleNumber.ok) return { ok: false, problems };
  return { ok: true, value: { articleNumber: articleNumber.value, active, names } };
}

export type CsvLanguage = ProductProblemLanguage;

const CSV_TEXTS: Record<Exclude<CsvProblemCode, ProductProblemCode>, Record<CsvLanguage, string>> = {
  emptyFile: {
    en: "The file has no rows.",
    sv: "Filen har inga rader.",
    nb: "Filen har ingen rader.",
  },
  unreadable: {
    en: "The file cannot be read as CSV (check the quotes).",
    sv: "Filen kan inte läsas som CSV (kontrollera citattecknen).",
    nb: "Filen kan ikke leses som CSV (sjekk anførselstegnene).",
  },
  tooManyRows: {
    en: "At most {max} rows in one file.",
    sv: "Högst {max} rader i en fil.",
    nb: "Høyst {max} rader i én fil.",
  },
  missingColumn: {
    en: "This column is required.",
    sv: "Den här kolumnen krävs.",
    nb: "Denne kolonnen er påkrevd.",
  },
  unknownColumn: {
    en: "This kind of file has no such column.",
    sv: "Den här sortens fil har ingen sådan kolumn.",
    nb: "Denne typen fil har ingen slik kolonne.",
  },
  duplicateColumn: {
    en: "The column appears twice.",
    sv: "Kolumnen finns två gånger.",
    nb: "Kolonnen finnes to ganger.",
  },
  unknownSku: {
    en: "No SKU has this id.",
    sv: "Ingen artikel har det här id:t.",
    nb: "Ingen variant har denne id-en.",
  },
  unknownMarket: {
    en: "No market has this code.",
    sv: "Ingen marknad har den här koden.",
    nb: "Ingen marked har denne koden.",
  },
  unknownBrand: {
    en: "No brand has this name.",
    sv: "Inget varumärke har det här namnet.",
    nb: "Ingen merkevare har dette navnet.",
  },
  duplicateRow: {
    en: "An earlier row already sets this.",
    sv: "En tidigare rad anger redan detta.",
    nb: "En tidligere rad angir allerede dette.",
  },
  changedSinceExport: {
    en: "The product has changed since this file was exported; export again.",
    sv: "Produkten har ändrats sedan filen exporterades; exportera igen.",
    nb: "Produktet er endret siden filen ble eksportert; eksporter på nytt.",
  },
  stockBelowZero: {
    en: "Stock has changed since the export (sold or received); adding this row's change to it would go below 0.",
    sv: "Lagret har ändrats sedan exporten (sålt eller inlevererat); radens ändring ovanpå det blir under 0.",
    nb: "Lageret er endret siden eksporten (solgt eller mottatt); radens endring oppå det blir under 0.",
  },
  notYesNo: {
    en: "Write yes or no.",
    sv: "Skriv ja eller nej.",
    nb: "Skriv ja eller nei.",
  },
  duplicateInFile: {
    en: "Row {other} of this file already has this value.",
    sv: "Rad {other} i filen har redan det här värdet.",
    nb: "Rad {other} i filen har allerede denne verdien.",
  },
  takenMeanwhile: {
    en: "Another change took an article number or GTIN of this file while it was imported; nothing was imported. Check the file again.",
    sv: "En annan ändring tog ett artikelnummer eller en GTIN i filen under importen; inget importerades. Kontrollera filen igen.",
    nb: "En annen endring tok et artikkelnummer eller en GTIN i filen under importen; ingenting ble importert. Kontroller filen på nytt.",
  },
  unknownCategory: {
    en: "No category has this id or key.",
    sv: "Ingen kategori har det här id:t eller nyckeln.",
    nb: "Ingen kategori har denne id-en eller nøkkelen.",
  },
  unknownVatClass: {
    en: "Not a VAT class: standard, reduced, low, food, books or zero.",
    sv: "Ingen momsklass: standard, reduced, low, food, books eller zero.",
    nb: "Ingen mva-klasse: standard, reduced, low, food, books eller zero.",
  },
  conflictingValues: {
    en: "Another row of the same product gives a different value.",
    sv: "En annan rad för samma produkt anger ett annat värde.",
    nb: "En annen rad for samme produkt angir en annen verdi.",
  },
};

/** A problem's text in the admin's language, its limit filled in. */
export function csvProblemText(
  problem: { code: CsvProblemCode; max?: number; other?: number },
  language: CsvLanguage,
): string {
  const texts =
    (CSV_TEXTS as Record<string, Record<CsvLanguage, string>>)[problem.code] ??
    PRODUCT_PROBLEM_TEXTS[problem.code as ProductProblemCode];
  return texts[language]
    .replace("{max}", String(problem.max ?? ""))
    .replace("{other}", String(problem.other ?? ""));
}

export const CSV_PROBLEM_CODES = [
  ...Object.keys(CSV_TEXTS),
  ...Object.keys(PRODUCT_PROBLEM_TEXTS),
] as CsvProblemCode[];

/**
 * A products row with no `skuId` creates a product (decision 0067): one product with one SKU, as the product form's
 * "new product" makes. Its article number must be new (the service checks the database, as the form does).
 */
export function isCreationRow(kind: CsvKind, cells: CsvCells): boolean {
  return kind === "products" && (cells.skuId ?? "").trim() === "";
}

/**
 * Values a file gives twice where the catalog allows one (decision 0067): a created product's article number, and a
 * GTIN on any row. Each later row is refused (`duplicateInFile` on the column) naming the first row that has it.
 */
export function duplicatesInFile(
  kind: CsvKind,
  rows: readonly { row: number; cells: CsvCells }[],
): CsvProblem[] {
  if (kind !== "products") return [];
  const problems: CsvProblem[] = [];
  const articleNumbers = new Map<string, number>();
  const gtins = new Map<string, number>();
  for (const { row, cells } of rows) {
    if (isCreationRow(kind, cells)) {
      const articleNumber = (cells.articleNumber ?? "").trim();
      const first = articleNumbers.get(articleNumber);
      if (articleNumber !== "" && first !== undefined)
        problems.push({ row, column: "articleNumber", code: "duplicateInFile", other: first });
      else if (articleNumber !== "") articleNumbers.set(articleNumber, row);
    }
    const gtin = (cells.gtin ?? "").replace(/\s+/g, "");
    const first = gtins.get(gtin);
    if (gtin !== "" && first !== undefined)
      problems.push({ row, column: "gtin", code: "duplicateInFile", other: first });
    else if (gtin !== "") gtins.set(gtin, row);
  }
  return problems;
}

/** What the file's catalog reference data is, for a created row: the active markets and the categories. */
export interface CreationLookups {
  /** The active markets that take prices, in the shop's order. */
  markets: readonly { alias: string; currencyCode: string }[];
  /** Category ids by id ("id:12") and by key ("key:jackets"): a key may look like an id. */
  categories: ReadonlyMap<string, number>;
  /** Brand ids by lower-case name. */
  brands: ReadonlyMap<string, number>;
}

/** A created row, as the product form's create input (services/admin/products.ts createProduct). */
export interface CreationRow {
  articleNumber: string;
  active: boolean;
  brandId: number | null;
  categoryId: number;
  vatClass: ProductClass;
  names: { "nb-NO": string; "sv-SE": string };
  sku: SkuFields;
  prices: (PriceFields & { marketAlias: string; currencyCode: string })[];
}

/**
 * A row that creates a product (decision 0067): the columns a new product needs, each missing or invalid one named
 * on its column by the product form's rules — article number, names in nb and sv, the primary category (`categoryId`,
 * else `category` by key), the VAT class (empty: standard), the SKU (`skuName`, empty: the nb name; `inStock`
 * required; GTIN, oversellable, incoming) and a regular price in at least one active market (`price.se.regular`;
 * a market left empty is not sold in, as in the form). Pure: the service checks what only the database knows
 * (article number and GTIN free) through the form's own checks.
 */
export function checkCreationRow(
  row: number,
  cells: CsvCells,
  lookups: CreationLookups,
): { ok: true; value: CreationRow } | { ok: false; problems: CsvProblem[] } {
  const problems: CsvProblem[] = [];
  // An empty `active` makes the product active, as the form starts; the names are required.
  const { active: activeCell, ...rest } = cells;
  const product = checkProductRow(
    row,
    {
      ...rest,
      ...((activeCell ?? "").trim() === "" ? {} : { active: activeCell ?? "" }),
      "nb.name": cells["nb.name"] ?? "",
      "sv.name": cells["sv.name"] ?? "",
    },
    { articleNumber: "", active: true, names: { "nb-NO": "", "sv-SE": "" } },
  );
  if (!product.ok) problems.push(...product.problems);

  let brandId: number | null = null;
  const brand = (cells.brand ?? "").trim();
  if (brand !== "") {
    brandId = lookups.brands.get(brand.toLowerCase()) ?? null;
    if (brandId === null) problems.push({ row, column: "brand", code: "unknownBrand" });
  }

  const byId = (cells.categoryId ?? "").trim();
  const byKey = (cells.category ?? "").trim();
  const categoryColumn = byId !== "" || byKey === "" ? "categoryId" : "category";
  const categoryId = lookups.categories.get(byId !== "" ? `id:${byId}` : `key:${byKey}`);
  if (byId === "" && byKey === "") problems.push({ row, column: "categoryId", code: "required" });
  else if (categoryId === undefined) problems.push({ row, column: categoryColumn, code: "unknownCategory" });

  const vatText = (cells.vatClass ?? "").trim().toLowerCase() || "standard";
  const vatClass = (PRODUCT_CLASSES as readonly string[]).includes(vatText)
    ? (vatText as ProductClass)
    : null;
  if (vatClass === null) problems.push({ row, column: "vatClass", code: "unknownVatClass" });

  if ((cells.inStock ?? "").trim() === "") problems.push({ row, column: "inStock", code: "required" });
  const sku = checkSkuRow(
    row,
    { ...cells, skuName: (cells.skuName ?? "").trim() || (cells["nb.name"] ?? "") },
    { name: "", gtin: null, inStock: 0, oversellable: 0, incoming: null },
  );
  if (!sku.ok)
    problems.push(...sku.problems.filter((p) => !(p.column === "inStock" && !cells.inStock?.trim())));

  const prices: CreationRow["prices"] = [];
  let priceProblems = false;
  for (const market of lookups.markets) {
    const regular = cells[`price.${market.alias}.regular`] ?? "";
    const selling = cells[`price.${market.alias}.selling`] ?? "";
    if (regular.trim() === "" && selling.trim() === "") continue;
    const checked = checkPrice(`price.${market.alias}.`, { regular, selling }, market.currencyCode);
    if (checked.ok)
      prices.push({ ...checked.value, marketAlias: market.alias, currencyCode: market.currencyCode });
    else {
      priceProblems = true;
      problems.push(...checked.problems.map((p) => ({ row, column: p.field, code: p.code })));
    }
  }
  // A price column of a market the shop does not sell in (unknown or inactive) is refused, not ignored.
  const known = new Set(lookups.markets.map((m) => m.alias));
  for (const [column, value] of Object.entries(cells)) {
    const market = PRICE_COLUMN.exec(column)?.[1];
    if (market !== undefined && !known.has(market) && value.trim() !== "") {
      priceProblems = true;
      problems.push({ row, column, code: "unknownMarket" });
    }
  }
  if (!priceProblems && prices.length === 0)
    problems.push({ row, column: `price.${lookups.markets[0]?.alias ?? "se"}.regular`, code: "required" });

  if (problems.length || !product.ok || !sku.ok || categoryId === undefined || vatClass === null)
    return { ok: false, problems };
  return {
    ok: true,
    value: {
      articleNumber: product.value.articleNumber,
      active: product.value.active,
      brandId,
      categoryId,
      vatClass,
      names: product.value.names,
      sku: sku.value,
      prices,
    },
  };
}

/** A product-form problem of a created row (services/admin/products.ts field names) as its CSV column. */
export function creationColumn(field: string): string {
  if (field === "categoryIds" || field === "primaryCategoryId") return "categoryId";
  if (field === "brandId") return "brand";
  if (field.startsWith("price.")) return field;
  const bare = field.startsWith("sku.") ? field.slice(4) : field;
  return COLUMN_OF_FIELD[bare] ?? bare;
}

import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { isUniqueViolation } from "#db/errors.ts";
import {
  brands,
  categories,
  markets,
  prices,
  products,
  productTranslations,
  skus,
} from "#db/schema/index.ts";
import { refreshSearchVectors } from "#db/search-vector.ts";
import {
  CSV_READ_ONLY,
  type CsvCells,
  type CsvKind,
  type CsvProblem,
  checkCreationRow,
  checkPriceRow,
  checkProductRow,
  checkSkuRow,
  checkVersionCell,
  creationColumn,
  duplicateRows,
  duplicatesInFile,
  isCreationRow,
  type ProductRowFields,
  parseId,
  stockFromFile,
} from "#domain/catalog-csv.ts";
import type { PriceFields, ProductProblem, SkuFields } from "#domain/product-edit.ts";
import { writeAudit, writeAudits } from "../audit.ts";
import {
  type CheckedNewProduct,
  checkNewProduct,
  checkSkuFields,
  writeNewProduct,
  writePrices,
} from "../products.ts";
import type { AdminPrincipal } from "../users.ts";
import { parseCatalogCsv } from "./parse.ts";

/**
 * The catalog's CSV import (issue 15, decision 0051): a products, prices or stock file in the export's columns.
 * Every row goes through the product form's rules (domain/catalog-csv.ts over domain/product-edit.ts); the dry
 * run answers every row it would refuse and why, and what it would create, update or leave unchanged. Applying runs
 * in one transaction that locks the products the file touches (in id order, so two imports cannot deadlock),
 * checks again, and writes: nothing at all when a row is refused, unless the good rows only were asked for. Every
 * changed product's version is raised (an older product form is refused with what changed), its change is in the
 * audit log with before and after, and one more entry records the import with its counts. Prices are written by
 * the price form's own path (services/admin/products.ts `writePrices`: the price log, so the 30-day lowest price
 * follows).
 */
export type CsvImportMode = "dryRun" | "apply" | "applyGoodRows";

export interface CsvImportReport {
  kind: CsvKind;
  mode: CsvImportMode;
  /** Data rows in the file (the header not counted). */
  rows: number;
  /** Every refused row's reasons, by row and column. */
  problems: CsvProblem[];
  refusedRows: number;
  created: number;
  updated: number;
  unchanged: number;
  /** Whether anything was written (never on a dry run; never with a refused row unless the good rows only). */
  applied: boolean;
}

type Status = "created" | "updated" | "unchanged";

interface SkuState extends SkuFields {
  id: number;
  productId: number;
}

interface ProductState extends ProductRowFields {
  id: number;
  version: number;
  brandId: number | null;
}

/** What one good row would do. */
type RowPlan = {
  row: number;
  productId: number;
  status: Status;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  /** Writes what is not a SKU's own fields (product fields, a price); null when there is none. */
  write: ((t: Database) => Promise<void>) | null;
  /** The SKU's new fields, written with the other rows' in one statement per 5,000. */
  sku: SkuState | null;
  /** A product this row creates (decision 0067), written by the product form's own path. */
  create?: CheckedNewProduct;
};

const CHUNK = 5000;

async function inChunks<T>(ids: readonly number[], load: (chunk: number[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) out.push(...(await load(ids.slice(i, i + CHUNK))));
  return out;
}

/** The file's SKUs and their products; the products locked (`for update`, in id order) when applying. */
async function loadState(t: Database, skuIds: number[], lock: boolean) {
  const owners = await inChunks(skuIds, (chunk) =>
    t.select({ productId: skus.productId }).from(skus).where(inArray(skus.id, chunk)),
  );
  const productIds = [...new Set(owners.map((o) => o.productId))].sort((a, b) => a - b);
  const productRows = await inChunks(productIds, (chunk) => {
    const query = t
      .select({
        id: products.id,
        version: products.version,
        articleNumber: products.articleNumber,
        active: products.active,
        brandId: products.brandId,
      })
      .from(products)
      .where(inArray(products.id, chunk))
      .orderBy(asc(products.id));
    return lock ? query.for("update") : query;
  });
  // The SKUs locked too (in id order, as checkout locks them): an order cannot take stock between the read and the
  // write, so the stock the import computes from (decision 0051, amended) is the stock it overwrites.
  const sortedSkuIds = [...skuIds].sort((a, b) => a - b);
  const skuRows = await inChunks(sortedSkuIds, (chunk) => {
    const query = t.select().from(skus).where(inArray(skus.id, chunk)).orderBy(asc(skus.id));
    return lock ? query.for("update") : query;
  });
  const names = await inChunks(productIds, (chunk) =>
    t
      .select({
        productId: productTranslations.productId,
        languageId: productTranslations.languageId,
        name: productTranslations.name,
      })
      .from(productTranslations)
      .where(inArray(productTranslations.productId, chunk)),
  );
  const nameOf = new Map(names.map((n) => [`${n.productId}|${n.languageId}`, n.name]));
  const productsById = new Map<number, ProductState>(
    productRows.map((p) => [
      p.id,
      {
        ...p,
        names: {
          "nb-NO": nameOf.get(`${p.id}|nb-NO`) ?? "",
          "sv-SE": nameOf.get(`${p.id}|sv-SE`) ?? "",
        },
      },
    ]),
  );
  const skusById = new Map<number, SkuState>(
    skuRows.map((s) => [
      s.id,
      {
        id: s.id,
        productId: s.productId,
        name: s.name,
        gtin: s.gtin,
        inStock: s.inStock,
        oversellable: s.oversellable,
        incoming: s.incoming,
      },
    ]),
  );
  return { productsById, skusById };
}

const skuFlat = (id: number, s: SkuFields) => ({
  [`sku.${id}.name`]: s.name,
  [`sku.${id}.gtin`]: s.gtin,
  [`sku.${id}.inStock`]: s.inStock,
  [`sku.${id}.oversellable`]: s.oversellable,
  [`sku.${id}.incoming`]: s.incoming,
});

const sameSku = (a: SkuFields, b: SkuFields) =>
  a.name === b.name &&
  a.gtin === b.gtin &&
  a.inStock === b.inStock &&
  a.oversellable === b.oversellable &&
  a.incoming === b.incoming;

/** The problems of the form's GTIN check (another SKU has it), named by column. */
function gtinProblems(row: number, problems: ProductProblem[]): CsvProblem[] {
  return problems.map((p) => ({ row, column: "gtin", code: p.code }));
}

interface Context {
  t: Database;
  kind: CsvKind;
  /** The active markets that take prices, in the shop's order, and the categories by id and key (creations). */
  marketList: { alias: string; currencyCode: string }[];
  categories: Map<string, number>;
  productsById: Map<number, ProductState>;
  skusById: Map<number, SkuState>;
  markets: Map<string, string>;
  brands: Map<string, number>;
  /** GTINs and article numbers this file gives, and to whom: a second one is refused as taken. */
  gtins: Map<string, number>;
  articleNumbers: Map<string, number>;
  /** Product fields the first row of each product gave (a products file repeats them on every SKU row). */
  productFields: Map<number, { fields: ProductRowFields; brandId: number | null }>;
  /** The file's SKUs' prices (a prices file), by "skuId|market". */
  prices: Map<string, { r: number; s: number; campaignId: number | null }>;
}

/**
 * A products row without a SKU id (decision 0067): the columns a new product needs (domain/catalog-csv.ts
 * `checkCreationRow`), then the product form's own checks in this transaction (services/admin/products.ts
 * `checkNewProduct`: article number and GTIN free, category and brand known), its problems named by column.
 */
async function planCreation(c: Context, row: number, cells: CsvCells): Promise<RowPlan | CsvProblem[]> {
  const checked = checkCreationRow(row, cells, {
    markets: c.marketList,
    categories: c.categories,
    brands: c.brands,
  });
  if (!checked.ok) return checked.problems;
  const v = checked.value;
  if (v.sku.gtin && c.gtins.has(v.sku.gtin)) return [{ row, column: "gtin", code: "gtinTaken" }];
  if (c.articleNumbers.has(v.articleNumber))
    return [{ row, column: "articleNumber", code: "articleNumberTaken" }];
  const form = await checkNewProduct(c.t, {
    articleNumber: v.articleNumber,
    active: v.active,
    brandId: v.brandId,
    categoryIds: [v.categoryId],
    primaryCategoryId: v.categoryId,
    texts: { "nb-NO": { name: v.names["nb-NO"] }, "sv-SE": { name: v.names["sv-SE"] } },
    sku: v.sku,
    prices: c.marketList.map((m) => ({
      marketAlias: m.alias,
      regular: cells[`price.${m.alias}.regular`] ?? "",
      selling: cells[`price.${m.alias}.selling`] ?? "",
    })),
    productClass: v.vatClass,
  });
  if (!form.ok) return form.problems.map((p) => ({ row, column: creationColumn(p.field), code: p.code }));
  if (v.sku.gtin) c.gtins.set(v.sku.gtin, -row);
  c.articleNumbers.set(v.articleNumber, -row);
  return {
    row,
    productId: 0,
    status: "created",
    before: {},
    after: {},
    write: null,
    sku: null,
    create: form.value,
  };
}

async function planRow(c: Context, row: number, raw: CsvCells): Promise<RowPlan | CsvProblem[]> {
  if (isCreationRow(c.kind, raw)) return planCreation(c, row, raw);
  // Columns the import does not change are not read, whatever they say.
  const cells: Record<string, string> = { ...raw };
  for (const column of CSV_READ_ONLY[c.kind]) delete cells[column];
  const skuId = parseId(cells.skuId);
  const sku = skuId === null ? undefined : c.skusById.get(skuId);
  const product = sku ? c.productsById.get(sku.productId) : undefined;
  if (!sku || !product) return [{ row, column: "skuId", code: "unknownSku" }];
  const version = checkVersionCell(row, cells);
  if (!version.ok) return version.problems;
  if (version.value !== null && version.value !== product.version)
    return [{ row, column: "version", code: "changedSinceExport" }];

  if (c.kind === "prices") {
    const market = (cells.market ?? "").trim().toLowerCase();
    const currency = c.markets.get(market);
    if (!currency) return [{ row, column: "market", code: "unknownMarket" }];
    const checked = checkPriceRow(row, cells, currency);
    if (!checked.ok) return checked.problems;
    const existing = c.prices.get(`${sku.id}|${market}`);
    const price: PriceFields = checked.value;
    const status: Status = !existing
      ? "created"
      : // Identical numbers are unchanged, a campaign's price too: rewriting it would detach the campaign and keep
        // its price after the campaign ends.
        existing.r === price.regularMinor && existing.s === price.sellingMinor
        ? "unchanged"
        : "updated";
    const key = `price.${sku.id}.${market}`;
    return {
      row,
      productId: product.id,
      status,
      before: existing ? { [`${key}.regular`]: existing.r, [`${key}.selling`]: existing.s } : {},
      after: { [`${key}.regular`]: price.regularMinor, [`${key}.selling`]: price.sellingMinor },
      write: (t) => writePrices(t, sku.id, [{ ...price, marketAlias: market, currencyCode: currency }]),
      sku: null,
    };
  }

  const problems: CsvProblem[] = [];
  const checkedSku = checkSkuRow(row, cells, sku);
  if (!checkedSku.ok) problems.push(...checkedSku.problems);
  let productPlan: { fields: ProductRowFields; brandId: number | null } | null = null;
  if (c.kind === "products") {
    const checked = checkProductRow(row, cells, product);
    if (!checked.ok) problems.push(...checked.problems);
    let brandId = product.brandId;
    if ("brand" in cells) {
      const name = (cells.brand ?? "").trim();
      brandId = name === "" ? null : (c.brands.get(name.toLowerCase()) ?? -1);
      if (brandId === -1) problems.push({ row, column: "brand", code: "unknownBrand" });
    }
    if (checked.ok && brandId !== -1) productPlan = { fields: checked.value, brandId };
  }
  if (problems.length || !checkedSku.ok) return problems;
  let next = checkedSku.value;
  // The file's stock is a change to the stock at export when the export wrote it beside (`inStockAtExport`).
  if ("inStock" in cells) {
    const stock = stockFromFile(row, sku.inStock, next.inStock, raw.inStockAtExport);
    if (!stock.ok) return stock.problems;
    next = { ...next, inStock: stock.value };
  }

  // Uniqueness, as the form checks it, and within the file.
  if (next.gtin && next.gtin !== sku.gtin) {
    const owner = c.gtins.get(next.gtin);
    const formProblems: ProductProblem[] = [];
    if (owner !== undefined && owner !== sku.id) formProblems.push({ field: "gtin", code: "gtinTaken" });
    else await checkSkuFields(c.t, "", next, sku.id, formProblems);
    if (formProblems.length) return gtinProblems(row, formProblems);
  }
  if (next.gtin) c.gtins.set(next.gtin, sku.id);

  let productChanged = false;
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  if (productPlan) {
    const first = c.productFields.get(product.id);
    if (first) {
      if (JSON.stringify(first) !== JSON.stringify(productPlan))
        return [{ row, column: "articleNumber", code: "conflictingValues" }];
      // The product's own fields are planned by its first row.
    } else {
      const { fields, brandId } = productPlan;
      if (fields.articleNumber !== product.articleNumber) {
        const owner = c.articleNumbers.get(fields.articleNumber);
        const [taken] =
          owner === undefined
            ? await c.t
                .select({ id: products.id })
                .from(products)
                .where(eq(products.articleNumber, fields.articleNumber))
            : [{ id: owner }];
        if (taken && taken.id !== product.id)
          return [{ row, column: "articleNumber", code: "articleNumberTaken" }];
      }
      c.articleNumbers.set(fields.articleNumber, product.id);
      c.productFields.set(product.id, productPlan);
      const was = {
        articleNumber: product.articleNumber,
        active: product.active,
        brandId: product.brandId,
        "nb.name": product.names["nb-NO"],
        "sv.name": product.names["sv-SE"],
      };
      const will = {
        articleNumber: fields.articleNumber,
        active: fields.active,
        brandId,
        "nb.name": fields.names["nb-NO"],
        "sv.name": fields.names["sv-SE"],
      };
      productChanged = JSON.stringify(was) !== JSON.stringify(will);
      if (productChanged) {
        Object.assign(before, was);
        Object.assign(after, will);
      }
    }
  }
  const skuChanged = !sameSku(sku, next);
  if (skuChanged) {
    Object.assign(before, skuFlat(sku.id, sku));
    Object.assign(after, skuFlat(sku.id, next));
  }
  const planned = productPlan;
  return {
    row,
    productId: product.id,
    status: productChanged || skuChanged ? "updated" : "unchanged",
    before,
    after,
    sku: skuChanged ? { ...next, id: sku.id, productId: sku.productId } : null,
    write: !(productChanged && planned)
      ? null
      : async (t) => {
          await t
            .update(products)
            .set({
              articleNumber: planned.fields.articleNumber,
              active: planned.fields.active,
              brandId: planned.brandId,
            })
            .where(eq(products.id, product.id));
          for (const languageId of ["nb-NO", "sv-SE"] as const) {
            const name = planned.fields.names[languageId];
            // A product keeps its address when renamed (the form does the same); a missing language is left alone.
            if (name && name !== product.names[languageId])
              await t
                .update(productTranslations)
                .set({ name })
                .where(
                  and(
                    eq(productTranslations.productId, product.id),
                    eq(productTranslations.languageId, languageId),
                  ),
                );
          }
          await refreshSearchVectors(t, product.id);
        },
  };
}

/** The SKUs' new fields, 5,000 a statement (a stock file of 50,000 rows is ten statements, not 50,000). */
async function writeSkus(t: Database, list: readonly SkuState[]) {
  for (let i = 0; i < list.length; i += CHUNK) {
    const rows = list.slice(i, i + CHUNK).map((s) => ({
      id: s.id,
      name: s.name,
      gtin: s.gtin,
      in_stock: s.inStock,
      oversellable: s.oversellable,
      incoming: s.incoming,
    }));
    await t.execute(sql`update skus as s
      set name = v.name, gtin = v.gtin, in_stock = v.in_stock, oversellable = v.oversellable, incoming = v.incoming
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as v(id integer, name text, gtin text, in_stock integer, oversellable integer, incoming date)
      where s.id = v.id`);
  }
}

async function plan(t: Database, kind: CsvKind, rows: { row: number; cells: CsvCells }[], lock: boolean) {
  const skuIds = [...new Set(rows.map((r) => parseId(r.cells.skuId)).filter((id) => id !== null))];
  const { productsById, skusById } = await loadState(t, skuIds, lock);
  const creates = rows.some((r) => isCreationRow(kind, r.cells));
  const [marketRows, brandRows, categoryRows] = await Promise.all([
    t
      .select({ alias: markets.alias, currencyCode: markets.currencyCode })
      .from(markets)
      .where(eq(markets.active, true))
      .orderBy(asc(markets.sortOrder), asc(markets.alias)),
    kind === "products" ? t.select({ id: brands.id, name: brands.name }).from(brands) : Promise.resolve([]),
    creates ? t.select({ id: categories.id, key: categories.key }).from(categories) : Promise.resolve([]),
  ]);
  const priceRows =
    kind === "prices"
      ? await inChunks(skuIds, (chunk) =>
          t
            .select({
              skuId: prices.skuId,
              market: prices.marketAlias,
              r: prices.regularMinor,
              s: prices.sellingMinor,
              campaignId: prices.campaignId,
            })
            .from(prices)
            .where(inArray(prices.skuId, chunk)),
        )
      : [];
  const c: Context = {
    t,
    kind,
    marketList: marketRows.flatMap((m) =>
      m.currencyCode ? [{ alias: m.alias, currencyCode: m.currencyCode }] : [],
    ),
    categories: new Map(
      categoryRows.flatMap((r) => [[`id:${r.id}`, r.id] as const, [`key:${r.key}`, r.id] as const]),
    ),
    productsById,
    skusById,
    markets: new Map(
      marketRows.filter((m) => m.currencyCode).map((m) => [m.alias.toLowerCase(), m.currencyCode as string]),
    ),
    brands: new Map(brandRows.map((b) => [b.name.toLowerCase(), b.id])),
    gtins: new Map(),
    articleNumbers: new Map(),
    productFields: new Map(),
    prices: new Map(priceRows.map((p) => [`${p.skuId}|${p.market.toLowerCase()}`, p])),
  };
  const duplicates = new Set(duplicateRows(kind, rows));
  // A created product's article number or a GTIN twice in the file: the later rows are refused, naming the first.
  const problems: CsvProblem[] = duplicatesInFile(kind, rows);
  const repeated = new Set(problems.map((p) => p.row));
  const plans: RowPlan[] = [];
  for (const { row, cells } of rows) {
    if (repeated.has(row)) continue;
    if (duplicates.has(row)) {
      problems.push({ row, column: kind === "prices" ? "market" : "skuId", code: "duplicateRow" });
      continue;
    }
    const result = await planRow(c, row, cells);
    if (Array.isArray(result)) problems.push(...result);
    else plans.push(result);
  }
  return { problems, plans, productsById };
}

class Rollback extends Error {}

/**
 * Checks a CSV file and, unless it is a dry run, applies it. `apply` writes nothing when any row is refused;
 * `applyGoodRows` writes the rows that pass and reports the others. One transaction either way.
 */
export async function importCatalogCsv(
  db: Database,
  who: AdminPrincipal,
  kind: CsvKind,
  text: string,
  mode: CsvImportMode,
): Promise<CsvImportReport> {
  const parsed = parseCatalogCsv(kind, text);
  const empty = { kind, mode, created: 0, updated: 0, unchanged: 0, applied: false };
  if (!parsed.ok) return { ...empty, rows: 0, problems: parsed.problems, refusedRows: 0 };
  let report: CsvImportReport | null = null;
  try {
    await db.transaction(async (tx) => {
      const t = tx as unknown as Database;
      const { problems, plans, productsById } = await plan(t, kind, parsed.rows, mode !== "dryRun");
      const count = (s: Status) => plans.filter((p) => p.status === s).length;
      const refusedRows = new Set(problems.map((p) => p.row)).size;
      report = {
        kind,
        mode,
        rows: parsed.rows.length,
        problems,
        refusedRows,
        created: count("created"),
        updated: count("updated"),
        unchanged: count("unchanged"),
        applied: false,
      };
      if (mode === "dryRun" || (mode === "apply" && problems.length)) throw new Rollback();
      const changed = plans.filter((p) => p.status !== "unchanged" && !p.create);
      for (const p of changed) await p.write?.(t);
      await writeSkus(
        t,
        changed.flatMap((p) => (p.sku ? [p.sku] : [])),
      );
      // One audit entry and one new version per changed product, with every field the file changed.
      const byProduct = new Map<number, RowPlan[]>();
      for (const p of changed) byProduct.set(p.productId, [...(byProduct.get(p.productId) ?? []), p]);
      // The products are locked: each one's version is the one read, so +1 is the version the audit entry names.
      const changedIds = [...byProduct.keys()].sort((a, b) => a - b);
      for (let i = 0; i < changedIds.length; i += CHUNK)
        await t
          .update(products)
          .set({ version: sql`${products.version} + 1`, updatedAt: sql`now()` })
          .where(inArray(products.id, changedIds.slice(i, i + CHUNK)));
      await writeAudits(
        t,
        who,
        changedIds.map((productId) => {
          const list = byProduct.get(productId) ?? [];
          const version = productsById.get(productId)?.version ?? 0;
          return {
            action: `csv.${kind}`,
            entity: "product",
            entityId: productId,
            before: Object.assign({}, ...list.map((p) => p.before), { version }),
            after: Object.assign({}, ...list.map((p) => p.after), { version: version + 1 }),
          };
        }),
      );
      // New products last, by the product form's write (its `product.create` audit entry, version 1).
      for (const p of plans) if (p.create) await writeNewProduct(t, who, p.create);
      await writeAudit(t, who, {
        action: "catalog.csvImport",
        entity: "catalog",
        entityId: kind,
        before: null,
        after: {
          kind,
          mode,
          rows: report.rows,
          created: report.created,
          updated: report.updated,
          unchanged: report.unchanged,
          refusedRows,
          products: byProduct.size,
        },
      });
      report.applied = true;
    });
  } catch (error) {
    // A product form or another import created one of the file's new article numbers or GTINs after this import
    // checked them (new rows cannot be locked): the unique index refuses, and nothing of the file is written.
    if (isUniqueViolation(error) && report)
      return {
        ...(report as CsvImportReport),
        problems: [{ row: 1, column: "", code: "takenMeanwhile" }],
        applied: false,
      };
    if (!(error instanceof Rollback)) throw error;
  }
  return report as unknown as CsvImportReport;
}

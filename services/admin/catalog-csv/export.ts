import { stringify } from "csv-stringify/sync";
import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import {
  brands,
  categories,
  markets,
  prices,
  products,
  productTranslations,
  skus,
} from "#db/schema/index.ts";
import {
  CSV_COLUMNS,
  type CsvKind,
  csvSafeCell,
  formatCsvAmount,
  priceColumns,
} from "#domain/catalog-csv.ts";

/**
 * The catalog as CSV (issue 15, decision 0051): products (one row per SKU), prices (one row per SKU and market) or
 * stock (one row per SKU), in the columns of domain/catalog-csv.ts, so an exported file edited in a spreadsheet
 * imports again. Excel's Swedish and Norwegian settings: `;` between fields, decimal comma, a BOM so the letters
 * å, ä, ö, æ, ø read right. Streamed: products are read in batches by id (keyset, no offset), each batch written
 * as it comes, so a 100,000-product catalog never sits in memory at once. Stock is written twice: `inStock` to
 * edit and `inStockAtExport` (read-only), so an import applies the change made in the file, not the number, to
 * stock that orders have moved since (decision 0051, amended). A cell a spreadsheet would run as a formula is
 * written with a single quote in front (domain/catalog-csv.ts csvSafeCell); the import takes it off again.
 */
export const CSV_BATCH = 500;

const yesNo = (b: boolean) => (b ? "yes" : "no");

async function productBatch(db: Database, afterId: number) {
  return db
    .select({
      id: products.id,
      articleNumber: products.articleNumber,
      version: products.version,
      active: products.active,
      brand: brands.name,
      category: categories.key,
      categoryId: products.primaryCategoryId,
      vatClass: products.productClass,
    })
    .from(products)
    .leftJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(categories, eq(categories.id, products.primaryCategoryId))
    .where(gt(products.id, afterId))
    .orderBy(asc(products.id))
    .limit(CSV_BATCH);
}

type Product = Awaited<ReturnType<typeof productBatch>>[number];

/** The active markets that take prices, in the shop's order: the products file's price columns (decision 0067). */
async function priceMarkets(db: Database) {
  const rows = await db
    .select({ alias: markets.alias, currencyCode: markets.currencyCode })
    .from(markets)
    .where(and(eq(markets.active, true), sql`${markets.currencyCode} is not null`))
    .orderBy(asc(markets.sortOrder), asc(markets.alias));
  return rows.map((m) => ({ alias: m.alias, currencyCode: m.currencyCode as string }));
}

type Market = Awaited<ReturnType<typeof priceMarkets>>[number];

async function pricesOf(db: Database, skuIds: number[]) {
  return skuIds.length
    ? db
        .select()
        .from(prices)
        .where(inArray(prices.skuId, skuIds))
        .orderBy(asc(prices.skuId), asc(prices.marketAlias))
    : [];
}

const sellingCell = (p: { regularMinor: number; sellingMinor: number; currencyCode: string }) =>
  p.sellingMinor === p.regularMinor ? "" : formatCsvAmount(p.sellingMinor, p.currencyCode);

async function rowsOf(
  db: Database,
  kind: CsvKind,
  batch: Product[],
  marketList: readonly Market[],
): Promise<string[][]> {
  const ids = batch.map((p) => p.id);
  const skuRows = await db
    .select()
    .from(skus)
    .where(inArray(skus.productId, ids))
    .orderBy(asc(skus.productId), asc(skus.sortOrder), asc(skus.id));
  const byProduct = new Map(batch.map((p) => [p.id, p]));
  const base = (s: (typeof skuRows)[number]) => {
    const p = byProduct.get(s.productId) as Product;
    return { p, articleNumber: p.articleNumber, version: String(p.version), skuId: String(s.id) };
  };
  if (kind === "stock")
    return skuRows.map((s) => {
      const b = base(s);
      return [
        b.articleNumber,
        b.version,
        b.skuId,
        s.name,
        s.gtin ?? "",
        String(s.inStock),
        String(s.inStock),
        String(s.oversellable),
        s.incoming ?? "",
      ];
    });
  if (kind === "products") {
    const names = await db
      .select({
        productId: productTranslations.productId,
        languageId: productTranslations.languageId,
        name: productTranslations.name,
      })
      .from(productTranslations)
      .where(
        and(
          inArray(productTranslations.productId, ids),
          inArray(productTranslations.languageId, ["nb-NO", "sv-SE"]),
        ),
      );
    const name = (id: number, lang: string) =>
      names.find((n) => n.productId === id && n.languageId === lang)?.name ?? "";
    const priceOf = new Map(
      (
        await pricesOf(
          db,
          skuRows.map((s) => s.id),
        )
      ).map((p) => [`${p.skuId}|${p.marketAlias}`, p]),
    );
    return skuRows.map((s) => {
      const b = base(s);
      return [
        b.articleNumber,
        b.version,
        yesNo(b.p.active),
        b.p.brand ?? "",
        b.p.category ?? "",
        b.p.categoryId === null ? "" : String(b.p.categoryId),
        b.p.vatClass,
        name(b.p.id, "nb-NO"),
        name(b.p.id, "sv-SE"),
        b.skuId,
        s.name,
        s.gtin ?? "",
        String(s.inStock),
        String(s.inStock),
        String(s.oversellable),
        s.incoming ?? "",
        ...marketList.flatMap((m) => {
          const p = priceOf.get(`${s.id}|${m.alias}`);
          return p ? [formatCsvAmount(p.regularMinor, p.currencyCode), sellingCell(p)] : ["", ""];
        }),
      ];
    });
  }
  const priceRows = await pricesOf(
    db,
    skuRows.map((s) => s.id),
  );
  const skuById = new Map(skuRows.map((s) => [s.id, s]));
  return priceRows.map((price) => {
    const s = skuById.get(price.skuId) as (typeof skuRows)[number];
    const b = base(s);
    return [
      b.articleNumber,
      b.version,
      b.skuId,
      s.name,
      price.marketAlias,
      price.currencyCode,
      formatCsvAmount(price.regularMinor, price.currencyCode),
      sellingCell(price),
    ];
  });
}

const OPTIONS = { delimiter: ";", record_delimiter: "windows" } as const;

/** The file's name for a download: `mili-stock-2026-11-28.csv`. */
export function csvFileName(kind: CsvKind, now = new Date()): string {
  return `mili-${kind}-${now.toISOString().slice(0, 10)}.csv`;
}

/**
 * The export as a byte stream: BOM and header first, then a batch of products at a time, read when the reader
 * asks for more (a slow download holds no more than one batch).
 */
export function exportCatalogCsv(db: Database, kind: CsvKind): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let afterId = 0;
  let started = false;
  let marketList: Market[] = [];
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        // A products file carries each SKU's price per active market, so a row can create a product (decision 0067).
        if (kind === "products") marketList = await priceMarkets(db);
        const header = [...CSV_COLUMNS[kind], ...priceColumns(marketList.map((m) => m.alias))];
        controller.enqueue(encoder.encode(`\uFEFF${stringify([header], OPTIONS)}`));
        return;
      }
      // Batches whose products have no row of this kind (no SKUs, no prices) are passed over.
      for (;;) {
        const batch = await productBatch(db, afterId);
        if (batch.length === 0) {
          controller.close();
          return;
        }
        afterId = batch[batch.length - 1]?.id ?? afterId;
        const rows = await rowsOf(db, kind, batch, marketList);
        if (rows.length) {
          // No cell starts a formula in a spreadsheet (a name "=HYPERLINK(…)" is written '=HYPERLINK(…)).
          const safe = rows.map((row) => row.map(csvSafeCell));
          controller.enqueue(encoder.encode(stringify(safe, OPTIONS)));
          return;
        }
      }
    },
  });
}

/** How many products the catalog has (the export screen says what a download holds). */
export async function catalogSize(db: Database) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(products);
  return row?.n ?? 0;
}

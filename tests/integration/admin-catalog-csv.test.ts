import { parse } from "csv-parse/sync";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  categories,
  discountCampaigns,
  priceLog,
  prices,
  products,
  productTranslations,
  skus,
} from "#db/schema/index.ts";
import { csvProblemText } from "#domain/catalog-csv.ts";
import { adminCall, signedInAdmins } from "#tests/support/admin.ts";
import { gql, type Shop, startShop } from "#tests/support/shop.ts";

/**
 * The catalog's CSV import and export (issue 15, decision 0051) through the back office: the export downloads as
 * a `;` CSV with a BOM; export → edit → import round-trips; the dry run lists every refused row (row, column,
 * localized reason) and changes nothing; a file with a bad row changes nothing until fixed, or imports the good
 * rows only when asked; prices go through the price form's path (the price log); a product form of an older
 * version is refused after an import, and an import racing a product edit from the same version: exactly one
 * wins. PGlite, and PostgreSQL with DATABASE_URL.
 */
let shop: Shop;
let cookies: Record<string, string> = {};

// biome-ignore lint/suspicious/noExplicitAny: tests walk answers of many shapes; each asserts what it reads.
type Json = any;

const IMPORT = `mutation($kind: AdminCsvKind!, $mode: AdminCsvImportMode!, $csv: String!) {
  importCatalogCsv(kind: $kind, mode: $mode, csv: $csv) {
    kind mode rows refusedRows created updated unchanged applied problemCount problems { row column code message } } }`;

async function importCsv(who: string, kind: string, mode: string, csv: string) {
  return adminCall(shop, cookies[who] ?? "", IMPORT, { kind, mode, csv });
}
async function report(kind: string, mode: string, csv: string) {
  const answer = await importCsv("owner", kind, mode, csv);
  expect(answer.errors).toBeUndefined();
  return answer.data.importCatalogCsv;
}

async function download(kind: string, cookie = cookies.owner ?? "") {
  return fetch(`${shop.origin}/admin/catalog/export.csv?kind=${kind}`, {
    headers: { cookie },
    redirect: "manual",
  });
}
async function exported(kind: string): Promise<string[][]> {
  const response = await download(kind);
  expect(response.status).toBe(200);
  return parse(await response.text(), { bom: true, delimiter: ";" }) as string[][];
}
const csvOf = (rows: string[][]) =>
  rows
    .map((r) => r.map((c) => (/[;"\n]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c)).join(";"))
    .join("\r\n");

async function skuRow(skuId: number) {
  const [row] = await shop.db.db.select().from(skus).where(eq(skus.id, skuId));
  return row;
}
async function versionOf(productId: number) {
  const [row] = await shop.db.db
    .select({ v: products.version })
    .from(products)
    .where(eq(products.id, productId));
  return row?.v ?? 0;
}
/** Every SKU's stock, to show that nothing changed. */
async function allStock() {
  return shop.db.db
    .select({ id: skus.id, inStock: skus.inStock, oversellable: skus.oversellable })
    .from(skus)
    .orderBy(asc(skus.id));
}

beforeAll(async () => {
  shop = await startShop({ SEED_PRODUCTS: "10" });
  cookies = await signedInAdmins(shop, { owner: "owner", staff: "staff", support: "support" });
});
afterAll(async () => {
  await shop?.close();
});

describe("export", () => {
  it("downloads each kind as a ; CSV with a BOM, the right type and file name; one row per SKU (per market for prices)", async () => {
    const response = await download("stock");
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="mili-stock-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    expect(text.split("\r\n")[0]).toBe(
      "articleNumber;version;skuId;skuName;gtin;inStock;inStockAtExport;oversellable;incoming",
    );
    const stock = await exported("stock");
    const [{ n } = { n: 0 }] = await shop.db.db.select({ n: sql<number>`count(*)::int` }).from(skus);
    expect(stock.length - 1).toBe(n);
    const pricesFile = await exported("prices");
    const [{ p } = { p: 0 }] = await shop.db.db.select({ p: sql<number>`count(*)::int` }).from(prices);
    expect(pricesFile.length - 1).toBe(p);
    expect(pricesFile[1]?.[6]).toMatch(/^\d+(,\d\d)?$/);
    const productsFile = await exported("products");
    expect(productsFile[0]).toContain("nb.name");
    expect(productsFile.length - 1).toBe(n);
  });
  it("needs a back-office session; support may export; an unknown kind is refused", async () => {
    expect((await download("stock", "")).status).toBe(303);
    expect((await download("stock", "mili-admin=not-a-session")).status).toBe(303);
    expect((await download("stock", cookies.support)).status).toBe(200);
    expect((await download("orders")).status).toBe(400);
  });
});

describe("import", () => {
  it("round-trips: an unedited export changes nothing; one edited cell updates one SKU, raises its product's version, audited", async () => {
    const rows = await exported("stock");
    const header = rows[0] as string[];
    const unchanged = await report("stock", "APPLY", csvOf(rows));
    expect(unchanged).toMatchObject({
      rows: rows.length - 1,
      refusedRows: 0,
      updated: 0,
      unchanged: rows.length - 1,
      applied: true,
    });

    const edited = rows.map((r) => [...r]);
    const target = edited[1] as string[];
    const skuId = Number(target[header.indexOf("skuId")]);
    const before = await skuRow(skuId);
    const productId = before?.productId ?? 0;
    const version = await versionOf(productId);
    target[header.indexOf("inStock")] = String((before?.inStock ?? 0) + 11);
    target[header.indexOf("incoming")] = "2027-01-15";
    const dry = await report("stock", "DRY_RUN", csvOf(edited));
    expect(dry).toMatchObject({
      updated: 1,
      unchanged: rows.length - 2,
      refusedRows: 0,
      applied: false,
      problems: [],
    });
    expect((await skuRow(skuId))?.inStock).toBe(before?.inStock);

    const applied = await report("stock", "APPLY", csvOf(edited));
    expect(applied).toMatchObject({ updated: 1, applied: true });
    expect(await skuRow(skuId)).toMatchObject({
      inStock: (before?.inStock ?? 0) + 11,
      incoming: "2027-01-15",
    });
    expect(await versionOf(productId)).toBe(version + 1);
    const entries = await shop.db.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, "product"),
          eq(auditLog.entityId, String(productId)),
          eq(auditLog.action, "csv.stock"),
        ),
      );
    expect(entries.at(-1)?.before).toMatchObject({ [`sku.${skuId}.inStock`]: before?.inStock, version });
    expect(entries.at(-1)?.after).toMatchObject({
      [`sku.${skuId}.inStock`]: (before?.inStock ?? 0) + 11,
      version: version + 1,
    });
    const [summary] = await shop.db.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "catalog.csvImport"))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(summary).toMatchObject({ actor: "owner@mili.example", entity: "catalog", entityId: "stock" });
    expect(summary?.after).toMatchObject({ rows: rows.length - 1, updated: 1, refusedRows: 0, products: 1 });

    // The same file again: its version column is now older than the product, so that row is refused.
    const again = await report("stock", "DRY_RUN", csvOf(edited));
    expect(again.problems).toContainEqual(
      expect.objectContaining({ row: 2, column: "version", code: "changedSinceExport" }),
    );
  });

  it("stock sold since the export: an untouched file keeps it, an edited row adds its change, below 0 is refused", async () => {
    // Two SKUs of two products with 10 each; then the export; then a sale takes 2 of each (an order takes stock
    // without raising the product's version).
    const all = await shop.db.db.select().from(skus).orderBy(asc(skus.id));
    const a = all[0];
    const b = all.find((s) => s.productId !== a?.productId);
    if (!a || !b) throw new Error("the seed has two products with SKUs");
    await shop.db.db
      .update(skus)
      .set({ inStock: 10 })
      .where(inArray(skus.id, [a.id, b.id]));
    const rows = await exported("stock");
    const h = rows[0] as string[];
    expect(h).toContain("inStockAtExport");
    const rowOf = (id: number) => rows.findIndex((r) => r[h.indexOf("skuId")] === String(id));
    expect(rows[rowOf(a.id)]?.[h.indexOf("inStockAtExport")]).toBe("10");
    const products = await exported("products");
    await shop.db.db
      .update(skus)
      .set({ inStock: sql`${skus.inStock} - 2` })
      .where(inArray(skus.id, [a.id, b.id]));

    // The untouched exports (stock, then products) change nothing: the sold units stay sold.
    const untouched = await report("stock", "APPLY", csvOf(rows));
    expect(untouched).toMatchObject({
      refusedRows: 0,
      updated: 0,
      unchanged: rows.length - 1,
      applied: true,
    });
    const again = await report("products", "APPLY", csvOf(products));
    expect(again).toMatchObject({ refusedRows: 0, updated: 0, applied: true });
    expect((await skuRow(a.id))?.inStock).toBe(8);
    expect((await skuRow(b.id))?.inStock).toBe(8);

    // Edited: a's 10 → 15 adds 5 to the 8 left; b's 10 → 0 would take 10 from 8: refused, and says why.
    const edited = rows.map((r) => [...r]);
    (edited[rowOf(a.id)] as string[])[h.indexOf("inStock")] = "15";
    (edited[rowOf(b.id)] as string[])[h.indexOf("inStock")] = "0";
    const dry = await report("stock", "DRY_RUN", csvOf(edited));
    expect(dry.problems).toEqual([
      expect.objectContaining({
        row: rowOf(b.id) + 1,
        column: "inStock",
        code: "stockBelowZero",
        message: csvProblemText({ code: "stockBelowZero" }, "en"),
      }),
    ]);
    expect((await report("stock", "APPLY", csvOf(edited))).applied).toBe(false);
    expect((await skuRow(a.id))?.inStock).toBe(8);
    const good = await report("stock", "APPLY_GOOD_ROWS", csvOf(edited));
    expect(good).toMatchObject({ applied: true, updated: 1, refusedRows: 1 });
    expect((await skuRow(a.id))?.inStock).toBe(13);
    expect((await skuRow(b.id))?.inStock).toBe(8);

    // A file without the column (made by hand) sets the number as written.
    const handMade = await report("stock", "APPLY", `skuId;inStock\n${b.id};7`);
    expect(handMade).toMatchObject({ applied: true, updated: 1 });
    expect((await skuRow(b.id))?.inStock).toBe(7);
  });

  it("lists every bad row with its row, column and reason in the admin's language, and changes nothing until fixed", async () => {
    const rows = await exported("stock");
    const h = rows[0] as string[];
    const col = (name: string) => h.indexOf(name);
    const data = rows.slice(1, 6).map((r) => [...r]);
    const [a, b, c, d, e] = data as [string[], string[], string[], string[], string[]];
    a[col("inStock")] = "-3"; // negative stock
    b[col("inStock")] = "tolv"; // not a number
    c[col("skuId")] = "999999"; // unknown SKU
    d[col("version")] = ""; // no version: no check
    d[col("inStock")] = "42";
    const dup = [...d];
    dup[col("inStock")] = "43"; // the same SKU again
    e[col("incoming")] = "2027-02-30"; // no such day
    const file = csvOf([h, a, b, c, d, dup, e]);
    const stockBefore = await allStock();

    const dry = await report("stock", "DRY_RUN", file);
    const seen = dry.problems.map((p: Json) => `${p.row}:${p.column}:${p.code}`);
    expect(seen).toEqual([
      "2:inStock:outOfRange",
      "3:inStock:notWholeNumber",
      "4:skuId:unknownSku",
      "6:skuId:duplicateRow",
      "7:incoming:invalidDate",
    ]);
    expect(dry.problems[0].message).toBe(csvProblemText({ code: "outOfRange", max: 1_000_000 }, "en"));
    expect(dry).toMatchObject({ rows: 6, refusedRows: 5, updated: 1, applied: false });

    const all = await report("stock", "APPLY", file);
    expect(all).toMatchObject({ applied: false, refusedRows: 5 });
    expect(await allStock()).toEqual(stockBefore);

    const good = await report("stock", "APPLY_GOOD_ROWS", file);
    expect(good).toMatchObject({ applied: true, refusedRows: 5, updated: 1 });
    const skuD = Number(d[col("skuId")]);
    expect((await skuRow(skuD))?.inStock).toBe(42);
    const others = (await allStock()).filter((s) => s.id !== skuD);
    expect(others).toEqual(stockBefore.filter((s) => s.id !== skuD));
  });

  it("prices: refuses an unknown market, a price below 0 and a sale above the regular; applied through the price log", async () => {
    const rows = await exported("prices");
    const h = rows[0] as string[];
    const col = (name: string) => h.indexOf(name);
    const first = [...(rows[1] as string[])];
    const skuId = Number(first[col("skuId")]);
    const market = first[col("market")] as string;
    const logBefore = await shop.db.db.select().from(priceLog).where(eq(priceLog.skuId, skuId));
    first[col("regular")] = "1 234,50";
    first[col("selling")] = "999";
    const unknown = [...first];
    unknown[col("market")] = "xx";
    const negative = [...(rows[2] as string[])];
    negative[col("regular")] = "-10";
    const above = [...(rows[3] as string[])];
    above[col("regular")] = "100";
    above[col("selling")] = "200";
    const file = csvOf([h, first, unknown, negative, above]);
    const dry = await report("prices", "DRY_RUN", file);
    expect(dry.problems.map((p: Json) => `${p.row}:${p.column}:${p.code}`)).toEqual([
      "3:market:unknownMarket",
      "4:regular:invalidAmount",
      "5:selling:saleAboveRegular",
    ]);
    expect((await report("prices", "APPLY", file)).applied).toBe(false);
    const good = await report("prices", "APPLY_GOOD_ROWS", file);
    expect(good).toMatchObject({ applied: true, updated: 1 });
    const [price] = await shop.db.db
      .select()
      .from(prices)
      .where(and(eq(prices.skuId, skuId), eq(prices.marketAlias, market)));
    expect(price).toMatchObject({
      regularMinor: 123450,
      sellingMinor: 99900,
      campaignId: null,
      reducedSince: null,
    });
    const logAfter = await shop.db.db.select().from(priceLog).where(eq(priceLog.skuId, skuId));
    expect(logAfter.length).toBeGreaterThan(logBefore.length);
  });

  it("prices: a campaign's price re-imported as exported is unchanged and stays the campaign's", async () => {
    const [campaign] = await shop.db.db
      .select({ id: discountCampaigns.id })
      .from(discountCampaigns)
      .orderBy(asc(discountCampaigns.id))
      .limit(1);
    if (!campaign) throw new Error("the seed has a campaign");
    const [price] = await shop.db.db
      .select()
      .from(prices)
      .orderBy(asc(prices.skuId), asc(prices.marketAlias))
      .limit(1);
    if (!price) throw new Error("the seed has prices");
    await shop.db.db
      .update(prices)
      .set({ campaignId: campaign.id, sellingMinor: Math.floor(price.regularMinor / 2) })
      .where(and(eq(prices.skuId, price.skuId), eq(prices.marketAlias, price.marketAlias)));
    const rows = await exported("prices");
    const h = rows[0] as string[];
    const row = rows.find(
      (r) => r[h.indexOf("skuId")] === String(price.skuId) && r[h.indexOf("market")] === price.marketAlias,
    );
    const file = csvOf([h, row as string[]]);
    expect(await report("prices", "APPLY", file)).toMatchObject({ updated: 0, unchanged: 1, applied: true });
    const [after] = await shop.db.db
      .select()
      .from(prices)
      .where(and(eq(prices.skuId, price.skuId), eq(prices.marketAlias, price.marketAlias)));
    expect(after).toMatchObject({
      campaignId: campaign.id,
      sellingMinor: Math.floor(price.regularMinor / 2),
    });
  });

  it("prices: a market a SKU has no price in yet is created", async () => {
    const [sku] = await shop.db.db
      .select({ id: skus.id })
      .from(skus)
      .orderBy(asc(skus.id))
      .limit(1)
      .offset(3);
    // The fixture: this SKU is not sold in Finland yet.
    await shop.db.db.delete(prices).where(and(eq(prices.skuId, sku?.id ?? 0), eq(prices.marketAlias, "fi")));
    const file = `skuId;market;regular;selling\n${sku?.id};fi;49,90;`;
    const dry = await report("prices", "DRY_RUN", file);
    expect(dry).toMatchObject({ created: 1, refusedRows: 0 });
    expect(await report("prices", "APPLY", file)).toMatchObject({ created: 1, applied: true });
    const [price] = await shop.db.db
      .select()
      .from(prices)
      .where(and(eq(prices.skuId, sku?.id ?? 0), eq(prices.marketAlias, "fi")));
    expect(price).toMatchObject({ currencyCode: "EUR", regularMinor: 4990, sellingMinor: 4990 });
  });

  it("products: names, active and brand by the form's rules; an unknown brand or an empty name is refused", async () => {
    const rows = await exported("products");
    const h = rows[0] as string[];
    const col = (name: string) => h.indexOf(name);
    const row = [...(rows[1] as string[])];
    const skuId = Number(row[col("skuId")]);
    const productId = (await skuRow(skuId))?.productId ?? 0;
    const siblings = rows.slice(1).filter((r) => r[col("articleNumber")] === row[col("articleNumber")]);
    const edit = (r: string[]) => {
      const x = [...r];
      x[col("sv.name")] = "Importerad jacka";
      x[col("active")] = "nej";
      return x;
    };
    const bad = edit(row);
    bad[col("brand")] = "Inget sådant märke";
    bad[col("nb.name")] = "";
    const dry = await report("products", "DRY_RUN", csvOf([h, bad]));
    expect(dry.problems.map((p: Json) => `${p.column}:${p.code}`).sort()).toEqual([
      "brand:unknownBrand",
      "nb.name:required",
    ]);
    // Every SKU row of the product says the same; the product is changed once.
    const applied = await report("products", "APPLY", csvOf([h, ...siblings.map(edit)]));
    expect(applied).toMatchObject({ applied: true, refusedRows: 0, updated: 1 });
    const [sv] = await shop.db.db
      .select()
      .from(productTranslations)
      .where(and(eq(productTranslations.productId, productId), eq(productTranslations.languageId, "sv-SE")));
    expect(sv?.name).toBe("Importerad jacka");
    const [product] = await shop.db.db.select().from(products).where(eq(products.id, productId));
    expect(product?.active).toBe(false);
  });

  it("refuses a bad header, an unreadable file, a file too large and support's import, changing nothing", async () => {
    const header = await report("stock", "APPLY", "skuId;colour\n1;red");
    expect(header.problems.map((p: Json) => `${p.row}:${p.column}:${p.code}`)).toEqual([
      "1:colour:unknownColumn",
      "1:inStock:missingColumn",
    ]);
    const broken = await report("stock", "DRY_RUN", 'skuId;inStock\n1;"5\n2;3');
    expect(broken.problems[0]).toMatchObject({ code: "unreadable" });
    // Over HTTP the admin API takes a megabyte (the screens call it in process): a file comes through the upload.
    const file = `skuId;inStock\n${"1;1\n".repeat(300_000)}`;
    const large = await fetch(`${shop.origin}/admin/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: shop.origin, cookie: cookies.owner ?? "" },
      body: JSON.stringify({ query: IMPORT, variables: { kind: "stock", mode: "DRY_RUN", csv: file } }),
    });
    expect(large.status).toBe(413);
    // The upload route reads a file only for a signed-in admin: without a session it is sent to the sign-in.
    const form = new FormData();
    form.set("file", new Blob([file], { type: "text/csv" }), "stock.csv");
    const anonymous = await fetch(`${shop.origin}/admin/catalog/import`, {
      method: "POST",
      headers: { origin: shop.origin },
      body: form,
      redirect: "manual",
    });
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get("location")).toBe("/admin/sign-in");
    const support = await importCsv("support", "stock", "APPLY", "skuId;inStock\n1;1");
    expect(support.code).toBe("FORBIDDEN");
  });
});

describe("creating products (decision 0067)", () => {
  /** A products row from column values; the rest empty. */
  const rowOf = (h: string[], values: Record<string, string>) => h.map((c) => values[c] ?? "");
  async function productCount() {
    const [{ n } = { n: 0 }] = await shop.db.db.select({ n: sql<number>`count(*)::int` }).from(products);
    return n;
  }
  async function someCategory() {
    const [row] = await shop.db.db.select().from(categories).orderBy(asc(categories.id)).limit(1);
    if (!row) throw new Error("no category");
    return row;
  }

  it("a row without a skuId creates a product: the dry run names each missing or invalid column and each repeat by row; all or nothing, or the good rows only", async () => {
    const h = (await exported("products"))[0] as string[];
    expect(h).toEqual(
      expect.arrayContaining(["categoryId", "vatClass", "price.se.regular", "price.no.selling"]),
    );
    const category = await someCategory();
    const good = {
      articleNumber: "CSV-NEW-1",
      "nb.name": "Csvjakke",
      "sv.name": "Csvjacka",
      categoryId: String(category.id),
      vatClass: "standard",
      gtin: "7310865004703",
      inStock: "5",
      "price.se.regular": "1299,50",
      "price.no.regular": "1499",
      "price.no.selling": "1199",
    };
    const file = csvOf([
      h,
      rowOf(h, good),
      rowOf(h, { articleNumber: "CSV-NEW-2" }),
      rowOf(h, { ...good, gtin: "" }),
      rowOf(h, { ...good, articleNumber: "CSV-NEW-3" }),
      rowOf(h, {
        ...good,
        articleNumber: "CSV-NEW-4",
        gtin: "",
        categoryId: "",
        category: "no-such-key",
        vatClass: "luxury",
      }),
    ]);
    const before = await productCount();
    const dry = await report("products", "DRY_RUN", file);
    expect(dry).toMatchObject({ rows: 5, created: 1, refusedRows: 4, applied: false });
    expect(dry.problems.map((p: Json) => `${p.row}:${p.column}:${p.code}`).sort()).toEqual([
      "3:categoryId:required",
      "3:inStock:required",
      "3:nb.name:required",
      "3:price.se.regular:required",
      "3:skuName:required",
      "3:sv.name:required",
      "4:articleNumber:duplicateInFile",
      "5:gtin:duplicateInFile",
      "6:category:unknownCategory",
      "6:vatClass:unknownVatClass",
    ]);
    const repeat = dry.problems.find((p: Json) => p.row === 4);
    expect(repeat.message).toBe("Row 2 of this file already has this value.");
    expect(dry.problems.find((p: Json) => p.column === "sv.name").message).toBe(
      csvProblemText({ code: "required" }, "en"),
    );

    const all = await report("products", "APPLY", file);
    expect(all).toMatchObject({ applied: false, created: 1, refusedRows: 4 });
    expect(await productCount()).toBe(before);

    const goodOnly = await report("products", "APPLY_GOOD_ROWS", file);
    expect(goodOnly).toMatchObject({ applied: true, created: 1, refusedRows: 4 });
    expect(await productCount()).toBe(before + 1);
    const [created] = await shop.db.db.select().from(products).where(eq(products.articleNumber, "CSV-NEW-1"));
    expect(created).toMatchObject({
      version: 1,
      active: true,
      primaryCategoryId: category.id,
      productClass: "standard",
    });
    const [sku] = await shop.db.db
      .select()
      .from(skus)
      .where(eq(skus.productId, created?.id ?? 0));
    expect(sku).toMatchObject({ name: "Csvjakke", gtin: "7310865004703", inStock: 5 });
    const priceRows = await shop.db.db
      .select()
      .from(prices)
      .where(eq(prices.skuId, sku?.id ?? 0));
    expect(priceRows.map((p) => `${p.marketAlias}:${p.regularMinor}:${p.sellingMinor}`).sort()).toEqual([
      "no:149900:119900",
      "se:129950:129950",
    ]);
    // The product form's audit entry, and the import's.
    const audits = await shop.db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "product"), eq(auditLog.entityId, String(created?.id))));
    expect(audits.map((a) => a.action)).toEqual(["product.create"]);
    expect(audits[0]?.after).toMatchObject({ articleNumber: "CSV-NEW-1", "nb.name": "Csvjakke", version: 1 });
    // The storefront shows it at once (the catalog version was raised at commit).
    const { body } = await gql(shop.origin, {
      query: `query($alias: String!, $channelId: String, $languageId: String) { product(alias: $alias, channelId: $channelId, languageId: $languageId) { name unitPrice { sellingPriceIncVat } } }`,
      variables: { alias: "csvjakke", channelId: "2|no", languageId: "nb-NO" },
    });
    expect(body.errors).toBeUndefined();
    expect(body.data.product).toMatchObject({ name: "Csvjakke", unitPrice: { sellingPriceIncVat: 1199 } });

    // The same file again: the article number and the GTIN are now taken, by the form's own checks.
    const again = await report("products", "DRY_RUN", csvOf([h, rowOf(h, good)]));
    expect(again.problems.map((p: Json) => `${p.column}:${p.code}`).sort()).toEqual([
      "articleNumber:articleNumberTaken",
      "gtin:gtinTaken",
    ]);
  });

  it("round-trips: the exported products file, new product included, creates nothing and changes nothing; a row of it without its skuId creates a copy", async () => {
    const rows = await exported("products");
    const h = rows[0] as string[];
    const mine = rows.find((r) => r[h.indexOf("articleNumber")] === "CSV-NEW-1") as string[];
    expect(mine[h.indexOf("price.no.regular")]).toBe("1499");
    expect(mine[h.indexOf("price.no.selling")]).toBe("1199");
    expect(mine[h.indexOf("vatClass")]).toBe("standard");
    expect(mine[h.indexOf("categoryId")]).toMatch(/^\d+$/);
    const before = await productCount();
    const back = await report("products", "APPLY", csvOf(rows));
    expect(back).toMatchObject({
      applied: true,
      refusedRows: 0,
      created: 0,
      updated: 0,
      unchanged: rows.length - 1,
    });
    expect(await productCount()).toBe(before);

    // An exported row, its skuId emptied and given a new article number, creates a copy from the export's columns.
    const copy = [...mine];
    copy[h.indexOf("skuId")] = "";
    copy[h.indexOf("version")] = "";
    copy[h.indexOf("gtin")] = "";
    copy[h.indexOf("articleNumber")] = "CSV-COPY-1";
    const made = await report("products", "APPLY", csvOf([h, copy]));
    expect(made).toMatchObject({ applied: true, created: 1, refusedRows: 0 });
    const [twin] = await shop.db.db.select().from(products).where(eq(products.articleNumber, "CSV-COPY-1"));
    expect(twin?.primaryCategoryId).toBe(Number(mine[h.indexOf("categoryId")]));
    const [twinSku] = await shop.db.db
      .select()
      .from(skus)
      .where(eq(skus.productId, twin?.id ?? 0));
    const twinPrices = await shop.db.db
      .select()
      .from(prices)
      .where(eq(prices.skuId, twinSku?.id ?? 0));
    expect(twinPrices.map((p) => `${p.marketAlias}:${p.regularMinor}:${p.sellingMinor}`).sort()).toEqual([
      "no:149900:119900",
      "se:129950:129950",
    ]);
  });

  it("staff may create by CSV, support may not; a category by its key and a VAT class are taken", async () => {
    const h = (await exported("products"))[0] as string[];
    const category = await someCategory();
    const values = {
      articleNumber: "CSV-STAFF-1",
      "nb.name": "Staffjakke",
      "sv.name": "Staffjacka",
      category: category.key,
      vatClass: "reduced",
      inStock: "0",
      "price.se.regular": "100",
    };
    const file = csvOf([h, rowOf(h, values)]);
    const support = await importCsv("support", "products", "APPLY", file);
    expect(support.code).toBe("FORBIDDEN");
    const staff = await importCsv("staff", "products", "APPLY", file);
    expect(staff.errors).toBeUndefined();
    expect(staff.data.importCatalogCsv).toMatchObject({ applied: true, created: 1 });
    const [created] = await shop.db.db
      .select()
      .from(products)
      .where(eq(products.articleNumber, "CSV-STAFF-1"));
    expect(created).toMatchObject({ primaryCategoryId: category.id, productClass: "reduced" });
  });
});

describe("an import and a product form", () => {
  const SKU = `mutation($id: Int!, $v: Int!, $sku: Int, $input: AdminSkuInput!) { saveSku(productId: $id, version: $v, skuId: $sku, input: $input) { version } }`;

  async function someSku(offset: number) {
    const [row] = await shop.db.db.select().from(skus).orderBy(asc(skus.id)).limit(1).offset(offset);
    if (!row) throw new Error("no SKU");
    return { sku: row, version: await versionOf(row.productId) };
  }

  it("a form opened before an import is refused with what the import changed", async () => {
    const { sku, version } = await someSku(6);
    const file = `articleNumber;version;skuId;inStock\nx;${version};${sku.id};77`;
    expect(await report("stock", "APPLY", file)).toMatchObject({ applied: true, updated: 1 });
    const stale = await adminCall(shop, cookies.staff ?? "", SKU, {
      id: sku.productId,
      v: version,
      sku: sku.id,
      input: { name: sku.name, inStock: "1" },
    });
    expect(stale.code).toBe("VERSION_CONFLICT");
    expect(stale.errors?.[0].extensions.changes.at(-1)).toMatchObject({
      actor: "owner@mili.example",
      action: "csv.stock",
      fields: [`sku.${sku.id}.inStock`],
    });
    expect((await skuRow(sku.id))?.inStock).toBe(77);
  });

  it("an import and a form save from the same version at once: exactly one wins, the other changes nothing", async () => {
    for (const offset of [7, 8, 9]) {
      const { sku, version } = await someSku(offset);
      const file = `version;skuId;inStock\n${version};${sku.id};501`;
      const [imported, saved] = await Promise.all([
        importCsv("owner", "stock", "APPLY", file),
        adminCall(shop, cookies.staff ?? "", SKU, {
          id: sku.productId,
          v: version,
          sku: sku.id,
          input: { name: sku.name, inStock: "502" },
        }),
      ]);
      const importWon = imported.data?.importCatalogCsv.applied === true;
      const formWon = saved.data?.saveSku?.version === version + 1;
      expect([importWon, formWon].filter(Boolean)).toHaveLength(1);
      if (importWon) expect(saved.code).toBe("VERSION_CONFLICT");
      else expect(imported.data.importCatalogCsv.problems[0]).toMatchObject({ code: "changedSinceExport" });
      expect((await skuRow(sku.id))?.inStock).toBe(importWon ? 501 : 502);
      expect(await versionOf(sku.productId)).toBe(version + 1);
    }
  });

  it("two imports of the same SKU at once: the row locks order them, both leave one consistent version each", async () => {
    const { sku, version } = await someSku(5);
    const ids = [sku.id];
    const file = (n: number) => `skuId;inStock\n${sku.id};${n}`;
    const [a, b] = await Promise.all([
      report("stock", "APPLY", file(11)),
      report("stock", "APPLY", file(12)),
    ]);
    expect(a.applied && b.applied).toBe(true);
    expect(await versionOf(sku.productId)).toBe(version + 2);
    const [row] = await shop.db.db.select().from(skus).where(inArray(skus.id, ids));
    expect([11, 12]).toContain(row?.inStock);
  });
});

describe("formula injection (issue 15, decision 0051 amended)", () => {
  it("a text that would run as a formula is exported behind a quote and imports back unchanged", async () => {
    const [last] = await shop.db.db.select().from(products).orderBy(sql`${products.id} desc`).limit(1);
    const productId = last?.id ?? 0;
    const [sku] = await shop.db.db.select().from(skus).where(eq(skus.productId, productId)).limit(1);
    const skuId = sku?.id ?? 0;
    const evil = '=HYPERLINK("http://evil.example","klikk")';
    await shop.db.db
      .update(productTranslations)
      .set({ name: evil })
      .where(and(eq(productTranslations.productId, productId), eq(productTranslations.languageId, "nb-NO")));
    await shop.db.db
      .update(productTranslations)
      .set({ name: "-2+3" })
      .where(and(eq(productTranslations.productId, productId), eq(productTranslations.languageId, "sv-SE")));
    await shop.db.db.update(skus).set({ name: "@SUM(A1)" }).where(eq(skus.id, skuId));
    const version = await versionOf(productId);

    const response = await download("products");
    const text = await response.text();
    const rows = parse(text, { bom: true, delimiter: ";" }) as string[][];
    const h = rows[0] as string[];
    const row = rows.find((r) => r[h.indexOf("skuId")] === String(skuId)) as string[];
    expect(row[h.indexOf("nb.name")]).toBe(`'${evil}`);
    expect(row[h.indexOf("sv.name")]).toBe("'-2+3");
    expect(row[h.indexOf("skuName")]).toBe("'@SUM(A1)");
    // No cell of any kind starts a formula.
    for (const kind of ["products", "prices", "stock"])
      for (const r of await exported(kind))
        for (const cell of r) expect(cell, `${kind}: ${cell}`).not.toMatch(/^[=+\-@\t\r]/);

    // The file as downloaded imports back to the same values: nothing changes.
    const applied = await report("products", "APPLY", text);
    expect(applied).toMatchObject({ applied: true, refusedRows: 0, updated: 0 });
    const names = await shop.db.db
      .select({ languageId: productTranslations.languageId, name: productTranslations.name })
      .from(productTranslations)
      .where(
        and(
          eq(productTranslations.productId, productId),
          inArray(productTranslations.languageId, ["nb-NO", "sv-SE"]),
        ),
      )
      .orderBy(asc(productTranslations.languageId));
    expect(names).toEqual([
      { languageId: "nb-NO", name: evil },
      { languageId: "sv-SE", name: "-2+3" },
    ]);
    expect((await skuRow(skuId))?.name).toBe("@SUM(A1)");
    expect(await versionOf(productId)).toBe(version);
  });
});

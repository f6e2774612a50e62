import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { asc, eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, products, skus } from "#db/schema/index.ts";
import { createAdminUser } from "#services/admin/users.ts";
import { expectAxeClean, openHydrated, signInToAdmin } from "#tests/support/admin-browser.ts";
import { setupBrowser } from "#tests/support/browser.ts";
import { type Shop, startShop } from "#tests/support/shop.ts";

/**
 * The catalog's CSV import and export in Chromium (issue 15, decision 0051): the export screen downloads a stock
 * CSV; a file with a bad row is checked (the dry run lists the row, column and reason) and "import everything"
 * changes nothing; "import the good rows only" imports the rest; the fixed file imports whole; a products row
 * without a skuId creates a product (decision 0067). Both screens are
 * axe-clean and used by keyboard.
 */
let shop: Shop;
const EMAIL = "lager@mili.example";
const PASSWORD = "en-lang-og-hemmelig-frase";

beforeAll(async () => {
  shop = await startShop({ SEED_PRODUCTS: "10" });
  await createAdminUser(shop.db.db, { email: EMAIL, role: "staff", password: PASSWORD });
});
afterAll(async () => {
  await shop?.close();
});

const session = setupBrowser();
/** How long an upload may take to answer on a busy shared machine (a bound for the wait, not a measurement). */
const SUBMITTED = 90_000;

async function stockOf(id: number) {
  const [row] = await shop.db.db.select({ inStock: skus.inStock }).from(skus).where(eq(skus.id, id));
  return row?.inStock;
}

/** Chooses the file and presses one of the form's buttons by keyboard. */
async function submit(page: Page, csv: string | null, button: string) {
  if (csv !== null)
    await page
      .getByLabel("CSV file")
      .setInputFiles({ name: "stock.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await page.getByRole("button", { name: button }).focus();
  await page.keyboard.press("Enter");
}

describe("CSV import and export in the back office", () => {
  it("exports stock; a file with a bad row changes nothing; the good rows only, or the fixed file, import", async () => {
    const page = session.page;
    await signInToAdmin(shop, page, EMAIL, PASSWORD);
    await page.getByRole("link", { name: "Import and export" }).click();
    await page.getByRole("heading", { level: 1, name: "Import a CSV file" }).waitFor();
    await expectAxeClean(page, "import");

    await page.getByRole("link", { name: "Export the catalog as CSV" }).click();
    await page.getByRole("heading", { level: 1, name: "Export the catalog as CSV" }).waitFor();
    await expectAxeClean(page, "export");
    // The radios by keyboard: the first is chosen; arrow down twice is "Stock".
    await page.getByRole("radio").first().focus();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    expect(await page.getByRole("radio", { name: /^Stock/ }).isChecked()).toBe(true);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download CSV" }).press("Enter"),
    ]);
    expect(download.suggestedFilename()).toMatch(/^mili-stock-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = parse(readFileSync(await download.path()), { bom: true, delimiter: ";" }) as string[][];
    const header = rows[0] as string[];
    const col = (name: string) => header.indexOf(name);
    const good = [...(rows[1] as string[])];
    const bad = [...(rows[2] as string[])];
    const goodSku = Number(good[col("skuId")]);
    const badSku = Number(bad[col("skuId")]);
    const goodBefore = await stockOf(goodSku);
    const badBefore = await stockOf(badSku);
    good[col("inStock")] = String((goodBefore ?? 0) + 5);
    bad[col("inStock")] = "-4";
    const file = [header, good, bad].map((r) => r.join(";")).join("\r\n");

    await openHydrated(shop, page, "/admin/catalog/import");
    await page.getByRole("radio", { name: /^Stock/ }).check();
    await submit(page, file, "Check the file (dry run)");
    const problems = page.getByRole("table", { name: "Rows that would be refused" });
    await problems.waitFor({ timeout: SUBMITTED });
    const cells = await problems.locator("tbody tr").first().locator("td").allTextContents();
    expect(cells).toEqual(["3", "inStock", "Enter a number from 0 to 1000000."]);
    await page
      .getByText("Dry run: nothing was changed. 2 rows: 0 to create, 1 to update, 0 unchanged, 1 refused.")
      .waitFor({ timeout: SUBMITTED });
    await expectAxeClean(page, "import with a dry run's problems");
    expect(await stockOf(goodSku)).toBe(goodBefore);

    // All or nothing: nothing. (The chosen file stays chosen.)
    await submit(page, null, "Import everything");
    await page
      .getByText("Nothing was imported: refused rows: 1. Fix them, or import the good rows only.")
      .waitFor({ timeout: SUBMITTED });
    expect(await stockOf(goodSku)).toBe(goodBefore);
    expect(await stockOf(badSku)).toBe(badBefore);

    // The good rows only.
    await submit(page, null, "Import the good rows only");
    await page
      .getByText("Imported: 0 created, 1 updated, 0 unchanged. Refused rows left out: 1.")
      .waitFor({ timeout: SUBMITTED });
    expect(await stockOf(goodSku)).toBe((goodBefore ?? 0) + 5);
    expect(await stockOf(badSku)).toBe(badBefore);

    // The fixed file (without versions: the product of the good row has a new one now; and without the stock at
    // export, which would apply the good row's +5 a second time — its numbers are now the stock as written).
    const fixed = [header, good, bad].map((r, i) => {
      const x = [...r];
      if (i > 0) x[col("version")] = "";
      return x.filter((_, j) => j !== col("inStockAtExport"));
    });
    (fixed[2] as string[])[col("inStock")] = "9";
    await submit(page, fixed.map((r) => r.join(";")).join("\r\n"), "Import everything");
    await page.getByText("Imported: 0 created, 1 updated, 1 unchanged.").waitFor({ timeout: SUBMITTED });
    expect(await stockOf(badSku)).toBe(9);

    // A products row without a skuId creates a product (decision 0067).
    const [category] = await shop.db.db.select().from(categories).orderBy(asc(categories.id)).limit(1);
    const create = [
      "articleNumber;skuId;nb.name;sv.name;category;inStock;price.se.regular",
      `E2E-NEW-1;;Nettjakke;Nätjacka;${category?.key};3;499`,
    ].join("\r\n");
    await page.getByRole("radio", { name: /^Products/ }).check();
    await submit(page, create, "Import everything");
    await page.getByText("Imported: 1 created, 0 updated, 0 unchanged.").waitFor({ timeout: SUBMITTED });
    const [created] = await shop.db.db.select().from(products).where(eq(products.articleNumber, "E2E-NEW-1"));
    expect(created?.primaryCategoryId).toBe(category?.id);
  }, 480_000);
});

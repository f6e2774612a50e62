import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories } from "#db/schema/index.ts";
import { createAdminUser } from "#services/admin/users.ts";
import { expectAxeClean, openHydrated, signInToAdmin, storefrontPath } from "#tests/support/admin-browser.ts";
import { setupBrowser } from "#tests/support/browser.ts";
import { type Shop, startShop } from "#tests/support/shop.ts";

/**
 * The back office's catalog in Chromium (issue 15, decision 0043): create a product with a variant, stock and prices
 * by keyboard, see it (name, price) on the storefront in Norwegian and Swedish; change a price and see the storefront
 * follow; a form of an older version is refused with who changed what. The list, new and edit screens are axe-clean.
 */
let shop: Shop;
const EMAIL = "katalog@mili.example";
const OTHER = "kollega@mili.example";
const PASSWORD = "en-lang-og-hemmelig-frase";
const TAG = randomUUID().slice(0, 6);
const NB_NAME = `Fjellvott ${TAG}`;
const SV_NAME = `Fjällvante ${TAG}`;
let categoryId = 0;
let productId = 0;

beforeAll(async () => {
  shop = await startShop();
  await createAdminUser(shop.db.db, { email: EMAIL, role: "staff", password: PASSWORD });
  await createAdminUser(shop.db.db, { email: OTHER, role: "owner", password: PASSWORD });
  const [leaf] = await shop.db.db
    .select({ id: categories.id })
    .from(categories)
    .where(sql`${categories.parentId} is not null and ${categories.active}`)
    .limit(1);
  categoryId = leaf?.id ?? 0;
});
afterAll(async () => {
  await shop?.close();
});

const session = setupBrowser();
const url = (path: string) => new URL(path, shop.origin).href;
const open = (page: Page, path: string) => openHydrated(shop, page, path);
const signIn = (page: Page) => signInToAdmin(shop, page, EMAIL, PASSWORD);
const pathOf = (alias: string, channelId: string, languageId: string) =>
  storefrontPath(shop, alias, channelId, languageId);

async function mainText(page: Page, path: string) {
  await open(page, path);
  return (await page.locator("main").textContent()) ?? "";
}

describe("the catalog in the back office", () => {
  it("creates a product by keyboard and the storefront shows it in nb and sv; list, new and edit are axe-clean", async () => {
    const page = session.page;
    await signIn(page);
    await page.getByRole("link", { name: "Products" }).click();
    await page.getByRole("heading", { level: 1, name: "Products" }).waitFor();
    expect(await page.getByRole("columnheader", { name: "Name" }).getAttribute("aria-sort")).toBe(
      "ascending",
    );
    await expectAxeClean(page, "products");
    // Search by keyboard: type, Enter.
    await page.getByLabel("Search (name, article number, GTIN, SKU id)").focus();
    await page.keyboard.type("no such product at all");
    await page.keyboard.press("Enter");
    await page.getByText("No products match.").waitFor();

    await page.getByRole("link", { name: "New product" }).click();
    await page.getByRole("heading", { level: 1, name: "New product" }).waitFor();
    await expectAxeClean(page, "new product");
    // Refused first (no names, a sale price above the regular one): the problems stand by their fields.
    await page.getByLabel("Article number").fill(`VOTT-${TAG}`);
    await page.getByLabel("Categories").selectOption(String(categoryId));
    await page.getByLabel("Variant name (e.g. size)").fill("M");
    await page.getByLabel("Regular price, NO (NOK)").fill("299");
    await page.getByLabel("Sale price, NO (NOK)").fill("399");
    await page.getByRole("button", { name: "Create product" }).press("Enter");
    await page.locator("#main").getByRole("alert").first().waitFor();
    const nbName = page.locator("#new-nb-name");
    expect(await nbName.getAttribute("aria-invalid")).toBe("true");
    expect(await page.locator("#new-nb-name-error").textContent()).toBe("Fill this in.");
    expect(await page.locator("#new-price-no-selling-error").textContent()).toBe(
      "The sale price cannot be above the regular price.",
    );
    await expectAxeClean(page, "new product with problems");

    await nbName.fill(NB_NAME);
    await page.locator("#new-nb-shortText").fill("Varm ullvott til fjellet");
    await page.locator("#new-sv-name").fill(SV_NAME);
    await page.locator("#new-sv-shortText").fill("Varm ullvante för fjället");
    await page.getByLabel("In stock").fill("12");
    await page.getByLabel("Sale price, NO (NOK)").fill("");
    await page.getByLabel("Regular price, SE (SEK)").fill("349");
    await page.getByRole("button", { name: "Create product" }).press("Enter");
    await page.getByRole("heading", { level: 1, name: `Product: ${NB_NAME}` }).waitFor();
    expect(await page.locator("#main").getByRole("status").first().textContent()).toBe(
      "Product created. The shop shows it now.",
    );
    productId = Number(new URL(page.url()).pathname.split("/").at(-1));
    await expectAxeClean(page, "edit product");

    const nbPath = await pathOf(`fjellvott-${TAG}`, "2|no", "nb-NO");
    // Canonical URLs are the language's own path; Swedish pages live under /sv.
    const svPath = `/sv${await pathOf(`fjallvante-${TAG}`, "1|se", "sv-SE")}`;
    const nb = await mainText(page, nbPath);
    expect(nb).toContain(NB_NAME);
    expect(nb).toMatch(/299/);
    expect(nb).toContain("Varm ullvott til fjellet");
    const sv = await mainText(page, svPath);
    expect(sv).toContain(SV_NAME);
    expect(sv).toMatch(/349/);
  }, 240_000);

  it("a price edited by keyboard shows on the storefront; a form of an older version is refused with what changed", async () => {
    const page = session.page;
    await signIn(page);
    await open(page, `/admin/products/${productId}`);
    const sale = page.getByLabel("Sale price, NO (NOK)").first();
    await sale.focus();
    await page.keyboard.type("199");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByText("Saved. The shop shows the change now.").count()).toBe(1);
    await expect.poll(() => sale.inputValue()).toBe("199");
    // The log shows the change; the storefront announces the reduction against 299.
    await page.getByText("Price log, NO").click();
    expect(await page.locator("details[open] tbody tr").count()).toBe(2);
    const nbPath = await pathOf(`fjellvott-${TAG}`, "2|no", "nb-NO");
    await expect.poll(async () => (await mainText(page, nbPath)).match(/199/) !== null).toBe(true);

    // Another admin saves in the meantime; this page's form still carries the version it read.
    await open(page, `/admin/products/${productId}`);
    const other = await fetch(url("/admin/graphql"), {
      method: "POST",
      headers: { "content-type": "application/json", origin: shop.origin },
      body: JSON.stringify({
        query: `mutation($e: String!, $p: String!) { signIn(email: $e, password: $p) { email } }`,
        variables: { e: OTHER, p: PASSWORD },
      }),
    });
    const cookie = (other.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
    const read = await fetch(url("/admin/graphql"), {
      method: "POST",
      headers: { "content-type": "application/json", origin: shop.origin, cookie },
      body: JSON.stringify({
        query: `query($id: Int!) { product(productId: $id) { version skus { skuId } } }`,
        variables: { id: productId },
      }),
    });
    const { data } = (await read.json()) as {
      data: { product: { version: number; skus: { skuId: number }[] } };
    };
    const saved = await fetch(url("/admin/graphql"), {
      method: "POST",
      headers: { "content-type": "application/json", origin: shop.origin, cookie },
      body: JSON.stringify({
        query: `mutation($id: Int!, $v: Int!, $sku: Int!, $input: AdminSkuInput!) { saveSku(productId: $id, version: $v, skuId: $sku, input: $input) { version } }`,
        variables: {
          id: productId,
          v: data.product.version,
          sku: data.product.skus[0]?.skuId,
          input: { name: "M", inStock: "3" },
        },
      }),
    });
    expect(((await saved.json()) as { errors?: unknown }).errors).toBeUndefined();
    await page.locator("#p-nb-shortText").fill("Endret av meg");
    await page.getByRole("button", { name: "Save product" }).click();
    const alert = page.locator("#main").getByRole("alert").first();
    await alert.waitFor();
    expect(await alert.textContent()).toContain("Someone saved this product after you opened it");
    expect(await alert.textContent()).toContain(`${OTHER}`);
    expect(await alert.textContent()).toMatch(/Variant id \d+: In stock/);
    await expectAxeClean(page, "edit product with a version conflict");
    expect(await mainText(page, nbPath)).not.toContain("Endret av meg");
  }, 240_000);
});

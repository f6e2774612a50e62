import { and, asc, eq, isNotNull, ne, notInArray } from "drizzle-orm";
import type { Locator } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  packageGroups,
  packageOptions,
  parameterGroups,
  productImages,
  products,
  productTranslations,
  relatedProducts,
} from "#db/schema/index.ts";
import { createAdminUser } from "#services/admin/users.ts";
import { expectAxeClean, openHydrated, signInToAdmin, storefrontPath } from "#tests/support/admin-browser.ts";
import { setupBrowser } from "#tests/support/browser.ts";
import { type Shop, startShop } from "#tests/support/shop.ts";

/**
 * The product editor's images in Chromium (issue 15, decision 0057): upload a picture on the product's page, make it
 * the main image by keyboard with a Norwegian alt text, and see it, so named, as the main image of the storefront's
 * product page. The page is axe-clean
 * with the images, parameters and related products sections. Then (decision 0064), on the same session: a related
 * product picked by the combobox's keys and given the kind "Accessory", a package's choice picked by its group's
 * product search, and a parameter group added and moved up on /admin/parameter-groups (axe-clean). The
 * permutations are in tests/integration/admin-product-extras.test.ts.
 */
let shop: Shop;
const EMAIL = "bilder@mili.example";
const PASSWORD = "en-lang-og-hemmelig-frase";
const PRODUCT = 5;
const PACKAGE = 6;

beforeAll(async () => {
  shop = await startShop();
  await createAdminUser(shop.db.db, { email: EMAIL, role: "staff", password: PASSWORD });
  await shop.db.db.update(products).set({ type: "package" }).where(eq(products.id, PACKAGE));
});
afterAll(async () => {
  await shop?.close();
});

const session = setupBrowser();

describe("product images in the back office", () => {
  it("uploads an image, makes it the main one by keyboard, and the storefront's product page shows it; picks a related product and a package choice; adds a parameter group", async () => {
    const page = session.page;
    await signInToAdmin(shop, page, EMAIL, PASSWORD);
    await openHydrated(shop, page, `/admin/products/${PRODUCT}`);
    await page.getByRole("heading", { level: 2, name: "Images" }).waitFor();
    const before = await page.locator("li[data-image]").count();

    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#d35400" } })
      .png()
      .toBuffer();
    await page
      .getByLabel("Upload images")
      .setInputFiles({ name: "orange.png", mimeType: "image/png", buffer: png });
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await page.getByText("Images uploaded: 1.").waitFor();
    const [row] = await shop.db.db
      .select({ fileName: productImages.fileName })
      .from(productImages)
      .where(and(eq(productImages.productId, PRODUCT), isNotNull(productImages.original)));
    const name = row?.fileName ?? "";
    expect(name).toMatch(/^photo-5-/);
    await page.locator(`li[data-image="${name}"]`).waitFor();
    expect(await page.locator("li[data-image]").count()).toBe(before + 1);
    await expectAxeClean(page, "product page with its images, parameters and related products");

    // To the top by keyboard: each "move up" saves and the list follows.
    for (let n = before + 1; n > 1; n--) {
      await page.getByRole("button", { name: `Move image ${n} up` }).press("Enter");
      await page.locator(`li[data-image]:nth-child(${n - 1})[data-image="${name}"]`).waitFor();
    }
    await page.getByLabel("Alt text (Norwegian)").first().fill("Oransje prøvebilde");
    await page.getByRole("button", { name: "Save images" }).press("Enter");
    await page.getByText("Images saved.").waitFor();

    const [alias] = await shop.db.db
      .select({ alias: productTranslations.alias })
      .from(productTranslations)
      .where(and(eq(productTranslations.productId, PRODUCT), eq(productTranslations.languageId, "nb-NO")));
    await openHydrated(shop, page, await storefrontPath(shop, alias?.alias ?? "", "2|no", "nb-NO"));
    const main = page.locator(`main img[src*="${name.replace(/\.jpg$/, "")}"]`).first();
    await main.waitFor();
    await expect
      .poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    expect(await main.getAttribute("alt")).toBe("Oransje prøvebilde");

    // A related product picked by keyboard in the combobox, then made an accessory.
    const taken = (
      await shop.db.db
        .select({ id: relatedProducts.relatedProductId })
        .from(relatedProducts)
        .where(eq(relatedProducts.productId, PRODUCT))
    ).map((r) => r.id);
    const [candidate] = await shop.db.db
      .select({ id: products.id, articleNumber: products.articleNumber, name: productTranslations.name })
      .from(products)
      .innerJoin(
        productTranslations,
        and(eq(productTranslations.productId, products.id), eq(productTranslations.languageId, "nb-NO")),
      )
      .where(
        and(
          ne(products.id, PRODUCT),
          notInArray(products.id, [...taken, PACKAGE]),
          eq(products.type, "product"),
        ),
      )
      .orderBy(asc(products.id))
      .limit(1);
    if (!candidate) throw new Error("no product to relate");
    const label = `${candidate.name} (${candidate.articleNumber})`;
    // Types the article number, then arrows down to the candidate among the suggestions and takes it with Enter.
    const pick = async (box: Locator) => {
      await box.pressSequentially(candidate.articleNumber);
      await page.getByRole("option", { name: label }).waitFor();
      const names = (await page.getByRole("option").allTextContents()).map((x) => x.trim());
      for (let k = 0; k <= names.indexOf(label); k++) await box.press("ArrowDown");
      expect(await page.getByRole("option", { name: label }).getAttribute("aria-selected")).toBe("true");
      await box.press("Enter");
    };
    await openHydrated(shop, page, `/admin/products/${PRODUCT}`);
    const related = page.getByRole("combobox", { name: "Find a product to add" });
    await pick(related);
    await page.getByText("Related products saved.").waitFor();
    const kind = page.getByLabel(`How ${candidate.name} relates`);
    await kind.selectOption("accessory");
    await page.getByRole("button", { name: "Save related products" }).press("Enter");
    // The first save's message may still show: the stored relation tells when this save has landed.
    const relationNow = async () => {
      const [row] = await shop.db.db
        .select({ relation: relatedProducts.relation })
        .from(relatedProducts)
        .where(
          and(eq(relatedProducts.productId, PRODUCT), eq(relatedProducts.relatedProductId, candidate.id)),
        );
      return row?.relation;
    };
    await expect.poll(relationNow).toBe("accessory");
    await page.getByText("Related products saved.").waitFor();

    // A package's new group named, then its choice picked by the group's product search.
    await openHydrated(shop, page, `/admin/products/${PACKAGE}`);
    await page.locator("#group-0-nbName").fill("Velg");
    await page.locator("#group-0-svName").fill("Välj");
    const choice = page.locator("#package-search-0-q");
    await pick(choice);
    await page.getByText("Package saved.").waitFor();
    await page
      .getByRole("button", { name: `Remove ${candidate.name} (${candidate.articleNumber})` })
      .waitFor();
    await expectAxeClean(page, "a package's page with its groups and product search");
    const options = await shop.db.db
      .select({ productId: packageOptions.productId })
      .from(packageOptions)
      .innerJoin(packageGroups, eq(packageGroups.id, packageOptions.groupId))
      .where(eq(packageGroups.packageProductId, PACKAGE));
    expect(options).toEqual([{ productId: candidate.id }]);

    // A parameter group added and moved up, by keyboard.
    await openHydrated(shop, page, "/admin/parameter-groups");
    await page.getByRole("heading", { level: 1, name: "Parameter groups" }).waitFor();
    await page.locator("#group-new-nb").fill("Mål");
    await page.locator("#group-new-sv").fill("Mått");
    await page.getByRole("button", { name: "Add group" }).press("Enter");
    await page.getByText("Parameter group added.").waitFor();
    await page.getByRole("button", { name: "Move Mål up" }).press("Enter");
    await page.getByText("Parameter group moved.").waitFor();
    await expectAxeClean(page, "parameter groups");
    const order = await shop.db.db
      .select({ nb: parameterGroups.names })
      .from(parameterGroups)
      .orderBy(asc(parameterGroups.sortOrder), asc(parameterGroups.id));
    expect(order.map((g) => g.nb["nb-NO"]).at(-2)).toBe("Mål");
  }, 360_000);
});

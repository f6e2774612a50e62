import { and, eq, isNotNull } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productImages, productTranslations } from "#db/schema/index.ts";
import { createAdminUser } from "#services/admin/users.ts";
import { expectAxeClean, openHydrated, signInToAdmin, storefrontPath } from "#tests/support/admin-browser.ts";
import { setupBrowser } from "#tests/support/browser.ts";
import { type Shop, startShop } from "#tests/support/shop.ts";

/**
 * The product editor's images in Chromium (issue 15, decision 0057): upload a picture on the product's page, make it
 * the main image by keyboard with a Norwegian alt text, and see it, so named, as the main image of the storefront's
 * product page. The page is axe-clean
 * with the images, parameters and related products sections. The permutations are in
 * tests/integration/admin-product-extras.test.ts.
 */
let shop: Shop;
const EMAIL = "bilder@mili.example";
const PASSWORD = "en-lang-og-hemmelig-frase";
const PRODUCT = 5;

beforeAll(async () => {
  shop = await startShop();
  await createAdminUser(shop.db.db, { email: EMAIL, role: "staff", password: PASSWORD });
});
afterAll(async () => {
  await shop?.close();
});

const session = setupBrowser();

describe("product images in the back office", () => {
  it("uploads an image, makes it the main one by keyboard, and the storefront's product page shows it", async () => {
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
  }, 240_000);
});

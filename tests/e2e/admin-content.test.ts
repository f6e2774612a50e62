import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdminUser } from "#services/admin/users.ts";
import { expectAxeClean, openHydrated, signInToAdmin } from "#tests/support/admin-browser.ts";
import { setupBrowser } from "#tests/support/browser.ts";
import { type Shop, startShop } from "#tests/support/shop.ts";

/**
 * Content in the back office in Chromium (issue 15, decision 0058): edit a content page and a menu item by keyboard
 * and see both on the storefront; add a draft widget by its type's form, move it (keyboard and drag) and preview it
 * in /preview-widgets before it is published; an image widget with its image picked in the combobox (decision
 * 0063). Each content screen is axe-clean.
 */
let shop: Shop;
const EMAIL = "innhold@mili.example";
const PASSWORD = "en-lang-og-hemmelig-innholdsfrase";
const PREVIEW = "preview-token-for-the-content-browser-test";

beforeAll(async () => {
  shop = await startShop({ WIDGET_PREVIEW_TOKEN: PREVIEW });
  await createAdminUser(shop.db.db, { email: EMAIL, role: "staff", password: PASSWORD });
});
afterAll(async () => {
  await shop?.close();
});

const session = setupBrowser();
const open = (page: Page, path: string) => openHydrated(shop, page, path);

describe("content in the back office", () => {
  it("a content page's title and text, and a menu item's label, reach the storefront", async () => {
    const page = session.page;
    await signInToAdmin(shop, page, EMAIL, PASSWORD);
    await open(page, "/admin/content");
    await expectAxeClean(page, "content pages");
    await page.getByRole("link", { name: "Om Mili" }).click();
    await page.getByRole("heading", { level: 1, name: "Page: Om Mili" }).waitFor();
    await expectAxeClean(page, "content page");
    const nb = page.getByRole("group", { name: "Norwegian" });
    await nb.getByLabel("Title", { exact: true }).fill("Om oss i Mili");
    await nb
      .getByLabel(/^Text/)
      .fill("<h2>Hvem vi er</h2><p>Vi selger turutstyr.</p><script>alert(1)</script>");
    const sv = page.getByRole("group", { name: "Swedish" });
    await sv.getByLabel(/^Text/).fill("<p>Vi säljer friluftsutrustning.</p>");
    await nb.getByLabel(/^Text/).focus();
    await page.getByRole("button", { name: "Save page" }).press("Enter");
    await page.getByRole("status").filter({ hasText: "Saved." }).waitFor();

    await open(page, "/om-mili");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Om oss i Mili");
    expect(await page.locator("main").textContent()).toContain("Vi selger turutstyr.");
    expect(await page.locator("main script").count()).toBe(0);
    await open(page, "/sv/om-mili");
    expect(await page.locator("main").textContent()).toContain("Vi säljer friluftsutrustning.");

    await open(page, "/admin/menus");
    await expectAxeClean(page, "menus");
    await open(page, "/admin/menus/footer-about");
    await expectAxeClean(page, "menu");
    const first = page.getByRole("group", { name: "Item 1" });
    await first.getByLabel("Label in Norwegian").fill("Hvem er Mili");
    await first.getByLabel("Label in Norwegian").press("Enter");
    await page.getByRole("status").filter({ hasText: "Saved." }).waitFor();
    await open(page, "/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Hvem er Mili" }).waitFor();
  }, 240_000);

  it("a draft widget is moved by keyboard and by drag, and shows in the preview before it is published", async () => {
    const page = session.page;
    // Each test has a fresh browser context (tests/support/browser.ts): sign in again.
    await signInToAdmin(shop, page, EMAIL, PASSWORD);
    await open(page, "/admin/widgets?area=Frontpage%2FMain");
    await expectAxeClean(page, "widgets");
    await page.getByLabel("Type").selectOption("text");
    await page.getByRole("button", { name: "New widget of this type" }).click();
    await page.getByRole("heading", { level: 1, name: "New text widget in Frontpage/Main" }).waitFor();
    await expectAxeClean(page, "new widget");
    await page.getByLabel("Text in Norwegian", { exact: true }).fill("Vinterens nyheter er her");
    await page.getByLabel("Text in Swedish", { exact: true }).fill("Vinterns nyheter är här");
    await page.getByRole("button", { name: "Create widget" }).click();
    await page.getByRole("status").filter({ hasText: "The widget was created." }).waitFor();
    await expectAxeClean(page, "widget");

    await page.getByRole("link", { name: "Back to the area" }).click();
    const rows = page.locator("tbody tr");
    await rows.last().getByText("Vinterens nyheter er her").waitFor();
    const count = await rows.count();
    // Keyboard: focus Move up on the last row, press Enter.
    await page.getByRole("button", { name: "Move up: text «Vinterens nyheter er her»" }).press("Enter");
    await page.getByRole("status").filter({ hasText: "The new order is saved." }).waitFor();
    await expect.poll(() => rows.nth(count - 2).textContent()).toContain("Vinterens nyheter er her");
    // Mouse: drag it to the top.
    await rows.nth(count - 2).dragTo(rows.first());
    await expect.poll(() => rows.first().textContent()).toContain("Vinterens nyheter er her");
    expect(await rows.first().textContent()).toContain("Draft");

    await open(page, "/");
    expect(await page.locator("main").textContent()).not.toContain("Vinterens nyheter er her");
    await open(page, "/admin/widgets?area=Frontpage%2FMain");
    await page.getByRole("link", { name: "Preview the area with its drafts in the storefront" }).click();
    await page.waitForURL(/\/preview-widgets\?/);
    const preview = page.locator("main");
    await expect.poll(() => preview.textContent()).toContain("Vinterens nyheter er her");
    expect(await preview.textContent()).toContain("Ikke publisert");

    await open(page, "/admin/widgets?area=Frontpage%2FMain");
    await page.getByRole("button", { name: "Publish: text «Vinterens nyheter er her»" }).click();
    await page.getByRole("status").filter({ hasText: "The widget is published." }).waitFor();
    await open(page, "/");
    await expect.poll(() => page.locator("main").textContent()).toContain("Vinterens nyheter er her");

    // An image widget by its form (decision 0063): the image picked from the shop's own by keyboard, alt texts
    // required; the advanced JSON is read only; the preview shows the image with its alt text.
    await open(page, "/admin/widgets?area=Frontpage%2FMain");
    await page.getByLabel("Type").selectOption("image");
    await page.getByRole("button", { name: "New widget of this type" }).click();
    await page.getByRole("heading", { level: 1, name: "New image widget in Frontpage/Main" }).waitFor();
    await page.getByRole("button", { name: "Create widget" }).click();
    await page.locator("#wf-alt-sv-SE-error").waitFor();
    expect(await page.getByLabel("Alt text in Swedish").getAttribute("aria-invalid")).toBe("true");
    const picker = page.getByRole("combobox", { name: "Image" });
    await picker.focus();
    await picker.press("ArrowDown");
    const options = page.getByRole("listbox", { name: "Image" }).getByRole("option");
    await options.first().waitFor();
    await expectAxeClean(page, "image widget with the picker open");
    const first = (await options.first().textContent()) ?? "";
    const productName = first.split(" · ")[0] ?? "";
    await picker.fill(productName.slice(0, 5));
    await options.filter({ hasText: productName }).first().waitFor();
    await picker.press("ArrowDown");
    await picker.press("Enter");
    await expect.poll(() => page.locator("#wf-fileName-picked").textContent()).toContain(productName);
    await page.getByLabel("Alt text in Norwegian").fill("Vinterjakke i snøen");
    await page.getByLabel("Alt text in Swedish").fill("Vinterjacka i snön");
    await page.getByRole("button", { name: "Create widget" }).click();
    await page.getByRole("status").filter({ hasText: "The widget was created." }).waitFor();
    await page.getByText("Advanced: the settings as stored (JSON, read only)").click();
    expect(await page.locator("details pre").textContent()).toContain("Vinterjakke i snøen");
    await page.getByRole("link", { name: "Back to the area" }).click();
    await page.getByRole("link", { name: "Preview the area with its drafts in the storefront" }).click();
    await page.waitForURL(/\/preview-widgets\?/);
    await page.locator('main img[alt="Vinterjakke i snøen"]').waitFor();
  }, 240_000);
});

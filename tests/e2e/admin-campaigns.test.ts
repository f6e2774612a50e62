import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { campaignPrice } from "#domain/campaign-edit.ts";
import { createAdminUser } from "#services/admin/users.ts";
import { expectAxeClean, openHydrated, signInToAdmin, storefrontPath } from "#tests/support/admin-browser.ts";
import { setupBrowser } from "#tests/support/browser.ts";
import { type Shop, startShop } from "#tests/support/shop.ts";

/**
 * Campaigns, promo codes and gift cards in Chromium (issue 15, decision 0045): run a price campaign made by keyboard
 * and see the reduced price on the storefront in Norwegian and Swedish; issue a gift card (its full code shown
 * once). Every campaign, promo-code and gift-card screen is axe-clean, with and without problems.
 */
let shop: Shop;
const EMAIL = "kampanje@mili.example";
const PASSWORD = "en-lang-og-hemmelig-frase";
const TAG = randomUUID().slice(0, 6);
const PERCENT = 37;
let product: { id: number; articleNumber: string; nb: string; sv: string; no: number; se: number };

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}

beforeAll(async () => {
  shop = await startShop();
  await createAdminUser(shop.db.db, { email: EMAIL, role: "staff", password: PASSWORD });
  // A product selling at its regular price in both markets (no reduction of its own).
  const [row] = rowsOf<{
    id: number;
    article_number: string;
    nb: string;
    sv: string;
    no: number;
    se: number;
  }>(
    await shop.db.db.execute(sql`
      select p.id, p.article_number,
        (select alias from product_translations where product_id = p.id and language_id = 'nb-NO') as nb,
        (select alias from product_translations where product_id = p.id and language_id = 'sv-SE') as sv,
        max(pr.regular_minor) filter (where pr.market_alias = 'no') as no,
        max(pr.regular_minor) filter (where pr.market_alias = 'se') as se
      from products p join skus s on s.product_id = p.id join prices pr on pr.sku_id = s.id
      where p.active and p.type = 'product'
      group by p.id
      having count(distinct pr.market_alias) filter (where pr.market_alias in ('no', 'se')) = 2
        and bool_and(pr.campaign_id is null and pr.selling_minor = pr.regular_minor)
        and count(distinct pr.regular_minor) filter (where pr.market_alias = 'no') = 1
        and count(distinct pr.regular_minor) filter (where pr.market_alias = 'se') = 1
      order by p.id limit 1`),
  );
  if (!row) throw new Error("no product at its regular price in both markets");
  product = {
    id: row.id,
    articleNumber: row.article_number,
    nb: row.nb,
    sv: row.sv,
    no: Number(row.no),
    se: Number(row.se),
  };
});
afterAll(async () => {
  await shop?.close();
});

const session = setupBrowser();
const open = (page: Page, path: string) => openHydrated(shop, page, path);
const signIn = (page: Page) => signInToAdmin(shop, page, EMAIL, PASSWORD);
const pathOf = (alias: string, channelId: string, languageId: string) =>
  storefrontPath(shop, alias, channelId, languageId);

/** The product page's main text, spaces of any kind removed (prices are written "1 499,50"). */
async function mainText(page: Page, path: string) {
  await open(page, path);
  return ((await page.locator("main").textContent()) ?? "").replace(/[\s\u00a0\u202f]/g, "");
}

/** A price as the page writes it without spaces: whole units, or with a decimal comma. */
function written(minor: number) {
  return minor % 100 === 0
    ? String(minor / 100)
    : `${Math.floor(minor / 100)},${String(minor % 100).padStart(2, "0")}`;
}

describe("campaigns in the back office", () => {
  it("a price campaign made by keyboard reduces the storefront's price in nb and sv; its screens are axe-clean", async () => {
    const page = session.page;
    const discount = { code: "percentOff", args: PERCENT };
    const reducedNo = campaignPrice(product.no, discount, "NOK");
    const reducedSe = campaignPrice(product.se, discount, "SEK");
    if (reducedNo === null || reducedSe === null) throw new Error("the campaign reduces nothing");
    const nbPath = await pathOf(product.nb, "2|no", "nb-NO");
    const svPath = `/sv${await pathOf(product.sv, "1|se", "sv-SE")}`;
    expect(await mainText(page, nbPath)).not.toContain(written(reducedNo));

    await signIn(page);
    await page.getByRole("link", { name: "Campaigns" }).click();
    await page.getByRole("heading", { level: 1, name: "Campaigns" }).waitFor();
    await expectAxeClean(page, "campaigns");
    await page.getByRole("link", { name: "New campaign" }).click();
    await page.getByRole("heading", { level: 1, name: "New campaign" }).waitFor();
    await expectAxeClean(page, "new campaign");

    // Refused first (no names, no markets, an end before the start): the problems stand by their fields.
    await page.getByLabel("Percent or amount").fill(String(PERCENT));
    await page.getByLabel("Starts (empty: now)").fill("2030-01-02T10:00");
    await page.getByLabel("Ends (empty: no end)").fill("2030-01-01T10:00");
    await page.getByRole("button", { name: "Create campaign" }).press("Enter");
    await page.locator("#main").getByRole("alert").first().waitFor();
    expect(await page.locator("#new-campaign-nbName").getAttribute("aria-invalid")).toBe("true");
    expect(await page.locator("#new-campaign-nbName-error").textContent()).toBe("Fill this in.");
    expect(await page.locator("#new-campaign-endsAt-error").textContent()).toBe(
      "The end must come after the start.",
    );
    await expectAxeClean(page, "new campaign with problems");

    // By keyboard: names, the product's article number, both markets (Space), no dates.
    await page.locator("#new-campaign-nbName").focus();
    await page.keyboard.type(`Høstsalg ${TAG}`);
    await page.keyboard.press("Tab");
    await page.keyboard.type(`Höstrea ${TAG}`);
    await page.getByLabel("Article numbers (separated by commas or spaces)").focus();
    await page.keyboard.type(product.articleNumber);
    for (const market of ["NO (NOK)", "SE (SEK)"]) {
      const box = page.getByLabel(market);
      if (!(await box.isChecked())) {
        await box.focus();
        await page.keyboard.press("Space");
      }
    }
    await page.getByLabel("Starts (empty: now)").fill("");
    await page.getByLabel("Ends (empty: no end)").fill("");
    await page.getByRole("button", { name: "Create campaign" }).press("Enter");
    await page.getByRole("heading", { level: 1, name: `Campaign: Høstsalg ${TAG}` }).waitFor();
    expect(await page.locator("#main").getByRole("status").first().textContent()).toBe("Campaign created.");
    expect(await page.locator("main").textContent()).toMatch(/Version 1 · running · [1-9]\d* prices reduced/);
    await expectAxeClean(page, "edit campaign");

    // The storefront follows the catalog version the campaign moved (page cache within a second).
    await expect.poll(async () => (await mainText(page, nbPath)).includes(written(reducedNo))).toBe(true);
    await expect.poll(async () => (await mainText(page, svPath)).includes(written(reducedSe))).toBe(true);
  }, 240_000);

  it("promo-code and gift-card screens are axe-clean; a gift card issued by keyboard shows its full code once", async () => {
    const page = session.page;
    await signIn(page);
    await page.getByRole("link", { name: "Promo codes" }).click();
    await page.getByRole("heading", { level: 1, name: "Promo codes" }).waitFor();
    await expectAxeClean(page, "promo codes");
    await page.getByRole("link", { name: "VINTER10" }).click();
    await page.getByRole("heading", { level: 1, name: "Promo code VINTER10" }).waitFor();
    await expectAxeClean(page, "promo code");
    await open(page, "/admin/promo-codes/new");
    // A taken code is refused by its field.
    await page.getByLabel("Code (letters A–Z, digits, - and _)").fill("vinter10");
    await page.getByRole("button", { name: "Create promo code" }).press("Enter");
    await page.locator("#main").getByRole("alert").first().waitFor();
    expect(await page.locator("#new-promo-code-error").textContent()).toBe(
      "Another promo code has this code.",
    );
    await expectAxeClean(page, "new promo code with problems");

    await page.getByRole("link", { name: "Gift cards" }).click();
    await page.getByRole("heading", { level: 1, name: "Gift cards" }).waitFor();
    await expectAxeClean(page, "gift cards");
    await page.getByLabel("Market (gives the currency)").selectOption("no");
    await page.getByLabel("Amount").focus();
    await page.keyboard.type("450");
    await page.keyboard.press("Enter");
    const status = page.locator("#main").getByRole("status").first();
    await status.waitFor();
    const code = (await status.locator("strong").textContent()) ?? "";
    expect(code).toMatch(/^GAVE(-[0-9A-Z]{4}){4}$/);
    await expectAxeClean(page, "gift card issued");
    await page.getByRole("link", { name: "Open the card" }).click();
    await page.getByRole("heading", { level: 1, name: `Gift card GAVE-…-${code.slice(-4)}` }).waitFor();
    expect(await page.locator("main").textContent()).not.toContain(code);
    await expectAxeClean(page, "gift card");
  }, 240_000);
});

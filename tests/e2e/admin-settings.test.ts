import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { skus } from "#db/schema/index.ts";
import { createAdminUser } from "#services/admin/users.ts";
import { expectAxeClean, openHydrated, signInToAdmin } from "#tests/support/admin-browser.ts";
import { setupBrowser } from "#tests/support/browser.ts";
import { queryRows } from "#tests/support/db.ts";
import { gql, type Shop, startShop } from "#tests/support/shop.ts";

/**
 * The shop's settings in Chromium (issue 15, decisions 0059 and 0062): the owner changes a shipping fee, creates a
 * shipping option and changes a theme colour by keyboard, and the storefront follows without a rebuild (the checkout
 * offers the new fee and the new option, the page carries the new colour); a colour with too little contrast is
 * refused at its field. The five settings screens are axe-clean. One shop for the file.
 */
let shop: Shop;
const EMAIL = "innstillinger@mili.example";
const PASSWORD = "en-lang-og-hemmelig-frase";

beforeAll(async () => {
  shop = await startShop({ SEED_PRODUCTS: "10" });
  await createAdminUser(shop.db.db, { email: EMAIL, role: "owner", password: PASSWORD });
});
afterAll(async () => {
  await shop?.close();
});

const session = setupBrowser();

/** A cart in market "no" with one in-stock item, as the browser's cart. */
async function cartInNorway() {
  const rows = await queryRows<{ id: number }>(
    shop.db.db,
    sql`select s.id from skus s join products p on p.id = s.product_id join prices pr on pr.sku_id = s.id and pr.market_alias = 'no'
        where p.type = 'product' and p.active and s.active and s.static = 0 order by s.id limit 1`,
  );
  const skuId = Number(rows[0]?.id);
  await shop.db.db.update(skus).set({ inStock: 10, oversellable: 0 }).where(eq(skus.id, skuId));
  const { body } = await gql(shop.origin, {
    query: `mutation($skuId: Int!) { addToCart(id: "", item: {skuId: $skuId, quantity: 1}, channelId: "2|no", languageId: "nb-NO", marketId: "no") { id } }`,
    variables: { skuId },
  });
  expect(body.errors).toBeUndefined();
  await session.context.addCookies([
    { name: "mili-cart", value: body.data.addToCart.id as string, url: shop.origin },
    { name: "mili-checkout-market", value: "no", url: shop.origin },
  ]);
}

describe("settings in the back office", () => {
  it("a new shipping fee and a new shipping option show in the checkout; the screens are axe-clean", async () => {
    const page = session.page;
    await signInToAdmin(shop, page, EMAIL, PASSWORD);
    await page.getByRole("link", { name: "Settings", exact: true }).click();
    await page.getByRole("heading", { level: 2, name: "Markets" }).waitFor();
    await expectAxeClean(page, "markets");
    await page
      .getByRole("navigation", { name: "Settings sections" })
      .getByRole("link", { name: "VAT rates" })
      .click();
    await page.getByRole("heading", { level: 2, name: "VAT rates" }).waitFor();
    await expectAxeClean(page, "vat");

    await page.getByRole("link", { name: "Shipping", exact: true }).click();
    await page.getByRole("heading", { level: 2, name: "Shipping" }).waitFor();
    await expectAxeClean(page, "shipping");
    const norway = page.locator("section", {
      has: page.getByRole("heading", { level: 3, name: /market no / }),
    });
    const home = norway.locator("form", { has: page.getByRole("heading", { name: /\(home-delivery\)/ }) });
    await home.getByLabel("Fee (NOK, VAT included)").fill("77");
    await home.getByRole("button", { name: "Save Hjemlevering" }).press("Enter");
    await home.getByRole("status").waitFor();

    const fresh = norway.locator("form", {
      has: page.getByRole("heading", { name: "New shipping option in market no" }),
    });
    await fresh.getByLabel("Name (Norwegian)").fill("Ekspress i morgen");
    await fresh.getByLabel("Name (Swedish)").fill("Express i morgon");
    await fresh.getByLabel("Fee (NOK, VAT included)").fill("149");
    await fresh.getByLabel("Delivery in working days, earliest").fill("1");
    await fresh.getByLabel("Delivery in working days, latest").fill("1");
    await fresh.getByRole("button", { name: "Create the option in no" }).press("Enter");
    const created = norway.locator("form", {
      has: page.getByRole("heading", { name: /\(ekspress-i-morgen\)/ }),
    });
    await created.waitFor();
    await expectAxeClean(page, "shipping with a new option");

    await page.getByRole("link", { name: "Payment methods", exact: true }).click();
    await page.getByRole("heading", { level: 2, name: "Payment methods" }).waitFor();
    await expectAxeClean(page, "payments");

    await cartInNorway();
    await openHydrated(shop, page, "/kassen");
    await page.locator("[data-checkout-form] input[name='zip']").fill("0154");
    const option = page.locator("label", { has: page.locator("input[value='own:home-delivery']") });
    await expect
      .poll(async () => ((await option.count()) > 0 ? ((await option.textContent()) ?? "") : ""))
      .toMatch(/77/);
    const express = page.locator("label", { has: page.locator("input[value='own:ekspress-i-morgen']") });
    await expect
      .poll(async () => ((await express.count()) > 0 ? ((await express.textContent()) ?? "") : ""))
      .toMatch(/Ekspress i morgen.*149/s);
  });

  it("a theme colour is checked for contrast and the storefront's page carries the new one", async () => {
    const page = session.page;
    // Each test has its own browser context (tests/support/browser.ts): sign in again.
    await signInToAdmin(shop, page, EMAIL, PASSWORD);
    await openHydrated(shop, page, "/admin/settings/theme");
    await page.getByRole("heading", { level: 2, name: "Theme" }).waitFor();
    await expectAxeClean(page, "theme");
    const norway = page.locator("form", { has: page.getByRole("heading", { name: "Theme of Mili Norge" }) });
    const brandInk = norway.getByLabel("Brand text and buttons");
    await brandInk.fill("#ffaa88");
    await norway.getByRole("button", { name: "Save the theme of Mili Norge" }).press("Enter");
    await norway.getByText(/Too little contrast for text/).waitFor();
    expect(await norway.getByLabel("Brand text and buttons").getAttribute("aria-invalid")).toBe("true");
    await norway.getByLabel("Brand text and buttons").fill("#1d4ed8");
    await norway.getByRole("button", { name: "Save the theme of Mili Norge" }).press("Enter");
    await norway.getByRole("status").waitFor();

    await openHydrated(shop, page, "/");
    expect(
      await page.evaluate(() => document.documentElement.style.getPropertyValue("--mili-brand-ink")),
    ).toBe("#1d4ed8");
  });
});

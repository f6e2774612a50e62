import { randomUUID } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, categoryTranslations } from "#db/schema/index.ts";
import { createAdminUser } from "#services/admin/users.ts";
import { expectAxeClean, openHydrated, signInToAdmin } from "#tests/support/admin-browser.ts";
import { setupBrowser } from "#tests/support/browser.ts";
import { gql, type Shop, startShop } from "#tests/support/shop.ts";

/**
 * The category tree and brands in Chromium (issue 15, decision 0056): siblings reordered by keyboard (the focus
 * stays on the button; the storefront's order follows), a category created by keyboard shows on the storefront at
 * once; the categories, category, brands and brand screens are axe-clean. Permutations are in
 * tests/integration/admin-categories.test.ts.
 */
let shop: Shop;
const EMAIL = "struktur@mili.example";
const PASSWORD = "en-lang-og-hemmelig-frase";
const TAG = randomUUID().slice(0, 6);
let parentId = 0;
let first = { id: 0, name: "" };
let second = { id: 0, name: "" };

beforeAll(async () => {
  shop = await startShop();
  await createAdminUser(shop.db.db, { email: EMAIL, role: "staff", password: PASSWORD });
  // A parent with at least two visible subcategories, and its first two in order.
  const [parent] = await shop.db.db
    .select({ id: categories.parentId })
    .from(categories)
    .where(sql`${categories.parentId} is not null and ${categories.active}`)
    .groupBy(categories.parentId)
    .having(sql`count(*) >= 2`)
    .limit(1);
  parentId = parent?.id ?? 0;
  const children = await shop.db.db
    .select({ id: categories.id, name: categoryTranslations.name })
    .from(categories)
    .innerJoin(categoryTranslations, eq(categoryTranslations.categoryId, categories.id))
    .where(
      sql`${categories.parentId} = ${parentId} and ${categories.active} and ${categoryTranslations.languageId} = 'nb-NO'`,
    )
    .orderBy(asc(categories.sortOrder), asc(categories.id));
  first = children[0] ?? first;
  second = children[1] ?? second;
});
afterAll(async () => {
  await shop?.close();
});

const session = setupBrowser();

async function storefrontOrder(): Promise<number[]> {
  const { body } = await gql(shop.origin, {
    query: `query($p: Int) { categories(parentCategoryId: $p, channelId: "2|no", languageId: "nb-NO") { categoryId } }`,
    variables: { p: parentId },
  });
  return body.data.categories.map((c: { categoryId: number }) => c.categoryId);
}

describe("categories and brands in the back office", () => {
  it("reorders by keyboard and creates a category the storefront shows; the screens are axe-clean", async () => {
    const page = session.page;
    await signInToAdmin(shop, page, EMAIL, PASSWORD);
    await page.getByRole("navigation").getByRole("link", { name: "Categories", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "Categories" }).waitFor();
    await expectAxeClean(page, "categories");

    // Keyboard: focus "Move … down" on the first sibling, press Enter.
    const order = () =>
      page
        .locator(`li[data-category="${parentId}"] > ul > li[data-category]`)
        .evaluateAll((items) => items.map((li) => Number(li.getAttribute("data-category"))));
    expect((await order()).slice(0, 2)).toEqual([first.id, second.id]);
    expect((await storefrontOrder()).slice(0, 2)).toEqual([first.id, second.id]);
    const down = page.locator(`#move-down-${first.id}`);
    expect(await down.getAttribute("aria-label")).toBe(`Move ${first.name} down`);
    await down.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator("#main p[role=status]").textContent()).toBe("New order saved.");
    expect((await order()).slice(0, 2)).toEqual([second.id, first.id]);
    expect(await page.evaluate(() => document.activeElement?.id)).toMatch(
      new RegExp(`^move-(down|up)-${first.id}$`),
    );
    expect((await storefrontOrder()).slice(0, 2)).toEqual([second.id, first.id]);

    // A new top-level category, by keyboard; then the storefront shows its page.
    const name = `Fjelltur ${TAG}`;
    await page.locator("#new-nb-name").fill(name);
    await page.locator("#new-sv-name").fill(`Fjälltur ${TAG}`);
    await page.locator("#new-nb-description").fill("Alt til fjellturen");
    await page.getByRole("button", { name: "Create category" }).press("Enter");
    await expect.poll(() => page.locator("#main p[role=status]").textContent()).toBe("Category created.");
    await page.getByRole("link", { name, exact: true }).waitFor();
    await expectAxeClean(page, "categories after creating");

    await page.getByRole("link", { name, exact: true }).click();
    await page.getByRole("heading", { level: 1, name: `Category: ${name}` }).waitFor();
    expect(await page.locator("#category-nb-alias").inputValue()).toBe(`fjelltur-${TAG}`);
    await expectAxeClean(page, "category");

    await openHydrated(shop, page, `/c/fjelltur-${TAG}`);
    await expect
      .poll(async () => (await page.getByRole("heading", { level: 1 }).textContent())?.includes(name))
      .toBe(true);

    await openHydrated(shop, page, "/admin/brands");
    await page.getByRole("heading", { level: 1, name: "Brands" }).waitFor();
    await expectAxeClean(page, "brands");
    await page.locator("tbody a").first().click();
    await page.getByRole("heading", { level: 1, name: /^Brand: / }).waitFor();
    await expectAxeClean(page, "brand");
  }, 240_000);
});

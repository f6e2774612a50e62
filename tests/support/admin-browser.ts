import type { Page } from "playwright-core";
import { expect } from "vitest";
import { axe, describeViolations, hydrated } from "./browser.ts";
import { gql, type Shop } from "./shop.ts";

/** What the back office's browser tests share: opening a page, axe, signing in, a product's storefront path. */

/** Opens a path of the shop and waits until the page has hydrated. */
export async function openHydrated(shop: Shop, page: Page, path: string) {
  await page.goto(new URL(path, shop.origin).href, { waitUntil: "load" });
  await hydrated(page);
}

export async function expectAxeClean(page: Page, what: string) {
  expect(describeViolations(await axe(page)), what).toEqual([]);
}

/** Signs in at /admin/sign-in (English) and waits for the dashboard. */
export async function signInToAdmin(shop: Shop, page: Page, email: string, password: string) {
  await openHydrated(shop, page, "/admin/sign-in");
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
}

/** A product's page path on the storefront in a channel and language. */
export async function storefrontPath(shop: Shop, alias: string, channelId: string, languageId: string) {
  const { body } = await gql(shop.origin, {
    query: `query($alias: String!, $channelId: String, $languageId: String) { product(alias: $alias, channelId: $channelId, languageId: $languageId) { canonicalUrl } }`,
    variables: { alias, channelId, languageId },
  });
  return new URL(body.data.product.canonicalUrl, shop.origin).pathname;
}

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

/**
 * The back office's notices in the page's main part, status and alert alike, joined by " | " ("" when none), once
 * React Router has nothing in flight; read at once, for `expect.poll`. After an action the router shows its
 * `actionData` (the notice) before it commits the revalidated loader data (up to a second later under load), and a
 * form keyed by loader data (a version, the order's refunds) is then made anew: a test that typed into it on seeing
 * the notice lost what it typed. While a navigation, revalidation or fetcher is in flight this answers
 * "(React Router is busy)". A poll for a success that never comes fails naming the alert that came instead.
 */
export async function mainNotices(page: Page): Promise<string> {
  return page.evaluate(() => {
    type State = {
      navigation: { state: string };
      revalidation: string;
      fetchers: Map<string, { state: string }>;
    };
    const router = (window as { __reactRouterDataRouter?: { state: State } }).__reactRouterDataRouter;
    if (router) {
      const { navigation, revalidation, fetchers } = router.state;
      const busy = [...fetchers.values()].some((fetcher) => fetcher.state !== "idle");
      if (navigation.state !== "idle" || revalidation !== "idle" || busy) return "(React Router is busy)";
    }
    return [...document.querySelectorAll('#main [role="status"], #main [role="alert"]')]
      .map((element) => (element.textContent ?? "").trim())
      .join(" | ");
  });
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

import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axe, describeViolations, hydrated, setupBrowser } from "#tests/support/browser.ts";
import { type Shop, startShop } from "#tests/support/shop.ts";

let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(async () => {
  await shop?.close();
});

const session = setupBrowser();
const url = (path: string) => new URL(path, shop.origin).href;

async function open(page: Page, path: string) {
  const response = await page.goto(url(path), { waitUntil: "load" });
  if (!response) throw new Error(`no response for ${path}`);
  await hydrated(page);
  return response;
}

/**
 * The events on the page's event bus (type and data), read from the storefront's own bus module: the module
 * already loaded by the page is imported again (same URL, same instance) and its `recent()` read.
 */
async function busEvents(page: Page): Promise<{ type: string; data: unknown }[]> {
  // A string, so that the test runner leaves the dynamic import() alone.
  return page.evaluate(`(async () => {
    const scripts = performance
      .getEntriesByType("resource")
      .map((entry) => entry.name)
      .filter((name) => new URL(name).pathname.endsWith(".js"));
    for (const script of scripts) {
      const module = await import(script);
      for (const bus of Object.values(module)) {
        if (bus && typeof bus.push === "function" && typeof bus.recent === "function")
          return bus.recent().map(({ type, data }) => ({ type, data }));
      }
    }
    throw new Error("the page's event bus was not found");
  })()`);
}

const favoriteEvents = async (page: Page) =>
  (await busEvents(page)).filter((event) => event.type.startsWith("favorite:"));

const LANGUAGES = {
  nb: {
    home: "/",
    favorites: "/favoritter",
    heading: "Favoritter",
    empty: "Du har ingen favoritter ennå.",
    toggle: (name: string) => `Favoritt: ${name}`,
    removed: (name: string) => `${name} er fjernet fra favorittene.`,
  },
  sv: {
    home: "/sv",
    favorites: "/sv/favoriter",
    heading: "Favoriter",
    empty: "Du har inga favoriter ännu.",
    toggle: (name: string) => `Favorit: ${name}`,
    removed: (name: string) => `${name} har tagits bort från favoriterna.`,
  },
} as const;

/** The n-th product card of the page's first grid: its name and its favourite button. */
async function card(page: Page, n: number) {
  const item = page.locator("main ul > li[data-product]").nth(n);
  const name = (await item.locator("a span.font-medium").textContent())?.trim() ?? "";
  const id = Number(await item.getAttribute("data-product"));
  return { item, name, id, button: heart(page, id) };
}

/** The favourite button of a product (by id: names repeat across colours). */
const heart = (page: Page, id: number) =>
  page.locator(`main li[data-product="${id}"] button[data-favorite="${id}"]`);
const pressed = (page: Page, id: number) => heart(page, id).getAttribute("aria-pressed");
const listedIds = (page: Page) =>
  page
    .locator("main ul > li[data-product]")
    .evaluateAll((items) => items.map((item) => Number(item.getAttribute("data-product"))));

describe.each(["nb", "sv"] as const)("favourites in %s", (lang) => {
  const l = LANGUAGES[lang];

  it("toggle on a product card: aria-pressed, a name with the product, favorite:add / favorite:remove on the bus", async () => {
    const { page } = session;
    await open(page, l.home);
    const first = await card(page, 0);
    expect(first.name).toBeTruthy();
    expect(await first.button.getAttribute("aria-label")).toBe(l.toggle(first.name));
    expect(await first.button.getAttribute("aria-pressed")).toBe("false");

    await first.button.click();
    await expect.poll(() => first.button.getAttribute("aria-pressed")).toBe("true");
    // The keyboard works too: Space on the focused button releases it.
    await first.button.focus();
    await page.keyboard.press("Space");
    await expect.poll(() => first.button.getAttribute("aria-pressed")).toBe("false");
    await page.keyboard.press("Enter");
    await expect.poll(() => first.button.getAttribute("aria-pressed")).toBe("true");

    // With the product as analytics' add_to_wishlist describes it (decision 0042).
    const item = {
      items: [expect.objectContaining({ item_name: first.name })],
      currency: expect.any(String),
    };
    expect(await favoriteEvents(page)).toEqual([
      { type: "favorite:add", data: { productId: first.id, name: first.name, ...item } },
      { type: "favorite:remove", data: { productId: first.id, name: first.name, ...item } },
      { type: "favorite:add", data: { productId: first.id, name: first.name, ...item } },
    ]);
    const cookie = (await session.context.cookies()).find((c) => c.name === "mili-persisted-states");
    expect(cookie && JSON.parse(decodeURIComponent(cookie.value))).toEqual({ favorites: [first.id] });
    // One year, path /, SameSite=Lax.
    expect(cookie?.path).toBe("/");
    expect(cookie?.sameSite).toBe("Lax");
    expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);
  });

  it("survive a reload and are listed on the favourites page, newest first", async () => {
    const { page } = session;
    await open(page, l.home);
    const a = await card(page, 0);
    const b = await card(page, 1);
    await a.button.click();
    await b.button.click();
    await expect.poll(() => b.button.getAttribute("aria-pressed")).toBe("true");

    await page.reload();
    await hydrated(page);
    await expect.poll(() => pressed(page, a.id)).toBe("true");
    await expect.poll(() => pressed(page, b.id)).toBe("true");
    expect(await (await card(page, 2)).button.getAttribute("aria-pressed")).toBe("false");
    // The header counts them (after hydration: the cached HTML has no badge).
    await expect.poll(() => page.locator("header [data-favorite-count]").textContent()).toBe("2");

    const response = await open(page, l.favorites);
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("private, no-store");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(l.heading);
    expect(await listedIds(page)).toEqual([b.id, a.id]);
    await expect.poll(() => pressed(page, a.id)).toBe("true");
    expect(describeViolations(await axe(page))).toEqual([]);
  });

  it.each([
    ["phone", { width: 375, height: 812 }],
    ["desktop", { width: 1360, height: 900 }],
  ] as const)(
    "%s: a product released on the favourites page leaves the list at once",
    async (_, viewport) => {
      const { page } = session;
      await page.setViewportSize(viewport);
      await open(page, l.home);
      const a = await card(page, 0);
      const b = await card(page, 1);
      await a.button.click();
      await b.button.click();
      await expect.poll(() => b.button.getAttribute("aria-pressed")).toBe("true");
      await open(page, l.favorites);
      expect(await listedIds(page)).toEqual([b.id, a.id]);

      // Released by keyboard: the card goes, focus moves to the next card's heart, and the change is told.
      await heart(page, b.id).focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => listedIds(page)).toEqual([a.id]);
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-favorite")))
        .toBe(String(a.id));
      // The message is set by an effect after the card has gone: one render later.
      await expect
        .poll(() => page.locator("main [data-favorite-removed]").textContent())
        .toBe(l.removed(b.name));
      await expect.poll(() => page.locator("header [data-favorite-count]").textContent()).toBe("1");
      expect((await favoriteEvents(page)).map((e) => e.type)).toEqual(["favorite:remove"]);
      expect(describeViolations(await axe(page))).toEqual([]);
      await page.reload();
      await hydrated(page);
      expect(await listedIds(page)).toEqual([a.id]);

      // The last one, by a click: the empty page at once, focus on the heading.
      await heart(page, a.id).click();
      await expect.poll(() => listedIds(page)).toEqual([]);
      expect(await page.locator("main [data-empty] p").first().textContent()).toBe(l.empty);
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("H1");
      expect(await page.locator("header [data-favorite-count]").count()).toBe(0);
      await page.reload();
      await hydrated(page);
      expect(await listedIds(page)).toEqual([]);
      expect(describeViolations(await axe(page))).toEqual([]);
    },
  );

  it("a second tab follows: its card and its favourites page", async () => {
    const { page, context } = session;
    await open(page, l.home);
    const other = await context.newPage();
    await open(other, l.home);
    const favoritesTab = await context.newPage();
    await open(favoritesTab, l.favorites);
    expect(await listedIds(favoritesTab)).toEqual([]);

    const first = await card(page, 0);
    await first.button.click();
    // The other tab's card hydrates as it comes into view (decision 0073), and shows the store as it is then.
    await heart(other, first.id).scrollIntoViewIfNeeded();
    await expect.poll(() => pressed(other, first.id)).toBe("true");
    // The favourites page of the other tab loads the new favourite.
    await expect.poll(() => listedIds(favoritesTab)).toEqual([first.id]);
    // Released in the other tab: this tab follows; only the tab that changed it pushes the event.
    await heart(other, first.id).click();
    await expect.poll(() => pressed(page, first.id)).toBe("false");
    expect((await favoriteEvents(page)).map((e) => e.type)).toEqual(["favorite:add"]);
    expect((await favoriteEvents(other)).map((e) => e.type)).toEqual(["favorite:remove"]);
  });
});

/** A favourite button rendered pressed in the HTML. */
const PRESSED_FAVORITE = /<button[^>]*aria-pressed="true"[^>]*data-favorite=/;

describe("the cached catalog page", () => {
  it("never carries one shopper's favourites to another", async () => {
    const { browser, page } = session;
    // The page cache keeps a page on its second request (decision 0085).
    await open(page, "/");
    await open(page, "/");
    const first = await card(page, 0);
    await first.button.click();
    await expect.poll(() => first.button.getAttribute("aria-pressed")).toBe("true");

    // The shopper with the favourite gets the page from the cache; its HTML has nothing pressed.
    const again = await open(page, "/");
    expect(again.headers()["x-cache"]).toBe("HIT");
    expect(await again.text()).not.toMatch(PRESSED_FAVORITE);
    await expect.poll(() => pressed(page, first.id)).toBe("true");

    // Another shopper gets the same cached page and nothing pressed.
    const stranger = await browser.newContext();
    try {
      const strangerPage = await stranger.newPage();
      const response = await open(strangerPage, "/");
      expect(response.headers()["x-cache"]).toBe("HIT");
      expect(await response.text()).not.toMatch(PRESSED_FAVORITE);
      const states = await strangerPage
        .locator("main li[data-product] button[aria-pressed]")
        .evaluateAll((buttons) => buttons.map((b) => b.getAttribute("aria-pressed")));
      expect(states.length).toBeGreaterThan(0);
      expect(new Set(states)).toEqual(new Set(["false"]));
    } finally {
      await stranger.close();
    }
  });
});

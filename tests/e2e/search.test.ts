import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axe, describeViolations, hydrated, setupBrowser } from "#tests/support/browser.ts";
import { type Shop, startShop } from "#tests/support/shop.ts";

let shop: Shop;
beforeAll(async () => {
  // The seed is deterministic: with 200 products both languages have jackets, shoes and sleeping bags.
  shop = await startShop({ SEED_PRODUCTS: "200" });
});
afterAll(async () => {
  await shop?.close();
});

const session = setupBrowser();
const url = (path: string) => new URL(path, shop.origin).href;

const LANGUAGES = {
  nb: {
    home: "/",
    prefix: "",
    label: "Søk i butikken",
    heading: (s: string) => `Søkeresultater for «${s}»`,
    inflected: { text: "jakkene", names: /jakke\b/ },
    compound: { text: "sko", names: /\p{L}+sko\b/u },
    typo: { text: "jakkke", names: /jakke\b/ },
    prefix_: "vinterj",
    noHit: { text: "sovepsoe", didYouMean: "soveposer" },
    noHits: "Vi fant ingen produkter",
    popular: "Populære kategorier",
    recent: "Siste søk",
    clearRecent: "Fjern siste søk",
  },
  sv: {
    home: "/sv",
    prefix: "/sv",
    label: "Sök i butiken",
    heading: (s: string) => `Sökresultat för ”${s}”`,
    inflected: { text: "jackor", names: /jacka\b/ },
    compound: { text: "jacka", names: /\p{L}+jacka\b/u },
    typo: { text: "jackka", names: /jacka\b/ },
    prefix_: "vinterj",
    noHit: { text: "sovsäkc", didYouMean: "sovsäckar" },
    noHits: "Vi hittade inga produkter",
    popular: "Populära kategorier",
    recent: "Senaste sökningar",
    clearRecent: "Rensa senaste sökningar",
  },
} as const;

async function open(page: Page, path: string) {
  const response = await page.goto(url(path), { waitUntil: "load" });
  if (!response) throw new Error(`no response for ${path}`);
  await hydrated(page);
  await page.waitForSelector('[data-site-search][role="combobox"]');
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done))));
  return response;
}

const heading = (page: Page) => page.getByRole("heading", { level: 1 });

/** Searches through the header's field and waits for the results page. */
async function searchFor(page: Page, label: string, text: string) {
  const field = page.getByRole("combobox", { name: label });
  await field.fill(text);
  await field.press("Enter");
  await page.waitForURL((u) => decodeURIComponent(u.pathname).endsWith(`/s/${text}`));
}

async function names(page: Page): Promise<string[]> {
  await expect.poll(() => page.locator("[data-list-grid] > ul > li").count()).toBeGreaterThan(0);
  return (await page.locator("[data-list-grid] > ul > li").allTextContents()).map((t) => t.toLowerCase());
}

describe.each(["nb", "sv"] as const)("search in %s", (lang) => {
  const l = LANGUAGES[lang];

  it("finds an inflected word from the header's field, products named with it first", async () => {
    const { page } = session;
    await open(page, l.home);
    await searchFor(page, l.label, l.inflected.text);
    await expect.poll(() => heading(page).textContent()).toBe(l.heading(l.inflected.text));
    const found = await names(page);
    expect(l.inflected.names.test(found[0] ?? "")).toBe(true);
    expect(new URL(page.url()).pathname).toBe(`${l.prefix}/s/${l.inflected.text}`);
    const violations = await axe(page);
    expect(violations, describeViolations(violations).join("\n")).toEqual([]);
  });

  it("finds compounds and forgives a typo", async () => {
    const { page } = session;
    await open(page, `${l.prefix}/s/${encodeURIComponent(l.compound.text)}`);
    expect((await names(page)).some((n) => l.compound.names.test(n))).toBe(true);
    await open(page, `${l.prefix}/s/${encodeURIComponent(l.typo.text)}`);
    expect(l.typo.names.test((await names(page))[0] ?? "")).toBe(true);
  });

  it("suggests as the shopper types; arrow keys and Enter open a suggestion, Escape closes", async () => {
    const { page } = session;
    await open(page, l.home);
    const field = page.getByRole("combobox", { name: l.label });
    await field.pressSequentially(l.prefix_);
    const listbox = page.getByRole("listbox");
    await expect.poll(() => listbox.getByRole("option").count()).toBeGreaterThan(1);
    expect(await field.getAttribute("aria-expanded")).toBe("true");
    const product = listbox.locator('[data-suggestion="product"]').first();
    expect((await product.textContent())?.toLowerCase()).toContain(l.prefix_);
    expect(await product.locator("img").count()).toBe(1);
    expect(await product.textContent()).toMatch(/kr/);
    await page.keyboard.press("Escape");
    await expect.poll(() => field.getAttribute("aria-expanded")).toBe("false");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    const active = await field.getAttribute("aria-activedescendant");
    expect(active).toBeTruthy();
    expect(await page.locator(`[id="${active}"]`).getAttribute("aria-selected")).toBe("true");
    const activeName = (await page.locator(`[id="${active}"]`).textContent()) ?? "";
    await page.keyboard.press("Enter");
    await page.waitForURL((u) => u.pathname.includes("/p/"));
    await expect.poll(async () => activeName.includes((await heading(page).textContent()) ?? "§")).toBe(true);
  });

  it("keeps recent searches, shows them in the empty field and clears them", async () => {
    const { page } = session;
    await open(page, l.home);
    await searchFor(page, l.label, l.inflected.text);
    await open(page, l.home);
    const field = page.getByRole("combobox", { name: l.label });
    await field.focus();
    const recent = page.getByRole("group", { name: l.recent }).getByRole("option");
    await expect.poll(() => recent.allTextContents()).toEqual([l.inflected.text]);
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await page.waitForURL((u) => decodeURIComponent(u.pathname).endsWith(`/s/${l.inflected.text}`));
    await open(page, l.home);
    await page.getByRole("combobox", { name: l.label }).focus();
    await page.getByRole("button", { name: l.clearRecent }).click();
    await expect.poll(() => page.getByRole("group", { name: l.recent }).count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem("mili-recent-searches"))).toBeNull();
  });

  it("shows a no-hit page with 'did you mean' and popular categories", async () => {
    const { page } = session;
    const response = await open(page, `${l.prefix}/s/${encodeURIComponent(l.noHit.text)}`);
    expect(response.status()).toBe(200);
    await expect.poll(() => page.locator("[data-no-hits]").textContent()).toContain(l.noHits);
    const popular = page.getByRole("region", { name: l.popular }).getByRole("link");
    expect(await popular.count()).toBeGreaterThan(0);
    const violations = await axe(page);
    expect(violations, describeViolations(violations).join("\n")).toEqual([]);
    await page.locator("[data-did-you-mean]").getByRole("link", { name: l.noHit.didYouMean }).click();
    await page.waitForURL((u) => decodeURIComponent(u.pathname).endsWith(`/s/${l.noHit.didYouMean}`));
    expect((await names(page)).length).toBeGreaterThan(0);
  });

  it("works without JavaScript: the form moves to /s/{search}", async () => {
    const context = await session.browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(url(l.home));
      const field = page.getByRole("searchbox", { name: l.label });
      await field.fill(l.inflected.text);
      await field.press("Enter");
      await page.waitForURL((u) => decodeURIComponent(u.pathname).endsWith(`/s/${l.inflected.text}`));
      expect(await heading(page).textContent()).toBe(l.heading(l.inflected.text));
    } finally {
      await context.close();
    }
  });
});

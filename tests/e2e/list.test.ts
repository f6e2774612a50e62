import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axe, clickWhenStill, describeViolations, hydrated, setupBrowser } from "#tests/support/browser.ts";
import { gql, type Shop, startShop } from "#tests/support/shop.ts";

let shop: Shop;
const session = setupBrowser();
const url = (path: string) => new URL(path, shop.origin).href;

const LANGUAGES = {
  nb: {
    prefix: "",
    channelId: "2|no",
    languageId: "nb-NO",
    counter: (shown: number, total: number) => `Viser ${shown} av ${total} produkter`,
    loadMore: "Vis flere produkter",
    loadPrevious: "Vis forrige produkter",
    sort: "Sorter etter",
    lowestPrice: "Laveste pris",
    apply: "Bruk filter",
    sortApply: "Sorter",
    clearAll: "Fjern alle filter",
    size: "Størrelse",
    priceTo: /^Til \(/,
    filtersAndSort: "Filtrer og sorter",
  },
  sv: {
    prefix: "/sv",
    channelId: "1|se",
    languageId: "sv-SE",
    counter: (shown: number, total: number) => `Visar ${shown} av ${total} produkter`,
    loadMore: "Visa fler produkter",
    loadPrevious: "Visa föregående produkter",
    sort: "Sortera efter",
    lowestPrice: "Lägsta pris",
    apply: "Använd filter",
    sortApply: "Sortera",
    clearAll: "Rensa alla filter",
    size: "Storlek",
    priceTo: /^Till \(/,
    filtersAndSort: "Filtrera och sortera",
  },
} as const;
type Lang = keyof typeof LANGUAGES;

interface Facet {
  filterId: string;
  values: { facetId: string; label: string; count: number }[];
}

/** A category with more than two pages of products and a size that narrows it, found through the API. */
interface ListCase {
  path: string;
  count: number;
  size: { facetId: string; label: string; count: number };
  price: { lowest: number; highest: number };
}

const cases: Partial<Record<Lang, ListCase>> = {};

async function findCase(lang: Lang): Promise<ListCase> {
  const l = LANGUAGES[lang];
  const locale = { channelId: l.channelId, languageId: l.languageId };
  const tree = await gql(shop.origin, {
    query:
      "query($channelId: String, $languageId: String) { categories(parentCategoryId: 0, channelId: $channelId, languageId: $languageId) { alias canonicalUrl children { alias canonicalUrl } } }",
    variables: locale,
  });
  type Node = { alias: string; canonicalUrl: string; children: Node[] };
  const all = (tree.body.data.categories as Node[]).flatMap((c) => [c, ...(c.children ?? [])]);
  let best: ListCase | undefined;
  for (const category of all) {
    const answer = await gql(shop.origin, {
      query: `query($alias: String, $channelId: String, $languageId: String) {
        products(categoryAlias: $alias, take: 1, channelId: $channelId, languageId: $languageId) {
          count filters { facets { filterId values { facetId label count } } price { lowest highest } }
        } }`,
      variables: { ...locale, alias: category.alias },
    });
    const products = answer.body.data.products as {
      count: number;
      filters: { facets: Facet[]; price: { lowest: number; highest: number } | null };
    };
    const sizes = products.filters.facets.find((f) => f.filterId === "skus")?.values ?? [];
    const size = sizes
      .filter((v) => v.count > 0 && v.count < products.count)
      .sort((a, b) => b.count - a.count)[0];
    if (!size || !products.filters.price || products.count <= 40) continue;
    if (!best || products.count > best.count)
      best = { path: category.canonicalUrl, count: products.count, size, price: products.filters.price };
  }
  if (!best) throw new Error(`no category with more than 40 products and sizes in ${lang}`);
  return best;
}

beforeAll(async () => {
  shop = await startShop({ SEED_PRODUCTS: "200" });
  for (const lang of ["nb", "sv"] as const) cases[lang] = await findCase(lang);
});
afterAll(async () => {
  await shop?.close();
});

async function open(page: Page, path: string) {
  const response = await page.goto(url(path), { waitUntil: "load" });
  if (!response) throw new Error(`no response for ${path}`);
  await hydrated(page);
  await page.waitForSelector("main[data-list-ready]");
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done))));
  return response;
}

const cards = (page: Page) => page.locator("[data-list-grid] > ul > li");
const counter = (page: Page) => page.locator("[data-list-counter]");
const search = (page: Page) => new URL(page.url()).searchParams;

/** The whole selling prices shown on the cards, as numbers ("1 299 kr" → 1299). */
async function cardPrices(page: Page): Promise<number[]> {
  const texts = await cards(page).locator("p > span.font-bold:first-child").allTextContents();
  return texts
    .map((t) => t.replace(/[^\d,]/g, "").replace(",", "."))
    .filter(Boolean)
    .map(Number);
}

describe.each(["nb", "sv"] as const)("list pages in %s", (lang) => {
  const l = LANGUAGES[lang];
  const c = () => {
    const found = cases[lang];
    if (!found) throw new Error("no list case");
    return found;
  };
  const listPath = () => `${l.prefix}${c().path}`;

  it("shows 20 products with the counter, loads more in place and keeps ?page in the URL", async () => {
    const { page } = session;
    const response = await open(page, listPath());
    expect(response.status()).toBe(200);
    await expect.poll(() => cards(page).count()).toBe(20);
    expect(await counter(page).textContent()).toBe(l.counter(20, c().count));
    const firstNames = await cards(page).allTextContents();
    await clickWhenStill(page.getByRole("link", { name: l.loadMore }));
    await expect.poll(() => cards(page).count()).toBe(40);
    await expect.poll(() => search(page).get("page")).toBe("2");
    expect(await counter(page).textContent()).toBe(l.counter(40, c().count));
    // The first page stays where it was, and the first new product has the focus.
    expect((await cards(page).allTextContents()).slice(0, 20)).toEqual(firstNames);
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            document.activeElement?.closest("li") ===
            document.querySelectorAll("[data-list-grid] > ul > li")[20],
        ),
      )
      .toBe(true);
    const violations = await axe(page);
    expect(violations, describeViolations(violations).join("\n")).toEqual([]);
  });

  it("entering on ?page=2 shows that page with 'load previous', which adds page 1 above", async () => {
    const { page } = session;
    await open(page, `${listPath()}?page=2`);
    await expect.poll(() => cards(page).count()).toBe(20);
    const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
    expect(canonical).toBe(url(`${listPath()}?page=2`));
    await page.getByRole("link", { name: l.loadPrevious }).click();
    await expect.poll(() => cards(page).count()).toBe(40);
    expect(search(page).get("page")).toBe("2");
    await expect.poll(() => page.getByRole("link", { name: l.loadPrevious }).count()).toBe(0);
  });

  it("answers 404 for a page past the last, and page=abc is page 1", async () => {
    const last = Math.ceil(c().count / 20);
    const past = await fetch(url(`${listPath()}?page=${last + 1}`));
    expect(past.status).toBe(404);
    expect((await fetch(url(`${listPath()}?page=${last}`))).status).toBe(200);
    const { page } = session;
    await open(page, `${listPath()}?page=abc&brands=nonsense~x_1`);
    await expect.poll(() => cards(page).count()).toBe(20);
    expect(await counter(page).textContent()).toBe(l.counter(20, c().count));
  });

  it("filters by size with the facet's count, shows a removable chip, and keeps the state over a reload", async () => {
    const { page } = session;
    await open(page, `${listPath()}?utm_source=test`);
    const size = c().size;
    const panel = page.locator("#list-filters");
    const sizeGroup = panel.getByRole("group", { name: l.size });
    const box = sizeGroup.getByRole("checkbox", { name: new RegExp(`^${escapeRegExp(size.label)} \\d`) });
    await box.check();
    await expect.poll(() => search(page).get("skus")).toBe(`${size.label}~${size.facetId}`);
    expect(search(page).get("utm_source")).toBe("test");
    await expect
      .poll(() => counter(page).textContent())
      .toBe(l.counter(Math.min(20, size.count), size.count));
    await page.reload();
    await expect
      .poll(() => counter(page).textContent())
      .toBe(l.counter(Math.min(20, size.count), size.count));
    expect(
      await panel.getByRole("group", { name: l.size }).getByRole("checkbox", { checked: true }).count(),
    ).toBe(1);
    await page
      .locator("[data-active-filters]")
      .getByRole("link", { name: new RegExp(escapeRegExp(size.label)) })
      .click();
    await expect.poll(() => search(page).get("skus")).toBeNull();
    await expect.poll(() => counter(page).textContent()).toBe(l.counter(20, c().count));
  });

  it("filters by price and sorts by lowest price", async () => {
    const { page } = session;
    await open(page, listPath());
    const { lowest, highest } = c().price;
    const limit = Math.floor(lowest + (highest - lowest) / 2);
    const to = page.locator("#list-filters").getByLabel(l.priceTo);
    await to.fill(String(limit));
    await to.press("Enter");
    await expect.poll(() => search(page).get("price")).toBe(`${Math.floor(lowest)}~${limit}`);
    await expect.poll(async () => (await cardPrices(page)).every((p) => p <= limit)).toBe(true);
    await page.getByLabel(l.sort).first().selectOption({ label: l.lowestPrice });
    await expect.poll(() => search(page).get("sort")).toBe("PRICE");
    await expect
      .poll(async () => {
        const prices = await cardPrices(page);
        return prices.length > 0 && prices.every((p, i) => i === 0 || (prices[i - 1] ?? 0) <= p);
      })
      .toBe(true);
    expect(search(page).get("price")).toBe(`${Math.floor(lowest)}~${limit}`);
    await page.getByRole("link", { name: l.clearAll }).click();
    await expect.poll(() => search(page).get("price")).toBeNull();
    expect(search(page).get("sort")).toBe("PRICE");
  });

  it("filters and sorts without JavaScript through the GET forms", async () => {
    const context = await session.browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      // Without JavaScript the browser loads every image at once (lazy loading needs scripting), a list's 20–40
      // of them rendered on first ask: waiting for the load event would wait for them all (30 s on a busy CI
      // machine). What this test reads is in the document, so it waits for the document.
      const dom = { waitUntil: "domcontentloaded" } as const;
      await page.goto(url(listPath()), dom);
      const size = c().size;
      await page
        .locator("#list-filters")
        .getByRole("group", { name: l.size })
        .getByRole("checkbox", { name: new RegExp(`^${escapeRegExp(size.label)} \\d`) })
        .check();
      await page.locator("#list-filters").getByRole("button", { name: l.apply }).click();
      await page.waitForURL((u) => u.searchParams.has("skus"), dom);
      expect(new URL(page.url()).searchParams.get("skus")).toBe(`${size.label}~${size.facetId}`);
      expect(new URL(page.url()).searchParams.has("priceFrom")).toBe(false);
      expect(await counter(page).textContent()).toBe(l.counter(Math.min(20, size.count), size.count));
      await page.getByLabel(l.sort).first().selectOption("PRICE");
      await page.getByRole("button", { name: l.sortApply, exact: true }).first().click();
      await page.waitForURL((u) => u.searchParams.get("sort") === "PRICE", dom);
      expect(new URL(page.url()).searchParams.get("skus")).toBe(`${size.label}~${size.facetId}`);
      // "Load more" is a plain link to the next page.
      const unfiltered = await context.newPage();
      await unfiltered.goto(url(listPath()), dom);
      await unfiltered.getByRole("link", { name: l.loadMore }).click();
      await unfiltered.waitForURL((u) => u.searchParams.get("page") === "2", dom);
      expect(await unfiltered.getByRole("link", { name: l.loadPrevious }).count()).toBe(1);
    } finally {
      await context.close();
    }
  });

  it("going back from a product shows the same products at the same position", async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1280, height: 800 });
    await open(page, listPath());
    await clickWhenStill(page.getByRole("link", { name: l.loadMore }));
    await expect.poll(() => cards(page).count()).toBe(40);
    const target = cards(page).nth(29);
    await target.scrollIntoViewIfNeeded();
    const before = await page.evaluate(() => window.scrollY);
    const name = (await target.locator("a").first().textContent()) ?? "";
    await clickWhenStill(target.locator("a").first());
    await page.waitForURL((u) => u.pathname.includes("/p/"));
    await page.goBack();
    await page.waitForURL((u) => u.searchParams.get("page") === "2");
    // The way back runs the list's loader again before the list shows.
    await page.waitForSelector("main[data-list-ready]");
    await expect.poll(() => cards(page).count(), { timeout: 10_000 }).toBe(40);
    expect(await cards(page).nth(29).locator("a").first().textContent()).toBe(name);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before - 5);
    expect(await page.evaluate(() => window.scrollY)).toBeLessThan(before + 5);
  });

  it("reports the products seen to the event bus as view_item_list, in batches of 4", async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1280, height: 800 });
    await open(page, listPath());
    // Down the list row by row (the page's end is the Productlist/Bottom widget area and the footer, below it).
    const all = cards(page);
    for (let i = 0, n = await all.count(); i < n; i += 4) await all.nth(i).scrollIntoViewIfNeeded();
    await expect.poll(async () => (await impressions(page)).length).toBeGreaterThanOrEqual(2);
    const events = await impressions(page);
    for (const event of events) {
      expect(event.items).toHaveLength(4);
      expect(event.item_list_id).toBe(c().path);
    }
    const ids = events.flatMap((e) => e.items.map((i) => i.item_id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("opens the filters as a dialog on a phone", async () => {
    const { page } = session;
    await page.setViewportSize({ width: 390, height: 800 });
    await open(page, listPath());
    await page.getByRole("button", { name: new RegExp(`^${l.filtersAndSort}`) }).click();
    const dialog = page.getByRole("dialog", { name: l.filtersAndSort });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const violations = await axe(page);
    expect(violations, describeViolations(violations).join("\n")).toEqual([]);
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
  });
});

interface Impression {
  item_list_id: string;
  items: { item_id: string; index: number }[];
}

/** The view_item_list events on the page's event bus, read from the storefront's own bus module (the module
 * the page loaded is imported again: same URL, same instance). */
async function impressions(page: Page): Promise<Impression[]> {
  // A string, so that the test runner leaves the dynamic import() alone.
  const events: { type: string; data: Impression }[] = await page.evaluate(`(async () => {
    const scripts = performance.getEntriesByType("resource").map((e) => e.name)
      .filter((name) => new URL(name).pathname.endsWith(".js"));
    for (const script of scripts) {
      const module = await import(script);
      for (const bus of Object.values(module))
        if (bus && typeof bus.push === "function" && typeof bus.recent === "function")
          return bus.recent().map(({ type, data }) => ({ type, data }));
    }
    throw new Error("the page's event bus was not found");
  })()`);
  return events.filter((e) => e.type === "view_item_list").map((e) => e.data);
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

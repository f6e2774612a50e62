import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axe, describeViolations, hydrated, setupBrowser } from "#tests/support/browser.ts";
import { gql, type Shop, startShop } from "#tests/support/shop.ts";

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
    channelId: "2|no",
    languageId: "nb-NO",
    broad: "jakke",
    pageTitle: (s: string, page: number) => `Søkeresultater for «${s}» – side ${page} | Mili`,
    lowest: /^Laveste pris siste 30 dager: \d{1,3}(\u00a0\d{3})*(,\d{2})?\u00a0kr$/,
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
    channelId: "1|se",
    languageId: "sv-SE",
    broad: "jacka",
    pageTitle: (s: string, page: number) => `Sökresultat för ”${s}” – sida ${page} | Mili`,
    lowest: /^Lägsta pris senaste 30 dagarna: \d{1,3}(\u00a0\d{3})*(,\d{2})?\u00a0kr$/,
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

type Lang = keyof typeof LANGUAGES;

interface SuggestedProduct {
  productId: number;
  name: string;
  unitPrice: {
    isDiscounted: boolean;
    sellingPriceIncVatFormatted: string;
    sellingPriceExVatFormatted: string;
  };
  lowestPrice: {
    discountPercentage: number;
    lowestPriceIncVatFormatted: string;
    lowestPriceExVatFormatted: string;
  } | null;
}

/**
 * A search text whose header suggestions (6 products, as the header asks) hold a reduced product with a discount
 * and a product at its regular price.
 */
async function reducedSuggestion(lang: Lang) {
  const locale = { channelId: LANGUAGES[lang].channelId, languageId: LANGUAGES[lang].languageId };
  const fields = `productId name
    unitPrice { isDiscounted sellingPriceIncVatFormatted sellingPriceExVatFormatted }
    lowestPrice { discountPercentage lowestPriceIncVatFormatted lowestPriceExVatFormatted }`;
  const list = await gql(shop.origin, {
    query: `query($channelId: String, $languageId: String) {
      products(take: 200, channelId: $channelId, languageId: $languageId) { products { ${fields} } } }`,
    variables: locale,
  });
  const reduced = (list.body.data.products.products as SuggestedProduct[]).filter(
    (p) => (p.lowestPrice?.discountPercentage ?? 0) > 0,
  );
  // Its colour variants share the name and the reduction: search for the kind of product (the name's last word).
  const texts = [...new Set(reduced.map((p) => p.name.split(" ").at(-1) as string))];
  for (const text of texts) {
    const { body } = await gql(shop.origin, {
      query: `query($text: String!, $channelId: String, $languageId: String) {
        searchSuggestions(searchText: $text, take: 6, channelId: $channelId, languageId: $languageId) { products { ${fields} } } }`,
      variables: { ...locale, text },
    });
    const products = body.data.searchSuggestions.products as SuggestedProduct[];
    const product = products.find((p) => (p.lowestPrice?.discountPercentage ?? 0) > 0);
    const regular = products.find((p) => !p.unitPrice.isDiscounted);
    if (product && regular) return { text, product, regular };
  }
  throw new Error(`no search text suggests a reduced and a regular-priced product in ${lang}`);
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
    // Until it answers the whole text the list may still show an earlier prefix's answer (aria-busy).
    await expect.poll(() => listbox.getAttribute("aria-busy")).toBe("false");
    await expect.poll(() => listbox.getByRole("option").count()).toBeGreaterThan(1);
    expect(await field.getAttribute("aria-expanded")).toBe("true");
    const product = listbox.locator('[data-suggestion="product"]').first();
    expect((await product.textContent())?.toLowerCase()).toContain(l.prefix_);
    expect(await product.locator("img").count(), await product.innerHTML()).toBe(1);
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

  it("keeps the last suggestions while the shopper types on, until the longer text's answer arrives", async () => {
    const { page } = session;
    await open(page, l.home);
    const field = page.getByRole("combobox", { name: l.label });
    const listbox = page.getByRole("listbox");
    const products = listbox.locator('[data-suggestion="product"]');
    // Each text's answer is held back until the test has read the list.
    const holds = new Map<string, () => void>();
    const arrived = new Set<string>();
    const hold = async (text: string) => {
      const held = new Promise<void>((done) => holds.set(text, done));
      await page.route(
        (u) => u.searchParams.get("suggest") === text,
        async (route) => {
          arrived.add(text);
          await held;
          await route.continue();
        },
      );
    };
    const asked = (text: string) => expect.poll(() => arrived.has(text)).toBe(true);
    try {
      const shorter = l.prefix_.slice(0, -1);
      await field.fill(shorter);
      await expect.poll(() => listbox.getAttribute("aria-busy")).toBe("false");
      await expect.poll(() => products.count()).toBeGreaterThan(0);
      const before = await products.allTextContents();

      await hold(l.prefix_);
      await field.press(l.prefix_.slice(-1));
      await asked(l.prefix_);
      await expect.poll(() => listbox.getAttribute("aria-busy")).toBe("true");
      expect(await field.getAttribute("aria-expanded")).toBe("true");
      expect(await products.allTextContents()).toEqual(before);
      holds.get(l.prefix_)?.();
      await expect.poll(() => listbox.getAttribute("aria-busy")).toBe("false");
      expect((await products.first().textContent())?.toLowerCase()).toContain(l.prefix_);

      // A text that does not continue the last one waits for its own answer with an empty list.
      await field.fill("");
      await hold(l.broad);
      await field.fill(l.broad);
      await expect.poll(() => listbox.getAttribute("aria-busy")).toBe("true");
      expect(await products.count()).toBe(0);
      holds.get(l.broad)?.();
      await expect.poll(() => listbox.getAttribute("aria-busy")).toBe("false");
      await expect.poll(() => products.count()).toBeGreaterThan(0);
    } finally {
      for (const done of holds.values()) done();
      await page.unrouteAll({ behavior: "ignoreErrors" });
    }
  });

  it("shows a reduced suggestion's price with its discount and the lowest price of the last 30 days", async () => {
    const { page } = session;
    const { text, product, regular } = await reducedSuggestion(lang);
    const lowest = product.lowestPrice as NonNullable<SuggestedProduct["lowestPrice"]>;
    await open(page, l.home);
    await page.getByRole("combobox", { name: l.label }).fill(text);
    const listbox = page.getByRole("listbox");
    const option = (productId: number) =>
      listbox.locator(`[data-suggestion="product"][id$="-p${productId}"]`);
    await expect.poll(() => option(product.productId).count()).toBe(1);
    const reduced = option(product.productId);
    expect(await reduced.locator("[data-price=selling]").textContent()).toBe(
      product.unitPrice.sellingPriceIncVatFormatted,
    );
    expect(await reduced.locator("[data-price=discount]").textContent()).toBe(
      `−${lowest.discountPercentage} %`,
    );
    const lowestText = (await reduced.locator("[data-price=lowest]").textContent())?.trim() ?? "";
    expect(lowestText).toMatch(l.lowest);
    expect(lowestText).toContain(lowest.lowestPriceIncVatFormatted);
    expect(await reduced.isVisible()).toBe(true);
    // A product at its regular price shows its price alone.
    const plain = option(regular.productId);
    expect(await plain.locator("[data-price=selling]").textContent()).toBe(
      regular.unitPrice.sellingPriceIncVatFormatted,
    );
    expect(await plain.locator("[data-price=lowest]").count()).toBe(0);
    expect(await plain.locator("[data-price=discount]").count()).toBe(0);
    const violations = await axe(page);
    expect(violations, describeViolations(violations).join("\n")).toEqual([]);
  });

  it("gives a later search page a canonical link with ?page, leaving out sorts and other parameters", async () => {
    const { body } = await gql(shop.origin, {
      query: `query($text: String, $channelId: String, $languageId: String) {
        products(take: 1, filter: { searchText: $text }, channelId: $channelId, languageId: $languageId) { count } }`,
      variables: { text: l.broad, channelId: l.channelId, languageId: l.languageId },
    });
    const count: number = body.data.products.count;
    expect(count).toBeGreaterThan(20);
    const { page } = session;
    const path = `${l.prefix}/s/${l.broad}`;
    const head = async () => ({
      title: await page.title(),
      canonical: await page.locator('link[rel="canonical"]').getAttribute("href"),
      alternates: await page
        .locator('link[rel="alternate"][hreflang]')
        .evaluateAll((links) => links.map((a) => [a.getAttribute("hreflang"), a.getAttribute("href")])),
      robots: await page.locator('meta[name="robots"]').getAttribute("content"),
    });
    await open(page, `${path}?page=2&sort=PRICE&utm_source=test`);
    await expect
      .poll(() => page.locator("[data-list-grid] > ul > li").count())
      .toBe(Math.min(20, count - 20));
    expect(await head()).toEqual({
      title: l.pageTitle(l.broad, 2),
      canonical: url(`${path}?page=2`),
      alternates: [
        ["nb-NO", url(`/s/${l.broad}?page=2`)],
        ["sv-SE", url(`/sv/s/${l.broad}?page=2`)],
      ],
      robots: "noindex",
    });
    // The first page's canonical link has no ?page.
    await open(page, path);
    expect((await head()).canonical).toBe(url(path));
  });

  it("cuts a very long search text to 100 characters", async () => {
    const { page } = session;
    const long = `${l.broad} ${"x".repeat(300)}`;
    const response = await open(page, `${l.prefix}/s/${encodeURIComponent(long)}`);
    expect(response.status()).toBe(200);
    const cut = long.slice(0, 100);
    expect(cut.length).toBe(100);
    expect(await heading(page).textContent()).toBe(l.heading(cut));
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

describe("search suggestions for a business shopper", () => {
  it("show prices excluding VAT, the lowest price of a reduced product too", async () => {
    const { page, context } = session;
    await context.addCookies([{ name: "mili-user-type", value: "ORGANIZATION", url: shop.origin }]);
    const l = LANGUAGES.nb;
    const { text, product } = await reducedSuggestion("nb");
    const lowest = product.lowestPrice as NonNullable<SuggestedProduct["lowestPrice"]>;
    await open(page, l.home);
    await page.getByRole("combobox", { name: l.label }).fill(text);
    const option = page
      .getByRole("listbox")
      .locator(`[data-suggestion="product"][id$="-p${product.productId}"]`);
    await expect.poll(() => option.count()).toBe(1);
    expect(await option.locator("[data-price=selling]").textContent()).toBe(
      product.unitPrice.sellingPriceExVatFormatted,
    );
    expect(await option.textContent()).toContain("eks. mva.");
    const lowestText = (await option.locator("[data-price=lowest]").textContent())?.trim() ?? "";
    expect(lowestText).toMatch(l.lowest);
    expect(lowestText).toContain(lowest.lowestPriceExVatFormatted);
  });
});

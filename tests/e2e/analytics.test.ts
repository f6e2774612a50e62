import { createHash } from "node:crypto";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { skus } from "#db/schema/index.ts";
import { clickWhenStill, hydrated, setupBrowser } from "#tests/support/browser.ts";
import { type Shop, startShop } from "#tests/support/shop.ts";

/**
 * The analytics data layer in Chromium (spec §7, docs/decisions/0042): without consent to statistics nothing
 * reaches `window.dataLayer`; with it, one shopper's way per language — a list (view_item_list in batches of at
 * most 4), a card clicked (select_item), the product page (view_item), the buy box (add_to_cart in the market's
 * currency), an invoice purchase in the checkout sandbox (purchase with the hashed e-mail and nth_purchase) — and
 * the page events (original_location once, page_data on each page, virtual_page_view on client navigations).
 * The recommendation provider's sandbox is on (decision 0046): without consent the browser sends it nothing (the
 * network is watched); with it, the sandbox's log holds the pages, the cart and the order the shopper's way made.
 */
let shop: Shop;
beforeAll(async () => {
  shop = await startShop({ SEED_PRODUCTS: "20", RECOMMENDATIONS_BASE_URL: "sandbox" });
  // Every product can be bought: the one chosen below has a buy box that adds.
  await shop.db.db.update(skus).set({ inStock: 50, oversellable: 0 });
});
afterAll(async () => {
  await shop?.close();
});

const session = setupBrowser();
const url = (path: string) => new URL(path, shop.origin).href;
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

const L = {
  nb: {
    news: "/nyheter",
    currency: "NOK",
    add: "Legg i handlekurven",
    checkout: "/kassen",
    email: "Kari.Analyse@Example.no",
    identity: "01019000008",
    phone: "41234567",
    first: "Kari",
    last: "Nordmann",
    street: "Karl Johans gate 1",
    zip: "0154",
    city: "Oslo",
    place: "Fullfør kjøpet",
    country: "NO",
  },
  sv: {
    news: "/sv/nyheter",
    currency: "SEK",
    add: "Lägg i varukorgen",
    checkout: "/sv/kassan",
    email: "Sven.Analys@Example.se",
    identity: "900101-0017",
    phone: "0701234567",
    first: "Sven",
    last: "Svensson",
    street: "Storgatan 1",
    zip: "11434",
    city: "Stockholm",
    place: "Slutför köpet",
    country: "SE",
  },
} as const;
type Lang = keyof typeof L;

interface Entry {
  event?: string;
  ecommerce?: {
    currency?: string;
    value?: number;
    items: { item_id: string; sales_type?: string; index?: number; price?: number }[];
    [key: string]: unknown;
  } | null;
  user_data?: { sha256_email_address?: string; address?: Record<string, string> };
  [key: string]: unknown;
}

/** What the page pushed to window.dataLayer (null: there is none). */
const dataLayer = (page: Page): Promise<Entry[] | null> =>
  page.evaluate(() => ((window as { dataLayer?: unknown[] }).dataLayer as Entry[] | undefined) ?? null);
const events = async (page: Page, name: string) =>
  ((await dataLayer(page)) ?? []).filter((e) => e.event === name);

/** The event types on the page's own bus (its module imported again: same URL, same instance). */
async function busTypes(page: Page): Promise<string[]> {
  return page.evaluate(`(async () => {
    const scripts = performance.getEntriesByType("resource").map((e) => e.name)
      .filter((name) => new URL(name).pathname.endsWith(".js"));
    for (const script of scripts) {
      const module = await import(script);
      for (const bus of Object.values(module))
        if (bus && typeof bus.push === "function" && typeof bus.recent === "function")
          return bus.recent().map(({ type }) => type);
    }
    throw new Error("the page's event bus was not found");
  })()`);
}

/** Whether the page downloaded the data layer's writer chunk (built as writer-{hash}.js). */
const writerLoaded = (page: Page): Promise<boolean> =>
  page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .some((e) => /\/writer-[\w-]+\.js$/.test(new URL(e.name).pathname)),
  );

/** Whether the page downloaded the recommendation tracker's chunk (tracker-{hash}.js). */
const trackerLoaded = (page: Page): Promise<boolean> =>
  page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .some((e) => /\/tracker-[\w-]+\.js$/.test(new URL(e.name).pathname)),
  );

interface SandboxEntry {
  path: string;
  body: { command?: string; trackingUserId?: string; [key: string]: unknown };
}
/** What the recommendation provider's sandbox was told. */
const sandboxLog = async (): Promise<SandboxEntry[]> =>
  ((await (await fetch(url("/sandbox/recommendations/log"))).json()) as { log: SandboxEntry[] }).log;

async function open(page: Page, path: string) {
  const response = await page.goto(url(path), { waitUntil: "load" });
  expect(response?.status()).toBe(200);
  await hydrated(page);
}

/** Scrolls down the list until every card has been half in view. */
async function scrollThrough(page: Page) {
  const cards = page.locator("[data-list-grid] li");
  for (let i = 0, n = await cards.count(); i < n; i += 4) await cards.nth(i).scrollIntoViewIfNeeded();
  await cards.last().scrollIntoViewIfNeeded();
}

/** The shopper's way from the list (opened here unless `onList`) to the confirmation page. */
async function shopperWay(page: Page, lang: Lang, onList = false) {
  const l = L[lang];
  // The list: impressions in batches of at most 4, in the market's currency, with a sales_type per item.
  if (!onList) await open(page, l.news);
  await expect.poll(() => writerLoaded(page)).toBe(true);
  await scrollThrough(page);
  await expect.poll(async () => (await events(page, "view_item_list")).length).toBeGreaterThanOrEqual(2);
  const first = await dataLayer(page);
  expect(first?.slice(0, 2).map((e) => e.event)).toEqual(["original_location", "page_data"]);
  expect(first?.[0]?.original_location).toBe(url(l.news));
  expect(first?.[1]).toMatchObject({
    page_type: "list",
    language: lang,
    currency: l.currency,
    signed_in: false,
  });
  for (const list of await events(page, "view_item_list")) {
    expect(list.ecommerce?.items.length).toBeGreaterThan(0);
    expect(list.ecommerce?.items.length).toBeLessThanOrEqual(4);
    expect(list.ecommerce?.currency).toBe(l.currency);
    for (const item of list.ecommerce?.items ?? [])
      expect(item.sales_type).toMatch(/^(full_price|reduced_\d+-\d+)$/);
  }
  // Every ecommerce object follows a clearing `{ecommerce: null}` (GA4's advice).
  const all = (await dataLayer(page)) ?? [];
  all.forEach((e, i) => {
    if (e.event && e.ecommerce) expect(all[i - 1]).toEqual({ ecommerce: null });
  });

  // A card clicked: select_item, then the product page (a client navigation) with view_item.
  // A product, not a package: its card's first link goes to /p/….
  const card = page
    .locator("[data-list-grid] li")
    .filter({ has: page.locator('a[href*="/p/"]') })
    .first();
  const articleName = (await card.locator("a").first().textContent()) ?? "";
  await card.locator("a").first().click();
  await page.waitForURL(/\/p\//);
  await expect.poll(async () => (await events(page, "view_item")).length).toBe(1);
  const [select] = await events(page, "select_item");
  const [view] = await events(page, "view_item");
  expect(select?.ecommerce).toMatchObject({ currency: l.currency, item_list_id: "/nyheter" });
  expect(select?.ecommerce?.items).toHaveLength(1);
  const itemId = select?.ecommerce?.items[0]?.item_id;
  expect(articleName).toContain((view?.ecommerce?.items[0] as { item_name?: string })?.item_name);
  expect(view?.ecommerce).toMatchObject({ currency: l.currency, items: [{ item_id: itemId, quantity: 1 }] });
  expect(view?.ecommerce?.items[0]?.sales_type).toMatch(/^(full_price|reduced_)/);
  // The navigation itself: a virtual page view and the product page's page_data; no second original_location.
  expect((await events(page, "virtual_page_view")).at(-1)?.page_path).toBe(new URL(page.url()).pathname);
  expect((await events(page, "page_data")).at(-1)).toMatchObject({ page_type: "product", language: lang });
  expect(await events(page, "original_location")).toHaveLength(1);

  // The favourite toggle: add_to_wishlist with the same item.
  await page.locator("main [data-favorite]").first().click();
  await expect.poll(async () => (await events(page, "add_to_wishlist")).length).toBe(1);
  expect((await events(page, "add_to_wishlist"))[0]?.ecommerce).toMatchObject({
    currency: l.currency,
    items: [{ item_id: itemId }],
  });

  // The buy box: add_to_cart in the market's currency (the first size, when the product comes in sizes).
  const sizes = page.locator('[data-buy-box] input[type="radio"][name="skuId"]');
  if (await sizes.count()) await sizes.first().check({ force: true });
  await page.getByRole("button", { name: l.add, exact: true }).click();
  await expect.poll(async () => (await events(page, "add_to_cart")).length).toBe(1);
  const [add] = await events(page, "add_to_cart");
  expect(add?.ecommerce).toMatchObject({ currency: l.currency, items: [{ item_id: itemId, quantity: 1 }] });
  expect(add?.ecommerce?.value).toBe(view?.ecommerce?.items[0]?.price);

  // The checkout sandbox: an invoice purchase, then purchase with the hashed e-mail and nth_purchase.
  await open(page, l.checkout);
  await expect.poll(async () => (await events(page, "begin_checkout")).length).toBe(1);
  // The cart's lines carry the reduction the cart shows: their sales_type, as the product page's (decision 0046).
  expect((await events(page, "begin_checkout"))[0]?.ecommerce?.items).toMatchObject([
    { item_id: itemId, sales_type: view?.ecommerce?.items[0]?.sales_type },
  ]);
  expect(await events(page, "original_location")).toHaveLength(0);
  const form = page.locator("[data-checkout-form]");
  await form.locator('input[name="zip"]').fill(l.zip);
  await form.locator('input[name="shippingOptionId"][value="own:pickup-point"]').check();
  const invoice = form.locator('input[name="paymentMethod"][value="invoice"]');
  await invoice.check();
  await expect.poll(() => invoice.isChecked()).toBe(true);
  await form.locator('input[name="email"]').fill(l.email);
  await form.locator('input[name="phone"]').fill(l.phone);
  await form.locator('input[name="identityNumber"]').fill(l.identity);
  await form.locator('input[name="firstName"]').fill(l.first);
  await form.locator('input[name="lastName"]').fill(l.last);
  await form.locator('input[name="addressLine1"]').fill(l.street);
  await form.locator('input[name="city"]').fill(l.city);
  await form.locator('input[name="acceptedTerms"]').check();
  await page.getByRole("button", { name: l.place }).click();
  await page.waitForURL(/\/checkout\/confirm\?oid=/);
  await expect.poll(async () => (await events(page, "purchase")).length).toBe(1);
  const [purchase] = await events(page, "purchase");
  expect(purchase?.ecommerce).toMatchObject({
    currency: l.currency,
    nth_purchase: 1,
    country: l.country,
    items: [{ item_id: itemId, quantity: 1 }],
  });
  expect(purchase?.ecommerce?.transaction_id).toMatch(new RegExp(`^${l.country}-\\d+$`));
  // Each item carries the reduction it was bought at as sales_type (the order line's snapshot).
  for (const item of purchase?.ecommerce?.items ?? [])
    expect(item.sales_type).toMatch(/^(full_price|reduced_\d+-\d+)$/);
  for (const key of ["value", "tax", "shipping", "total_discount"])
    expect(typeof purchase?.ecommerce?.[key]).toBe("number");
  expect(purchase?.user_data).toEqual({
    sha256_email_address: sha256(l.email.toLowerCase()),
    address: {
      sha256_first_name: sha256(l.first.toLowerCase()),
      sha256_last_name: sha256(l.last.toLowerCase()),
      sha256_postal_code: sha256(l.zip),
    },
  });
  // Nothing the shopper typed is in the data layer in the clear.
  const text = JSON.stringify(await dataLayer(page)).toLowerCase();
  for (const typed of [l.email, l.first, l.last, l.street]) expect(text).not.toContain(typed.toLowerCase());
  return { itemId, orderNumber: purchase?.ecommerce?.transaction_id };
}

describe("the analytics data layer", () => {
  it("pushes nothing without consent to statistics; with it, the Norwegian shopper's way in NOK", async () => {
    const { page, context } = session;
    // Every request the page makes for the recommendation provider (its queue on this server, or the sandbox).
    const told: string[] = [];
    page.on("request", (request) => {
      if (/\/(api|sandbox)\/recommendations/.test(new URL(request.url()).pathname)) told.push(request.url());
    });
    // No choice yet, then marketing alone: the bus carries the list's impressions, the data layer gets nothing.
    for (const consent of [null, "s0m1"]) {
      if (consent) await context.addCookies([{ name: "mili-consent", value: consent, url: shop.origin }]);
      await open(page, L.nb.news);
      await scrollThrough(page);
      await expect.poll(async () => (await busTypes(page)).includes("view_item_list")).toBe(true);
      await page.waitForLoadState("networkidle");
      const pushed = ((await dataLayer(page)) ?? []).filter((e) => e.ecommerce || e.event === "page_data");
      expect(pushed).toEqual([]);
      // The writer (with the mapping) was not even downloaded.
      expect(await writerLoaded(page)).toBe(false);
      if (!consent) {
        // Without any consent the recommendation provider is told nothing, and its tracker is not downloaded.
        expect(told).toEqual([]);
        expect(await trackerLoaded(page)).toBe(false);
        expect(await sandboxLog()).toEqual([]);
      }
    }
    // Consent given on the page (the banner, opened from the footer, posts and comes back): pushing starts.
    await clickWhenStill(page.getByRole("link", { name: "Informasjonskapsler" }));
    // Already on the list: the post's reload is the next load event (waiting for the URL would not wait).
    await Promise.all([page.waitForEvent("load"), page.getByRole("button", { name: "Godta alle" }).click()]);
    expect(new URL(page.url()).pathname).toBe(L.nb.news);
    await hydrated(page);
    const { itemId, orderNumber } = await shopperWay(page, "nb", true);

    // The provider's sandbox was told, by one tracking user: the pages (development), the cart with the product,
    // then the order with its products, total and e-mail (consent to marketing: "Godta alle").
    await expect
      .poll(async () => (await sandboxLog()).some((e) => e.body.command === "trackConversion"))
      .toBe(true);
    const log = await sandboxLog();
    expect(new Set(log.map((e) => e.body.trackingUserId)).size).toBe(1);
    const pages = log.filter((e) => e.body.command === "trackPageView").map((e) => String(e.body.url));
    expect(pages).toContain(url(L.nb.news));
    expect(pages.some((p) => new URL(p).pathname.startsWith("/p/"))).toBe(true);
    expect(log.filter((e) => e.path === "pages").length).toBe(pages.length);
    const carts = log.filter((e) => e.body.command === "setCart").map((e) => e.body.productNumbers);
    expect(carts).toContainEqual([itemId]);
    const conversion = log.find((e) => e.body.command === "trackConversion")?.body;
    expect(conversion).toMatchObject({
      orderNumber,
      currency: "NOK",
      email: L.nb.email.toLowerCase(),
      productNumbers: [itemId],
    });
    expect(String(conversion?.total)).toMatch(/^\d+\.\d{2}$/);
  });

  it("the Swedish shopper's way in SEK", async () => {
    const { page, context } = session;
    await context.addCookies([{ name: "mili-consent", value: "s1m1", url: shop.origin }]);
    await shopperWay(page, "sv");
  });
});

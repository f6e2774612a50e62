import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  axe,
  clickWhenStill,
  describeViolations,
  hydrated,
  nearPlace,
  setupBrowser,
} from "#tests/support/browser.ts";
import { gql, type Shop, startShop } from "#tests/support/shop.ts";

/**
 * The storefront's widgets and content pages in a real browser, in both languages (issue 14, decision 0038): the
 * front page is its Frontpage widget area (campaign banner, categories, product lists, device-class widgets); an
 * editor previews an unpublished widget with the preview token, nobody else; a content page has the info pages'
 * side menu; every one is axe-clean and logs no error.
 */
const PREVIEW = "e2e-preview-token-0123456789";
const ADMIN_KEY = "e2e-admin-key-0123456789abcdef";
let shop: Shop;
beforeAll(async () => {
  // The recommendation provider's sandbox: a recommendation clicked with consent reaches its click-collect.
  shop = await startShop({ WIDGET_PREVIEW_TOKEN: PREVIEW, ADMIN_KEY, RECOMMENDATIONS_BASE_URL: "sandbox" });
});
afterAll(async () => {
  await shop?.close();
});

const session = setupBrowser();
const PHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148";

const LANGUAGES = {
  nb: {
    prefix: "",
    banner: "Vintersalg – opptil 40 %",
    bannerLink: "Til salget",
    campaign: "/dc/vintersalg",
    categories: "Kategorier",
    lists: ["Nyheter", "Mest solgt"],
    desktopOnly: "Fri frakt når du handler for over 99 kr. Åpent kjøp i 30 dager.",
    mobileOnly: "Fri frakt når du handler for over 99 kr – også på mobilen.",
    richLink: { name: "Kundeservice", href: "/kundeservice" },
    unpublished: "Vårnyheter kommer snart",
    badge: "Ikke publisert",
    page: { path: "/kundeservice", title: "Kundeservice", menu: "Informasjon", other: "Frakt og levering" },
  },
  sv: {
    prefix: "/sv",
    banner: "Vinterrea – upp till 40 %",
    bannerLink: "Till rean",
    campaign: "/sv/dc/vinterrea",
    categories: "Kategorier",
    lists: ["Nyheter", "Mest sålda"],
    desktopOnly: "Fri frakt när du handlar för över 99 kr. Öppet köp i 30 dagar.",
    mobileOnly: "Fri frakt när du handlar för över 99 kr – även i mobilen.",
    richLink: { name: "Kundservice", href: "/sv/kundservice" },
    unpublished: "Vårnyheter kommer snart",
    badge: "Inte publicerad",
    page: { path: "/sv/kundservice", title: "Kundservice", menu: "Information", other: "Frakt och leverans" },
  },
} as const;

async function open(page: Page, path: string) {
  const response = await page.goto(new URL(path, shop.origin).href, { waitUntil: "load" });
  if (!response) throw new Error(`no response for ${path}`);
  await hydrated(page);
  return response;
}

describe.each(["nb", "sv"] as const)("widgets in %s", (lang) => {
  const l = LANGUAGES[lang];

  it("the front page is built from its widget area: campaign banner, categories, product lists", async () => {
    const { page } = session;
    const response = await open(page, l.prefix || "/");
    expect(response.status()).toBe(200);
    const main = page.getByRole("main");
    await expect.poll(() => main.getByRole("heading", { level: 2, name: l.banner }).count()).toBe(1);
    const banner = main.getByRole("link", { name: l.bannerLink });
    expect(await banner.getAttribute("href")).toBe(l.campaign);
    // The banner's image comes from the image pipeline, at once (the top of the page).
    const bannerImage = main.locator('img[src^="/images/product/"]').first();
    expect(await bannerImage.getAttribute("loading")).toBe("eager");
    expect(await bannerImage.getAttribute("srcset")).toContain("1280w");

    const categories = main.getByRole("region", { name: l.categories, exact: true });
    const links = await categories.getByRole("link").all();
    expect(links.length).toBeGreaterThan(2);
    for (const link of links) expect(await link.getAttribute("href")).toMatch(new RegExp(`^${l.prefix}/c/`));

    for (const title of l.lists) {
      const list = main.getByRole("region", { name: title, exact: true });
      expect(await list.getByRole("listitem").count(), title).toBeGreaterThan(0);
    }
    // Below the fold, images load lazily.
    const lastList = main.getByRole("region", { name: l.lists[1], exact: true });
    expect(await lastList.locator("img").first().getAttribute("loading")).toBe("lazy");

    // A computer gets the desktop widget, not the phone's; rich text links are in the page's language.
    await expect.poll(() => main.getByText(l.desktopOnly).count()).toBe(1);
    expect(await main.getByText(l.mobileOnly).count()).toBe(0);
    expect(await main.getByRole("link", { name: l.richLink.name, exact: true }).getAttribute("href")).toBe(
      l.richLink.href,
    );
    // Nothing unpublished.
    expect(await main.getByText(l.unpublished).count()).toBe(0);
    expect(describeViolations(await axe(page))).toEqual([]);
  });

  it("a phone gets the mobile widget, not the desktop one", async () => {
    const context = await session.browser.newContext({
      userAgent: PHONE,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    try {
      const page = await context.newPage();
      await open(page, l.prefix || "/");
      const main = page.getByRole("main");
      await expect.poll(() => main.getByText(l.mobileOnly).count()).toBe(1);
      expect(await main.getByText(l.desktopOnly).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it("/preview-widgets shows the unpublished widget, marked, with the token; nothing unpublished without it", async () => {
    const { page } = session;
    const response = await open(page, `${l.prefix}/preview-widgets?token=${PREVIEW}`);
    expect(response.headers()["cache-control"]).toBe("private, no-store");
    // The token in the address is not passed on to other sites.
    expect(await page.locator('meta[name="referrer"]').getAttribute("content")).toBe("no-referrer");
    const main = page.getByRole("main");
    await expect.poll(() => main.getByRole("heading", { level: 2, name: l.unpublished }).count()).toBe(1);
    expect(await main.locator('[data-unpublished="true"]').getByText(l.badge).count()).toBe(1);
    expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
    expect(describeViolations(await axe(page))).toEqual([]);

    for (const path of [
      `${l.prefix}/preview-widgets`,
      `${l.prefix}/preview-widgets?token=wrong-${PREVIEW}`,
    ]) {
      const other = await open(page, path);
      expect(other.headers()["cache-control"]).toBe("private, no-store");
      expect(await page.getByRole("main").getByText(l.unpublished).count()).toBe(0);
      expect(await page.locator("[data-unpublished]").count()).toBe(0);
      // The published ones are there.
      expect(await page.getByRole("main").getByRole("heading", { name: l.banner }).count()).toBe(1);
    }
  });

  it("a content page has the info pages' side menu, the current page marked, and is keyboard-usable", async () => {
    const { page } = session;
    for (const path of [l.page.path, `${l.prefix}/content${l.page.path.slice(l.prefix.length)}`]) {
      const response = await open(page, path);
      expect(response.status()).toBe(200);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(l.page.title);
      const menu = page.getByRole("navigation", { name: l.page.menu });
      expect(await menu.getByRole("link").count()).toBe(6);
      const current = menu.locator('a[aria-current="page"]');
      expect(await current.textContent()).toBe(l.page.title);
      expect(await current.getAttribute("href")).toBe(l.page.path);
    }
    expect(describeViolations(await axe(page))).toEqual([]);
    const other = page
      .getByRole("navigation", { name: l.page.menu })
      .getByRole("link", { name: l.page.other });
    await other.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(l.page.other);
  });
});

describe("a merchant's widget change and the page cache", () => {
  it("publishing a widget shows on the next front page, not a stale cached one", async () => {
    const get = () =>
      fetch(`${shop.origin}/`, { headers: { "user-agent": "Mozilla/5.0 (X11; Linux x86_64)" } });
    // The page cache keeps a page on its second request (decision 0085).
    for (let i = 0; i < 2; i++) await (await get()).text();
    const hit = await get();
    expect(hit.headers.get("x-cache")).toBe("HIT");
    expect(await hit.text()).not.toContain("Julegaver fra Mili");

    const config = { title: { "nb-NO": "Julegaver fra Mili", "sv-SE": "Julklappar från Mili" } };
    const { body } = await gql(
      shop.origin,
      {
        query: `mutation($c: String!) { createWidget(family: "Frontpage", areaName: "Main", type: "banner", configuration: $c, sortOrder: -1, publish: true) { id } }`,
        variables: { c: JSON.stringify(config) },
      },
      { "x-admin-key": ADMIN_KEY },
    );
    expect(body.errors).toBeUndefined();
    const after = await get();
    expect(after.headers.get("x-cache")).toBe("MISS");
    expect(await after.text()).toContain("Julegaver fra Mili");

    const { body: unpublished } = await gql(
      shop.origin,
      {
        query: `mutation($id: Int!) { unpublishWidget(widgetId: $id) }`,
        variables: { id: Number(body.data.createWidget.id) },
      },
      { "x-admin-key": ADMIN_KEY },
    );
    expect(unpublished.errors).toBeUndefined();
    expect(await (await get()).text()).not.toContain("Julegaver fra Mili");
  });
});

describe("the shopper's own product lists (decision 0046)", () => {
  it("latest viewed below a product and favourites below a list fill in after hydration, empty first", async () => {
    const { page } = session;
    await page.context().clearCookies();
    const { body } = await gql(shop.origin, {
      query: `{ products(take: 2, channelId: "2|no", languageId: "nb-NO", marketId: "no") {
        products { productId canonicalUrl primaryCategory { canonicalUrl } } } }`,
    });
    const [a, b] = body.data.products.products as {
      productId: number;
      canonicalUrl: string;
      primaryCategory: { canonicalUrl: string };
    }[];
    if (!a || !b) throw new Error("two products expected");
    await open(page, a.canonicalUrl);
    await page.evaluate(() => localStorage.clear());
    await open(page, a.canonicalUrl);
    // The product itself is the only one seen: the empty text, not the product beside itself.
    const viewed = page.getByRole("region", { name: "Sist sett", exact: true });
    // Below the fold, a product's details hydrate as they come into view (decision 0073): the shopper scrolls there.
    await viewed.scrollIntoViewIfNeeded();
    await expect.poll(() => viewed.getByText("Produktene du ser på, vises her.").count()).toBe(1);
    await open(page, b.canonicalUrl);
    await viewed.scrollIntoViewIfNeeded();
    await expect.poll(() => viewed.locator(`li[data-product="${a.productId}"]`).count()).toBe(1);
    expect(await viewed.locator(`li[data-product="${b.productId}"]`).count()).toBe(0);
    expect(describeViolations(await axe(page))).toEqual([]);

    // Below a list: the favourites, none yet; a heart pressed in the list puts its product there.
    await open(page, a.primaryCategory.canonicalUrl);
    const favorites = page.getByRole("region", { name: "Favorittene dine", exact: true });
    await favorites.scrollIntoViewIfNeeded();
    await expect
      .poll(() => favorites.getByText("Du har ingen favoritter ennå.", { exact: false }).count())
      .toBe(1);
    expect(await favorites.getByRole("link", { name: "Se favorittene dine" }).getAttribute("href")).toBe(
      "/favoritter",
    );
    const card = page.locator("[data-list-grid] li[data-product]").first();
    const id = await card.getAttribute("data-product");
    await card.locator(`button[data-favorite="${id}"]`).click();
    await expect.poll(() => favorites.locator(`li[data-product="${id}"]`).count()).toBe(1);
    expect(describeViolations(await axe(page))).toEqual([]);

    // With consent to statistics, a recommended product clicked on a product page is reported to the provider's
    // click-collect (decision 0046), by the shopper's tracking user id.
    await page.context().addCookies([{ name: "mili-consent", value: "s1m0", url: shop.origin }]);
    const told = async (path: string) =>
      (
        (await (await fetch(`${shop.origin}/sandbox/recommendations/log`)).json()) as {
          log: { path: string; body: { source?: string; trackingUserId?: string; url?: string } }[];
        }
      ).log.filter((e) => e.path === path);
    const clicks = () => told("click-collect");
    await open(page, b.canonicalUrl);
    // The tracker is running once it has told this page's view (outside production).
    await expect
      .poll(async () => (await told("pages")).some((e) => e.body.url?.endsWith(b.canonicalUrl)))
      .toBe(true);
    // The recommendations come when the shopper nears them (decision 0089).
    await nearPlace(page, "suggestions");
    expect(await page.locator("[data-recommendations] h2").textContent()).toBe("Du kan også like");
    const recommended = page.locator("[data-recommendations] li[data-product] a[href]").first();
    await clickWhenStill(recommended);
    await page.waitForURL((u) => u.pathname !== b.canonicalUrl);
    await expect.poll(async () => (await clicks()).length).toBe(1);
    const [click] = await clicks();
    expect(click?.body.source).toBeTruthy();
    expect(click?.body.trackingUserId).toBe(
      await page.evaluate(() => localStorage.getItem("mili-tracking-user")),
    );
  });
});

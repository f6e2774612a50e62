import type { BrowserContext, BrowserContextOptions, Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axe, describeViolations, hydrated, setupBrowser, watchErrors } from "#tests/support/browser.ts";
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

/** A price such as "1 299 kr" or, excluding VAT, "1 039,20 kr". */
const PRICE = /^\d{1,3}(\u00a0\d{3})*(,\d{2})?\u00a0kr$/;
const amount = (price: string | null) => Number((price ?? "").replace(/[^\d,]/g, "").replace(",", "."));

const TEXTS = {
  nb: {
    home: "/",
    categories: "Kategorier",
    showSub: /^Vis underkategorier for /,
    allIn: /^Alt i /,
    market: /^Land og valuta/,
    marketHeading: "Velg land og valuta",
    close: "Lukk",
    customerType: "Kundetype",
    person: "Privat",
    organization: "Bedrift",
    incVat: "inkl. mva.",
    exVat: "eks. mva.",
    changed: "Du handler nå i Danmark (DKK).",
    email: "E-postadresse",
    subscribe: "Meld meg på",
    ok: "Takk! Du er nå påmeldt nyhetsbrevet vårt.",
    invalid: "Du må oppgi en gyldig e-post",
    offline: /^Du er frakoblet/,
  },
  sv: {
    home: "/sv",
    categories: "Kategorier",
    showSub: /^Visa underkategorier för /,
    allIn: /^Allt i /,
    market: /^Land och valuta/,
    marketHeading: "Välj land och valuta",
    close: "Stäng",
    customerType: "Kundtyp",
    person: "Privat",
    organization: "Företag",
    incVat: "inkl. moms",
    exVat: "exkl. moms",
    changed: "Du handlar nu i Danmark (DKK).",
    email: "E-postadress",
    subscribe: "Prenumerera",
    ok: "Tack! Du prenumererar nu på vårt nyhetsbrev.",
    invalid: "Du måste ange en giltig e-postadress",
    offline: /^Du är offline/,
  },
} as const;

type Lang = keyof typeof TEXTS;

/** Opens a page and waits until the client router has hydrated it. */
async function open(page: Page, path: string) {
  const response = await page.goto(url(path), { waitUntil: "load" });
  if (!response) throw new Error(`no response for ${path}`);
  await hydrated(page);
  return response;
}

/** Marks the document: the mark survives client-side navigation and revalidation, not a reload. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as { __sameDocument?: boolean }).__sameDocument = true;
  });
}
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument === true);

const header = (page: Page) => page.locator("header[data-site-header]");
const marketButton = (page: Page, lang: Lang) =>
  header(page).getByRole("button", { name: TEXTS[lang].market });
const firstCardPrice = (page: Page) =>
  page.getByRole("main").locator(":scope > ul > li").first().locator("p > span").first().textContent();

/** The first product and the first category of a language, read from its home page. */
async function paths(page: Page, lang: Lang) {
  await open(page, TEXTS[lang].home);
  const product = await page.getByRole("main").locator(":scope > ul > li a").first().getAttribute("href");
  const category = await page
    .getByRole("navigation", { name: TEXTS[lang].categories })
    .getByRole("link")
    .first()
    .getAttribute("href");
  if (!product || !category) throw new Error("no product or category link on the home page");
  return { product, category };
}

/** A second context (own cookies) whose console errors fail the test like the session's. */
async function withContext(options: BrowserContextOptions, run: (context: BrowserContext) => Promise<void>) {
  const context = await session.browser.newContext(options);
  const errors = watchErrors(context);
  try {
    await run(context);
  } finally {
    await context.close();
  }
  expect(errors.list, "unexpected console errors or page errors").toEqual([]);
}

describe("the header on scroll", () => {
  it("hides when scrolling down past the site-top threshold and shows again when scrolling up", async () => {
    const { page } = session;
    await open(page, "/");
    const box = async () => (await header(page).boundingBox()) ?? { y: Number.NaN, height: 0 };

    // Within the threshold it stays.
    await page.evaluate(() => window.scrollTo(0, 60));
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    expect(await header(page).getAttribute("data-hidden")).toBeNull();

    await page.evaluate(() => window.scrollTo(0, 700));
    await expect.poll(() => header(page).getAttribute("data-hidden")).toBe("");
    // Slid out of view: its bottom edge is at or above the top of the viewport.
    await expect.poll(async () => (await box()).y + (await box()).height).toBeLessThanOrEqual(0);

    await page.evaluate(() => window.scrollTo(0, 500));
    await expect.poll(() => header(page).getAttribute("data-hidden")).toBeNull();
    await expect.poll(async () => (await box()).y).toBe(0);
  });

  it("slides without animation for visitors who prefer reduced motion", async () => {
    await withContext({ reducedMotion: "reduce" }, async (context) => {
      const page = await context.newPage();
      await open(page, "/");
      expect(await header(page).evaluate((el) => getComputedStyle(el).transitionDuration)).toBe("0s");
    });
    const { page } = session;
    await open(page, "/");
    expect(await header(page).evaluate((el) => getComputedStyle(el).transitionDuration)).not.toBe("0s");
  });
});

describe("the navigation progress bar", () => {
  /** Records every state of the bar the page ever renders. */
  async function recordProgress(page: Page) {
    await page.evaluate(() => {
      const w = window as { __progress?: string[] };
      w.__progress = [];
      const record = () => {
        const bar = document.querySelector("[data-progress]");
        if (bar)
          w.__progress?.push(
            `${bar.getAttribute("data-progress")}${bar.hasAttribute("data-failed") ? ":failed" : ""}`,
          );
      };
      new MutationObserver(record).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ["data-progress", "data-failed"],
      });
    });
  }
  const states = (page: Page) => page.evaluate(() => (window as { __progress?: string[] }).__progress ?? []);
  /** Holds the page's data requests until `release()`; then each is answered by `then`. */
  async function holdDataRequests(page: Page, then: (route: Route) => Promise<void>) {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/*.data*", async (route: Route) => {
      await held;
      await then(route);
    });
    return release;
  }
  /** The bar while it shows (it stays in the DOM, hidden, while idle or within the throttle). */
  const bar = (page: Page) => page.locator("[data-progress]:not([hidden])");
  const phase = (page: Page) => page.locator("[data-progress]").getAttribute("data-progress");
  const shown = (page: Page) =>
    states(page).then((list) => list.filter((s) => s.startsWith("running") || s.startsWith("finishing")));

  it("does not appear for a navigation that ends within the 200 ms throttle", async () => {
    const { page } = session;
    // The page's clock is Playwright's: time moves only when the test moves it, so "fast" means fast in the
    // page's time, whatever the machine's load makes of the wall clock.
    await page.clock.install();
    const { category } = await paths(page, "nb");
    const release = await holdDataRequests(page, (route) => route.continue());
    await page.clock.pauseAt(Date.now() + 60_000);
    await recordProgress(page);
    await header(page).locator(`a[href="${category}"]`).first().click();
    // The navigation has begun: the bar waits out its throttle, hidden.
    await expect.poll(() => phase(page)).toBe("pending");
    await page.clock.runFor(150);
    expect(await phase(page)).toBe("pending");
    release();
    await expect.poll(() => new URL(page.url()).pathname).toBe(category);
    await expect.poll(() => phase(page)).toBe("idle");
    // However long the page now waits, the bar never shows.
    await page.clock.runFor(6_000);
    expect(await shown(page)).toEqual([]);
    expect(await bar(page).count()).toBe(0);
  });

  it("shows after exactly the 200 ms throttle when the navigation is still going", async () => {
    const { page } = session;
    await page.clock.install();
    const { category } = await paths(page, "nb");
    const release = await holdDataRequests(page, (route) => route.continue());
    await page.clock.pauseAt(Date.now() + 60_000);
    await recordProgress(page);
    await header(page).locator(`a[href="${category}"]`).first().click();
    await page.clock.runFor(199);
    expect(await shown(page)).toEqual([]);
    await page.clock.runFor(1);
    await expect.poll(() => bar(page).getAttribute("data-progress")).toBe("running");
    release();
    await expect.poll(() => new URL(page.url()).pathname).toBe(category);
    // It fills, stays 500 ms, then hides.
    await expect.poll(() => bar(page).getAttribute("data-progress")).toBe("finishing");
    await page.clock.runFor(499);
    expect(await bar(page).count()).toBe(1);
    await page.clock.runFor(1);
    await expect.poll(() => bar(page).count()).toBe(0);
  });

  it("appears for a slow navigation, fills, and hides after the navigation ends", async () => {
    const { page } = session;
    const { category } = await paths(page, "nb");
    const release = await holdDataRequests(page, (route) => route.continue());
    await recordProgress(page);
    await header(page).locator(`a[href="${category}"]`).first().click();
    // While the data request is held, the bar shows in orange and advances on its own.
    await expect.poll(() => bar(page).getAttribute("data-progress")).toBe("running");
    expect(await bar(page).evaluate((el) => getComputedStyle(el).backgroundColor)).toBe("rgb(255, 165, 0)");
    expect(await bar(page).evaluate((el) => getComputedStyle(el).height)).toBe("5px");
    const scale = () => bar(page).evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).a);
    const first = await scale();
    await expect.poll(scale).toBeGreaterThan(first);
    release();
    await expect.poll(() => new URL(page.url()).pathname).toBe(category);
    await expect.poll(() => bar(page).count()).toBe(0);
    expect(await states(page)).toContain("finishing");
    expect((await states(page)).some((s) => s.endsWith(":failed"))).toBe(false);
  });

  it("turns red when the navigation fails", async () => {
    const { page, errors } = session;
    errors.allow(/Failed to load resource|ERR_FAILED|TypeError: Failed to fetch/);
    const { category } = await paths(page, "nb");
    const release = await holdDataRequests(page, (route) => route.abort("failed"));
    await recordProgress(page);
    await header(page).locator(`a[href="${category}"]`).first().click();
    await expect.poll(() => bar(page).getAttribute("data-progress")).toBe("running");
    release();
    await expect.poll(async () => (await states(page)).includes("finishing:failed")).toBe(true);
    await expect.poll(() => bar(page).count()).toBe(0);
  });
});

describe.each(["nb", "sv"] as const)("market and customer type in %s", (lang) => {
  const l = TEXTS[lang];

  it("a market chosen in one tab is seen by a second tab without a reload", async () => {
    const { context, page: tab1 } = session;
    const tab2 = await context.newPage();
    await open(tab1, l.home);
    await open(tab2, l.home);
    const before = await firstCardPrice(tab2);
    expect(before).toMatch(PRICE);
    await markDocument(tab1);
    await markDocument(tab2);

    await marketButton(tab1, lang).click();
    const dialog = tab1.getByRole("dialog", { name: l.marketHeading });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole("button", { name: "Danmark (DKK)" }).click();
    await expect.poll(() => dialog.count()).toBe(0);

    // Tab 1: the header, the notification and the prices switch to Danish kroner.
    await expect.poll(() => marketButton(tab1, lang).textContent()).toContain("Danmark (DKK)");
    await expect.poll(() => tab1.getByRole("status").filter({ hasText: l.changed }).count()).toBe(1);
    // Tab 2 hears about it over the BroadcastChannel and reloads its data, not the page.
    await expect.poll(() => marketButton(tab2, lang).textContent()).toContain("Danmark (DKK)");
    await expect.poll(() => firstCardPrice(tab2)).not.toBe(before);
    expect(await firstCardPrice(tab2)).toMatch(PRICE);
    expect(await sameDocument(tab1)).toBe(true);
    expect(await sameDocument(tab2)).toBe(true);

    const cookies = Object.fromEntries((await context.cookies()).map((c) => [c.name, c]));
    for (const name of ["mili-selected-market", "mili-checkout-market"]) {
      const cookie = cookies[name];
      expect(cookie?.value, name).toBe("dk");
      expect(cookie?.path).toBe("/");
      expect(cookie?.sameSite).toBe("Lax");
      // One year (give or take the test's own run time).
      expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(31_536_000 - 600);
    }
  });

  it("the customer-type switch turns a product's price from including to excluding VAT", async () => {
    const { context, page } = session;
    const { product } = await paths(page, lang);
    await open(page, product);
    await markDocument(page);
    const main = page.getByRole("main");
    const price = main.locator('[data-testid="product-price"] [data-price="selling"]');
    const group = header(page).getByRole("group", { name: l.customerType });
    const inc = await price.textContent();
    expect(inc).toMatch(PRICE);
    expect(await main.getByText(l.incVat, { exact: true }).count()).toBe(1);
    expect(await group.getByRole("button", { name: l.person }).getAttribute("aria-pressed")).toBe("true");
    expect(await group.textContent()).toContain(l.incVat);

    await group.getByRole("button", { name: l.organization }).click();
    await expect.poll(() => main.getByText(l.exVat, { exact: true }).count()).toBe(1);
    const ex = await price.textContent();
    expect(ex).toMatch(PRICE);
    expect(amount(ex)).toBeLessThan(amount(inc));
    expect(await group.getByRole("button", { name: l.organization }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    expect(await group.textContent()).toContain(l.exVat);
    expect(await sameDocument(page)).toBe(true);
    const cookie = (await context.cookies()).find((c) => c.name === "mili-user-type");
    expect(cookie?.value).toBe("ORGANIZATION");
    expect(cookie?.path).toBe("/");
    expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(31_536_000 - 600);
  });

  it("switching back to private shows the prices including VAT again", async () => {
    const { page } = session;
    const { product } = await paths(page, lang);
    await open(page, product);
    const main = page.getByRole("main");
    const price = main.locator('[data-testid="product-price"] [data-price="selling"]');
    const group = header(page).getByRole("group", { name: l.customerType });
    const inc = await price.textContent();
    await group.getByRole("button", { name: l.organization }).click();
    await expect.poll(() => main.getByText(l.exVat, { exact: true }).count()).toBe(1);
    await group.getByRole("button", { name: l.person }).click();
    await expect.poll(() => main.getByText(l.incVat, { exact: true }).count()).toBe(1);
    expect(await price.textContent()).toBe(inc);
    expect(await group.getByRole("button", { name: l.person }).getAttribute("aria-pressed")).toBe("true");
  });
});

describe.each(["nb", "sv"] as const)("the newsletter field in %s", (lang) => {
  const l = TEXTS[lang];
  const message = (page: Page) => page.locator("#newsletter-message");

  it("subscribes with JavaScript: the answer shows inline, without a reload or a new URL", async () => {
    const { page } = session;
    await open(page, l.home);
    await markDocument(page);
    const footer = page.getByRole("contentinfo");
    const email = footer.getByRole("textbox", { name: l.email });
    await email.fill("not-an-email");
    await footer.getByRole("button", { name: l.subscribe }).click();
    await expect.poll(() => message(page).textContent()).toBe(l.invalid);
    expect(await email.getAttribute("aria-invalid")).toBe("true");

    await email.fill(`frame-${lang}@example.com`);
    await footer.getByRole("button", { name: l.subscribe }).click();
    await expect.poll(() => message(page).textContent()).toBe(l.ok);
    expect(await email.inputValue()).toBe("");
    expect(new URL(page.url()).pathname).toBe(l.home);
    expect(new URL(page.url()).search).toBe("");
    expect(await sameDocument(page)).toBe(true);
  });

  it("subscribes without JavaScript: the form posts and comes back with the answer", async () => {
    await withContext({ javaScriptEnabled: false }, async (context) => {
      const page = await context.newPage();
      await page.goto(url(l.home));
      // What needs JavaScript is not offered without it.
      expect(await marketButton(page, lang).isVisible()).toBe(false);
      const footer = page.getByRole("contentinfo");
      await footer.getByRole("textbox", { name: l.email }).fill("still not an e-mail");
      await Promise.all([
        page.waitForURL(/newsletter=invalid/),
        footer.getByRole("button", { name: l.subscribe }).click(),
      ]);
      expect(new URL(page.url()).pathname).toBe(l.home);
      expect(await message(page).textContent()).toBe(l.invalid);

      await footer.getByRole("textbox", { name: l.email }).fill(`nojs-${lang}@example.com`);
      await Promise.all([
        page.waitForURL(/newsletter=ok/),
        footer.getByRole("button", { name: l.subscribe }).click(),
      ]);
      expect(new URL(page.url()).hash).toBe("#newsletter");
      expect(await message(page).textContent()).toBe(l.ok);
    });
  });
});

describe("offline", () => {
  it.each(["nb", "sv"] as const)("%s: a notice shows while the browser is offline", async (lang) => {
    const { context, page } = session;
    await open(page, TEXTS[lang].home);
    // Let React Router finish discovering the routes of the page's links before the network goes away.
    await page.waitForLoadState("networkidle");
    const notice = page.getByRole("status").filter({ hasText: TEXTS[lang].offline });
    expect(await notice.count()).toBe(0);
    await context.setOffline(true);
    await expect.poll(() => notice.count()).toBe(1);
    expect(await notice.isVisible()).toBe(true);
    await context.setOffline(false);
    await expect.poll(() => notice.count()).toBe(0);
  });
});

describe("the keyboard", () => {
  const focused = (page: Page) =>
    page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return {
        tag: el?.tagName.toLowerCase(),
        text: el?.textContent?.trim() ?? "",
        expanded: el?.getAttribute("aria-expanded") ?? null,
        inDialog: !!el?.closest("dialog"),
        outline: el ? getComputedStyle(el).outlineStyle : "none",
      };
    });

  it.each(["nb", "sv"] as const)("%s: opens and closes a category menu", async (lang) => {
    const { page } = session;
    await open(page, TEXTS[lang].home);
    const nav = page.getByRole("navigation", { name: TEXTS[lang].categories });
    await nav.getByRole("link").first().focus();
    await page.keyboard.press("Tab");
    let now = await focused(page);
    expect(now.tag).toBe("button");
    expect(now.expanded).toBe("false");
    expect(now.outline).not.toBe("none");
    const toggle = nav.getByRole("button", { name: TEXTS[lang].showSub }).first();
    const submenu = page.locator(`#${await toggle.getAttribute("aria-controls")}`);
    expect(await submenu.isVisible()).toBe(false);

    await page.keyboard.press("Enter");
    await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("true");
    expect(await submenu.isVisible()).toBe(true);
    // The next Tab goes into the open submenu.
    await page.keyboard.press("Tab");
    now = await focused(page);
    expect(now.text).toMatch(TEXTS[lang].allIn);

    await page.keyboard.press("Escape");
    await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("false");
    expect(await submenu.isVisible()).toBe(false);
    now = await focused(page);
    expect(now.tag).toBe("button");
    expect(now.text).toMatch(TEXTS[lang].showSub);

    // Space opens it too, and a subcategory link leads to its page with focus on the main heading.
    await page.keyboard.press("Space");
    await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("true");
    const link = submenu.getByRole("link").nth(1);
    const target = await link.getAttribute("href");
    await link.focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => new URL(page.url()).pathname).toBe(target);
    await expect
      .poll(() => page.evaluate(() => document.activeElement === document.querySelector("main h1")))
      .toBe(true);
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
  });

  it.each(["nb", "sv"] as const)(
    "%s: opens the market panel, keeps focus inside, closes with Escape",
    async (lang) => {
      const { page } = session;
      await open(page, TEXTS[lang].home);
      const button = marketButton(page, lang);
      await button.focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: TEXTS[lang].marketHeading });
      await expect.poll(() => dialog.isVisible()).toBe(true);
      expect((await focused(page)).inDialog).toBe(true);
      // Scandinavia and Europe, without the virtual and checkout-only markets.
      expect(await dialog.getByRole("heading", { level: 3 }).allTextContents()).toEqual(
        lang === "nb" ? ["Skandinavia", "Europa"] : ["Skandinavien", "Europa"],
      );
      const markets = await dialog.getByRole("listitem").allTextContents();
      expect(markets).toContain("Danmark (DKK)");
      expect(markets.some((m) => m.startsWith("Island"))).toBe(false);
      expect(markets.length).toBe(6);
      // Tab cycles inside the dialog.
      for (let i = 0; i < markets.length + 3; i++) {
        await page.keyboard.press("Tab");
        expect((await focused(page)).inDialog).toBe(true);
      }
      await page.keyboard.press("Shift+Tab");
      expect((await focused(page)).inDialog).toBe(true);

      await page.keyboard.press("Escape");
      await expect.poll(() => dialog.count()).toBe(0);
      expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);

      // The close button closes it too, and focus again returns to the market button.
      await page.keyboard.press("Enter");
      await expect.poll(() => dialog.isVisible()).toBe(true);
      await dialog.getByRole("button", { name: TEXTS[lang].close }).click();
      await expect.poll(() => dialog.count()).toBe(0);
      expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
    },
  );
});

describe("scroll and focus after navigation", () => {
  it("goes to the top of the new page and focuses its main heading", async () => {
    const { page } = session;
    await open(page, "/");
    const link = page.getByRole("contentinfo").getByRole("navigation").getByRole("link").first();
    await link.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const target = await link.getAttribute("href");
    await link.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(target);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect
      .poll(() => page.evaluate(() => document.activeElement === document.querySelector("main h1")))
      .toBe(true);
  });
});

describe("the service worker", () => {
  it("is registered at the site root after load and serves only static files", async () => {
    const { page } = session;
    await open(page, "/");
    await expect
      .poll(
        () => page.evaluate(async () => (await navigator.serviceWorker.getRegistration("/"))?.scope ?? null),
        {
          timeout: 15_000,
        },
      )
      .toBe(url("/"));
    const response = await fetch(url("/sw.js"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("javascript");
  });
});

describe.each(["nb", "sv"] as const)("accessibility in %s", (lang) => {
  it("axe finds no serious or critical violation on the home, a list and a product page", async () => {
    const { page } = session;
    const { product, category } = await paths(page, lang);
    for (const path of [TEXTS[lang].home, category, product]) {
      await open(page, path);
      expect(describeViolations(await axe(page)), path).toEqual([]);
    }
  });

  it("axe finds none with the category menu and the market panel open", async () => {
    const { page } = session;
    await open(page, TEXTS[lang].home);
    await page.getByRole("button", { name: TEXTS[lang].showSub }).first().click();
    expect(describeViolations(await axe(page)), "category menu").toEqual([]);
    await page.keyboard.press("Escape");
    await marketButton(page, lang).click();
    await expect.poll(() => page.getByRole("dialog").isVisible()).toBe(true);
    expect(describeViolations(await axe(page)), "market panel").toEqual([]);
  });
});

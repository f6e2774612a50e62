import type { BrowserContext, BrowserContextOptions, Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  axe,
  describeViolations,
  hydrated,
  type PageErrors,
  setupBrowser,
  watchErrors,
} from "#tests/support/browser.ts";
import { gql, type Shop, startShop } from "#tests/support/shop.ts";

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
    ok: "Takk! Bekreft påmeldingen med lenken vi har sendt deg på e-post.",
    invalid: "Du må oppgi en gyldig e-post",
    offline: /^Du er frakoblet/,
    openingHours: "Kundeservice: man–fre 9–15, lunsjstengt 12–13",
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
    ok: "Tack! Bekräfta anmälan med länken vi har mejlat dig.",
    invalid: "Du måste ange en giltig e-postadress",
    offline: /^Du är offline/,
    openingHours: "Kundservice: mån–fre 9–15, lunchstängt 12–13",
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
  page.getByRole("main").locator("li[data-product]").first().locator("p > span").first().textContent();

/** The first product and the first category of a language, read from its home page. */
async function paths(page: Page, lang: Lang) {
  await open(page, TEXTS[lang].home);
  const product = await page.getByRole("main").locator("li[data-product] a").first().getAttribute("href");
  const category = await page
    .getByRole("navigation", { name: TEXTS[lang].categories })
    .getByRole("link")
    .first()
    .getAttribute("href");
  if (!product || !category) throw new Error("no product or category link on the home page");
  return { product, category };
}

/** A second context (own cookies) whose console errors fail the test like the session's (unless allowed). */
async function withContext(
  options: BrowserContextOptions,
  run: (context: BrowserContext, errors: PageErrors) => Promise<void>,
) {
  const context = await session.browser.newContext(options);
  const errors = watchErrors(context);
  try {
    await run(context, errors);
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
    // The 200 ms count from when the navigation reaches the bar: on a page whose parts below the fold have not
    // hydrated yet (decision 0073), React hydrates them first, in the navigation's own render.
    await expect.poll(() => phase(page)).toBe("pending");
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

const VIEWPORTS = [
  ["phone", { width: 375, height: 812 }],
  ["desktop", { width: 1360, height: 900 }],
] as const;

/** What the shop's stylesheet gives an error page: its heading's weight and size, the logo's weight. */
const errorPageLooks = (page: Page) =>
  page.evaluate(() => {
    const h1 = document.querySelector("main h1");
    const logo = document.querySelector("header a");
    return {
      stylesheet: (document.querySelector("style[data-document-css]")?.textContent?.length ?? 0) > 1000,
      heading: h1 ? [getComputedStyle(h1).fontWeight, getComputedStyle(h1).fontSize] : null,
      logo: logo ? getComputedStyle(logo).fontWeight : null,
    };
  });
const STYLED = { stylesheet: true, heading: ["700", "30px"], logo: "900" };

describe("the header's search field", () => {
  it.each([
    ["a small phone", { width: 320, height: 640 }],
    ["phone", { width: 375, height: 812 }],
    ["tablet", { width: 768, height: 1024 }],
    ["desktop", { width: 1360, height: 900 }],
  ] as const)("shows its whole placeholder on %s, in both languages", async (_, viewport) => {
    const { page } = session;
    await page.setViewportSize(viewport);
    for (const lang of ["nb", "sv"] as const) {
      await open(page, TEXTS[lang].home);
      const field = header(page).locator("[data-site-search]");
      const fit = await field.evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input);
        const context = document.createElement("canvas").getContext("2d");
        if (!context) throw new Error("no canvas");
        context.font = style.font;
        return {
          placeholder: input.placeholder,
          text: context.measureText(input.placeholder).width,
          room:
            input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight),
        };
      });
      expect(fit.placeholder.length, lang).toBeGreaterThan(0);
      expect(fit.text, `"${fit.placeholder}" fits its field in ${lang}`).toBeLessThanOrEqual(fit.room);
    }
  });
});

describe("error pages reached inside the app keep the shop's styles", () => {
  const NOT_FOUND = { nb: "Denne siden ble ikke funnet", sv: "Sidan kunde inte hittas" } as const;
  const GENERIC = {
    nb: "Dessverre gikk noe galt. Prøv gjerne igjen og kontakt kundeservice hvis problemet vedvarer.",
    sv: "Tyvärr gick något fel. Försök gärna igen och kontakta kundservice om problemet kvarstår.",
  } as const;

  describe.each(VIEWPORTS)("%s", (_, viewport) => {
    it.each(["nb", "sv"] as const)("in %s: a 404 reached by a link, and the way back", async (lang) => {
      const { page, errors } = session;
      errors.allow(/the server responded with a status of 404/);
      await page.setViewportSize(viewport);
      await open(page, TEXTS[lang].home);
      await markDocument(page);
      await navigateInApp(page, lang === "nb" ? "/finnes-ikke" : "/sv/finns-inte");
      await expect.poll(() => page.locator("main h1").textContent()).toBe(NOT_FOUND[lang]);
      expect(await errorPageLooks(page)).toEqual(STYLED);
      // Back to a page: still styled, still the same document.
      await page.goBack();
      await expect.poll(() => page.locator("main h1").textContent()).not.toBe(NOT_FOUND[lang]);
      expect((await errorPageLooks(page)).stylesheet).toBe(true);
      expect(await sameDocument(page)).toBe(true);
    });

    it("a failed navigation: the bar turns red, 5 px high, over a styled error page", async () => {
      const { page, errors } = session;
      errors.allow(/Failed to load resource|ERR_FAILED|TypeError: Failed to fetch/);
      await page.setViewportSize(viewport);
      await page.clock.install();
      await open(page, "/");
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route("**/*.data*", async (route: Route) => {
        await held;
        await route.abort("failed");
      });
      await page.clock.pauseAt(Date.now() + 60_000);
      await navigateInApp(page, "/nyheter");
      // The 200 ms throttle starts when the frame sees the navigation (the bar, hidden, turns "pending"), which
      // can be after navigate() returns: move the paused clock only then.
      await expect.poll(() => page.locator("[data-progress]").getAttribute("data-progress")).toBe("pending");
      await page.clock.runFor(200);
      const bar = page.locator("[data-progress]:not([hidden])");
      await expect.poll(() => bar.getAttribute("data-progress")).toBe("running");
      release();
      const failed = page.locator("[data-progress][data-failed]:not([hidden])");
      await expect.poll(() => failed.count()).toBe(1);
      expect(
        await failed.evaluate((el) => ({
          background: getComputedStyle(el).backgroundColor,
          height: getComputedStyle(el).height,
          top: el.getBoundingClientRect().top,
        })),
      ).toEqual({ background: "rgb(220, 38, 38)", height: "5px", top: 0 });
      await expect.poll(() => page.locator("main h1").textContent()).toBe(GENERIC.nb);
      expect(await errorPageLooks(page)).toEqual(STYLED);
      // It hides 500 ms after the end.
      await page.clock.runFor(500);
      await expect.poll(() => bar.count()).toBe(0);
    });
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

/** A client-side navigation (a PUSH, as a link makes), started without waiting for it to end. */
async function navigateInApp(page: Page, to: string) {
  await page.evaluate((target) => {
    void (
      window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }
    ).__reactRouterDataRouter.navigate(target);
  }, to);
}

describe("scroll and focus after navigation", () => {
  it.each([
    ["/min-konto/bestillinger?loginToken=x", "/min-konto/saldo?loginToken=x", "Saldo"],
    ["/sv/mina-sidor/ordrar?loginToken=x", "/sv/mina-sidor/installningar?loginToken=x", "Inställningar"],
  ])("keeps the scroll position from %s to %s, another account page", async (from, to, heading) => {
    const { page } = session;
    // Short enough that the account page scrolls.
    await page.setViewportSize({ width: 1280, height: 400 });
    await open(page, from);
    await markDocument(page);
    const max = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    expect(max).toBeGreaterThan(100);
    const y = Math.floor(max / 2);
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(y);
    await navigateInApp(page, to);
    await expect.poll(() => `${new URL(page.url()).pathname}${new URL(page.url()).search}`).toBe(to);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(heading);
    // After the page has painted twice, the position is still where the shopper left it.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    expect(await page.evaluate(() => window.scrollY)).toBe(y);
    expect(await sameDocument(page)).toBe(true);
  });

  it("scrolls to the target of the URL's #hash, and leaves the focus alone", async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1280, height: 500 });
    await open(page, "/varemerker");
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await navigateInApp(page, "/nyheter#newsletter");
    await expect.poll(() => new URL(page.url()).pathname).toBe("/nyheter");
    // The footer's newsletter section (near the bottom of a long page) comes into view.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const top = document.getElementById("newsletter")?.getBoundingClientRect().top ?? Number.NaN;
          return top >= 0 && top < window.innerHeight;
        }),
      )
      .toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.activeElement === document.querySelector("main h1"))).toBe(
      false,
    );
  });

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
  // One page per test: the front page's widgets made the three in one test longer than a test's time on a busy
  // two-core machine.
  it.each(["home", "list", "product"] as const)(
    "axe finds no serious or critical violation on the %s page",
    async (which) => {
      const { page } = session;
      const path =
        which === "home"
          ? TEXTS[lang].home
          : await paths(page, lang).then((p) => (which === "list" ? p.category : p.product));
      await open(page, path);
      expect(describeViolations(await axe(page)), path).toEqual([]);
    },
  );

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

describe("a route module that fails to load", () => {
  it("reloads the page once, not again within 60 s (the page asked for opens as a document), and again after 60 s", async () => {
    // No service worker: every request of the page goes through page.route.
    await withContext({ serviceWorkers: "block" }, async (context, errors) => {
      errors.allow(
        /Failed to load resource|Error loading route module|Failed to fetch dynamically imported module/,
      );
      const page = await context.newPage();
      // The guard reads the time from Date.now(): Playwright's clock moves it on when the test says so.
      await page.clock.install();
      // Every document the tab loads (page.clock replaces \`performance\`, so its navigation entries are gone).
      const documents: string[] = [];
      page.on("request", (request) => {
        if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
          documents.push(new URL(request.url()).pathname);
        }
      });
      // The brands page's route module (a deploy replaced it, or the network dropped it) never arrives.
      let aborted = 0;
      await page.route(/\/assets\/brands-[\w-]+\.js$/, (route) => {
        aborted++;
        return route.abort("failed");
      });
      const toBrands = () => navigateInApp(page, "/varemerker");
      const reloaded = async () => {
        await expect.poll(() => sameDocument(page).catch(() => true)).toBe(false);
        await page.waitForLoadState("load");
        await hydrated(page);
      };

      await open(page, "/");
      expect(documents).toEqual(["/"]);
      await markDocument(page);
      await toBrands();
      // React Router's module loader reloads the page: the guard lets this first reload through.
      await reloaded();
      expect(aborted).toBeGreaterThan(0);
      expect(new URL(page.url()).pathname).toBe("/");
      expect(documents).toEqual(["/", "/"]);

      // Again, 10 s later: no reload. The brands page opens as a document of its own instead.
      await page.clock.fastForward(10_000);
      await markDocument(page);
      aborted = 0;
      await toBrands();
      await expect.poll(() => new URL(page.url()).pathname).toBe("/varemerker");
      await page.waitForLoadState("load");
      expect(aborted).toBeGreaterThan(0);
      expect(documents).toEqual(["/", "/", "/varemerker"]);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Varemerker");

      // 60 s after the first reload the guard allows the next one.
      await page.goto(url("/"), { waitUntil: "load" });
      await hydrated(page);
      await page.clock.fastForward(50_000);
      await markDocument(page);
      await toBrands();
      await reloaded();
      expect(new URL(page.url()).pathname).toBe("/");
      expect(documents).toEqual(["/", "/", "/varemerker", "/", "/"]);
    });
  });
});

describe("notifications", () => {
  it("show at the top right, one at a time, and hide by themselves after 5000 ms", async () => {
    const { page } = session;
    await page.clock.install();
    await open(page, "/");
    const note = page.locator("[data-notification]");
    const dialog = page.getByRole("dialog", { name: TEXTS.nb.marketHeading });
    const openPanel = async () => {
      // By keyboard: a notification showing at the top right lies over the market button.
      await marketButton(page, "nb").focus();
      await page.keyboard.press("Enter");
      await expect.poll(() => dialog.isVisible()).toBe(true);
    };
    const chooseMarket = async (name: string) => {
      await openPanel();
      await dialog.getByRole("button", { name }).click();
      await expect.poll(() => dialog.count()).toBe(0);
    };
    // The market panel's code loads on its first opening (React reveals it on a timer): load it, then stop time.
    await openPanel();
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.count()).toBe(0);
    // From here the page's time moves only when the test moves it.
    await page.clock.pauseAt(Date.now() + 60_000);

    await chooseMarket("Danmark (DKK)");
    await expect.poll(() => note.textContent()).toContain(TEXTS.nb.changed);
    // Top right: 16 px below the sticky header (it never covers the header's buttons) and from the right edge.
    const box = await note.boundingBox();
    const width = await page.evaluate(() => document.documentElement.clientWidth);
    const headerHeight = await page
      .locator("[data-site-header]")
      .evaluate((h) => (h as HTMLElement).offsetHeight);
    expect(headerHeight).toBeGreaterThan(0);
    expect(Math.round(box?.y ?? -1)).toBe(headerHeight + 16);
    expect(Math.round(width - ((box?.x ?? 0) + (box?.width ?? 0)))).toBe(16);
    // While the header has slid away (scrolling down), the notification moves up to 16 px below the top, and back
    // below the header when it comes back (the page's clock stands still: it is moved on until the scroll's
    // animation frame has run).
    const noteTop = async () => Math.round((await note.boundingBox())?.y ?? -1);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const headerHidden = async () => {
      await page.clock.runFor(20);
      return page.locator("[data-site-header][data-hidden]").count();
    };
    await page.evaluate(() => window.scrollTo({ top: 800, behavior: "instant" }));
    await expect.poll(headerHidden).toBe(1);
    await expect.poll(noteTop).toBe(16);
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
    await expect.poll(headerHidden).toBe(0);
    await expect.poll(noteTop).toBe(headerHeight + 16);

    // A second one replaces the first, and its own 5000 ms start.
    await page.clock.runFor(3_000);
    await chooseMarket("Norge (NOK)");
    await expect.poll(() => note.textContent()).toContain("Norge (NOK)");
    expect(await note.count()).toBe(1);
    await page.clock.runFor(4_999);
    expect(await note.count()).toBe(1);
    await page.clock.runFor(1);
    await expect.poll(() => note.count()).toBe(0);
  });
});

describe("promise rejections nobody handled", () => {
  it("an aborted request's or navigation's is expected and not reported; any other still is", async () => {
    const { page, errors } = session;
    await open(page, "/");
    const seen: string[] = [];
    page.on("pageerror", (error) => seen.push(error.message));
    errors.allow(/not an abort/);
    await page.evaluate(() => {
      // What React Router 8 leaves unhandled when a newer submission interrupts one (app/entry.client.tsx).
      void Promise.reject(new DOMException("signal is aborted without reason", "AbortError"));
      void Promise.reject(new Error("not an abort"));
    });
    await expect.poll(() => seen).toContain("not an abort");
    expect(seen).toEqual(["not an abort"]);
  });
});

describe("the event bus", () => {
  /**
   * The page's event bus (app/lib/client/event-bus.ts) is a module the page has loaded: importing the same
   * module URL again gives the very same instance, found among the loaded chunks by its shape
   * (push, subscribe, recent). CSP is bypassed for this, as the import comes from the test, not the page.
   */
  async function busEvents(page: Page, type: string) {
    return page.evaluate(async (wanted) => {
      type Bus = { recent(): readonly { type: string; data: unknown; timestamp: number }[] };
      const w = window as { __bus?: Bus };
      // A dynamic import written here would be rewritten by Vitest's transform: the page gets it as text.
      const load = new Function("url", "return import(url)") as (
        url: string,
      ) => Promise<Record<string, unknown>>;
      if (!w.__bus) {
        const urls = new Set(
          performance
            .getEntriesByType("resource")
            .map((e) => e.name)
            .filter((name) => /\/assets\/[^/]+\.js$/.test(new URL(name).pathname)),
        );
        for (const url of urls) {
          const mod = await load(url);
          const found = Object.values(mod).find(
            (v): v is Bus =>
              !!v &&
              typeof v === "object" &&
              typeof (v as { push?: unknown }).push === "function" &&
              typeof (v as { subscribe?: unknown }).subscribe === "function" &&
              typeof (v as { recent?: unknown }).recent === "function",
          );
          if (found) {
            w.__bus = found;
            break;
          }
        }
      }
      if (!w.__bus) throw new Error("the page's event bus was not found among its modules");
      return w.__bus.recent().filter((e) => e.type === wanted);
    }, type);
  }

  it.each(["nb", "sv"] as const)(
    "%s: the customer-type switch pushes customer-type:change with the type, the VAT flag and a timestamp",
    async (lang) => {
      await withContext({ bypassCSP: true }, async (context) => {
        const page = await context.newPage();
        const { product } = await paths(page, lang);
        await open(page, product);
        expect(await busEvents(page, "customer-type:change")).toEqual([]);
        // The bus has been working all along: the page's impression is there.
        expect((await busEvents(page, "page:impression")).length).toBeGreaterThan(0);
        const group = header(page).getByRole("group", { name: TEXTS[lang].customerType });
        const before = await page.evaluate(() => Date.now());
        await group.getByRole("button", { name: TEXTS[lang].organization }).click();
        await expect.poll(async () => (await busEvents(page, "customer-type:change")).length).toBe(1);
        const [event] = await busEvents(page, "customer-type:change");
        expect(event?.data).toEqual({ customerType: "ORGANIZATION", vatIncluded: false });
        expect(event?.timestamp).toBeGreaterThanOrEqual(before);
        expect(event?.timestamp).toBeLessThanOrEqual(await page.evaluate(() => Date.now()));

        await expect
          .poll(() =>
            group.getByRole("button", { name: TEXTS[lang].organization }).getAttribute("aria-pressed"),
          )
          .toBe("true");
        await group.getByRole("button", { name: TEXTS[lang].person }).click();
        await expect.poll(async () => (await busEvents(page, "customer-type:change")).length).toBe(2);
        expect((await busEvents(page, "customer-type:change"))[1]?.data).toEqual({
          customerType: "PERSON",
          vatIncluded: true,
        });
      });
    },
  );
});

describe.each(["nb", "sv"] as const)("the frame in %s", (lang) => {
  it("the footer gives customer service's opening hours: Mon–Fri 9–15, closed for lunch 12–13", async () => {
    const { page } = session;
    await open(page, TEXTS[lang].home);
    const hours = page.getByRole("contentinfo").getByText(TEXTS[lang].openingHours, { exact: true });
    expect(await hours.count()).toBe(1);
    expect(await hours.isVisible()).toBe(true);
  });

  it("the channel's theme map is on the page as CSS custom properties (--mili-{key})", async () => {
    const channelId = lang === "nb" ? "2|no" : "1|se";
    const { body } = await gql(shop.origin, {
      query: "query($c: String) { channel(channelId: $c) { theme { key value } } }",
      variables: { c: channelId },
    });
    const theme = body.data.channel.theme as { key: string; value: string }[];
    expect(theme.length).toBeGreaterThan(0);
    const { page } = session;
    await open(page, TEXTS[lang].home);
    const onPage = await page.evaluate(
      (keys) =>
        Object.fromEntries(
          keys.map((k) => [
            k,
            getComputedStyle(document.documentElement).getPropertyValue(`--mili-${k}`).trim(),
          ]),
        ),
      theme.map((v) => v.key),
    );
    expect(onPage).toEqual(Object.fromEntries(theme.map((v) => [v.key, v.value])));
  });
});

import { createHash } from "node:crypto";
import type { Page } from "playwright-core";
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

/** A whole price such as "1 299 kr": groups of thousands separated by U+00A0, as is the space before "kr". */
const PRICE = /^\d{1,3}(\u00a0\d{3})*\u00a0kr$/;

const LANGUAGES = {
  nb: {
    path: "/",
    title: "Mili – Friluftsliv, sport og sportsernæring",
    heading: "Nyheter i butikken",
    markets: "Vi leverer til",
    scandinavia: "Skandinavia",
    europe: "Europa",
    skip: "Hopp til innholdet",
    switchTo: "På svenska",
    notFoundPath: "/finnes-ikke",
    notFound: "Denne siden ble ikke funnet",
  },
  sv: {
    path: "/sv",
    title: "Mili – Friluftsliv, sport och sportnutrition",
    heading: "Nyheter i butiken",
    markets: "Vi levererar till",
    scandinavia: "Skandinavien",
    europe: "Europa",
    skip: "Hoppa till innehållet",
    switchTo: "På norsk",
    notFoundPath: "/sv/finns-inte",
    notFound: "Sidan kunde inte hittas",
  },
} as const;

type Lang = keyof typeof LANGUAGES;

/** Opens a page and waits until the client router has hydrated it, so hydration errors cannot slip by. */
async function open(page: Page, path: string) {
  const response = await page.goto(url(path), { waitUntil: "load" });
  if (!response) throw new Error(`no response for ${path}`);
  await hydrated(page);
  return response;
}

/** The cards of the front page's product-list widgets. */
const productCards = (page: Page) => page.getByRole("main").locator("li[data-product]");

async function expectHome(page: Page, lang: Lang) {
  const l = LANGUAGES[lang];
  await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe(l.heading);
  await expect.poll(() => page.locator("html").getAttribute("lang")).toBe(lang);
  expect(new URL(page.url()).pathname).toBe(l.path);
}

describe.each(["nb", "sv"] as const)("the home page in %s", (lang) => {
  const l = LANGUAGES[lang];

  it("answers 200 in its language with a title, products with prices and the markets by region", async () => {
    const { page } = session;
    const response = await open(page, l.path);
    expect(response.status()).toBe(200);
    await expectHome(page, lang);
    expect(await page.title()).toBe(l.title);

    const cards = await productCards(page).all();
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) {
      const name = (await card.getByRole("link").locator("span.font-medium").textContent())?.trim();
      expect(name, "product name").toBeTruthy();
      const price = await card.locator("p > span").first().textContent();
      expect(price, `price of ${name}`).toMatch(PRICE);
    }

    const markets = page.getByRole("region", { name: l.markets });
    const region = (name: string) =>
      markets
        .getByRole("heading", { level: 3, name, exact: true })
        .locator("xpath=following-sibling::ul[1]")
        .getByRole("listitem");
    const scandinavia = await region(l.scandinavia).allTextContents();
    expect(scandinavia.some((m) => m.startsWith("Norge"))).toBe(true);
    expect(scandinavia.some((m) => m.startsWith("Sverige"))).toBe(true);
    await expect
      .poll(() => markets.getByRole("heading", { level: 3, name: l.europe, exact: true }).count())
      .toBe(1);
  });

  it("has the page metadata: viewport, theme colour, web app, Open Graph, manifest, icon, canonical, hreflang", async () => {
    const { page } = session;
    await open(page, l.path);
    const head = await page.evaluate(() => {
      const meta = (selector: string) =>
        document.head.querySelector(selector)?.getAttribute("content") ?? null;
      const link = (selector: string) => document.head.querySelector(selector)?.getAttribute("href") ?? null;
      return {
        viewport: meta('meta[name="viewport"]'),
        themeColor: meta('meta[name="theme-color"]'),
        webApp: meta('meta[name="mobile-web-app-capable"]'),
        ogType: meta('meta[property="og:type"]'),
        manifest: link('link[rel="manifest"]'),
        icon: link('link[rel="icon"]'),
        canonical: link('link[rel="canonical"]'),
        nbNO: link('link[rel="alternate"][hreflang="nb-NO"]'),
        svSE: link('link[rel="alternate"][hreflang="sv-SE"]'),
      };
    });
    expect(head.viewport).toContain("width=device-width");
    expect(head.themeColor).toBe("orange");
    expect(head.webApp).toBe("yes");
    expect(head.ogType).toBe("website");
    expect(head.manifest).toBeTruthy();
    expect(head.icon).toBeTruthy();
    expect(head.canonical && new URL(head.canonical, shop.origin).pathname).toBe(l.path);
    expect(head.nbNO && new URL(head.nbNO, shop.origin).pathname).toBe("/");
    expect(head.svSE && new URL(head.svSE, shop.origin).pathname).toBe("/sv");

    // The linked manifest and icon exist.
    for (const href of [head.manifest, head.icon]) {
      const response = await fetch(url(href ?? ""));
      expect(response.status, href ?? "").toBe(200);
    }
  });

  it("is accessible: axe finds no serious or critical violation", async () => {
    const { page } = session;
    await open(page, l.path);
    expect(describeViolations(await axe(page))).toEqual([]);
  });

  it("lets the keyboard skip to the content: first Tab focuses a visible skip link, Enter moves to #main", async () => {
    const { page } = session;
    await open(page, l.path);
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el) return null;
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      return {
        text: el.textContent?.trim(),
        href: el.getAttribute("href"),
        outlineStyle: style.outlineStyle,
        width: box.width,
        height: box.height,
      };
    });
    expect(focused?.text).toBe(l.skip);
    expect(focused?.href).toBe("#main");
    expect(focused?.outlineStyle).not.toBe("none");
    // Visible while focused, not still clipped to 1×1 px by sr-only.
    expect(focused?.width).toBeGreaterThan(1);
    expect(focused?.height).toBeGreaterThan(1);

    await page.keyboard.press("Enter");
    await expect.poll(() => new URL(page.url()).hash).toBe("#main");
    // The sequential focus starting point is now #main: the next Tab lands inside it, past the header links.
    await page.keyboard.press("Tab");
    const next = await page.evaluate(() => {
      const el = document.activeElement;
      return {
        insideMain: !!el?.closest("#main"),
        outlineStyle: el ? getComputedStyle(el).outlineStyle : "none",
      };
    });
    expect(next.insideMain).toBe(true);
    expect(next.outlineStyle).not.toBe("none");
  });

  it("answers an unknown path with 404 and the not-found page in its language", async () => {
    const { page, errors } = session;
    // Chromium logs the failed document load of a 404 page itself; nothing else may be logged.
    errors.allow(/Failed to load resource: the server responded with a status of 404/);
    const response = await open(page, l.notFoundPath);
    expect(response.status()).toBe(404);
    expect(await page.locator("html").getAttribute("lang")).toBe(lang);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(l.notFound);
  });
});

describe("product images", () => {
  it("load with width, height and srcset; the image URLs serve immutable AVIF when asked", async () => {
    const { page } = session;
    await open(page, "/");
    const images = productCards(page).locator("img");
    const count = await images.count();
    expect(count).toBeGreaterThan(0);
    for (const image of await images.all()) {
      // Lazy images load once near the viewport: bring each into view, then wait until it has decoded.
      await image.scrollIntoViewIfNeeded();
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      const attrs = await image.evaluate((img: HTMLImageElement) => ({
        width: img.getAttribute("width"),
        height: img.getAttribute("height"),
        srcset: img.getAttribute("srcset"),
      }));
      expect(Number(attrs.width)).toBeGreaterThan(0);
      expect(Number(attrs.height)).toBeGreaterThan(0);
      expect(attrs.srcset).toMatch(/\s\d+w(,|$)/);
    }

    const src = await images.first().getAttribute("src");
    expect(src).toBeTruthy();
    const response = await fetch(url(src ?? ""), { headers: { Accept: "image/avif,image/webp,*/*" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/avif");
    expect(response.headers.get("cache-control")).toContain("immutable");
    expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });
});

describe("the language switch", () => {
  it("goes from / to /sv and back, with the page in the right language each time", async () => {
    const { page } = session;
    await open(page, "/");
    await expectHome(page, "nb");

    const toSwedish = page.getByRole("banner").getByRole("link", { name: LANGUAGES.nb.switchTo });
    expect(await toSwedish.getAttribute("hreflang")).toBe("sv-SE");
    await toSwedish.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/sv");
    await expectHome(page, "sv");
    expect(await page.title()).toBe(LANGUAGES.sv.title);

    const toNorwegian = page.getByRole("banner").getByRole("link", { name: LANGUAGES.sv.switchTo });
    expect(await toNorwegian.getAttribute("hreflang")).toBe("nb-NO");
    await toNorwegian.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/");
    await expectHome(page, "nb");
    expect(await page.title()).toBe(LANGUAGES.nb.title);
    await expect
      .poll(() => page.getByRole("banner").getByRole("link", { name: LANGUAGES.nb.switchTo }).count())
      .toBe(1);
  });
});

describe("Content-Security-Policy", () => {
  it.each(["/", "/sv", "/kassen", "/finnes-ikke"])(
    "%s: every inline script is allowed by the CSP the header sends: its nonce, or (a cached page) its hash",
    async (path) => {
      const response = await fetch(url(path));
      const csp = response.headers.get("content-security-policy");
      expect(csp).toBeTruthy();
      const nonce = /'nonce-([^']+)'/.exec(csp ?? "")?.[1];
      const cached = response.headers.get("x-cache") !== null;
      // Pages from the page cache are allowed by hash, every other page by this response's nonce; 'strict-dynamic'
      // only beside a nonce (on a cached page it would switch off 'self', which allows its module preloads).
      expect(Boolean(nonce)).toBe(!cached);
      expect(csp?.includes("'strict-dynamic'")).toBe(!cached);

      const html = await response.text();
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].map(
        ([, attrs = "", body = ""]) => ({
          attrs,
          body,
          inline: !/\ssrc\s*=/i.test(attrs) && body.trim() !== "",
          nonce: /\snonce="([^"]*)"/i.exec(attrs)?.[1],
        }),
      );
      const inline = scripts.filter((s) => s.inline);
      expect(inline.length).toBeGreaterThan(0);
      for (const script of inline) {
        if (nonce) expect(script.nonce, `<script${script.attrs}>`).toBe(nonce);
        else
          expect(csp, `<script${script.attrs}>`).toContain(
            `'sha256-${createHash("sha256").update(script.body).digest("base64")}'`,
          );
      }
      // Parser-inserted scripts and module preloads: with a nonce they carry it ('strict-dynamic' ignores
      // 'self'); on a cached page they are the shop's own files, allowed by 'self'.
      const files = [
        ...scripts.filter((s) => !s.inline).map((s) => s.attrs),
        ...[...html.matchAll(/<link\b([^>]*rel="modulepreload"[^>]*)>/gi)].map(([, attrs = ""]) => attrs),
      ];
      expect(files.length).toBeGreaterThan(0);
      for (const attrs of files) {
        if (nonce) expect(/\snonce="([^"]*)"/i.exec(attrs)?.[1], attrs).toBe(nonce);
        else expect(/(?:src|href)="(\/[^/"][^"]*)"/i.test(attrs), `${attrs} is same-origin`).toBe(true);
      }
    },
  );

  it("a page from the page cache loads in Chromium with its module preloads and no CSP violation", async () => {
    // A browser that has never seen the shop, on a page already in the page cache (its first answer is a hit;
    // the cache keeps a page on its second request, decision 0085).
    await fetch(url("/varemerker"));
    await fetch(url("/varemerker"));
    const context = await session.browser.newContext();
    const errors = watchErrors(context);
    const page = await context.newPage();
    const answer = await page.goto(url("/varemerker"));
    expect(answer?.headers()["x-cache"]).toBe("HIT");
    await hydrated(page);
    const preloads = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => l.href),
    );
    expect(preloads.length).toBeGreaterThan(0);
    const fetched = await page.evaluate(() => performance.getEntriesByType("resource").map((e) => e.name));
    for (const href of preloads) expect(fetched, href).toContain(href);
    await context.close();
    expect(errors.list, "console errors (a CSP violation is one)").toEqual([]);
  });

  it("uses a fresh nonce for every rendered response; a cached page shares no nonce with its visitors", async () => {
    const nonceOf = async (path: string) =>
      /'nonce-([^']+)'/.exec((await fetch(url(path))).headers.get("content-security-policy") ?? "")?.[1];
    // A private page is rendered for every request.
    expect(await nonceOf("/kassen")).not.toBe(await nonceOf("/kassen"));
    // A catalog page's first request is answered as rendered (decision 0085), with a nonce of its own…
    const path = "/nyheter?nonce";
    expect(await nonceOf(path)).toBeTruthy();
    // …and once kept, it carries no nonce at all: one that every visitor could read would protect nothing.
    const kept = await fetch(url(path));
    const again = await fetch(url(path));
    expect(kept.headers.get("x-cache")).toBe("MISS");
    expect(again.headers.get("x-cache")).toBe("HIT");
    for (const response of [kept, again]) {
      expect(response.headers.get("content-security-policy")).not.toContain("'nonce-");
      expect(await response.text()).not.toMatch(/\snonce="/);
    }
  });
});

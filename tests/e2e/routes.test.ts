import { request as httpRequest } from "node:http";
import { pathToFileURL } from "node:url";
import { and, eq } from "drizzle-orm";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { accountTranslator } from "#app/i18n/account.ts";
import { translator } from "#app/i18n/index.ts";
import type { RequestContext } from "#app/lib/context.ts";
import type { Lang } from "#app/lib/locale.ts";
import { SCREENS } from "#app/lib/screens.ts";
import { products, productTranslations } from "#db/schema/index.ts";
import {
  axe,
  describeViolations,
  hydrated,
  type PageErrors,
  setupBrowser,
  watchErrors,
} from "#tests/support/browser.ts";
import { gql, type Shop, startShop } from "#tests/support/shop.ts";

/**
 * The storefront's routes as a shopper meets them: every screen in both languages, the path rules with and
 * without markets in the path, DOMAINS hosts, the account guard, the layouts, canonical redirects, the
 * language switch, 404 and error pages. Status and Location come from plain requests (no redirect following);
 * Chromium checks what the browser shows (lang, headings, landmarks, axe, clicks).
 */

const session = setupBrowser();

const LANGS = ["nb", "sv"] as const;
const LANGUAGE_ID = { nb: "nb-NO", sv: "sv-SE" } as const;
const CHANNEL_ID = { nb: "2|no", sv: "1|se" } as const;
const OTHER = { nb: "sv", sv: "nb" } as const;

/** Texts of the specification, exact. */
const NOT_FOUND = { nb: "Denne siden ble ikke funnet", sv: "Sidan kunde inte hittas" } as const;
const GENERIC_ERROR = {
  nb: "Dessverre gikk noe galt. Prøv gjerne igjen og kontakt kundeservice hvis problemet vedvarer.",
  sv: "Tyvärr gick något fel. Försök gärna igen och kontakta kundservice om problemet kvarstår.",
} as const;

/** A path in a language without DOMAINS: Norwegian at the root, Swedish under /sv. */
function inLang(lang: Lang, path: string): string {
  if (lang === "nb") return path;
  return path === "/" ? "/sv" : `/sv${path}`;
}

/** Where the guard sends a visitor who is not signed in: the home page of the language, with returnTo. */
function loginRedirect(home: string, fullPath: string): string {
  return `${home}?action=login&returnTo=${encodeURIComponent(fullPath)}`;
}

interface Answer {
  status: number;
  location: string | null;
  html: string;
}

/** One request, redirects not followed. */
async function get(origin: string, path: string): Promise<Answer> {
  const response = await fetch(new URL(path, origin), { redirect: "manual" });
  return { status: response.status, location: response.headers.get("location"), html: await response.text() };
}

/** One request to 127.0.0.1 with a Host header (fetch does not let a Host header through). */
function getOnHost(port: number, host: string, path: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: "127.0.0.1", port, path, headers: { host } }, (response) => {
      let html = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        html += chunk;
      });
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, location: response.headers.location ?? null, html }),
      );
    });
    request.on("error", reject);
    request.end();
  });
}

/** What the server-rendered HTML says: <html lang>, the first <h1> as text, canonical and hreflang links. */
function read(html: string) {
  const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag)?.[1] ?? null;
  const links = [...html.matchAll(/<link\b[^>]*>/gi)].map(([tag]) => tag);
  const alternates: Record<string, string> = {};
  let canonical: string | null = null;
  for (const tag of links) {
    const rel = attr(tag, "rel");
    if (rel === "canonical") canonical = attr(tag, "href");
    const hreflang = attr(tag, "hreflang");
    if (rel === "alternate" && hreflang) alternates[hreflang] = attr(tag, "href") ?? "";
  }
  const h1 = /<h1\b[^>]*>([\s\S]*?)<\/h1>/i.exec(html)?.[1];
  return {
    lang: /<html\b[^>]*\slang="([^"]*)"/i.exec(html)?.[1] ?? null,
    h1: h1 === undefined ? null : h1.replace(/<[^>]+>/g, "").trim(),
    canonical,
    alternates,
  };
}

/** Opens a page and waits until the client router has hydrated it, so hydration errors cannot slip by. */
async function open(page: Page, url: string) {
  const response = await page.goto(url, { waitUntil: "load" });
  if (!response) throw new Error(`no response for ${url}`);
  await hydrated(page);
  return response;
}

/** The storefront's server build, as the server loads it (the e2e setup builds it first). */
function loadServerBuild(): Promise<ServerBuild> {
  return import(pathToFileURL(`${process.cwd()}/build/server/index.js`).href) as Promise<ServerBuild>;
}

/**
 * Hooks for a describe block whose pages live on DOMAINS hosts: a Chromium that resolves *.localhost to
 * 127.0.0.1, a fresh context for each test, and the check that the test left no console or page error.
 */
function setupHostBrowser() {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let errors: PageErrors | undefined;
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
      headless: true,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--host-resolver-rules=MAP *.localhost 127.0.0.1",
      ],
    });
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    if (!browser) throw new Error("Chromium did not start");
    context = await browser.newContext();
    errors = watchErrors(context);
  });
  afterEach(async () => {
    const found = errors?.list ?? [];
    await context?.close();
    expect(found, "unexpected console errors or page errors").toEqual([]);
  });
  return {
    newPage: () => {
      if (!context) throw new Error("only inside a test");
      return context.newPage();
    },
    get errors(): PageErrors {
      if (!errors) throw new Error("only inside a test");
      return errors;
    },
  };
}

/** The page's canonical link and hreflang alternates, as absolute URLs. */
async function headLinks(page: Page) {
  return page.evaluate(() => {
    const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    const alternates: Record<string, string> = {};
    for (const link of document.head.querySelectorAll<HTMLLinkElement>('link[rel="alternate"][hreflang]')) {
      alternates[link.hreflang] = link.href;
    }
    return { canonical: canonical?.href ?? null, alternates };
  });
}

/** The page's one level-1 heading, as text. */
async function heading(page: Page) {
  const h1 = page.getByRole("heading", { level: 1 });
  await expect.poll(() => h1.count()).toBe(1);
  return (await h1.textContent())?.trim() ?? "";
}

const lang = (page: Page) => page.locator("html").getAttribute("lang");
const pathAndSearch = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

// ---------------------------------------------------------------------------------------------------------
// Real aliases, from the running shop's API.

interface LangCatalog {
  /** A product: canonical URL /p/{category}/{alias}. */
  product: { alias: string; url: string; name: string };
  /** A package: canonical URL /pp/{category}/{alias}. */
  package: { alias: string; url: string };
  /** A top-level category and one of its children (canonical /c/{parent}/{child}). */
  parent: { url: string };
  child: { alias: string; url: string; name: string };
  brand: { alias: string; url: string };
  campaign: { url: string };
  content: { alias: string; url: string };
  search: string;
}
type Catalog = Record<Lang, LangCatalog>;

// biome-ignore lint/suspicious/noExplicitAny: the API's answers are walked field by field below.
type Json = any;

async function api(
  shop: Shop,
  lang: Lang,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<Json> {
  const { status, body } = await gql(shop.origin, {
    query,
    variables: { c: CHANNEL_ID[lang], l: LANGUAGE_ID[lang], ...variables },
  });
  if (status !== 200 || body.errors) throw new Error(`GraphQL ${status}: ${JSON.stringify(body.errors)}`);
  return body.data;
}

const lastSegment = (url: string) => url.split("/").filter(Boolean).at(-1) ?? "";
const alternate = (list: { languageId: string; url: string }[], lang: Lang) => {
  const found = list.find((a) => a.languageId === LANGUAGE_ID[lang]);
  if (!found) throw new Error(`no ${LANGUAGE_ID[lang]} URL in ${JSON.stringify(list)}`);
  return found.url;
};

const PRODUCT = `query($a: String!, $c: String, $l: String) {
  product(alias: $a, channelId: $c, languageId: $l) { name canonicalUrl alternativeUrls { languageId url } }
}`;

/** A product (or package) in both languages, by its Norwegian alias. */
async function productInBothLanguages(shop: Shop, nbAlias: string) {
  const { product: nb } = await api(shop, "nb", PRODUCT, { a: nbAlias });
  const svUrl = alternate(nb.alternativeUrls, "sv");
  const { product: sv } = await api(shop, "sv", PRODUCT, { a: lastSegment(svUrl) });
  return {
    nb: { alias: nbAlias, url: nb.canonicalUrl as string, name: nb.name as string },
    sv: { alias: lastSegment(svUrl), url: sv.canonicalUrl as string, name: sv.name as string },
  };
}

async function loadCatalog(shop: Shop): Promise<Catalog> {
  const first = await api(
    shop,
    "nb",
    `query($c: String, $l: String) { products(take: 1, channelId: $c, languageId: $l) { products { alias } } }`,
  );
  const product = await productInBothLanguages(shop, first.products.products[0].alias);

  const [pkg] = await shop.db.db
    .select({ alias: productTranslations.alias })
    .from(productTranslations)
    .innerJoin(products, eq(products.id, productTranslations.productId))
    .where(and(eq(products.type, "package"), eq(productTranslations.languageId, "nb-NO")))
    .limit(1);
  if (!pkg) throw new Error("the seed made no package");
  const pack = await productInBothLanguages(shop, pkg.alias);

  const { categories } = await api(
    shop,
    "nb",
    `query($c: String, $l: String) { categories(parentCategoryId: 0, channelId: $c, languageId: $l) {
      canonicalUrl alternativeUrls { languageId url }
      children { name canonicalUrl alternativeUrls { languageId url } }
    } }`,
  );
  const parent = categories.find((c: { children: unknown[] }) => c.children.length > 0);
  const child = parent.children[0];
  const childSvUrl = alternate(child.alternativeUrls, "sv");
  const {
    listPageInfo: { name: childSvName },
  } = await api(
    shop,
    "sv",
    `query($u: String, $c: String, $l: String) { listPageInfo(url: $u, channelId: $c, languageId: $l) { name } }`,
    {
      u: childSvUrl,
    },
  );

  const lists = async (lang: Lang) =>
    api(
      shop,
      lang,
      `query($c: String, $l: String) {
        brands(channelId: $c, languageId: $l) { brandId alias canonicalUrl }
        campaigns(channelId: $c, languageId: $l) { campaignId canonicalUrl }
        cmsPages(channelId: $c, languageId: $l) { alias canonicalUrl }
      }`,
    );
  const nbLists = await lists("nb");
  const svLists = await lists("sv");
  const brand = nbLists.brands[0];
  const svBrand = svLists.brands.find((b: { brandId: number }) => b.brandId === brand.brandId);
  const campaign = nbLists.campaigns[0];
  const svCampaign = svLists.campaigns.find(
    (c: { campaignId: number }) => c.campaignId === campaign.campaignId,
  );
  const content = nbLists.cmsPages[0];
  const { contentPage } = await api(
    shop,
    "nb",
    `query($a: String!, $c: String, $l: String) { contentPage(alias: $a, channelId: $c, languageId: $l) {
      alternativeUrls { languageId url }
    } }`,
    { a: content.alias },
  );
  const svContentUrl = alternate(contentPage.alternativeUrls, "sv");

  const catalog: Catalog = {
    nb: {
      product: product.nb,
      package: pack.nb,
      parent: { url: parent.canonicalUrl },
      child: { alias: lastSegment(child.canonicalUrl), url: child.canonicalUrl, name: child.name },
      brand: { alias: brand.alias, url: brand.canonicalUrl },
      campaign: { url: campaign.canonicalUrl },
      content: { alias: content.alias, url: content.canonicalUrl },
      search: "jakke",
    },
    sv: {
      product: product.sv,
      package: pack.sv,
      parent: { url: alternate(parent.alternativeUrls, "sv") },
      child: { alias: lastSegment(childSvUrl), url: childSvUrl, name: childSvName },
      brand: { alias: svBrand.alias, url: svBrand.canonicalUrl },
      campaign: { url: svCampaign.canonicalUrl },
      content: { alias: lastSegment(svContentUrl), url: svContentUrl },
      search: "jacka",
    },
  };
  // The shapes the screen table below relies on.
  for (const l of LANGS) {
    const c = catalog[l];
    expect(c.product.url).toMatch(/^\/p\/[^/]+\/[^/]+$/);
    expect(c.package.url).toMatch(/^\/pp\/[^/]+\/[^/]+$/);
    expect(c.parent.url).toMatch(/^\/c\/[^/]+$/);
    expect(c.child.url).toMatch(/^\/c\/[^/]+\/[^/]+$/);
    expect(c.brand.url).toMatch(/^\/b\/[^/]+$/);
    expect(c.campaign.url).toMatch(/^\/dc\/[^/]+$/);
    expect(c.content.url).toMatch(/^\/[^/]+$/);
  }
  return catalog;
}

// ---------------------------------------------------------------------------------------------------------
// The screen table: one real URL per screen and language, and what it answers.

/** Puts a path behind a page's prefix ("", "/sv", "/{market}/{lang}"). */
type At = (path: string) => string;

interface ScreenCase {
  status: 200 | 301 | 302 | 404;
  /** The path to request, behind the language's prefix. */
  path: (lang: Lang, c: LangCatalog) => string;
  /** 200: the canonical URL (default: the path itself); 301/302: the Location; `at` adds the prefix. */
  target?: (lang: Lang, c: LangCatalog, at: At) => string;
  /** The path names its page by an alias of its language (a product, list or content page). */
  byAlias?: true;
}

const page200 = (path: (lang: Lang, c: LangCatalog) => string): ScreenCase => ({ status: 200, path });
const byAlias = (screen: ScreenCase): ScreenCase => ({ ...screen, byAlias: true });
const localized = (nb: string, sv: string) => (l: Lang) => (l === "nb" ? nb : sv);
const moved = (
  path: (lang: Lang, c: LangCatalog) => string,
  to: (lang: Lang, c: LangCatalog) => string,
): ScreenCase => ({ status: 301, path, target: (l, c, at) => at(to(l, c)) });
const guarded = (path: (lang: Lang) => string): ScreenCase => ({
  status: 302,
  path: (l) => path(l),
  target: (l, _, at) => loginRedirect(at("/"), at(path(l))),
});
const notFound = (path: string): ScreenCase => ({ status: 404, path: () => path });

const SCREEN_CASES: Record<string, ScreenCase> = {
  home: page200(() => "/"),
  "not-found-page": notFound("/404"),
  news: page200(() => "/nyheter"),
  brands: page200(localized("/varemerker", "/varumarken")),
  favorites: page200(localized("/favoritter", "/favoriter")),
  "preview-widgets": page200(() => "/preview-widgets"),
  checkout: page200(localized("/kassen", "/kassan")),
  "checkout-confirm": notFound("/checkout/confirm"),
  "checkout-klarna-fail": page200(() => "/checkout/klarna-fail"),
  account: guarded(() => "/account"),
  "account-orders": guarded(localized("/min-konto/bestillinger", "/mina-sidor/ordrar")),
  "account-settings": guarded(localized("/min-konto/innstillinger", "/mina-sidor/installningar")),
  "account-balance": guarded(localized("/min-konto/saldo", "/mina-sidor/saldo")),
  "reset-password": page200(() => "/account/reset-password"),
  product: byAlias(
    moved(
      (_, c) => `/p/${c.product.alias}`,
      (_, c) => c.product.url,
    ),
  ),
  "product-c1": byAlias(page200((_, c) => c.product.url)),
  "product-c2": byAlias(
    moved(
      (_, c) => `/p/a/b/${c.product.alias}`,
      (_, c) => c.product.url,
    ),
  ),
  package: byAlias(
    moved(
      (_, c) => `/pp/${c.package.alias}`,
      (_, c) => c.package.url,
    ),
  ),
  "package-c1": byAlias(page200((_, c) => c.package.url)),
  "package-c2": byAlias(
    moved(
      (_, c) => `/pp/a/b/${c.package.alias}`,
      (_, c) => c.package.url,
    ),
  ),
  "product-any": byAlias(
    moved(
      (_, c) => `/product/${c.product.alias}`,
      (_, c) => c.product.url,
    ),
  ),
  "list-category": byAlias(page200((_, c) => c.parent.url)),
  "list-category-parent": byAlias(page200((_, c) => c.child.url)),
  "list-brand": byAlias(page200((_, c) => c.brand.url)),
  "list-campaign": byAlias(page200((_, c) => c.campaign.url)),
  "list-search": page200((_, c) => `/s/${c.search}`),
  "list-l": byAlias(
    moved(
      (_, c) => `/l/${c.child.alias}`,
      (_, c) => c.child.url,
    ),
  ),
  "list-list": byAlias(
    moved(
      (_, c) => `/list/${c.brand.alias}`,
      (_, c) => c.brand.url,
    ),
  ),
  content: byAlias({
    status: 200,
    path: (_, c) => `/content/${c.content.alias}`,
    target: (_, c, at) => at(c.content.url),
  }),
  "content-alias": byAlias(page200((_, c) => c.content.url)),
};

const screenIds = SCREENS.map((s) => s.id);

function screenCase(id: string) {
  const found = SCREEN_CASES[id];
  if (!found) throw new Error(`no case for screen ${id}`);
  return found;
}

// ---------------------------------------------------------------------------------------------------------

describe("the shop in its default mode: Norwegian at the root, Swedish under /sv", () => {
  let shop: Shop;
  let catalog: Catalog;
  beforeAll(async () => {
    // Enough products for the seed to make packages too.
    shop = await startShop({ SEED_PRODUCTS: "400" });
    catalog = await loadCatalog(shop);
  });
  afterAll(async () => {
    await shop?.close();
  });
  const url = (path: string) => new URL(path, shop.origin).href;

  it("has a case below for every screen of the screen table", () => {
    expect(Object.keys(SCREEN_CASES).sort()).toEqual([...screenIds].sort());
  });

  describe.each(LANGS)("every screen in %s", (l) => {
    it.each(screenIds)(
      "%s answers its status; a 200 page has lang, title, h1, one description, canonical and hreflang, and no serious or critical axe violation",
      async (id) => {
        const screen = screenCase(id);
        const c = catalog[l];
        const at: At = (p) => inLang(l, p);
        const path = at(screen.path(l, c));
        const answer = await get(shop.origin, path);
        expect(answer.status, path).toBe(screen.status);
        if (screen.status === 301 || screen.status === 302) {
          expect(answer.location, path).toBe(screen.target?.(l, c, at));
          return;
        }

        const { page, errors } = session;
        if (screen.status === 404) errors.allow(/the server responded with a status of 404/);
        const response = await open(page, url(path));
        expect(response.status()).toBe(screen.status);
        expect(await lang(page)).toBe(l);
        expect((await page.title()).trim(), "title").not.toBe("");
        const h1 = await heading(page);
        expect(h1, "h1").not.toBe("");
        if (screen.status === 404) {
          expect(h1).toBe(NOT_FOUND[l]);
          expect(describeViolations(await axe(page)), path).toEqual([]);
          return;
        }

        const head = await headLinks(page);
        const descriptions = await page.locator('meta[name="description"]').count();
        expect(descriptions, "exactly one meta description").toBe(1);
        expect(head.canonical, "canonical").toBe(url(screen.target?.(l, c, at) ?? path));
        expect(Object.keys(head.alternates).sort()).toEqual(["nb-NO", "sv-SE"]);
        expect(head.alternates[LANGUAGE_ID[l]], "own hreflang = canonical").toBe(head.canonical);
        // The other language's alternate is this page in that language.
        const other = OTHER[l];
        const otherUrl = head.alternates[LANGUAGE_ID[other]] ?? "";
        const otherAnswer = await get(shop.origin, pathAndSearch(otherUrl));
        expect(otherAnswer.status, `hreflang ${LANGUAGE_ID[other]} ${otherUrl}`).toBe(200);
        expect(read(otherAnswer.html).lang).toBe(other);
        // The same page, once: axe on what the shopper sees.
        expect(describeViolations(await axe(page)), path).toEqual([]);
      },
    );
  });

  describe("unknown aliases and paths: 404 with the not-found page in the page's language", () => {
    const UNKNOWN: [string, (c: LangCatalog) => string][] = [
      ["product", () => "/p/finnes-ikke"],
      ["product in a category", (c) => `${c.product.url.replace(/\/[^/]+$/, "")}/finnes-ikke`],
      ["package", () => "/pp/a/finnes-ikke"],
      ["product by alias", () => "/product/finnes-ikke"],
      ["category", () => "/c/finnes-ikke"],
      ["child category", (c) => `${c.parent.url}/finnes-ikke`],
      ["brand", () => "/b/finnes-ikke"],
      ["campaign", () => "/dc/finnes-ikke"],
      ["list by alias (/l)", () => "/l/finnes-ikke"],
      ["list by alias (/list)", () => "/list/finnes-ikke"],
      ["content page (/content)", () => "/content/finnes-ikke"],
      ["content page (catch-all)", () => "/finnes-ikke"],
      ["unknown first segment", () => "/finnes-ikke/x/y"],
      ["a list page past the last", (c) => `${c.parent.url}?page=200`],
    ];
    describe.each(LANGS)("in %s", (l) => {
      it.each(UNKNOWN)("%s", async (_, path) => {
        const { page, errors } = session;
        errors.allow(/the server responded with a status of 404/);
        const full = inLang(l, path(catalog[l]));
        const answer = await get(shop.origin, full);
        expect(answer.status, full).toBe(404);
        const response = await open(page, url(full));
        expect(response.status(), full).toBe(404);
        expect(await lang(page)).toBe(l);
        expect(await heading(page)).toBe(NOT_FOUND[l]);
        expect(describeViolations(await axe(page)), full).toEqual([]);
      });
    });
  });

  describe("non-canonical URLs answer 301 with the canonical one", () => {
    const MOVED: [string, (c: LangCatalog) => string, (c: LangCatalog) => string][] = [
      ["a product without its category", (c) => `/p/${c.product.alias}`, (c) => c.product.url],
      ["a product under another category", (c) => `/p/annen/${c.product.alias}`, (c) => c.product.url],
      ["/product/{alias}", (c) => `/product/${c.product.alias}`, (c) => c.product.url],
      ["a package under /product/{alias}", (c) => `/product/${c.package.alias}`, (c) => c.package.url],
      ["a child category without its parent", (c) => `/c/${c.child.alias}`, (c) => c.child.url],
      ["/l/{alias}", (c) => `/l/${c.child.alias}`, (c) => c.child.url],
      ["/list/{alias}", (c) => `/list/${c.brand.alias}`, (c) => c.brand.url],
    ];
    describe.each(LANGS)("in %s", (l) => {
      it.each(MOVED)("%s", async (_, from, to) => {
        const c = catalog[l];
        const answer = await get(shop.origin, inLang(l, from(c)));
        expect(answer.status, inLang(l, from(c))).toBe(301);
        expect(answer.location).toBe(inLang(l, to(c)));
      });

      it.each(MOVED)("%s keeps the query string", async (_, from, to) => {
        const c = catalog[l];
        const answer = await get(shop.origin, `${inLang(l, from(c))}?utm_source=news&x=%C3%A5`);
        expect(answer.status).toBe(301);
        expect(answer.location).toBe(`${inLang(l, to(c))}?utm_source=news&x=%C3%A5`);
      });

      it("the search form's GET /s?q=… redirects to /s/{q}", async () => {
        const q = catalog[l].search;
        for (const [query, expected] of [
          [q, `/s/${q}`],
          [`  ${q} dame `, `/s/${encodeURIComponent(`${q} dame`)}`],
        ] as const) {
          const answer = await get(shop.origin, `${inLang(l, "/s")}?q=${encodeURIComponent(query)}`);
          // A form submission: any redirect status will do, the target is what matters.
          expect([301, 302, 303]).toContain(answer.status);
          expect(answer.location).toBe(inLang(l, expected));
          expect((await get(shop.origin, answer.location ?? "")).status).toBe(200);
        }
      });
    });
  });

  describe("the guard of the account pages", () => {
    it.each([
      ["/account", "/"],
      ["/min-konto/bestillinger", "/"],
      ["/min-konto/bestillinger?tab=2&q=%C3%A5", "/"],
      ["/min-konto/innstillinger", "/"],
      ["/min-konto/saldo?from=mail", "/"],
      ["/sv/account", "/sv"],
      ["/sv/mina-sidor/ordrar", "/sv"],
      ["/sv/mina-sidor/ordrar?tab=2&q=%C3%A5", "/sv"],
      ["/sv/mina-sidor/installningar", "/sv"],
      ["/sv/mina-sidor/saldo", "/sv"],
    ])(
      "%s sends a visitor to %s with action=login and returnTo = the encoded full path",
      async (path, home) => {
        const answer = await get(shop.origin, path);
        expect(answer.status).toBe(302);
        expect(answer.location).toBe(loginRedirect(home, path));
        const target = new URL(answer.location ?? "", shop.origin);
        expect(target.searchParams.get("action")).toBe("login");
        expect(target.searchParams.get("returnTo")).toBe(path);
      },
    );

    it.each([
      ["/min-konto/bestillinger?tab=2", "nb"],
      ["/sv/mina-sidor/ordrar?tab=2", "sv"],
    ] as const)(
      "in Chromium, %s lands on the home page of its language, ready to sign in",
      async (path, l) => {
        const { page } = session;
        const response = await open(page, url(path));
        expect(response.status()).toBe(200);
        expect(pathAndSearch(page.url())).toBe(loginRedirect(inLang(l, "/"), path));
        expect(await lang(page)).toBe(l);
        expect(await heading(page)).toBe(translator(l)("home.heading"));
      },
    );

    it("guards a client-side navigation too (the data request), with the page's path in returnTo", async () => {
      const { page } = session;
      await open(page, url("/sv"));
      await page.evaluate(() =>
        (
          window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }
        ).__reactRouterDataRouter.navigate("/sv/mina-sidor/saldo?x=1"),
      );
      await expect
        .poll(() => pathAndSearch(page.url()))
        .toBe(loginRedirect("/sv", "/sv/mina-sidor/saldo?x=1"));
      expect(await lang(page)).toBe("sv");
    });

    it.each([
      ["/account?loginToken=abc", "nb", "account.heading"],
      ["/min-konto/bestillinger?loginToken=abc", "nb", "account.orders.heading"],
      ["/min-konto/innstillinger?loginToken=abc", "nb", "account.settings.heading"],
      ["/min-konto/saldo?loginToken=abc", "nb", "account.balance.heading"],
      ["/sv/account?loginToken=abc", "sv", "account.heading"],
      ["/sv/mina-sidor/ordrar?loginToken=abc", "sv", "account.orders.heading"],
      ["/sv/mina-sidor/installningar?loginToken=abc", "sv", "account.settings.heading"],
      ["/sv/mina-sidor/saldo?loginToken=abc", "sv", "account.balance.heading"],
    ] as const)(
      "%s skips the guard: 200 with the account page, and axe finds no serious or critical violation",
      async (path, l, key) => {
        const answer = await get(shop.origin, path);
        expect(answer.status).toBe(200);
        const { page } = session;
        const response = await open(page, url(path));
        expect(response.status()).toBe(200);
        expect(new URL(page.url()).pathname).toBe(new URL(path, shop.origin).pathname);
        expect(await lang(page)).toBe(l);
        expect(await heading(page)).toBe(accountTranslator(l)(key));
        expect(
          await page.getByRole("navigation", { name: accountTranslator(l)("account.navigation") }).count(),
        ).toBeGreaterThan(0);
        expect(describeViolations(await axe(page)), path).toEqual([]);
      },
    );
  });

  describe("layouts", () => {
    it("every route whose id contains 'checkout' sits in the undistracted layout, and no other route does", async () => {
      const { routes } = await loadServerBuild();
      const all = Object.values(routes).flatMap((r) => (r ? [r] : []));
      const undistracted = all.filter((r) => r.id.endsWith(".layout-undistracted")).map((r) => r.id);
      // One undistracted layout per URL shape: no prefix, /sv, /{market}/{lang}.
      expect(undistracted.sort()).toEqual([
        "market.layout-undistracted",
        "root.layout-undistracted",
        "sv.layout-undistracted",
      ]);
      const checkout = all.filter((r) => r.id.includes("checkout") && !r.id.includes("layout"));
      // The checkout screens of the screen table, each in every URL shape (and language, where localized).
      const screens = SCREENS.filter((s) => s.id.includes("checkout"));
      expect(screens.map((s) => s.id).sort()).toEqual([
        "checkout",
        "checkout-confirm",
        "checkout-klarna-fail",
      ]);
      for (const screen of screens) expect(screen.layout, screen.id).toBe("undistracted");
      expect(checkout.length).toBeGreaterThanOrEqual(screens.length * 3);
      for (const route of checkout) expect(undistracted, route.id).toContain(route.parentId);
      // And the other way round: what the undistracted layout holds is checkout.
      const inside = all.filter((r) => r.parentId && undistracted.includes(r.parentId));
      expect(inside.map((r) => r.id).sort()).toEqual(checkout.map((r) => r.id).sort());
    });

    it.each([
      ["/kassen", "nb"],
      ["/sv/kassan", "sv"],
      ["/checkout/klarna-fail", "nb"],
      ["/sv/checkout/klarna-fail", "sv"],
    ] as const)("%s is undistracted: a header, but no category navigation and no footer", async (path, l) => {
      const { page } = session;
      const response = await open(page, url(path));
      expect(response.status()).toBe(200);
      expect(await page.locator("[data-site-header]").count()).toBe(1);
      expect(await page.getByRole("navigation", { name: translator(l)("nav.categories") }).count()).toBe(0);
      expect(await page.getByRole("contentinfo").count()).toBe(0);
      expect(await heading(page)).not.toBe("");
    });

    it.each([
      ["/", "nb"],
      ["/sv", "sv"],
    ] as const)("%s has the whole frame: category navigation and footer", async (path, l) => {
      const { page } = session;
      await open(page, url(path));
      expect(await page.locator("[data-site-header]").count()).toBe(1);
      expect(await page.getByRole("navigation", { name: translator(l)("nav.categories") }).count()).toBe(1);
      expect(await page.getByRole("contentinfo").count()).toBe(1);
    });
  });

  describe("the language switch keeps the page", () => {
    const pages: [string, (c: LangCatalog) => { url: string; name: string }][] = [
      ["a product", (c) => c.product],
      ["a category", (c) => c.child],
    ];
    it.each(pages)(
      "on %s it goes to the same page under its alias in the other language, and back",
      async (_, of) => {
        const { page } = session;
        const nb = of(catalog.nb);
        const sv = of(catalog.sv);
        expect(sv.url, "the Swedish alias differs").not.toBe(nb.url);

        await open(page, url(nb.url));
        expect(await heading(page)).toBe(nb.name);
        await page
          .getByRole("link", { name: translator("nb")("language.switch"), exact: true })
          .first()
          .click();
        await expect.poll(() => new URL(page.url()).pathname).toBe(`/sv${sv.url}`);
        await hydrated(page);
        expect(await lang(page)).toBe("sv");
        expect(await heading(page)).toBe(sv.name);

        await page
          .getByRole("link", { name: translator("sv")("language.switch"), exact: true })
          .first()
          .click();
        await expect.poll(() => new URL(page.url()).pathname).toBe(nb.url);
        await hydrated(page);
        expect(await lang(page)).toBe("nb");
        expect(await heading(page)).toBe(nb.name);
      },
    );
  });
});

// ---------------------------------------------------------------------------------------------------------

describe("multi-market mode (MARKET_IN_PATH=true): /{market}/{lang}/…", () => {
  let shop: Shop;
  let catalog: Catalog;
  beforeAll(async () => {
    shop = await startShop({ MARKET_IN_PATH: "true", SEED_PRODUCTS: "400" });
    catalog = await loadCatalog(shop);
  });
  afterAll(async () => {
    await shop?.close();
  });
  const url = (path: string) => new URL(path, shop.origin).href;

  it.each([
    ["/", 302, "/no/nb", "a path without a market gets the default market"],
    ["/sv", 302, "/se/sv", "a Swedish path without a market gets the Swedish market"],
    ["/kassen?step=2", 302, "/no/nb/kassen?step=2", "the query string stays"],
    ["/sv/kassan", 302, "/se/sv/kassan", "a localized path keeps its screen"],
    ["/nb/no", 301, "/no/nb", "a bare /{lang}/{market} becomes /{market}/{lang}"],
    ["/sv/se?x=1", 301, "/se/sv?x=1", "a bare /{lang}/{market} becomes /{market}/{lang}"],
    ["/xx/nb/kassen", 302, "/no/nb/kassen", "an unknown market falls back to the fallback market"],
    ["/se/nb", 301, "/se/sv", "a language the market does not allow becomes its default"],
    ["/no/sv/kassen", 301, "/no/nb/kassen", "a language the market does not allow becomes its default"],
    ["/no/nb/kassan", 301, "/no/nb/kassen", "the other language's localized path becomes this one's"],
    ["/se/sv/kassen", 301, "/se/sv/kassan", "the other language's localized path becomes this one's"],
    ["/no/nb/account", 302, loginRedirect("/no/nb", "/no/nb/account"), "the guard sends to /{market}/{lang}"],
  ] as const)("%s answers %i to %s (%s)", async (path, status, location, _rule) => {
    const answer = await get(shop.origin, path);
    expect(answer.status, path).toBe(status);
    expect(answer.location).toBe(location);
  });

  it.each([
    ["/xx/sv/kassan", "/no/nb/kassen"],
    ["/nb/no", "/no/nb"],
    ["/sv/mina-sidor/ordrar", loginRedirect("/se/sv", "/se/sv/mina-sidor/ordrar")],
  ])("%s ends, after its redirects, on %s", async (path, end) => {
    const response = await fetch(url(path));
    expect(response.status).toBe(200);
    expect(pathAndSearch(response.url)).toBe(end);
  });

  describe("a path without a market (spec §2): the market prepended, nothing dropped, the same page", () => {
    /*
     * The rule, for every screen of app/lib/screens.ts (products and lists included), each written three ways
     * without a market (a root path, /nb/…, /sv/…) and with each market choice (none, or the cookie
     * mili-selected-market): the market is the chosen one, else the path language's default (no for nb, se
     * for sv); the language is the path's when the market allows it, else the market's default (se allows only
     * sv, no only nb, dk both). The answer is 302 to /{market}/{lang} + the path, whole. When the language
     * changes, the path becomes the same page's path in the new language: a localized screen its twin, a
     * product, list or content page its URL under the new language's aliases; a search keeps the shopper's
     * words. Followed to its end, it lands where the same page in that market and language does.
     */
    const SOURCES = [
      { name: "root", lang: "nb", prefix: "" },
      { name: "/nb", lang: "nb", prefix: "/nb" },
      { name: "/sv", lang: "sv", prefix: "/sv" },
    ] as const;
    const CHOICES = [undefined, "no", "se", "dk"] as const;
    const ALLOWED: Record<string, readonly Lang[]> = { no: ["nb"], se: ["sv"], dk: ["nb", "sv"] };
    const DEFAULT_LANG: Record<string, Lang> = { no: "nb", se: "sv", dk: "nb" };
    // The language's own default market chosen answers as no choice: left out.
    const OWN_MARKET: Record<Lang, string> = { nb: "no", sv: "se" };
    const cases = screenIds.flatMap((id) =>
      SOURCES.flatMap((source) =>
        CHOICES.filter((choice) => choice !== OWN_MARKET[source.lang]).map(
          (choice) => [id, source.name, choice ?? "none"] as const,
        ),
      ),
    );

    it.each(cases)("%s written %s, market chosen: %s", async (id, sourceName, choice) => {
      const screen = screenCase(id);
      const source = SOURCES.find((s) => s.name === sourceName) ?? SOURCES[0];
      const from = source.lang;
      const market = choice === "none" ? (from === "nb" ? "no" : "se") : choice;
      const to = ALLOWED[market]?.includes(from) ? from : (DEFAULT_LANG[market] ?? from);
      const at: At = (p) => `/${market}/${to}${p === "/" ? "" : p}`;
      const written = screen.path(from, catalog[from]);
      const path = written === "/" ? source.prefix || "/" : `${source.prefix}${written}`;
      const headers: Record<string, string> =
        choice === "none" ? {} : { cookie: `mili-selected-market=${choice}` };

      // The page in the target language, behind no prefix: its path, and where it ends (canonical or guard).
      const same = (p: string) => p;
      const canonical = screen.target?.(to, catalog[to], same) ?? screen.path(to, catalog[to]);
      // A path the same in both languages (a search's words, a brand's alias) stays as written.
      const expected =
        to === from || id === "list-search" || screen.path(to, catalog[to]) === written
          ? written
          : screen.byAlias
            ? canonical
            : screen.path(to, catalog[to]);
      const first = await fetch(url(`${path}?from=table`), { redirect: "manual", headers });
      expect(
        { status: first.status, location: first.headers.get("location") },
        `${path} (${choice}) → /${market}/${to}`,
      ).toEqual({ status: 302, location: `${at(expected)}?from=table` });

      const end = await fetch(url(path), { headers });
      const landing =
        screen.status === 301
          ? at(canonical)
          : screen.status === 302
            ? (screen.target?.(to, catalog[to], at) ?? "")
            : at(expected);
      expect({ status: end.status, at: pathAndSearch(end.url) }, `${path} (${choice}) lands`).toEqual({
        status: screen.status === 404 ? 404 : 200,
        at: landing,
      });
      expect(read(await end.text()).lang).toBe(to);
    });

    it.each([
      ["/no", "/no/nb"],
      ["/se", "/se/sv"],
      ["/dk", "/dk/nb"],
      ["/se/kassen", "/se/sv/kassan"],
      ["/no/kassan", "/no/nb/kassen"],
      ["/dk/varemerker?x=1", "/dk/nb/varemerker?x=1"],
      ["/sv/se/kassan", "/se/sv/kassan"],
    ])("%s, a market without a language, answers 301 to %s", async (path, location) => {
      const answer = await get(shop.origin, path);
      expect({ status: answer.status, location: answer.location }).toEqual({ status: 301, location });
    });

    it.each([
      [undefined, "/nb/kassen", "/no/nb/kassen", "nb", translator("nb")("checkout.heading")],
      ["se", "/nb/kassen", "/se/sv/kassan", "sv", translator("sv")("checkout.heading")],
      ["se", "/se", "/se/sv", "sv", translator("sv")("home.heading")],
      [undefined, "/no", "/no/nb", "nb", translator("nb")("home.heading")],
    ] as const)("in Chromium, with market %s, %s shows %s in %s", async (choice, path, end, l, title) => {
      const { context, page } = session;
      if (choice)
        await context.addCookies([{ name: "mili-selected-market", value: choice, url: shop.origin }]);
      const response = await open(page, url(path));
      expect(response.status()).toBe(200);
      expect(new URL(page.url()).pathname).toBe(end);
      expect(await lang(page)).toBe(l);
      expect(await heading(page)).toBe(title);
    });

    it.each([
      ["phone", { width: 375, height: 812 }],
      ["desktop", { width: 1360, height: 900 }],
    ] as const)(
      "in Chromium (%s), with the Swedish market chosen, a Norwegian product and category path show the Swedish page",
      async (_, viewport) => {
        const { context, page } = session;
        await page.setViewportSize(viewport);
        await context.addCookies([{ name: "mili-selected-market", value: "se", url: shop.origin }]);
        for (const pick of [(c: LangCatalog) => c.product, (c: LangCatalog) => c.child]) {
          const response = await open(page, url(pick(catalog.nb).url));
          expect(response.status()).toBe(200);
          expect(new URL(page.url()).pathname).toBe(`/se/sv${pick(catalog.sv).url}`);
          expect(await lang(page)).toBe("sv");
          expect(await heading(page)).toBe(pick(catalog.sv).name);
        }
      },
    );
  });

  const PAGES: [string, (c: Catalog) => string][] = [
    ["/no/nb", () => "/no/nb"],
    ["/se/sv", () => "/se/sv"],
    ["/no/nb/kassen", () => "/no/nb/kassen"],
    ["/se/sv/kassan", () => "/se/sv/kassan"],
    ["/dk/sv/nyheter", () => "/dk/sv/nyheter"],
    ["/dk/nb/varemerker", () => "/dk/nb/varemerker"],
    ["/no/nb + a product", (c) => `/no/nb${c.nb.product.url}`],
    ["/se/sv + a category", (c) => `/se/sv${c.sv.child.url}`],
  ];

  it.each(PAGES)(
    "%s answers 200 in its language, links staying under /{market}/{lang}",
    async (_, pathOf) => {
      const path = pathOf(catalog);
      const [market, l] = path.split("/").filter(Boolean) as [string, Lang];
      const { page } = session;
      const response = await open(page, url(path));
      expect(response.status(), path).toBe(200);
      expect(await lang(page)).toBe(l);
      expect(await heading(page)).not.toBe("");
      const head = await headLinks(page);
      expect(head.canonical).toBe(url(path));
      // The one place a link may leave the page's language: the same page in the other language.
      const otherLanguage = pathAndSearch(head.alternates[LANGUAGE_ID[OTHER[l]]] ?? "http://x/");

      const hrefs = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLAnchorElement>("a[href]")].map((a) => a.getAttribute("href") ?? ""),
      );
      // Pages only: an image link (the gallery's full-size picture) is a file, shared by every language.
      const internal = hrefs.filter(
        (href) => href.startsWith("/") && !href.startsWith("//") && !href.startsWith("/images/"),
      );
      expect(internal.length).toBeGreaterThan(0);
      for (const href of internal) {
        if (href === otherLanguage) continue;
        expect(href, "every link stays under the page's /{market}/{lang}").toMatch(
          new RegExp(`^/${market}/${l}(/|$|\\?)`),
        );
      }
    },
  );

  it.each(PAGES)("%s: axe finds no serious or critical violation", async (_, pathOf) => {
    const path = pathOf(catalog);
    const { page } = session;
    const response = await open(page, url(path));
    expect(response.status(), path).toBe(200);
    expect(describeViolations(await axe(page)), path).toEqual([]);
  });

  it.each(["/dk/nb/kassen", "/dk/sv/kassan", "/no/nb/kassen", "/se/sv/kassan", "/no/nb", "/se/sv"])(
    "%s: each hreflang alternate answers 200 in its language (not a redirect back)",
    async (path) => {
      const answer = await get(shop.origin, path);
      expect(answer.status).toBe(200);
      const { alternates } = read(answer.html);
      expect(Object.keys(alternates).sort()).toEqual(["nb-NO", "sv-SE"]);
      for (const l of LANGS) {
        const href = alternates[LANGUAGE_ID[l]] ?? "";
        const target = await get(shop.origin, pathAndSearch(new URL(href, shop.origin).href));
        expect(
          { status: target.status, location: target.location },
          `hreflang ${LANGUAGE_ID[l]} of ${path}: ${href}`,
        ).toEqual({ status: 200, location: null });
        expect(read(target.html).lang).toBe(l);
      }
    },
  );

  it("the language switch on a market allowing both languages goes to the same page in the other language", async () => {
    const { page } = session;
    await open(page, url("/dk/nb/kassen"));
    await page
      .getByRole("link", { name: translator("nb")("language.switch"), exact: true })
      .first()
      .click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/dk/sv/kassan");
    await hydrated(page);
    expect(await lang(page)).toBe("sv");
    expect(await heading(page)).toBe(translator("sv")("checkout.heading"));
  });

  it.each([
    ["/se/sv/finns-inte", "sv"],
    ["/no/nb/finnes-ikke", "nb"],
    ["/se/sv/finns-inte/x", "sv"],
    ["/no/nb/finnes-ikke/x/y", "nb"],
    ["/no/nb/p/a/b/c/d", "nb"],
  ] as const)(
    "%s, an unknown page under /{market}/{lang}, is a 404 in the page's language",
    async (path, l) => {
      const answer = await get(shop.origin, path);
      expect({ status: answer.status, location: answer.location }, path).toEqual({
        status: 404,
        location: null,
      });
      const { page, errors } = session;
      errors.allow(/the server responded with a status of 404/);
      const response = await open(page, url(path));
      expect(response.status()).toBe(404);
      expect(await lang(page)).toBe(l);
      expect(await heading(page)).toBe(NOT_FOUND[l]);
      expect(describeViolations(await axe(page)), path).toEqual([]);
    },
  );
});

// ---------------------------------------------------------------------------------------------------------

describe("a language per host (DOMAINS=nb|nb.localhost,sv|sv.localhost)", () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await startShop({ DOMAINS: "nb|nb.localhost,sv|sv.localhost" });
  });
  afterAll(async () => {
    await shop?.close();
  });
  const on = (host: string, path: string) => getOnHost(shop.port, `${host}:${shop.port}`, path);

  it.each([
    ["sv.localhost", "/", "sv", "home.heading"],
    ["sv.localhost", "/kassan", "sv", "checkout.heading"],
    ["nb.localhost", "/", "nb", "home.heading"],
    ["nb.localhost", "/kassen", "nb", "checkout.heading"],
  ] as const)("%s serves %s in its language without a prefix", async (host, path, l, key) => {
    const answer = await on(host, path);
    expect(answer.status).toBe(200);
    const html = read(answer.html);
    expect(html.lang).toBe(l);
    expect(html.h1).toBe(translator(l)(key));
    expect(new URL(html.canonical ?? "").hostname).toBe(host);
    expect(new URL(html.canonical ?? "").pathname).toBe(path);
    expect(new URL(html.alternates[LANGUAGE_ID[OTHER[l]]] ?? "").hostname).toBe(`${OTHER[l]}.localhost`);
  });

  it.each([
    ["sv.localhost", "/kassen?step=2", "/kassan?step=2"],
    ["nb.localhost", "/kassan", "/kassen"],
    ["nb.localhost", "/mina-sidor/ordrar", "/min-konto/bestillinger"],
  ])("%s redirects %s, the other language's path, to %s", async (host, path, location) => {
    const answer = await on(host, path);
    expect(answer.status).toBe(301);
    expect(answer.location).toBe(location);
  });

  it.each([
    ["nb.localhost", "/sv/kassan?step=2", "/kassan?step=2"],
    ["nb.localhost", "/sv", "/"],
    ["sv.localhost", "/sv/kassan", "/kassan"],
  ])("on %s, %s redirects to the sv host at %s", async (host, path, target) => {
    const answer = await on(host, path);
    expect(answer.status).toBe(301);
    const location = new URL(answer.location ?? "", `http://${host}:${shop.port}`);
    expect(location.hostname).toBe("sv.localhost");
    expect(pathAndSearch(location.href)).toBe(target);
  });

  it.each(["constructor", "__proto__", "tostring"])(
    "a Host header named like an object property (%s) is just an unknown host: Norwegian at the root",
    async (host) => {
      const answer = await on(host, "/");
      expect(answer.status).toBe(200);
      expect(read(answer.html).lang).toBe("nb");
      const sv = await on(host, "/sv");
      expect(sv.status).toBe(200);
      expect(read(sv.html).lang).toBe("sv");
    },
  );

  it("the redirect to the sv host keeps the port the request came in on", async () => {
    const answer = await on("nb.localhost", "/sv/kassan?step=2");
    expect(answer.status).toBe(301);
    expect(answer.location).toBe(`http://sv.localhost:${shop.port}/kassan?step=2`);
  });

  it("the guard on the sv host sends to its home page without /sv", async () => {
    const answer = await on("sv.localhost", "/mina-sidor/ordrar?x=1");
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(loginRedirect("/", "/mina-sidor/ordrar?x=1"));
  });

  it("an unknown path on the sv host is a 404 in Swedish", async () => {
    const answer = await on("sv.localhost", "/finns-inte");
    expect(answer.status).toBe(404);
    expect(read(answer.html).lang).toBe("sv");
    expect(read(answer.html).h1).toBe(NOT_FOUND.sv);
  });

  describe("in Chromium", () => {
    const hosts = setupHostBrowser();

    it.each([
      ["sv.localhost", "/kassan", "sv"],
      ["sv.localhost", "/", "sv"],
      ["nb.localhost", "/kassen", "nb"],
    ] as const)(
      "%s%s shows its language, and axe finds no serious or critical violation",
      async (host, path, l) => {
        const page = await hosts.newPage();
        const response = await open(page, `http://${host}:${shop.port}${path}`);
        expect(response.status()).toBe(200);
        expect(await lang(page)).toBe(l);
        expect(await heading(page)).not.toBe("");
        expect(describeViolations(await axe(page))).toEqual([]);
      },
    );
  });
});

// ---------------------------------------------------------------------------------------------------------

describe("the generic error page (GraphQL unreachable: every page fails with 500)", () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await startShop({ GRAPHQL_URL: "http://127.0.0.1:9/graphql" });
  });
  afterAll(async () => {
    await shop?.close();
  });

  it.each([
    ["/", "nb"],
    ["/kassen", "nb"],
    ["/p/x/y", "nb"],
    ["/sv", "sv"],
    ["/sv/kassan", "sv"],
  ] as const)(
    "%s answers 500 with the generic error page in its language, not the 404 page",
    async (path, l) => {
      const answer = await get(shop.origin, path);
      expect(answer.status).toBe(500);
      expect(read(answer.html).lang).toBe(l);
      expect(read(answer.html).h1).toBe(GENERIC_ERROR[l]);

      const { page, errors } = session;
      errors.allow(/the server responded with a status of 500/);
      const response = await open(page, new URL(path, shop.origin).href);
      expect(response.status()).toBe(500);
      expect(await lang(page)).toBe(l);
      expect(await heading(page)).toBe(GENERIC_ERROR[l]);
      expect(await page.getByText(NOT_FOUND[l]).count()).toBe(0);
      const home = page.getByRole("link", { name: translator(l)("error.backHome") });
      expect(await home.getAttribute("href")).toBe(inLang(l, "/"));
      expect(describeViolations(await axe(page))).toEqual([]);
    },
  );
});

describe("the generic error page on a language's own host (DOMAINS, GraphQL unreachable)", () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await startShop({
      DOMAINS: "nb|nb.localhost,sv|sv.localhost",
      GRAPHQL_URL: "http://127.0.0.1:9/graphql",
    });
  });
  afterAll(async () => {
    await shop?.close();
  });
  const hosts = setupHostBrowser();

  // The locale middleware fails before it has decided anything: the host alone says which language it is.
  it.each([
    ["sv.localhost", "/kassan", "sv"],
    ["sv.localhost", "/", "sv"],
    ["sv.localhost", "/finns-inte", "sv"],
    ["nb.localhost", "/kassen", "nb"],
  ] as const)("%s%s answers 500 with the generic error page in %s", async (host, path, l) => {
    const answer = await getOnHost(shop.port, `${host}:${shop.port}`, path);
    expect(answer.status).toBe(500);
    expect(read(answer.html).lang).toBe(l);
    expect(read(answer.html).h1).toBe(GENERIC_ERROR[l]);

    hosts.errors.allow(/the server responded with a status of 500/);
    const page = await hosts.newPage();
    const response = await open(page, `http://${host}:${shop.port}${path}`);
    expect(response.status()).toBe(500);
    // Hydrated, the page keeps the host's language.
    expect(await lang(page)).toBe(l);
    expect(await heading(page)).toBe(GENERIC_ERROR[l]);
    // The host's home page has no /sv prefix.
    const home = page.getByRole("link", { name: translator(l)("error.backHome") });
    expect(await home.getAttribute("href")).toBe("/");
    expect(describeViolations(await axe(page))).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe("when the error page itself fails on the server", () => {
  /*
   * No request makes the storefront's error page fail, so the test serves the storefront's own server build
   * through React Router's request handler with one change: the root error boundary throws (standing in for
   * any bug in it). GraphQL is unreachable, as in the generic-error-page tests above, so every page fails first,
   * then its error page fails too; what the shopper gets then is entry.server.tsx's to decide.
   */
  let handler: ReturnType<typeof createRequestHandler>;
  let requestContextKey: Parameters<RouterContextProvider["set"]>[0];
  const logged: string[] = [];
  beforeAll(async () => {
    const build = await loadServerBuild();
    requestContextKey = (build.entry.module as unknown as { requestContext: typeof requestContextKey })
      .requestContext;
    const root = build.routes.root;
    if (!root) throw new Error("no root route in the build");
    const failing: ServerBuild = {
      ...build,
      routes: {
        ...build.routes,
        root: {
          ...root,
          module: {
            ...root.module,
            ErrorBoundary() {
              throw new Error("the error page fails");
            },
          },
        },
      },
    };
    handler = createRequestHandler(failing, "production");
  });

  const serve = (href: string, domains: Record<string, Lang> = {}) => {
    const context = new RouterContextProvider();
    const value: RequestContext = {
      nonce: "test-nonce",
      requestId: "error-page-fails",
      apiKey: "dev-api-key",
      graphqlFetch: () => Promise.reject(new TypeError("fetch failed")),
      graphqlUrl: "http://127.0.0.1:9/graphql",
      domains,
      marketInPath: false,
      fallbackMarket: "no",
      authFetch: null,
      passwordSalt: "test-salt",
      log: (_level, message) => {
        logged.push(message);
      },
    };
    context.set(requestContextKey, value);
    return handler(new Request(href), context);
  };

  const HOME_LINK = /<a\b[^>]*\shref="([^"]*)"[^>]*>([^<]*)<\/a>/;

  const HOSTS: Record<string, Lang> = { "nb.localhost": "nb", "sv.localhost": "sv" };
  it.each([
    ["http://127.0.0.1/", "nb", "/", {}],
    ["http://127.0.0.1/kassen", "nb", "/", {}],
    ["http://127.0.0.1/sv/kassan", "sv", "/sv", {}],
    ["http://sv.localhost/kassan", "sv", "/", HOSTS],
    ["http://nb.localhost/kassen", "nb", "/", HOSTS],
  ] as const)(
    "%s answers 500 with 'An error occurred while showing the error page' in %s, with a link to %s",
    async (href, l, home, domains) => {
      logged.length = 0;
      const response = await serve(href, domains);
      expect(response.status).toBe(500);
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      const html = await response.text();
      expect(html).not.toContain("Unexpected Server Error");
      expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
      expect(read(html).lang).toBe(l);
      expect(read(html).h1).toBe(translator(l)("error.pageFailed"));
      const link = HOME_LINK.exec(html);
      expect(link?.[1]).toBe(home);
      expect(link?.[2]).toBe(translator(l)("error.backHome"));
      // A static page: no script, and its only style carries the response's CSP nonce.
      expect(html).not.toMatch(/<script\b/i);
      const styles = [...html.matchAll(/<style\b[^>]*>/g)].map((m) => m[0]);
      expect(styles.length).toBeGreaterThan(0);
      for (const style of styles) expect(style).toContain('nonce="test-nonce"');
      // The failure is logged, not swallowed.
      expect(logged).toContain("storefront error");
    },
  );

  it("the page shows in Chromium with its language, heading and link home, and passes axe", async () => {
    const { page, errors } = session;
    errors.allow(/the server responded with a status of 500/);
    await page.route("http://shop.test/**", async (route) => {
      const response = await serve(route.request().url());
      await route.fulfill({
        status: response.status,
        headers: Object.fromEntries(response.headers),
        body: Buffer.from(await response.arrayBuffer()),
      });
    });
    const response = await page.goto("http://shop.test/sv/kassan", { waitUntil: "load" });
    expect(response?.status()).toBe(500);
    expect(await lang(page)).toBe("sv");
    expect(await heading(page)).toBe(translator("sv")("error.pageFailed"));
    const home = page.getByRole("link", { name: translator("sv")("error.backHome") });
    expect(await home.getAttribute("href")).toBe("/sv");
    expect(describeViolations(await axe(page))).toEqual([]);
  });
});

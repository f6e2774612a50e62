import { request as httpRequest } from "node:http";
import { pathToFileURL } from "node:url";
import { and, eq } from "drizzle-orm";
import type { Browser, BrowserContext, Page } from "playwright-core";
import type { ServerBuild } from "react-router";
import { afterAll, afterEach, beforeAll, beforeEach, expect } from "vitest";
import type { Lang } from "#app/lib/locale.ts";
import { SCREENS } from "#app/lib/screens.ts";
import { products, productTranslations } from "#db/schema/index.ts";
import { hydrated, launchChromium, type PageErrors, watchErrors } from "#tests/support/browser.ts";
import { gql, type Shop } from "#tests/support/shop.ts";

/**
 * What the route tests share (tests/e2e/routes-*.test.ts): plain requests, the catalog read through the API, the
 * screen table with each screen's expected answer.
 */

export const LANGS = ["nb", "sv"] as const;
export const LANGUAGE_ID = { nb: "nb-NO", sv: "sv-SE" } as const;
export const CHANNEL_ID = { nb: "2|no", sv: "1|se" } as const;
export const OTHER = { nb: "sv", sv: "nb" } as const;

/** Texts of the specification, exact. */
export const NOT_FOUND = { nb: "Denne siden ble ikke funnet", sv: "Sidan kunde inte hittas" } as const;
export const GENERIC_ERROR = {
  nb: "Dessverre gikk noe galt. Prøv gjerne igjen og kontakt kundeservice hvis problemet vedvarer.",
  sv: "Tyvärr gick något fel. Försök gärna igen och kontakta kundservice om problemet kvarstår.",
} as const;

/** A path in a language without DOMAINS: Norwegian at the root, Swedish under /sv. */
export function inLang(lang: Lang, path: string): string {
  if (lang === "nb") return path;
  return path === "/" ? "/sv" : `/sv${path}`;
}

/** Where the guard sends a visitor who is not signed in: the home page of the language, with returnTo. */
export function loginRedirect(home: string, fullPath: string): string {
  return `${home}?action=login&returnTo=${encodeURIComponent(fullPath)}`;
}

export interface Answer {
  status: number;
  location: string | null;
  html: string;
}

/** One request, redirects not followed. */
export async function get(origin: string, path: string): Promise<Answer> {
  const response = await fetch(new URL(path, origin), { redirect: "manual" });
  return { status: response.status, location: response.headers.get("location"), html: await response.text() };
}

/** One request to 127.0.0.1 with a Host header (fetch does not let a Host header through). */
export function getOnHost(port: number, host: string, path: string): Promise<Answer> {
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
export function read(html: string) {
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
export async function open(page: Page, url: string) {
  const response = await page.goto(url, { waitUntil: "load" });
  if (!response) throw new Error(`no response for ${url}`);
  await hydrated(page);
  return response;
}

/** The storefront's server build, as the server loads it (the e2e setup builds it first). */
export function loadServerBuild(): Promise<ServerBuild> {
  return import(pathToFileURL(`${process.cwd()}/build/server/index.js`).href) as Promise<ServerBuild>;
}

/**
 * Hooks for a describe block whose pages live on DOMAINS hosts: a Chromium that resolves *.localhost to
 * 127.0.0.1, a fresh context for each test, and the check that the test left no console or page error.
 */
export function setupHostBrowser() {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let errors: PageErrors | undefined;
  beforeAll(async () => {
    browser = await launchChromium(["--host-resolver-rules=MAP *.localhost 127.0.0.1"]);
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
export async function headLinks(page: Page) {
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
export async function heading(page: Page) {
  const h1 = page.getByRole("heading", { level: 1 });
  await expect.poll(() => h1.count()).toBe(1);
  return (await h1.textContent())?.trim() ?? "";
}

export const lang = (page: Page) => page.locator("html").getAttribute("lang");
export const pathAndSearch = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

// ---------------------------------------------------------------------------------------------------------
// Real aliases, from the running shop's API.

export interface LangCatalog {
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
export type Catalog = Record<Lang, LangCatalog>;

// biome-ignore lint/suspicious/noExplicitAny: the API's answers are walked field by field below.
export type Json = any;

export async function api(
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

export const lastSegment = (url: string) => url.split("/").filter(Boolean).at(-1) ?? "";
export const alternate = (list: { languageId: string; url: string }[], lang: Lang) => {
  const found = list.find((a) => a.languageId === LANGUAGE_ID[lang]);
  if (!found) throw new Error(`no ${LANGUAGE_ID[lang]} URL in ${JSON.stringify(list)}`);
  return found.url;
};

export const PRODUCT = `query($a: String!, $c: String, $l: String) {
  product(alias: $a, channelId: $c, languageId: $l) { name canonicalUrl alternativeUrls { languageId url } }
}`;

/** A product (or package) in both languages, by its Norwegian alias. */
export async function productInBothLanguages(shop: Shop, nbAlias: string) {
  const { product: nb } = await api(shop, "nb", PRODUCT, { a: nbAlias });
  const svUrl = alternate(nb.alternativeUrls, "sv");
  const { product: sv } = await api(shop, "sv", PRODUCT, { a: lastSegment(svUrl) });
  return {
    nb: { alias: nbAlias, url: nb.canonicalUrl as string, name: nb.name as string },
    sv: { alias: lastSegment(svUrl), url: sv.canonicalUrl as string, name: sv.name as string },
  };
}

export async function loadCatalog(shop: Shop): Promise<Catalog> {
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
export type At = (path: string) => string;

export interface ScreenCase {
  status: 200 | 301 | 302 | 404;
  /** The path to request, behind the language's prefix. */
  path: (lang: Lang, c: LangCatalog) => string;
  /** 200: the canonical URL (default: the path itself); 301/302: the Location; `at` adds the prefix. */
  target?: (lang: Lang, c: LangCatalog, at: At) => string;
  /** The path names its page by an alias of its language (a product, list or content page). */
  byAlias?: true;
}

export const page200 = (path: (lang: Lang, c: LangCatalog) => string): ScreenCase => ({ status: 200, path });
export const byAlias = (screen: ScreenCase): ScreenCase => ({ ...screen, byAlias: true });
export const localized = (nb: string, sv: string) => (l: Lang) => (l === "nb" ? nb : sv);
export const moved = (
  path: (lang: Lang, c: LangCatalog) => string,
  to: (lang: Lang, c: LangCatalog) => string,
): ScreenCase => ({ status: 301, path, target: (l, c, at) => at(to(l, c)) });
export const guarded = (path: (lang: Lang) => string): ScreenCase => ({
  status: 302,
  path: (l) => path(l),
  target: (l, _, at) => loginRedirect(at("/"), at(path(l))),
});
export const notFound = (path: string): ScreenCase => ({ status: 404, path: () => path });

export const SCREEN_CASES: Record<string, ScreenCase> = {
  home: page200(() => "/"),
  "not-found-page": notFound("/404"),
  news: page200(() => "/nyheter"),
  brands: page200(localized("/varemerker", "/varumarken")),
  favorites: page200(localized("/favoritter", "/favoriter")),
  "preview-widgets": page200(() => "/preview-widgets"),
  checkout: page200(localized("/kassen", "/kassan")),
  "checkout-confirm": notFound("/checkout/confirm"),
  "checkout-klarna-fail": page200(() => "/checkout/klarna-fail"),
  // Without the e-mail's id and token the page says the link is not whole (its button needs both).
  "newsletter-confirm": page200(() => "/newsletter/confirm"),
  "newsletter-unsubscribe": page200(() => "/newsletter/unsubscribe"),
  // An unknown order id: the order page's own 404 (tests/e2e/orders.test.ts opens real orders).
  order: notFound("/order/00000000-0000-4000-8000-000000000000"),
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

export const screenIds = SCREENS.map((s) => s.id);

export function screenCase(id: string) {
  const found = SCREEN_CASES[id];
  if (!found) throw new Error(`no case for screen ${id}`);
  return found;
}

// ---------------------------------------------------------------------------------------------------------

/**
 * The back office's routes (app/routes.ts, decision 0037): not screens of the storefront's localized table, so
 * they have their own cases. Each page route names a path (`:id` filled by the test) and is closed without a
 * session; the form-only routes answer POSTs. tests/e2e/admin.test.ts fails when a route of the build has no case.
 */
export const ADMIN_CASES: Record<string, { path: string; kind: "page" | "sign-in" | "form" }> = {
  admin: { path: "/admin", kind: "page" },
  "admin-dashboard": { path: "/admin", kind: "page" },
  "admin-moderation": { path: "/admin/moderation", kind: "page" },
  "admin-security": { path: "/admin/security", kind: "page" },
  "admin-orders": { path: "/admin/orders", kind: "page" },
  "admin-order": { path: "/admin/orders/:id", kind: "page" },
  "admin-packing-slip": { path: "/admin/orders/:id/packing-slip", kind: "page" },
  "admin-customers": { path: "/admin/customers", kind: "page" },
  "admin-customer": { path: "/admin/customers/:id", kind: "page" },
  "admin-products": { path: "/admin/products", kind: "page" },
  "admin-product-new": { path: "/admin/products/new", kind: "page" },
  "admin-product": { path: "/admin/products/:id", kind: "page" },
  "admin-product-images": { path: "/admin/products/images", kind: "form" },
  "admin-categories": { path: "/admin/categories", kind: "page" },
  "admin-category": { path: "/admin/categories/:id", kind: "page" },
  "admin-brands": { path: "/admin/brands", kind: "page" },
  "admin-brand": { path: "/admin/brands/:id", kind: "page" },
  "admin-parameter-groups": { path: "/admin/parameter-groups", kind: "page" },
  "admin-catalog-export": { path: "/admin/catalog/export", kind: "page" },
  "admin-catalog-import": { path: "/admin/catalog/import", kind: "page" },
  "admin-campaigns": { path: "/admin/campaigns", kind: "page" },
  "admin-campaign-new": { path: "/admin/campaigns/new", kind: "page" },
  "admin-campaign": { path: "/admin/campaigns/:id", kind: "page" },
  "admin-promo-codes": { path: "/admin/promo-codes", kind: "page" },
  "admin-promo-code-new": { path: "/admin/promo-codes/new", kind: "page" },
  "admin-promo-code": { path: "/admin/promo-codes/:id", kind: "page" },
  "admin-gift-cards": { path: "/admin/gift-cards", kind: "page" },
  "admin-gift-card": { path: "/admin/gift-cards/:id", kind: "page" },
  "admin-content-pages": { path: "/admin/content", kind: "page" },
  "admin-content-page-new": { path: "/admin/content/new", kind: "page" },
  "admin-content-page": { path: "/admin/content/about", kind: "page" },
  "admin-widgets": { path: "/admin/widgets", kind: "page" },
  "admin-widget-new": { path: "/admin/widgets/new?family=Frontpage&areaName=Main&type=text", kind: "page" },
  "admin-widget": { path: "/admin/widgets/:id", kind: "page" },
  "admin-menus": { path: "/admin/menus", kind: "page" },
  "admin-menu": { path: "/admin/menus/footer-about", kind: "page" },
  "admin-users": { path: "/admin/users", kind: "page" },
  "admin-audit": { path: "/admin/audit", kind: "page" },
  "admin-settings": { path: "/admin/settings", kind: "page" },
  "admin-settings-vat": { path: "/admin/settings/vat", kind: "page" },
  "admin-settings-shipping": { path: "/admin/settings/shipping", kind: "page" },
  "admin-settings-payments": { path: "/admin/settings/payments", kind: "page" },
  "admin-settings-theme": { path: "/admin/settings/theme", kind: "page" },
  "admin-customer-export": { path: "/admin/customers/:id/export", kind: "form" },
  "admin-content-images": { path: "/admin/content-images?q=jakke", kind: "page" },
  "admin-sign-in": { path: "/admin/sign-in", kind: "sign-in" },
  "admin-sign-out": { path: "/admin/sign-out", kind: "form" },
  "admin-language": { path: "/admin/language", kind: "form" },
};

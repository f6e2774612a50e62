import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translator } from "#app/i18n/catalogs.ts";
import type { Lang } from "#app/lib/locale.ts";
import { axe, describeViolations, hydrated, setupBrowser } from "#tests/support/browser.ts";
import {
  type At,
  type Catalog,
  get,
  heading,
  headLinks,
  LANGS,
  LANGUAGE_ID,
  type LangCatalog,
  lang,
  loadCatalog,
  loginRedirect,
  NOT_FOUND,
  OTHER,
  open,
  pathAndSearch,
  read,
  screenCase,
  screenIds,
} from "#tests/support/routes.ts";
import { type Shop, startShop } from "#tests/support/shop.ts";

/**
 * The storefront's routes as a shopper meets them: every screen in both languages, the path rules with and
 * without markets in the path, DOMAINS hosts, the account guard, the layouts, canonical redirects, the
 * language switch, 404 and error pages. Status and Location come from plain requests (no redirect following);
 * Chromium checks what the browser shows (lang, headings, landmarks, axe, clicks).
 */

const session = setupBrowser();

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

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountTranslator } from "#app/i18n/account.ts";
import { translator } from "#app/i18n/catalogs.ts";
import { SCREENS } from "#app/lib/screens.ts";
import { SCREEN_ROUTES } from "#app/screen-routes.ts";
import { axe, describeViolations, hydrated, setupBrowser } from "#tests/support/browser.ts";
import {
  type Catalog,
  get,
  heading,
  inLang,
  LANGS,
  type LangCatalog,
  lang,
  loadCatalog,
  loadServerBuild,
  loginRedirect,
  NOT_FOUND,
  open,
  pathAndSearch,
  SCREEN_CASES,
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
      for (const screen of screens) expect(SCREEN_ROUTES[screen.id][1], screen.id).toBe("undistracted");
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

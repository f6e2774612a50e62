import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translator } from "#app/i18n/catalogs.ts";
import type { RequestContext } from "#app/lib/context.ts";
import type { Lang } from "#app/lib/locale.ts";
import { axe, describeViolations, setupBrowser } from "#tests/support/browser.ts";
import {
  GENERIC_ERROR,
  get,
  getOnHost,
  heading,
  inLang,
  LANGUAGE_ID,
  lang,
  loadServerBuild,
  loginRedirect,
  NOT_FOUND,
  OTHER,
  open,
  pathAndSearch,
  read,
  setupHostBrowser,
} from "#tests/support/routes.ts";
import { type Shop, startShop } from "#tests/support/shop.ts";

/**
 * The storefront's routes as a shopper meets them: every screen in both languages, the path rules with and
 * without markets in the path, DOMAINS hosts, the account guard, the layouts, canonical redirects, the
 * language switch, 404 and error pages. Status and Location come from plain requests (no redirect following);
 * Chromium checks what the browser shows (lang, headings, landmarks, axe, clicks).
 */

const session = setupBrowser();

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

import { describe, expect, it } from "vitest";
import type { Lang } from "./locale.ts";
import {
  aliasLookup,
  decideLocale,
  href,
  hrefInLanguage,
  type LocaleDecision,
  type LocaleOptions,
  type MarketRule,
  otherLanguagePath,
  type PageLocale,
  pagePath,
} from "./page-locale.ts";
import { SCREENS, screenPath } from "./screens.ts";

/** The markets of the seed (db/seed/reference.ts): two single-language markets and bilingual ones. */
const MARKETS: MarketRule[] = [
  { alias: "se", defaultLanguageId: "sv-SE", allowedLanguageIds: ["sv-SE"] },
  { alias: "no", defaultLanguageId: "nb-NO", allowedLanguageIds: ["nb-NO"] },
  { alias: "dk", defaultLanguageId: "nb-NO", allowedLanguageIds: ["nb-NO", "sv-SE"] },
  { alias: "fi", defaultLanguageId: "sv-SE", allowedLanguageIds: ["sv-SE", "nb-NO"] },
];

const DOMAINS: Record<string, Lang> = { "mili.no": "nb", "mili.se": "sv" };

/**
 * Decides a URL as the locale middleware does. `params` are what React Router matched: `market` and `lang` are
 * set only when a /{market}/{lang}/… route matched.
 */
function decide(url: string, opts: Partial<LocaleOptions> = {}): LocaleDecision {
  return decideLocale(new URL(url, "https://shop.example"), {
    domains: {},
    marketInPath: false,
    fallbackMarket: "no",
    markets: MARKETS,
    params: {},
    ...opts,
  });
}

/** A /{market}/{lang}/… URL decided in multi-market mode, with the params its route match gives. */
function decideMarket(url: string, opts: Partial<LocaleOptions> = {}): LocaleDecision {
  const [market, lang] = new URL(url, "https://shop.example").pathname.split("/").filter(Boolean);
  return decide(url, { marketInPath: true, params: { market, lang }, ...opts });
}

function page(decision: LocaleDecision): PageLocale {
  if (decision.kind !== "page") throw new Error(`expected a page, got ${JSON.stringify(decision)}`);
  return decision.locale;
}

describe("decideLocale without markets in the path", () => {
  it("serves Norwegian at the root, without prefix, on the Norwegian channel and default market", () => {
    const locale = page(decide("/kassen"));
    expect(locale).toMatchObject({
      lang: "nb",
      languageId: "nb-NO",
      channelId: "2|no",
      market: "no",
      prefix: "",
      path: "/kassen",
      marketInPath: false,
    });
    expect(page(decide("/"))).toMatchObject({ lang: "nb", prefix: "", path: "/" });
  });

  it("serves Swedish under /sv, on the Swedish channel and default market", () => {
    expect(page(decide("/sv"))).toMatchObject({
      lang: "sv",
      languageId: "sv-SE",
      channelId: "1|se",
      market: "se",
      prefix: "/sv",
      path: "/",
    });
    expect(page(decide("/sv/kassan"))).toMatchObject({ lang: "sv", prefix: "/sv", path: "/kassan" });
    expect(page(decide("/sv/p/skaljackor/jacka"))).toMatchObject({ lang: "sv", path: "/p/skaljackor/jacka" });
  });

  it("does not take a path that merely starts with the letters sv for Swedish", () => {
    expect(page(decide("/svenska-fjell"))).toMatchObject({ lang: "nb", prefix: "", path: "/svenska-fjell" });
  });

  it("ignores a trailing slash", () => {
    expect(page(decide("/sv/"))).toMatchObject({ lang: "sv", prefix: "/sv", path: "/" });
    expect(page(decide("/kassen/"))).toMatchObject({ lang: "nb", path: "/kassen" });
  });

  it("keeps the shopper's selected market, and ignores an unknown one", () => {
    expect(page(decide("/kassen", { selectedMarket: "dk" })).market).toBe("dk");
    expect(page(decide("/sv/kassan", { selectedMarket: "fi" })).market).toBe("fi");
    expect(page(decide("/kassen", { selectedMarket: "atlantis" })).market).toBe("no");
  });

  it("refuses a /{market}/{lang} route: 404", () => {
    expect(decide("/no/nb", { params: { market: "no", lang: "nb" } })).toEqual({ kind: "notFound" });
    expect(decide("/se/sv/kassan", { params: { market: "se", lang: "sv" } })).toEqual({ kind: "notFound" });
  });

  it.each([
    ["/kassan", "/kassen"],
    ["/mina-sidor/ordrar", "/min-konto/bestillinger"],
    ["/mina-sidor/installningar", "/min-konto/innstillinger"],
    ["/mina-sidor/saldo", "/min-konto/saldo"],
    ["/favoriter", "/favoritter"],
    ["/varumarken", "/varemerker"],
  ])("redirects the Swedish path %s on a Norwegian page to %s (301)", (from, to) => {
    expect(decide(from)).toEqual({ kind: "redirect", location: to, status: 301 });
  });

  it.each([
    ["/sv/kassen", "/sv/kassan"],
    ["/sv/min-konto/bestillinger", "/sv/mina-sidor/ordrar"],
    ["/sv/min-konto/innstillinger", "/sv/mina-sidor/installningar"],
    ["/sv/min-konto/saldo", "/sv/mina-sidor/saldo"],
    ["/sv/favoritter", "/sv/favoriter"],
    ["/sv/varemerker", "/sv/varumarken"],
  ])("redirects the Norwegian path %s on a Swedish page to %s (301)", (from, to) => {
    expect(decide(from)).toEqual({ kind: "redirect", location: to, status: 301 });
  });

  it("keeps the query string on a redirect", () => {
    expect(decide("/kassan?step=2&promo=VINTER")).toEqual({
      kind: "redirect",
      location: "/kassen?step=2&promo=VINTER",
      status: 301,
    });
    expect(decide("/sv/kassen?a=%C3%A5")).toEqual({
      kind: "redirect",
      location: "/sv/kassan?a=%C3%A5",
      status: 301,
    });
  });

  it("serves every localized path in its own language without a redirect", () => {
    for (const screen of SCREENS) {
      if (typeof screen.path === "string") continue;
      expect(page(decide(screen.path.nb))).toMatchObject({ lang: "nb", path: screen.path.nb });
      expect(page(decide(`/sv${screen.path.sv}`))).toMatchObject({ lang: "sv", path: screen.path.sv });
    }
  });

  it("reads a data request as its page: /sv.data, /sv/_.data, /_.data, /kassan.data", () => {
    expect(page(decide("/sv.data"))).toMatchObject({ lang: "sv", prefix: "/sv", path: "/" });
    expect(page(decide("/sv/_.data"))).toMatchObject({ lang: "sv", prefix: "/sv", path: "/" });
    expect(page(decide("/_.data"))).toMatchObject({ lang: "nb", prefix: "", path: "/" });
    expect(page(decide("/sv/kassan.data"))).toMatchObject({ lang: "sv", path: "/kassan" });
    expect(page(decide("/min-konto/bestillinger.data"))).toMatchObject({
      lang: "nb",
      path: "/min-konto/bestillinger",
    });
    // The redirect of a data request names the page, not the data URL.
    expect(decide("/kassan.data")).toEqual({ kind: "redirect", location: "/kassen", status: 301 });
  });
});

describe("decideLocale with DOMAINS", () => {
  const onHost = (host: string, path: string) => decide(`https://${host}${path}`, { domains: DOMAINS });

  it("serves each host's language without a prefix", () => {
    expect(page(onHost("mili.no", "/kassen"))).toMatchObject({ lang: "nb", prefix: "", path: "/kassen" });
    expect(page(onHost("mili.se", "/kassan"))).toMatchObject({
      lang: "sv",
      languageId: "sv-SE",
      channelId: "1|se",
      prefix: "",
      path: "/kassan",
    });
    expect(page(onHost("mili.se", "/"))).toMatchObject({ lang: "sv", prefix: "", path: "/" });
  });

  it("matches the host case-insensitively and without the port", () => {
    expect(page(decide("https://MILI.SE/kassan", { domains: DOMAINS }))).toMatchObject({ lang: "sv" });
    expect(page(decide("http://mili.se:8080/kassan", { domains: DOMAINS }))).toMatchObject({ lang: "sv" });
  });

  it("redirects the other language's localized path to this host's path", () => {
    expect(onHost("mili.se", "/kassen")).toEqual({ kind: "redirect", location: "/kassan", status: 301 });
    expect(onHost("mili.no", "/mina-sidor/ordrar?x=1")).toEqual({
      kind: "redirect",
      location: "/min-konto/bestillinger?x=1",
      status: 301,
    });
  });

  it("sends /sv/… on any mapped host to the Swedish host without the prefix, keeping the query", () => {
    expect(onHost("mili.no", "/sv/kassan?step=2")).toEqual({
      kind: "redirect",
      location: "https://mili.se/kassan?step=2",
      status: 301,
    });
    expect(onHost("mili.no", "/sv")).toEqual({ kind: "redirect", location: "https://mili.se/", status: 301 });
    expect(onHost("mili.se", "/sv/c/klader")).toEqual({
      kind: "redirect",
      location: "https://mili.se/c/klader",
      status: 301,
    });
  });

  it("is a 404 for /sv/… when no host is mapped to Swedish", () => {
    expect(decide("https://mili.no/sv/kassan", { domains: { "mili.no": "nb" } })).toEqual({
      kind: "notFound",
    });
  });

  it("falls back to the /sv prefix rule on a host DOMAINS does not name", () => {
    expect(page(decide("http://127.0.0.1/sv/kassan", { domains: DOMAINS }))).toMatchObject({
      lang: "sv",
      prefix: "/sv",
    });
    expect(page(decide("http://127.0.0.1/kassen", { domains: DOMAINS }))).toMatchObject({
      lang: "nb",
      prefix: "",
    });
  });

  it("carries the domains on the page locale (for links to the other language)", () => {
    expect(page(onHost("mili.se", "/")).domains).toEqual(DOMAINS);
  });
});

describe("decideLocale with markets in the path", () => {
  it("serves /{market}/{lang}/… with that market and language", () => {
    expect(page(decideMarket("/no/nb/kassen"))).toMatchObject({
      lang: "nb",
      languageId: "nb-NO",
      channelId: "2|no",
      market: "no",
      prefix: "/no/nb",
      path: "/kassen",
      marketInPath: true,
    });
    expect(page(decideMarket("/se/sv"))).toMatchObject({
      lang: "sv",
      market: "se",
      prefix: "/se/sv",
      path: "/",
    });
    expect(page(decideMarket("/dk/sv/c/klader"))).toMatchObject({
      lang: "sv",
      market: "dk",
      prefix: "/dk/sv",
      path: "/c/klader",
    });
    expect(page(decideMarket("/fi/nb/kassen"))).toMatchObject({ lang: "nb", market: "fi", path: "/kassen" });
  });

  it("redirects a bare /{lang}/{market} to /{market}/{lang} (301), keeping the query", () => {
    // /nb/no matches the /{market}/{lang} route with market "nb", lang "no".
    expect(decideMarket("/nb/no")).toEqual({ kind: "redirect", location: "/no/nb", status: 301 });
    expect(decideMarket("/sv/se?utm=x")).toEqual({ kind: "redirect", location: "/se/sv?utm=x", status: 301 });
    expect(decideMarket("/sv/dk")).toEqual({ kind: "redirect", location: "/dk/sv", status: 301 });
    // /sv/se can also match the Swedish catch-all (/sv/:alias): same answer.
    expect(decide("/sv/se", { marketInPath: true, params: { alias: "se" } })).toEqual({
      kind: "redirect",
      location: "/se/sv",
      status: 301,
    });
  });

  it("prepends the language's default market to a path without a market (302), keeping the query", () => {
    const market = (url: string, opts: Partial<LocaleOptions> = {}) =>
      decide(url, { marketInPath: true, ...opts });
    expect(market("/")).toEqual({ kind: "redirect", location: "/no/nb", status: 302 });
    expect(market("/sv")).toEqual({ kind: "redirect", location: "/se/sv", status: 302 });
    expect(market("/kassen?step=2")).toEqual({
      kind: "redirect",
      location: "/no/nb/kassen?step=2",
      status: 302,
    });
    expect(market("/sv/kassan")).toEqual({ kind: "redirect", location: "/se/sv/kassan", status: 302 });
    expect(market("/sv/c/klader")).toEqual({ kind: "redirect", location: "/se/sv/c/klader", status: 302 });
  });

  it("prepends the selected market when the shopper chose one", () => {
    const market = (url: string, selectedMarket: string) =>
      decide(url, { marketInPath: true, selectedMarket });
    expect(market("/kassen", "dk")).toEqual({ kind: "redirect", location: "/dk/nb/kassen", status: 302 });
    expect(market("/sv/kassan", "dk")).toEqual({ kind: "redirect", location: "/dk/sv/kassan", status: 302 });
    // A market that does not allow the language gets its default language.
    expect(market("/", "se")).toEqual({ kind: "redirect", location: "/se/sv", status: 302 });
    // An unknown selected market is ignored.
    expect(market("/kassen", "atlantis")).toEqual({
      kind: "redirect",
      location: "/no/nb/kassen",
      status: 302,
    });
  });

  it("reads a path's own language code without a market: /nb/… and /sv/… get the market, nothing dropped", () => {
    // /nb/kassen matches the /{market}/{lang} home route (market "nb", lang "kassen"): the path decides.
    const market = (url: string, selectedMarket?: string) =>
      decide(url, {
        marketInPath: true,
        params: { market: "nb", lang: "kassen" },
        ...(selectedMarket ? { selectedMarket } : {}),
      });
    expect(market("/nb/kassen")).toEqual({ kind: "redirect", location: "/no/nb/kassen", status: 302 });
    expect(market("/nb/c/klaer")).toEqual({ kind: "redirect", location: "/no/nb/c/klaer", status: 302 });
    expect(market("/nb")).toEqual({ kind: "redirect", location: "/no/nb", status: 302 });
    expect(market("/nb/kassen", "dk")).toEqual({ kind: "redirect", location: "/dk/nb/kassen", status: 302 });
    // The chosen market does not allow Norwegian: Swedish, and the localized path becomes the Swedish one.
    expect(market("/nb/kassen", "se")).toEqual({ kind: "redirect", location: "/se/sv/kassan", status: 302 });
    expect(market("/sv/mina-sidor/saldo?x=1", "no")).toEqual({
      kind: "redirect",
      location: "/no/nb/min-konto/saldo?x=1",
      status: 302,
    });
  });

  it("asks for the same page in the new language when a product, list or content path changes language", () => {
    const market = (url: string, selectedMarket: string) =>
      decide(url, { marketInPath: true, selectedMarket });
    expect(market("/c/klaer/jakker?sort=PRICE", "se")).toEqual({
      kind: "redirect",
      // Until the lookup has answered (or when it finds nothing): the path as it is.
      location: "/se/sv/c/klaer/jakker?sort=PRICE",
      status: 302,
      lookup: { from: "nb", to: "sv", path: "/c/klaer/jakker", prefix: "/se/sv", search: "?sort=PRICE" },
    });
    expect(market("/sv/p/jackor/skaljacka", "no")).toMatchObject({
      lookup: { from: "sv", to: "nb", path: "/p/jackor/skaljacka", prefix: "/no/nb" },
    });
    // No lookup where the language stays, for screens and searches (the shopper's words), or the bare home.
    for (const [url, chosen] of [
      ["/c/klaer/jakker", "dk"],
      ["/sv/c/klader", "se"],
      ["/kassen", "se"],
      ["/nyheter", "se"],
      ["/s/jakke", "se"],
      ["/", "se"],
    ] as const) {
      const decision = market(url, chosen);
      expect(decision.kind === "redirect" && decision.lookup, url).toBeFalsy();
    }
    // A language the market does not allow, with the market in the path: the same.
    expect(decideMarket("/se/nb/p/jakker/skalljakke")).toEqual({
      kind: "redirect",
      location: "/se/sv/p/jakker/skalljakke",
      status: 301,
      lookup: { from: "nb", to: "sv", path: "/p/jakker/skalljakke", prefix: "/se/sv", search: "" },
    });
  });

  it("gives a market without a language its language (301): /no, /se, /se/kassen, /dk/c/…", () => {
    const market = (url: string) => decide(url, { marketInPath: true, params: { alias: "x" } });
    expect(market("/no")).toEqual({ kind: "redirect", location: "/no/nb", status: 301 });
    expect(market("/se")).toEqual({ kind: "redirect", location: "/se/sv", status: 301 });
    expect(market("/dk?x=1")).toEqual({ kind: "redirect", location: "/dk/nb?x=1", status: 301 });
    expect(market("/se/kassen")).toEqual({ kind: "redirect", location: "/se/sv/kassan", status: 301 });
    expect(market("/dk/c/klaer")).toEqual({ kind: "redirect", location: "/dk/nb/c/klaer", status: 301 });
    expect(market("/se/c/klaer")).toMatchObject({
      location: "/se/sv/c/klaer",
      lookup: { from: "nb", to: "sv", path: "/c/klaer" },
    });
    // /{lang}/{market}/… is turned round, path and all.
    expect(market("/sv/se/kassan")).toEqual({ kind: "redirect", location: "/se/sv/kassan", status: 301 });
  });

  it("never takes a screen's first segment for a market: /s/sv is a search for 'sv'", () => {
    expect(decide("/s/sv", { marketInPath: true })).toEqual({
      kind: "redirect",
      location: "/no/nb/s/sv",
      status: 302,
    });
    expect(decide("/c/sv/x", { marketInPath: true })).toEqual({
      kind: "redirect",
      location: "/no/nb/c/sv/x",
      status: 302,
    });
  });

  it("takes the language from the host when DOMAINS maps it", () => {
    expect(decide("https://mili.se/kassan", { marketInPath: true, domains: DOMAINS })).toEqual({
      kind: "redirect",
      location: "/se/sv/kassan",
      status: 302,
    });
  });

  it("sends an unknown market to the fallback market (kind fallback, naming the unknown market)", () => {
    expect(decideMarket("/xx/nb/kassen")).toEqual({
      kind: "fallback",
      unknownMarket: "xx",
      location: "/no/nb/kassen",
    });
    expect(decideMarket("/xx/nb/kassen?step=2")).toMatchObject({
      kind: "fallback",
      location: "/no/nb/kassen?step=2",
    });
    expect(decideMarket("/atlantis/sv")).toMatchObject({ kind: "fallback", location: "/no/nb" });
    // The fallback market's allowed language is kept when it allows the one asked for.
    expect(decideMarket("/xx/sv/kassan", { fallbackMarket: "dk" })).toEqual({
      kind: "fallback",
      unknownMarket: "xx",
      location: "/dk/sv/kassan",
    });
  });

  it("uses the first market when the configured fallback market does not exist either", () => {
    expect(decideMarket("/xx/sv/kassan", { fallbackMarket: "zz" })).toMatchObject({
      kind: "fallback",
      location: "/se/sv/kassan",
    });
  });

  it("is a 404 for an unknown market when there are no markets at all", () => {
    expect(decideMarket("/xx/nb/kassen", { markets: [] })).toEqual({ kind: "notFound" });
  });

  it("replaces a language the market does not allow by the market's default language code (301)", () => {
    expect(decideMarket("/se/nb")).toEqual({ kind: "redirect", location: "/se/sv", status: 301 });
    expect(decideMarket("/no/sv")).toEqual({ kind: "redirect", location: "/no/nb", status: 301 });
    expect(decideMarket("/se/nb/nyheter?page=2")).toEqual({
      kind: "redirect",
      location: "/se/sv/nyheter?page=2",
      status: 301,
    });
    // Not a language at all: the default too.
    expect(decideMarket("/dk/xx")).toEqual({ kind: "redirect", location: "/dk/nb", status: 301 });
    expect(decideMarket("/fi/en/kassan")).toEqual({
      kind: "redirect",
      location: "/fi/sv/kassan",
      status: 301,
    });
  });

  it("redirects the other language's localized path under /{market}/{lang} (301)", () => {
    expect(decideMarket("/no/nb/kassan")).toEqual({
      kind: "redirect",
      location: "/no/nb/kassen",
      status: 301,
    });
    expect(decideMarket("/se/sv/kassen?x=1")).toEqual({
      kind: "redirect",
      location: "/se/sv/kassan?x=1",
      status: 301,
    });
    expect(decideMarket("/dk/sv/min-konto/saldo")).toEqual({
      kind: "redirect",
      location: "/dk/sv/mina-sidor/saldo",
      status: 301,
    });
  });

  it("does not prepend a market again to a path that has one (unmatched paths fall to the * route)", () => {
    // /no/nb/finnes-ikke/x/y matches no /{market}/{lang} route, only the catch-all "*": no market param.
    for (const path of ["/no/nb/finnes-ikke/x/y", "/se/sv/finns-inte/x", "/dk/sv/p/a/b/c/d"]) {
      const decision = decide(path, { marketInPath: true, params: { "*": path.slice(1) } });
      // Either a page (whose route then answers 404) or a 404 — never /no/nb/no/nb/…, which loops.
      expect(["page", "notFound"], `${path}: ${JSON.stringify(decision)}`).toContain(decision.kind);
    }
  });

  it("reads data requests as their page", () => {
    expect(page(decideMarket("/se/sv/_.data"))).toMatchObject({ lang: "sv", market: "se", path: "/" });
    expect(page(decideMarket("/no/nb/kassen.data"))).toMatchObject({ lang: "nb", path: "/kassen" });
    expect(decide("/sv.data", { marketInPath: true })).toEqual({
      kind: "redirect",
      location: "/se/sv",
      status: 302,
    });
  });
});

describe("aliasLookup", () => {
  it.each([
    ["/p/jakker/skalljakke", { kind: "product", alias: "skalljakke" }],
    ["/pp/skalljakke", { kind: "product", alias: "skalljakke" }],
    ["/product/skalljakke", { kind: "product", alias: "skalljakke" }],
    ["/c/klaer/jakker", { kind: "list", url: "/c/klaer/jakker" }],
    ["/b/fjallgard", { kind: "list", url: "/b/fjallgard" }],
    ["/dc/vinterkampanje", { kind: "list", url: "/dc/vinterkampanje" }],
    ["/l/jakker", { kind: "list", alias: "jakker" }],
    ["/list/fjallgard", { kind: "list", alias: "fjallgard" }],
    ["/content/om-oss", { kind: "content", alias: "om-oss" }],
    ["/om-oss", { kind: "content", alias: "om-oss" }],
  ] as const)("%s names its page by alias", (path, lookup) => {
    expect(aliasLookup(path)).toEqual(lookup);
  });

  it.each([
    "/",
    "/kassen",
    "/kassan",
    "/nyheter",
    "/404",
    "/account",
    "/s/jakke",
    "/content",
    "/min-konto/saldo",
  ])("%s names no page by alias", (path) => {
    expect(aliasLookup(path)).toBeNull();
  });
});

describe("pagePath", () => {
  it.each([
    ["/", "/"],
    ["/_.data", "/"],
    ["/sv.data", "/sv"],
    ["/sv/_.data", "/sv"],
    ["/sv/", "/sv"],
    ["/kassen.data", "/kassen"],
    ["/p/a/b.data", "/p/a/b"],
  ])("%s → %s", (from, to) => {
    expect(pagePath(from)).toBe(to);
  });
});

describe("href", () => {
  it("prefixes a path with the page's prefix", () => {
    expect(href({ prefix: "" }, "/kassen")).toBe("/kassen");
    expect(href({ prefix: "/sv" }, "/kassan")).toBe("/sv/kassan");
    expect(href({ prefix: "/se/sv" }, "/c/klader")).toBe("/se/sv/c/klader");
  });

  it("gives the home page without a trailing slash under a prefix", () => {
    expect(href({ prefix: "" }, "/")).toBe("/");
    expect(href({ prefix: "/sv" }, "/")).toBe("/sv");
    expect(href({ prefix: "/no/nb" }, "/")).toBe("/no/nb");
  });

  it("leaves absolute URLs alone", () => {
    expect(href({ prefix: "/sv" }, "https://example.com/x")).toBe("https://example.com/x");
    expect(href({ prefix: "/sv" }, "http://example.com/")).toBe("http://example.com/");
  });
});

describe("otherLanguagePath", () => {
  it("gives every localized screen's path in the other language", () => {
    for (const screen of SCREENS) {
      if (typeof screen.path === "string") continue;
      expect(otherLanguagePath(screenPath(screen, "nb"), "sv")).toBe(screenPath(screen, "sv"));
      expect(otherLanguagePath(screenPath(screen, "sv"), "nb")).toBe(screenPath(screen, "nb"));
      // Asking for the language the path is already in changes nothing.
      expect(otherLanguagePath(screenPath(screen, "nb"), "nb")).toBe(screenPath(screen, "nb"));
    }
    expect(otherLanguagePath("/kassen", "sv")).toBe("/kassan");
    expect(otherLanguagePath("/mina-sidor/ordrar", "nb")).toBe("/min-konto/bestillinger");
  });

  it("keeps shared and catalog paths as they are", () => {
    for (const path of ["/", "/nyheter", "/account", "/checkout/klarna-fail", "/p/jakker/x", "/c/klaer"]) {
      expect(otherLanguagePath(path, "sv")).toBe(path);
      expect(otherLanguagePath(path, "nb")).toBe(path);
    }
  });
});

describe("hrefInLanguage", () => {
  const nb = page(decide("/kassen"));
  const sv = page(decide("/sv/kassan"));

  it("prefixes Swedish with /sv and leaves Norwegian at the root", () => {
    expect(hrefInLanguage(nb, "sv", "/kassan")).toBe("/sv/kassan");
    expect(hrefInLanguage(nb, "nb", "/kassen")).toBe("/kassen");
    expect(hrefInLanguage(sv, "nb", "/kassen")).toBe("/kassen");
    expect(hrefInLanguage(sv, "sv", "/")).toBe("/sv");
    expect(hrefInLanguage(sv, "nb", "/")).toBe("/");
  });

  it("makes an absolute URL with an origin", () => {
    expect(hrefInLanguage(nb, "sv", "/kassan", "http://127.0.0.1:3000")).toBe(
      "http://127.0.0.1:3000/sv/kassan",
    );
    expect(hrefInLanguage(sv, "nb", "/", "http://127.0.0.1:3000")).toBe("http://127.0.0.1:3000/");
  });

  it("uses the language's own host when DOMAINS maps one, with the origin's protocol", () => {
    const onNb = page(decide("https://mili.no/kassen", { domains: DOMAINS }));
    expect(hrefInLanguage(onNb, "sv", "/kassan")).toBe("https://mili.se/kassan");
    expect(hrefInLanguage(onNb, "nb", "/")).toBe("https://mili.no/");
    expect(hrefInLanguage(onNb, "sv", "/kassan", "http://mili.no")).toBe("http://mili.se/kassan");
  });

  it("stays under /{market}/{lang} in multi-market mode", () => {
    const onDk = page(decideMarket("/dk/nb/kassen"));
    expect(hrefInLanguage(onDk, "sv", "/kassan")).toBe("/dk/sv/kassan");
    expect(hrefInLanguage(onDk, "nb", "/")).toBe("/dk/nb");
    expect(hrefInLanguage(onDk, "sv", "/", "http://127.0.0.1:3000")).toBe("http://127.0.0.1:3000/dk/sv");
  });
});

import { alternateMarket } from "#domain/alternate-market.ts";
import { LANGS, type Lang } from "./locale.ts";
import { localizedScreenFor, SCREENS, screenPath } from "./screens.ts";

/** Where a request is: its language, market, URL prefix and the path behind the prefix. */
export interface PageLocale {
  lang: Lang;
  languageId: string;
  channelId: string;
  /** Market alias. */
  market: string;
  /** "", "/sv" or "/{market}/{lang}". */
  prefix: string;
  /** The path behind the prefix, e.g. "/kassen" or "/". */
  path: string;
  marketInPath: boolean;
  domains: Record<string, Lang>;
  /** The storefront languages the current market allows. */
  allowedLanguages: Lang[];
}

export interface MarketRule {
  alias: string;
  /** e.g. "sv-SE". */
  defaultLanguageId: string;
  allowedLanguageIds: string[];
}

export interface LocaleOptions {
  domains: Record<string, Lang>;
  marketInPath: boolean;
  fallbackMarket: string;
  markets: MarketRule[];
  /** The shopper's chosen market (cookie mili-selected-market), when any. */
  selectedMarket?: string;
  /** Route params: `market` and `lang` are set on /{market}/{lang} routes. */
  params: Record<string, string | undefined>;
}

/**
 * A path to look up in another language before redirecting: `location` is right for every path but one that
 * names a product, list or content page by its alias in the language the redirect leaves (aliases are per
 * language). The caller asks for that page's path in `to` and redirects to `prefix + that path + search`; when
 * the page is not found, `location` stands (and answers 404 where it lands).
 */
export interface PathLookup {
  from: Lang;
  to: Lang;
  /** The path behind the prefix, in `from`. */
  path: string;
  /** The /{market}/{lang} prefix to put before the path found. */
  prefix: string;
  search: string;
}

export type LocaleDecision =
  | { kind: "page"; locale: PageLocale }
  | { kind: "redirect"; location: string; status: 301 | 302; lookup?: PathLookup }
  | { kind: "notFound" }
  | { kind: "fallback"; location: string; unknownMarket: string; lookup?: PathLookup };

const LANG_BY_CODE: Record<string, Lang> = { nb: "nb", sv: "sv" };

function languageCode(languageId: string): string {
  return languageId.split("-")[0] ?? languageId;
}

/** Strips React Router's data suffix so the language and path are the page's, not the data request's. */
export function pagePath(pathname: string): string {
  return pathname.replace(/(\/_)?\.data$/, "").replace(/\/+$/, "") || "/";
}

/**
 * Decides the language, market and prefix of a request, applying the path rules of the specification (§2):
 * Norwegian at the root, Swedish under /sv or on its own domain; with markets in the path, /{lang}/{market}
 * becomes /{market}/{lang}, a path without a market gets the current one, an unknown market falls back (and is
 * reported so it can be logged), and a language the market does not allow becomes the market's default.
 * A localized path of the other language redirects to this language's path of the same screen.
 */
export function decideLocale(url: URL, opts: LocaleOptions): LocaleDecision {
  const path = pagePath(url.pathname);
  const search = url.search;
  const hostLang = opts.domains[url.hostname.toLowerCase()];
  const known = new Map(opts.markets.map((m) => [m.alias, m]));
  const selected = opts.selectedMarket && known.has(opts.selectedMarket) ? opts.selectedMarket : undefined;

  if (!opts.marketInPath) {
    if (opts.params.market !== undefined) return { kind: "notFound" };
    let lang: Lang;
    let prefix: string;
    let rest: string;
    const svPrefixed = path === "/sv" || path.startsWith("/sv/");
    if (hostLang) {
      if (svPrefixed) {
        const svHost = Object.entries(opts.domains).find(([, l]) => l === "sv")?.[0];
        const stripped = path.slice(3) || "/";
        if (!svHost) return { kind: "notFound" };
        const port = url.port ? `:${url.port}` : "";
        return {
          kind: "redirect",
          location: `${url.protocol}//${svHost}${port}${stripped}${search}`,
          status: 301,
        };
      }
      lang = hostLang;
      prefix = "";
      rest = path;
    } else {
      lang = svPrefixed ? "sv" : "nb";
      prefix = svPrefixed ? "/sv" : "";
      rest = svPrefixed ? path.slice(3) || "/" : path;
    }
    const other = localizedScreenFor(rest);
    if (other && other.lang !== lang) {
      return {
        kind: "redirect",
        location: `${prefix}${screenPath(other.screen, lang)}${search}`,
        status: 301,
      };
    }
    const market = selected ?? LANGS[lang].defaultMarket;
    return {
      kind: "page",
      locale: build(lang, market, prefix, rest, false, opts.domains, allowedLangs(known.get(market))),
    };
  }

  // Markets in the path. The path is read here, not from the route's params: /nb/kassen matches the
  // /{market}/{lang} home route with market "nb" and lang "kassen".
  const segments = path.split("/").filter(Boolean);
  const [first, second] = segments;
  const firstLang = first === undefined ? undefined : LANG_BY_CODE[first];
  const secondLang = second === undefined ? undefined : LANG_BY_CODE[second];
  const after = (n: number) => `/${segments.slice(n).join("/")}`;
  // /{lang}/{market}/… becomes /{market}/{lang}/…
  if (firstLang && second !== undefined && known.has(second)) {
    const rest = after(2);
    return {
      kind: "redirect",
      location: `/${second}/${first}${rest === "/" ? "" : rest}${search}`,
      status: 301,
    };
  }
  const rootLang: Lang = hostLang ?? "nb";
  const firstMarket = first === undefined ? undefined : known.get(first);
  if (firstMarket && !secondLang) {
    if (second !== undefined && /^[a-z]{2}$/.test(second) && !isScreenHead(second)) {
      // /{market}/{code}/… with a language code the shop does not have: the market's default language.
      return {
        kind: "redirect",
        location: inMarket(undefined, after(2), search, firstMarket).location,
        status: 301,
      };
    }
    // /{market} or /{market}/{path}: a market without a language. The path is a root path (Norwegian, or the
    // host's language); the market's languages decide.
    return withoutMarket(rootLang, after(1), search, firstMarket.alias, known, 301);
  }
  if (first === undefined || firstLang || !secondLang || isScreenHead(first)) {
    // No market in the path: /, /{lang}/…, or a root path. The shopper's market (else the language's default)
    // is prepended, and the path is kept: the same page, in the language the market allows.
    const lang = firstLang ?? rootLang;
    const rest = firstLang ? after(1) : path;
    return withoutMarket(lang, rest, search, selected ?? LANGS[lang].defaultMarket, known, 302);
  }
  // /{market}/{lang}/…
  const marketParam = first;
  const langParam = second;
  const rest = after(2);
  const market = known.get(marketParam);
  if (!market) {
    const fallback = known.get(opts.fallbackMarket) ?? opts.markets[0];
    if (!fallback) return { kind: "notFound" };
    const target = inMarket(secondLang, rest, search, fallback);
    return { kind: "fallback", unknownMarket: marketParam, location: target.location, lookup: target.lookup };
  }
  const code = allowedCode(market, secondLang);
  if (code !== langParam) {
    const target = inMarket(secondLang, rest, search, market);
    return { kind: "redirect", location: target.location, status: 301, lookup: target.lookup };
  }
  const lang = secondLang;
  const other = localizedScreenFor(rest);
  if (other && other.lang !== lang) {
    return {
      kind: "redirect",
      location: `/${market.alias}/${code}${screenPath(other.screen, lang)}${search}`,
      status: 301,
    };
  }
  return {
    kind: "page",
    locale: build(
      lang,
      market.alias,
      `/${market.alias}/${code}`,
      rest,
      true,
      opts.domains,
      allowedLangs(market),
    ),
  };
}

/** A redirect for a path without a market (or without a language): the market prepended, the path kept. */
function withoutMarket(
  lang: Lang,
  rest: string,
  search: string,
  marketAlias: string,
  known: Map<string, MarketRule>,
  status: 301 | 302,
): LocaleDecision {
  const market = known.get(marketAlias);
  if (!market) {
    // No markets configured at all: nothing better than the language's default market.
    return {
      kind: "redirect",
      location: `/${marketAlias}/${lang}${rest === "/" ? "" : rest}${search}`,
      status,
    };
  }
  const target = inMarket(lang, rest, search, market);
  return { kind: "redirect", location: target.location, status, lookup: target.lookup };
}

/**
 * Where a path in a language goes in a market: under /{market}/{code}, where the code is the path's language
 * when the market allows it, else the market's default language; a localized screen path becomes the code's
 * path. When the language changes and the path names a product, list or content page by its alias (aliases
 * are per language), `lookup` asks for the page's path in the new language (see lib/path-in-language.ts).
 */
function inMarket(
  /** The path's language; undefined when unknown (nothing is looked up then). */
  lang: Lang | undefined,
  rest: string,
  search: string,
  market: MarketRule,
): { location: string; lookup?: PathLookup } {
  const code = allowedCode(market, lang);
  const to = LANG_BY_CODE[code];
  const prefix = `/${market.alias}/${code}`;
  const localized = localizedScreenFor(rest);
  const path = localized && to ? screenPath(localized.screen, to) : rest;
  const location = `${prefix}${path === "/" ? "" : path}${search}`;
  if (!to || !lang || to === lang || localized || !aliasLookup(rest)) return { location };
  return { location, lookup: { from: lang, to, path: rest, prefix, search } };
}

/** What names the page of a path by an alias of its language, and how to ask for it. */
export type AliasLookup =
  | { kind: "product"; alias: string }
  | { kind: "list"; url: string }
  | { kind: "list"; alias: string }
  | { kind: "content"; alias: string };

/**
 * How a path (behind its prefix) names its page, for the routes whose last segment is an alias in the path's
 * language (app/lib/screens.ts): products and packages (/p/…, /pp/…, /product/{alias}), lists by path (/c/…,
 * /b/…, /dc/…) or alias (/l/…, /list/{alias}), content pages (/content/{alias}, /{alias}). Null for every other
 * path: screens, searches (their words are the shopper's), the bare /content, /product and /list.
 */
export function aliasLookup(path: string): AliasLookup | null {
  const segments = path.split("/").filter(Boolean);
  const [kind] = segments;
  const last = segments.at(-1);
  if (kind === undefined || last === undefined) return null;
  if (segments.length === 1) return isScreenHead(kind) ? null : { kind: "content", alias: kind };
  switch (kind) {
    case "p":
    case "pp":
    case "product":
      return { kind: "product", alias: last };
    case "c":
    case "b":
    case "dc":
      return { kind: "list", url: path };
    case "l":
    case "list":
      return { kind: "list", alias: last };
    case "content":
      return segments.length === 2 ? { kind: "content", alias: last } : null;
    default:
      return null;
  }
}

/** Every screen path in both languages (computed when asked: the browser's bundle leaves it out). */
function allScreenPaths(): string[] {
  return SCREENS.flatMap((s) => (typeof s.path === "string" ? [s.path] : Object.values(s.path)));
}

/** Whether a segment starts a screen's path (/s, /p, /kassen, …): a path starting so has no market. */
function isScreenHead(segment: string): boolean {
  return allScreenPaths().some((p) => p.split("/")[1] === segment && !segment.startsWith(":"));
}

/** The language code to use for a market: the wanted one when the market allows it, else the market's default. */
function allowedCode(market: MarketRule | undefined, wanted: Lang | undefined): string {
  if (!market) return wanted ?? "nb";
  const allowed = market.allowedLanguageIds.map(languageCode);
  if (wanted && allowed.includes(wanted)) return wanted;
  return languageCode(market.defaultLanguageId);
}

/** The storefront languages a market allows (both when the market is unknown). */
function allowedLangs(market: MarketRule | undefined): Lang[] {
  if (!market) return ["nb", "sv"];
  const langs = market.allowedLanguageIds
    .map(languageCode)
    .filter((c): c is Lang => c === "nb" || c === "sv");
  return langs.length ? langs : ["nb", "sv"];
}

function build(
  lang: Lang,
  market: string,
  prefix: string,
  path: string,
  marketInPath: boolean,
  domains: Record<string, Lang>,
  allowedLanguages: Lang[],
): PageLocale {
  return {
    allowedLanguages,
    lang,
    languageId: LANGS[lang].languageId,
    channelId: LANGS[lang].channelId,
    market,
    prefix,
    path,
    marketInPath,
    domains,
  };
}

/** A path in this page's locale: "/kassen" → "/sv/kassan"-style prefixing with the page's prefix. */
export function href(locale: Pick<PageLocale, "prefix">, path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  if (path === "/") return locale.prefix || "/";
  return `${locale.prefix}${path}`;
}

/** The same screen in another language: the localized path when the screen has one, else the same path. */
export function otherLanguagePath(path: string, to: Lang): string {
  const found = localizedScreenFor(path);
  if (found) return screenPath(found.screen, to);
  return path;
}

export { SCREENS };

/**
 * The URL of a path in another language, for hreflang alternates and the language switch: on its own domain
 * when DOMAINS maps one, under /{market}/{code} in multi-market mode, else with or without /sv.
 */
export function hrefInLanguage(locale: PageLocale, lang: Lang, path: string, origin?: string): string {
  const host = Object.entries(locale.domains).find(([, l]) => l === lang)?.[0];
  if (host) {
    const base = origin ? new URL(origin) : undefined;
    const port = base?.port ? `:${base.port}` : "";
    return `${base?.protocol ?? "https:"}//${host}${port}${path === "/" ? "/" : path}`;
  }
  // In multi-market mode, a language the current market does not allow is shown in its own default market (the
  // market the API checks the page exists in, decision 0092).
  const market = alternateMarket(
    { market: locale.market, lang: locale.lang, allowed: locale.allowedLanguages },
    lang,
    LANGS[lang].defaultMarket,
  );
  const prefix = locale.marketInPath ? `/${market}/${lang}` : LANGS[lang].prefix;
  const relative = path === "/" ? prefix || "/" : `${prefix}${path}`;
  return origin ? `${origin}${relative}` : relative;
}

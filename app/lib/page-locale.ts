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

export type LocaleDecision =
  | { kind: "page"; locale: PageLocale }
  | { kind: "redirect"; location: string; status: 301 | 302 }
  | { kind: "notFound" }
  | { kind: "fallback"; location: string; unknownMarket: string };

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

  // Markets in the path.
  const segments = path.split("/").filter(Boolean);
  const [first, second] = segments;
  if (segments.length === 2 && first && second && LANG_BY_CODE[first] && known.has(second)) {
    return { kind: "redirect", location: `/${second}/${first}${search}`, status: 301 };
  }
  // A path shaped /{market}/{lang}/… that no screen matched (only the catch-all did): judge it as a market path,
  // so an unknown page under a market is a 404 rather than getting another market prepended.
  const marketShaped = first !== undefined && second !== undefined && LANG_BY_CODE[second] !== undefined;
  const params =
    opts.params.market === undefined && marketShaped ? { market: first, lang: second } : opts.params;
  if (params.market === undefined) {
    // No market in the path: prepend the current one.
    const svPrefixed = path === "/sv" || path.startsWith("/sv/");
    const lang: Lang = hostLang ?? (svPrefixed ? "sv" : "nb");
    const rest = svPrefixed ? path.slice(3) || "/" : path;
    const market = selected ?? LANGS[lang].defaultMarket;
    const code = allowedCode(known.get(market), lang);
    return {
      kind: "redirect",
      location: `/${market}/${code}${rest === "/" ? "" : rest}${search}`,
      status: 302,
    };
  }
  const marketParam = params.market;
  const langParam = params.lang ?? "";
  const rest = `/${segments.slice(2).join("/")}`;
  const market = known.get(marketParam);
  if (!market) {
    const fallback = known.get(opts.fallbackMarket) ?? opts.markets[0];
    if (!fallback) return { kind: "notFound" };
    const code = allowedCode(fallback, LANG_BY_CODE[langParam] ?? "nb");
    return {
      kind: "fallback",
      unknownMarket: marketParam,
      location: `/${fallback.alias}/${code}${rest === "/" ? "" : rest}${search}`,
    };
  }
  const wanted = LANG_BY_CODE[langParam];
  const code = allowedCode(market, wanted);
  if (code !== langParam) {
    return {
      kind: "redirect",
      location: `/${market.alias}/${code}${rest === "/" ? "" : rest}${search}`,
      status: 301,
    };
  }
  const lang = LANG_BY_CODE[code] ?? "nb";
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
  // In multi-market mode, a language the current market does not allow is shown in its own default market.
  const market = locale.allowedLanguages.includes(lang) ? locale.market : LANGS[lang].defaultMarket;
  const prefix = locale.marketInPath ? `/${market}/${lang}` : LANGS[lang].prefix;
  const relative = path === "/" ? prefix || "/" : `${prefix}${path}`;
  return origin ? `${origin}${relative}` : relative;
}

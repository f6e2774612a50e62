/**
 * robots.txt and XML sitemaps (sitemaps.org protocol 0.9 with the xhtml:link hreflang extension, decision 0090):
 * the text of the files, their split at the protocol's limits, and each page's absolute URL in a storefront. Pure:
 * the data comes from services/seo/sitemap.ts, the files are served and kept by server/sitemap.ts.
 *
 * The URLs are the ones the pages themselves give in `<link rel="canonical">` and `<link rel="alternate">`
 * (app/lib/seo.ts pageMeta with app/lib/page-locale.ts hrefInLanguage): Norwegian at the root, Swedish under /sv,
 * each language on its own host with DOMAINS, or under /{market}/{lang} with MARKET_IN_PATH.
 * tests/integration/sitemap.test.ts holds the two to the same URLs, page by page.
 */

import { alternateMarket } from "./alternate-market.ts";

export type SitemapLang = "nb" | "sv";

/** The storefront languages as app/lib/locale.ts LANGS has them (domain/ imports nothing outside itself). */
export const SITEMAP_LANGS = {
  nb: { languageId: "nb-NO", defaultMarket: "no", prefix: "" },
  sv: { languageId: "sv-SE", defaultMarket: "se", prefix: "/sv" },
} as const satisfies Record<SitemapLang, { languageId: string; defaultMarket: string; prefix: string }>;

/** The language of a language id ("sv-SE" → "sv"); null for a language the storefront does not have. */
export function langOfId(languageId: string): SitemapLang | null {
  if (languageId === SITEMAP_LANGS.nb.languageId) return "nb";
  if (languageId === SITEMAP_LANGS.sv.languageId) return "sv";
  return null;
}

/** The protocol's limits per file (sitemaps.org): 50,000 URLs and 50 MB (52,428,800 bytes) uncompressed. */
export const SITEMAP_LIMITS = { urls: 50_000, bytes: 50 * 1024 * 1024 } as const;

export interface SitemapLimits {
  urls: number;
  bytes: number;
}

/** How the shop is addressed: the request's origin as the shopper sees it, and the shop's URL settings. */
export interface SitemapSite {
  /** "https://mili.no": scheme, host and port of the request (server/client.ts publicUrlOf). */
  origin: string;
  /** DOMAINS: host → language. */
  domains: Readonly<Record<string, SitemapLang>>;
  marketInPath: boolean;
}

/** One storefront a sitemap lists: a language in a market, as a crawler without cookies sees it. */
export interface SitemapStorefront {
  lang: SitemapLang;
  /** Market alias: the language's default market (the one a visitor without a market cookie gets). */
  market: string;
  /** The languages the market allows (for the alternates in multi-market mode). */
  allowedLangs: readonly SitemapLang[];
}

/** A page in a storefront: its path in the storefront's language and its paths in every language (hreflang). */
export interface SitemapPage {
  /** Path without any prefix, e.g. "/p/jakker/fjellsto-skalljakke". */
  path: string;
  /** When the page's data last changed, where the data knows. */
  lastmod?: Date | string | null;
  /** The page's own alternates, in the order the page gives them (its own language included). */
  alternates: readonly { lang: SitemapLang; path: string }[];
}

/**
 * The storefronts whose pages a host's sitemap lists: with DOMAINS only the host's own language (a sitemap may
 * only list URLs of its own host), none on a host DOMAINS does not name; else both languages, Norwegian first.
 */
export function storefrontsFor(site: SitemapSite, host: string, allowed: (market: string) => SitemapLang[]) {
  const storefront = (lang: SitemapLang): SitemapStorefront => {
    const market = SITEMAP_LANGS[lang].defaultMarket;
    return { lang, market, allowedLangs: allowed(market) };
  };
  if (Object.keys(site.domains).length > 0) {
    const lang = site.domains[host.toLowerCase()];
    return lang ? [storefront(lang)] : [];
  }
  return (["nb", "sv"] as const).map(storefront);
}

/**
 * A page's absolute URL in a language, as the page at `storefront` writes it (app/lib/page-locale.ts
 * hrefInLanguage): on the language's own host with DOMAINS; under /{market}/{lang} with MARKET_IN_PATH (the
 * storefront's market when it allows the language, else the language's default market: alternate-market.ts);
 * else with or without /sv.
 */
export function pageUrl(
  site: SitemapSite,
  storefront: SitemapStorefront,
  lang: SitemapLang,
  path: string,
): string {
  const host = Object.entries(site.domains).find(([, l]) => l === lang)?.[0];
  const base = new URL(site.origin);
  if (host) {
    const port = base.port ? `:${base.port}` : "";
    return `${base.protocol}//${host}${port}${path === "/" ? "/" : path}`;
  }
  const market = alternateMarket(
    { market: storefront.market, lang: storefront.lang, allowed: storefront.allowedLangs },
    lang,
    SITEMAP_LANGS[lang].defaultMarket,
  );
  const prefix = site.marketInPath ? `/${market}/${lang}` : SITEMAP_LANGS[lang].prefix;
  const relative = path === "/" ? prefix || "/" : `${prefix}${path}`;
  return `${base.origin}${relative}`;
}

/** A file's name under /sitemaps/: `{kind}-{lang}-{n}.xml`, with the market first in multi-market mode. */
export function sitemapFileName(
  site: Pick<SitemapSite, "marketInPath">,
  storefront: Pick<SitemapStorefront, "lang" | "market">,
  kind: string,
  n: number,
): string {
  const where = site.marketInPath ? `${storefront.market}-${storefront.lang}` : storefront.lang;
  return `${kind}-${where}-${n}.xml`;
}

/** Characters XML 1.0 does not allow at all (C0 controls but tab, LF, CR; U+FFFE, U+FFFF; lone surrogates). */
/** Whether XML 1.0 allows a UTF-16 code unit at `i` (tab, LF, CR and from U+0020; no U+FFFE/F, no lone surrogate). */
function xmlAllows(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (c < 0x20) return c === 0x09 || c === 0x0a || c === 0x0d;
  if (c === 0xfffe || c === 0xffff) return false;
  if (c >= 0xd800 && c <= 0xdbff) {
    const next = text.charCodeAt(i + 1);
    return next >= 0xdc00 && next <= 0xdfff;
  }
  if (c >= 0xdc00 && c <= 0xdfff) {
    const prev = text.charCodeAt(i - 1);
    return prev >= 0xd800 && prev <= 0xdbff;
  }
  return true;
}

/** The text without the characters XML cannot carry at all. */
function xmlText(text: string): string {
  let out: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const allowed = xmlAllows(text, i);
    if (!allowed && out === null) out = text.slice(0, i);
    else if (allowed && out !== null) out += text[i];
  }
  return out ?? text;
}

const ENTITY: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

/**
 * A value as XML text or attribute content: the five entities the sitemap protocol names escaped, characters XML
 * cannot carry dropped (a stray control character in a merchant's alias must not make the whole file unreadable).
 */
export function escapeXml(value: string): string {
  return xmlText(value).replace(/[&<>"']/g, (c) => ENTITY[c] ?? c);
}

/** A W3C datetime in UTC to the second ("2026-11-29T08:27:00Z"); null for a missing or invalid time. */
export function w3cDate(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return `${date.toISOString().slice(0, 19)}Z`;
}

export const URLSET_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';
export const URLSET_CLOSE = "</urlset>\n";

/** One `<url>` of a storefront's page: its canonical URL, lastmod and hreflang alternates. */
export function urlEntry(site: SitemapSite, storefront: SitemapStorefront, page: SitemapPage): string {
  const loc = pageUrl(site, storefront, storefront.lang, page.path);
  const lastmod = w3cDate(page.lastmod);
  let xml = `<url><loc>${escapeXml(loc)}</loc>`;
  if (lastmod) xml += `<lastmod>${lastmod}</lastmod>`;
  for (const a of page.alternates)
    xml += `<xhtml:link rel="alternate" hreflang="${SITEMAP_LANGS[a.lang].languageId}" href="${escapeXml(
      pageUrl(site, storefront, a.lang, a.path),
    )}"/>`;
  return `${xml}</url>\n`;
}

/** The sitemap index: one `<sitemap>` per file. */
export function sitemapIndex(files: readonly { loc: string; lastmod?: string | null }[]): string {
  let xml =
    '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
  for (const f of files) {
    xml += `<sitemap><loc>${escapeXml(f.loc)}</loc>`;
    if (f.lastmod) xml += `<lastmod>${f.lastmod}</lastmod>`;
    xml += "</sitemap>\n";
  }
  return `${xml}</sitemapindex>\n`;
}

/** UTF-8 bytes of a string, without encoding it. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/** Where a file's text goes (a gzip stream on the server, an array in tests). */
export interface SitemapFileSink {
  write(text: string): void;
  end(): void;
}

export interface SplitFile {
  /** 1-based. */
  n: number;
  urls: number;
  bytes: number;
  /** The newest lastmod of the file's URLs (W3C datetime), for the index. */
  lastmod: string | null;
}

/**
 * Writes `<url>` entries into as many `<urlset>` files as the limits ask: a new file before an entry that would
 * pass either the URL count or the byte size (the closing tag counted). No entry at all: no file (a urlset must
 * hold at least one URL). `finish` closes the last file and returns every file written.
 */
export function urlsetSplitter(limits: SitemapLimits, open: (n: number) => SitemapFileSink) {
  const openBytes = utf8Length(URLSET_OPEN);
  const closeBytes = utf8Length(URLSET_CLOSE);
  if (limits.urls < 1 || limits.bytes < openBytes + closeBytes + 1)
    throw new Error("Sitemap limits too small for a single URL");
  const files: SplitFile[] = [];
  let sink: SitemapFileSink | null = null;
  let current: SplitFile | null = null;
  const close = () => {
    if (!sink || !current) return;
    sink.write(URLSET_CLOSE);
    current.bytes += closeBytes;
    sink.end();
    sink = null;
  };
  return {
    add(entry: string, lastmod?: string | null) {
      const size = utf8Length(entry);
      if (openBytes + size + closeBytes > limits.bytes)
        throw new Error(`A sitemap entry of ${size} bytes does not fit in a file of ${limits.bytes} bytes`);
      if (!current || current.urls >= limits.urls || current.bytes + size + closeBytes > limits.bytes) {
        close();
        current = { n: files.length + 1, urls: 0, bytes: openBytes, lastmod: null };
        files.push(current);
        sink = open(current.n);
        sink.write(URLSET_OPEN);
      }
      sink?.write(entry);
      current.urls += 1;
      current.bytes += size;
      if (lastmod && (!current.lastmod || lastmod > current.lastmod)) current.lastmod = lastmod;
    },
    finish(): SplitFile[] {
      close();
      return files;
    },
  };
}

/**
 * Paths behind the language prefix that crawlers are asked not to walk: the private pages (checkout, cart
 * drawer's checkout, account, favourites, a guest's order, the newsletter and password links) and the pages that
 * say noindex whatever their state (search results and suggestions, the widget preview, the offline page); from
 * app/lib/screens.ts, per language. Lists filtered or re-sorted by their query string also say noindex, but they
 * stay crawlable: their links lead to products, and their own `?page=N` is indexed.
 */
export const ROBOTS_DISALLOWED: Record<SitemapLang, readonly string[]> = {
  nb: [
    "/kassen",
    "/checkout/",
    "/account",
    "/min-konto/",
    "/favoritter",
    "/order/",
    "/newsletter/",
    "/s/",
    "/s$",
    "/s?",
    "/preview-widgets",
    "/offline",
  ],
  sv: [
    "/kassan",
    "/checkout/",
    "/account",
    "/mina-sidor/",
    "/favoriter",
    "/order/",
    "/newsletter/",
    "/s/",
    "/s$",
    "/s?",
    "/preview-widgets",
    "/offline",
  ],
};

/** Paths outside the storefront's pages: the APIs, the back office, the payment and shipping callbacks. */
export const ROBOTS_DISALLOWED_SHARED = ["/api/", "/graphql", "/admin", "/auth/", "/sandbox/"] as const;

/** Query parameters that make any page private (a content page's preview token, a sign-in link's token). */
export const ROBOTS_DISALLOWED_PARAMS = ["/*?preview=", "/*&preview=", "/*?loginToken=", "/*&loginToken="];

/**
 * robots.txt for a host: everything allowed but the paths above in each language the host serves (with their
 * prefix), and the host's sitemap index when it has one.
 */
export function robotsTxt(opts: {
  site: Pick<SitemapSite, "domains" | "marketInPath">;
  host: string;
  /** Absolute URL of the host's sitemap index; null: none. */
  sitemap: string | null;
}): string {
  const { site } = opts;
  const hostLang = site.domains[opts.host.toLowerCase()];
  const prefixed: string[] = [];
  const langs: SitemapLang[] = hostLang ? [hostLang] : ["nb", "sv"];
  for (const lang of langs) {
    const prefix = hostLang ? "" : site.marketInPath ? `/*/${lang}` : SITEMAP_LANGS[lang].prefix;
    for (const path of ROBOTS_DISALLOWED[lang]) {
      const line = `${prefix}${path}`;
      if (!prefixed.includes(line)) prefixed.push(line);
    }
  }
  const lines = [
    "User-agent: *",
    "Allow: /",
    ...[...ROBOTS_DISALLOWED_SHARED, ...prefixed, ...ROBOTS_DISALLOWED_PARAMS].map((p) => `Disallow: ${p}`),
  ];
  if (opts.sitemap) lines.push("", `Sitemap: ${opts.sitemap}`);
  return `${lines.join("\n")}\n`;
}

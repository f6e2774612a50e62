import { hash } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { type DeviceClass, deviceClass } from "#domain/device.ts";
import {
  addVary,
  compressBody,
  type Encoding,
  isCompressible,
  MIN_SIZE,
  negotiateEncoding,
} from "./compression.ts";
import { matchesEtag } from "./static-files.ts";

/**
 * A cache for anonymous storefront pages. A page opts in by answering with `Cache-Control: public, …, s-maxage=N`
 * (catalog pages carry nothing personal in their HTML); the cache keys it by host, URL, market and customer type
 * (the two cookies that change what an anonymous page shows) and device class (phones are rendered for a phone's
 * width) and keeps it for s-maxage seconds. Signed-in shoppers (mili-auth) always get a fresh page. The same
 * headers let a CDN keep the page: the page's `Vary` (app/lib/cache.ts) names Cookie, User-Agent and the
 * device Client Hints (this cache adds Accept-Encoding), so a standard CDN keeps the variants apart; one set up
 * to key on just the two cookies and the device class, as this cache does, shares more and is still right.
 *
 * An entry keeps the page's bytes in each coding a client has asked for (identity, br, gzip), each compressed
 * once, so a hit costs no compression; it carries a weak ETag (one per rendering, whatever the coding), and a
 * matching If-None-Match gets a 304.
 *
 * A page is kept on its second request, not its first (decision 0085): the first is answered as it renders,
 * streamed with its nonce like any uncached page, and only remembered as asked. A crawler walking every product
 * once so costs no copy, hash or memory per page, and cannot push the pages shoppers come back to out of the
 * cache; a page asked twice is kept from then on, and one kept before (expired, or made at an older catalog
 * version) is kept again on its next request.
 *
 * The key starts with the request's scheme and host as the shopper sees them (server/client.ts): a page rendered
 * for `https://` (canonical links, alternates) is never served to `http://` visitors, nor the reverse.
 *
 * A cached page is the same bytes for every visitor, so it cannot carry a per-response CSP nonce: once stored,
 * its nonce would be public and reused, and any injected script could carry it. So a page is stored without its
 * nonce attributes, and every answer from the cache — the one that stores it included — allows exactly the page's own inline
 * scripts by their SHA-256 hashes and its same-origin script files by 'self' (server/security.ts), the hash-based CSP recommended for
 * cached pages. The security headers middleware writes the policy from `scriptHashes`.
 */
export interface PageCacheOptions {
  maxEntries?: number;
  enabled?: boolean;
  /**
   * The catalog version this process last heard (services/catalog-version.ts: CatalogVersionReader.latest, which
   * follows every commit by LISTEN). A page is kept with the version seen when its rendering began and is served
   * only while the version is still that one, so a merchant's change shows on every node's next page (decision
   * 0024). Without it, pages live for their s-maxage.
   */
  version?: () => number;
  /**
   * Requests for a key before its page is kept (decision 0085): 1 (the default) keeps a page on its second request,
   * so a URL asked once — a crawler walking the catalog, a shared link opened once — is answered as it renders,
   * streamed, and never pushes a page shoppers come back to out of the cache; 0 keeps every page on its first.
   */
  storeAfter?: number;
  /** How many keys asked once the cache remembers (the oldest forgotten first): 4 × maxEntries by default. */
  maxRemembered?: number;
}

export interface Entry {
  variants: Partial<Record<Encoding, Promise<Uint8Array<ArrayBuffer>>>>;
  /** The variants already compressed: what a hit can send without waiting (server/cached-page.ts). */
  ready: Partial<Record<Encoding, Uint8Array<ArrayBuffer>>>;
  status: number;
  /** The page's headers with its ETag and, when compressible, Vary: the same for every answer. */
  headers: [string, string][];
  /** The catalog version the rendering began at (-1: none followed). */
  version: number;
  etag: string;
  compressible: boolean;
  /** CSP hash sources of the page's inline scripts: 'sha256-…'. */
  scriptHashes: string[];
  storedAt: number;
  expiresAt: number;
}

/** What the cache reads of a request: its method, its URL as the shopper sees it (server/client.ts), its headers. */
export interface CacheRequest {
  method: string;
  url: URL;
  header: (name: string) => string | undefined;
}

/** How an entry answers a request: 304 (the client has this rendering) or the page in one coding. */
export type Plan = "304" | Encoding;

const KEY_COOKIES = ["mili-selected-market", "mili-user-type"];
const BYPASS_COOKIES = ["mili-auth"];

function cookies(header: string | undefined): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const i = part.indexOf("=");
    if (i > 0) map.set(part.slice(0, i).trim(), part.slice(i + 1).trim());
  }
  return map;
}

function sharedMaxAge(cacheControl: string | null): number | null {
  if (!cacheControl || !/\bpublic\b/.test(cacheControl)) return null;
  const m = /s-maxage=(\d+)/.exec(cacheControl);
  return m ? Number(m[1]) : null;
}

/** How long a response may be kept (its s-maxage, in seconds), or null when it is never kept. */
function storableFor(method: string, response: Response): number | null {
  const ttl = sharedMaxAge(response.headers.get("cache-control"));
  if (
    method !== "GET" ||
    response.status !== 200 ||
    ttl === null ||
    ttl <= 0 ||
    response.headers.has("set-cookie") ||
    response.headers.has("content-encoding")
  ) {
    return null;
  }
  return ttl;
}

/** The device class of a request, from its Client Hints or User-Agent (domain/device.ts). */
export function requestDevice(header: (name: string) => string | undefined): DeviceClass {
  return deviceClass({
    userAgent: header("user-agent"),
    chUaMobile: header("sec-ch-ua-mobile"),
    chUaPlatform: header("sec-ch-ua-platform"),
  });
}

export function createPageCache(opts: PageCacheOptions = {}) {
  const max = opts.maxEntries ?? 1000;
  const entries = new Map<string, Entry>();
  const storeAfter = opts.storeAfter ?? 1;
  const maxRemembered = opts.maxRemembered ?? 4 * max;
  /** Keys asked for but not kept yet, with how many times (the cache's doorkeeper), oldest first. */
  const asked = new Map<string, number>();
  let hits = 0;
  let misses = 0;
  /** Misses answered as rendered, not kept: the key had not been asked `storeAfter` times before. */
  let passed = 0;
  /** Entries found but made at an older catalog version. */
  let stale = 0;

  /** The entry's bytes in a coding: compressed on the first request that asks for it, then kept. */
  const variant = (entry: Entry, encoding: Encoding): Promise<Uint8Array<ArrayBuffer>> => {
    let body = entry.variants[encoding];
    if (!body) {
      const identity = entry.variants.identity as Promise<Uint8Array<ArrayBuffer>>;
      body = encoding === "identity" ? identity : identity.then((b) => compressBody(b, encoding));
      entry.variants[encoding] = body;
      body.then(
        (bytes) => {
          entry.ready[encoding] = bytes;
        },
        () => undefined,
      );
    }
    return body;
  };

  /**
   * The cache's key for a request, or null when the cache never answers it: not GET/HEAD, a `.data` request, or a
   * signed-in shopper (mili-auth). Host, URL, market, customer type and device class.
   */
  const keyOf = (request: CacheRequest): string | null => {
    const { method, url } = request;
    if (opts.enabled === false || (method !== "GET" && method !== "HEAD") || url.pathname.endsWith(".data")) {
      return null;
    }
    const jar = cookies(request.header("cookie"));
    if (BYPASS_COOKIES.some((name) => jar.has(name))) return null;
    const device = requestDevice(request.header);
    return [
      url.protocol,
      url.host,
      url.pathname,
      url.search,
      ...KEY_COOKIES.map((n) => jar.get(n) ?? ""),
      device,
    ].join("|");
  };

  /** Notes a key as asked `times` times, as the most recent; the oldest key is forgotten past maxRemembered. */
  const remember = (key: string, times: number) => {
    asked.delete(key);
    asked.set(key, times);
    if (asked.size > maxRemembered) asked.delete(asked.keys().next().value as string);
  };

  /**
   * The fresh entry under a key (unexpired, made at the catalog version now heard). A stale one is dropped, its key
   * remembered as asked often enough: the page was kept before, so its next rendering is kept at once.
   */
  const fresh = (key: string, now: number, version: number): Entry | undefined => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt > now && entry.version === version) return entry;
    if (entry && entry.version !== version) {
      stale++;
      entries.delete(key);
      if (storeAfter > 0) remember(key, storeAfter);
    }
    return undefined;
  };

  /** Counts a hit and makes the entry the most recently used. */
  const served = (key: string, entry: Entry) => {
    hits++;
    entries.delete(key);
    entries.set(key, entry);
  };

  /** How an entry answers: 304 when the client already has this rendering, else the client's coding. */
  const planOf = (entry: Entry, acceptEncoding: string | undefined, ifNoneMatch: string | undefined): Plan =>
    matchesEtag(ifNoneMatch, entry.etag)
      ? "304"
      : entry.compressible
        ? negotiateEncoding(acceptEncoding)
        : "identity";

  /**
   * The headers of an answer from an entry: the page's, this answer's few (Age, X-Cache), and the coding and length
   * of its body (none on a 304). The one list both ways of answering use (below, and server/cached-page.ts).
   */
  const headersOf = (
    entry: Entry,
    plan: Plan,
    bodyLength: number,
    extra: [string, string][],
  ): [string, string][] => {
    // One array of the entry's headers and this answer's few: no Headers copy, no Vary parsing per hit.
    const headers: [string, string][] = [...entry.headers, ...extra];
    if (plan === "304") return headers;
    if (plan !== "identity") headers.push(["Content-Encoding", plan]);
    headers.push(["Content-Length", String(bodyLength)]);
    return headers;
  };

  const ageOf = (entry: Entry, now: number) => String(Math.floor((now - entry.storedAt) / 1000));

  /** Answers from an entry in the client's coding, or 304 when the client already has this rendering. */
  const answer = async (
    entry: Entry,
    method: string,
    acceptEncoding: string | undefined,
    ifNoneMatch: string | undefined,
    extra: [string, string][],
  ): Promise<Response> => {
    const plan = planOf(entry, acceptEncoding, ifNoneMatch);
    if (plan === "304") return new Response(null, { status: 304, headers: headersOf(entry, plan, 0, extra) });
    const body = await variant(entry, plan);
    const headers = headersOf(entry, plan, body.byteLength, extra);
    return new Response(method === "HEAD" ? null : body, { status: entry.status, headers });
  };

  const middleware: MiddlewareHandler<{ Variables: { nonce: string; scriptHashes: string[] } }> = async (
    c,
    next,
  ) => {
    const method = c.req.method;
    const header = (name: string) => c.req.header(name);
    const key = keyOf({ method, url: new URL(c.req.url), header });
    if (key === null) return next();
    const now = Date.now();
    const version = opts.version?.() ?? -1;
    const hit = fresh(key, now, version);
    const acceptEncoding = c.req.header("accept-encoding");
    const ifNoneMatch = c.req.header("if-none-match");
    if (hit) {
      served(key, hit);
      c.set("scriptHashes", hit.scriptHashes);
      return answer(hit, method, acceptEncoding, ifNoneMatch, [
        ["Age", ageOf(hit, now)],
        ["X-Cache", "HIT"],
      ]);
    }
    misses++;
    // A key still kept (expired) was asked for often enough already; so was one dropped for an older catalog
    // version (fresh() remembers it as asked enough).
    if (storeAfter > 0 && !entries.has(key)) {
      const times = asked.get(key) ?? 0;
      if (times < storeAfter) {
        remember(key, times + 1);
        passed++;
        await next();
        if (storableFor(method, c.res) !== null) c.res.headers.set("X-Cache", "MISS");
        return;
      }
    }
    asked.delete(key);
    await next();
    const response = c.res;
    const ttl = storableFor(method, response);
    if (ttl === null) return;
    const page = withoutNonce(new Uint8Array(await response.arrayBuffer()), c.get("nonce"));
    const { body, scriptHashes } = page;
    const headers = new Headers(response.headers);
    headers.delete("content-length");
    const etag = `W/"${hash("sha1", body, "base64url").slice(0, 22)}"`;
    headers.set("ETag", etag);
    const compressible = isCompressible(headers.get("content-type")) && body.byteLength >= MIN_SIZE;
    if (compressible) addVary(headers);
    const entry: Entry = {
      variants: { identity: Promise.resolve(body) },
      ready: { identity: body },
      status: response.status,
      headers: [...headers.entries()],
      version,
      etag,
      compressible,
      scriptHashes,
      storedAt: now,
      expiresAt: now + ttl * 1000,
    };
    entries.delete(key);
    entries.set(key, entry);
    while (entries.size > max) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      entries.delete(oldest);
    }
    c.set("scriptHashes", scriptHashes);
    // Hono copies the previous response's headers onto a new one: drop it first.
    c.res = undefined;
    c.res = await answer(entry, method, acceptEncoding, undefined, [["X-Cache", "MISS"]]);
  };

  /**
   * A hit answered without the web Request and Response (server/cached-page.ts): the fresh entry for the request
   * and how it answers, when its body is ready to send (a coding not yet compressed goes the middleware's way,
   * which compresses it). Null when the middleware must answer: no entry, or nothing ready. Counts the hit.
   */
  const hit = (
    request: CacheRequest,
    now: number,
  ): { entry: Entry; plan: Plan; body: Uint8Array<ArrayBuffer> | null; age: string } | null => {
    const key = keyOf(request);
    if (key === null) return null;
    const entry = fresh(key, now, opts.version?.() ?? -1);
    if (!entry) return null;
    const plan = planOf(entry, request.header("accept-encoding"), request.header("if-none-match"));
    let body: Uint8Array<ArrayBuffer> | null = null;
    if (plan !== "304") {
      const ready = entry.ready[plan];
      if (!ready) return null;
      body = ready;
    }
    served(key, entry);
    return { entry, plan, body, age: ageOf(entry, now) };
  };

  return {
    middleware,
    hit,
    headersOf,
    stats: () => ({ entries: entries.size, hits, misses, passed, stale, remembered: asked.size }),
    clear: () => entries.clear(),
  };
}

export type PageCache = ReturnType<typeof createPageCache>;

/** A script element; HTML's whitespace is ASCII's (tab, line feed, form feed, carriage return, space). */
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script[\t\n\f\r ]*>/gi;
const SRC = /[\t\n\f\r ]src[\t\n\f\r ]*=/i;

/**
 * A rendered page made fit to share: its `nonce="…"` attributes (this rendering's nonce) removed, and the CSP hash
 * source of each inline script (its text as the browser's parser reads it: line ends normalised, UTF-8).
 *
 * The page is read one byte per character (latin1), not decoded: what is looked for (the nonce attribute, script
 * tags, line ends) is ASCII, which no byte of a multi-byte UTF-8 character can be, so every other byte passes
 * through as it came and the hash of a script's text is the hash of its UTF-8 bytes. A one-byte string is
 * also what V8 searches fastest (a decoded page with one "å" in it is a two-byte string).
 */
export function withoutNonce(
  bytes: Uint8Array<ArrayBuffer>,
  nonce: string | undefined,
): { body: Uint8Array<ArrayBuffer>; scriptHashes: string[] } {
  let html = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
  if (nonce) html = html.replaceAll(` nonce="${nonce}"`, "");
  const hashes = new Set<string>();
  for (const [, attrs = "", text = ""] of html.matchAll(SCRIPT)) {
    if (SRC.test(attrs) || text === "") continue;
    const normalised = text.replace(/\r\n?/g, "\n");
    hashes.add(`'sha256-${hash("sha256", Buffer.from(normalised, "latin1"), "base64")}'`);
  }
  // A buffer of its own (not Node's shared pool): the page cache keeps it.
  const body = new Uint8Array(html.length);
  Buffer.from(body.buffer).write(html, "latin1");
  return { body, scriptHashes: [...hashes] };
}

import { createHash } from "node:crypto";
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
 */
export interface PageCacheOptions {
  maxEntries?: number;
  enabled?: boolean;
}

interface Entry {
  variants: Partial<Record<Encoding, Promise<Uint8Array<ArrayBuffer>>>>;
  status: number;
  headers: [string, string][];
  etag: string;
  compressible: boolean;
  nonce: string;
  storedAt: number;
  expiresAt: number;
}

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
  let hits = 0;
  let misses = 0;

  /** The entry's bytes in a coding: compressed on the first request that asks for it, then kept. */
  const variant = (entry: Entry, encoding: Encoding): Promise<Uint8Array<ArrayBuffer>> => {
    let body = entry.variants[encoding];
    if (!body) {
      const identity = entry.variants.identity as Promise<Uint8Array<ArrayBuffer>>;
      body = encoding === "identity" ? identity : identity.then((b) => compressBody(b, encoding));
      entry.variants[encoding] = body;
    }
    return body;
  };

  /** Answers from an entry in the client's coding, or 304 when the client already has this rendering. */
  const answer = async (
    entry: Entry,
    method: string,
    acceptEncoding: string | undefined,
    ifNoneMatch: string | undefined,
    extra: Record<string, string>,
  ): Promise<Response> => {
    const headers = new Headers(entry.headers);
    for (const [k, v] of Object.entries(extra)) headers.set(k, v);
    headers.set("ETag", entry.etag);
    let encoding: Encoding = "identity";
    if (entry.compressible) {
      addVary(headers);
      encoding = negotiateEncoding(acceptEncoding);
    }
    if (matchesEtag(ifNoneMatch, entry.etag)) {
      headers.delete("content-length");
      return new Response(null, { status: 304, headers });
    }
    const body = await variant(entry, encoding);
    if (encoding !== "identity") headers.set("Content-Encoding", encoding);
    headers.set("Content-Length", String(body.byteLength));
    return new Response(method === "HEAD" ? null : body, { status: entry.status, headers });
  };

  const middleware: MiddlewareHandler<{ Variables: { nonce: string } }> = async (c, next) => {
    const method = c.req.method;
    const url = new URL(c.req.url);
    if (opts.enabled === false || (method !== "GET" && method !== "HEAD") || url.pathname.endsWith(".data")) {
      return next();
    }
    const jar = cookies(c.req.header("cookie"));
    if (BYPASS_COOKIES.some((name) => jar.has(name))) return next();
    const device = requestDevice((name) => c.req.header(name));
    const key = [
      url.host,
      url.pathname,
      url.search,
      ...KEY_COOKIES.map((n) => jar.get(n) ?? ""),
      device,
    ].join("|");
    const now = Date.now();
    const hit = entries.get(key);
    const acceptEncoding = c.req.header("accept-encoding");
    const ifNoneMatch = c.req.header("if-none-match");
    if (hit && hit.expiresAt > now) {
      hits++;
      entries.delete(key);
      entries.set(key, hit);
      c.set("nonce", hit.nonce);
      return answer(hit, method, acceptEncoding, ifNoneMatch, {
        Age: String(Math.floor((now - hit.storedAt) / 1000)),
        "X-Cache": "HIT",
      });
    }
    misses++;
    await next();
    const response = c.res;
    const ttl = sharedMaxAge(response.headers.get("cache-control"));
    if (
      method !== "GET" ||
      response.status !== 200 ||
      ttl === null ||
      ttl <= 0 ||
      response.headers.has("set-cookie") ||
      response.headers.has("content-encoding")
    ) {
      return;
    }
    const body = new Uint8Array(await response.arrayBuffer());
    const headers = new Headers(response.headers);
    headers.delete("content-length");
    const entry: Entry = {
      variants: { identity: Promise.resolve(body) },
      status: response.status,
      headers: [...headers.entries()],
      etag: `W/"${createHash("sha1").update(body).digest("base64url").slice(0, 22)}"`,
      compressible: isCompressible(headers.get("content-type")) && body.byteLength >= MIN_SIZE,
      nonce: c.get("nonce"),
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
    // Hono copies the previous response's headers onto a new one: drop it first.
    c.res = undefined;
    c.res = await answer(entry, method, acceptEncoding, undefined, { "X-Cache": "MISS" });
  };

  return {
    middleware,
    stats: () => ({ entries: entries.size, hits, misses }),
    clear: () => entries.clear(),
  };
}

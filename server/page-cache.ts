import type { MiddlewareHandler } from "hono";

/**
 * A cache for anonymous storefront pages. A page opts in by answering with `Cache-Control: public, …, s-maxage=N`
 * (catalog pages carry nothing personal in their HTML); the cache keys it by host, URL, market and customer type
 * (the two cookies that change what an anonymous page shows) and keeps it for s-maxage seconds. Signed-in
 * shoppers (mili-auth) always get a fresh page. The same headers let a CDN keep the page, when the CDN keys on
 * the same two cookies.
 */
export interface PageCacheOptions {
  maxEntries?: number;
  enabled?: boolean;
}

interface Entry {
  body: ArrayBuffer;
  status: number;
  headers: [string, string][];
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

export function createPageCache(opts: PageCacheOptions = {}) {
  const max = opts.maxEntries ?? 1000;
  const entries = new Map<string, Entry>();
  let hits = 0;
  let misses = 0;

  const middleware: MiddlewareHandler<{ Variables: { nonce: string } }> = async (c, next) => {
    const method = c.req.method;
    const url = new URL(c.req.url);
    if (opts.enabled === false || (method !== "GET" && method !== "HEAD") || url.pathname.endsWith(".data")) {
      return next();
    }
    const jar = cookies(c.req.header("cookie"));
    if (BYPASS_COOKIES.some((name) => jar.has(name))) return next();
    const key = [url.host, url.pathname, url.search, ...KEY_COOKIES.map((n) => jar.get(n) ?? "")].join("|");
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && hit.expiresAt > now) {
      hits++;
      entries.delete(key);
      entries.set(key, hit);
      c.set("nonce", hit.nonce);
      const headers = new Headers(hit.headers);
      headers.set("Age", String(Math.floor((now - hit.storedAt) / 1000)));
      headers.set("X-Cache", "HIT");
      return new Response(method === "HEAD" ? null : hit.body, { status: hit.status, headers });
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
      response.headers.has("set-cookie")
    ) {
      return;
    }
    const body = await response.arrayBuffer();
    const entry: Entry = {
      body,
      status: response.status,
      headers: [...response.headers.entries()],
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
    const headers = new Headers(response.headers);
    headers.set("X-Cache", "MISS");
    c.res = new Response(body, { status: response.status, headers });
  };

  return {
    middleware,
    stats: () => ({ entries: entries.size, hits, misses }),
    clear: () => entries.clear(),
  };
}

import type { IncomingMessage, ServerResponse } from "node:http";
import type { TLSSocket } from "node:tls";
import { LOGIN_TOKEN_PARAM } from "./auth.ts";
import { addVary, isCompressible } from "./compression.ts";
import { decodable } from "./guard.ts";
import { requestIdOf } from "./logger.ts";
import type { AnsweredRequest } from "./metrics.ts";
import type { Entry, PageCache, Plan } from "./page-cache.ts";
import type { SecurityHeaderWriter } from "./security.ts";

/** Answers the request when it is a page-cache hit it can answer (true), else leaves it untouched (false). */
export type CachedPageListener = (incoming: IncomingMessage, res: ServerResponse) => boolean;

export interface CachedPageOptions {
  pageCache: PageCache;
  /** The request's URL as the shopper sees it (server/client.ts publicUrlOf). */
  publicUrl: (rawUrl: string | URL, header: (name: string) => string | undefined) => URL;
  writeSecurityHeaders: SecurityHeaderWriter;
  /** The metrics and the log line of an answered request (server/app.ts). */
  recordRequest: (request: AnsweredRequest) => void;
}

/**
 * A page-cache hit answered at the node:http layer (decision 0068), before the request becomes a web Request and the
 * answer a web Response: one `writeHead` with a header list made once per cached page and coding, one `end` with
 * the cached bytes. It gives what the app's middlewares give a hit (server/app.ts), through their own rules: the
 * cache's key, freshness and answer (server/page-cache.ts), the shopper's URL (server/client.ts), the security
 * headers (server/security.ts), compression's Vary (server/compression.ts), X-Request-Id, the metrics and the log
 * line. Whatever it is not sure of it leaves to the app, which answers the same request the same way: a request
 * target or Host outside a plain form, a request with a body, a header it reads given twice, a login token, a page
 * not cached, or a coding not compressed yet.
 */
export function cachedPageListener(opts: CachedPageOptions): CachedPageListener {
  const { pageCache, publicUrl, writeSecurityHeaders, recordRequest } = opts;
  const templates = new WeakMap<Entry, Map<Plan, Template | null>>();

  const templateOf = (entry: Entry, plan: Plan, url: URL, bodyLength: number): Template | null => {
    let byPlan = templates.get(entry);
    if (!byPlan) {
      byPlan = new Map();
      templates.set(entry, byPlan);
    }
    let template = byPlan.get(plan);
    if (template === undefined) {
      template = makeTemplate(entry, plan, url, bodyLength);
      byPlan.set(plan, template);
    }
    return template;
  };

  /** The answer's headers as the app's middlewares leave them, in the order the Node adapter writes them. */
  const makeTemplate = (entry: Entry, plan: Plan, url: URL, bodyLength: number): Template | null => {
    const status = plan === "304" ? 304 : entry.status;
    // A page that sent its own Age would have this answer's joined to it: such an answer goes the app's way.
    if (entry.headers.some(([name]) => name.toLowerCase() === "age")) return null;
    const headers = new Headers(
      pageCache.headersOf(entry, plan, bodyLength, [
        ["Age", "0"],
        ["X-Cache", "HIT"],
      ]),
    );
    // server/compression.ts: a compressible answer that is not encoded names Accept-Encoding in Vary.
    if (status !== 304 && !headers.has("content-encoding") && isCompressible(headers.get("content-type")))
      addVary(headers);
    writeSecurityHeaders(headers, url, { hashes: entry.scriptHashes });
    headers.set("X-Request-Id", "-");
    // The Node adapter would add its own Content-Type to a body without one: such an answer goes the app's way.
    if (headers.has("set-cookie") || (status !== 304 && !headers.has("content-type"))) return null;
    const flat: string[] = [];
    let age = -1;
    let requestId = -1;
    for (const [name, value] of headers) {
      if (name === "age") age = flat.length + 1;
      if (name === "x-request-id") requestId = flat.length + 1;
      flat.push(name, value);
    }
    return { status, flat, age, requestId };
  };

  return (incoming, res) => {
    const started = performance.now();
    const method = incoming.method;
    if (method !== "GET" && method !== "HEAD") return false;
    const target = incoming.url ?? "";
    if (!PLAIN_TARGET.test(target) || DOT_SEGMENT.test(target) || target.includes(LOGIN_TOKEN_PARAM))
      return false;
    const values = readHeaders(incoming.rawHeaders);
    if (!values || values["content-length"] !== undefined || values["transfer-encoding"] !== undefined)
      return false;
    const host = values.host;
    if (host === undefined || !PLAIN_HOST.test(host)) return false;
    const header = (name: string): string | undefined => {
      if (!READ.has(name)) throw new Error(`the page cache's fast path does not read ${name}`);
      return values[name];
    };
    let found: ReturnType<PageCache["hit"]>;
    let url: URL;
    try {
      const scheme = (incoming.socket as TLSSocket).encrypted ? "https" : "http";
      const asked = new URL(`${scheme}://${host}${target}`);
      // A Host the URL parser rewrites (an IPv4 address in another notation) is refused by the Node adapter.
      if (asked.hostname !== host.replace(/:\d+$/, "")) return false;
      url = publicUrl(asked, header);
      if (!decodable(url.pathname)) return false;
      found = pageCache.hit({ method, url, header }, Date.now());
    } catch {
      return false;
    }
    if (!found) return false;
    const { entry, plan, body, age } = found;
    const template = templateOf(entry, plan, url, body?.byteLength ?? 0);
    if (!template) return false;
    const requestId = requestIdOf(values["x-request-id"]);
    const flat = template.flat.slice();
    flat[template.age] = age;
    flat[template.requestId] = requestId;
    res.writeHead(template.status, flat);
    if (method === "HEAD" || body === null) res.end();
    else res.end(body);
    const query = target.indexOf("?");
    recordRequest({
      method,
      path: query < 0 ? target : target.slice(0, query),
      status: template.status,
      seconds: (performance.now() - started) / 1000,
      requestId,
    });
    return true;
  };
}

interface Template {
  status: number;
  /** Names and values, one after the other, as `writeHead` takes them. */
  flat: string[];
  /** Where Age's and X-Request-Id's values go. */
  age: number;
  requestId: number;
}

/**
 * A request target in origin form of plain characters only: no percent-escapes (the router decodes them, the cache
 * key does not), no fragment, no backslash, no quotes or brackets. Any other goes the app's way.
 */
const PLAIN_TARGET = /^\/[A-Za-z0-9\-._~!$&'()*+,;=:@/]*(?:\?[A-Za-z0-9\-._~!$&'()*+,;=:@/?]*)?$/;
const DOT_SEGMENT = /\/\.\.?(?:[/?]|$)/;
/** A lower-case host name with an optional port: what the Node adapter takes as it is. */
const PLAIN_HOST = /^[a-z0-9._-]+(?::[1-9]\d{0,4})?$/;

/** The request headers a hit reads (server/page-cache.ts, server/client.ts), and those that send it the app's way. */
const READ = new Set([
  "host",
  "cookie",
  "user-agent",
  "sec-ch-ua-mobile",
  "sec-ch-ua-platform",
  "accept-encoding",
  "if-none-match",
  "x-request-id",
  "x-forwarded-proto",
  "x-forwarded-host",
  "content-length",
  "transfer-encoding",
]);

/**
 * The headers of READ, each given once and without surrounding white space (as the web Request would read it);
 * null when one is given twice (Node and the web Request join repeats differently) or padded.
 */
function readHeaders(raw: string[]): Record<string, string> | null {
  const values: Record<string, string> = Object.create(null);
  for (let i = 0; i < raw.length; i += 2) {
    const name = (raw[i] as string).toLowerCase();
    if (!READ.has(name)) continue;
    const value = raw[i + 1] as string;
    if (name in values || value !== value.trim()) return null;
    values[name] = value;
  }
  return values;
}

import type { MiddlewareHandler } from "hono";
import { subjectOfIp } from "#integrations/rate-limit/subjects.ts";

export interface ClientOptions {
  /**
   * TRUST_PROXY: one proxy in front of the shop that sets X-Forwarded-Proto, X-Forwarded-Host and appends the
   * client's address to X-Forwarded-For. Without it those headers are anybody's to send and are ignored.
   */
  trustProxy: boolean;
  /** PUBLIC_URL: the shop's address as shoppers see it (its scheme always; its host unless DOMAINS is set). */
  publicUrl?: string | undefined;
  /** DOMAINS is set: each language's host comes from the request, only the scheme from PUBLIC_URL. */
  hostPerLanguage: boolean;
}

export type ClientVariables = {
  /** Whose budget the request draws from in the rate limits (an IPv4 address or an IPv6 /64). */
  clientSubject: string;
  /** The client's address, as the socket or the trusted proxy says. */
  clientIp: string;
};

/** What the Node adapter hands Hono as `c.env`: the incoming message (for the socket's address). */
type NodeBindings = { incoming?: { socket?: { remoteAddress?: string } } };

/**
 * The request as the shopper made it: behind a TLS proxy the shop is asked over plain HTTP, but its pages, links,
 * cookies (Secure), HSTS, the same-site check and the page cache's key must all see `https://` and the public
 * host. This middleware, first of all, rewrites the request's URL once (scheme and host from PUBLIC_URL, or from
 * a trusted proxy's X-Forwarded-Proto/-Host), so everything after it — React Router included — reads one truth
 * from `request.url`. It also decides the client's address for the rate limits: the socket's peer, or with
 * TRUST_PROXY the address the proxy appended last to X-Forwarded-For (earlier entries are the client's to forge).
 */
export function publicRequest(opts: ClientOptions): MiddlewareHandler<{
  Bindings: NodeBindings;
  Variables: ClientVariables;
}> {
  const publicUrl = publicUrlOf(opts);
  return async (c, next) => {
    const raw = c.req.raw;
    const url = publicUrl(raw.url, (name) => raw.headers.get(name) ?? undefined);
    if (url.href !== raw.url) {
      const hasBody = raw.method !== "GET" && raw.method !== "HEAD" && raw.body !== null;
      c.req.raw = new Request(url, {
        method: raw.method,
        headers: raw.headers,
        signal: raw.signal,
        ...(hasBody ? { body: raw.body, duplex: "half" } : {}),
      } as RequestInit);
    }
    const peer = c.env?.incoming?.socket?.remoteAddress;
    const xff = opts.trustProxy ? raw.headers.get("x-forwarded-for") : null;
    const ip = (xff ? xff.split(",").at(-1)?.trim() : undefined) || peer || "";
    c.set("clientIp", ip);
    c.set("clientSubject", subjectOfIp(ip));
    await next();
  };
}

/**
 * The rule that makes a request's URL the shopper's (above): scheme and host from PUBLIC_URL, or from a trusted
 * proxy's X-Forwarded-Proto/-Host. Also used by a page-cache hit answered at the node:http layer
 * (server/cached-page.ts), so both find the same cache key.
 */
export function publicUrlOf(
  opts: ClientOptions,
): (rawUrl: string | URL, header: (name: string) => string | undefined) => URL {
  const fixed = opts.publicUrl ? new URL(opts.publicUrl) : undefined;
  return (rawUrl, header) => {
    const url = new URL(rawUrl);
    const forwarded = (name: string) =>
      opts.trustProxy ? header(name)?.split(",")[0]?.trim().toLowerCase() : undefined;
    const proto = fixed?.protocol.slice(0, -1) ?? forwarded("x-forwarded-proto");
    if (proto === "http" || proto === "https") url.protocol = `${proto}:`;
    const host = fixed && !opts.hostPerLanguage ? fixed.host : forwarded("x-forwarded-host");
    if (host && /^[a-z0-9.-]+(?::\d{1,5})?$|^\[[0-9a-f:.]+\](?::\d{1,5})?$/.test(host)) {
      url.host = host;
      // Setting a host without a port keeps the old port: the public host has the scheme's default port.
      if (!/:\d+$/.test(host)) url.port = "";
    }
    return url;
  };
}

import type { MiddlewareHandler } from "hono";

/** The payment sandboxes' payment pages (server/checkout.ts): /sandbox/klarna/pay/{id}. */
const SANDBOX_PAYMENT_PAGE = /^\/sandbox\/[a-z]+\/pay\/[^/]+$/;

/**
 * Security headers on every response: a CSP whose inline scripts need this request's nonce (or, for a page from
 * the page cache, their hashes: server/page-cache.ts), no framing, a strict referrer policy, and HSTS when the
 * shopper's request came over HTTPS (the request's URL is the shopper's: server/client.ts).
 */
export interface SecurityOptions {
  /**
   * Origins of the third-party scripts the shopper may agree to (the tag manager, the review service:
   * app/lib/consent.server.ts): allowed to load, and to be fetched from and to show images; they load only
   * after consent, which the page's own script decides.
   */
  thirdPartyOrigins?: readonly string[];
}

/**
 * Writes the security headers of one response into `headers`: the one rule, used by the middleware below and by a
 * page-cache hit answered at the node:http layer (server/cached-page.ts). `hashes` are a cached page's script hashes;
 * without them the policy names this response's nonce.
 */
export type SecurityHeaderWriter = (
  headers: Headers,
  url: URL,
  scripts: { hashes?: string[] | undefined; nonce?: string | undefined },
) => void;

export function securityHeaderWriter(opts: SecurityOptions = {}): SecurityHeaderWriter {
  const third = opts.thirdPartyOrigins?.length ? ` ${opts.thirdPartyOrigins.join(" ")}` : "";
  const policy = (scripts: string) =>
    [
      "default-src 'self'",
      `script-src 'self'${third} ${scripts}`,
      "style-src 'self' 'unsafe-inline'",
      `img-src 'self' data: blob:${third}`,
      "font-src 'self'",
      `connect-src 'self'${third}`,
      "manifest-src 'self'",
      "worker-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join("; ");
  // A cached page hands the same array of hashes to every answer: its policy is written once.
  const hashed = new WeakMap<string[], string>();
  return (h, url, { hashes, nonce }) => {
    // A rendered page: its scripts and module preloads carry this response's nonce, and 'strict-dynamic' lets
    // them load the rest. A page from the page cache carries no nonce: its inline scripts are allowed by their
    // hashes, and its parser-inserted module preloads and scripts (same-origin /assets) by 'self' — which
    // 'strict-dynamic' would switch off, blocking every preload of a cached page.
    let csp: string;
    if (hashes) {
      csp = hashed.get(hashes) ?? policy(hashes.join(" "));
      hashed.set(hashes, csp);
    } else csp = policy(`'nonce-${nonce}' 'strict-dynamic'`);
    // A payment sandbox's payment page plays the provider's, which the checkout page shows in its snippet's frame:
    // it may be framed by this shop's own pages (and only by them). The sandboxes exist outside production only.
    const framable = SANDBOX_PAYMENT_PAGE.test(url.pathname);
    h.set(
      "Content-Security-Policy",
      framable ? csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'") : csp,
    );
    h.set("X-Frame-Options", framable ? "SAMEORIGIN" : "DENY");
    h.set("X-Content-Type-Options", "nosniff");
    h.set("Referrer-Policy", "strict-origin-when-cross-origin");
    h.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()");
    h.set("Cross-Origin-Opener-Policy", "same-origin");
    if (url.protocol === "https:") h.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  };
}

export function securityHeaders(write: SecurityHeaderWriter = securityHeaderWriter()): MiddlewareHandler<{
  Variables: { nonce: string; scriptHashes: string[] };
}> {
  return async (c, next) => {
    const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
    c.set("nonce", nonce);
    await next();
    write(c.res.headers, new URL(c.req.url), { hashes: c.get("scriptHashes"), nonce });
  };
}

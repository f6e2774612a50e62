import type { MiddlewareHandler } from "hono";

/** The payment sandboxes' payment pages (server/checkout.ts): /sandbox/klarna/pay/{id}. */
const SANDBOX_PAYMENT_PAGE = /^\/sandbox\/[a-z]+\/pay\/[^/]+$/;

/**
 * Security headers on every response: a CSP whose inline scripts need this request's nonce (or, for a page from
 * the page cache, their hashes: server/page-cache.ts), no framing, a strict referrer policy, and HSTS when the
 * shopper's request came over HTTPS (the request's URL is the shopper's: server/client.ts).
 */
export function securityHeaders(
  opts: {
    /**
     * Origins of the third-party scripts the shopper may agree to (the tag manager, the review service:
     * app/lib/consent.server.ts): allowed to load, and to be fetched from and to show images; they load only
     * after consent, which the page's own script decides.
     */
    thirdPartyOrigins?: readonly string[];
  } = {},
): MiddlewareHandler<{
  Variables: { nonce: string; scriptHashes: string[] };
}> {
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
  return async (c, next) => {
    const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
    c.set("nonce", nonce);
    await next();
    const hashes = c.get("scriptHashes");
    // A rendered page: its scripts and module preloads carry this response's nonce, and 'strict-dynamic' lets
    // them load the rest. A page from the page cache carries no nonce: its inline scripts are allowed by their
    // hashes, and its parser-inserted module preloads and scripts (same-origin /assets) by 'self' — which
    // 'strict-dynamic' would switch off, blocking every preload of a cached page.
    let csp: string;
    if (hashes) {
      csp = hashed.get(hashes) ?? policy(hashes.join(" "));
      hashed.set(hashes, csp);
    } else csp = policy(`'nonce-${nonce}' 'strict-dynamic'`);
    const h = c.res.headers;
    // A payment sandbox's payment page plays the provider's, which the checkout page shows in its snippet's frame:
    // it may be framed by this shop's own pages (and only by them). The sandboxes exist outside production only.
    const framable = SANDBOX_PAYMENT_PAGE.test(new URL(c.req.url).pathname);
    h.set(
      "Content-Security-Policy",
      framable ? csp.replace("frame-ancestors 'none'", "frame-ancestors 'self'") : csp,
    );
    h.set("X-Frame-Options", framable ? "SAMEORIGIN" : "DENY");
    h.set("X-Content-Type-Options", "nosniff");
    h.set("Referrer-Policy", "strict-origin-when-cross-origin");
    h.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()");
    h.set("Cross-Origin-Opener-Policy", "same-origin");
    if (new URL(c.req.url).protocol === "https:")
      h.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  };
}

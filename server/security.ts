import type { MiddlewareHandler } from "hono";

export interface SecurityOptions {
  /** Trust X-Forwarded-Proto from a proxy in front of the shop. */
  trustProxy: boolean;
}

/**
 * Security headers on every response: a CSP whose inline scripts need this request's nonce, no framing, a
 * strict referrer policy, and HSTS when the request came over HTTPS.
 */
export function securityHeaders(opts: SecurityOptions): MiddlewareHandler<{ Variables: { nonce: string } }> {
  return async (c, next) => {
    const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
    c.set("nonce", nonce);
    await next();
    // A page served from the page cache carries the nonce it was rendered with.
    const used = c.get("nonce");
    const h = c.res.headers;
    h.set(
      "Content-Security-Policy",
      [
        "default-src 'self'",
        `script-src 'self' 'nonce-${used}' 'strict-dynamic'`,
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "font-src 'self'",
        "connect-src 'self'",
        "manifest-src 'self'",
        "worker-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ].join("; "),
    );
    h.set("X-Frame-Options", "DENY");
    h.set("X-Content-Type-Options", "nosniff");
    h.set("Referrer-Policy", "strict-origin-when-cross-origin");
    h.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()");
    h.set("Cross-Origin-Opener-Policy", "same-origin");
    const proto = opts.trustProxy
      ? c.req.header("x-forwarded-proto")
      : new URL(c.req.url).protocol.replace(":", "");
    if (proto === "https") h.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  };
}

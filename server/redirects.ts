import type { MiddlewareHandler } from "hono";
import { pathOf, sameSiteUrl } from "#domain/redirect.ts";

/**
 * Every redirect the shop sends goes through the one redirect rule (domain/redirect.ts), whichever route made it:
 * the Location is normalised, then kept when it is on this origin (sent as a path) or on another of the shop's
 * hosts (DOMAINS, sent whole); anything else — another site, `//host`, `/\host`, a scheme other than http(s) — is
 * replaced by the home page and logged, since it can only come from input that escaped a route's own check.
 */
export function sameSiteRedirects(opts: {
  /** The shop's other hosts (DOMAINS), as host names; their scheme is the request's. */
  hosts: readonly string[];
  onRefused: (location: string) => void;
}): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const location = c.res.headers.get("location");
    if (location === null || c.res.status < 300 || c.res.status > 399) return;
    const base = new URL(c.req.url);
    // A host without a port is reached on the port this request came in on (as the storefront's own redirect
    // between DOMAINS hosts keeps it).
    const port = base.port ? `:${base.port}` : "";
    const origins = opts.hosts.flatMap((host) =>
      /:\d+$/.test(host)
        ? [`${base.protocol}//${host}`]
        : [`${base.protocol}//${host}${port}`, `${base.protocol}//${host}`],
    );
    const target = sameSiteUrl(location, base, origins);
    const safe = target ? (target.origin === base.origin ? pathOf(target) : target.href) : null;
    if (safe === location) return;
    if (safe === null) opts.onRefused(location);
    const headers = new Headers(c.res.headers);
    headers.set("Location", safe ?? "/");
    const { status, statusText, body } = c.res;
    c.res = undefined;
    c.res = new Response(body, { status, statusText, headers });
  };
}

/**
 * Where a form post without JavaScript goes back to: an explicit same-site path (a `returnTo` field), else the
 * Referer when it is on this host, else `fallback`. Never another host or scheme, so a form cannot be made into an
 * open redirect. The caller adds its status to the returned URL's query.
 */
export function backTo(request: Request, fallback: string, explicit?: string | null): URL {
  const url = new URL(request.url);
  const sameHost = (candidate: URL) => candidate.host === url.host && /^https?:$/.test(candidate.protocol);
  if (explicit?.startsWith("/") && !explicit.startsWith("//")) {
    try {
      const candidate = new URL(explicit, url);
      if (sameHost(candidate)) return candidate;
    } catch {
      // A malformed path: try the Referer.
    }
  }
  const referer = request.headers.get("referer");
  if (referer) {
    try {
      const candidate = new URL(referer);
      if (sameHost(candidate)) return candidate;
    } catch {
      // A malformed Referer: go to the fallback.
    }
  }
  return new URL(fallback, url);
}

/** A URL's path, query and hash: what a redirect within the site sends. */
export function pathOf(url: URL): string {
  return `${url.pathname}${url.search}${url.hash}`;
}

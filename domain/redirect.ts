/**
 * The one rule for where the shop may send a browser (issue 10): a redirect target is normalised first — resolved
 * against the page's URL the way a browser resolves it (dot segments, `%2e`, backslashes, tabs and newlines), and
 * the leading slashes of its path collapsed to one — and then it must be on one of the shop's own origins. What
 * comes out is a path (`/kassen?x#y`) that no browser reads as another host: never `//host`, never `/\host`.
 */

/** The target as a same-site path (path, query, hash), or null when it leaves the shop or does not parse. */
export function sameSitePath(target: string, base: string | URL): string | null {
  const url = sameSiteUrl(target, base, []);
  return url ? pathOf(url) : null;
}

/**
 * The target as a URL on the shop: the base's origin, or one of `origins` (the shop's other hosts, e.g. each
 * language's domain); null otherwise. Its path has exactly one leading slash.
 */
export function sameSiteUrl(target: string, base: string | URL, origins: readonly string[]): URL | null {
  let baseUrl: URL;
  let url: URL;
  try {
    baseUrl = new URL(base);
    url = new URL(target, baseUrl);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (url.username || url.password) return null;
  if (url.origin !== baseUrl.origin && !origins.includes(url.origin)) return null;
  // `/.//evil.example` resolves to the path `//evil.example`: sent as it is, a browser would read a host.
  url.pathname = url.pathname.replace(/^[/\\]+/, "/");
  return url;
}

/** A URL's path, query and hash: what a redirect within the site sends. */
export function pathOf(url: URL): string {
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Defence in depth: a path is never protocol-relative, whatever a URL implementation did above.
  return /^[/\\]{2}/.test(path) ? `/${path.replace(/^[/\\]+/, "")}` : path;
}

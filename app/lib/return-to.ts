import { pathOf, sameSiteUrl } from "#domain/redirect.ts";

export { pathOf };

/**
 * Where a form post without JavaScript goes back to: an explicit same-site path (a `returnTo` field), else the
 * Referer when it is on this site, else `fallback`. Each candidate goes through the shop's one redirect rule
 * (domain/redirect.ts): normalised, then kept only when it is on this origin, so a form cannot be made into an
 * open redirect (`returnTo=/.//evil.example` comes back as `/evil.example`). The caller adds its status to the
 * returned URL's query and sends `pathOf(url)`.
 */
export function backTo(request: Request, fallback: string, explicit?: string | null): URL {
  const url = new URL(request.url);
  const candidates = [explicit?.startsWith("/") ? explicit : null, request.headers.get("referer")];
  for (const candidate of candidates) {
    const target = candidate ? sameSiteUrl(candidate, url, []) : null;
    if (target) return target;
  }
  return sameSiteUrl(fallback, url, []) ?? new URL("/", url);
}

/**
 * Cache-Control for pages. Catalog pages carry nothing personal in their HTML, so they may be kept by the
 * server's page cache and a CDN (keyed by URL, market and customer type) for a minute and served stale while
 * refreshed; cart, checkout, account and favourites pages are private.
 */
export const PUBLIC_PAGE = { "Cache-Control": "public, max-age=0, s-maxage=60, stale-while-revalidate=300" };
export const PRIVATE_PAGE = { "Cache-Control": "private, no-store" };

export function publicHeaders() {
  return PUBLIC_PAGE;
}

export function privateHeaders() {
  return PRIVATE_PAGE;
}

/**
 * Cache-Control for pages. Catalog pages carry nothing personal in their HTML, so the server's page cache and a
 * CDN (keyed by URL, market and customer type) may keep them for a minute (`s-maxage`), and a CDN may serve them
 * stale while it refreshes (`CDN-Cache-Control`). Browsers always revalidate (`max-age=0`, no
 * stale-while-revalidate): a shopper who switches market or customer type must see the new prices at once.
 * Cart, checkout, account and favourites pages are private.
 */
export const PUBLIC_PAGE = {
  "Cache-Control": "public, max-age=0, s-maxage=60",
  "CDN-Cache-Control": "max-age=60, stale-while-revalidate=300",
};
export const PRIVATE_PAGE = { "Cache-Control": "private, no-store" };

export function publicHeaders() {
  return PUBLIC_PAGE;
}

export function privateHeaders() {
  return PRIVATE_PAGE;
}

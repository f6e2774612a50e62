/**
 * Cache-Control for pages. Catalog pages carry nothing personal in their HTML, so the server's page cache and a
 * CDN (keyed by URL, market and customer type) may keep them for a minute (`s-maxage`), and a CDN may serve them
 * stale while it refreshes (`CDN-Cache-Control`). Browsers always revalidate (`max-age=0`, no
 * stale-while-revalidate): a shopper who switches market or customer type must see the new prices at once.
 * Cart, checkout, account and favourites pages are private.
 *
 * The same URL still renders differently by the market and customer-type cookies (mili-selected-market,
 * mili-user-type) and by the device class the server reads from the User-Agent and the Client Hints
 * Sec-CH-UA-Mobile and Sec-CH-UA-Platform (domain/device.ts, root.tsx's loader): `Vary` names those request
 * headers, so a standard cache never gives one shopper's variant to another (the server adds Accept-Encoding
 * for the coding). A CDN that can key on single cookies and a device class does better than the whole Cookie
 * header; the server's own page cache does exactly that (server/page-cache.ts).
 */
export const PUBLIC_PAGE_VARY = ["Cookie", "User-Agent", "Sec-CH-UA-Mobile", "Sec-CH-UA-Platform"] as const;

export const PUBLIC_PAGE = {
  "Cache-Control": "public, max-age=0, s-maxage=60",
  "CDN-Cache-Control": "max-age=60, stale-while-revalidate=300",
  Vary: PUBLIC_PAGE_VARY.join(", "),
};
export const PRIVATE_PAGE = { "Cache-Control": "private, no-store" };

export function publicHeaders() {
  return PUBLIC_PAGE;
}

export function privateHeaders() {
  return PRIVATE_PAGE;
}

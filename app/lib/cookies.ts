/** The storefront's cookies (spec §7, §9) and their lifetimes in seconds. */
export const COOKIES = {
  auth: "mili-auth",
  user: "mili-user",
  userMaxAge: "mili-user-maxage",
  authRefresh: "mili-auth-refresh",
  userType: "mili-user-type",
  cart: "mili-cart",
  selectedMarket: "mili-selected-market",
  checkoutMarket: "mili-checkout-market",
  persistedStates: "mili-persisted-states",
} as const;

export const ONE_YEAR = 31_536_000;

/** Reads one cookie from a Cookie header (or document.cookie). */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** A Set-Cookie value (or a document.cookie assignment) with path / and SameSite=Lax. */
export function serializeCookie(
  name: string,
  value: string,
  maxAge: number,
  opts: { secure?: boolean } = {},
) {
  const parts = [`${name}=${encodeURIComponent(value)}`, "Path=/", `Max-Age=${maxAge}`, "SameSite=Lax"];
  if (opts.secure) parts.push("Secure");
  return parts.join("; ");
}

import { COOKIES, ONE_YEAR, serializeCookie } from "../cookies.ts";

/** The cookie assignments for choosing a market: the selected market and the checkout market, one year each. */
export function marketCookies(market: string, secure: boolean): string[] {
  return [
    serializeCookie(COOKIES.selectedMarket, market, ONE_YEAR, { secure }),
    serializeCookie(COOKIES.checkoutMarket, market, ONE_YEAR, { secure }),
  ];
}

export function customerTypeCookie(type: string, secure: boolean): string {
  return serializeCookie(COOKIES.userType, type, ONE_YEAR, { secure });
}

/** Writes cookie assignments to document.cookie (Secure on https pages). */
export function writeCookies(make: (secure: boolean) => string | string[]) {
  const list = make(location.protocol === "https:");
  for (const cookie of Array.isArray(list) ? list : [list]) {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the shop supports; the value is built by serializeCookie.
    document.cookie = cookie;
  }
}

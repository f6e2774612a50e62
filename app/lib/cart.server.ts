import type { RouterContextProvider } from "react-router";
import { refusalOf } from "#domain/cart-refusals.ts";
import type { CartData, CartFailure } from "./cart.ts";
import { COOKIES, ONE_YEAR, readCookie, serializeCookie } from "./cookies.ts";
import { GetCartQuery } from "./graphql/cart-operations.ts";
import { GraphqlClientError } from "./graphql/client.ts";
import { requestClient } from "./graphql/server.ts";

/** The cart on the server: the request's cart id, market and customer type, and the API's refusals as the storefront words them. */

const MARKET_ALIAS = /^[a-z0-9-]{1,20}$/;
/** A cart id as the API issues them; a `mili-cart` cookie of any other shape is ignored (a new cart starts). */
const CART_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The GraphQL client of a cart request with what every cart call sends: the cart id from the `mili-cart` cookie,
 * the market (the checkout market on checkout pages, spec §7) and the shopper's type from `mili-user-type`.
 */
export function cartClient(request: Request, context: Readonly<RouterContextProvider>, checkout: boolean) {
  const { client, locale, rc, url } = requestClient(request, context);
  const cookies = request.headers.get("cookie");
  const checkoutMarket = readCookie(cookies, COOKIES.checkoutMarket);
  const marketId =
    checkout && checkoutMarket && MARKET_ALIAS.test(checkoutMarket) ? checkoutMarket : locale.market;
  const type = readCookie(cookies, COOKIES.userType);
  return {
    client,
    locale,
    rc,
    url,
    id: cartIdOf(readCookie(cookies, COOKIES.cart)),
    vars: {
      marketId,
      customerType: type === "ORGANIZATION" ? "ORGANIZATION" : "PERSON",
    },
  };
}

function cartIdOf(cookie: string | null | undefined): string | null {
  return cookie && CART_ID.test(cookie) ? cookie : null;
}

/** The `mili-cart` cookie for a cart the API answered (one year). */
export function cookieFor(request: Request, cart: CartData | null): Record<string, string> {
  if (!cart) return {};
  const secure = new URL(request.url).protocol === "https:";
  return { "Set-Cookie": serializeCookie(COOKIES.cart, cart.id, ONE_YEAR, { secure }) };
}

/** The API's refusal as the storefront words it (reason and the details the message needs). */
export function failureOf(error: unknown): CartFailure {
  if (error instanceof GraphqlClientError && error.retryAfter !== undefined)
    return { reason: "RATE_LIMITED", retryAfter: error.retryAfter };
  if (error instanceof GraphqlClientError) {
    const ext = error.graphQLErrors[0]?.extensions as Record<string, unknown> | undefined;
    if (ext && typeof ext.reason === "string") return refusalOf(ext.reason, ext);
  }
  return { reason: "FAILED" };
}

/**
 * The shopper's cart for a page: null when there is no cart cookie (nothing is created for a visitor who has not
 * added anything). `refresh` drops items that can no longer be bought.
 */
export async function readCart(
  request: Request,
  context: Readonly<RouterContextProvider>,
  opts: { checkout: boolean; refresh: boolean },
): Promise<{ cart: CartData | null; failure: CartFailure | null; headers: Record<string, string> }> {
  const { client, id, vars, rc } = cartClient(request, context, opts.checkout);
  if (!id) return { cart: null, failure: null, headers: {} };
  try {
    const { data } = await client.request(GetCartQuery, {
      id,
      forceRefresh: opts.refresh,
      allowExternalShippingFee: opts.checkout,
      ...vars,
    });
    return { cart: data.getCart, failure: null, headers: cookieFor(request, data.getCart) };
  } catch (error) {
    rc.log("error", "cart could not be read", {
      error: error instanceof Error ? error.message : String(error),
    });
    return { cart: null, failure: failureOf(error), headers: {} };
  }
}

import { redirect } from "react-router";
import { cartClient, cookieFor, failureOf } from "../lib/cart.server.ts";
import {
  CART_INTENTS,
  type CartFailure,
  type CartIntent,
  type CartResult,
  failureToQuery,
  parseQuantity,
  requestedQuantity,
} from "../lib/cart.ts";
import {
  AddPackageToCartMutation,
  AddToCartMutation,
  GetCartQuery,
  RemoveCartPromoCodeMutation,
  SetCartPromoCodeMutation,
  UpdateCartGroupMutation,
  UpdateCartItemMutation,
} from "../lib/graphql/cart-operations.ts";
import { type GraphqlClient, GraphqlClientError } from "../lib/graphql/client.ts";
import { href } from "../lib/page-locale.ts";
import { backTo, pathOf } from "../lib/return-to.ts";
import { screenHref } from "../lib/screens.ts";
import type { Route } from "./+types/api.cart";

/**
 * The cart's one route (resource route), keyed by an intent: add, update, remove, group, promo, remove-code,
 * package. The browser's cart store asks with `Accept: application/json` and gets {cart, error}; a form posted
 * without JavaScript is redirected back to its page (or the cart page) with the outcome in the query. Either way the
 * cart id is written to the `mili-cart` cookie (one year). GET answers the shopper's cart (`?refresh=1` drops
 * items that can no longer be bought; `?checkout=1` prices it in the checkout market).
 */

const json = (body: CartResult, init: { status?: number; headers?: Record<string, string> } = {}) =>
  Response.json(body, {
    status: init.status ?? 200,
    headers: { "Cache-Control": "private, no-store", ...init.headers },
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const checkout = url.searchParams.get("checkout") === "1";
  const { client, id, vars, rc } = cartClient(request, context, checkout);
  try {
    // No cookie: a new cart (the store asks only when it has a cart, or starts over after a failed read).
    const { data } = await client.request(GetCartQuery, {
      id,
      forceRefresh: url.searchParams.get("refresh") === "1",
      allowExternalShippingFee: checkout,
      ...vars,
    });
    return json({ cart: data.getCart }, { headers: cookieFor(request, data.getCart) });
  } catch (error) {
    const failure = failureOf(error);
    // A new cart past the client's budget (decision 0016): 429 with Retry-After, nothing made.
    if (failure.retryAfter !== undefined)
      return json(
        { cart: null, error: failure },
        { status: 429, headers: { "Retry-After": String(failure.retryAfter) } },
      );
    rc.log("error", "cart could not be read", {
      error: error instanceof Error ? error.message : String(error),
    });
    return json({ cart: null, error: failure }, { status: 502 });
  }
}

type Fields = Record<string, string>;

/** Runs one intent; a malformed field is refused here, before the API, with the same reasons it uses. */
async function run(client: GraphqlClient, intent: CartIntent, id: string | null, f: Fields, vars: object) {
  const quantity = (min: number, fallback?: number) => {
    const asked = requestedQuantity(f);
    const q = asked === undefined && fallback !== undefined ? fallback : parseQuantity(asked, min);
    if (q === null) throw { reason: "INVALID_QUANTITY" } satisfies CartFailure;
    return q;
  };
  const int = (value: string | undefined, reason: string) => {
    if (!value || !/^\d{1,9}$/.test(value)) throw { reason } satisfies CartFailure;
    return Number(value);
  };
  switch (intent) {
    case "add": {
      if (!f.skuId) throw { reason: "SIZE_NEEDED" } satisfies CartFailure;
      const item = { skuId: int(f.skuId, "UNKNOWN_SKU"), quantity: quantity(1, 1) };
      return (await client.request(AddToCartMutation, { id, item, ...vars })).data.addToCart;
    }
    case "update":
    case "remove": {
      const item = { id: f.itemId ?? "", quantity: intent === "remove" ? 0 : quantity(0) };
      return (await client.request(UpdateCartItemMutation, { id, item, ...vars })).data.updateCartItem;
    }
    case "group": {
      const item = { groupKey: f.groupKey ?? "", quantity: quantity(0) };
      return (await client.request(UpdateCartGroupMutation, { id, item, ...vars })).data.updateCartGroup;
    }
    case "promo":
      return (
        await client.request(SetCartPromoCodeMutation, {
          id,
          promoCode: (f.code ?? "").slice(0, 200),
          ...vars,
        })
      ).data.setCartPromoCode;
    case "remove-code":
      return (
        await client.request(RemoveCartPromoCodeMutation, {
          id: id ?? "",
          code: (f.code ?? "").slice(0, 200),
          ...vars,
        })
      ).data.removeCartPromoCode;
    case "package": {
      const selections = Object.entries(f).flatMap(([name, value]) => {
        const group = /^group-(\d{1,9})$/.exec(name);
        if (!group || !/^\d{1,9}$/.test(value)) return [];
        const sku = f[`sku-${group[1]}`];
        return [
          {
            groupId: Number(group[1]),
            optionId: Number(value),
            ...(sku && /^\d{1,9}$/.test(sku) ? { skuId: Number(sku) } : {}),
          },
        ];
      });
      const packageId = int(f.packageId, "UNKNOWN_PACKAGE");
      return (
        await client.request(AddPackageToCartMutation, {
          id,
          packageId,
          selections,
          quantity: quantity(1, 1),
          ...vars,
        })
      ).data.addPackageToCart;
    }
  }
}

function isFailure(value: unknown): value is CartFailure {
  return typeof value === "object" && value !== null && typeof (value as CartFailure).reason === "string";
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const fields: Fields = {};
  for (const [name, value] of form) if (typeof value === "string") fields[name] = value.slice(0, 2000);
  const wantsJson = (request.headers.get("accept") ?? "").includes("application/json");
  const { client, id, vars, locale, rc } = cartClient(request, context, fields.checkout === "1");
  const intent = CART_INTENTS.find((i) => i === fields.intent);
  let result: CartResult;
  if (!intent) {
    result = { cart: null, error: { reason: "UNKNOWN_INTENT" } };
  } else {
    try {
      result = { cart: await run(client, intent, id, fields, vars) };
    } catch (error) {
      if (!isFailure(error) && !(error instanceof GraphqlClientError))
        rc.log("error", "cart change failed", {
          error: error instanceof Error ? error.message : String(error),
        });
      result = { cart: null, error: isFailure(error) ? error : failureOf(error) };
    }
  }
  const headers = cookieFor(request, result.cart);
  // A refused change is an answer, not a failure of the request (the browser would log a 4xx as an error); one
  // try too many is a refusal of the request itself: 429 with Retry-After (decision 0016).
  const retryAfter = result.error?.retryAfter;
  if (wantsJson) {
    if (retryAfter !== undefined)
      return json(result, { status: 429, headers: { ...headers, "Retry-After": String(retryAfter) } });
    return json(result, { status: result.error?.reason === "FAILED" ? 502 : 200, headers });
  }

  // Without JavaScript: back to the page with the outcome; a successful add goes to the cart page.
  const cartPage = href(locale, screenHref("checkout", locale.lang));
  const target =
    intent === "add" || intent === "package"
      ? result.error
        ? backTo(request, cartPage, fields.returnTo)
        : new URL(cartPage, new URL(request.url))
      : backTo(request, cartPage, fields.returnTo);
  for (const name of [...target.searchParams.keys()])
    if (name.startsWith("cart")) target.searchParams.delete(name);
  if (result.error) {
    failureToQuery(target.searchParams, result.error);
    target.hash = intent === "add" || intent === "package" ? "buy" : "cart";
  } else {
    target.searchParams.set("cart", intent === "add" || intent === "package" ? "added" : "updated");
    target.hash = "cart";
  }
  throw redirect(pathOf(target), { status: 303, headers });
}

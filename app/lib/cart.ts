import { cartQuantity, MAX_LINE_QUANTITY } from "#domain/cart-quantity.ts";
import {
  type CartRefusal,
  cartRefusalMessage,
  requirementMessage as requirementText,
} from "#domain/cart-refusals.ts";
import type { MessageKey, Translate } from "../i18n/index.ts";
import type { CartFields } from "./graphql/cart-operations.ts";
import type { ResultOf } from "./graphql/graphql.ts";

/**
 * The storefront's view of the cart, shared by the server (the cart route, the cart page) and the browser (the
 * cart store): the cart's shape, what a refused change says, the quantity in the header, and the spec's
 * "changed" and "items changed" rules (spec §4).
 */

export type CartData = ResultOf<typeof CartFields>;
export type CartItemData = CartData["items"][number];

/** A refused change as the cart route answers it: the API's reason and what the message needs. */
export type CartFailure = CartRefusal & {
  /** RATE_LIMITED: seconds until a new try is counted. */
  retryAfter?: number;
};

export interface CartResult {
  cart: CartData | null;
  error?: CartFailure;
}

export const CART_INTENTS = ["add", "update", "remove", "group", "promo", "remove-code", "package"] as const;
export type CartIntent = (typeof CART_INTENTS)[number];

/** The quantity the header shows: loose items by quantity, each package or group once (spec §4). */
export function cartCount(cart: Pick<CartData, "items"> | null | undefined): number {
  return cart ? cartQuantity(cart.items) : 0;
}

/**
 * spec §4: the cart "changed" when its item count, shipping fee, total or default-shipping flag differs, and its
 * "items changed" when the regular subtotal or the promo code differs.
 */
export function cartChanged(before: CartData | null, after: CartData | null): boolean {
  if (!before || !after) return before !== after;
  return (
    cartCount(before) !== cartCount(after) ||
    before.summary.shipping.feeIncVat !== after.summary.shipping.feeIncVat ||
    before.summary.total.sellingPriceIncVat !== after.summary.total.sellingPriceIncVat ||
    before.summary.shipping.isDefault !== after.summary.shipping.isDefault
  );
}

export function cartItemsChanged(before: CartData | null, after: CartData | null): boolean {
  if (!before || !after) return before !== after;
  return (
    before.summary.subTotal.regularPriceIncVat !== after.summary.subTotal.regularPriceIncVat ||
    before.promoCode !== after.promoCode
  );
}

/** Whether any item is ordered beyond the shelf (backorder: longer delivery). */
export function hasBackorder(cart: CartData | null): boolean {
  return (cart?.items ?? []).some(
    (i) => i.totalStock.static <= 0 && i.quantity > Math.max(0, i.totalStock.inStock),
  );
}

/** A quantity typed or posted: a whole number 0…999 (or 1…999), else null. */
export function parseQuantity(value: unknown, min = 0): number | null {
  const text = typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : "";
  if (!/^\d{1,4}$/.test(text)) return null;
  const n = Number(text);
  return n >= min && n <= MAX_LINE_QUANTITY ? n : null;
}

/**
 * The quantity a stepper form asks for: the pressed button's `set` (− and +), else the typed `quantity`. Two field
 * names, so the button's value is never confused with the field's, with or without JavaScript.
 */
export function requestedQuantity(fields: Record<string, unknown>): unknown {
  return fields.set !== undefined && fields.set !== "" ? fields.set : fields.quantity;
}

/** The shopper's words for a refused change, in the page's language (the API's own words: domain/cart-refusals). */
export function failureMessage(t: Translate, failure: CartFailure): string {
  if (failure.reason === "SIZE_NEEDED") return t("product.chooseSize");
  if (failure.reason === "RATE_LIMITED") return t("cart.error.rateLimited");
  const message = cartRefusalMessage(failure);
  // The cart's refusals and requirements are every-page messages (domain/messages.ts SHOP_MESSAGES).
  return message ? t(message.key as MessageKey, message.params) : t("error.generic");
}

/** Why a promo code gives nothing: its unmet requirement in the shopper's words. */
export function requirementMessage(
  t: Translate,
  r: { condition?: string; amount?: string | null; value?: string | null },
): string {
  const message = requirementText(r);
  return t(message.key as MessageKey, message.params);
}

/** The failure a no-JavaScript form post carries back in the page's query (`cart-error`, `cart-stock`, …). */
export function failureFromQuery(params: URLSearchParams): CartFailure | null {
  const reason = params.get("cart-error");
  if (!reason || !/^[A-Z_]{3,40}$/.test(reason)) return null;
  const stock = Number(params.get("cart-stock"));
  const groups = params.get("cart-groups");
  return {
    reason,
    ...(Number.isInteger(stock) && stock >= 0 && params.has("cart-stock") ? { stock } : {}),
    ...(groups ? { groups: groups.split(",").slice(0, 10) } : {}),
    ...(params.get("cart-condition") ? { condition: params.get("cart-condition") ?? undefined } : {}),
    ...(params.get("cart-amount") ? { amount: params.get("cart-amount")?.slice(0, 40) } : {}),
    ...(params.get("cart-value") ? { value: params.get("cart-value")?.slice(0, 40) } : {}),
  };
}

export function failureToQuery(params: URLSearchParams, failure: CartFailure) {
  params.set("cart-error", failure.reason);
  if (failure.stock !== undefined) params.set("cart-stock", String(failure.stock));
  if (failure.groups?.length) params.set("cart-groups", failure.groups.join(","));
  if (failure.condition) params.set("cart-condition", failure.condition);
  if (failure.amount) params.set("cart-amount", failure.amount);
  if (failure.value) params.set("cart-value", failure.value);
}

/** The query parameters a no-JavaScript cart post adds; removed again when a page reads them. */
export const CART_QUERY_PARAMS = [
  "cart",
  "cart-error",
  "cart-stock",
  "cart-groups",
  "cart-condition",
  "cart-amount",
  "cart-value",
];

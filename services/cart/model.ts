import type { Database, Tx } from "#db/client.ts";
import type { AppliedRule, CartTotals, CustomerType, Rule } from "#domain/cart.ts";
import { type CartErrorReason, cartRefusalMessage, refusalOf } from "#domain/cart-refusals.ts";
import { type Message, msg } from "#domain/messages.ts";
import type { Stock } from "#domain/stock.ts";
import type { Locale, ReferenceData } from "../reference.ts";

/**
 * The cart (spec §3, §4; API.md "Cart"): what every part of services/cart/ shares — the context a use case runs
 * in, the priced cart it answers, its refusal. The use cases: lines.ts (addToCart, updateCartItem,
 * updateCartGroup), packages.ts (addPackageToCart), codes.ts (promo codes and gift cards), carts.ts (getCart,
 * cloneCart, setCartMerchantData), complete.ts (completeCart). Every change is one transaction that locks the
 * cart row first (docs/decisions/0004, change.ts), validates against the catalog and stock, writes, bumps the
 * version and reads the priced cart back inside the same transaction (pricing.ts). Prices come from
 * domain/cart.ts.
 */

export type { CartErrorReason };

/**
 * A refused cart change: nothing was written. `details` carries what the message needs (stock, groups…); `text`
 * is what the shopper is told (domain/cart-refusals.ts), `message` a note for logs.
 */
export class CartError extends Error {
  readonly reason: CartErrorReason;
  readonly details: Record<string, unknown>;
  readonly text: Message;
  constructor(reason: CartErrorReason, message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.name = "CartError";
    this.reason = reason;
    this.details = details;
    this.text = cartRefusalMessage(refusalOf(reason, details)) ?? msg("cart.error.notBuyable");
  }
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const MAX_GIFT_CARDS = 5;
export const MAX_MERCHANT_DATA = 10_000;

export interface CartContext {
  ref: ReferenceData;
  locale: Locale;
  /** The shopper's type when known (the storefront's cookie); kept on the cart by changes. */
  customerType?: CustomerType | null;
  now?: Date;
  /** Runs before a new cart is stored; throwing (e.g. the rate limiter's refusal) stores nothing. */
  beforeNewCart?: () => Promise<unknown>;
}

export interface CartItemView {
  id: string;
  skuId: number;
  productId: number;
  skuName: string;
  quantity: number;
  groupKey: string | null;
  packageId: number | null;
  /** The package group this item was picked in. */
  packageGroupId: number | null;
  message: string | null;
  stock: Stock & { totalStock: number };
  currency: string;
  vatRateBp: number;
  /** The line as priced by domain/cart.ts. */
  priced: CartTotals["lines"][number];
  /** Names of the rules that lowered this line. */
  applied: AppliedRule[];
}

export interface CartView {
  id: string;
  version: number;
  isCompleted: boolean;
  marketAlias: string;
  currency: string;
  customerType: CustomerType;
  promoCode: string | null;
  /** Set when a promo code is kept on the cart but its requirements are not met now. */
  promoCodeUnmet: Rule | null;
  giftCards: { code: string; balance: number; used: number }[];
  merchantData: string | null;
  items: CartItemView[];
  totals: CartTotals;
  /** Whether the market's default shipping option is the one priced. */
  shippingIsDefault: boolean;
}

export type Db = Database | Tx;

export function asCustomerType(value: string | null | undefined): CustomerType | null {
  return value === "PERSON" || value === "ORGANIZATION" ? value : null;
}

export function currencyOf(locale: Locale): string {
  const code = locale.market.currency?.code;
  if (!code) throw new CartError("NO_CURRENCY", "Currency not found for this market");
  return code;
}

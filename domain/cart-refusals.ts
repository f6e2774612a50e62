/**
 * Why the cart refused a change, and what the shopper is told (docs/decisions/0012, 0015). The reasons are the
 * API's `extensions.reason`; the message for a reason and its details is chosen here once, for the API's error
 * message (services/cart.ts) and for the storefront, which words a refusal from the reason it was handed (the
 * cart route, the no-JavaScript query string).
 */
import { MAX_LINE_QUANTITY } from "./cart-quantity.ts";
import { type Message, msg } from "./messages.ts";

export const CART_ERROR_REASONS = [
  "INVALID_CART_ID",
  "INVALID_QUANTITY",
  "UNKNOWN_SKU",
  "NOT_BUYABLE",
  "OUT_OF_STOCK",
  "TOO_MANY_LINES",
  "UNKNOWN_ITEM",
  "INVALID_PROMO_CODE",
  "REQUIREMENTS_NOT_MET",
  "UNKNOWN_PACKAGE",
  "PACKAGE_INCOMPLETE",
  "PACKAGE_SIZE_NEEDED",
  "PACKAGE_ITEM_SOLD_OUT",
  "NO_CURRENCY",
  "MERCHANT_DATA_TOO_LARGE",
] as const;
export type CartErrorReason = (typeof CART_ERROR_REASONS)[number];

/** A refusal as the shopper's words need it: the reason and the details that go into the message. */
export interface CartRefusal {
  reason: string;
  /** OUT_OF_STOCK: units that can still be had (0: sold out). */
  stock?: number;
  /** INVALID_QUANTITY, MERCHANT_DATA_TOO_LARGE, INVALID_PROMO_CODE (too many gift cards): the limit. */
  max?: number;
  /** PACKAGE_INCOMPLETE: the required groups without a pick (none: a pick that does not fit the package). */
  groups?: readonly string[];
  /** PACKAGE_ITEM_SOLD_OUT: the product that cannot be had. */
  name?: string | null;
  /** REQUIREMENTS_NOT_MET: the unmet condition, a formatted minimum amount, or the condition's value. */
  condition?: string;
  amount?: string | null;
  value?: string | null;
}

/**
 * A refusal from an error's details as the API sends them (`extensions`: `stock`, `groups`, `name`,
 * `condition`, `amountFormatted`, `args`, `max`), keeping only well-formed values.
 */
export function refusalOf(reason: string, details: Readonly<Record<string, unknown>>): CartRefusal {
  const { stock, max, groups, name, condition, amountFormatted, args } = details;
  return {
    reason,
    ...(typeof stock === "number" ? { stock } : {}),
    ...(typeof max === "number" ? { max } : {}),
    ...(Array.isArray(groups) ? { groups: groups.map(String) } : {}),
    ...(typeof name === "string" ? { name } : {}),
    ...(typeof condition === "string" ? { condition } : {}),
    ...(typeof amountFormatted === "string" ? { amount: amountFormatted } : {}),
    ...(typeof args === "string" || typeof args === "number" ? { value: String(args) } : {}),
  };
}

/** The message of each reason (a Record, so a new reason without a message does not compile). */
const REFUSALS: Readonly<Record<CartErrorReason, (r: CartRefusal) => Message>> = {
  OUT_OF_STOCK: (r) =>
    r.stock && r.stock > 0 ? msg("cart.error.fewLeft", { stock: r.stock }) : msg("cart.error.soldOut"),
  NOT_BUYABLE: () => msg("cart.error.notBuyable"),
  INVALID_QUANTITY: (r) => msg("cart.error.quantity", { max: r.max ?? MAX_LINE_QUANTITY }),
  INVALID_PROMO_CODE: (r) =>
    r.max ? msg("cart.error.tooManyGiftCards", { max: r.max }) : msg("cart.error.promoInvalid"),
  REQUIREMENTS_NOT_MET: (r) => requirementMessage(r),
  PACKAGE_INCOMPLETE: (r) =>
    r.groups?.length
      ? msg("product.package.missing", { groups: r.groups.join(", ") })
      : msg("cart.error.packageChoice"),
  PACKAGE_SIZE_NEEDED: () => msg("cart.error.packageSize"),
  PACKAGE_ITEM_SOLD_OUT: (r) =>
    r.name ? msg("cart.error.packageSoldOutNamed", { name: r.name }) : msg("cart.error.packageSoldOut"),
  TOO_MANY_LINES: () => msg("cart.error.tooManyLines"),
  NO_CURRENCY: () => msg("cart.error.noCurrency"),
  UNKNOWN_SKU: () => msg("cart.error.unknownSku"),
  UNKNOWN_ITEM: () => msg("cart.error.unknownItem"),
  UNKNOWN_PACKAGE: () => msg("cart.error.unknownPackage"),
  INVALID_CART_ID: () => msg("cart.error.cartId"),
  MERCHANT_DATA_TOO_LARGE: (r) => msg("cart.error.merchantData", { max: r.max ?? 0 }),
};

export function isCartErrorReason(reason: string): reason is CartErrorReason {
  return Object.hasOwn(REFUSALS, reason);
}

/** What the shopper is told for a refusal; null for a reason this version does not know. */
export function cartRefusalMessage(r: CartRefusal): Message | null {
  return isCartErrorReason(r.reason) ? REFUSALS[r.reason](r) : null;
}

/** Why a promo code gives nothing: its unmet requirement (`condition`, the amount or value it asks for). */
export function requirementMessage(r: {
  condition?: string | undefined;
  amount?: string | null | undefined;
  value?: string | null | undefined;
}): Message {
  switch (r.condition) {
    case "minimumAmount":
      return r.amount
        ? msg("cart.promo.minimumAmount", { amount: r.amount })
        : msg("cart.promo.requirements");
    case "minimumQuantity":
      return msg("cart.promo.minimumQuantity", { quantity: r.value ?? "" });
    case "customerType":
      return r.value === "ORGANIZATION" ? msg("cart.promo.organizations") : msg("cart.promo.privateShoppers");
    case "validity":
      return msg("cart.promo.expired");
    case "items":
    case "inCategories":
    case "inCategoryKeys":
    case "inBrands":
    case "inKinds":
    case "products":
    case "skus":
      return msg("cart.promo.noItems");
    default:
      return msg("cart.promo.requirements");
  }
}

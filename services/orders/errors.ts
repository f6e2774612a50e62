import { type Message, msg } from "#domain/messages.ts";

export type CheckoutErrorReason =
  | "INVALID_CHECKOUT"
  | "INVALID_CART_ID"
  | "EMPTY_CART"
  | "CART_COMPLETED"
  | "CART_CHANGED"
  | "OUT_OF_STOCK"
  | "ORDER_NOT_CREATED"
  | "UNKNOWN_PAYMENT_METHOD"
  | "PAYMENT_DECLINED"
  | "BLOCKED_CUSTOMER"
  | "PAYMENT_FAILED"
  | "CALLBACK_REFUSED"
  | "WITHDRAWAL_REFUSED"
  | "ORDER_NOT_FOUND"
  /** A shipping provider (the delivery checkout) could not be asked now: nothing changed; try again (0086). */
  | "SHIPPING_UNAVAILABLE";

/**
 * A refused checkout: no order was created or it was undone, nothing is sold, the cart stays open. `text` is what
 * the shopper is told (domain/messages.ts), `details` what the caller may show (fields, the sold-out item).
 */
export class CheckoutError extends Error {
  readonly reason: CheckoutErrorReason;
  readonly text: Message;
  readonly details: Record<string, unknown>;
  constructor(
    reason: CheckoutErrorReason,
    message: string,
    text: Message,
    details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "CheckoutError";
    this.reason = reason;
    this.text = text;
    this.details = details;
  }
}

export const checkoutErrors = {
  outOfStock: (skuId: number, name: string) =>
    new CheckoutError(
      "OUT_OF_STOCK",
      `SKU ${skuId} is sold out`,
      msg("checkout.error.outOfStock", { name }),
      {
        skuId,
        name,
      },
    ),
  declined: (reason: string) =>
    new CheckoutError("PAYMENT_DECLINED", `Payment declined: ${reason}`, msg("checkout.error.declined")),
  blocked: (reason: string) =>
    new CheckoutError("BLOCKED_CUSTOMER", `Customer blocked: ${reason}`, msg("checkout.error.blocked")),
  failed: (reason: string) => new CheckoutError("PAYMENT_FAILED", reason, msg("checkout.error.failed")),
};

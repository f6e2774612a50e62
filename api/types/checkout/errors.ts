import { type MessageKey, messageLanguage, msg, renderMessage } from "#domain/messages.ts";
import { CheckoutError, type CheckoutErrorReason } from "#services/orders/errors.ts";
import type { Locale } from "#services/reference.ts";
import { builder } from "../../builder.ts";
import type { ApiContext } from "../../context.ts";
import { apiError, type ErrorCode } from "../../errors.ts";

/**
 * A refused checkout as the API answers it: a stable `extensions.code` and `reason`, the message and each field's
 * in the request's language.
 */

const ERROR_CODES: Record<CheckoutErrorReason, ErrorCode> = {
  INVALID_CHECKOUT: "BAD_USER_INPUT",
  INVALID_CART_ID: "BAD_USER_INPUT",
  EMPTY_CART: "BAD_USER_INPUT",
  CART_COMPLETED: "BAD_USER_INPUT",
  CART_CHANGED: "CONFLICT",
  OUT_OF_STOCK: "OUT_OF_STOCK",
  ORDER_NOT_CREATED: "BAD_USER_INPUT",
  UNKNOWN_PAYMENT_METHOD: "BAD_USER_INPUT",
  PAYMENT_DECLINED: "PAYMENT_DECLINED",
  BLOCKED_CUSTOMER: "BLOCKED_CUSTOMER",
  PAYMENT_FAILED: "PAYMENT_FAILED",
  CALLBACK_REFUSED: "FORBIDDEN",
  WITHDRAWAL_REFUSED: "BAD_USER_INPUT",
  ORDER_NOT_FOUND: "NOT_FOUND",
  SHIPPING_UNAVAILABLE: "SHIPPING_UNAVAILABLE",
};

export type FieldErrors = Partial<Record<string, MessageKey>>;

/** Field errors as the client shows them: the field's path, the message key as a stable code, the text. */
export function fieldList(errors: FieldErrors, languageId: string) {
  const language = messageLanguage(languageId);
  return Object.entries(errors).flatMap(([field, key]) =>
    key ? [{ field, code: key, message: renderMessage(msg(key as never), language) }] : [],
  );
}

export function checkoutError(error: unknown, locale: Locale): never {
  if (error instanceof CheckoutError) {
    const fields = (error.details.fields ?? {}) as FieldErrors;
    const { fields: _fields, ...rest } = error.details;
    throw apiError(ERROR_CODES[error.reason], error.text, {
      reason: error.reason,
      ...rest,
      ...(Object.keys(fields).length ? { fields: fieldList(fields, locale.language.id) } : {}),
    });
  }
  throw error;
}

export function needCheckout(ctx: ApiContext) {
  if (!ctx.checkout)
    throw apiError("PAYMENT_FAILED", msg("checkout.error.failed"), { reason: "PAYMENT_FAILED" });
  return ctx.checkout;
}

export const CheckoutFieldErrorType = builder
  .objectRef<{ field: string; code: string; message: string }>("CheckoutFieldError")
  .implement({
    description: "Mili: what is still missing or wrong in the checkout, per field, in the request's language",
    fields: (t) => ({
      field: t.exposeString("field", {
        description: "The input's path: email, billingAddress.zip, acceptedTerms, …",
      }),
      code: t.exposeString("code", {
        description: "A stable code: the message's key (checkout.error.required, …)",
      }),
      message: t.exposeString("message"),
    }),
  });

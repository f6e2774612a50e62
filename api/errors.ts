import { GraphQLError } from "graphql";
import { type Message, msg, renderMessage } from "#domain/messages.ts";

/** Error codes of API.md, carried in extensions.code. */
export type ErrorCode =
  | "UNAUTHENTICATED"
  | "FORBIDDEN"
  | "BAD_USER_INPUT"
  | "NOT_FOUND"
  | "RequirementsNotMet"
  | "OUT_OF_STOCK"
  | "INVALID_IDENTITY_NUMBER";

/**
 * An error a shopper can cause: a stable `extensions.code` (and whatever else `extensions` carries), and a message
 * from domain/messages.ts that the API answers in the request's language (api/localized-errors.ts). Until then
 * the message reads Norwegian, the storefront's first language.
 */
export class ApiError extends GraphQLError {
  readonly text: Message;
  constructor(code: ErrorCode, text: Message, extra?: Record<string, unknown>) {
    super(renderMessage(text, "nb"), { extensions: { code, ...extra } });
    this.name = "ApiError";
    this.text = text;
  }
}

/** `throw apiError("NOT_FOUND", msg("api.productNotFound"), { productId })`: see ApiError. */
export function apiError(code: ErrorCode, text: Message, extra?: Record<string, unknown>): ApiError {
  return new ApiError(code, text, extra);
}

/** A whole number in [min, max], or BAD_USER_INPUT naming the argument ("take må være et helt tall fra 0 til 200"). */
export function intInRange(name: string, value: number, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max)
    throw apiError("BAD_USER_INPUT", msg("api.argumentRange", { argument: name, min, max }), {
      argument: name,
      min,
      max,
    });
  return value;
}

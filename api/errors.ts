import { GraphQLError } from "graphql";
import { maskError } from "graphql-yoga";
import { type Message, msg, renderMessage } from "#domain/messages.ts";
import { RateLimited } from "#integrations/rate-limit/index.ts";

/** Error codes of API.md, carried in extensions.code. */
export type ErrorCode =
  | "UNAUTHENTICATED"
  | "FORBIDDEN"
  | "BAD_USER_INPUT"
  | "NOT_FOUND"
  | "RequirementsNotMet"
  | "OUT_OF_STOCK"
  | "INVALID_IDENTITY_NUMBER"
  | "RATE_LIMITED"
  | "CONFLICT"
  | "PAYMENT_DECLINED"
  | "BLOCKED_CUSTOMER"
  | "PAYMENT_FAILED"
  /** deleteUser while an order is open (decision 0065), with `orders`: their numbers. */
  | "OPEN_ORDERS"
  /** placeOrder while the chosen option's shipping provider (nShift) cannot be asked: nothing changed (0086). */
  | "SHIPPING_UNAVAILABLE";

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

/**
 * Too many tries (integrations/rate-limit): RATE_LIMITED with `retryAfter` seconds, answered with HTTP 429 and
 * a Retry-After header. Nothing was done.
 */
export function rateLimitedError(error: RateLimited): GraphQLError {
  return apiError("RATE_LIMITED", rateLimitedMessage(error), {
    retryAfter: error.retryAfterSeconds,
    http: { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds) } },
  });
}

/** What a shopper is told when the rate limiter refused: the wait in seconds. */
export function rateLimitedMessage(error: RateLimited): Message {
  return msg("api.rateLimited", { seconds: error.retryAfterSeconds });
}

/**
 * Yoga's error masking, except that a rate limiter's refusal keeps its shape (rateLimitedError) and the message
 * api/localized-errors.ts gave it in the request's language.
 */
export function maskApiError(error: unknown, message: string, isDev?: boolean): Error {
  const original = error instanceof GraphQLError ? error.originalError : error;
  if (original instanceof RateLimited) {
    const shaped = rateLimitedError(original);
    const localized = error instanceof GraphQLError && error.message !== original.message;
    return error instanceof GraphQLError
      ? new GraphQLError(localized ? error.message : shaped.message, {
          nodes: error.nodes,
          source: error.source,
          positions: error.positions,
          path: error.path,
          extensions: shaped.extensions,
        })
      : shaped;
  }
  return maskError(error, message, isDev);
}

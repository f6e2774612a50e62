import { GraphQLError } from "graphql";
import { maskError } from "graphql-yoga";
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
  | "RATE_LIMITED";

export function apiError(code: ErrorCode, message: string, extra?: Record<string, unknown>): GraphQLError {
  return new GraphQLError(message, { extensions: { code, ...extra } });
}

/** A whole number in [min, max], or BAD_USER_INPUT naming the argument ("take must be between 0 and 200"). */
export function intInRange(name: string, value: number, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max)
    throw apiError("BAD_USER_INPUT", `${name} must be between ${min} and ${max}`);
  return value;
}

/**
 * Too many tries (integrations/rate-limit): RATE_LIMITED with `retryAfter` seconds, answered with HTTP 429 and
 * a Retry-After header. Nothing was done.
 */
export function rateLimitedError(error: RateLimited): GraphQLError {
  return apiError("RATE_LIMITED", `Too many tries. Try again in ${error.retryAfterSeconds} seconds.`, {
    retryAfter: error.retryAfterSeconds,
    http: { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds) } },
  });
}

/** Yoga's error masking, except that a rate limiter's refusal keeps its shape (rateLimitedError). */
export function maskApiError(error: unknown, message: string, isDev?: boolean): Error {
  const original = error instanceof GraphQLError ? error.originalError : error;
  if (original instanceof RateLimited) {
    const shaped = rateLimitedError(original);
    return error instanceof GraphQLError
      ? new GraphQLError(shaped.message, {
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

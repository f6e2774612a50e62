import { GraphQLError } from "graphql";

/** Error codes of API.md, carried in extensions.code. */
export type ErrorCode =
  | "UNAUTHENTICATED"
  | "FORBIDDEN"
  | "BAD_USER_INPUT"
  | "NOT_FOUND"
  | "RequirementsNotMet"
  | "OUT_OF_STOCK"
  | "INVALID_IDENTITY_NUMBER";

export function apiError(code: ErrorCode, message: string, extra?: Record<string, unknown>): GraphQLError {
  return new GraphQLError(message, { extensions: { code, ...extra } });
}

/** A whole number in [min, max], or BAD_USER_INPUT naming the argument ("take must be between 0 and 200"). */
export function intInRange(name: string, value: number, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max)
    throw apiError("BAD_USER_INPUT", `${name} must be between ${min} and ${max}`);
  return value;
}

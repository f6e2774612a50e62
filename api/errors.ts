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

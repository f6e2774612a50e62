import { GraphQLError } from "graphql";

export type AdminErrorCode =
  | "UNAUTHENTICATED"
  | "FORBIDDEN"
  | "BAD_USER_INPUT"
  | "NOT_FOUND"
  | "WRONG_CREDENTIALS"
  | "CODE_REQUIRED"
  | "WRONG_CODE"
  | "TWO_STEP_ON"
  | "TWO_STEP_UNAVAILABLE"
  | "TRANSITION_REFUSED"
  | "VERSION_CONFLICT"
  | "TWO_STEP_REQUIRED"
  | "TWO_STEP_OFF"
  | "LAST_OWNER"
  | "EMAIL_TAKEN"
  | "OPEN_ORDERS"
  | "REFUND_REFUSED"
  | "CAPTURE_FAILED"
  | "IN_USE";

/**
 * An error of the back office's API: a stable `extensions.code` (the admin UI words it in the admin's language
 * from its own catalog, app/admin/texts.ts) and an English message for API users.
 */
export function adminError(code: AdminErrorCode, message: string, extra?: Record<string, unknown>) {
  return new GraphQLError(message, { extensions: { code, ...extra } });
}

export function intIn(
  name: string,
  value: number | null | undefined,
  min: number,
  max: number,
  fallback: number,
) {
  const n = value ?? fallback;
  if (!Number.isInteger(n) || n < min || n > max)
    throw adminError("BAD_USER_INPUT", `${name} must be a whole number from ${min} to ${max}`, {
      field: name,
    });
  return n;
}

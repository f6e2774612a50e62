import { msg } from "#domain/messages.ts";
import type { ApiContext } from "./context.ts";
import { apiError } from "./errors.ts";

/**
 * The merchant's operations (accepting reviews, …) until a back office calls them: only with the shop's admin key
 * in X-Admin-Key (ADMIN_KEY; README "Admin operations"). Without it, or when the shop has none, FORBIDDEN.
 */
export function requireAdmin(ctx: ApiContext): void {
  if (!ctx.admin) throw apiError("FORBIDDEN", msg("admin.keyRequired"));
}

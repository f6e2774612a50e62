import type { Logger } from "pino";
import type { Database } from "#db/client.ts";
import type { AdminAction } from "#domain/admin-permissions.ts";
import { adminRefusal } from "#domain/admin-permissions.ts";
import type { RateLimiter } from "#integrations/rate-limit/index.ts";
import type { AdminPrincipal } from "#services/admin/users.ts";
import type { CheckoutServices } from "#services/checkout/services.ts";
import type { Auth } from "#services/customers/auth.ts";
import { adminError } from "./errors.ts";

/** What the back office's API needs (server/main.ts builds it); never the shop's API context. */
export interface AdminApiServices {
  db: Database;
  logger: Logger;
  limiter?: RateLimiter;
  /** Shopper accounts: "shop as" issues their login tokens. */
  auth?: Auth;
  /** Payment providers: an order's cancel or refund moves money. */
  checkout?: CheckoutServices;
  /** The key two-step sign-in's secrets are sealed with (services/admin/totp.ts `totpKey`); without it, it is off. */
  totpKey?: Buffer;
  /** PUBLIC_URL: where "shop as" links point. */
  publicUrl?: string | undefined;
  /** WIDGET_PREVIEW_TOKEN: the back office's preview links carry it (decision 0058); unset: no preview. */
  previewToken?: string | undefined;
}

export interface AdminContext extends AdminApiServices {
  requestId: string;
  clientSubject: string;
  /** The signed-in admin (the `mili-admin` cookie's session); null without one. */
  admin: AdminPrincipal | null;
  /** The session token the request carried (to end it). */
  sessionToken: string | null;
  /** Whether cookies get `Secure` (production, or a request over https). */
  secureCookies: boolean;
  /** Adds a Set-Cookie header to the answer. */
  setCookie(value: string): void;
}

/**
 * The permission check of every admin field (domain/admin-permissions.ts): UNAUTHENTICATED without a session,
 * TWO_STEP_REQUIRED while the owner requires two-step sign-in and the admin has not set it up, FORBIDDEN when the
 * admin's role may not do it. Returns the admin.
 */
export function allow(ctx: AdminContext, action: AdminAction): AdminPrincipal {
  const admin = ctx.admin;
  const refusal = adminRefusal(admin, action, Boolean(ctx.totpKey));
  if (!admin || refusal === "UNAUTHENTICATED")
    throw adminError("UNAUTHENTICATED", "Sign in to the back office first");
  if (refusal === "TWO_STEP_REQUIRED")
    throw adminError("TWO_STEP_REQUIRED", "The owner requires two-step sign-in: set it up first", { action });
  if (refusal === "FORBIDDEN")
    throw adminError("FORBIDDEN", `The role ${admin.role} may not do ${action}`, { action });
  return admin;
}

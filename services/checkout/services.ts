import type { ShippingProvider } from "#integrations/shipping/index.ts";
import type { HostedDeps } from "../orders/hosted.ts";

/**
 * What the checkout needs besides the database: the payment providers (with the hosted checkout's callback
 * secret), the shipping providers, and the shop's origin for the URLs a hosted checkout sends the shopper and its
 * notifications to. The server builds it from its configuration (server/checkout.ts).
 */
export interface CheckoutServices {
  deps: HostedDeps;
  shipping: ShippingProvider[];
  /** e.g. `https://mili.example` (no trailing slash). */
  origin: string;
}

/** The storefront's checkout and terms pages for a language: where a hosted checkout links back to. */
export function checkoutPages(languageId: string): { checkout: string; terms: string } {
  return languageId.startsWith("sv")
    ? { checkout: "/sv/kassan", terms: "/sv/kopvillkor" }
    : { checkout: "/kassen", terms: "/kjopsvilkar" };
}

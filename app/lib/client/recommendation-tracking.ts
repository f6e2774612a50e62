import { CONSENT_COOKIE, parseConsent, recommendationTrackingAllowed } from "#domain/consent.ts";
import { readCookie } from "../cookies.ts";
import type { CartSource } from "../recommendations/tracker.ts";
import { eventBus } from "./event-bus.ts";

/**
 * The recommendation provider's tracking switch (decision 0046): only when the shop has a provider (the root data
 * says so) and the shopper agreed to statistics or marketing (`mili-consent`) is the tracker
 * (../recommendations/tracker.ts, its own chunk) imported; otherwise nothing is downloaded and nothing sent.
 * Consent changes by the banner's form, which reloads the page: one look per document is enough.
 */
let started = false;

export function startRecommendationTracking(
  config: { pageViews: boolean } | null | undefined,
  cart: CartSource,
): void {
  if (started || !config) return;
  if (!recommendationTrackingAllowed(parseConsent(readCookie(document.cookie, CONSENT_COOKIE)))) return;
  started = true;
  import("../recommendations/tracker.ts")
    .then(({ startTracker }) =>
      startTracker({ bus: eventBus, cart, pageViews: config.pageViews, endpoint: "/api/recommendations" }),
    )
    .catch((error: unknown) => {
      started = false;
      console.error(error);
    });
}

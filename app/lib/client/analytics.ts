import { CONSENT_COOKIE, parseConsent } from "#domain/consent.ts";
import { readCookie } from "../cookies.ts";
import { eventBus } from "./event-bus.ts";

/**
 * The analytics data layer's switch (decision 0042): with the shopper's consent to statistics (`mili-consent`
 * s1…) the writer (../analytics/writer.ts, its own chunk with the GA4 mapping) is imported and writes the page's
 * event bus to `window.dataLayer`; without it nothing is loaded and nothing pushed. Consent is given or withdrawn
 * by the banner's form, which reloads the page: reading the cookie once per document is enough.
 */
let started = false;

export function statisticsAllowed(cookies: string): boolean {
  return parseConsent(readCookie(cookies, CONSENT_COOKIE))?.statistics === true;
}

export function startAnalytics(): void {
  if (started || !statisticsAllowed(document.cookie)) return;
  started = true;
  import("../analytics/writer.ts")
    .then(({ startWriter }) => startWriter(eventBus))
    .catch((error: unknown) => {
      started = false;
      console.error(error);
    });
}

/**
 * The shopper's consent to cookies and third-party scripts (issue 14, docs/decisions/0041): necessary cookies
 * always; statistics (the tag manager) and marketing (the review service) only when the shopper agreed. Kept a
 * year in the `mili-consent` cookie as `s{0|1}m{0|1}`; no cookie means the shopper has not chosen yet, and then
 * nothing but the necessary runs.
 */

export const CONSENT_COOKIE = "mili-consent";
/** Where the banner's form posts, in every language (server/consent.ts). */
export const CONSENT_ACTION = "/consent";
/** A year, in seconds: the shopper is asked again after it. */
export const CONSENT_MAX_AGE = 31_536_000;

export interface Consent {
  statistics: boolean;
  marketing: boolean;
}

export function formatConsent(consent: Consent): string {
  return `s${consent.statistics ? 1 : 0}m${consent.marketing ? 1 : 0}`;
}

/** The consent a cookie value records; null for none or anything else (the shopper is asked again). */
export function parseConsent(value: string | null | undefined): Consent | null {
  const match = /^s([01])m([01])$/.exec(value ?? "");
  return match ? { statistics: match[1] === "1", marketing: match[2] === "1" } : null;
}

/**
 * The banner's form: "all" agrees to everything, "necessary" to nothing more, "custom" to the boxes ticked
 * (a ticked box posts "on"). Anything else is no choice (null): the form was not ours.
 */
export function consentFromForm(form: {
  choice?: unknown;
  statistics?: unknown;
  marketing?: unknown;
}): Consent | null {
  switch (form.choice) {
    case "all":
      return { statistics: true, marketing: true };
    case "necessary":
      return { statistics: false, marketing: false };
    case "custom":
      return { statistics: form.statistics === "on", marketing: form.marketing === "on" };
    default:
      return null;
  }
}

/** The review service's locale (spec §5): `no` for the Norwegian channel (2|no), `se` otherwise. */
export function reviewServiceLocale(lang: string): "no" | "se" {
  return lang === "nb" ? "no" : "se";
}

/**
 * What the recommendation provider may be told (decision 0046): what a shopper does on the site (pages, the cart's
 * products, an order's products and total) only with consent to statistics or marketing; the order's e-mail only
 * with consent to marketing (it identifies the shopper to a third party). No choice, or neither: nothing at all.
 */
export function recommendationTrackingAllowed(consent: Consent | null): boolean {
  return consent !== null && (consent.statistics || consent.marketing);
}

/** The command as it may leave the shop under `consent`: null when nothing may, the e-mail left out without marketing. */
export function commandUnderConsent<C extends { command: string; email?: string }>(
  command: C,
  consent: Consent | null,
): C | null {
  if (!recommendationTrackingAllowed(consent)) return null;
  if (command.email === undefined || consent?.marketing) return command;
  const { email: _email, ...rest } = command;
  return rest as C;
}

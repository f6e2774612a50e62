/** A budget: at most `points` per `seconds` (a fixed window that starts at the first point). */
export interface LimitRule {
  points: number;
  seconds: number;
  /** What one point is. */
  what: string;
}

/**
 * Every limit of the shop, in one table (docs/decisions/0016 gives the reasons). Keys: a cart id, an IP subject
 * (integrations/rate-limit/subjects.ts: an IPv4 address or an IPv6 /64), an e-mail address, or "all" for the
 * whole shop. RATE_LIMITS overrides any of them (`code.ip=30/3600`).
 */
export const LIMITS = {
  /** Promo and gift-card code tries that were not accepted (an accepted code is given back). */
  "code.cart": { points: 10, seconds: 15 * 60, what: "a code try on one cart" },
  "code.ip": { points: 30, seconds: 60 * 60, what: "a code try from one address" },
  "code.global": { points: 2000, seconds: 60 * 60, what: "a code try in the whole shop" },
  /** New carts (every cart read or change without a live cart id makes one). */
  "cart.ip": { points: 60, seconds: 10 * 60, what: "a new cart from one address" },
  "cart.global": { points: 20_000, seconds: 10 * 60, what: "a new cart in the whole shop" },
  /** Newsletter sign-ups. */
  "newsletter.ip": { points: 10, seconds: 60 * 60, what: "a newsletter sign-up from one address" },
  "newsletter.address": { points: 3, seconds: 24 * 60 * 60, what: "a sign-up of one e-mail address" },
  /** Back-in-stock requests (monitorProductAvailability): each may send one e-mail to an address nobody checked. */
  "stockMonitor.ip": { points: 30, seconds: 60 * 60, what: "a back-in-stock request from one address" },
  "stockMonitor.address": {
    points: 10,
    seconds: 24 * 60 * 60,
    what: "a back-in-stock request for one e-mail address",
  },
  /** Questions on product pages (signed-in shoppers): each waits in the merchant's queue. */
  "question.customer": { points: 10, seconds: 24 * 60 * 60, what: "a product question from one customer" },
  /**
   * Accounts (issue 12, decision 0020). A password try is drawn per address and per account (a keyed hash of the
   * e-mail address, whether or not it has an account, so the refusal tells nothing): 1,000 tries on one account
   * from any number of addresses get at most 10 a minute evaluated. A successful sign-in gives its points back.
   */
  "auth.challenge.ip": { points: 60, seconds: 60, what: "a sign-in challenge (step 1) from one address" },
  "login.ip": { points: 30, seconds: 60, what: "a password try from one address" },
  "login.account": { points: 10, seconds: 60, what: "a password try on one account" },
  "register.ip": { points: 10, seconds: 60 * 60, what: "a registration from one address" },
  "reset.ip": { points: 10, seconds: 60 * 60, what: "a password-reset request from one address" },
  "reset.account": { points: 3, seconds: 60 * 60, what: "a password-reset e-mail to one address" },
  /**
   * The back office's sign-in (issue 15, decision 0037): per address and per admin e-mail (hashed); a successful
   * sign-in gives its points back.
   */
  "admin.login.ip": { points: 20, seconds: 10 * 60, what: "a back-office password try from one address" },
  "admin.login.account": { points: 5, seconds: 10 * 60, what: "a back-office password try on one admin" },
  /**
   * Payments refused by the provider (issue 13): a declined or blocked credit check tells whether a personal or
   * organisation number passes, so refused tries are counted; a placed order gives its point back.
   */
  "payment.refused.ip": { points: 10, seconds: 60 * 60, what: "a refused payment from one address" },
  /**
   * The browser's recommendation queue (decision 0046): each command or click is passed on to the provider, so one
   * address may not make the shop send it without end. A shopper browsing sends a few a minute.
   */
  "recommendations.track.ip": {
    points: 120,
    seconds: 60,
    what: "a recommendation command or click from one address",
  },
} as const satisfies Record<string, LimitRule>;

export type LimitName = keyof typeof LIMITS;

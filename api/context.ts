import { timingSafeEqual } from "node:crypto";
import type { Logger } from "pino";
import type { DbHandle } from "#db/client.ts";
import type { RateLimiter } from "#integrations/rate-limit/index.ts";
import type { RecommendationProvider } from "#integrations/recommendations/index.ts";
import type { CheckoutServices } from "#services/checkout/services.ts";
import type { Auth, Principal } from "#services/customers/auth.ts";
import type { StockEvents } from "#services/events.ts";
import { type Locale, type LocaleRequest, type ReferenceCache, resolveLocale } from "#services/reference.ts";

/** What every resolver receives: the database, reference data and the request's logger. */
export interface ApiContext {
  db: DbHandle["db"];
  reference: ReferenceCache;
  logger: Logger;
  requestId: string;
  /**
   * Whose budget this request draws from in the rate limits: the client's address as the server saw it
   * (integrations/rate-limit/subjects.ts), "unknown" where the server did not say.
   */
  clientSubject: string;
  /** ApiServices.site. */
  site: NonNullable<ApiServices["site"]>;
  /** The shop's rate limiter; absent where the API runs without one (some tests, benchmarks). */
  limiter?: RateLimiter;
  /** Stock changes for the stockChanged subscription; absent where the server runs without them. */
  stockEvents?: StockEvents;
  /**
   * The signed-in customer the request's token names (Authorization: Bearer, or the mili-auth cookie on a
   * same-origin request), checked once per request; null for a guest or a token that is no longer valid.
   */
  customer(): Promise<Principal | null>;
  /** Accounts: AUTH_SECRET and AUTH_PASSWORD_SALT, for reset keys and common-password digests. */
  accounts?: { secret: string; salt: string };
  /** Sessions (services/customers/auth.ts); absent where the API runs without accounts. */
  auth?: Auth;
  /** Payment and shipping providers for the checkout; absent where the API runs without them (no orders). */
  checkout?: CheckoutServices;
  /** The configured recommendation provider; absent: the built-in rules answer (services/recommendations/). */
  recommendations?: RecommendationProvider;
  /**
   * Whether the request carries the shop's admin key (X-Admin-Key equal to ADMIN_KEY): the merchant's operations
   * (api/admin.ts). Always false when the shop has no ADMIN_KEY.
   */
  admin: boolean;
  /**
   * Whether a widget preview token (an argument of widgetArea / contentPage) is the shop's WIDGET_PREVIEW_TOKEN,
   * compared in constant time; always false when the shop has none.
   */
  canPreview(token: string | null | undefined): boolean;
  /** Resolves channelId/marketId/languageId with fallback to the channel's defaults, logging each fallback. */
  locale(args: LocaleRequest): Promise<Locale>;
  /**
   * The locale this request resolved for a language id (the Product type carries only the language): the first
   * one resolved for that language. Undefined before any operation field resolved its locale.
   */
  localeOf(languageId: string): Locale | undefined;
  /**
   * Per-request batching, like DataLoader: every `batch(name, key, load)` made while the resolvers of one
   * execution step run is answered by a single `load(keys)` call, so a field on the items of a list costs one
   * statement whatever the list's length. `name` must say everything the answer depends on besides the key
   * (e.g. the language or market). Answers are not cached beyond their step.
   */
  batch<K extends string | number, V>(
    name: string,
    key: K,
    load: (keys: K[]) => Promise<Map<K, V>>,
  ): Promise<V | undefined>;
  /**
   * What one field's resolver is reading, offered to the other fields of the same request under `key` (a page's
   * `product(alias)` offers what its statement reads of the product to the same page's reviews and questions by
   * that alias, decision 0095). `offer` must be called before the taker asks (synchronously, at the start of the
   * offering resolver); the promise must not reject (offer a fallback value instead). Kept for the request.
   */
  offer<T>(key: string, value: Promise<T>): void;
  offered<T>(key: string): Promise<T> | undefined;
}

export interface ApiServices {
  db: DbHandle["db"];
  reference: ReferenceCache;
  logger: Logger;
  stockEvents?: StockEvents;
  limiter?: RateLimiter;
  /** Accounts and sign-in; absent where the API runs without them (then every request is a guest's). */
  auth?: Auth;
  accounts?: { secret: string; salt: string };
  /** Payment and shipping providers for the checkout; absent where the API runs without them (no orders). */
  checkout?: CheckoutServices;
  /** The recommendation provider (server/recommendations.ts); absent: the built-in rules alone. */
  recommendations?: RecommendationProvider;
  /** The shop's address (PUBLIC_URL) and its host per language (DOMAINS), for ChannelType.url. */
  site?: { publicUrl?: string | undefined; domains?: ReadonlyMap<string, string> };
  /** ADMIN_KEY: the key of the merchant's operations; absent: they are refused to everyone. */
  adminKey?: string | undefined;
  /** WIDGET_PREVIEW_TOKEN: shows unpublished widgets and pages to its holder; absent: no preview. */
  previewToken?: string | undefined;
}

/** Whether a request's X-Admin-Key is the shop's admin key (compared in constant time). */
export function isAdminKey(adminKey: string | undefined, given: string | null | undefined): boolean {
  if (!adminKey || !given) return false;
  const a = Buffer.from(adminKey);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function createApiContext(
  services: ApiServices,
  requestId: string,
  clientSubject = "unknown",
  token?: string | null,
  adminKeyHeader?: string | null,
): ApiContext {
  let customer: Promise<Principal | null> | undefined;
  const logger = services.logger.child({ requestId });
  const locales = new Map<string, Locale>();
  const offers = new Map<string, Promise<unknown>>();
  return {
    db: services.db,
    reference: services.reference,
    logger,
    requestId,
    clientSubject,
    site: services.site ?? {},
    ...(services.limiter ? { limiter: services.limiter } : {}),
    ...(services.stockEvents ? { stockEvents: services.stockEvents } : {}),
    ...(services.accounts ? { accounts: services.accounts } : {}),
    ...(services.auth ? { auth: services.auth } : {}),
    ...(services.checkout ? { checkout: services.checkout } : {}),
    ...(services.recommendations ? { recommendations: services.recommendations } : {}),
    admin: isAdminKey(services.adminKey, adminKeyHeader),
    canPreview: (token) => isAdminKey(services.previewToken, token),
    customer() {
      customer ??= services.auth && token ? services.auth.authenticate(token) : Promise.resolve(null);
      return customer;
    },
    async locale(args) {
      const { locale, fallbacks } = resolveLocale(await services.reference.get(), args);
      for (const reason of fallbacks) logger.warn({ reason }, "locale fallback");
      if (!locales.has(locale.language.id)) locales.set(locale.language.id, locale);
      return locale;
    },
    localeOf: (languageId) => locales.get(languageId),
    batch: createBatcher(),
    offer: (key, value) => void offers.set(key, value),
    offered: <T>(key: string) => offers.get(key) as Promise<T> | undefined,
  };
}

interface PendingBatch {
  keys: (string | number)[];
  answers: Map<string | number, Promise<unknown>>;
  result: Promise<Map<string | number, unknown>>;
}

/**
 * The batching behind ApiContext.batch: one queue per name, dispatched once the current step has run. A key asked
 * for twice in one step is loaded once; answers are not kept beyond their step, so a long-lived context (a
 * subscription) reads fresh data for each event.
 */
export function createBatcher(): ApiContext["batch"] {
  const pending = new Map<string, PendingBatch>();
  return function batch<K extends string | number, V>(
    name: string,
    key: K,
    load: (keys: K[]) => Promise<Map<K, V>>,
  ): Promise<V | undefined> {
    let queue = pending.get(name);
    if (!queue) {
      const keys: K[] = [];
      const result = new Promise<Map<string | number, unknown>>((resolve, reject) => {
        // Like DataLoader: after the promise jobs of this step, so the keys of sibling resolvers join in.
        void Promise.resolve().then(() =>
          process.nextTick(() => {
            pending.delete(name);
            load(keys).then((map) => resolve(map as Map<string | number, unknown>), reject);
          }),
        );
      });
      queue = { keys, answers: new Map(), result };
      pending.set(name, queue);
    }
    const known = queue.answers.get(key);
    if (known) return known as Promise<V | undefined>;
    queue.keys.push(key);
    const answer = queue.result.then((map) => map.get(key) as V | undefined);
    queue.answers.set(key, answer);
    return answer;
  };
}

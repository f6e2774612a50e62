import { Hono } from "hono";
import { getCookie } from "hono/cookie";
import { z } from "zod";
import { CONSENT_COOKIE, commandUnderConsent, parseConsent } from "#domain/consent.ts";
import { RateLimited, type RateLimiter } from "#integrations/rate-limit/index.ts";
import {
  createRecommendationSandbox,
  HttpRecommendations,
  RECOMMENDATION_SANDBOX_WEBSITE,
} from "#integrations/recommendations/http/index.ts";
import type { RecommendationCommand, RecommendationProvider } from "#integrations/recommendations/index.ts";
import type { Config } from "./config.ts";
import type { Logger } from "./logger.ts";

/**
 * The recommendation provider from the configuration (docs/decisions/0040):
 * - unset `RECOMMENDATIONS_BASE_URL`: none; the built-in rules over the shop's own orders answer (the default);
 * - `RECOMMENDATIONS_BASE_URL=https://…` with `RECOMMENDATIONS_WEBSITE_UUID`: the provider over HTTP, the built-in
 *   rules filling what it does not answer;
 * - `RECOMMENDATIONS_BASE_URL=sandbox`: the provider's sandbox on this server at `/sandbox/recommendations` (it
 *   learns from the conversions it is told; `GET /sandbox/recommendations/log` shows what it was told).
 */
export function recommendationSetup(opts: {
  config: Config;
  env: Record<string, string | undefined>;
  logger: Logger;
  /** Where this server reaches itself. */
  selfOrigin: string;
  /** The shop's limiter: the tracking endpoint draws `recommendations.track.ip` per address. */
  limiter?: RateLimiter;
}): {
  provider?: RecommendationProvider;
  routes?: Hono;
  apiPaths: string[];
  /** What the browser tells the provider through this server (decision 0046); absent without a provider. */
  tracking?: { pageViews: boolean };
} {
  const { env, logger, config } = opts;
  const base = env.RECOMMENDATIONS_BASE_URL?.trim();
  if (!base) return { apiPaths: [] };
  const development = !config.production;
  // trackPageView goes out only in development (spec §5): the browser does not even send it otherwise.
  const tracking = { pageViews: development };
  if (base === "sandbox") {
    if (config.production)
      logger.warn("RECOMMENDATIONS_BASE_URL=sandbox: recommendations come from a sandbox");
    const provider = new HttpRecommendations({
      baseUrl: `${opts.selfOrigin}/sandbox/recommendations`,
      websiteUuid: RECOMMENDATION_SANDBOX_WEBSITE,
      development,
      logger,
    });
    const routes = trackingRoutes(provider, opts.limiter);
    routes.route("/sandbox/recommendations", createRecommendationSandbox().app);
    return { provider, routes, apiPaths: ["/sandbox/recommendations/*"], tracking };
  }
  const websiteUuid = env.RECOMMENDATIONS_WEBSITE_UUID?.trim();
  if (!websiteUuid) {
    logger.error(
      "RECOMMENDATIONS_BASE_URL is set without RECOMMENDATIONS_WEBSITE_UUID: the built-in rules answer",
    );
    return { apiPaths: [] };
  }
  const provider = new HttpRecommendations({ baseUrl: base, websiteUuid, development, logger });
  return { provider, routes: trackingRoutes(provider, opts.limiter), apiPaths: [], tracking };
}

/** Where the browser's queue posts (app/lib/recommendations/tracker.ts). */
export const TRACKING_PATH = "/api/recommendations";

const productNumbers = z.array(z.string().trim().min(1).max(100)).max(200);
const trackedCommand = z.discriminatedUnion("command", [
  z.object({ command: z.literal("setCart"), productNumbers }),
  z.object({
    command: z.literal("trackConversion"),
    total: z.string().regex(/^\d{1,12}(\.\d{1,2})?$/),
    currency: z.string().regex(/^[A-Z]{3}$/),
    orderNumber: z.string().trim().min(1).max(100),
    // The provider is told an e-mail only as one (never free text), and only with marketing consent (below).
    email: z.string().trim().max(320).pipe(z.email()).optional(),
    productNumbers,
  }),
  z.object({ command: z.literal("trackPageView"), url: z.string().max(2000) }),
  z.object({ command: z.literal("clickCollect"), source: z.string().trim().min(1).max(200) }),
]);
const trackingUserId = z.uuid();

/**
 * `POST /api/recommendations` (a form: `command` as JSON, `trackingUserId`): the browser's queue of the provider's
 * commands and recommendation clicks (decision 0046), passed to the adapter, which sends it and logs the answer. The shopper's consent is
 * checked here again, from the `mili-consent` cookie the request carries (domain/consent.ts
 * commandUnderConsent): without consent to statistics or marketing nothing goes out, without marketing no e-mail.
 * Answers 202 at once: the shopper never waits on the provider. The request guard has checked it is same-site; one
 * address may send 120 a minute (`recommendations.track.ip`), then 429 with Retry-After.
 */
function trackingRoutes(provider: RecommendationProvider, limiter: RateLimiter | undefined): Hono {
  const app = new Hono();
  app.post(TRACKING_PATH, async (c) => {
    // One address's commands are counted before anything is read: past the limit, 429 and nothing passed on.
    try {
      // The client's subject (its address, or the proxy's client address) is set by the app's middleware.
      const subject = (c as unknown as { get(key: "clientSubject"): string | undefined }).get(
        "clientSubject",
      );
      await limiter?.consume([{ limit: "recommendations.track.ip", key: subject ?? "unknown" }]);
    } catch (error) {
      if (!(error instanceof RateLimited)) throw error;
      return c.json({ message: "Too many requests" }, 429, {
        "Retry-After": String(error.retryAfterSeconds),
        "Cache-Control": "no-store",
      });
    }
    const form = await c.req.parseBody();
    let json: unknown;
    try {
      json = JSON.parse(String(form.command ?? ""));
    } catch {
      return c.json({ message: "Bad request" }, 400);
    }
    const parsed = trackedCommand.safeParse(json);
    const user = trackingUserId.safeParse(form.trackingUserId);
    if (!parsed.success || !user.success) return c.json({ message: "Bad request" }, 400);
    const command = commandUnderConsent(parsed.data, parseConsent(getCookie(c, CONSENT_COOKIE)));
    if (!command) return c.body(null, 204, { "Cache-Control": "no-store" });
    // A click goes to the provider's click-collect endpoint (its answer only logged, spec §5); the rest is a command.
    if (command.command === "clickCollect")
      void provider.clickCollect({ trackingUserId: user.data, source: command.source });
    else void provider.track(command as RecommendationCommand, user.data);
    return c.body(null, 202, { "Cache-Control": "no-store" });
  });
  return app;
}

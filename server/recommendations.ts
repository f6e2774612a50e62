import { Hono } from "hono";
import {
  createRecommendationSandbox,
  HttpRecommendations,
  RECOMMENDATION_SANDBOX_WEBSITE,
} from "#integrations/recommendations/http/index.ts";
import type { RecommendationProvider } from "#integrations/recommendations/index.ts";
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
}): { provider?: RecommendationProvider; routes?: Hono; apiPaths: string[] } {
  const { env, logger, config } = opts;
  const base = env.RECOMMENDATIONS_BASE_URL?.trim();
  if (!base) return { apiPaths: [] };
  const development = !config.production;
  if (base === "sandbox") {
    if (config.production)
      logger.warn("RECOMMENDATIONS_BASE_URL=sandbox: recommendations come from a sandbox");
    const routes = new Hono();
    routes.route("/sandbox/recommendations", createRecommendationSandbox().app);
    return {
      provider: new HttpRecommendations({
        baseUrl: `${opts.selfOrigin}/sandbox/recommendations`,
        websiteUuid: RECOMMENDATION_SANDBOX_WEBSITE,
        development,
        logger,
      }),
      routes,
      apiPaths: ["/sandbox/recommendations/*"],
    };
  }
  const websiteUuid = env.RECOMMENDATIONS_WEBSITE_UUID?.trim();
  if (!websiteUuid) {
    logger.error(
      "RECOMMENDATIONS_BASE_URL is set without RECOMMENDATIONS_WEBSITE_UUID: the built-in rules answer",
    );
    return { apiPaths: [] };
  }
  return {
    provider: new HttpRecommendations({ baseUrl: base, websiteUuid, development, logger }),
    apiPaths: [],
  };
}

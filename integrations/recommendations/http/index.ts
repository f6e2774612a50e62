import {
  type RecommendationClick,
  type RecommendationCommand,
  type RecommendationProvider,
  RecommendationProviderError,
  type RecommendationQuery,
  type Recommended,
} from "../index.ts";
import type {
  ClickCollectRequest,
  CommandRequest,
  RecommendationsRequest,
  RecommendationsResponse,
} from "./shapes.ts";

export { createRecommendationSandbox, RECOMMENDATION_SANDBOX_WEBSITE } from "./sandbox.ts";

/**
 * The recommendation provider over HTTP (docs/decisions/0040; the protocol in ./shapes.ts). Base URL and website
 * id come from config (`RECOMMENDATIONS_BASE_URL`, `RECOMMENDATIONS_WEBSITE_UUID`); with
 * `RECOMMENDATIONS_BASE_URL=sandbox` the sandbox on the shop's own server answers. Recommendations wait at most
 * `timeoutMs` (a product page must not hang on a provider); clicks and commands are sent and their answers logged.
 */
/** Where the adapter writes what the provider answered (a pino logger fits). */
export interface ProviderLog {
  error(data: Record<string, unknown>, msg: string): void;
  info(data: Record<string, unknown>, msg: string): void;
}

export interface HttpRecommendationsConfig {
  baseUrl: string;
  websiteUuid: string;
  /** trackPageView goes out only in development (spec §5). */
  development: boolean;
  logger?: ProviderLog;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export class HttpRecommendations implements RecommendationProvider {
  readonly name = "http";
  readonly #config: HttpRecommendationsConfig;
  constructor(config: HttpRecommendationsConfig) {
    this.#config = { ...config, baseUrl: config.baseUrl.replace(/\/+$/, "") };
  }

  async recommend(query: RecommendationQuery): Promise<Recommended[]> {
    const body: RecommendationsRequest = {
      websiteUuid: this.#config.websiteUuid,
      ...(query.trackingUserId ? { trackingUserId: query.trackingUserId } : {}),
      productNumbers: query.productNumbers,
      type: query.kind === "similar" ? "SIMILAR" : "BOUGHT_TOGETHER",
      limit: query.take,
      market: query.market,
      language: query.language,
    };
    const response = await this.#post("recommendations", body, this.#config.timeoutMs ?? 1_500);
    if (!response.ok) {
      await response.body?.cancel();
      throw new RecommendationProviderError(
        `the recommendation provider answered ${response.status}`,
        response.status,
      );
    }
    const answer = (await response.json()) as Partial<RecommendationsResponse>;
    if (!Array.isArray(answer.recommendations))
      throw new RecommendationProviderError("the recommendation provider answered no list", 502);
    return answer.recommendations
      .filter((r) => typeof r?.productNumber === "string" && r.productNumber.length > 0)
      .map((r) => ({ productNumber: r.productNumber, trackingCode: r.trackingCode ?? null }));
  }

  async clickCollect(click: RecommendationClick): Promise<void> {
    const body: ClickCollectRequest = { websiteUuid: this.#config.websiteUuid, ...click };
    await this.#report("click-collect", body);
  }

  async track(command: RecommendationCommand, trackingUserId?: string): Promise<void> {
    if (command.command === "trackPageView" && !this.#config.development) return;
    const body: CommandRequest = {
      websiteUuid: this.#config.websiteUuid,
      ...(trackingUserId ? { trackingUserId } : {}),
      ...command,
    };
    await this.#report(command.command === "trackPageView" ? "pages" : "commands", body);
  }

  /** Sends and logs the answer; never throws (the shopper's request does not depend on it). */
  async #report(path: string, body: unknown): Promise<void> {
    try {
      const response = await this.#post(path, body, this.#config.timeoutMs ?? 5_000);
      const text = await response.text();
      if (!response.ok)
        this.#config.logger?.error(
          { status: response.status, body: text.slice(0, 500) },
          `recommendations ${path} failed`,
        );
      else this.#config.logger?.info({ status: response.status }, `recommendations ${path}`);
    } catch (error) {
      this.#config.logger?.error({ err: error }, `recommendations ${path} failed`);
    }
  }

  #post(path: string, body: unknown, timeoutMs: number): Promise<Response> {
    return (this.#config.fetch ?? fetch)(`${this.#config.baseUrl}/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  }
}

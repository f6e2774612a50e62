/**
 * The shapes of the recommendation provider's HTTP protocol (spec §5 "Recommendation provider"), shared by the
 * adapter and its sandbox. Every call is a JSON POST carrying the shop's `websiteUuid`:
 * - `{base}/recommendations`: which products to show (RecommendationsRequest → RecommendationsResponse);
 * - `{base}/click-collect`: a click on a recommendation (ClickCollectRequest; the answer is only logged);
 * - `{base}/commands`: the queue commands setCart and trackConversion (CommandRequest);
 * - `{base}/pages`: trackPageView, sent in development only (CommandRequest).
 */

export interface RecommendationsRequest {
  websiteUuid: string;
  trackingUserId?: string;
  productNumbers: string[];
  type: "BOUGHT_TOGETHER" | "SIMILAR";
  limit: number;
  market: string;
  language: string;
}

export interface RecommendationsResponse {
  recommendations: { productNumber: string; trackingCode?: string | null }[];
}

export interface ClickCollectRequest {
  websiteUuid: string;
  trackingUserId: string;
  source: string;
}

export type CommandRequest = { websiteUuid: string; trackingUserId?: string } & (
  | { command: "setCart"; productNumbers: string[] }
  | {
      command: "trackConversion";
      total: string;
      currency: string;
      orderNumber: string;
      email?: string;
      productNumbers: string[];
    }
  | { command: "trackPageView"; url: string }
);

/**
 * A recommendation provider behind one interface (spec §3 "Recommendation state", §5 "Recommendation provider";
 * docs/decisions/0040). The shop asks it which products to show beside a product; it is told what shoppers do
 * (the queue commands), and a click on one of its recommendations is reported to its click-collect endpoint.
 * Products travel by product number (Mili's article number); each recommendation may carry the provider's
 * tracking code. The built-in provider from the shop's own orders is not an outside system: it lives in
 * services/recommendations/ and is what the shop uses when no provider is configured or one fails.
 */

export interface RecommendationQuery {
  /** The product numbers the recommendations are for (a product page: its own). */
  productNumbers: string[];
  kind: "bought-together" | "similar";
  take: number;
  /** The market's alias and the language (BCP 47) the page is shown in. */
  market: string;
  language: string;
  /** The provider's id of the shopper, when the shopper agreed to be recognised; otherwise none. */
  trackingUserId?: string;
}

export interface Recommended {
  productNumber: string;
  /** The provider's code for this recommendation, reported back with a click. */
  trackingCode: string | null;
}

/** What a shopper did, told to the provider (spec §5: the queue commands). */
export type RecommendationCommand =
  | { command: "setCart"; productNumbers: string[] }
  | {
      command: "trackConversion";
      /** Decimal, the order's total including VAT, in `currency`. */
      total: string;
      currency: string;
      orderNumber: string;
      /** Only when the shopper agreed to marketing; otherwise absent. */
      email?: string;
      productNumbers: string[];
    }
  | { command: "trackPageView"; url: string };

export interface RecommendationClick {
  trackingUserId: string;
  /** The recommendation's tracking code, or where on the page it was (e.g. "product-page:bought-together"). */
  source: string;
}

export interface RecommendationProvider {
  readonly name: string;
  recommend(query: RecommendationQuery): Promise<Recommended[]>;
  /** Reports a click; the provider's answer is only logged (spec §5), a failure never reaches the shopper. */
  clickCollect(click: RecommendationClick): Promise<void>;
  track(command: RecommendationCommand, trackingUserId?: string): Promise<void>;
}

export class RecommendationProviderError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.name = "RecommendationProviderError";
    this.status = status;
  }
}

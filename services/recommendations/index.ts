import { and, eq, inArray } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "#db/client.ts";
import { products } from "#db/schema/index.ts";
import { fillUp, MAX_RECOMMENDATIONS, type RecommendationKind } from "#domain/recommendation.ts";
import type { RecommendationCommand, RecommendationProvider } from "#integrations/recommendations/index.ts";
import { boughtTogether, similar } from "./builtin.ts";

/**
 * Which products to show beside a product (docs/decisions/0040). With a provider configured the provider answers
 * first; its product numbers become the shop's active products, and whatever it could not fill (or all of it,
 * when it fails or is slow) comes from the built-in rules over the shop's own orders and catalog. "Bought
 * together" is filled up with "similar" products, so a product nobody has bought with anything still shows some.
 */

export interface RecommendationServices {
  db: Database;
  /** An outside provider (integrations/recommendations/); absent: the built-in rules alone. */
  provider?: RecommendationProvider;
  logger?: Pick<Logger, "warn">;
}

export interface Recommendation {
  productId: number;
  /** The provider's tracking code for this recommendation, or the product's own (products.tracking_code). */
  trackingCode: string | null;
  /** Who chose it. */
  source: "provider" | "builtin";
}

export interface RecommendationRequest {
  productId: number;
  kind: RecommendationKind;
  take: number;
  marketAlias: string;
  languageId: string;
  trackingUserId?: string;
  /**
   * false: the built-in recommendations' trackingCode is left null, for a caller that reads the products (and so
   * their tracking codes) itself — the API's cards read them in their one statement. Default true.
   */
  ownTrackingCodes?: boolean;
}

export async function recommendationsFor(
  services: RecommendationServices,
  request: RecommendationRequest,
): Promise<Recommendation[]> {
  const take = Math.max(0, Math.min(request.take, MAX_RECOMMENDATIONS));
  if (take === 0) return [];
  const { db } = services;
  const fromProvider = services.provider ? await askProvider(services, services.provider, request, take) : [];
  const builtin = fromProvider.length >= take ? [] : await builtinFor(db, request, take);
  const chosen = fillUp(
    fromProvider.map((r) => r.productId),
    builtin,
    take,
  ).filter((id) => id !== request.productId);
  const providerCode = new Map(fromProvider.map((r) => [r.productId, r.trackingCode]));
  const ownCodes =
    request.ownTrackingCodes === false
      ? new Map<number, string | null>()
      : await trackingCodes(
          db,
          chosen.filter((id) => !providerCode.has(id)),
        );
  return chosen.map((productId) =>
    providerCode.has(productId)
      ? { productId, trackingCode: providerCode.get(productId) ?? null, source: "provider" as const }
      : { productId, trackingCode: ownCodes.get(productId) ?? null, source: "builtin" as const },
  );
}

/**
 * The built-in rules' answer: "similar" alone, or "bought together" filled up with "similar" — asked only when
 * bought together leaves room (most product pages: one statement, not two).
 */
async function builtinFor(db: Database, request: RecommendationRequest, take: number): Promise<number[]> {
  if (request.kind === "similar") return similar(db, request.productId, request.marketAlias, take);
  const together = await boughtTogether(db, request.productId, take);
  if (together.length >= take) return together;
  return fillUp(together, await similar(db, request.productId, request.marketAlias, take), take);
}

/** The provider's answer as the shop's active products, in its order; [] when it fails (logged). */
async function askProvider(
  services: RecommendationServices,
  provider: RecommendationProvider,
  request: RecommendationRequest,
  take: number,
): Promise<{ productId: number; trackingCode: string | null }[]> {
  const [own] = await services.db
    .select({ articleNumber: products.articleNumber })
    .from(products)
    .where(eq(products.id, request.productId));
  if (!own) return [];
  let answer: Awaited<ReturnType<RecommendationProvider["recommend"]>>;
  try {
    answer = await provider.recommend({
      productNumbers: [own.articleNumber],
      kind: request.kind,
      take,
      market: request.marketAlias,
      language: request.languageId,
      ...(request.trackingUserId ? { trackingUserId: request.trackingUserId } : {}),
    });
  } catch (error) {
    services.logger?.warn(
      { err: error, provider: provider.name },
      "recommendation provider failed: built-in rules answer",
    );
    return [];
  }
  const numbers = [...new Set(answer.map((r) => r.productNumber))].slice(0, take * 2);
  if (!numbers.length) return [];
  const rows = await services.db
    .select({ id: products.id, articleNumber: products.articleNumber })
    .from(products)
    .where(and(inArray(products.articleNumber, numbers), eq(products.active, true)));
  const idOf = new Map(rows.map((r) => [r.articleNumber, r.id]));
  const out: { productId: number; trackingCode: string | null }[] = [];
  for (const r of answer) {
    const productId = idOf.get(r.productNumber);
    if (productId === undefined || out.some((o) => o.productId === productId)) continue;
    out.push({ productId, trackingCode: r.trackingCode });
  }
  return out;
}

async function trackingCodes(db: Database, ids: number[]): Promise<Map<number, string | null>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: products.id, trackingCode: products.trackingCode })
    .from(products)
    .where(inArray(products.id, ids));
  return new Map(rows.map((r) => [r.id, r.trackingCode]));
}

/**
 * Tells the provider what a shopper did (the queue commands); without a provider nothing is sent. Never throws
 * and is not awaited by the shopper's request: a provider's trouble is logged by its adapter.
 */
export function tellProvider(
  services: Pick<RecommendationServices, "provider">,
  command: RecommendationCommand,
  trackingUserId?: string,
): void {
  void services.provider?.track(command, trackingUserId);
}

import { MAX_RECOMMENDATIONS } from "#domain/recommendation.ts";
import { type Recommendation, recommendationsFor } from "#services/recommendations/index.ts";
import { builder, localeArgs } from "../builder.ts";
import { intInRange } from "../errors.ts";
import { ProductType } from "./product.ts";
import { cardShapeOf, checkAlias, type ProductEdge, productEdges, productIdOf } from "./product-detail.ts";

/**
 * Recommendations beside a product (docs/decisions/0040): the configured provider's, filled up by the built-in
 * rules over the shop's own orders ("bought together") and catalog ("similar"). Mili's addition.
 */

const RecommendationKindEnum = builder.enumType("RecommendationKind", {
  values: {
    BOUGHT_TOGETHER: {
      value: "bought-together",
      description: "Bought in the same orders, then similar ones",
    },
    SIMILAR: { value: "similar", description: "The same category, the nearest in price first" },
  } as const,
});

const RecommendationSourceEnum = builder.enumType("RecommendationSource", {
  values: {
    PROVIDER: { value: "provider", description: "The configured recommendation provider chose it" },
    BUILTIN: { value: "builtin", description: "The shop's own rules chose it" },
  } as const,
});

const RecommendedProductType = builder
  .objectRef<{ edge: ProductEdge; recommendation: Recommendation }>("RecommendedProductType")
  .implement({
    description: "A recommended product, with the code to report a click on it by",
    fields: (t) => ({
      product: t.field({ type: ProductType, resolve: (r) => r.edge }),
      trackingCode: t.string({
        nullable: true,
        description: "The provider's code for this recommendation, or the product's own tracking code",
        resolve: (r) => r.recommendation.trackingCode,
      }),
      source: t.field({ type: RecommendationSourceEnum, resolve: (r) => r.recommendation.source }),
    }),
  });

builder.queryFields((t) => ({
  recommendedProducts: t.field({
    type: [RecommendedProductType],
    nullable: true,
    description: `Products to show beside a product, best first; take at most ${MAX_RECOMMENDATIONS}. Null for an unknown product. Mili's addition.`,
    args: {
      alias: t.arg.string({ required: true }),
      kind: t.arg({ type: RecommendationKindEnum, required: false, defaultValue: "bought-together" }),
      take: t.arg.int({ required: false, defaultValue: 8 }),
      ...localeArgs,
    },
    resolve: async (_root, args, ctx, info) => {
      checkAlias(args.alias);
      const take = intInRange("take", args.take ?? 8, 0, MAX_RECOMMENDATIONS);
      const locale = await ctx.locale(args);
      const productId = await productIdOf(ctx, locale.language.id, args.alias);
      if (productId === null) return null;
      const recommendations = await recommendationsFor(
        { db: ctx.db, logger: ctx.logger, ...(ctx.recommendations ? { provider: ctx.recommendations } : {}) },
        {
          productId,
          kind: args.kind ?? "bought-together",
          take,
          marketAlias: locale.market.alias,
          languageId: locale.language.id,
          // The cards' statement reads the products' own tracking codes (productEdges).
          ownTrackingCodes: false,
        },
      );
      const edges = await productEdges(
        ctx,
        locale,
        recommendations.map((r) => r.productId),
        cardShapeOf(info),
      );
      const byId = new Map(recommendations.map((r) => [r.productId, r]));
      return edges.flatMap((edge) => {
        const recommendation = byId.get(edge.product.productId);
        if (!recommendation) return [];
        const own =
          recommendation.source === "builtin" && "preloaded" in edge.product
            ? edge.product.preloaded?.row?.trackingCode
            : undefined;
        return [
          {
            edge,
            recommendation: own === undefined ? recommendation : { ...recommendation, trackingCode: own },
          },
        ];
      });
    },
  }),
}));

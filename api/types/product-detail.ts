import { type FieldNode, type GraphQLResolveInfo, Kind, type SelectionSetNode } from "graphql";
import { msg } from "#domain/messages.ts";
import { toDecimal } from "#domain/money.ts";
import { discountPercentage } from "#domain/prices.ts";
import { type ProductClass, vatOfGross, vatRateFor } from "#domain/vat.ts";
import { MAX_SKIP } from "#services/catalog/filter.ts";
import {
  findProducts,
  type ProductCard,
  type ProductDetail,
  type ProductPart,
} from "#services/catalog/product.ts";
import type { StockView } from "#services/catalog/summary.ts";
import { loadPackageRules, loadSkuPrices, type PackageRule } from "#services/package-prices.ts";
import {
  categoryPath,
  findUrlRedirect,
  loadCampaigns,
  loadPackages,
  loadParameterGroups,
  loadPriceHistory,
  loadProductRows,
  loadSkus,
  loadVariants,
  MAX_HISTORY_DAYS,
  type ParameterGroupView,
  type PricePointMinor,
  type ProductVariants,
  productIdsByAlias,
  relatedProductsOf,
  type SkuView,
  skuName,
  type VariantView,
} from "#services/product-detail.ts";
import type { Locale, LocaleRequest } from "#services/reference.ts";
import {
  listQuestions,
  listReviews,
  MAX_REVIEWS_TAKE,
  type QuestionView,
  type ReviewView,
} from "#services/reviews.ts";
import { builder, localeArgs } from "../builder.ts";
import type { ApiContext } from "../context.ts";
import { apiError, intInRange } from "../errors.ts";
import { BreadcrumbType, CampaignType, CategoryType, campaignRuleOf, categoriesOf } from "./lists.ts";
import { amountFields, grossAndNetFields } from "./money-fields.ts";
import { PriceType, productPriceEdge, StockType } from "./price.ts";
import {
  type OfferedProduct,
  offeredProductKey,
  ProductBrandType,
  ProductImageType,
  ProductType,
} from "./product.ts";

export type ProductEdge = (typeof ProductType)["$inferType"];

/** The full locale behind a Product, which carries only its language: the one this request resolved. */
async function localeOf(ctx: ApiContext, languageId: string): Promise<Locale> {
  return ctx.localeOf(languageId) ?? ctx.locale({ languageId });
}

const key = (locale: Locale) => `${locale.market.alias}:${locale.language.id}`;

/**
 * What productEdges reads of each product: with or without its details (texts, meta, the paths in every language),
 * its SKUs whole or only their ids (decision 0078).
 */
export interface CardShape {
  details: boolean;
  skus: "whole" | "ids";
}

/** Everything a product field may ask: what productEdges reads unless told less. */
const WHOLE_CARDS: CardShape = { details: true, skus: "whole" };

/** What a card reads in its statement besides its shape: the tracking code cards show. */
const partsOf = (shape: CardShape): ReadonlySet<ProductPart> =>
  new Set<ProductPart>([shape.skus === "whole" ? "skus" : "skuIds", "row"]);

/** The product fields only a read with details answers. */
const DETAIL_FIELDS = new Set(["texts", "meta", "alternativeUrls"]);

/** Calls `visit` with each field of a selection, through fragments and inline fragments. */
function eachField(
  info: GraphQLResolveInfo,
  set: SelectionSetNode | undefined,
  visit: (field: FieldNode) => void,
): void {
  for (const s of set?.selections ?? []) {
    if (s.kind === Kind.FIELD) visit(s);
    else if (s.kind === Kind.INLINE_FRAGMENT) eachField(info, s.selectionSet, visit);
    else eachField(info, info.fragments[s.name.value]?.selectionSet, visit);
  }
}

/** Whether a `skus` field asks nothing of a SKU but its id. */
function onlySkuIds(info: GraphQLResolveInfo, set: SelectionSetNode | undefined): boolean {
  let only = true;
  eachField(info, set, (f) => {
    if (f.name.value !== "skuId" && f.name.value !== "__typename") only = false;
  });
  return only;
}

/**
 * The shape a list of cards (relatedProducts, recommendedProducts: items with a `product`) needs, from the items'
 * selection: details when a `product` asks texts, meta or alternativeUrls, whole SKUs when its `skus` ask more than
 * their ids. @skip/@include are not read: a skipped field counts as asked (read, not shown). A page's cards ask
 * neither, so their statement reads neither (decision 0078).
 */
export function cardShapeOf(info: GraphQLResolveInfo): CardShape {
  let details = false;
  let wholeSkus = false;
  for (const node of info.fieldNodes)
    eachField(info, node.selectionSet, (item) => {
      if (item.name.value !== "product") return;
      eachField(info, item.selectionSet, (field) => {
        if (DETAIL_FIELDS.has(field.name.value)) details = true;
        else if (field.name.value === "skus" && !onlySkuIds(info, field.selectionSet)) wholeSkus = true;
      });
    });
  return { details, skus: wholeSkus ? "whole" : "ids" };
}

/**
 * Products by id as the product query shows them (related and recommended cards, cart lines), batched per request
 * and shape: one statement for all of them, SKUs and tracking codes included (findProducts).
 */
export async function productEdges(
  ctx: ApiContext,
  locale: Locale,
  ids: number[],
  shape: CardShape = WHOLE_CARDS,
): Promise<ProductEdge[]> {
  const ref = await ctx.reference.get();
  const now = new Date();
  const parts = partsOf(shape);
  const found = await Promise.all(
    ids.map((id) =>
      ctx.batch(
        `productCards:${key(locale)}:${shape.details ? "details" : "card"}:${shape.skus}`,
        id,
        (keys) => findProducts(ctx.db, ref, locale, keys, now, parts, shape.details),
      ),
    ),
  );
  return found
    .filter((p): p is ProductDetail | ProductCard => p !== undefined)
    .map((product) => ({ product, locale: locale.language.id }));
}

/** A SKU with the language of the product it was read for. */
type SkuEdge = SkuView & { locale: string };

const SkuType = builder.objectRef<SkuEdge>("SkuType").implement({
  fields: (t) => ({
    skuId: t.exposeInt("skuId"),
    gtin: t.exposeString("gtin", { nullable: true }),
    name: t.string({
      description:
        'The SKU\'s own name in the request\'s language, as the product\'s variants word it: the size "M", "42", "1 stk. (55 g)"',
      resolve: (s) => skuName(s, s.locale),
    }),
    productId: t.exposeInt("productId"),
    stock: t.field({ type: StockType, resolve: (s) => s.stock }),
    unitPrice: t.field({
      type: PriceType,
      nullable: true,
      description:
        "The SKU's price in the request's market now: what the cart charges for one unit. Null without a price there.",
      resolve: async (s, _args, ctx) => {
        const locale = await localeOf(ctx, s.locale);
        const now = new Date();
        const price = await ctx.batch(`skuPrices:${locale.market.alias}`, s.skuId, (ids) =>
          loadSkuPrices(ctx.db, ids, { marketAlias: locale.market.alias, at: now }),
        );
        if (!price) return null;
        const ref = await ctx.reference.get();
        const country = locale.market.country?.code;
        const vatRateBp = country
          ? vatRateFor(ref.vatRates, country, price.productClass as ProductClass, now).rateBp
          : 0;
        return {
          price: {
            currency: price.currency,
            regularIncVat: Math.max(price.regular, price.selling),
            sellingIncVat: price.selling,
            vatRateBp,
          },
          locale: s.locale,
        };
      },
    }),
  }),
});

const ParameterType = builder.objectRef<ParameterGroupView["parameters"][number]>("ParameterType").implement({
  fields: (t) => ({
    name: t.exposeString("name"),
    value: t.exposeString("value"),
    show: t.exposeBoolean("show", { description: "Shown in the specification" }),
    identifier: t.exposeString("identifier", {
      description: 'Stable across languages, e.g. "color", "material", "nutrition-energy"',
    }),
  }),
});

const ParameterGroupType = builder.objectRef<ParameterGroupView>("ParameterGroupType").implement({
  fields: (t) => ({
    parameterGroupId: t.exposeInt("parameterGroupId", { description: "Group 1 holds the Color parameter" }),
    name: t.exposeString("name"),
    parameters: t.field({ type: [ParameterType], resolve: (g) => g.parameters }),
  }),
});

const VariantDimensionType = builder
  .objectRef<ProductVariants["dimensions"][number]>("VariantDimensionType")
  .implement({
    fields: (t) => ({
      dimension: t.exposeString("dimension", { description: '"Fit", "Color", "Flavor", …' }),
      value: t.exposeString("value", { description: 'Language-neutral, e.g. "black"' }),
      level: t.exposeInt("level", { description: "0 is the top level of the variant group" }),
      label: t.exposeString("label", { description: "The value in the request's language" }),
    }),
  });

const VariantAttributeType = builder
  .objectRef<{ key: string; value: string }>("VariantAttributeType")
  .implement({
    fields: (t) => ({ key: t.exposeString("key"), value: t.exposeString("value") }),
  });

const VariantType = builder.objectRef<VariantView>("VariantType");
VariantType.implement({
  description:
    "One value of a variant level. It leads to a product of the group (alias, canonicalUrl); on the last level it is a SKU.",
  fields: (t) => ({
    alias: t.exposeString("alias", { description: "Alias of the product this variant leads to" }),
    canonicalUrl: t.exposeString("canonicalUrl"),
    productId: t.exposeInt("productId"),
    level: t.exposeInt("level", { description: "0 is the top level" }),
    dimension: t.exposeString("dimension"),
    value: t.exposeString("value"),
    label: t.exposeString("label", { description: "The value in the request's language" }),
    attributes: t.field({
      type: [VariantAttributeType],
      description: "The dimension values of the product (and SKU) this variant leads to",
      resolve: (v) => v.attributes,
    }),
    skuId: t.exposeInt("skuId", { nullable: true, description: "On the last level only" }),
    stock: t.field({
      type: StockType,
      nullable: true,
      description: "On the last level only",
      resolve: (v): StockView | null => v.stock,
    }),
    primaryImage: t.exposeString("primaryImage", {
      nullable: true,
      description: "File name of the product's first image",
    }),
    variants: t.field({ type: [VariantType], resolve: (v) => v.variants }),
  }),
});

const VariantGroupType = builder.objectRef<{ variants: VariantView[] }>("VariantGroupType").implement({
  fields: (t) => ({ variants: t.field({ type: [VariantType], resolve: (g) => g.variants }) }),
});

interface PackageEdge {
  packageId: number;
  /** The package's price rule in the request's market (null: its picks cost what they cost alone). */
  rule: PackageRule | null;
  groups: {
    groupId: number;
    name: string;
    description: string | null;
    image: string | null;
    required: boolean;
    sortOrder: number;
    options: {
      optionId: number;
      quantity: number;
      isSelected: boolean;
      sortOrder: number;
      product: ProductEdge;
    }[];
  }[];
}

const PackageOptionType = builder
  .objectRef<PackageEdge["groups"][number]["options"][number]>("OptionType")
  .implement({
    fields: (t) => ({
      optionId: t.exposeInt("optionId"),
      quantity: t.exposeInt("quantity"),
      isSelected: t.exposeBoolean("isSelected", { description: "Picked by default" }),
      sortOrder: t.exposeInt("sortOrder"),
      product: t.field({ type: ProductType, resolve: (o) => o.product }),
    }),
  });

const PackageGroupType = builder.objectRef<PackageEdge["groups"][number]>("GroupType").implement({
  fields: (t) => ({
    groupId: t.exposeInt("groupId"),
    name: t.exposeString("name"),
    description: t.exposeString("description", { nullable: true }),
    image: t.exposeString("image", { nullable: true }),
    required: t.exposeBoolean("required", { description: "A pick from this group is needed before buying" }),
    sortOrder: t.exposeInt("sortOrder"),
    options: t.field({ type: [PackageOptionType], resolve: (g) => g.options }),
  }),
});

const ProductPackageType = builder.objectRef<PackageEdge>("ProductPackageType").implement({
  fields: (t) => ({
    packageId: t.exposeInt("packageId", { description: "The package product's id" }),
    packagePriceIncVat: t.field({
      type: "Decimal",
      nullable: true,
      description:
        "What the package costs with its default picks, now, in the request's market. Other picks cost their own prices × packagePriceIncVat ÷ defaultPicksPriceIncVat, rounded once for the package and never more than the picks alone (domain/cart.ts packagePrice; the cart charges the same). Null when the package has no price rule here.",
      resolve: (p) => (p.rule ? toDecimal(p.rule.packagePrice, p.rule.currency) : null),
    }),
    defaultPicksPriceIncVat: t.field({
      type: "Decimal",
      nullable: true,
      description:
        "What the default picks cost on their own now: each picked product's cheapest SKU (Sku.unitPrice) times its quantity. Null when the package has no price rule here.",
      resolve: (p) => (p.rule ? toDecimal(p.rule.defaultPicksPrice, p.rule.currency) : null),
    }),
    groups: t.field({ type: [PackageGroupType], resolve: (p) => p.groups }),
  }),
});

interface PricePointEdge {
  point: PricePointMinor;
  locale: string;
  /** The first entry at the answer's lowest selling price. */
  isLowest: boolean;
}

/** A price log's entries as edges: exactly one (the first at the lowest selling price) isLowest. */
function priceLogEdges(points: PricePointMinor[], locale: string): PricePointEdge[] {
  let lowest = -1;
  points.forEach((p, i) => {
    if (lowest < 0 || p.sellingIncVat < (points[lowest] as PricePointMinor).sellingIncVat) lowest = i;
  });
  return points.map((point, i) => ({ point, locale, isLowest: i === lowest }));
}

const PricePointType = builder.objectRef<PricePointEdge>("PriceLogItemType").implement({
  description:
    "The product's price (its cheapest SKU's) from a day on; in the market's currency. The first point is the price in effect when the period begins.",
  fields: (t) => {
    const amount = (pick: (p: PricePointMinor) => number) => (e: PricePointEdge) => ({
      minor: pick(e.point),
      currency: e.point.currency,
      vatRateBp: e.point.vatRateBp,
      locale: e.locale,
    });
    return {
      date: t.string({ description: "YYYY-MM-DD (Europe/Stockholm)", resolve: (e) => e.point.date }),
      currency: t.string({ resolve: (e) => e.point.currency }),
      ...grossAndNetFields(
        t,
        "regularPrice",
        amount((p) => p.regularIncVat),
      ),
      ...grossAndNetFields(
        t,
        "sellingPrice",
        amount((p) => p.sellingIncVat),
      ),
      ...grossAndNetFields(
        t,
        "discount",
        amount((p) => p.regularIncVat - p.sellingIncVat),
        "regular − selling",
      ),
      ...amountFields(t, "vat", (e) => ({
        minor: vatOfGross(e.point.sellingIncVat, e.point.vatRateBp),
        currency: e.point.currency,
        locale: e.locale,
      })),
      isDiscounted: t.boolean({ resolve: (e) => e.point.sellingIncVat < e.point.regularIncVat }),
      discountPercentage: t.int({
        resolve: (e) => discountPercentage(e.point.regularIncVat, e.point.sellingIncVat),
      }),
      isLowest: t.boolean({
        description: "True for exactly one entry of an answer: the first at its lowest selling price",
        resolve: (e) => e.isLowest,
      }),
    };
  },
});

/** What `findProduct` read with the product (when the query asked for it), else undefined. */
function preloaded(e: ProductEdge) {
  return "preloaded" in e.product ? e.product.preloaded : undefined;
}

async function skusOf(
  e: ProductEdge,
  _args: unknown,
  ctx: ApiContext,
  info: GraphQLResolveInfo,
): Promise<SkuEdge[]> {
  const ids = preloaded(e)?.skuIds;
  if (!preloaded(e)?.skus && ids && info.fieldNodes.every((node) => onlySkuIds(info, node.selectionSet)))
    // A card read with its SKUs' ids only (cardShapeOf) and a selection of nothing but `skuId`: no other field of
    // these SKUs is resolved.
    return ids.map((skuId) => ({ skuId, locale: e.locale }) as SkuEdge);
  const skus =
    preloaded(e)?.skus ??
    (await ctx.batch("skus", e.product.productId, (ids) => loadSkus(ctx.db, ids))) ??
    [];
  return skus.map((sku) => ({ ...sku, locale: e.locale }));
}

async function parameterGroupsOf(e: ProductEdge, _args: unknown, ctx: ApiContext) {
  const known = preloaded(e)?.parameterGroups;
  if (known) return known;
  return (
    (await ctx.batch(`parameterGroups:${e.locale}`, e.product.productId, (ids) =>
      loadParameterGroups(ctx.db, e.locale, ids),
    )) ?? []
  );
}

async function campaignsOf(e: ProductEdge, _args: unknown, ctx: ApiContext) {
  const known = preloaded(e)?.campaigns;
  if (known) return known.map(campaignRuleOf);
  const locale = await localeOf(ctx, e.locale);
  return (
    (await ctx.batch(`campaigns:${key(locale)}`, e.product.productId, (ids) =>
      loadCampaigns(ctx.db, locale, ids),
    )) ?? []
  ).map(campaignRuleOf);
}

/** Geins' relations by Mili's related_products.relation. */
const RELATIONS: Record<string, "RELATED" | "ACCESSORIES" | "SIMILAR"> = {
  similar: "SIMILAR",
  accessory: "ACCESSORIES",
  accessories: "ACCESSORIES",
};

const ProductRelationType = builder.enumType("ProductRelation", {
  values: { RELATED: {}, ACCESSORIES: {}, SIMILAR: {} } as const,
});

const RelatedProductType = builder
  .objectRef<{ edge: ProductEdge; relation: string }>("RelatedProductType")
  .implement({
    description:
      "A product related to another, with how (Geins' RelatedProductType); `product` is the whole product",
    fields: (t) => ({
      alias: t.string({ resolve: (r) => r.edge.product.alias }),
      name: t.string({ resolve: (r) => r.edge.product.name }),
      canonicalUrl: t.string({ resolve: (r) => r.edge.product.canonicalUrl }),
      brand: t.field({
        type: ProductBrandType,
        nullable: true,
        resolve: (r) =>
          r.edge.product.brand ? { ...r.edge.product.brand, languageId: r.edge.locale } : null,
      }),
      unitPrice: t.field({
        type: PriceType,
        nullable: true,
        resolve: (r) => productPriceEdge(r.edge.product.unitPrice, r.edge.locale),
      }),
      relation: t.field({
        type: ProductRelationType,
        description: "RELATED, ACCESSORIES or SIMILAR",
        resolve: (r) => RELATIONS[r.relation] ?? "RELATED",
      }),
      relationType: t.string({
        description: 'Mili\'s relation as stored, e.g. "similar", "accessory"',
        resolve: (r) => r.relation,
      }),
      primaryImage: t.string({
        nullable: true,
        resolve: (r) => r.edge.product.productImages[0]?.fileName ?? null,
      }),
      secondaryImage: t.string({
        nullable: true,
        resolve: (r) => r.edge.product.productImages[1]?.fileName ?? null,
      }),
      productImages: t.field({ type: [ProductImageType], resolve: (r) => r.edge.product.productImages }),
      skus: t.field({ type: [SkuType], resolve: (r, args, ctx, info) => skusOf(r.edge, args, ctx, info) }),
      discountCampaigns: t.field({
        type: [CampaignType],
        resolve: (r, args, ctx) => campaignsOf(r.edge, args, ctx),
      }),
      primaryCategory: t.field({
        type: CategoryType,
        nullable: true,
        resolve: async (r, _args, ctx) => {
          const id = r.edge.product.primaryCategory?.categoryId;
          if (id === undefined) return null;
          return (await categoriesOf(ctx, r.edge.locale)).find((c) => c.categoryId === id) ?? null;
        },
      }),
      parameterGroups: t.field({
        type: [ParameterGroupType],
        resolve: (r, args, ctx) => parameterGroupsOf(r.edge, args, ctx),
      }),
      product: t.field({
        type: ProductType,
        description: "The related product with every product field (Mili's addition)",
        resolve: (r) => r.edge,
      }),
    }),
  });

builder.objectFields(ProductType, (t) => ({
  skus: t.field({ type: [SkuType], description: "Active SKUs with their stock", resolve: skusOf }),
  parameterGroups: t.field({
    type: [ParameterGroupType],
    description:
      "Specification in the request's language; group 1 holds Color, nutrition rows are nutrition-*",
    resolve: parameterGroupsOf,
  }),
  variantDimensions: t.field({
    type: [VariantDimensionType],
    description: "The product's own values in its variant group (product levels, e.g. Fit and Color)",
    resolve: async (e, _args, ctx) =>
      preloaded(e)?.variantDimensions ?? (await variantsOf(ctx, e))?.dimensions ?? [],
  }),
  variantGroup: t.field({
    type: VariantGroupType,
    nullable: true,
    description: "The variant tree (e.g. Fit → Color → Size) seen from this product; null outside a group",
    resolve: async (e, _args, ctx) => (await variantsOf(ctx, e))?.group ?? null,
  }),
  discountCampaigns: t.field({
    type: [CampaignType],
    description: "Running campaigns the product is part of",
    resolve: campaignsOf,
  }),
  productPackage: t.field({
    type: ProductPackageType,
    nullable: true,
    description: "Groups and options of a package product; null for other products",
    resolve: async (e, _args, ctx): Promise<PackageEdge | null> => {
      if (e.product.type !== "package") return null;
      const pkg = await ctx.batch(`packages:${e.locale}`, e.product.productId, (ids) =>
        loadPackages(ctx.db, e.locale, ids),
      );
      if (!pkg) return null;
      const locale = await localeOf(ctx, e.locale);
      const edges = await productEdges(
        ctx,
        locale,
        pkg.groups.flatMap((g) => g.options.map((o) => o.productId)),
      );
      const byId = new Map(edges.map((edge) => [edge.product.productId, edge]));
      const now = new Date();
      const rule = await ctx.batch(`packageRules:${key(locale)}`, pkg.packageId, (ids) =>
        loadPackageRules(ctx.db, ids, {
          marketAlias: locale.market.alias,
          languageId: locale.language.id,
          at: now,
        }),
      );
      return {
        packageId: pkg.packageId,
        rule: rule ?? null,
        groups: pkg.groups.map((g) => ({
          ...g,
          // An option whose product cannot be bought in this market is left out.
          options: g.options.flatMap((o) => {
            const product = byId.get(o.productId);
            return product ? [{ ...o, product }] : [];
          }),
        })),
      };
    },
  }),
  trackingCode: t.string({
    nullable: true,
    resolve: async (e, _args, ctx) => (await productRow(ctx, e))?.trackingCode ?? null,
  }),
  priceLog: t.field({
    type: [PricePointType],
    description:
      "The price over the last 30 days (see productPriceHistory). A reduction's prior price comes from the 30 days before the reduction began, which may lie further back: see lowestPrice",
    resolve: async (e, _args, ctx) => {
      const locale = await localeOf(ctx, e.locale);
      const ref = await ctx.reference.get();
      const points =
        (await ctx.batch(`priceLog30:${key(locale)}`, e.product.productId, (ids) =>
          loadPriceHistory(ctx.db, ref, locale, ids, 30),
        )) ?? [];
      return priceLogEdges(points, e.locale);
    },
  }),
  breadcrumbs: t.field({
    type: [BreadcrumbType],
    description:
      "The primary category's path from the top, then the product (paths without the language prefix)",
    resolve: async (e, _args, ctx) => {
      const row = await productRow(ctx, e);
      // The same batch as the categories of products and cards (categoriesOf): one statement for the page.
      const all = await categoriesOf(ctx, e.locale);
      const path = row?.primaryCategoryId ? categoryPath(all, row.primaryCategoryId) : [];
      return [
        ...path.map((c) => ({ name: c.name, url: c.canonicalUrl })),
        { name: e.product.name, url: e.product.canonicalUrl },
      ];
    },
  }),
}));

async function productRow(ctx: ApiContext, e: ProductEdge) {
  return (
    preloaded(e)?.row ?? ctx.batch("productRows", e.product.productId, (ids) => loadProductRows(ctx.db, ids))
  );
}

async function variantsOf(ctx: ApiContext, e: ProductEdge) {
  const locale = await localeOf(ctx, e.locale);
  return ctx.batch(`variants:${key(locale)}`, e.product.productId, async (ids) =>
    loadVariants(ctx.db, locale, ids, await ctx.reference.get()),
  );
}

const ReviewType = builder.objectRef<ReviewView>("ProductReviewType").implement({
  fields: (t) => ({
    reviewId: t.exposeInt("reviewId"),
    author: t.exposeString("author"),
    comment: t.exposeString("comment"),
    rating: t.exposeInt("rating", { description: "1–5 stars" }),
    reviewDate: t.string({ description: "ISO 8601", resolve: (r) => r.reviewDate.toISOString() }),
    languageId: t.exposeString("languageId", { description: "The language the review is written in" }),
  }),
});

const ReviewsResultType = builder
  .objectRef<{ count: number; averageRating: number | null; reviews: ReviewView[] }>(
    "ProductReviewResultType",
  )
  .implement({
    fields: (t) => ({
      count: t.field({
        type: "Long",
        description: "Approved reviews in every language: the product's rating.voteCount",
        resolve: (r) => r.count,
      }),
      averageRating: t.exposeFloat("averageRating", {
        nullable: true,
        description: "Their average rating, the product's rating.score; null when there is none",
      }),
      reviews: t.field({ type: [ReviewType], resolve: (r) => r.reviews }),
    }),
  });

const QuestionType = builder.objectRef<QuestionView>("ProductQuestion").implement({
  fields: (t) => ({
    questionId: t.exposeInt("questionId"),
    author: t.exposeString("author"),
    question: t.exposeString("question"),
    answer: t.exposeString("answer"),
    askedAt: t.string({ description: "ISO 8601", resolve: (q) => q.askedAt.toISOString() }),
    answeredAt: t.string({ description: "ISO 8601", resolve: (q) => q.answeredAt.toISOString() }),
  }),
});

const QuestionsResultType = builder
  .objectRef<{ count: number; questions: QuestionView[] }>("QuestionsResult")
  .implement({
    fields: (t) => ({
      count: t.exposeInt("count", { description: "Answered questions in the request's language" }),
      questions: t.field({ type: [QuestionType], resolve: (r) => r.questions }),
    }),
  });

const UrlRedirectType = builder.objectRef<{ oldUrl: string; newUrl: string }>("UrlHistoryType").implement({
  fields: (t) => ({
    oldUrl: t.exposeString("oldUrl"),
    newUrl: t.exposeString("newUrl", {
      description: "Where the page lives now (without the language prefix)",
    }),
  }),
});

function paging(args: { skip?: number | null; take?: number | null }, maxTake: number) {
  return {
    skip: intInRange("skip", args.skip ?? 0, 0, MAX_SKIP),
    take: intInRange("take", args.take ?? 5, 0, maxTake),
  };
}

const URL_PATH_MESSAGE = msg("api.argumentPath", { argument: "url", example: "/p/jakker/fjellrev-jakke" });

export function checkAlias(alias: string) {
  if (alias.length === 0 || alias.length > 200)
    throw apiError("BAD_USER_INPUT", msg("api.argumentLength", { argument: "alias", min: 1, max: 200 }), {
      argument: "alias",
    });
}

/**
 * The active product an alias names in a language, or null. The alias lookups of one request's fields (a product
 * page asks for the product, its price history, related products, reviews and questions by the same alias) are
 * batched into one statement (ApiContext.batch).
 */
export async function productIdOf(
  ctx: ApiContext,
  languageId: string,
  alias: string,
): Promise<number | null> {
  return (await productByAliasOf(ctx, languageId, alias))?.id ?? null;
}

/**
 * The active product an alias names in a language, with its rating (the same batched statement), or null. When the
 * request's `product(alias)` reads the same product in the same language, what its statement read instead (decision
 * 0095: a page's reviews and questions cost no statement of their own).
 */
async function productByAliasOf(ctx: ApiContext, languageId: string, alias: string) {
  const offered = await ctx.offered<OfferedProduct | null>(offeredProductKey(alias));
  if (offered && offered.languageId === languageId) return offered;
  const found = await ctx.batch(`productIdsByAlias|${languageId}`, alias, (aliases) =>
    productIdsByAlias(ctx.db, languageId, aliases),
  );
  return found ?? null;
}

/** The product an alias names in the request's language and the page asked for; null for an unknown product. */
async function productPage(
  ctx: ApiContext,
  args: { alias: string; skip?: number | null; take?: number | null } & LocaleRequest,
  maxTake: number,
) {
  checkAlias(args.alias);
  const page = paging(args, maxTake);
  const locale = await ctx.locale(args);
  const found = await productByAliasOf(ctx, locale.language.id, args.alias);
  return found === null
    ? null
    : {
        productId: found.id,
        rating: found.rating,
        answered: found.answeredQuestions,
        languageId: locale.language.id,
        ...page,
      };
}

builder.queryFields((t) => ({
  productPriceHistory: t.field({
    type: [PricePointType],
    nullable: true,
    description: `A product's price per day over the last \`days\` days (at most ${MAX_HISTORY_DAYS}); null for an unknown product.`,
    args: {
      alias: t.arg.string({ required: true }),
      days: t.arg.int({ required: false, defaultValue: 90 }),
      ...localeArgs,
    },
    resolve: async (_root, args, ctx) => {
      checkAlias(args.alias);
      const days = intInRange("days", args.days ?? 90, 1, MAX_HISTORY_DAYS);
      const locale = await ctx.locale(args);
      const productId = await productIdOf(ctx, locale.language.id, args.alias);
      if (productId === null) return null;
      const history = await loadPriceHistory(ctx.db, await ctx.reference.get(), locale, [productId], days);
      return priceLogEdges(history.get(productId) ?? [], locale.language.id);
    },
  }),
  relatedProducts: t.field({
    type: [RelatedProductType],
    nullable: true,
    description:
      "Products related to a product, in merchandised order, each with its relation; null for an unknown product.",
    args: { alias: t.arg.string({ required: true }), ...localeArgs },
    resolve: async (_root, args, ctx, info) => {
      checkAlias(args.alias);
      const locale = await ctx.locale(args);
      const productId = await productIdOf(ctx, locale.language.id, args.alias);
      if (productId === null) return null;
      const related = await relatedProductsOf(ctx.db, productId);
      const edges = await productEdges(
        ctx,
        locale,
        related.map((r) => r.id),
        cardShapeOf(info),
      );
      const relationOf = new Map(related.map((r) => [r.id, r.relation]));
      return edges.map((edge) => ({ edge, relation: relationOf.get(edge.product.productId) ?? "similar" }));
    },
  }),
  reviews: t.field({
    type: ReviewsResultType,
    nullable: true,
    description: `Approved reviews of a product in every language (each with its languageId), newest first; take at most ${MAX_REVIEWS_TAKE}. Null for an unknown product or without alias.`,
    args: {
      alias: t.arg.string({ required: false }),
      skip: t.arg.int({ required: false, defaultValue: 0 }),
      take: t.arg.int({ required: false, defaultValue: 5 }),
      ...localeArgs,
    },
    resolve: async (_root, args, ctx) => {
      const alias = args.alias;
      if (alias === null || alias === undefined) return null;
      const page = await productPage(ctx, { ...args, alias }, MAX_REVIEWS_TAKE);
      return (
        page &&
        listReviews(ctx.db, {
          productId: page.productId,
          skip: page.skip,
          take: page.take,
          rating: page.rating,
        })
      );
    },
  }),
  productQuestions: t.field({
    type: QuestionsResultType,
    nullable: true,
    description: `Answered questions about a product in the request's language, latest answer first; take at most ${MAX_REVIEWS_TAKE}. Null for an unknown product.`,
    args: {
      alias: t.arg.string({ required: true }),
      skip: t.arg.int({ required: false, defaultValue: 0 }),
      take: t.arg.int({ required: false, defaultValue: 5 }),
      ...localeArgs,
    },
    resolve: async (_root, args, ctx) => {
      const page = await productPage(ctx, args, MAX_REVIEWS_TAKE);
      return page && listQuestions(ctx.db, page);
    },
  }),
  urlHistory: t.field({
    type: UrlRedirectType,
    nullable: true,
    description:
      "Where an old URL (a path without the language prefix, e.g. /p/jakker/old-alias) lives now; null when it never moved.",
    args: { url: t.arg.string({ required: false }), ...localeArgs },
    resolve: async (_root, args, ctx) => {
      if (args.url === null || args.url === undefined) return null;
      let url = args.url.trim();
      if (/^https?:\/\//i.test(url)) {
        try {
          url = new URL(url).pathname;
        } catch {
          throw apiError("BAD_USER_INPUT", URL_PATH_MESSAGE, { argument: "url" });
        }
      }
      if (!url.startsWith("/") || url.length > 2000)
        throw apiError("BAD_USER_INPUT", URL_PATH_MESSAGE, { argument: "url" });
      const locale = await ctx.locale(args);
      return findUrlRedirect(ctx.db, locale.language.id, url);
    },
  }),
}));

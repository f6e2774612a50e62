import { type GraphQLResolveInfo, Kind, type SelectionSetNode } from "graphql";
import { msg } from "#domain/messages.ts";
import type { ProductSort } from "#domain/sorts.ts";
import { listFacets } from "#services/catalog/facets.ts";
import { type ListFacetGroup, type ListFilter, MAX_SKIP, MAX_TAKE } from "#services/catalog/filter.ts";
import { listProducts } from "#services/catalog/lists.ts";
import { findProduct, type ProductDetail, type ProductPart } from "#services/catalog/product.ts";
import { resolveListScope } from "#services/catalog/scope.ts";
import type { ProductSummary } from "#services/catalog/summary.ts";
import { loadProductCategoryIds, loadProductDetails, productIdByAlias } from "#services/product-detail.ts";
import type { LocaleRequest } from "#services/reference.ts";
import { builder, localeArgs } from "../builder.ts";
import type { ApiContext } from "../context.ts";
import { apiError, intInRange } from "../errors.ts";
import { AlternativeUrlType, brandsOf, CategoryType, categoriesOf } from "./lists.ts";
import { MetaType } from "./meta.ts";
import { LowestPriceType, PriceType, productPriceEdge, RatingType, StockType } from "./price.ts";

interface ProductEdge {
  product: ProductSummary | ProductDetail;
  locale: string;
}

/** A named page (Mili's search suggestions). */
export const LinkType = builder.objectRef<{ name: string; alias: string; canonicalUrl: string }>("Link");
LinkType.implement({
  fields: (t) => ({
    name: t.exposeString("name"),
    alias: t.exposeString("alias"),
    canonicalUrl: t.exposeString("canonicalUrl", { description: "Path without the language prefix" }),
  }),
});

/** A product's brand (Geins' BrandType; the brand list answers BrandListType). */
export const ProductBrandType = builder
  .objectRef<{ brandId: number; name: string; alias: string; canonicalUrl: string; languageId: string }>(
    "BrandType",
  )
  .implement({
    fields: (t) => ({
      brandId: t.exposeInt("brandId"),
      name: t.exposeString("name"),
      alias: t.exposeString("alias"),
      canonicalUrl: t.exposeString("canonicalUrl", { description: "Path without the language prefix" }),
      description: t.string({
        nullable: true,
        resolve: async (b, _args, ctx) =>
          (await brandsOf(ctx, b.languageId)).find((x) => x.brandId === b.brandId)?.description ?? null,
      }),
      alternativeUrls: t.field({ type: [AlternativeUrlType], resolve: () => [] }),
    }),
  });

export const ProductImageType = builder
  .objectRef<{ fileName: string; tags: string[]; altText?: string | null }>("ProductImageType")
  .implement({
    fields: (t) => ({
      fileName: t.exposeString("fileName", { description: "Served at /images/product/{width}/{fileName}" }),
      tags: t.exposeStringList("tags"),
      altText: t.string({
        nullable: true,
        description:
          "The merchant's alt text in the request's language, on a product's own read (Mili's addition; decision 0057)",
        resolve: (i) => i.altText ?? null,
      }),
    }),
  });

export const ProductType = builder.objectRef<ProductEdge>("ProductType").implement({
  fields: (t) => ({
    productId: t.int({ resolve: (e) => e.product.productId }),
    articleNumber: t.string({ resolve: (e) => e.product.articleNumber }),
    name: t.string({ resolve: (e) => e.product.name }),
    alias: t.string({ resolve: (e) => e.product.alias }),
    type: t.string({ description: '"product" or "package"', resolve: (e) => e.product.type }),
    canonicalUrl: t.string({ resolve: (e) => e.product.canonicalUrl }),
    brand: t.field({
      type: ProductBrandType,
      nullable: true,
      resolve: (e) => (e.product.brand ? { ...e.product.brand, languageId: e.locale } : null),
    }),
    primaryCategory: t.field({
      type: CategoryType,
      nullable: true,
      description: "The category the product's page lives under",
      resolve: async (e, _args, ctx) => {
        const id = e.product.primaryCategory?.categoryId;
        if (id === undefined) return null;
        return (await categoriesOf(ctx, e.locale)).find((c) => c.categoryId === id) ?? null;
      },
    }),
    categoryId: t.int({
      description: "The primary category's id; 0 without one",
      resolve: (e) => e.product.primaryCategory?.categoryId ?? 0,
    }),
    categories: t.field({
      type: [CategoryType],
      description: "Every category the product is in, the primary one first",
      resolve: async (e, _args, ctx) => {
        const ids =
          (await ctx.batch("productCategories", e.product.productId, (ids) =>
            loadProductCategoryIds(ctx.db, ids),
          )) ?? [];
        const all = await categoriesOf(ctx, e.locale);
        return ids.flatMap((id) => all.filter((c) => c.categoryId === id));
      },
    }),
    productImages: t.field({ type: [ProductImageType], resolve: (e) => e.product.productImages }),
    unitPrice: t.field({
      type: PriceType,
      nullable: true,
      description:
        "The card price: the cheapest active SKU's selling price now; its regular price is the prior price while a reduction is announced (see lowestPrice), else the selling price",
      resolve: (e) => productPriceEdge(e.product.unitPrice, e.locale),
    }),
    totalStock: t.field({ type: StockType, resolve: (e) => e.product.totalStock }),
    discountType: t.string({
      description: '"PRICE_CAMPAIGN" while a reduction is announced (see lowestPrice), else "NONE"',
      resolve: (e) => e.product.discountType,
    }),
    lowestPrice: t.field({
      type: LowestPriceType,
      nullable: true,
      description:
        "The reduction announced now, with its prior price (the lowest price applied during the 30 days before the reduction began, domain/prices.ts priceReduction over the product's price history); null when none is: the prior price is not above today's price by at least 1 %",
      resolve: (e) => (e.product.lowestPrice ? { price: e.product.lowestPrice, locale: e.locale } : null),
    }),
    rating: t.field({
      type: RatingType,
      nullable: true,
      description: "Approved reviews' average; null without any",
      resolve: (e) => e.product.rating,
    }),
    texts: t.field({
      type: ProductTextsType,
      nullable: true,
      resolve: (e) => ("texts" in e.product ? e.product.texts : null),
    }),
    meta: t.field({
      type: MetaType,
      nullable: true,
      resolve: (e) => ("meta" in e.product ? e.product.meta : null),
    }),
    alternativeUrls: t.field({
      type: [AlternativeUrlType],
      description: "The product's path in each storefront language (on the product query)",
      resolve: (e) => ("alternativeUrls" in e.product ? e.product.alternativeUrls : []),
    }),
  }),
});

const ProductTextsType = builder
  .objectRef<{ text1: string | null; text2: string | null; text3: string | null }>("ProductTextsType")
  .implement({
    fields: (t) => ({
      text1: t.exposeString("text1", { nullable: true, description: "Description" }),
      text2: t.exposeString("text2", { nullable: true, description: "Selling point" }),
      text3: t.exposeString("text3", { nullable: true, description: "Care and use" }),
    }),
  });

export const SortType = builder.enumType("SortType", {
  values: {
    RELEVANCE: { description: "Search rank on a search; elsewhere the merchandised order (CUSTOM_1)" },
    LATEST: {},
    PRICE: { description: "Lowest selling price first" },
    PRICE_DESC: {},
    MOST_SOLD: { description: "Units sold, all time" },
    ALPHABETICAL: {},
    VOTES: { description: "Best rated first" },
    CUSTOM_1: { description: "Merchandised order (best match)" },
    CUSTOM_2: { description: "Bestsellers of the last 30 days" },
    CUSTOM_3: {},
    CUSTOM_4: {},
    CUSTOM_5: {},
    NONE: { description: "Product id order" },
    BRAND: { description: "Brand name, products without a brand last" },
    FACET_ORDER: {
      description:
        "The order of the filter's productIds (or of its a_{alias} facets), as the favourites list keeps it",
    },
    ALPHABETICAL_DESC: {},
    AVAILABLE_STOCK: { description: "Units on the shelf, fewest first" },
    AVAILABLE_STOCK_DESC: {},
    TOTAL_STOCK: { description: "Units on the shelf plus oversellable units, fewest first" },
    TOTAL_STOCK_DESC: {},
  } as const,
});

const IncludeModeType = builder.enumType("IncludeMode", {
  description: "How the filter's include ids combine (decision 0019: Mili combines both as facets do)",
  values: { INTERSECT: {}, UNION: {} } as const,
});

const FilterModeType = builder.enumType("FilterMode", {
  description: "How facet counts are made",
  values: {
    BY_GROUP: {
      description:
        "A value's count is what the shopper gets by adding it to the other groups' active values (default)",
    },
    CURRENT: { description: "Counts within the current result, every active value applied" },
  } as const,
});

const PriceFilterInputType = builder.inputType("PriceFilterInputType", {
  description: "A selling-price range in major units of the market's currency, including VAT",
  fields: (t) => ({
    lowest: t.float({ required: false }),
    highest: t.float({ required: false }),
  }),
});

const FilterConditionInputType = builder.inputType("FilterConditionInputType", {
  description: "Products matching any of these",
  fields: (t) => ({
    productIds: t.intList({ required: false }),
    articleNumbers: t.stringList({ required: false }),
    categoryIds: t.intList({ required: false }),
    brandIds: t.intList({ required: false }),
    discountCampaignIds: t.intList({ required: false }),
    facets: t.stringList({ required: false }),
  }),
});

const open = { list: false, items: false } as const;

const FilterInputType = builder.inputType("FilterInputType", {
  fields: (t) => ({
    sort: t.field({ type: SortType, required: false }),
    searchText: t.string({ required: false, description: "Words to search for (cut at 100 characters)" }),
    facets: t.stringList({
      required: open,
      description:
        "Active facet ids (c_12, b_3, s_M, dc_1, d_11-15, p_color_black, pr_0-499, a_{product alias}): OR inside a group, AND across groups; unknown ids are ignored",
    }),
    excludeFacets: t.stringList({
      required: open,
      description: "Products with any of these facet ids are taken out",
    }),
    include: t.stringList({
      required: open,
      description: "Facet ids the products must have; combined as facets are (OR inside a group, AND across)",
    }),
    includeMode: t.field({ type: IncludeModeType, required: false }),
    exclude: t.stringList({
      required: open,
      description: "Products with any of these facet ids are taken out",
    }),
    price: t.field({ type: PriceFilterInputType, required: false }),
    productIds: t.intList({ required: open }),
    articleNumbers: t.stringList({ required: open }),
    categoryIds: t.intList({ required: open, description: "A category includes its descendants" }),
    brandIds: t.intList({ required: open }),
    discountCampaignIds: t.intList({ required: open }),
    excludeCategoryIds: t.intList({ required: open, description: "A category includes its descendants" }),
    excludeBrandIds: t.intList({ required: open }),
    excludeDiscountCampaignIds: t.intList({ required: open }),
    includeCollapsed: t.boolean({
      required: false,
      description: "Accepted; Mili lists every product of a variant group, collapsed or not",
    }),
    priceListIdentifier: t.string({
      required: false,
      description: "Accepted; Mili has one price list per market, the request's",
    }),
    filterMode: t.field({ type: FilterModeType, required: false }),
    includeProducts: t.field({
      type: FilterConditionInputType,
      required: false,
      description: "Products added to the list whatever its category, brand or campaign (Mili's addition)",
    }),
    excludeProducts: t.field({
      type: FilterConditionInputType,
      required: false,
      description: "Products taken out of the list (Mili's addition)",
    }),
  }),
});

type FacetValueEdge = ListFacetGroup["values"][number] & { group: string; languageId: string };

const FacetValueType = builder.objectRef<FacetValueEdge>("FilterValueType").implement({
  fields: (t) => ({
    _id: t.string({
      description: "Unique across the facets of an answer: the facet id (the value's own id is in facetId)",
      resolve: (v) => v.facetId,
    }),
    facetId: t.exposeString("facetId", {
      description:
        "The id to filter on, e.g. c_12, s_M, p_color_black, pr_0-499 (a price band: whole major units, both ends included); send it back unchanged in filter.facets",
    }),
    parentId: t.exposeString("parentId", { nullable: true, description: "The parent category's facet id" }),
    label: t.exposeString("label"),
    count: t.field({ type: "Long", resolve: (v) => v.count }),
    order: t.exposeInt("order"),
    hidden: t.boolean({
      description: "Always false: Mili answers only values to show",
      resolve: () => false,
    }),
    url: t.string({
      nullable: true,
      description: "The list page of a category or brand value (path without the language prefix); else null",
      resolve: async (v, _args, ctx) => {
        const id = Number(v.id);
        if (v.group === "brands")
          return (await brandsOf(ctx, v.languageId)).find((b) => b.brandId === id)?.canonicalUrl ?? null;
        if (v.group === "categories")
          return (
            (await categoriesOf(ctx, v.languageId)).find((c) => c.categoryId === id)?.canonicalUrl ?? null
          );
        return null;
      },
    }),
  }),
});

/** Geins' facet kinds by Mili's facet groups (the Geins storefront finds facets by type). */
const FACET_KINDS: Record<string, string> = {
  categories: "Category",
  brands: "Brand",
  skus: "Sku",
  discount: "Discount",
  parameters: "Parameter",
  campaigns: "Campaign",
  price: "Price",
};

type FacetEdge = ListFacetGroup & { order: number; languageId: string };

const FacetType = builder.objectRef<FacetEdge>("FilterType").implement({
  fields: (t) => ({
    filterId: t.exposeString("filterId", {
      description: "The URL parameter: categories, brands, skus, price, campaigns, discount, p-{identifier}",
    }),
    group: t.exposeString("group", {
      description: "categories, brands, skus, price, campaigns, discount or parameters",
    }),
    label: t.exposeString("label"),
    type: t.string({
      description:
        "The kind: Category, Brand, Sku, Price (price bands of the list's own prices, in the market's currency), Discount, Parameter (one per parameter, told apart by filterId) or Campaign (Mili's addition)",
      resolve: (f) => FACET_KINDS[f.group] ?? f.type,
    }),
    order: t.exposeInt("order", { description: "The facet's position in the answer" }),
    values: t.field({
      type: [FacetValueType],
      resolve: (f) => f.values.map((v) => ({ ...v, group: f.group, languageId: f.languageId })),
    }),
  }),
});

const PriceRangeType = builder.objectRef<{ lowest: number; highest: number }>("PriceFilterType").implement({
  description: "Major units of the market's currency, including VAT",
  fields: (t) => ({ lowest: t.exposeFloat("lowest"), highest: t.exposeFloat("highest") }),
});

const FiltersType = builder
  .objectRef<{
    facets: ListFacetGroup[];
    price: { lowest: number; highest: number } | null;
    languageId: string;
  }>("FilterCollectionType")
  .implement({
    fields: (t) => ({
      facets: t.field({
        type: [FacetType],
        resolve: (f) => f.facets.map((g, order) => ({ ...g, order, languageId: f.languageId })),
      }),
      price: t.field({
        type: PriceRangeType,
        nullable: true,
        description:
          "Lowest and highest selling price of the list before the price filters (price and the pr_ bands); null for an empty list",
        resolve: (f) => f.price,
      }),
    }),
  });

/** The product fields whose data `findProduct` reads in its own statement when the query asks for them. */
const PART_OF_FIELD: Record<string, ProductPart> = {
  skus: "skus",
  variantDimensions: "variantDimensions",
  parameterGroups: "parameterGroups",
  trackingCode: "row",
  breadcrumbs: "row",
  discountCampaigns: "campaigns",
};

/**
 * The parts a `product` field's selection asks for (its own fields, through fragments; @skip/@include are not
 * read, so a skipped field is read anyway and simply not shown).
 */
function partsAsked(info: GraphQLResolveInfo): Set<ProductPart> {
  const parts = new Set<ProductPart>();
  const visit = (set: SelectionSetNode | undefined) => {
    for (const s of set?.selections ?? []) {
      if (s.kind === Kind.FIELD) {
        const part = PART_OF_FIELD[s.name.value];
        if (part) parts.add(part);
      } else if (s.kind === Kind.INLINE_FRAGMENT) visit(s.selectionSet);
      else visit(info.fragments[s.name.value]?.selectionSet);
    }
  };
  for (const node of info.fieldNodes) visit(node.selectionSet);
  return parts;
}

/** The fields of a request's operation whose product a page's `product(alias)` reads (decision 0095). */
const TAKERS = new Set(["reviews", "productQuestions"]);

/** Whether the operation also asks, at its root, a product's reviews or questions (by alias, as a page does). */
function asksReviewsOrQuestions(info: GraphQLResolveInfo): boolean {
  return info.operation.selectionSet.selections.some(
    (s) => s.kind === Kind.FIELD && TAKERS.has(s.name.value),
  );
}

/**
 * What `product(alias)` offers the same request's alias lookups (api/types/product-detail.ts): the product's id and
 * what the lookup reads of it, in the language its statement read it in; null when it found no product.
 */
export interface OfferedProduct {
  id: number;
  languageId: string;
  rating: { score: string | number | null; votes: number };
  answeredQuestions: number;
}

/** The key under which `product(alias)` offers its product to the request's other fields (ApiContext.offer). */
export function offeredProductKey(alias: string): string {
  return `product|${alias}`;
}

/** The product field's answer: by id when given, else by alias in the request's language. */
async function productField(
  ctx: ApiContext,
  args: { alias?: string | null; productId?: number | null } & LocaleRequest,
  parts: Set<ProductPart>,
): Promise<{ product: ProductDetail; locale: string } | null> {
  const locale = await ctx.locale(args);
  const ref = await ctx.reference.get();
  if (args.productId !== null && args.productId !== undefined) {
    const byId = (await loadProductDetails(ctx.db, ref, locale, [args.productId])).get(args.productId);
    return byId ? { product: byId, locale: locale.language.id } : null;
  }
  if (!args.alias) return null;
  const product = await findProduct(ctx.db, ref, locale, args.alias, new Date(), parts);
  return product ? { product, locale: locale.language.id } : null;
}

interface ConditionArg {
  productIds?: number[] | null;
  articleNumbers?: string[] | null;
  categoryIds?: number[] | null;
  brandIds?: number[] | null;
  discountCampaignIds?: number[] | null;
  facets?: string[] | null;
}

/** The filter with null list items dropped (Geins' lists take nulls). */
function withoutNulls<T extends Record<string, unknown>>(filter: T): { [K in keyof T]: NoNullItems<T[K]> } {
  return Object.fromEntries(
    Object.entries(filter).map(([k, v]) => [k, Array.isArray(v) ? v.filter((x) => x !== null) : v]),
  ) as { [K in keyof T]: NoNullItems<T[K]> };
}
type NoNullItems<V> = V extends readonly (infer I)[] ? NonNullable<I>[] : V;

function mergeConditions(
  a: ListFilter["exclude"] | undefined,
  b: ListFilter["exclude"] | undefined,
): ListFilter["exclude"] | undefined {
  if (!a || !b) return a ?? b;
  const join = <T>(x?: T[], y?: T[]) => (x || y ? [...(x ?? []), ...(y ?? [])] : undefined);
  return {
    productIds: join(a.productIds, b.productIds),
    articleNumbers: join(a.articleNumbers, b.articleNumbers),
    categoryIds: join(a.categoryIds, b.categoryIds),
    brandIds: join(a.brandIds, b.brandIds),
    campaignIds: join(a.campaignIds, b.campaignIds),
    facets: join(a.facets, b.facets),
  };
}

interface ProductsResult {
  products: ProductEdge[];
  count: number;
  /** Facets are counted only when asked for (one more statement). */
  filters: () => Promise<{
    facets: ListFacetGroup[];
    price: { lowest: number; highest: number } | null;
    languageId: string;
  }>;
}

const ProductsResultType = builder.objectRef<ProductsResult>("ProductsResultType").implement({
  fields: (t) => ({
    products: t.field({ type: [ProductType], resolve: (r) => r.products }),
    count: t.field({
      type: "Long",
      description: "All products matching, not only this page",
      resolve: (r) => r.count,
    }),
    filters: t.field({ type: FiltersType, resolve: (r) => r.filters() }),
  }),
});

builder.queryFields((t) => ({
  product: t.field({
    type: ProductType,
    nullable: true,
    description:
      "A product by productId or by its alias in the request's language (productId wins); null when there is no such product.",
    args: {
      alias: t.arg.string({ required: false }),
      productId: t.arg.int({ required: false, description: "Wins over alias when both are given" }),
      ...localeArgs,
    },
    resolve: (_root, args, ctx, info) => {
      const parts = partsAsked(info);
      const byAlias = (args.productId === null || args.productId === undefined) && args.alias;
      // The same page's reviews and questions by this alias take what this product's statement reads (decision
      // 0095): offered now, before any resolver of this step has asked for the alias.
      const shared = byAlias && asksReviewsOrQuestions(info);
      if (shared) parts.add("answered");
      const answer = productField(ctx, args, parts);
      if (shared)
        ctx.offer<OfferedProduct | null>(
          offeredProductKey(args.alias as string),
          answer.then(
            (found) => {
              const answered = found?.product.preloaded?.answered;
              return found && answered
                ? { id: found.product.productId, languageId: found.locale, ...answered }
                : null;
            },
            () => null,
          ),
        );
      return answer;
    },
  }),
  products: t.field({
    type: ProductsResultType,
    nullable: true,
    description: `A page of products. take at most ${MAX_TAKE}, skip at most ${MAX_SKIP}.`,
    args: {
      skip: t.arg.int({ required: false }),
      take: t.arg.int({ required: false }),
      filter: t.arg({ type: FilterInputType, required: false }),
      categoryAlias: t.arg.string({ required: false }),
      brandAlias: t.arg.string({ required: false }),
      discountCampaignAlias: t.arg.string({ required: false }),
      url: t.arg.string({
        required: false,
        description: "A list path such as /c/{parent}/{category}, /b/{brand}, /dc/{campaign} or /s/{search}",
      }),
      ...localeArgs,
    },
    resolve: async (_root, args, ctx) => {
      const take = intInRange("take", args.take ?? 20, 0, MAX_TAKE);
      const skip = intInRange("skip", args.skip ?? 0, 0, MAX_SKIP);
      const f = args.filter ? withoutNulls(args.filter) : undefined;
      for (const list of [
        f?.productIds,
        f?.articleNumbers,
        f?.categoryIds,
        f?.brandIds,
        f?.discountCampaignIds,
      ]) {
        if (list && list.length > MAX_TAKE)
          throw apiError("BAD_USER_INPUT", msg("api.filterValues", { max: MAX_TAKE }), { max: MAX_TAKE });
      }
      if (f?.facets && f.facets.length > 500)
        throw apiError("BAD_USER_INPUT", msg("api.facets", { max: 500 }), { argument: "facets", max: 500 });
      const locale = await ctx.locale(args);
      const ref = await ctx.reference.get();
      const scope = await resolveListScope(ctx.db, locale, {
        categoryAlias: args.categoryAlias ?? undefined,
        brandAlias: args.brandAlias ?? undefined,
        discountCampaignAlias: args.discountCampaignAlias ?? undefined,
        url: args.url ?? undefined,
      });
      const empty: ProductsResult = {
        count: 0,
        products: [],
        filters: async () => ({ facets: [], price: null, languageId: "" }),
      };
      if (scope === null) return empty;
      const searchText = f?.searchText ?? scope.searchText;
      // a_{alias}: a product by its alias (the Geins storefront's favourites); they narrow productIds.
      const aliasFacets = (f?.facets ?? []).filter((id) => id.startsWith("a_"));
      let productIds = f?.productIds;
      if (aliasFacets.length) {
        const ids = (
          await Promise.all(
            aliasFacets.map((id) => productIdByAlias(ctx.db, locale.language.id, id.slice(2))),
          )
        ).filter((id): id is number => id !== null);
        productIds = productIds ? productIds.filter((id) => ids.includes(id)) : ids;
      }
      const activeFacets = [...(f?.facets ?? []).filter((id) => !id.startsWith("a_")), ...(f?.include ?? [])];
      const excludeFacets = [...(f?.exclude ?? []), ...(f?.excludeFacets ?? [])];
      const excluded =
        excludeFacets.length ||
        f?.excludeCategoryIds?.length ||
        f?.excludeBrandIds?.length ||
        f?.excludeDiscountCampaignIds?.length
          ? {
              facets: excludeFacets,
              categoryIds: f?.excludeCategoryIds ?? [],
              brandIds: f?.excludeBrandIds ?? [],
              discountCampaignIds: f?.excludeDiscountCampaignIds ?? [],
            }
          : undefined;
      const condition = (c: ConditionArg | null | undefined) =>
        c
          ? {
              productIds: c.productIds ?? undefined,
              articleNumbers: c.articleNumbers ?? undefined,
              categoryIds: c.categoryIds ?? undefined,
              brandIds: c.brandIds ?? undefined,
              campaignIds: c.discountCampaignIds ?? undefined,
              facets: c.facets ?? undefined,
            }
          : undefined;
      const filter: ListFilter = {
        categoryIds: [...(scope.categoryIds ?? []), ...(f?.categoryIds ?? [])],
        brandIds: [...(scope.brandIds ?? []), ...(f?.brandIds ?? [])],
        campaignIds: [...(scope.campaignIds ?? []), ...(f?.discountCampaignIds ?? [])],
        productIds: productIds ?? undefined,
        articleNumbers: f?.articleNumbers ?? undefined,
        facets: activeFacets.length ? activeFacets : undefined,
        price: f?.price
          ? { lowest: f.price.lowest ?? undefined, highest: f.price.highest ?? undefined }
          : undefined,
        searchText,
        include: condition(f?.includeProducts),
        exclude: mergeConditions(condition(f?.excludeProducts), condition(excluded)),
        filterMode: f?.filterMode ?? "BY_GROUP",
      };
      const sort: ProductSort = f?.sort ?? (searchText ? "RELEVANCE" : "LATEST");
      const result = await listProducts(ctx.db, ref, locale, { skip, take, sort, ...filter });
      let facets: ReturnType<ProductsResult["filters"]> | undefined;
      return {
        count: result.count,
        products: result.products.map((product) => ({ product, locale: locale.language.id })),
        filters: () => {
          facets ??= listFacets(ctx.db, locale, filter).then((f) => ({
            ...f,
            languageId: locale.language.id,
          }));
          return facets;
        },
      };
    },
  }),
}));

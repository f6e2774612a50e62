import {
  categoryTree,
  findProduct,
  flattenTree,
  listBrands,
  listCampaigns,
  listProducts,
  MAX_SKIP,
  MAX_TAKE,
  type ProductDetail,
  type ProductSort,
  type ProductSummary,
} from "#services/catalog.ts";
import type { Locale } from "#services/reference.ts";
import { builder, localeArgs } from "../builder.ts";
import type { ApiContext } from "../context.ts";
import { apiError } from "../errors.ts";
import { AlternativeUrlType } from "./lists.ts";
import { PriceType, StockType } from "./price.ts";

interface ProductEdge {
  product: ProductSummary | ProductDetail;
  locale: string;
}

const LinkType = builder.objectRef<{ name: string; alias: string; canonicalUrl: string }>("Link");
LinkType.implement({
  fields: (t) => ({
    name: t.exposeString("name"),
    alias: t.exposeString("alias"),
    canonicalUrl: t.exposeString("canonicalUrl", { description: "Path without the language prefix" }),
  }),
});

const ProductImageType = builder.objectRef<{ fileName: string; tags: string[] }>("ProductImage").implement({
  fields: (t) => ({
    fileName: t.exposeString("fileName", { description: "Served at /images/product/{width}/{fileName}" }),
    tags: t.exposeStringList("tags"),
  }),
});

export const ProductType = builder.objectRef<ProductEdge>("Product").implement({
  fields: (t) => ({
    productId: t.int({ resolve: (e) => e.product.productId }),
    articleNumber: t.string({ resolve: (e) => e.product.articleNumber }),
    name: t.string({ resolve: (e) => e.product.name }),
    alias: t.string({ resolve: (e) => e.product.alias }),
    type: t.string({ description: '"product" or "package"', resolve: (e) => e.product.type }),
    canonicalUrl: t.string({ resolve: (e) => e.product.canonicalUrl }),
    brand: t.field({ type: LinkType, nullable: true, resolve: (e) => e.product.brand }),
    primaryCategory: t.field({ type: LinkType, nullable: true, resolve: (e) => e.product.primaryCategory }),
    productImages: t.field({ type: [ProductImageType], resolve: (e) => e.product.productImages }),
    unitPrice: t.field({
      type: PriceType,
      nullable: true,
      resolve: (e) => (e.product.unitPrice ? { price: e.product.unitPrice, locale: e.locale } : null),
    }),
    totalStock: t.field({ type: StockType, resolve: (e) => e.product.totalStock }),
    discountType: t.string({ resolve: (e) => e.product.discountType }),
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
  .objectRef<{ text1: string | null; text2: string | null; text3: string | null }>("ProductTexts")
  .implement({
    fields: (t) => ({
      text1: t.exposeString("text1", { nullable: true, description: "Description" }),
      text2: t.exposeString("text2", { nullable: true, description: "Selling point" }),
      text3: t.exposeString("text3", { nullable: true, description: "Care and use" }),
    }),
  });

const MetaType = builder.objectRef<{ title: string | null; description: string | null }>("Meta").implement({
  fields: (t) => ({
    title: t.exposeString("title", { nullable: true }),
    description: t.exposeString("description", { nullable: true }),
  }),
});

const SortType = builder.enumType("SortType", {
  values: ["RELEVANCE", "LATEST", "PRICE", "PRICE_DESC", "MOST_SOLD", "ALPHABETICAL"] as const,
});

const FilterInputType = builder.inputType("FilterInputType", {
  fields: (t) => ({
    sort: t.field({ type: SortType, required: false }),
    searchText: t.string({ required: false, description: "Words to search for (cut at 100 characters)" }),
    productIds: t.intList({ required: false }),
  }),
});

const ProductsResultType = builder
  .objectRef<{ products: ProductEdge[]; count: number }>("ProductsResult")
  .implement({
    fields: (t) => ({
      products: t.field({ type: [ProductType], resolve: (r) => r.products }),
      count: t.exposeInt("count", { description: "All products matching, not only this page" }),
    }),
  });

builder.queryFields((t) => ({
  product: t.field({
    type: ProductType,
    nullable: true,
    description: "A product by its alias in the request's language; null when there is no such product.",
    args: {
      alias: t.arg.string({ required: true }),
      productId: t.arg.int({ required: false }),
      ...localeArgs,
    },
    resolve: async (_root, args, ctx) => {
      const locale = await ctx.locale(args);
      const product = await findProduct(ctx.db, await ctx.reference.get(), locale, args.alias);
      if (!product || (args.productId != null && product.productId !== args.productId)) return null;
      return { product, locale: locale.language.id };
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
      ...localeArgs,
    },
    resolve: async (_root, args, ctx) => {
      const take = args.take ?? 20;
      const skip = args.skip ?? 0;
      if (take < 0 || take > MAX_TAKE)
        throw apiError("BAD_USER_INPUT", `take must be between 0 and ${MAX_TAKE}`);
      if (skip < 0 || skip > MAX_SKIP)
        throw apiError("BAD_USER_INPUT", `skip must be between 0 and ${MAX_SKIP}`);
      const locale = await ctx.locale(args);
      const searchText = args.filter?.searchText ?? undefined;
      const sort: ProductSort = args.filter?.sort ?? (searchText ? "RELEVANCE" : "LATEST");
      const lists = await resolveListAliases(ctx, locale, args);
      if (lists === null) return { count: 0, products: [] };
      const productIds = args.filter?.productIds ?? undefined;
      if (productIds && productIds.length > MAX_TAKE) {
        throw apiError("BAD_USER_INPUT", `productIds takes at most ${MAX_TAKE} ids`);
      }
      const result = await listProducts(ctx.db, await ctx.reference.get(), locale, {
        skip,
        take,
        sort,
        searchText,
        productIds,
        ...lists,
      });
      return {
        count: result.count,
        products: result.products.map((product) => ({ product, locale: locale.language.id })),
      };
    },
  }),
}));

/** Category, brand and campaign aliases to ids; null when one is given but unknown (the list is empty). */
async function resolveListAliases(
  ctx: ApiContext,
  locale: Locale,
  args: { categoryAlias?: string | null; brandAlias?: string | null; discountCampaignAlias?: string | null },
): Promise<{ categoryId?: number; brandId?: number; campaignId?: number } | null> {
  const out: { categoryId?: number; brandId?: number; campaignId?: number } = {};
  if (args.categoryAlias) {
    const category = flattenTree(await categoryTree(ctx.db, locale)).find(
      (c) => c.alias === args.categoryAlias,
    );
    if (!category) return null;
    out.categoryId = category.categoryId;
  }
  if (args.brandAlias) {
    const brand = (await listBrands(ctx.db, locale)).find((b) => b.alias === args.brandAlias);
    if (!brand) return null;
    out.brandId = brand.brandId;
  }
  if (args.discountCampaignAlias) {
    const campaign = (await listCampaigns(ctx.db, locale)).find(
      (c) => c.alias === args.discountCampaignAlias,
    );
    if (!campaign) return null;
    out.campaignId = campaign.campaignId;
  }
  return out;
}

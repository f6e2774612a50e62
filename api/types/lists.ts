import {
  type BrandView,
  type CampaignView,
  type CategoryNodeView,
  categoryTree,
  flattenTree,
  listBrands,
  listCampaigns,
} from "#services/catalog.ts";
import { builder, localeArgs } from "../builder.ts";

const AlternativeUrlType = builder
  .objectRef<{ languageId: string; url: string }>("AlternativeUrl")
  .implement({
    description: "A page's path in another storefront language (without the language prefix).",
    fields: (t) => ({ languageId: t.exposeString("languageId"), url: t.exposeString("url") }),
  });

export { AlternativeUrlType };

export const CategoryType = builder.objectRef<CategoryNodeView>("Category");
CategoryType.implement({
  fields: (t) => ({
    categoryId: t.exposeInt("categoryId"),
    parentCategoryId: t.exposeInt("parentCategoryId", { nullable: true }),
    name: t.exposeString("name"),
    alias: t.exposeString("alias"),
    canonicalUrl: t.exposeString("canonicalUrl", { description: "/c/{alias} or /c/{parent}/{alias}" }),
    alternativeUrls: t.field({ type: [AlternativeUrlType], resolve: (c) => c.alternativeUrls }),
    children: t.field({ type: [CategoryType], resolve: (c) => c.children }),
  }),
});

export const BrandType = builder.objectRef<BrandView>("Brand").implement({
  fields: (t) => ({
    brandId: t.exposeInt("brandId"),
    name: t.exposeString("name"),
    alias: t.exposeString("alias"),
    canonicalUrl: t.exposeString("canonicalUrl"),
    description: t.exposeString("description", { nullable: true }),
  }),
});

export const CampaignType = builder.objectRef<CampaignView>("Campaign").implement({
  fields: (t) => ({
    campaignId: t.exposeInt("campaignId"),
    name: t.exposeString("name"),
    alias: t.exposeString("alias"),
    hideTitle: t.exposeBoolean("hideTitle"),
    discountType: t.exposeString("discountType", { description: "PRICE_CAMPAIGN or CART_CAMPAIGN" }),
    description: t.exposeString("description", { nullable: true }),
    canonicalUrl: t.exposeString("canonicalUrl"),
  }),
});

interface PageInfo {
  type: "category" | "brand" | "campaign";
  id: number;
  name: string;
  alias: string;
  canonicalUrl: string;
  hideTitle: boolean;
  description: string | null;
  alternativeUrls: { languageId: string; url: string }[];
  subCategories: CategoryNodeView[];
  breadcrumbs: { name: string; url: string }[];
}

const PageInfoType = builder.objectRef<PageInfo>("PageInfo").implement({
  description: "What a list page (category, brand or campaign) is about.",
  fields: (t) => ({
    type: t.exposeString("type", { description: '"category", "brand" or "campaign"' }),
    id: t.exposeInt("id"),
    name: t.exposeString("name"),
    alias: t.exposeString("alias"),
    canonicalUrl: t.exposeString("canonicalUrl"),
    hideTitle: t.exposeBoolean("hideTitle"),
    description: t.exposeString("description", { nullable: true }),
    alternativeUrls: t.field({ type: [AlternativeUrlType], resolve: (p) => p.alternativeUrls }),
    subCategories: t.field({ type: [CategoryType], resolve: (p) => p.subCategories }),
    breadcrumbs: t.field({ type: [BreadcrumbType], resolve: (p) => p.breadcrumbs }),
  }),
});

export const BreadcrumbType = builder.objectRef<{ name: string; url: string }>("Breadcrumb").implement({
  fields: (t) => ({ name: t.exposeString("name"), url: t.exposeString("url") }),
});

/** The list page behind a path such as /c/klaer/jakker, /b/fjellsto or /dc/vintersalg. */
function pageFromUrl(
  url: string,
  tree: CategoryNodeView[],
  brands: BrandView[],
  campaigns: CampaignView[],
): PageInfo | null {
  const path = url.split("?")[0]?.replace(/\/+$/, "") ?? "";
  const [, kind, ...rest] = path.split("/");
  const alias = rest.at(-1);
  if (!alias) return null;
  if (kind === "c") {
    const all = flattenTree(tree);
    const category =
      all.find((c) => c.canonicalUrl === path) ?? all.find((c) => c.alias === alias && rest.length === 1);
    if (!category) return null;
    const parents: CategoryNodeView[] = [];
    for (let p = category.parentCategoryId; p; ) {
      const parent = all.find((c) => c.categoryId === p);
      if (!parent) break;
      parents.unshift(parent);
      p = parent.parentCategoryId;
    }
    return {
      type: "category",
      id: category.categoryId,
      name: category.name,
      alias: category.alias,
      canonicalUrl: category.canonicalUrl,
      hideTitle: false,
      description: null,
      alternativeUrls: category.alternativeUrls,
      subCategories: category.children,
      breadcrumbs: [...parents, category].map((c) => ({ name: c.name, url: c.canonicalUrl })),
    };
  }
  if (kind === "b" && rest.length === 1) {
    const brand = brands.find((b) => b.alias === alias);
    if (!brand) return null;
    return {
      type: "brand",
      id: brand.brandId,
      name: brand.name,
      alias: brand.alias,
      canonicalUrl: brand.canonicalUrl,
      hideTitle: false,
      description: brand.description,
      alternativeUrls: [],
      subCategories: [],
      breadcrumbs: [{ name: brand.name, url: brand.canonicalUrl }],
    };
  }
  if (kind === "dc" && rest.length === 1) {
    const campaign = campaigns.find((c) => c.alias === alias);
    if (!campaign) return null;
    return {
      type: "campaign",
      id: campaign.campaignId,
      name: campaign.name,
      alias: campaign.alias,
      canonicalUrl: campaign.canonicalUrl,
      hideTitle: campaign.hideTitle,
      description: campaign.description,
      alternativeUrls: campaign.alternativeUrls,
      subCategories: [],
      breadcrumbs: [{ name: campaign.name, url: campaign.canonicalUrl }],
    };
  }
  return null;
}

builder.queryFields((t) => ({
  categories: t.field({
    type: [CategoryType],
    description: "The category tree (top level, with children).",
    args: { ...localeArgs },
    resolve: async (_root, args, ctx) => categoryTree(ctx.db, await ctx.locale(args)),
  }),
  category: t.field({
    type: CategoryType,
    nullable: true,
    args: { alias: t.arg.string({ required: true }), ...localeArgs },
    resolve: async (_root, args, ctx) =>
      flattenTree(await categoryTree(ctx.db, await ctx.locale(args))).find((c) => c.alias === args.alias) ??
      null,
  }),
  brands: t.field({
    type: [BrandType],
    args: { ...localeArgs },
    resolve: async (_root, args, ctx) => listBrands(ctx.db, await ctx.locale(args)),
  }),
  campaigns: t.field({
    type: [CampaignType],
    description: "Campaigns running now.",
    args: { ...localeArgs },
    resolve: async (_root, args, ctx) => listCampaigns(ctx.db, await ctx.locale(args)),
  }),
  listPageInfo: t.field({
    type: PageInfoType,
    nullable: true,
    description:
      "A list page by its path (/c/…, /b/…, /dc/…) or, with alias alone, a category, brand or campaign.",
    args: { alias: t.arg.string({ required: false }), url: t.arg.string({ required: false }), ...localeArgs },
    resolve: async (_root, args, ctx) => {
      const locale = await ctx.locale(args);
      const [tree, brands, campaigns] = await Promise.all([
        categoryTree(ctx.db, locale),
        listBrands(ctx.db, locale),
        listCampaigns(ctx.db, locale),
      ]);
      if (args.url) return pageFromUrl(args.url, tree, brands, campaigns);
      if (!args.alias) return null;
      for (const url of [`/c/${args.alias}`, `/b/${args.alias}`, `/dc/${args.alias}`]) {
        const page = pageFromUrl(url, tree, brands, campaigns);
        if (page) return page;
      }
      return null;
    },
  }),
}));

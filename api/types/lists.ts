import { type BrandView, listBrands } from "#services/catalog/brands.ts";
import { listCampaigns } from "#services/catalog/campaigns.ts";
import { type CategoryNodeView, categoryTree, flattenTree } from "#services/catalog/categories.ts";
import type { CampaignView } from "#services/catalog/summary.ts";
import { builder, localeArgs } from "../builder.ts";
import type { ApiContext } from "../context.ts";
import { MetaType } from "./meta.ts";

const AlternativeUrlType = builder
  .objectRef<{ languageId: string; url: string }>("AlternativeUrlType")
  .implement({
    description: "A page's path in another storefront language (without the language prefix).",
    fields: (t) => ({ languageId: t.exposeString("languageId"), url: t.exposeString("url") }),
  });

export { AlternativeUrlType };

export const CategoryType = builder.objectRef<CategoryNodeView>("CategoryType");
CategoryType.implement({
  fields: (t) => ({
    categoryId: t.exposeInt("categoryId"),
    parentCategoryId: t.int({
      description: "0 at the top level",
      resolve: (c) => c.parentCategoryId ?? 0,
    }),
    order: t.exposeInt("order", { description: "Position among its siblings, smallest first" }),
    name: t.exposeString("name"),
    alias: t.exposeString("alias"),
    canonicalUrl: t.exposeString("canonicalUrl", { description: "/c/{alias} or /c/{parent}/{alias}" }),
    alternativeUrls: t.field({ type: [AlternativeUrlType], resolve: (c) => c.alternativeUrls }),
    description: t.string({ nullable: true, resolve: () => null }),
    secondaryDescription: t.string({ nullable: true, resolve: () => null }),
    primaryImage: t.string({ nullable: true, resolve: () => null }),
    backgroundImage: t.string({ nullable: true, resolve: () => null }),
    isHidden: t.boolean({
      description: "Always false: Mili answers active categories only",
      resolve: () => false,
    }),
    children: t.field({
      type: [CategoryType],
      description: "Its subcategories (Mili's addition; Geins clients build the tree from parentCategoryId)",
      resolve: (c) => c.children,
    }),
  }),
});

export const BrandType = builder.objectRef<BrandView>("BrandListType").implement({
  fields: (t) => ({
    brandId: t.exposeInt("brandId"),
    name: t.exposeString("name"),
    alias: t.exposeString("alias"),
    canonicalUrl: t.exposeString("canonicalUrl"),
    description: t.exposeString("description", { nullable: true }),
  }),
});

/**
 * A campaign rule: a product's running campaign or a rule that lowered the cart (Geins' one CampaignRuleType for
 * both, decision 0019). Mili's additions: alias, discountType, description, type and code.
 */
export interface CampaignRuleEdge {
  campaignId: string;
  name: string;
  hideTitle: boolean;
  canonicalUrl: string | null;
  alias: string | null;
  discountType: string | null;
  description: string | null;
  type: string | null;
  code: string | null;
}

/** A running campaign as a rule. */
export function campaignRuleOf(c: CampaignView): CampaignRuleEdge {
  return {
    campaignId: String(c.campaignId),
    name: c.name,
    hideTitle: c.hideTitle,
    canonicalUrl: c.canonicalUrl,
    alias: c.alias,
    discountType: c.discountType,
    description: c.description,
    type: c.discountType,
    code: null,
  };
}

export const CampaignType = builder.objectRef<CampaignRuleEdge>("CampaignRuleType").implement({
  fields: (t) => ({
    campaignId: t.exposeString("campaignId", {
      description:
        'A campaign\'s id ("12"); for a rule that lowered the cart "campaign:{id}", "package:{groupKey}" or "promo:{code}"',
    }),
    name: t.exposeString("name"),
    hideTitle: t.exposeBoolean("hideTitle"),
    ruleType: t.string({ nullable: true, description: "Not used by Mili: null", resolve: () => null }),
    category: t.string({ nullable: true, description: "Not used by Mili: null", resolve: () => null }),
    action: t.string({ nullable: true, description: "Not used by Mili: null", resolve: () => null }),
    actionValue: t.string({ nullable: true, description: "Not used by Mili: null", resolve: () => null }),
    canonicalUrl: t.exposeString("canonicalUrl", {
      nullable: true,
      description: "A campaign's list page (/dc/{alias}); null for packages and promo codes",
    }),
    alias: t.exposeString("alias", { nullable: true }),
    discountType: t.exposeString("discountType", {
      nullable: true,
      description: "PRICE_CAMPAIGN or CART_CAMPAIGN, for a campaign",
    }),
    description: t.exposeString("description", { nullable: true }),
    type: t.exposeString("type", {
      nullable: true,
      description: '"PRICE_CAMPAIGN", "CART_CAMPAIGN", "PACKAGE" or "PROMO_CODE"',
    }),
    code: t.exposeString("code", { nullable: true, description: "The promo code, for PROMO_CODE" }),
  }),
});

interface PageInfo {
  type: "category" | "brand" | "campaign" | "start";
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

const PageInfoType = builder.objectRef<PageInfo>("PageInfoType").implement({
  description:
    "What a list page (category, brand or campaign) is about; without alias and url, the start page (id 0).",
  fields: (t) => ({
    type: t.exposeString("type", { description: '"category", "brand", "campaign" or "start"' }),
    id: t.exposeInt("id", {
      description:
        "The category's, brand's or campaign's own id (ids are per kind, decision 0019); 0: the start page",
    }),
    name: t.exposeString("name"),
    alias: t.exposeString("alias"),
    canonicalUrl: t.exposeString("canonicalUrl"),
    hideTitle: t.exposeBoolean("hideTitle"),
    hideDescription: t.boolean({ resolve: () => false }),
    description: t.exposeString("description", { nullable: true }),
    primaryDescription: t.exposeString("description", {
      nullable: true,
      description: "The same as description",
    }),
    secondaryDescription: t.string({ nullable: true, resolve: () => null }),
    primaryImage: t.string({ nullable: true, resolve: () => null }),
    backgroundImage: t.string({ nullable: true, resolve: () => null }),
    logo: t.string({ nullable: true, resolve: () => null }),
    meta: t.field({
      type: MetaType,
      description: "Title and description for the page's head",
      resolve: (p) => ({ title: p.name, description: p.description }),
    }),
    alternativeUrls: t.field({ type: [AlternativeUrlType], resolve: (p) => p.alternativeUrls }),
    subCategories: t.field({ type: [CategoryType], resolve: (p) => p.subCategories }),
    breadcrumbs: t.field({ type: [BreadcrumbType], resolve: (p) => p.breadcrumbs }),
  }),
});

export const BreadcrumbType = builder.objectRef<{ name: string; url: string }>("BreadcrumbType").implement({
  fields: (t) => ({ name: t.exposeString("name"), url: t.exposeString("url") }),
});

/** Every active category in a language, flat, in merchandised order (batched per request). */
export async function categoriesOf(ctx: ApiContext, languageId: string): Promise<CategoryNodeView[]> {
  return (
    (await ctx.batch(`categoryList:${languageId}`, 0, async () => {
      const locale = ctx.localeOf(languageId) ?? (await ctx.locale({ languageId }));
      return new Map([[0, flattenTree(await categoryTree(ctx.db, locale, await ctx.reference.get()))]]);
    })) ?? []
  );
}

/** The active brands in a language (batched per request). */
export async function brandsOf(ctx: ApiContext, languageId: string): Promise<BrandView[]> {
  return (
    (await ctx.batch(`brandList:${languageId}`, 0, async () => {
      const locale = ctx.localeOf(languageId) ?? (await ctx.locale({ languageId }));
      return new Map([[0, await listBrands(ctx.db, locale)]]);
    })) ?? []
  );
}

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
    description:
      "Every active category in one flat list, parents before their children, each with parentCategoryId (0 at the top) and order; parentCategoryId narrows it to one level (0: the top level).",
    args: {
      includeHidden: t.arg.boolean({
        required: false,
        description:
          "Accepted and ignored: a hidden category (Visible off in the back office) is never listed",
      }),
      parentCategoryId: t.arg.int({ required: false }),
      ...localeArgs,
    },
    resolve: async (_root, args, ctx) => {
      const all = flattenTree(await categoryTree(ctx.db, await ctx.locale(args), await ctx.reference.get()));
      const parent = args.parentCategoryId;
      return parent === null || parent === undefined
        ? all
        : all.filter((c) => (c.parentCategoryId ?? 0) === parent);
    },
  }),
  category: t.field({
    type: CategoryType,
    nullable: true,
    description: "A category by categoryId or alias (categoryId wins); null when there is none.",
    args: {
      alias: t.arg.string({ required: false }),
      categoryId: t.arg.int({ required: false }),
      ...localeArgs,
    },
    resolve: async (_root, args, ctx) => {
      const all = flattenTree(await categoryTree(ctx.db, await ctx.locale(args), await ctx.reference.get()));
      if (args.categoryId !== null && args.categoryId !== undefined)
        return all.find((c) => c.categoryId === args.categoryId) ?? null;
      return args.alias ? (all.find((c) => c.alias === args.alias) ?? null) : null;
    },
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
    resolve: async (_root, args, ctx) =>
      (await listCampaigns(ctx.db, await ctx.locale(args))).map(campaignRuleOf),
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
        categoryTree(ctx.db, locale, await ctx.reference.get()),
        listBrands(ctx.db, locale),
        listCampaigns(ctx.db, locale),
      ]);
      if (args.url) return pageFromUrl(args.url, tree, brands, campaigns);
      if (!args.alias)
        return {
          type: "start",
          id: 0,
          name: locale.channel.name,
          alias: "",
          canonicalUrl: "/",
          hideTitle: false,
          description: null,
          alternativeUrls: [],
          subCategories: tree,
          breadcrumbs: [],
        } satisfies PageInfo;
      for (const url of [`/c/${args.alias}`, `/b/${args.alias}`, `/dc/${args.alias}`]) {
        const page = pageFromUrl(url, tree, brands, campaigns);
        if (page) return page;
      }
      return null;
    },
  }),
}));

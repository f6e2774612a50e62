import { and, asc, desc, eq, gte, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import {
  brands,
  campaignTranslations,
  categories,
  categoryTranslations,
  discountCampaigns,
  prices,
  productImages,
  products,
  productTranslations,
  skus,
} from "#db/schema/index.ts";
import { vatRateFor } from "#domain/vat.ts";
import type { Locale, ReferenceData } from "./reference.ts";

/** Prices of one SKU or product in the market's currency, minor units, including VAT as entered. */
export interface PriceMinor {
  currency: string;
  regularIncVat: number;
  sellingIncVat: number;
  vatRateBp: number;
}

export interface StockView {
  inStock: number;
  oversellable: number;
  totalStock: number;
  static: number;
  incoming: string | null;
}

export interface ProductSummary {
  productId: number;
  articleNumber: string;
  type: string;
  name: string;
  alias: string;
  canonicalUrl: string;
  brand: { name: string; alias: string; canonicalUrl: string } | null;
  primaryCategory: { name: string; alias: string; canonicalUrl: string } | null;
  productImages: { fileName: string; tags: string[] }[];
  unitPrice: PriceMinor | null;
  totalStock: StockView;
  discountType: string;
  createdAt: Date;
}

export type ProductSort = "RELEVANCE" | "LATEST" | "PRICE" | "PRICE_DESC" | "MOST_SOLD" | "ALPHABETICAL";

export const MAX_TAKE = 200;
export const MAX_SKIP = 6000;

/**
 * A page of active products with their cheapest price in the locale's market. A fixed number of statements
 * whatever the page size: one for the page and count, one for images.
 */
export async function listProducts(
  db: Database,
  ref: ReferenceData,
  locale: Locale,
  opts: {
    skip: number;
    take: number;
    sort: ProductSort;
    today?: Date;
    alias?: string;
    productIds?: number[];
    categoryId?: number;
    brandId?: number;
    campaignId?: number;
    /** Full-text search in the locale's language (swedish / norwegian configuration). */
    searchText?: string;
  },
): Promise<{ products: ProductSummary[]; count: number }> {
  const lang = locale.language.id;
  const market = locale.market.alias;
  const priceAgg = db
    .select({
      productId: skus.productId,
      regular: sql<number>`min(${prices.regularMinor})`.as("regular"),
      selling: sql<number>`min(${prices.sellingMinor})`.as("selling"),
      currency: sql<string>`min(${prices.currencyCode})`.as("currency"),
      inStock: sql<number>`sum(${skus.inStock})::int`.as("in_stock"),
      oversellable: sql<number>`sum(${skus.oversellable})::int`.as("oversellable"),
      static: sql<number>`sum(${skus.static})::int`.as("static"),
      incoming: sql<string | null>`min(${skus.incoming})::text`.as("incoming"),
    })
    .from(skus)
    .innerJoin(prices, and(eq(prices.skuId, skus.id), eq(prices.marketAlias, market)))
    .where(eq(skus.active, true))
    .groupBy(skus.productId)
    .as("p");
  const parentCategory = sql`(select ct.alias from categories c join category_translations ct on ct.category_id = c.parent_id and ct.language_id = ${lang} where c.id = ${products.primaryCategoryId})`;
  const config = sql.raw(lang === "sv-SE" ? "'swedish'" : "'norwegian'");
  const text = opts.searchText?.trim().slice(0, 100);
  const query = text ? sql`websearch_to_tsquery(${config}::regconfig, ${text})` : undefined;
  const order = {
    RELEVANCE: query
      ? [desc(sql`ts_rank(${productTranslations.searchVector}, ${query})`), asc(products.id)]
      : [desc(products.salesCount), asc(products.id)],
    LATEST: [desc(products.createdAt), asc(products.id)],
    PRICE: [asc(priceAgg.selling), asc(products.id)],
    PRICE_DESC: [desc(priceAgg.selling), asc(products.id)],
    MOST_SOLD: [desc(products.salesCount), asc(products.id)],
    ALPHABETICAL: [asc(productTranslations.name), asc(products.id)],
  }[opts.sort];
  const rows = await db
    .select({
      id: products.id,
      articleNumber: products.articleNumber,
      type: products.type,
      productClass: products.productClass,
      createdAt: products.createdAt,
      name: productTranslations.name,
      alias: productTranslations.alias,
      brandName: brands.name,
      brandAlias: brands.alias,
      categoryName: categoryTranslations.name,
      categoryAlias: categoryTranslations.alias,
      parentCategoryAlias: sql<string | null>`${parentCategory}`,
      regular: priceAgg.regular,
      selling: priceAgg.selling,
      currency: priceAgg.currency,
      inStock: priceAgg.inStock,
      oversellable: priceAgg.oversellable,
      static: priceAgg.static,
      incoming: priceAgg.incoming,
      count: sql<number>`count(*) over ()::int`,
    })
    .from(products)
    .innerJoin(
      productTranslations,
      and(eq(productTranslations.productId, products.id), eq(productTranslations.languageId, lang)),
    )
    .innerJoin(priceAgg, eq(priceAgg.productId, products.id))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(
      categoryTranslations,
      and(
        eq(categoryTranslations.categoryId, products.primaryCategoryId),
        eq(categoryTranslations.languageId, lang),
      ),
    )
    .where(
      and(
        eq(products.active, true),
        opts.alias === undefined ? undefined : eq(productTranslations.alias, opts.alias),
        opts.productIds === undefined ? undefined : inArray(products.id, opts.productIds),
        opts.categoryId === undefined
          ? undefined
          : sql`exists (select 1 from product_categories pc where pc.product_id = ${products.id} and pc.category_id = ${opts.categoryId})`,
        opts.brandId === undefined ? undefined : eq(products.brandId, opts.brandId),
        opts.campaignId === undefined
          ? undefined
          : sql`exists (select 1 from campaign_products cp where cp.product_id = ${products.id} and cp.campaign_id = ${opts.campaignId})`,
        query ? sql`${productTranslations.searchVector} @@ ${query}` : undefined,
      ),
    )
    .orderBy(...order)
    .limit(opts.take)
    .offset(opts.skip);

  const ids = rows.map((r) => r.id);
  const images = ids.length
    ? await db
        .select({
          productId: productImages.productId,
          fileName: productImages.fileName,
          tags: productImages.tags,
        })
        .from(productImages)
        .where(inArray(productImages.productId, ids))
        .orderBy(asc(productImages.productId), asc(productImages.sortOrder))
    : [];
  const today = opts.today ?? new Date();
  const country = locale.market.country?.code;
  return {
    count: rows[0]?.count ?? 0,
    products: rows.map((r) => {
      const categoryPath = r.categoryAlias
        ? r.parentCategoryAlias
          ? `${r.parentCategoryAlias}/${r.categoryAlias}`
          : r.categoryAlias
        : null;
      return {
        productId: r.id,
        articleNumber: r.articleNumber,
        type: r.type,
        name: r.name,
        alias: r.alias,
        canonicalUrl: productUrl(r.type, r.categoryAlias, r.alias),
        brand:
          r.brandName && r.brandAlias
            ? { name: r.brandName, alias: r.brandAlias, canonicalUrl: `/b/${r.brandAlias}` }
            : null,
        primaryCategory:
          r.categoryName && r.categoryAlias && categoryPath
            ? { name: r.categoryName, alias: r.categoryAlias, canonicalUrl: `/c/${categoryPath}` }
            : null,
        productImages: images
          .filter((i) => i.productId === r.id)
          .map((i) => ({ fileName: i.fileName, tags: i.tags })),
        unitPrice: {
          currency: r.currency,
          regularIncVat: r.regular,
          sellingIncVat: r.selling,
          vatRateBp: country
            ? vatRateFor(ref.vatRates, country, productClassOf(r.productClass), today).rateBp
            : 0,
        },
        totalStock: {
          inStock: r.inStock,
          oversellable: r.oversellable,
          static: r.static,
          totalStock: r.inStock + r.oversellable + r.static,
          incoming: r.incoming,
        },
        discountType: r.selling < r.regular ? "PRICE_CAMPAIGN" : "NONE",
        createdAt: r.createdAt,
      };
    }),
  };
}

type ProductClass = import("#domain/vat.ts").ProductClass;
function productClassOf(value: string): ProductClass {
  return value as ProductClass;
}

/** The language-neutral canonical path of a product; the storefront adds its language prefix. */
export function productUrl(type: string, categoryAlias: string | null, alias: string): string {
  const base = type === "package" ? "/pp" : "/p";
  return categoryAlias ? `${base}/${categoryAlias}/${alias}` : `${base}/${alias}`;
}

export interface ProductDetail extends ProductSummary {
  texts: { text1: string | null; text2: string | null; text3: string | null };
  meta: { title: string | null; description: string | null };
  /** The product's path in every storefront language, for the language switch and hreflang. */
  alternativeUrls: { languageId: string; url: string }[];
}

/** One product by its alias in the locale's language; null when there is no such (active, priced) product. */
export async function findProduct(
  db: Database,
  ref: ReferenceData,
  locale: Locale,
  alias: string,
): Promise<ProductDetail | null> {
  const { products: found } = await listProducts(db, ref, locale, {
    skip: 0,
    take: 1,
    sort: "LATEST",
    alias,
  });
  const product = found[0];
  if (!product) return null;
  const translations = await db
    .select({
      languageId: productTranslations.languageId,
      alias: productTranslations.alias,
      text1: productTranslations.text1,
      text2: productTranslations.text2,
      text3: productTranslations.text3,
      metaTitle: productTranslations.metaTitle,
      metaDescription: productTranslations.metaDescription,
      categoryAlias: categoryTranslations.alias,
    })
    .from(productTranslations)
    .innerJoin(products, eq(products.id, productTranslations.productId))
    .leftJoin(
      categoryTranslations,
      and(
        eq(categoryTranslations.categoryId, products.primaryCategoryId),
        eq(categoryTranslations.languageId, productTranslations.languageId),
      ),
    )
    .where(eq(productTranslations.productId, product.productId));
  const own = translations.find((t) => t.languageId === locale.language.id);
  return {
    ...product,
    texts: { text1: own?.text1 ?? null, text2: own?.text2 ?? null, text3: own?.text3 ?? null },
    meta: { title: own?.metaTitle ?? null, description: own?.metaDescription ?? null },
    alternativeUrls: translations.map((t) => ({
      languageId: t.languageId,
      url: productUrl(product.type, t.categoryAlias, t.alias),
    })),
  };
}

export interface CategoryNodeView {
  categoryId: number;
  parentCategoryId: number | null;
  name: string;
  alias: string;
  canonicalUrl: string;
  /** The category's path in every storefront language. */
  alternativeUrls: { languageId: string; url: string }[];
  children: CategoryNodeView[];
}

/** The active category tree in the locale's language, in merchandised order. One statement. */
export async function categoryTree(db: Database, locale: Locale): Promise<CategoryNodeView[]> {
  const rows = await db
    .select({
      id: categories.id,
      parentId: categories.parentId,
      languageId: categoryTranslations.languageId,
      name: categoryTranslations.name,
      alias: categoryTranslations.alias,
    })
    .from(categories)
    .innerJoin(categoryTranslations, eq(categoryTranslations.categoryId, categories.id))
    .where(eq(categories.active, true))
    .orderBy(asc(categories.sortOrder));
  const byLanguage = new Map<string, Map<number, { alias: string; parentId: number | null }>>();
  for (const r of rows) {
    const map = byLanguage.get(r.languageId) ?? new Map();
    map.set(r.id, { alias: r.alias, parentId: r.parentId });
    byLanguage.set(r.languageId, map);
  }
  const pathOf = (languageId: string, id: number): string => {
    const map = byLanguage.get(languageId);
    const node = map?.get(id);
    if (!node) return "";
    // Category URLs carry at most the parent: /c/{parent}/{category}.
    const parent = node.parentId ? map?.get(node.parentId) : undefined;
    return parent ? `/c/${parent.alias}/${node.alias}` : `/c/${node.alias}`;
  };
  const nodes = new Map<number, CategoryNodeView>();
  for (const r of rows) {
    if (r.languageId !== locale.language.id) continue;
    nodes.set(r.id, {
      categoryId: r.id,
      parentCategoryId: r.parentId,
      name: r.name,
      alias: r.alias,
      canonicalUrl: pathOf(r.languageId, r.id),
      alternativeUrls: [...byLanguage.keys()].map((languageId) => ({
        languageId,
        url: pathOf(languageId, r.id),
      })),
      children: [],
    });
  }
  const roots: CategoryNodeView[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentCategoryId ? nodes.get(node.parentCategoryId) : undefined;
    if (parent) parent.children.push(node);
    else if (!node.parentCategoryId) roots.push(node);
  }
  return roots;
}

/** Walks a tree depth-first. */
export function flattenTree(nodes: CategoryNodeView[]): CategoryNodeView[] {
  return nodes.flatMap((n) => [n, ...flattenTree(n.children)]);
}

export interface BrandView {
  brandId: number;
  name: string;
  alias: string;
  canonicalUrl: string;
  description: string | null;
}

export async function listBrands(db: Database, locale: Locale): Promise<BrandView[]> {
  const rows = await db.select().from(brands).where(eq(brands.active, true)).orderBy(asc(brands.name));
  return rows.map((b) => ({
    brandId: b.id,
    name: b.name,
    alias: b.alias,
    canonicalUrl: `/b/${b.alias}`,
    description: b.description[locale.language.id] ?? null,
  }));
}

export interface CampaignView {
  campaignId: number;
  name: string;
  alias: string;
  hideTitle: boolean;
  discountType: string;
  description: string | null;
  canonicalUrl: string;
  alternativeUrls: { languageId: string; url: string }[];
}

/** Campaigns running now, in the locale's language. */
export async function listCampaigns(db: Database, locale: Locale, now = new Date()): Promise<CampaignView[]> {
  const rows = await db
    .select({
      id: discountCampaigns.id,
      hideTitle: discountCampaigns.hideTitle,
      discountType: discountCampaigns.discountType,
      languageId: campaignTranslations.languageId,
      name: campaignTranslations.name,
      alias: campaignTranslations.alias,
      description: campaignTranslations.description,
    })
    .from(discountCampaigns)
    .innerJoin(campaignTranslations, eq(campaignTranslations.campaignId, discountCampaigns.id))
    .where(
      and(
        eq(discountCampaigns.active, true),
        or(isNull(discountCampaigns.startsAt), lte(discountCampaigns.startsAt, now)),
        or(isNull(discountCampaigns.endsAt), gte(discountCampaigns.endsAt, now)),
      ),
    )
    .orderBy(asc(discountCampaigns.priority), asc(discountCampaigns.id));
  const views: CampaignView[] = [];
  for (const r of rows) {
    if (r.languageId !== locale.language.id) continue;
    views.push({
      campaignId: r.id,
      name: r.name,
      alias: r.alias,
      hideTitle: r.hideTitle,
      discountType: r.discountType,
      description: r.description,
      canonicalUrl: `/dc/${r.alias}`,
      alternativeUrls: rows
        .filter((x) => x.id === r.id)
        .map((x) => ({ languageId: x.languageId, url: `/dc/${x.alias}` })),
    });
  }
  return views;
}

import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import {
  brands,
  categoryTranslations,
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

export type ProductSort = "LATEST" | "PRICE" | "PRICE_DESC" | "MOST_SOLD" | "ALPHABETICAL";

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
  opts: { skip: number; take: number; sort: ProductSort; today?: Date },
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
  const order = {
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
    .where(eq(products.active, true))
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

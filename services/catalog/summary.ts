import { vatRateFor } from "#domain/vat.ts";
import type { Locale, ReferenceData } from "../reference.ts";

/**
 * What a product card carries (lists, search, the product query), as the catalog's statements read it and the API
 * shows it: the summary types, the row of the card statement and its mapping.
 */

/**
 * Prices of one SKU or product in the market's currency, minor units, including VAT as entered. `regularIncVat` is
 * what a reduction is announced against (docs/decisions/0013): the prior price while a reduction is announced
 * (domain/prices.ts priceReduction), otherwise the selling price itself; never the regular price of the price row.
 */
export interface PriceMinor {
  currency: string;
  regularIncVat: number;
  sellingIncVat: number;
  vatRateBp: number;
}

/** An announced reduction of a product: its prior price and percentage, minor units including VAT. */
export interface LowestPriceMinor {
  currency: string;
  /** The prior price: the lowest price applied during the 30 days before the reduction began. */
  lowestIncVat: number;
  /** The price the reduction is compared with: the prior price too (one reference per page). */
  comparisonIncVat: number;
  sellingIncVat: number;
  vatRateBp: number;
  /** At least 1. */
  discountPercentage: number;
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
  brand: { brandId: number; name: string; alias: string; canonicalUrl: string } | null;
  primaryCategory: { categoryId: number; name: string; alias: string; canonicalUrl: string } | null;
  /** `altText`: the merchant's, in the page's language (decision 0057), on the product page's read only. */
  productImages: { fileName: string; tags: string[]; altText?: string | null }[];
  unitPrice: PriceMinor | null;
  lowestPrice: LowestPriceMinor | null;
  rating: { score: number; voteCount: number } | null;
  totalStock: StockView;
  discountType: string;
  createdAt: Date;
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

export interface PageRow {
  id: number;
  article_number: string;
  type: string;
  product_class: string;
  created_at: string | Date;
  name: string;
  alias: string;
  brand_name: string | null;
  brand_alias: string | null;
  category_name: string | null;
  category_alias: string | null;
  parent_alias: string | null;
  brand_id: number | null;
  primary_category_id: number | null;
  currency_code: string;
  selling_minor: number;
  /** The prior price of the reduction announced now (migration 0006, domain/prices.ts priceReduction); null: none. */
  lowest_minor: number | null;
  discount_percent: number;
  rating_score: string | number | null;
  vote_count: number;
  in_stock: number;
  oversellable: number;
  static: number;
  incoming: string | null;
  images: { fileName: string; tags: string[]; altText?: string | null }[] | string | null;
}

export /** A product row of the page statement as the API's summary. */
function summaryOf(ref: ReferenceData, locale: Locale, today: Date, r: PageRow): ProductSummary {
  const country = locale.market.country?.code;
  const categoryPath = r.category_alias
    ? r.parent_alias
      ? `${r.parent_alias}/${r.category_alias}`
      : r.category_alias
    : null;
  const vatRateBp = country
    ? vatRateFor(ref.vatRates, country, productClassOf(r.product_class), today).rateBp
    : 0;
  const images = typeof r.images === "string" ? JSON.parse(r.images) : (r.images ?? []);
  const score = r.rating_score === null ? null : Number(r.rating_score);
  // One reference: the prior price of an announced reduction (at least 1 %), or none at all.
  const prior = r.lowest_minor !== null && r.discount_percent > 0 ? r.lowest_minor : null;
  return {
    productId: r.id,
    articleNumber: r.article_number,
    type: r.type,
    name: r.name,
    alias: r.alias,
    canonicalUrl: productUrl(r.type, r.category_alias, r.alias),
    brand:
      r.brand_name && r.brand_alias
        ? {
            brandId: r.brand_id ?? 0,
            name: r.brand_name,
            alias: r.brand_alias,
            canonicalUrl: `/b/${r.brand_alias}`,
          }
        : null,
    primaryCategory:
      r.category_name && r.category_alias && categoryPath
        ? {
            categoryId: r.primary_category_id ?? 0,
            name: r.category_name,
            alias: r.category_alias,
            canonicalUrl: `/c/${categoryPath}`,
          }
        : null,
    productImages: images,
    unitPrice: {
      currency: r.currency_code,
      regularIncVat: prior ?? r.selling_minor,
      sellingIncVat: r.selling_minor,
      vatRateBp,
    },
    lowestPrice:
      prior === null
        ? null
        : {
            currency: r.currency_code,
            lowestIncVat: prior,
            comparisonIncVat: prior,
            sellingIncVat: r.selling_minor,
            vatRateBp,
            discountPercentage: r.discount_percent,
          },
    rating: score !== null && r.vote_count > 0 ? { score, voteCount: r.vote_count } : null,
    totalStock: {
      inStock: r.in_stock,
      oversellable: r.oversellable,
      static: r.static,
      totalStock: r.in_stock + r.oversellable + r.static,
      incoming: r.incoming,
    },
    discountType: prior === null ? "NONE" : "PRICE_CAMPAIGN",
    createdAt: new Date(r.created_at),
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

import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { languages, markets } from "./markets.ts";
import { type Localized, tsvector } from "./types.ts";

const created = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const categories = pgTable(
  "categories",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    parentId: integer().references((): AnyPgColumn => categories.id, { onDelete: "set null" }),
    /** Stable key used by the seed and by merchandising. */
    key: text().notNull().unique(),
    sortOrder: integer().notNull().default(0),
    active: boolean().notNull().default(true),
    createdAt: created(),
  },
  (t) => [index().on(t.parentId)],
);

export const categoryTranslations = pgTable(
  "category_translations",
  {
    categoryId: integer()
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    languageId: text()
      .notNull()
      .references(() => languages.id),
    name: text().notNull(),
    alias: text().notNull(),
    /** Search synonyms. */
    aliases: text().array().notNull().default(sql`'{}'::text[]`),
    description: text(),
    metaTitle: text(),
    metaDescription: text(),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.languageId] }), uniqueIndex().on(t.languageId, t.alias)],
);

export const brands = pgTable("brands", {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  name: text().notNull(),
  alias: text().notNull().unique(),
  countryCode: text(),
  /** Description per language id. */
  description: jsonb().$type<Localized>().notNull().default({}),
  active: boolean().notNull().default(true),
  createdAt: created(),
});

export const variantGroups = pgTable("variant_groups", {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  key: text().notNull().unique(),
  /** Dimensions from the top level down, e.g. ["Fit", "Color", "Size"]. */
  dimensions: text().array().notNull(),
});

export const products = pgTable(
  "products",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    articleNumber: text().notNull().unique(),
    /** "product" or "package". */
    type: text().notNull().default("product"),
    brandId: integer().references(() => brands.id, { onDelete: "set null" }),
    primaryCategoryId: integer().references(() => categories.id, { onDelete: "set null" }),
    /** VAT product class: "standard", "food", … (see vat_rates). */
    productClass: text().notNull().default("standard"),
    variantGroupId: integer().references(() => variantGroups.id, { onDelete: "set null" }),
    /** Kind of product (e.g. "shell-jacket"): drives images and parameter templates. */
    kind: text().notNull(),
    trackingCode: text(),
    active: boolean().notNull().default(true),
    /** Units sold, for the bestseller and most-sold sorts. */
    salesCount: integer().notNull().default(0),
    /** Merchandised orders CUSTOM_1…5 (lower first). */
    customSort: jsonb().$type<Partial<Record<"1" | "2" | "3" | "4" | "5", number>>>().notNull().default({}),
    ratingScore: numeric({ precision: 3, scale: 2 }),
    voteCount: integer().notNull().default(0),
    createdAt: created(),
    updatedAt: created(),
  },
  (t) => [
    index().on(t.brandId),
    index().on(t.primaryCategoryId),
    index().on(t.variantGroupId),
    index().on(t.createdAt),
  ],
);

export const productTranslations = pgTable(
  "product_translations",
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    languageId: text()
      .notNull()
      .references(() => languages.id),
    name: text().notNull(),
    alias: text().notNull(),
    aliases: text().array().notNull().default(sql`'{}'::text[]`),
    text1: text(),
    text2: text(),
    text3: text(),
    metaTitle: text(),
    metaDescription: text(),
    /** Full-text document in the language's configuration (swedish / norwegian). */
    searchVector: tsvector(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.languageId] }),
    uniqueIndex().on(t.languageId, t.alias),
    index().using("gin", t.searchVector),
  ],
);

export const productCategories = pgTable(
  "product_categories",
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    categoryId: integer()
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.categoryId] }), index().on(t.categoryId)],
);

export const productImages = pgTable(
  "product_images",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    fileName: text().notNull(),
    tags: text().array().notNull().default(sql`'{}'::text[]`),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [index().on(t.productId, t.sortOrder)],
);

export const parameterGroups = pgTable("parameter_groups", {
  /** Group 1 holds the Color parameter. */
  id: integer().primaryKey(),
  names: jsonb().$type<Localized>().notNull(),
  sortOrder: integer().notNull().default(0),
});

export const productParameters = pgTable(
  "product_parameters",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    groupId: integer()
      .notNull()
      .references(() => parameterGroups.id),
    languageId: text()
      .notNull()
      .references(() => languages.id),
    /** Stable identifier across languages, e.g. "color", "material"; facets filter on it (p-{name}). */
    identifier: text().notNull(),
    name: text().notNull(),
    value: text().notNull(),
    show: boolean().notNull().default(true),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [index().on(t.productId, t.languageId), index().on(t.identifier, t.languageId, t.value)],
);

export const skus = pgTable(
  "skus",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    gtin: text().unique(),
    /** The SKU's own name, e.g. the size "M" or "42". */
    name: text().notNull(),
    sortOrder: integer().notNull().default(0),
    /** Units on the shelf. */
    inStock: integer().notNull().default(0),
    /** Units that may be sold beyond stock (backorder, longer delivery). */
    oversellable: integer().notNull().default(0),
    /** Static stock: always available, never counted down (e.g. made to order). */
    static: integer().notNull().default(0),
    /** Expected restock date. */
    incoming: date(),
    active: boolean().notNull().default(true),
    weightGrams: integer(),
  },
  (t) => [
    index().on(t.productId),
    check("sku_stock_non_negative", sql`${t.inStock} >= 0 and ${t.oversellable} >= 0 and ${t.static} >= 0`),
  ],
);

/** Where a product sits in its variant group: one row per dimension level; the lowest level is per SKU. */
export const variantValues = pgTable(
  "variant_values",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** Set on the SKU level (e.g. Size), null on product levels (e.g. Fit, Color). */
    skuId: integer().references(() => skus.id, { onDelete: "cascade" }),
    level: integer().notNull(),
    dimension: text().notNull(),
    /** Language-neutral value, e.g. "black", "M". */
    value: text().notNull(),
    /** Label per language id, e.g. {"sv-SE": "Svart", "nb-NO": "Svart"}. */
    label: jsonb().$type<Localized>().notNull(),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [index().on(t.productId), index().on(t.skuId)],
);

/** Prices are entered including VAT, per SKU per market, in the market currency's minor units. */
export const prices = pgTable(
  "prices",
  {
    skuId: integer()
      .notNull()
      .references(() => skus.id, { onDelete: "cascade" }),
    marketAlias: text()
      .notNull()
      .references(() => markets.alias, { onDelete: "cascade" }),
    currencyCode: text().notNull(),
    regularMinor: integer().notNull(),
    sellingMinor: integer().notNull(),
    /** The price campaign behind a reduced selling price, when any. */
    campaignId: integer().references(() => discountCampaigns.id, { onDelete: "set null" }),
    /** When the current reduction began (for the 30-day lowest price). */
    reducedSince: timestamp({ withTimezone: true }),
    updatedAt: created(),
  },
  (t) => [
    primaryKey({ columns: [t.skuId, t.marketAlias] }),
    index().on(t.marketAlias, t.sellingMinor),
    check("price_positive", sql`${t.regularMinor} >= 0 and ${t.sellingMinor} >= 0`),
  ],
);

/** Every selling-price change, for the 30-day lowest price and the price-history chart. */
export const priceLog = pgTable(
  "price_log",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    skuId: integer()
      .notNull()
      .references(() => skus.id, { onDelete: "cascade" }),
    marketAlias: text()
      .notNull()
      .references(() => markets.alias, { onDelete: "cascade" }),
    regularMinor: integer().notNull(),
    sellingMinor: integer().notNull(),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.skuId, t.marketAlias, t.at)],
);

/**
 * Price campaigns (reduced selling prices) and cart campaigns (applied to the cart), stored as small
 * pure conditions and actions evaluated by domain/.
 */
export const discountCampaigns = pgTable("discount_campaigns", {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  key: text().notNull().unique(),
  /** "PRICE_CAMPAIGN" or "CART_CAMPAIGN". */
  discountType: text().notNull(),
  hideTitle: boolean().notNull().default(false),
  /** e.g. [{code: "minimumAmount", args: {SEK: 50000}}, {code: "inCategories", args: [12]}]. */
  conditions: jsonb().$type<{ code: string; args: unknown }[]>().notNull().default([]),
  /** e.g. [{code: "percentOff", args: 20}, {code: "buyXPayY", args: {x: 3, y: 2}}, {code: "freeShipping"}]. */
  actions: jsonb().$type<{ code: string; args?: unknown }[]>().notNull().default([]),
  priority: integer().notNull().default(0),
  stackable: boolean().notNull().default(true),
  startsAt: timestamp({ withTimezone: true }),
  endsAt: timestamp({ withTimezone: true }),
  active: boolean().notNull().default(true),
  createdAt: created(),
});

export const campaignTranslations = pgTable(
  "campaign_translations",
  {
    campaignId: integer()
      .notNull()
      .references(() => discountCampaigns.id, { onDelete: "cascade" }),
    languageId: text()
      .notNull()
      .references(() => languages.id),
    name: text().notNull(),
    alias: text().notNull(),
    description: text(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.languageId] }), uniqueIndex().on(t.languageId, t.alias)],
);

/** The products a price campaign reduces (denormalised from its conditions for list filters). */
export const campaignProducts = pgTable(
  "campaign_products",
  {
    campaignId: integer()
      .notNull()
      .references(() => discountCampaigns.id, { onDelete: "cascade" }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.productId] }), index().on(t.productId)],
);

/** A package (product of type "package") is made of groups of options; required groups need a pick. */
export const packageGroups = pgTable(
  "package_groups",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    packageProductId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    names: jsonb().$type<Localized>().notNull(),
    descriptions: jsonb().$type<Localized>().notNull().default({}),
    image: text(),
    required: boolean().notNull().default(false),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [index().on(t.packageProductId)],
);

export const packageOptions = pgTable(
  "package_options",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    groupId: integer()
      .notNull()
      .references(() => packageGroups.id, { onDelete: "cascade" }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    quantity: integer().notNull().default(1),
    isSelected: boolean().notNull().default(false),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [index().on(t.groupId), check("package_option_quantity", sql`${t.quantity} > 0`)],
);

export const relatedProducts = pgTable(
  "related_products",
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    relatedProductId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** "accessory", "similar", … */
    relation: text().notNull().default("similar"),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.relatedProductId] })],
);

/** Old URLs and where they live now (renamed products, moved categories). */
export const urlHistory = pgTable(
  "url_history",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    languageId: text()
      .notNull()
      .references(() => languages.id),
    oldUrl: text().notNull(),
    newUrl: text().notNull(),
    createdAt: created(),
  },
  (t) => [uniqueIndex().on(t.languageId, t.oldUrl)],
);

/** Product questions and answers (Q&A on the product page); published once answered. */
export const productQuestions = pgTable(
  "product_questions",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    languageId: text()
      .notNull()
      .references(() => languages.id),
    author: text().notNull(),
    question: text().notNull(),
    answer: text(),
    answeredAt: timestamp({ withTimezone: true }),
    createdAt: created(),
  },
  (t) => [index().on(t.productId, t.languageId)],
);

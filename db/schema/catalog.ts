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
import { bytea, type Localized, tsvector } from "./types.ts";

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
    /** Optimistic version of the back office's edits (migration 0034, decision 0056). */
    version: integer().notNull().default(1),
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
  /** Optimistic version of the back office's edits (migration 0034, decision 0056). */
  version: integer().notNull().default(1),
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
    /**
     * Raised by one at every back-office change of the product, its texts, SKUs or prices (migration 0023,
     * decision 0043): an edit form carries the version it read, and a save of an older version is refused.
     */
    version: integer().notNull().default(1),
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
    /** Alt text per language id (decision 0057); empty: the storefront names the product. */
    alt: jsonb().$type<Localized>().notNull().default({}),
    /**
     * An uploaded image's original bytes (JPEG, PNG or WebP, checked by content; decision 0057), resized by the image
     * pipeline (services/images/uploads.ts). Null for the drawn art, whose name is its picture.
     */
    original: bytea(),
  },
  (t) => [index().on(t.productId, t.sortOrder)],
);

export const parameterGroups = pgTable("parameter_groups", {
  /** Group 1 holds the Color parameter. New groups (the back office, decision 0064) take the next id. */
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  names: jsonb().$type<Localized>().notNull(),
  sortOrder: integer().notNull().default(0),
  /** Raised by every back-office change (optimistic version, decision 0064). */
  version: integer().notNull().default(1),
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
    /** Language-neutral key of the value ("black", "merino"): the facet id is p_{identifier}_{valueKey}. */
    valueKey: text(),
    show: boolean().notNull().default(true),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [
    index().on(t.productId, t.languageId),
    index().on(t.identifier, t.languageId, t.value),
    // The facet key of a value (the list index recomputes labels by it; mili_slug is migration 0002's).
    index("product_parameters_facet_index").on(
      sql`(${t.identifier} || '_' || coalesce(${t.valueKey}, mili_slug(${t.value})))`,
    ),
  ],
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
  (t) => [
    index().on(t.productId),
    index().on(t.skuId),
    index("variant_values_size_index").on(t.value).where(sql`${t.dimension} = 'Size'`),
  ],
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
    /**
     * When its reduction (a selling price below the regular one) takes effect; null: whenever its campaign allows.
     * The reduction's prior price comes from the price history (domain/prices.ts priceReduction), not from here.
     */
    reducedSince: timestamp({ withTimezone: true }),
    updatedAt: created(),
  },
  (t) => [
    primaryKey({ columns: [t.skuId, t.marketAlias] }),
    index().on(t.marketAlias, t.sellingMinor),
    // The prices of a campaign (its dates decide when they are in effect).
    index("prices_campaign_id_index").on(t.campaignId).where(sql`${t.campaignId} is not null`),
    check("price_positive", sql`${t.regularMinor} >= 0 and ${t.sellingMinor} >= 0`),
  ],
);

/**
 * Every change of a price row, logged by a trigger when it is made (migration 0006; a bulk load writes its own): the
 * price history that reductions' prior prices (domain/prices.ts) and the price-history chart are read from.
 */
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
  /** The markets it runs in (their aliases); empty: every market (decision 0045). */
  marketAliases: text().array().notNull().default(sql`'{}'::text[]`),
  /** Optimistic version of the back office's campaign form (decision 0045). */
  version: integer().notNull().default(1),
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

// ---------------------------------------------------------------------------------------------
// The list index: derived from the tables above inside the database (migration 0004, docs/decisions/0011). Triggers
// on the tables above queue the products a statement touched; at the commit of that transaction the queued products
// (only they) are refreshed and catalog_index_state.version goes up by one. Never written by the app: app processes
// read it into memory (services/catalog-index/) and follow it by version.

/**
 * Each product's card price per market over time: its cheapest active SKU's price applied then (its logged prices
 * before its last logged change, its price row from then on), with that SKU's regular price. A reduction counts
 * while it is in effect (prices.reduced_since passed, its price campaign
 * active and between starts_at and ends_at), so a product has one row per window [valid_from, valid_until) in
 * which its card price is constant: lists pick the window of the moment they are asked, and a campaign that starts
 * or ends by its dates needs no refresh.
 */
export const productListPrices = pgTable(
  "product_list_prices",
  {
    productId: integer().notNull(),
    marketAlias: text().notNull(),
    /** '-infinity' for the first window. */
    validFrom: timestamp({ withTimezone: true, mode: "string" }).notNull(),
    /** 'infinity' for the last window. */
    validUntil: timestamp({ withTimezone: true, mode: "string" }).notNull(),
    skuId: integer().notNull(),
    currencyCode: text().notNull(),
    regularMinor: integer().notNull(),
    sellingMinor: integer().notNull(),
    /**
     * The prior price of the reduction announced in this window (the lowest price applied during the 30 days before
     * it began: domain/prices.ts priceReduction, migration 0006); null when none is announced.
     */
    lowestMinor: integer(),
    /** (prior − selling) / prior in whole percent, rounded down; 0 when no reduction is announced. */
    discountPercent: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.marketAlias, t.validFrom] })],
);

/** What lists filter, count and sort on, one row per product (a deleted product keeps a row: active false). */
export const productIndex = pgTable(
  "product_index",
  {
    productId: integer().primaryKey(),
    /** catalog_index_state.version of the refresh that wrote the row: app processes read rows newer than theirs. */
    version: bigint({ mode: "number" }).notNull(),
    active: boolean().notNull(),
    brandId: integer(),
    createdAt: timestamp({ withTimezone: true, mode: "string" }),
    /** products.custom_sort (merchandised orders CUSTOM_1…5). */
    customSort: jsonb().$type<Partial<Record<"1" | "2" | "3" | "4" | "5", number>>>().notNull(),
    /** The product's own categories (product_categories); lists add the ancestors from the category tree. */
    categoryIds: integer().array().notNull(),
    /** Size values (variant_values.value of active SKUs): facet s_{value}. */
    sizes: text().array().notNull(),
    /** Campaigns listing the product (campaign_products); lists keep the active ones. */
    campaignIds: integer().array().notNull(),
    /** {identifier}_{valueKey}: facet p_{identifier}_{valueKey}. */
    params: text().array().notNull(),
    /** "{languageId}|{word}" for each word of the names of an active product: search_words' counts follow it. */
    nameWords: text().array().notNull(),
  },
  (t) => [index().on(t.version)],
);

/** Labels of size and parameter facet values per language. */
export const facetLabels = pgTable(
  "facet_labels",
  {
    facet: text().notNull(),
    languageId: text().notNull(),
    groupLabel: text(),
    label: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.facet, t.languageId] })],
);

/**
 * The words of product names, brands and categories per language with their stems: search expands a
 * query's terms to these (compounds, inflections, prefixes, typos by trigram similarity).
 */
export const searchWords = pgTable(
  "search_words",
  {
    languageId: text().notNull(),
    word: text().notNull(),
    stem: text().notNull(),
    /** Products whose name holds the word (for suggestions' order). */
    products: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.languageId, t.word] }),
    index().on(t.languageId, t.stem),
    index("search_words_word_trgm_index").using("gin", t.word.op("gin_trgm_ops")),
  ],
);

/** The list index's version: one row. Raised by one at the commit of every transaction that changed the catalog. */
export const catalogIndexState = pgTable(
  "catalog_index_state",
  {
    id: integer().primaryKey(),
    version: bigint({ mode: "number" }).notNull(),
    /** Version of the last full rebuild: a reader older than it reads the whole index again. */
    fullVersion: bigint({ mode: "number" }).notNull(),
    /** Version of the last change to categories, brands, campaigns, facet labels or search words. */
    metaVersion: bigint({ mode: "number" }).notNull(),
    refreshedAt: timestamp({ withTimezone: true }),
  },
  (t) => [check("catalog_index_state_one_row", sql`${t.id} = 1`)],
);

/** One row per transaction that changed the catalog; its deferred trigger refreshes the index at that commit. */
export const catalogIndexDirty = pgTable("catalog_index_dirty", {
  txid: bigint({ mode: "number" }).primaryKey(),
  /** Rebuild everything (a bulk load, a TRUNCATE) instead of the queued products. */
  fullRebuild: boolean().notNull().default(false),
  /** Categories, brands or campaigns changed. */
  meta: boolean().notNull().default(false),
});

/**
 * Products (and facet values whose labels may change) touched by the statements of open transactions; each
 * transaction sees and empties only its own rows, at its commit.
 */
export const catalogIndexQueue = pgTable("catalog_index_queue", {
  productId: integer(),
  /** p_{identifier}_{valueKey} or s_{value}. */
  facet: text(),
});

/** The products being refreshed by the committing transaction (empty outside a commit). */
export const catalogIndexWork = pgTable("catalog_index_work", {
  productId: integer().primaryKey(),
});

import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { products, skus } from "./catalog.ts";
import { customers } from "./customers.ts";
import { channels, languages } from "./markets.ts";
import type { Localized } from "./types.ts";

const created = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** Reviews go to acceptance first ("pending") and are shown once approved. */
export const reviews = pgTable(
  "reviews",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    customerId: integer().references(() => customers.id, { onDelete: "set null" }),
    languageId: text()
      .notNull()
      .references(() => languages.id),
    author: text().notNull(),
    comment: text().notNull(),
    rating: smallint().notNull(),
    /** "pending", "approved", "rejected". */
    status: text().notNull().default("pending"),
    createdAt: created(),
  },
  (t) => [
    index().on(t.productId, t.status),
    check("review_rating", sql`${t.rating} between 1 and 5`),
    // One review per customer and product (reviews without a customer, imported or from a deleted account, aside).
    uniqueIndex("reviews_one_per_customer").on(t.productId, t.customerId),
    index("reviews_pending").on(t.createdAt).where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * Product questions and answers (Q&A on the product page): a signed-in shopper asks, the merchant answers, and the
 * question is published once answered (a question the merchant turns down is deleted).
 */
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
    /** Who asked (a signed-in shopper); null for imported questions and after the account is erased. */
    customerId: integer().references(() => customers.id, { onDelete: "set null" }),
    author: text().notNull(),
    question: text().notNull(),
    answer: text(),
    answeredAt: timestamp({ withTimezone: true }),
    createdAt: created(),
  },
  (t) => [
    index().on(t.productId, t.languageId),
    index("product_questions_unanswered").on(t.createdAt).where(sql`${t.answer} is null`),
  ],
);

export const contentPages = pgTable("content_pages", {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  key: text().notNull().unique(),
  active: boolean().notNull().default(true),
  /** A secret that lets editors preview an unpublished page. */
  previewToken: text(),
  publishedAt: timestamp({ withTimezone: true }),
  createdAt: created(),
  updatedAt: created(),
  /** Optimistic version of the back office's page form (decision 0058). */
  version: integer().notNull().default(1),
});

export const contentPageTranslations = pgTable(
  "content_page_translations",
  {
    pageId: integer()
      .notNull()
      .references(() => contentPages.id, { onDelete: "cascade" }),
    languageId: text()
      .notNull()
      .references(() => languages.id),
    alias: text().notNull(),
    title: text().notNull(),
    metaTitle: text(),
    metaDescription: text(),
  },
  (t) => [primaryKey({ columns: [t.pageId, t.languageId] }), uniqueIndex().on(t.languageId, t.alias)],
);

/** A place on a page where widgets go: e.g. family "Frontpage", area "Main", or a content page's body. */
export const widgetAreas = pgTable(
  "widget_areas",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    family: text().notNull(),
    areaName: text().notNull(),
    /** The page alias the area belongs to (content pages, categories …); null for site-wide areas. */
    pageId: integer().references(() => contentPages.id, { onDelete: "cascade" }),
    targetAlias: text(),
    /** "desktop", "mobile" or null for both. */
    displaySetting: text(),
    /** Shown only to this customer type, or to all when null. */
    customerType: text(),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [index().on(t.family, t.areaName)],
);

export const widgets = pgTable(
  "widgets",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    areaId: integer()
      .notNull()
      .references(() => widgetAreas.id, { onDelete: "cascade" }),
    /** "text", "image", "buttons", "productList", "banner", "video", "html", "richText" (services/content/widget-config.ts). */
    type: text().notNull(),
    /** Widget settings; texts inside are keyed by language id. */
    config: jsonb().notNull().default({}),
    sortOrder: integer().notNull().default(0),
    /** Published: shown to shoppers (within validFrom–validTo); unpublished widgets show only in a preview. */
    active: boolean().notNull().default(true),
    validFrom: timestamp({ withTimezone: true }),
    validTo: timestamp({ withTimezone: true }),
    /** "mobile" or "desktop": shown only on that device class; null on both (migration 0021). */
    displaySetting: text(),
    updatedAt: created(),
    /** Optimistic version of the back office's widget form (decision 0058). */
    version: integer().notNull().default(1),
  },
  (t) => [
    index().on(t.areaId, t.sortOrder),
    check("widget_display_setting", sql`${t.displaySetting} in ('mobile', 'desktop')`),
  ],
);

export const menus = pgTable("menus", {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  /** e.g. "header-main", "footer-service", "footer-about". */
  locationId: text().notNull().unique(),
  names: jsonb().$type<Localized>().notNull().default({}),
  /** Optimistic version of the back office's menu form, covering its items (decision 0058). */
  version: integer().notNull().default(1),
});

export const menuItems = pgTable(
  "menu_items",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    menuId: integer()
      .notNull()
      .references(() => menus.id, { onDelete: "cascade" }),
    parentId: integer().references((): AnyPgColumn => menuItems.id, { onDelete: "cascade" }),
    labels: jsonb().$type<Localized>().notNull(),
    /** "category", "brand", "content", "url". */
    targetType: text().notNull(),
    /** Category/brand/content key, or a URL per language for "url". */
    target: jsonb().notNull(),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [index().on(t.menuId)],
);

export const newsletterSubscriptions = pgTable(
  "newsletter_subscriptions",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    email: text().notNull(),
    channelId: text()
      .notNull()
      .references(() => channels.id),
    languageId: text()
      .notNull()
      .references(() => languages.id),
    tags: text().array().notNull().default(sql`'{}'::text[]`),
    confirmedAt: timestamp({ withTimezone: true }),
    unsubscribedAt: timestamp({ withTimezone: true }),
    createdAt: created(),
  },
  (t) => [uniqueIndex().on(t.email, t.channelId)],
);

/**
 * Back-in-stock notifications (monitorProductAvailability): an e-mail per SKU, notified once when it can be bought
 * again. The database marks waiting rows notified and queues their e-mails in `outbox` in the transaction that made
 * the SKU available (trigger of migration 0014), whoever changed the stock: the API, an import, SQL.
 */
export const stockMonitors = pgTable(
  "stock_monitors",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    email: text().notNull(),
    skuId: integer()
      .notNull()
      .references(() => skus.id, { onDelete: "cascade" }),
    channelId: text()
      .notNull()
      .references(() => channels.id),
    languageId: text()
      .notNull()
      .references(() => languages.id),
    notifiedAt: timestamp({ withTimezone: true }),
    createdAt: created(),
  },
  (t) => [uniqueIndex().on(t.email, t.skuId), index().on(t.skuId).where(sql`${t.notifiedAt} is null`)],
);

/** Durable jobs (e-mails, stock notices, provider callbacks), written in the same transaction as their cause. */
export const outbox = pgTable(
  "outbox",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    kind: text().notNull(),
    payload: jsonb().notNull(),
    /** "pending", "running", "done", "failed". */
    status: text().notNull().default("pending"),
    attempts: integer().notNull().default(0),
    runAfter: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp({ withTimezone: true }),
    lastError: text(),
    /** De-duplicates a job enqueued twice for the same cause. */
    dedupeKey: text().unique(),
    createdAt: created(),
    doneAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.status, t.runAfter)],
);

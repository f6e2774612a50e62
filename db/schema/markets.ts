import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { Localized } from "./types.ts";

export const languages = pgTable("languages", {
  /** BCP 47 id, e.g. "sv-SE", "nb-NO". */
  id: text().primaryKey(),
  /** Two-letter code, e.g. "sv", "nb". */
  code: text().notNull(),
  name: text().notNull(),
});

export const currencies = pgTable("currencies", {
  code: text().primaryKey(),
  name: text().notNull(),
  symbol: text().notNull(),
  minorUnits: integer().notNull().default(2),
});

export const countries = pgTable("countries", {
  code: text().primaryKey(),
  /** Country name per language id. */
  names: jsonb().$type<Localized>().notNull(),
});

export const channels = pgTable("channels", {
  /** e.g. "1|se", "2|no". */
  id: text().primaryKey(),
  name: text().notNull(),
  defaultMarketAlias: text().notNull(),
  defaultLanguageId: text()
    .notNull()
    .references(() => languages.id),
  /** Theme map applied as CSS custom properties on <html>. */
  theme: jsonb().$type<Record<string, string>>().notNull().default({}),
  url: text(),
  /** Optimistic version of the back office's theme edits (decision 0059). */
  version: integer().notNull().default(1),
});

export const markets = pgTable(
  "markets",
  {
    /** URL alias, e.g. "se", "no", "de". */
    alias: text().primaryKey(),
    countryCode: text().references(() => countries.code),
    currencyCode: text().references(() => currencies.code),
    defaultLanguageId: text()
      .notNull()
      .references(() => languages.id),
    /** A market with no physical country (e.g. a staff or test shop). */
    virtual: boolean().notNull().default(false),
    onlyDisplayInCheckout: boolean().notNull().default(false),
    /** Region panel group: "scandinavia", "europe". */
    groupKey: text().notNull(),
    pricesIncludeVat: boolean().notNull().default(true),
    /** Shipping fee and free-shipping threshold in the market's currency, minor units. */
    shippingFeeMinor: integer().notNull().default(0),
    freeShippingOverMinor: integer(),
    sortOrder: integer().notNull().default(0),
    active: boolean().notNull().default(true),
    /** Optimistic version of the back office's edits of the market and its VAT rates (decision 0059). */
    version: integer().notNull().default(1),
  },
  (t) => [index().on(t.groupKey)],
);

export const channelMarkets = pgTable(
  "channel_markets",
  {
    channelId: text()
      .notNull()
      .references(() => channels.id, { onDelete: "cascade" }),
    marketAlias: text()
      .notNull()
      .references(() => markets.alias, { onDelete: "cascade" }),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.marketAlias] })],
);

export const marketLanguages = pgTable(
  "market_languages",
  {
    marketAlias: text()
      .notNull()
      .references(() => markets.alias, { onDelete: "cascade" }),
    languageId: text()
      .notNull()
      .references(() => languages.id),
    sortOrder: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.marketAlias, t.languageId] })],
);

/** VAT per country and product class, with the dates each rate is in force (rates change). */
export const vatRates = pgTable(
  "vat_rates",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    countryCode: text()
      .notNull()
      .references(() => countries.code),
    /** "standard", "reduced", "low", "food", "books", "zero". */
    productClass: text().notNull(),
    /** Basis points: 2500 = 25 %. */
    rateBp: integer().notNull(),
    validFrom: date().notNull(),
    /** Inclusive last day; null = open-ended. */
    validTo: date(),
  },
  (t) => [
    uniqueIndex().on(t.countryCode, t.productClass, t.validFrom),
    check("vat_rate_range", sql`${t.rateBp} >= 0 and ${t.rateBp} <= 10000`),
  ],
);

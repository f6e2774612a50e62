import { customType } from "drizzle-orm/pg-core";

/** PostgreSQL full-text document (maintained by the catalog service and the seed). */
export const tsvector = customType<{ data: string }>({
  dataType() {
    return "tsvector";
  },
});

/** A text in every storefront language, keyed by language id ("sv-SE", "nb-NO", …). */
export type Localized = Record<string, string>;

/** Languages the storefronts are written in. Other markets' languages exist as data. */
export const STOREFRONT_LANGUAGES = ["sv-SE", "nb-NO"] as const;

import { customType } from "drizzle-orm/pg-core";

/** PostgreSQL full-text document (maintained by the catalog service and the seed). */
export const tsvector = customType<{ data: string }>({
  dataType() {
    return "tsvector";
  },
});

/** Raw bytes (an uploaded product image's original, decision 0057). */
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType() {
    return "bytea";
  },
  fromDriver(value) {
    return Buffer.isBuffer(value) ? value : Buffer.from(value as Uint8Array);
  },
});

/** A text in every storefront language, keyed by language id ("sv-SE", "nb-NO", …). */
export type Localized = Record<string, string>;

/** Languages the storefronts are written in. Other markets' languages exist as data. */
export const STOREFRONT_LANGUAGES = ["sv-SE", "nb-NO"] as const;

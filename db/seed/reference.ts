import { DEFAULT_VAT_RATES } from "#domain/vat.ts";
import type { Tx } from "../client.ts";
import {
  channelMarkets,
  channels,
  countries,
  currencies,
  languages,
  marketLanguages,
  markets,
  parameterGroups,
  vatRates,
} from "../schema/index.ts";

/** Exchange rates used to derive the demo prices of other markets from the Swedish price. */
export const SEK_TO = { SEK: 1, NOK: 1, DKK: 0.66, EUR: 0.088, ISK: 13 } as const;
export type SeedCurrency = keyof typeof SEK_TO;

export interface SeedMarket {
  alias: string;
  country: string | null;
  currency: SeedCurrency;
  defaultLanguageId: "sv-SE" | "nb-NO";
  allowed: ("sv-SE" | "nb-NO")[];
  group: "scandinavia" | "europe";
  virtual?: boolean;
  onlyDisplayInCheckout?: boolean;
  shippingFeeMinor: number;
  freeShippingOverMinor: number;
}

/**
 * Free shipping from 99 kr, per the specification, as money in each market's own currency: set per currency
 * (minor units), 99 kr converted with the rates above and rounded to a price a shop would name. Never the number
 * 99 in another currency (99 € would be about 1 100 kr).
 */
export const FREE_SHIPPING_OVER: Readonly<Record<SeedCurrency, number>> = {
  SEK: 9900, // 99 kr
  NOK: 9900, // 99 kr
  DKK: 6500, // 65 kr (99 × 0.66 = 65.34)
  EUR: 900, // 9 € (99 × 0.088 = 8.71)
  ISK: 1300, // 1 300 kr, no minor unit (99 × 13 = 1 287)
};

export const MARKETS: SeedMarket[] = [
  {
    alias: "se",
    country: "SE",
    currency: "SEK",
    defaultLanguageId: "sv-SE",
    allowed: ["sv-SE"],
    group: "scandinavia",
    shippingFeeMinor: 4900,
    freeShippingOverMinor: FREE_SHIPPING_OVER.SEK,
  },
  {
    alias: "no",
    country: "NO",
    currency: "NOK",
    defaultLanguageId: "nb-NO",
    allowed: ["nb-NO"],
    group: "scandinavia",
    shippingFeeMinor: 4900,
    freeShippingOverMinor: FREE_SHIPPING_OVER.NOK,
  },
  {
    alias: "dk",
    country: "DK",
    currency: "DKK",
    defaultLanguageId: "nb-NO",
    allowed: ["nb-NO", "sv-SE"],
    group: "scandinavia",
    shippingFeeMinor: 3900,
    freeShippingOverMinor: FREE_SHIPPING_OVER.DKK,
  },
  {
    alias: "fi",
    country: "FI",
    currency: "EUR",
    defaultLanguageId: "sv-SE",
    allowed: ["sv-SE", "nb-NO"],
    group: "europe",
    shippingFeeMinor: 590,
    freeShippingOverMinor: FREE_SHIPPING_OVER.EUR,
  },
  {
    alias: "de",
    country: "DE",
    currency: "EUR",
    defaultLanguageId: "sv-SE",
    allowed: ["sv-SE", "nb-NO"],
    group: "europe",
    shippingFeeMinor: 790,
    freeShippingOverMinor: FREE_SHIPPING_OVER.EUR,
  },
  {
    alias: "nl",
    country: "NL",
    currency: "EUR",
    defaultLanguageId: "sv-SE",
    allowed: ["sv-SE", "nb-NO"],
    group: "europe",
    shippingFeeMinor: 790,
    freeShippingOverMinor: FREE_SHIPPING_OVER.EUR,
  },
  {
    alias: "is",
    country: "IS",
    currency: "ISK",
    defaultLanguageId: "nb-NO",
    allowed: ["nb-NO", "sv-SE"],
    group: "europe",
    onlyDisplayInCheckout: true,
    shippingFeeMinor: 1490, // 1 490 kr: ISK has no minor unit
    freeShippingOverMinor: FREE_SHIPPING_OVER.ISK,
  },
  {
    alias: "staff",
    country: null,
    currency: "SEK",
    defaultLanguageId: "sv-SE",
    allowed: ["sv-SE", "nb-NO"],
    group: "scandinavia",
    virtual: true,
    shippingFeeMinor: 0,
    freeShippingOverMinor: 0,
  },
];

/** VAT rows beyond the domain's defaults, for the demo's other European markets. */
const EXTRA_VAT = [
  { market: "nl", productClass: "standard", rateBp: 2100 },
  { market: "nl", productClass: "food", rateBp: 900 },
  { market: "is", productClass: "standard", rateBp: 2400 },
  { market: "is", productClass: "food", rateBp: 1100 },
] as const;

const COUNTRY_NAMES: Record<string, { "sv-SE": string; "nb-NO": string; en: string }> = {
  SE: { "sv-SE": "Sverige", "nb-NO": "Sverige", en: "Sweden" },
  NO: { "sv-SE": "Norge", "nb-NO": "Norge", en: "Norway" },
  DK: { "sv-SE": "Danmark", "nb-NO": "Danmark", en: "Denmark" },
  FI: { "sv-SE": "Finland", "nb-NO": "Finland", en: "Finland" },
  DE: { "sv-SE": "Tyskland", "nb-NO": "Tyskland", en: "Germany" },
  NL: { "sv-SE": "Nederländerna", "nb-NO": "Nederland", en: "Netherlands" },
  IS: { "sv-SE": "Island", "nb-NO": "Island", en: "Iceland" },
};

/** The channels' theme maps, applied as CSS custom properties (--mili-{key}). */
const THEMES = {
  "1|se": { brand: "#e8590c", "brand-ink": "#7a2e05", ink: "#1c1917", paper: "#fffaf5" },
  "2|no": { brand: "#e8590c", "brand-ink": "#7a2e05", ink: "#1c1917", paper: "#fffaf5" },
};

export async function seedReference(tx: Tx) {
  await tx.insert(languages).values([
    { id: "sv-SE", code: "sv", name: "Svenska" },
    { id: "nb-NO", code: "nb", name: "Norsk bokmål" },
  ]);
  await tx.insert(currencies).values([
    { code: "SEK", name: "Svensk krona", symbol: "kr", minorUnits: 2 },
    { code: "NOK", name: "Norsk krone", symbol: "kr", minorUnits: 2 },
    { code: "DKK", name: "Dansk krone", symbol: "kr", minorUnits: 2 },
    { code: "EUR", name: "Euro", symbol: "€", minorUnits: 2 },
    { code: "ISK", name: "Íslensk króna", symbol: "kr", minorUnits: 0 },
  ]);
  await tx.insert(countries).values(Object.entries(COUNTRY_NAMES).map(([code, names]) => ({ code, names })));
  await tx.insert(markets).values(
    MARKETS.map((m, i) => ({
      alias: m.alias,
      countryCode: m.country,
      currencyCode: m.currency,
      defaultLanguageId: m.defaultLanguageId,
      virtual: m.virtual ?? false,
      onlyDisplayInCheckout: m.onlyDisplayInCheckout ?? false,
      groupKey: m.group,
      shippingFeeMinor: m.shippingFeeMinor,
      freeShippingOverMinor: m.freeShippingOverMinor,
      sortOrder: i,
    })),
  );
  await tx
    .insert(marketLanguages)
    .values(
      MARKETS.flatMap((m) =>
        m.allowed.map((languageId, i) => ({ marketAlias: m.alias, languageId, sortOrder: i })),
      ),
    );
  await tx.insert(channels).values([
    {
      id: "1|se",
      name: "Mili Sverige",
      defaultMarketAlias: "se",
      defaultLanguageId: "sv-SE",
      theme: THEMES["1|se"],
      url: "https://mili.se",
    },
    {
      id: "2|no",
      name: "Mili Norge",
      defaultMarketAlias: "no",
      defaultLanguageId: "nb-NO",
      theme: THEMES["2|no"],
      url: "https://mili.no",
    },
  ]);
  await tx
    .insert(channelMarkets)
    .values(
      ["1|se", "2|no"].flatMap((channelId) =>
        MARKETS.map((m, i) => ({ channelId, marketAlias: m.alias, sortOrder: i })),
      ),
    );
  await tx.insert(vatRates).values(
    [...DEFAULT_VAT_RATES, ...EXTRA_VAT.map((r) => ({ ...r, validFrom: "2023-01-01", validTo: null }))].map(
      (r) => ({
        countryCode: r.market.toUpperCase(),
        productClass: r.productClass,
        rateBp: r.rateBp,
        validFrom: r.validFrom,
        validTo: r.validTo,
      }),
    ),
  );
  await tx.insert(parameterGroups).values([
    { id: 1, names: { "sv-SE": "Färg", "nb-NO": "Farge" }, sortOrder: 0 },
    { id: 2, names: { "sv-SE": "Egenskaper", "nb-NO": "Egenskaper" }, sortOrder: 1 },
    { id: 3, names: { "sv-SE": "Material", "nb-NO": "Materiale" }, sortOrder: 2 },
    { id: 4, names: { "sv-SE": "Näringsinnehåll", "nb-NO": "Næringsinnhold" }, sortOrder: 3 },
    { id: 5, names: { "sv-SE": "Storlek och passform", "nb-NO": "Størrelse og passform" }, sortOrder: 4 },
  ]);
}

/**
 * VAT. Rates are integer basis points (2500 = 25 %). Prices are entered including VAT; the VAT and
 * the net amount are derived from the gross amount with the shop's one rounding function, so
 * net + vat === gross holds for every amount and rate (docs/decisions/0002-money-and-rounding.md).
 */
import { isIsoDate, isoDate } from "./format.ts";
import { mulDivRound } from "./money.ts";

const BP = 10_000;

export const PRODUCT_CLASSES = ["standard", "reduced", "low", "food", "books", "zero"] as const;
export type ProductClass = (typeof PRODUCT_CLASSES)[number];

export type VatRate = {
  /** Market alias or country code, compared case-insensitively: "se" matches "SE". */
  market: string;
  productClass: ProductClass;
  /** Basis points: 2500 = 25 %, 2550 = 25.5 %. */
  rateBp: number;
  /** First day the rate applies, "YYYY-MM-DD". */
  validFrom: string;
  /** Last day the rate applies (inclusive), "YYYY-MM-DD"; null = until further notice. */
  validTo: string | null;
};

function assertRate(rateBp: number): void {
  if (!Number.isSafeInteger(rateBp) || rateBp < 0 || rateBp > BP) {
    throw new RangeError(`A VAT rate must be an integer number of basis points in 0..10000, got ${rateBp}`);
  }
}

/** The VAT contained in a gross (VAT-inclusive) amount: round(gross × rate / (10000 + rate)). */
export function vatOfGross(grossMinor: number, rateBp: number): number {
  assertRate(rateBp);
  return mulDivRound(grossMinor, rateBp, BP + rateBp);
}

/** The net (VAT-exclusive) part of a gross amount: gross − vatOfGross(gross), so net + vat = gross. */
export function netOfGross(grossMinor: number, rateBp: number): number {
  return grossMinor - vatOfGross(grossMinor, rateBp);
}

/** The VAT to add on a net amount: round(net × rate / 10000). */
export function vatOfNet(netMinor: number, rateBp: number): number {
  assertRate(rateBp);
  return mulDivRound(netMinor, rateBp, BP);
}

/**
 * The gross amount for a net amount: net + vatOfNet(net). Round-trips: netOfGross(grossOfNet(n)) === n
 * for every n (the converse does not hold: two gross prices can share a net price).
 */
export function grossOfNet(netMinor: number, rateBp: number): number {
  return netMinor + vatOfNet(netMinor, rateBp);
}

export class VatRateNotFoundError extends Error {
  readonly market: string;
  readonly productClass: string;
  readonly date: string;

  constructor(market: string, productClass: string, date: string, detail = "no rate is in effect") {
    super(`No VAT rate for market "${market}", product class "${productClass}" on ${date}: ${detail}`);
    this.name = "VatRateNotFoundError";
    this.market = market;
    this.productClass = productClass;
    this.date = date;
  }
}

/** Time zones for turning an instant into the market's calendar date. */
const MARKET_TIME_ZONES: Readonly<Record<string, string>> = {
  se: "Europe/Stockholm",
  no: "Europe/Oslo",
  dk: "Europe/Copenhagen",
  fi: "Europe/Helsinki",
  de: "Europe/Berlin",
};

/** The market's time zone: its calendar day is the one its VAT follows (Stockholm for unknown markets). */
export function marketTimeZone(market: string): string {
  return MARKET_TIME_ZONES[market.toLowerCase()] ?? "Europe/Stockholm";
}

/**
 * The rate in effect for a market and product class on a date. `date` is a calendar date
 * "YYYY-MM-DD", or an instant, taken as the calendar date in the market's time zone (Stockholm for
 * unknown markets). Throws VatRateNotFoundError when no row covers the date, or when several do
 * (overlapping data is a data error, never guessed around).
 */
export function vatRateFor(
  rates: readonly VatRate[],
  market: string,
  productClass: ProductClass,
  date: string | Date,
): VatRate {
  const key = market.toLowerCase();
  let day: string;
  if (typeof date === "string") {
    if (!isIsoDate(date))
      throw new RangeError(`VAT date must be a calendar date "YYYY-MM-DD", got "${date}"`);
    day = date;
  } else {
    day = isoDate(date, marketTimeZone(key));
  }
  const matches = rates.filter(
    (r) =>
      r.market.toLowerCase() === key &&
      r.productClass === productClass &&
      r.validFrom <= day &&
      (r.validTo === null || day <= r.validTo),
  );
  const [only, ...more] = matches;
  if (!only) throw new VatRateNotFoundError(market, productClass, day);
  if (more.length > 0) {
    throw new VatRateNotFoundError(market, productClass, day, `${matches.length} rows overlap`);
  }
  return only;
}

/** The first day the default table covers; earlier history is not modelled. */
export const VAT_DATA_FROM = "2023-01-01";

const row = (
  market: string,
  productClass: ProductClass,
  rateBp: number,
  validFrom = VAT_DATA_FROM,
  validTo: string | null = null,
): VatRate => Object.freeze({ market, productClass, rateBp, validFrom, validTo });

/**
 * The VAT rates the shop starts with (seed data; the database table vat_rates is the source at run
 * time). Markets are aliases ("se", "no", …); rows of one market and class never overlap.
 */
export const DEFAULT_VAT_RATES: readonly VatRate[] = Object.freeze([
  // Sweden: 25 % standard; 12 % reduced (restaurants, hotels…); 6 % low (books, passenger transport,
  // culture). Food is 12 %, temporarily 6 % from 2026-04-01 to 2027-12-31, then 12 % again.
  row("se", "standard", 2500),
  row("se", "reduced", 1200),
  row("se", "low", 600),
  row("se", "books", 600),
  row("se", "food", 1200, VAT_DATA_FROM, "2026-03-31"),
  row("se", "food", 600, "2026-04-01", "2027-12-31"),
  row("se", "food", 1200, "2028-01-01"),
  row("se", "zero", 0),
  // Norway: 25 % standard; 15 % food; 12 % low (passenger transport, hotels, cinema…);
  // printed books are zero-rated (merverdiavgiftsloven § 6-4).
  row("no", "standard", 2500),
  row("no", "food", 1500),
  row("no", "low", 1200),
  row("no", "books", 0),
  row("no", "zero", 0),
  // Denmark: 25 % on everything, food included.
  row("dk", "standard", 2500),
  row("dk", "food", 2500),
  row("dk", "zero", 0),
  // Finland: standard 24 %, 25.5 % since 2024-09-01; food 14 %, 13.5 % from 2026-01-01; low 10 %.
  row("fi", "standard", 2400, VAT_DATA_FROM, "2024-08-31"),
  row("fi", "standard", 2550, "2024-09-01"),
  row("fi", "food", 1400, VAT_DATA_FROM, "2025-12-31"),
  row("fi", "food", 1350, "2026-01-01"),
  row("fi", "low", 1000),
  row("fi", "zero", 0),
  // Germany: 19 % standard, 7 % reduced (food and books among them).
  row("de", "standard", 1900),
  row("de", "reduced", 700),
  row("de", "food", 700),
  row("de", "books", 700),
  row("de", "zero", 0),
]);

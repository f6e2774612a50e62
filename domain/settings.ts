/**
 * The shop's settings as the back office changes them (issue 15, decision 0059): markets (currency, languages,
 * active), VAT rates with the day each applies from, the markets' own shipping options, and the channels' theme
 * colours. Pure checks that answer every problem by field with a stable code (texts in en/sv/nb below); the rate
 * for a day stays vat.ts's `vatRateFor`, which a scheduled change is planned against (`planVatChange`).
 */
import { isIsoDate } from "./calendar.ts";
import { slugify } from "./ids.ts";
import { fromDecimal, minorUnits } from "./money.ts";
import { hasControlCharacter } from "./text.ts";
import { PRODUCT_CLASSES, type ProductClass, type VatRate } from "./vat.ts";

export type SettingsProblemCode =
  | "required"
  | "tooLong"
  | "invalidCharacters"
  | "unknownLanguage"
  | "unknownCurrency"
  | "notACurrencyCode"
  | "currencyExists"
  | "minorUnitsMismatch"
  | "currencyLocked"
  | "defaultNotAllowed"
  | "lastActiveMarket"
  | "invalidAmount"
  | "notWholeNumber"
  | "outOfRange"
  | "estimateOrder"
  | "lastActiveOption"
  | "invalidRate"
  | "unknownProductClass"
  | "invalidDate"
  | "notInTheFuture"
  | "alreadyInEffect"
  | "lastPaymentMethod"
  | "onlyMarketOfMethod"
  | "noCurrency"
  | "notAColour"
  | "lowContrast"
  | "unknownVariable";

export interface SettingsProblem {
  field: string;
  code: SettingsProblemCode;
  /** For outOfRange and tooLong: the limit. */
  max?: number;
  /** For lowContrast: the contrast ratio found (two decimals). */
  ratio?: number;
  /** For minorUnitsMismatch: the decimals the currency has. */
  expected?: number;
}

export type SettingsChecked<T> = { ok: true; value: T } | { ok: false; problems: SettingsProblem[] };

const done = <T>(value: T, problems: SettingsProblem[]): SettingsChecked<T> =>
  problems.length ? { ok: false, problems } : { ok: true, value };

// ---------------------------------------------------------------------------------------------------------------
// Markets.

export interface MarketInput {
  currencyCode: string;
  languageIds: readonly string[];
  defaultLanguageId: string;
  active: boolean;
}

/**
 * The languages the storefront can render: its text catalogs (app/i18n: Swedish and Norwegian) and the routes built
 * for them. A market offers only these, whatever else the languages table holds.
 */
export const STOREFRONT_LANGUAGES = ["nb-NO", "sv-SE"] as const;

export interface MarketServes {
  /** Currencies the shop has (the currencies table). */
  currencies: readonly string[];
  /**
   * The market's currency now. It cannot change: the market's prices, shipping fees and free-shipping limits are
   * amounts in it, and nothing converts them (every SKU would stop being buyable, a fee of 4900 øre would be read
   * as EUR 49.00). A market without one yet may be given one.
   */
  currentCurrency: string | null;
  /** Languages the shop has (the languages table); only those the storefront renders are served. */
  languages: readonly string[];
  /** How many other markets are active. */
  otherActiveMarkets: number;
}

/**
 * A market's currency, allowed languages (in order, without repeats), default language (one of them) and whether
 * it is active: a currency or language the shop cannot serve is refused, and so is deactivating the last active
 * market (the storefront needs one). The currency is the market's own and stays (`currencyLocked` otherwise).
 */
export function checkMarket(input: MarketInput, given: MarketServes): SettingsChecked<MarketInput> {
  const problems: SettingsProblem[] = [];
  const rendered: readonly string[] = STOREFRONT_LANGUAGES;
  const serves = { ...given, languages: given.languages.filter((l) => rendered.includes(l)) };
  const currencyCode = input.currencyCode.trim().toUpperCase();
  if (!currencyCode) problems.push({ field: "currencyCode", code: "required" });
  else if (!serves.currencies.includes(currencyCode))
    problems.push({ field: "currencyCode", code: "unknownCurrency" });
  else if (serves.currentCurrency !== null && currencyCode !== serves.currentCurrency)
    problems.push({ field: "currencyCode", code: "currencyLocked" });
  const languageIds = [...new Set(input.languageIds.map((l) => l.trim()).filter(Boolean))];
  if (languageIds.length === 0) problems.push({ field: "languageIds", code: "required" });
  else if (languageIds.some((l) => !serves.languages.includes(l)))
    problems.push({ field: "languageIds", code: "unknownLanguage" });
  const defaultLanguageId = input.defaultLanguageId.trim();
  if (!defaultLanguageId) problems.push({ field: "defaultLanguageId", code: "required" });
  else if (!serves.languages.includes(defaultLanguageId))
    problems.push({ field: "defaultLanguageId", code: "unknownLanguage" });
  else if (languageIds.length > 0 && !languageIds.includes(defaultLanguageId))
    problems.push({ field: "defaultLanguageId", code: "defaultNotAllowed" });
  if (!input.active && serves.otherActiveMarkets < 1)
    problems.push({ field: "active", code: "lastActiveMarket" });
  return done({ currencyCode, languageIds, defaultLanguageId, active: input.active }, problems);
}

// ---------------------------------------------------------------------------------------------------------------
// Currencies.

export interface CurrencyInput {
  code: string;
  name: string;
  symbol: string;
  /** Decimals of the minor unit, "2" (öre, øre, cent) or "0" (ISK). */
  minorUnits: string;
}

export interface CurrencyFields {
  code: string;
  name: string;
  symbol: string;
  minorUnits: number;
}

/**
 * A currency the shop can take payment in: an ISO 4217 code (three letters, one of `known`: the runtime's list of
 * ISO 4217 codes, `Intl.supportedValuesOf("currency")` on the server) not in `existing`, a name and a symbol, and
 * its minor unit's decimals, which must be the ones money.ts rounds and formats it with (`minorUnits`): a currency
 * stored with other decimals would read every amount in it ten or a hundred times wrong.
 */
export function checkCurrency(
  input: CurrencyInput,
  serves: { known: readonly string[]; existing: readonly string[] },
): SettingsChecked<CurrencyFields> {
  const problems: SettingsProblem[] = [];
  const code = input.code.trim().toUpperCase();
  const valid = /^[A-Z]{3}$/.test(code) && serves.known.includes(code);
  if (!code) problems.push({ field: "code", code: "required" });
  else if (!valid) problems.push({ field: "code", code: "notACurrencyCode" });
  else if (serves.existing.includes(code)) problems.push({ field: "code", code: "currencyExists" });
  const currencyName = name(problems, "name", input.name);
  const symbol = input.symbol.trim();
  if (!symbol) problems.push({ field: "symbol", code: "required" });
  else if (hasControlCharacter(symbol) || /\s/.test(symbol))
    problems.push({ field: "symbol", code: "invalidCharacters" });
  else if ([...symbol].length > MAX_SYMBOL)
    problems.push({ field: "symbol", code: "tooLong", max: MAX_SYMBOL });
  const digits = wholeIn(problems, "minorUnits", input.minorUnits, 3, false);
  if (digits !== null && valid && digits !== minorUnits(code))
    problems.push({ field: "minorUnits", code: "minorUnitsMismatch", expected: minorUnits(code) });
  return done({ code, name: currencyName, symbol, minorUnits: digits ?? 0 }, problems);
}

const MAX_SYMBOL = 8;

// ---------------------------------------------------------------------------------------------------------------
// Shipping options.

export interface ShippingOptionInput {
  nbName: string;
  svName: string;
  /** Decimal in the market's currency, "49" or "49,00". */
  fee: string;
  /** Empty: never free. */
  freeOver: string;
  /** Working days; both empty: no estimate. */
  daysMin: string;
  daysMax: string;
  sortOrder: string;
  active: boolean;
}

export interface ShippingOptionFields {
  names: { "nb-NO": string; "sv-SE": string };
  feeMinor: number;
  freeOverMinor: number | null;
  deliveryDaysMin: number | null;
  deliveryDaysMax: number | null;
  sortOrder: number;
  active: boolean;
}

/** The largest fee or threshold: 1 000 000 in the currency's major unit. */
export const MAX_SHIPPING_MAJOR = 1_000_000;
const MAX_DAYS = 90;
const MAX_NAME = 100;

/** A decimal amount in a currency ("49", "49,5", "49.50") to minor units, or null when it is not one. */
export function amountMinor(text: string, currency: string): number | null {
  const t = text.trim().replace(/\s/g, "").replace(",", ".");
  if (!/^\d+(\.\d+)?$/.test(t)) return null;
  const [, fraction = ""] = t.split(".");
  if (fraction.length > minorUnits(currency)) return null;
  return fromDecimal(t, currency);
}

function wholeIn(
  problems: SettingsProblem[],
  field: string,
  text: string,
  max: number,
  optional: boolean,
): number | null {
  const t = text.trim();
  if (!t) {
    if (!optional) problems.push({ field, code: "required" });
    return null;
  }
  if (!/^\d+$/.test(t)) {
    problems.push({ field, code: "notWholeNumber" });
    return null;
  }
  const n = Number(t);
  if (n > max) {
    problems.push({ field, code: "outOfRange", max });
    return null;
  }
  return n;
}

function money(
  problems: SettingsProblem[],
  field: string,
  text: string,
  currency: string,
  optional: boolean,
): number | null {
  if (!text.trim()) {
    if (!optional) problems.push({ field, code: "required" });
    return null;
  }
  const minor = amountMinor(text, currency);
  if (minor === null) {
    problems.push({ field, code: "invalidAmount" });
    return null;
  }
  if (minor > MAX_SHIPPING_MAJOR * 10 ** minorUnits(currency)) {
    problems.push({ field, code: "outOfRange", max: MAX_SHIPPING_MAJOR });
    return null;
  }
  return minor;
}

function name(problems: SettingsProblem[], field: string, text: string): string {
  const t = text.trim();
  if (!t) problems.push({ field, code: "required" });
  else if (hasControlCharacter(t) || /[\n\t]/.test(t)) problems.push({ field, code: "invalidCharacters" });
  else if (t.length > MAX_NAME) problems.push({ field, code: "tooLong", max: MAX_NAME });
  return t;
}

/** What else the market offers, for the rule that a market keeps one active shipping option. */
export interface ShippingOptionSiblings {
  /** Whether the option is offered now (false for one being created). */
  wasActive: boolean;
  /** How many of the market's other options are offered. */
  otherActive: number;
}

/**
 * A shipping option's names, fee and free-from threshold (in the market's currency), estimate, order, active. With
 * `siblings`, retiring (unticking "offered") the market's last offered option is refused (`lastActiveOption`): the
 * checkout would have nothing to ship with. An option is retired, never deleted: orders name it by its key.
 */
export function checkShippingOption(
  input: ShippingOptionInput,
  currency: string | null,
  siblings?: ShippingOptionSiblings,
): SettingsChecked<ShippingOptionFields> {
  const problems: SettingsProblem[] = [];
  const nb = name(problems, "nbName", input.nbName);
  const sv = name(problems, "svName", input.svName);
  // A market without a currency has no minor unit to count a fee in (given one later, an amount read as another
  // currency's would be ten or a hundred times wrong).
  if (currency === null) problems.push({ field: "fee", code: "noCurrency" });
  const feeMinor = currency === null ? null : money(problems, "fee", input.fee, currency, false);
  const freeOverMinor =
    currency === null ? null : money(problems, "freeOver", input.freeOver, currency, true);
  const min = wholeIn(problems, "daysMin", input.daysMin, MAX_DAYS, true);
  const max = wholeIn(problems, "daysMax", input.daysMax, MAX_DAYS, true);
  if ((min === null) !== (max === null) && !problems.some((p) => p.field.startsWith("days")))
    problems.push({ field: min === null ? "daysMin" : "daysMax", code: "required" });
  else if (min !== null && max !== null && min > max)
    problems.push({ field: "daysMax", code: "estimateOrder" });
  const sortOrder = wholeIn(problems, "sortOrder", input.sortOrder || "0", 1000, false) ?? 0;
  if (siblings && !input.active && siblings.wasActive && siblings.otherActive < 1)
    problems.push({ field: "active", code: "lastActiveOption" });
  return done(
    {
      names: { "nb-NO": nb, "sv-SE": sv },
      feeMinor: feeMinor ?? 0,
      freeOverMinor,
      deliveryDaysMin: min,
      deliveryDaysMax: max,
      sortOrder,
      active: input.active,
    },
    problems,
  );
}

const MAX_KEY = 60;

/**
 * The key of a new shipping option in its market (what the checkout sends, `own:{key}`, and what orders keep): its
 * Norwegian name as a slug ("Ekspress i morgen" → "ekspress-i-morgen"), else its Swedish one, else "option"; with
 * "-2", "-3" … when the market has that key already (retired options keep theirs). Never one of `taken`.
 */
export function shippingOptionKey(names: { nb: string; sv: string }, taken: readonly string[]): string {
  const base = (slugify(names.nb) || slugify(names.sv) || "option").slice(0, MAX_KEY).replace(/-+$/, "");
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) {
    const key = `${base.slice(0, MAX_KEY - String(n).length - 1).replace(/-+$/, "")}-${n}`;
    if (!used.has(key)) return key;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// VAT rates with dates.

/** "25", "25,5", "13.5" percent to basis points (2500, 2550, 1350), or null: 0..100 with at most two decimals. */
export function percentToBp(text: string): number | null {
  const t = text.trim().replace(",", ".").replace(/\s*%$/, "");
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(t)) return null;
  const [whole = "0", fraction = ""] = t.split(".");
  const bp = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return bp <= 10_000 ? bp : null;
}

/** The calendar day before a "YYYY-MM-DD" day. */
export function dayBefore(day: string): string {
  const [y = 0, m = 1, d = 1] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
}

export interface VatChangeInput {
  productClass: string;
  /** Percent, "25" or "25,5". */
  rate: string;
  /** First day the rate applies, "YYYY-MM-DD". */
  validFrom: string;
}

/** What a scheduled change does to one market's and class's rows (`validFrom` names a row: it is unique). */
export interface VatPlan {
  /** The row in effect the day before the change, ended that day (its validTo set), or null. */
  end: { validFrom: string; validTo: string } | null;
  /** The new row: inserted, or replacing the future row that starts the same day. */
  put: VatRate;
}

/**
 * Schedules a VAT rate for a market and product class from a day after `today` (the market's calendar day): the
 * rate in effect before ends the day before, and the new one runs until the next scheduled row starts (or open-ended).
 * A day up to and including today is never rewritten: a change from today or earlier is refused. A future row
 * that starts the same day is replaced (a scheduled change corrected). The rate on any day is then
 * vat.ts's `vatRateFor` on the rows with the plan applied (`applyVatPlan`).
 */
export function planVatChange(
  rates: readonly VatRate[],
  market: string,
  input: VatChangeInput,
  today: string,
): SettingsChecked<VatPlan> {
  const problems: SettingsProblem[] = [];
  const productClass = input.productClass.trim();
  if (!(PRODUCT_CLASSES as readonly string[]).includes(productClass))
    problems.push({ field: "productClass", code: "unknownProductClass" });
  const rateBp = percentToBp(input.rate);
  if (!input.rate.trim()) problems.push({ field: "rate", code: "required" });
  else if (rateBp === null) problems.push({ field: "rate", code: "invalidRate" });
  const validFrom = input.validFrom.trim();
  if (!validFrom) problems.push({ field: "validFrom", code: "required" });
  else if (!isIsoDate(validFrom)) problems.push({ field: "validFrom", code: "invalidDate" });
  else if (validFrom <= today) problems.push({ field: "validFrom", code: "notInTheFuture" });
  if (problems.length || rateBp === null) return { ok: false, problems };
  const key = market.toLowerCase();
  const mine = rates
    .filter((r) => r.market.toLowerCase() === key && r.productClass === productClass)
    .sort((a, b) => (a.validFrom < b.validFrom ? -1 : 1));
  const before = mine.filter((r) => r.validFrom < validFrom).at(-1);
  const next = mine.find((r) => r.validFrom > validFrom);
  const end =
    before && (before.validTo === null || before.validTo >= validFrom)
      ? { validFrom: before.validFrom, validTo: dayBefore(validFrom) }
      : null;
  const put: VatRate = {
    market,
    productClass: productClass as ProductClass,
    rateBp,
    validFrom,
    validTo: next ? dayBefore(next.validFrom) : null,
  };
  return { ok: true, value: { end, put } };
}

/** The rows with a plan applied (what the database holds after the change). */
export function applyVatPlan(rates: readonly VatRate[], plan: VatPlan): VatRate[] {
  const same = (r: VatRate, validFrom: string) =>
    r.market.toLowerCase() === plan.put.market.toLowerCase() &&
    r.productClass === plan.put.productClass &&
    r.validFrom === validFrom;
  const out = rates
    .filter((r) => !same(r, plan.put.validFrom))
    .map((r) => (plan.end && same(r, plan.end.validFrom) ? { ...r, validTo: plan.end.validTo } : r));
  return [...out, plan.put];
}

/** What deleting a scheduled VAT row does to its market's and class's rows. */
export interface VatDeletion {
  /** The row deleted (its first day names it). */
  remove: { productClass: ProductClass; validFrom: string };
  /** The row before it, adjacent to it, now running to where the deleted one ended; null when there is none. */
  extend: { validFrom: string; validTo: string | null } | null;
}

/**
 * Deletes a scheduled VAT change: the row of a market and product class that starts on `validFrom`, a day after
 * `today` (the market's calendar day). The row before it, when it ended the day before the deleted one began, runs
 * again to where the deleted one ended (open-ended when that was): the days the deleted row covered get the rate they
 * had before it was scheduled, and every other day keeps its rate (`vatRateFor`). A row already in effect (starting
 * today or earlier) is refused (`alreadyInEffect`): a rate that has applied is never rewritten. Null when there is
 * no such row.
 */
export function planVatDeletion(
  rates: readonly VatRate[],
  market: string,
  productClass: string,
  validFrom: string,
  today: string,
): SettingsChecked<VatDeletion> | null {
  const key = market.toLowerCase();
  const mine = rates
    .filter((r) => r.market.toLowerCase() === key && r.productClass === productClass)
    .sort((a, b) => (a.validFrom < b.validFrom ? -1 : 1));
  const row = mine.find((r) => r.validFrom === validFrom);
  if (!row) return null;
  if (row.validFrom <= today)
    return { ok: false, problems: [{ field: "validFrom", code: "alreadyInEffect" }] };
  const before = mine.filter((r) => r.validFrom < validFrom).at(-1);
  const extend =
    before && before.validTo === dayBefore(validFrom)
      ? { validFrom: before.validFrom, validTo: row.validTo }
      : null;
  return { ok: true, value: { remove: { productClass: row.productClass, validFrom }, extend } };
}

/** The rows with a deletion applied (what the database holds after it). */
export function applyVatDeletion(rates: readonly VatRate[], market: string, plan: VatDeletion): VatRate[] {
  const same = (r: VatRate, validFrom: string) =>
    r.market.toLowerCase() === market.toLowerCase() &&
    r.productClass === plan.remove.productClass &&
    r.validFrom === validFrom;
  return rates
    .filter((r) => !same(r, plan.remove.validFrom))
    .map((r) => (plan.extend && same(r, plan.extend.validFrom) ? { ...r, validTo: plan.extend.validTo } : r));
}

// ---------------------------------------------------------------------------------------------------------------
// Payment methods per market.

/** A payment method as the per-market rule sees it. */
export interface PaymentMethodOffer {
  key: string;
  active: boolean;
  /** The markets that offer it; empty: every market (how the checkout reads the column). */
  marketAliases: readonly string[];
  customerTypes: readonly string[];
}

const offers = (m: PaymentMethodOffer, market: string) =>
  m.active && (m.marketAliases.length === 0 || m.marketAliases.includes(market));

/**
 * Turns a payment method on or off in one market (the checkout offers a method in a market when it is active and
 * its markets include the market; no markets is every market). Answers the method's new markets, always written
 * out (turning one market off from "every market" lists the others; the list keeps `markets`' order). Turning off
 * the method a kind of shopper (private, business) would last have been able to pay with in the market is refused
 * (`lastPaymentMethod`): that checkout could not be completed. Taking out the method's only market is refused too
 * (`onlyMarketOfMethod`): the column's empty list would offer it in every market.
 */
export function planPaymentMethodMarket(
  methods: readonly PaymentMethodOffer[],
  markets: readonly string[],
  key: string,
  market: string,
  offered: boolean,
): SettingsChecked<string[]> | null {
  const method = methods.find((m) => m.key === key);
  if (!method || !markets.includes(market)) return null;
  // Offered in every market already (the column's empty list): turning one on changes nothing, and writing today's
  // markets out would leave out the markets added later.
  if (offered && method.marketAliases.length === 0) return { ok: true, value: [] };
  const now = method.marketAliases.length === 0 ? markets : method.marketAliases;
  const next = markets.filter((m) => (m === market ? offered : now.includes(m)));
  if (!offered && offers(method, market)) {
    const stranded = method.customerTypes.some(
      (type) => !methods.some((o) => o.key !== key && offers(o, market) && o.customerTypes.includes(type)),
    );
    if (stranded) return { ok: false, problems: [{ field: "offered", code: "lastPaymentMethod" }] };
  }
  // The column's empty list is every market: taking out the method's only market would offer it everywhere.
  if (next.length === 0) return { ok: false, problems: [{ field: "offered", code: "onlyMarketOfMethod" }] };
  return { ok: true, value: next };
}

// ---------------------------------------------------------------------------------------------------------------
// Theme colours.

/** The theme variables the storefront reads (app/app.css: --mili-{key}); each a colour. */
export const THEME_VARIABLES = ["brand", "brand-ink", "ink", "paper"] as const;
export type ThemeVariable = (typeof THEME_VARIABLES)[number];

/** WCAG 2.x AA for normal text. */
export const AA_TEXT_CONTRAST = 4.5;

/** "#abc" or "#aabbcc" (any case) to "#aabbcc", or null when it is not a colour. */
export function normalizeColour(text: string): string | null {
  const t = text.trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(t)) return t;
  if (/^#[0-9a-f]{3}$/.test(t)) return `#${[...t.slice(1)].map((c) => c + c).join("")}`;
  return null;
}

/** WCAG 2.x relative luminance of a "#rrggbb" colour. */
export function relativeLuminance(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/** WCAG 2.x contrast ratio of two "#rrggbb" colours: 1 (same) to 21 (black on white); symmetric. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Whether text in one colour on another meets WCAG AA for normal text (4.5:1). */
export function meetsAaText(text: string, background: string): boolean {
  return contrastRatio(text, background) >= AA_TEXT_CONTRAST;
}

/**
 * The text-on-background pairs the storefront draws with the theme (app/app.css and its components): body text
 * on the paper and on white (the header, footer, product cards and dialogs are `bg-white text-ink`), brand-ink
 * links and headings on the paper, white text on brand-ink buttons and banners. Each must meet AA; the problem is
 * told on the theme variable of the pair (the first one it fails).
 */
const TEXT_PAIRS: readonly [ThemeVariable | "#ffffff", ThemeVariable | "#ffffff"][] = [
  ["ink", "paper"],
  ["ink", "#ffffff"],
  ["brand-ink", "paper"],
  ["brand-ink", "#ffffff"],
];

/** A channel's theme colours: each a colour, the text pairs at AA contrast. Unknown variables are refused. */
export function checkTheme(
  input: Readonly<Record<string, string>>,
): SettingsChecked<Record<ThemeVariable, string>> {
  const problems: SettingsProblem[] = [];
  const out = {} as Record<ThemeVariable, string>;
  for (const key of Object.keys(input))
    if (!(THEME_VARIABLES as readonly string[]).includes(key))
      problems.push({ field: key, code: "unknownVariable" });
  for (const key of THEME_VARIABLES) {
    const text = input[key] ?? "";
    if (!text.trim()) {
      problems.push({ field: key, code: "required" });
      continue;
    }
    const colour = normalizeColour(text);
    if (colour === null) problems.push({ field: key, code: "notAColour" });
    else out[key] = colour;
  }
  for (const [fg, bg] of TEXT_PAIRS) {
    const a = fg.startsWith("#") ? fg : out[fg as ThemeVariable];
    const b = bg.startsWith("#") ? bg : out[bg as ThemeVariable];
    if (!a || !b) continue;
    const ratio = contrastRatio(a, b);
    const field = fg.startsWith("#") ? bg : fg;
    if (ratio < AA_TEXT_CONTRAST && !problems.some((p) => p.field === field))
      problems.push({ field, code: "lowContrast", ratio: Math.floor(ratio * 100) / 100 });
  }
  return done(out, problems);
}

// ---------------------------------------------------------------------------------------------------------------
// Texts.

export type SettingsLanguage = "en" | "sv" | "nb";

export const SETTINGS_PROBLEM_TEXTS: Record<SettingsProblemCode, Record<SettingsLanguage, string>> = {
  required: { en: "Fill this in.", sv: "Fyll i fältet.", nb: "Fyll ut feltet." },
  tooLong: { en: "At most {max} characters.", sv: "Högst {max} tecken.", nb: "Høyst {max} tegn." },
  unknownLanguage: {
    en: "The shop has no texts in that language.",
    sv: "Butiken har inga texter på det språket.",
    nb: "Butikken har ingen tekster på det språket.",
  },
  unknownCurrency: {
    en: "The shop cannot take payment in that currency.",
    sv: "Butiken kan inte ta betalt i den valutan.",
    nb: "Butikken kan ikke ta betalt i den valutaen.",
  },
  currencyLocked: {
    en: "A market's currency cannot change: its prices and shipping fees are amounts in it.",
    sv: "En marknads valuta kan inte ändras: dess priser och fraktavgifter är belopp i den.",
    nb: "Et markeds valuta kan ikke endres: prisene og fraktgebyrene er beløp i den.",
  },
  defaultNotAllowed: {
    en: "The default language must be one of the market's languages.",
    sv: "Standardspråket måste vara ett av marknadens språk.",
    nb: "Standardspråket må være ett av markedets språk.",
  },
  lastActiveMarket: {
    en: "This is the last active market: the shop needs one. Activate another first.",
    sv: "Det här är den sista aktiva marknaden: butiken behöver en. Aktivera en annan först.",
    nb: "Dette er det siste aktive markedet: butikken trenger ett. Aktiver et annet først.",
  },
  invalidAmount: {
    en: "Write an amount, for example 49 or 49.50.",
    sv: "Skriv ett belopp, till exempel 49 eller 49,50.",
    nb: "Skriv et beløp, for eksempel 49 eller 49,50.",
  },
  notWholeNumber: { en: "Write a whole number.", sv: "Skriv ett heltal.", nb: "Skriv et heltall." },
  outOfRange: { en: "At most {max}.", sv: "Högst {max}.", nb: "Høyst {max}." },
  notACurrencyCode: {
    en: "Write the currency's ISO 4217 code, three letters, for example EUR.",
    sv: "Skriv valutans ISO 4217-kod, tre bokstäver, till exempel EUR.",
    nb: "Skriv valutaens ISO 4217-kode, tre bokstaver, for eksempel EUR.",
  },
  currencyExists: {
    en: "The shop has this currency already.",
    sv: "Butiken har redan den här valutan.",
    nb: "Butikken har allerede denne valutaen.",
  },
  minorUnitsMismatch: {
    en: "The shop counts this currency with {expected} decimals (its minor unit); write {expected}.",
    sv: "Butiken räknar den här valutan med {expected} decimaler (dess minsta enhet); skriv {expected}.",
    nb: "Butikken regner denne valutaen med {expected} desimaler (dens minste enhet); skriv {expected}.",
  },
  invalidCharacters: {
    en: "Remove the line breaks and control characters.",
    sv: "Ta bort radbrytningar och kontrolltecken.",
    nb: "Fjern linjeskift og kontrolltegn.",
  },
  lastActiveOption: {
    en: "This is the market's last option offered in the checkout: offer another first.",
    sv: "Det här är marknadens sista fraktsätt i kassan: erbjud ett annat först.",
    nb: "Dette er markedets siste fraktmåte i kassen: tilby en annen først.",
  },
  alreadyInEffect: {
    en: "This rate has begun to apply and is never rewritten: schedule a new rate from a day after today instead.",
    sv: "Den här satsen har börjat gälla och skrivs aldrig om: schemalägg i stället en ny sats från en dag efter i dag.",
    nb: "Denne satsen har begynt å gjelde og skrives aldri om: planlegg i stedet en ny sats fra en dag etter i dag.",
  },
  lastPaymentMethod: {
    en: "Shoppers in this market could no longer pay: offer another payment method there first.",
    sv: "Kunder i den här marknaden skulle inte kunna betala: erbjud ett annat betalsätt där först.",
    nb: "Kunder i dette markedet ville ikke kunne betale: tilby en annen betalingsmåte der først.",
  },
  noCurrency: {
    en: "The market has no currency yet: give it one (Markets) before its shipping fees.",
    sv: "Marknaden har ingen valuta än: ge den en (Marknader) före dess fraktavgifter.",
    nb: "Markedet har ingen valuta ennå: gi det en (Markeder) før fraktprisene.",
  },
  onlyMarketOfMethod: {
    en: "This is the only market offering this method; it must be offered in at least one market.",
    sv: "Det här är den enda marknaden som erbjuder betalsättet; det måste erbjudas i minst en marknad.",
    nb: "Dette er det eneste markedet som tilbyr betalingsmåten; den må tilbys i minst ett marked.",
  },
  estimateOrder: {
    en: "The latest day cannot be before the earliest.",
    sv: "Den senaste dagen kan inte vara före den tidigaste.",
    nb: "Den seneste dagen kan ikke være før den tidligste.",
  },
  invalidRate: {
    en: "Write a percentage from 0 to 100, for example 25 or 25.5.",
    sv: "Skriv en procentsats från 0 till 100, till exempel 25 eller 25,5.",
    nb: "Skriv en prosentsats fra 0 til 100, for eksempel 25 eller 25,5.",
  },
  unknownProductClass: {
    en: "Choose one of the VAT classes.",
    sv: "Välj en av momsklasserna.",
    nb: "Velg en av mva-klassene.",
  },
  invalidDate: {
    en: "Write a date as YYYY-MM-DD.",
    sv: "Skriv ett datum som ÅÅÅÅ-MM-DD.",
    nb: "Skriv en dato som ÅÅÅÅ-MM-DD.",
  },
  notInTheFuture: {
    en: "Choose a day after today: a rate that has applied is never rewritten.",
    sv: "Välj en dag efter i dag: en sats som har gällt skrivs aldrig om.",
    nb: "Velg en dag etter i dag: en sats som har gjeldt, skrives aldri om.",
  },
  notAColour: {
    en: "Write a colour as #rrggbb, for example #1c1917.",
    sv: "Skriv en färg som #rrggbb, till exempel #1c1917.",
    nb: "Skriv en farge som #rrggbb, for eksempel #1c1917.",
  },
  lowContrast: {
    en: "Too little contrast for text ({ratio}:1; at least 4.5:1 is needed, WCAG AA).",
    sv: "För lite kontrast för text ({ratio}:1; minst 4,5:1 behövs, WCAG AA).",
    nb: "For lite kontrast for tekst ({ratio}:1; minst 4,5:1 trengs, WCAG AA).",
  },
  unknownVariable: {
    en: "The storefront has no such theme variable.",
    sv: "Butiken har ingen sådan temavariabel.",
    nb: "Butikken har ingen slik temavariabel.",
  },
};

/** A problem's text in a language, its limit or ratio filled in. */
export function settingsProblemText(problem: SettingsProblem, language: SettingsLanguage): string {
  return SETTINGS_PROBLEM_TEXTS[problem.code][language]
    .replace("{max}", String(problem.max ?? ""))
    .replace("{ratio}", String(problem.ratio ?? ""))
    .replaceAll("{expected}", String(problem.expected ?? ""));
}

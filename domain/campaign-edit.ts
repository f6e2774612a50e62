import { partsIn, SHOP_TIME_ZONE } from "./calendar.ts";
import { slugify } from "./ids.ts";
import { fromDecimal, mulDivRound } from "./money.ts";
import { parseAmount } from "./product-edit.ts";
import { hasControlCharacter } from "./text.ts";

/**
 * What the back office may store for campaigns, promo codes and gift cards (issue 15, decision 0045): one pure check
 * per form answering the cleaned value — the rules as the shop evaluates them (`{code, args}`, domain/cart.ts) — or
 * every problem by field with a stable code (texts in en/sv/nb below). Also the shop's rules the admin applies:
 * a price campaign's reduced price (`campaignPrice`) and a campaign's status at a moment (`campaignStatus`).
 */
export const CAMPAIGN_LIMITS = {
  name: 120,
  description: 500,
  /** Ids or article numbers a campaign scopes to. */
  targets: 500,
  /** Major units of an amount (1 000 000 kr). */
  amount: 1_000_000,
  quantity: 1000,
  uses: 10_000_000,
  code: 40,
  /** Whole years a gift card may run. */
  giftCardYears: 10,
} as const;

export type CampaignProblemCode =
  | "required"
  | "tooLong"
  | "invalidCharacters"
  | "noAlias"
  | "invalidAmount"
  | "invalidPercent"
  | "notWholeNumber"
  | "outOfRange"
  | "invalidDateTime"
  | "endBeforeStart"
  | "unknownChoice"
  | "invalidCode"
  | "codeTaken"
  | "inThePast"
  | "tooFarAhead";

export interface CampaignProblem {
  /** The form field, e.g. "nb.name", "discountValue", "endsAt". */
  field: string;
  code: CampaignProblemCode;
  max?: number;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; problems: CampaignProblem[] };

const done = <T>(value: T, problems: CampaignProblem[]): Checked<T> =>
  problems.length ? { ok: false, problems } : { ok: true, value };

function clean(text: string | null | undefined): string | null {
  const value = (text ?? "").replace(/\r\n?/g, "\n").trim();
  return value === "" ? null : value;
}

function checkLine(
  problems: CampaignProblem[],
  field: string,
  text: string | null | undefined,
  max: number,
  required: boolean,
): string | null {
  const value = clean(text);
  if (value === null) {
    if (required) problems.push({ field, code: "required" });
    return null;
  }
  if (hasControlCharacter(value) || /[\n\t]/.test(value)) problems.push({ field, code: "invalidCharacters" });
  else if ([...value].length > max) problems.push({ field, code: "tooLong", max });
  return value;
}

// ---------------------------------------------------------------------------------------------------------------
// Local times: the form's <input type="datetime-local"> value, "YYYY-MM-DDTHH:mm", in the shop's time zone.

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;

/**
 * The instant a local "YYYY-MM-DDTHH:mm" names in `timeZone`, or null when it is no real time. A time the clocks
 * skip (spring forward) moves on by the gap; a time they repeat (autumn) is its first occurrence.
 */
export function localToInstant(text: string, timeZone = SHOP_TIME_ZONE): Date | null {
  const m = LOCAL.exec(text);
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1, 6).map(Number) as [number, number, number, number, number];
  if (mo < 1 || mo > 12 || h > 23 || mi > 59 || y < 2000 || y > 2200) return null;
  const wanted = Date.UTC(y, mo - 1, d, h, mi);
  const check = new Date(wanted);
  if (check.getUTCDate() !== d || check.getUTCMonth() !== mo - 1) return null;
  const offsetAt = (instant: number) => {
    const p = partsIn(new Date(instant), timeZone);
    return (
      Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute)) - instant
    );
  };
  // The offsets a day before and a day after (at most one switch lies between): each gives a candidate; those that
  // read back as the text are real, the earlier is the first occurrence of a repeated hour. None is real in the
  // spring gap: the offset before the switch moves the time on by the gap (02:30 → 03:30).
  const before = offsetAt(wanted - 86_400_000);
  const after = offsetAt(wanted + 86_400_000);
  const typed = `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}`;
  const real = [wanted - before, wanted - after].filter(
    (c) => instantToLocal(new Date(c), timeZone) === typed,
  );
  return new Date(real.length ? Math.min(...real) : wanted - before);
}

/** The local "YYYY-MM-DDTHH:mm" of an instant in `timeZone` (the form's value). */
export function instantToLocal(date: Date, timeZone = SHOP_TIME_ZONE): string {
  const p = partsIn(date, timeZone);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

function checkWhen(problems: CampaignProblem[], field: string, text: string | null | undefined): Date | null {
  const value = clean(text);
  if (value === null) return null;
  const instant = localToInstant(value);
  if (!instant) problems.push({ field, code: "invalidDateTime" });
  return instant;
}

// ---------------------------------------------------------------------------------------------------------------
// Shared parts of the rules.

export interface MarketChoice {
  alias: string;
  currencyCode: string;
}

/** The chosen markets (at least one, each known). */
function checkMarkets(
  problems: CampaignProblem[],
  chosen: readonly string[],
  markets: readonly MarketChoice[],
) {
  const wanted = [...new Set(chosen.map((m) => m.trim()).filter(Boolean))];
  if (wanted.length === 0) problems.push({ field: "markets", code: "required" });
  else if (!wanted.every((m) => markets.some((x) => x.alias === m)))
    problems.push({ field: "markets", code: "unknownChoice" });
  return markets.filter((m) => wanted.includes(m.alias));
}

/** An amount in each chosen market's currency, e.g. {SEK: 10000, NOK: 10000}; null with a problem. */
function amountPerCurrency(
  problems: CampaignProblem[],
  field: string,
  text: string | null | undefined,
  markets: readonly MarketChoice[],
): Record<string, number> | null {
  const value = clean(text);
  if (value === null) {
    problems.push({ field, code: "required" });
    return null;
  }
  const out: Record<string, number> = {};
  for (const { currencyCode } of markets.length ? markets : [{ currencyCode: "SEK" }]) {
    const minor = parseAmount(value, currencyCode);
    if (minor === null || minor <= 0) {
      problems.push({ field, code: "invalidAmount" });
      return null;
    }
    if (minor > fromDecimal(CAMPAIGN_LIMITS.amount, currencyCode)) {
      problems.push({ field, code: "outOfRange", max: CAMPAIGN_LIMITS.amount });
      return null;
    }
    out[currencyCode] = minor;
  }
  return markets.length ? out : null;
}

function wholeNumber(
  problems: CampaignProblem[],
  field: string,
  text: string | null | undefined,
  min: number,
  max: number,
  required: boolean,
): number | null {
  const value = clean(text);
  if (value === null) {
    if (required) problems.push({ field, code: "required" });
    return null;
  }
  if (!/^-?\d+$/.test(value)) {
    problems.push({ field, code: "notWholeNumber" });
    return null;
  }
  const n = Number(value);
  if (n < min || n > max) {
    problems.push({ field, code: "outOfRange", max });
    return null;
  }
  return n;
}

export const DISCOUNT_TYPES = ["percent", "amount", "freeShipping"] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];
export const CONDITION_TYPES = ["none", "minimumAmount", "minimumQuantity"] as const;
export type ConditionType = (typeof CONDITION_TYPES)[number];

/** A stored rule: `{code, args}` as domain/cart.ts evaluates it. */
export interface Rule {
  code: string;
  args?: unknown;
}

function discountRule(
  problems: CampaignProblem[],
  type: string | null | undefined,
  value: string | null | undefined,
  markets: readonly MarketChoice[],
  allowFreeShipping: boolean,
): Rule | null {
  if (type === "percent") {
    const text = clean(value);
    if (text === null) {
      problems.push({ field: "discountValue", code: "required" });
      return null;
    }
    if (!/^\d{1,3}$/.test(text) || Number(text) < 1 || Number(text) > 99) {
      problems.push({ field: "discountValue", code: "invalidPercent" });
      return null;
    }
    return { code: "percentOff", args: Number(text) };
  }
  if (type === "amount") {
    const amounts = amountPerCurrency(problems, "discountValue", value, markets);
    return amounts ? { code: "fixedOff", args: amounts } : null;
  }
  if (type === "freeShipping" && allowFreeShipping) return { code: "freeShipping" };
  problems.push({ field: "discountType", code: "unknownChoice" });
  return null;
}

function conditionRule(
  problems: CampaignProblem[],
  type: string | null | undefined,
  value: string | null | undefined,
  markets: readonly MarketChoice[],
): Rule | null {
  if (!type || type === "none") return null;
  if (type === "minimumAmount") {
    const amounts = amountPerCurrency(problems, "conditionValue", value, markets);
    return amounts ? { code: "minimumAmount", args: amounts } : null;
  }
  if (type === "minimumQuantity") {
    const n = wholeNumber(problems, "conditionValue", value, 1, CAMPAIGN_LIMITS.quantity, true);
    return n === null ? null : { code: "minimumQuantity", args: n };
  }
  problems.push({ field: "conditionType", code: "unknownChoice" });
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// Campaigns.

export const CAMPAIGN_KINDS = ["price", "cart"] as const;
export type CampaignKind = (typeof CAMPAIGN_KINDS)[number];
export const CAMPAIGN_TARGETS = ["all", "products", "categories", "brands"] as const;
export type CampaignTarget = (typeof CAMPAIGN_TARGETS)[number];

/** The scope condition of each target (the codes domain/cart.ts evaluates). */
export const TARGET_CODES = { products: "products", categories: "inCategories", brands: "inBrands" } as const;

export interface CampaignInput {
  nbName?: string | null;
  svName?: string | null;
  kind?: string | null;
  target?: string | null;
  /** Category or brand ids (targets categories and brands). */
  targetIds?: readonly number[] | null;
  /** Article numbers, separated by commas, spaces or lines (target products). */
  articleNumbers?: string | null;
  discountType?: string | null;
  discountValue?: string | null;
  conditionType?: string | null;
  conditionValue?: string | null;
  markets?: readonly string[] | null;
  /** Local "YYYY-MM-DDTHH:mm" in the shop's time zone; empty: from now / without end. */
  startsAt?: string | null;
  endsAt?: string | null;
  active?: boolean | null;
}

export interface CampaignFields {
  names: { "nb-NO": string; "sv-SE": string };
  kind: CampaignKind;
  target: CampaignTarget;
  /** Ids for categories and brands; empty for products (the service resolves articleNumbers). */
  targetIds: number[];
  articleNumbers: string[];
  discount: Rule;
  /** Cart campaigns' requirement beyond the scope. */
  condition: Rule | null;
  /**
   * A price campaign made outside the back office (the seed, an import: no scope rule) saved with target "all": its
   * names, dates and switch change, the prices it reduces stay as they are.
   */
  keepsPrices: boolean;
  marketAliases: string[];
  startsAt: Date | null;
  endsAt: Date | null;
  active: boolean;
}

/**
 * A campaign form: names in nb and sv, kind, scope, discount, condition, markets, start and end, active. With
 * `keepPrices` (a stored price campaign without a scope rule), a price campaign may keep target "all": then it needs
 * no discount and no market (see CampaignFields.keepsPrices).
 */
export function checkCampaign(
  input: CampaignInput,
  markets: readonly MarketChoice[],
  opts: { keepPrices?: boolean } = {},
): Checked<CampaignFields> {
  const problems: CampaignProblem[] = [];
  const names = {
    "nb-NO": checkLine(problems, "nb.name", input.nbName, CAMPAIGN_LIMITS.name, true) ?? "",
    "sv-SE": checkLine(problems, "sv.name", input.svName, CAMPAIGN_LIMITS.name, true) ?? "",
  };
  for (const [field, name] of [
    ["nb.name", names["nb-NO"]],
    ["sv.name", names["sv-SE"]],
  ] as const)
    if (name && !problems.some((p) => p.field === field) && slugify(name) === "")
      problems.push({ field, code: "noAlias" });
  const kind = (CAMPAIGN_KINDS as readonly string[]).includes(input.kind ?? "")
    ? (input.kind as CampaignKind)
    : null;
  if (!kind) problems.push({ field: "kind", code: "unknownChoice" });
  const target = (CAMPAIGN_TARGETS as readonly string[]).includes(input.target ?? "all")
    ? ((input.target ?? "all") as CampaignTarget)
    : null;
  if (!target) problems.push({ field: "target", code: "unknownChoice" });
  // A price campaign reduces named products, categories or brands; a cart campaign may take the whole cart.
  const keepsPrices = Boolean(opts.keepPrices) && kind === "price" && target === "all";
  if (kind === "price" && target === "all" && !keepsPrices)
    problems.push({ field: "target", code: "required" });
  const targetIds = [...new Set(input.targetIds ?? [])].filter((n) => Number.isSafeInteger(n) && n > 0);
  let articleNumbers: string[] = [];
  if (target === "categories" || target === "brands") {
    if (targetIds.length === 0) problems.push({ field: "targetIds", code: "required" });
    else if (targetIds.length > CAMPAIGN_LIMITS.targets)
      problems.push({ field: "targetIds", code: "outOfRange", max: CAMPAIGN_LIMITS.targets });
  }
  if (target === "products") {
    articleNumbers = [
      ...new Set(
        (input.articleNumbers ?? "")
          .split(/[\s,;]+/)
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ];
    if (articleNumbers.length === 0) problems.push({ field: "articleNumbers", code: "required" });
    else if (articleNumbers.length > CAMPAIGN_LIMITS.targets)
      problems.push({ field: "articleNumbers", code: "outOfRange", max: CAMPAIGN_LIMITS.targets });
  }
  const chosen =
    keepsPrices && !(input.markets ?? []).length ? [] : checkMarkets(problems, input.markets ?? [], markets);
  const discount = keepsPrices
    ? null
    : discountRule(problems, input.discountType, input.discountValue, chosen, kind === "cart");
  const condition =
    kind === "cart" ? conditionRule(problems, input.conditionType, input.conditionValue, chosen) : null;
  const startsAt = checkWhen(problems, "startsAt", input.startsAt);
  const endsAt = checkWhen(problems, "endsAt", input.endsAt);
  if (startsAt && endsAt && endsAt <= startsAt) problems.push({ field: "endsAt", code: "endBeforeStart" });
  return done(
    {
      names,
      kind: kind ?? "price",
      target: target ?? "all",
      targetIds: target === "categories" || target === "brands" ? targetIds : [],
      articleNumbers,
      discount: discount ?? { code: "percentOff", args: 0 },
      condition,
      keepsPrices,
      marketAliases: chosen.map((m) => m.alias),
      startsAt,
      endsAt,
      active: input.active ?? true,
    },
    problems,
  );
}

/**
 * A price campaign's selling price for a regular price (minor units, incl. VAT) in a currency: percent off rounded
 * to the nearest minor unit (half away from zero), or a fixed amount off in that currency. Null when the campaign
 * does not reduce it: no amount for the currency, or a result that is not strictly between 0 and the regular price.
 */
export function campaignPrice(regularMinor: number, discount: Rule, currency: string): number | null {
  if (!Number.isSafeInteger(regularMinor) || regularMinor <= 0) return null;
  let price: number | null = null;
  if (discount.code === "percentOff" && typeof discount.args === "number") {
    const percent = discount.args;
    if (!Number.isInteger(percent) || percent < 1 || percent > 99) return null;
    price = mulDivRound(regularMinor, 100 - percent, 100);
  } else if (discount.code === "fixedOff" && discount.args && typeof discount.args === "object") {
    const off = (discount.args as Record<string, unknown>)[currency];
    if (typeof off !== "number" || !Number.isSafeInteger(off) || off <= 0) return null;
    price = regularMinor - off;
  }
  return price !== null && price > 0 && price < regularMinor ? price : null;
}

export const CAMPAIGN_STATUSES = ["running", "scheduled", "ended", "off"] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/**
 * A campaign's status at `now`, as the shop applies it (mili_price_in_effect, the cart's running campaigns):
 * switched off, ended (its end passed: the end is exclusive), scheduled (its start ahead), else running.
 */
export function campaignStatus(
  c: { active: boolean; startsAt: Date | null; endsAt: Date | null },
  now: Date,
): CampaignStatus {
  if (!c.active) return "off";
  if (c.endsAt && c.endsAt.getTime() <= now.getTime()) return "ended";
  if (c.startsAt && c.startsAt.getTime() > now.getTime()) return "scheduled";
  return "running";
}

// ---------------------------------------------------------------------------------------------------------------
// Promo codes.

export interface PromoCodeInput {
  code?: string | null;
  nbName?: string | null;
  svName?: string | null;
  discountType?: string | null;
  discountValue?: string | null;
  conditionType?: string | null;
  conditionValue?: string | null;
  markets?: readonly string[] | null;
  validFrom?: string | null;
  validTo?: string | null;
  maxUses?: string | null;
  maxUsesPerCustomer?: string | null;
  active?: boolean | null;
}

export interface PromoCodeFields {
  /** Upper-cased, as the cart looks it up. */
  code: string;
  names: { "nb-NO": string; "sv-SE": string };
  discount: Rule;
  condition: Rule | null;
  validFrom: Date | null;
  validTo: Date | null;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  active: boolean;
}

/** A code as shoppers type it: letters A–Z, digits, '-' and '_', 3–40 characters; stored upper-cased. */
export function normalizePromoCode(text: string | null | undefined): string | null {
  const value = clean(text)?.toUpperCase() ?? null;
  return value !== null && /^[A-Z0-9][A-Z0-9_-]{2,39}$/.test(value) ? value : null;
}

/** A promo-code form: code, names, discount, requirement, validity, usage limits, active. */
export function checkPromoCode(
  input: PromoCodeInput,
  markets: readonly MarketChoice[],
): Checked<PromoCodeFields> {
  const problems: CampaignProblem[] = [];
  const typed = clean(input.code);
  const code = normalizePromoCode(typed);
  if (typed === null) problems.push({ field: "code", code: "required" });
  else if (code === null) problems.push({ field: "code", code: "invalidCode" });
  const names = {
    "nb-NO": checkLine(problems, "nb.name", input.nbName, CAMPAIGN_LIMITS.name, true) ?? "",
    "sv-SE": checkLine(problems, "sv.name", input.svName, CAMPAIGN_LIMITS.name, true) ?? "",
  };
  const chosen = checkMarkets(problems, input.markets ?? [], markets);
  const discount = discountRule(problems, input.discountType, input.discountValue, chosen, true);
  const condition = conditionRule(problems, input.conditionType, input.conditionValue, chosen);
  const validFrom = checkWhen(problems, "validFrom", input.validFrom);
  const validTo = checkWhen(problems, "validTo", input.validTo);
  if (validFrom && validTo && validTo <= validFrom)
    problems.push({ field: "validTo", code: "endBeforeStart" });
  const maxUses = wholeNumber(problems, "maxUses", input.maxUses, 1, CAMPAIGN_LIMITS.uses, false);
  const maxUsesPerCustomer = wholeNumber(
    problems,
    "maxUsesPerCustomer",
    input.maxUsesPerCustomer,
    1,
    CAMPAIGN_LIMITS.uses,
    false,
  );
  return done(
    {
      code: code ?? "",
      names,
      discount: discount ?? { code: "percentOff", args: 0 },
      condition,
      validFrom,
      validTo,
      maxUses,
      maxUsesPerCustomer,
      active: input.active ?? true,
    },
    problems,
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Gift cards.

/** The prefix a market's gift cards carry (domain/gift-card.ts): GAVE in Norway, GAVA elsewhere. */
export function giftCardPrefix(marketAlias: string): string {
  return marketAlias === "no" ? "GAVE" : "GAVA";
}

/** A gift card as lists show it: its prefix and last group only, e.g. "GAVA-…-8WNB". */
export function maskGiftCardCode(code: string): string {
  const groups = code.split("-");
  return groups.length > 2 ? `${groups[0]}-…-${groups.at(-1)}` : "…";
}

export interface GiftCardInput {
  market?: string | null;
  amount?: string | null;
  /** "YYYY-MM-DD": the card is valid through that day (shop time); empty: no expiry. */
  expiresOn?: string | null;
}

export interface GiftCardFields {
  marketAlias: string;
  currencyCode: string;
  amountMinor: number;
  /** The first instant after the expiry day. */
  expiresAt: Date | null;
}

/** Issuing a gift card: a market (its currency), an amount above 0, an expiry day ahead within 10 years. */
export function checkGiftCard(
  input: GiftCardInput,
  markets: readonly MarketChoice[],
  now: Date,
): Checked<GiftCardFields> {
  const problems: CampaignProblem[] = [];
  const market = markets.find((m) => m.alias === clean(input.market));
  if (!clean(input.market)) problems.push({ field: "market", code: "required" });
  else if (!market) problems.push({ field: "market", code: "unknownChoice" });
  const amounts = amountPerCurrency(problems, "amount", input.amount, market ? [market] : []);
  const day = clean(input.expiresOn);
  let expiresAt: Date | null = null;
  if (day !== null) {
    const start = /^\d{4}-\d{2}-\d{2}$/.test(day) ? localToInstant(`${day}T00:00`) : null;
    if (!start) problems.push({ field: "expiresOn", code: "invalidDateTime" });
    else {
      // Valid through the whole day: until the next day's midnight, shop time.
      const [y, m, d] = day.split("-").map(Number) as [number, number, number];
      const next = new Date(Date.UTC(y, m - 1, d) + 86_400_000);
      expiresAt = localToInstant(`${next.toISOString().slice(0, 10)}T00:00`);
      if (expiresAt && expiresAt <= now) problems.push({ field: "expiresOn", code: "inThePast" });
      else if (
        expiresAt &&
        expiresAt.getTime() > now.getTime() + CAMPAIGN_LIMITS.giftCardYears * 366 * 86_400_000
      )
        problems.push({ field: "expiresOn", code: "tooFarAhead", max: CAMPAIGN_LIMITS.giftCardYears });
    }
  }
  const currencyCode = market?.currencyCode ?? "";
  return done(
    {
      marketAlias: market?.alias ?? "",
      currencyCode,
      amountMinor: amounts?.[currencyCode] ?? 0,
      expiresAt,
    },
    problems,
  );
}

// ---------------------------------------------------------------------------------------------------------------

export type CampaignProblemLanguage = "en" | "sv" | "nb";

/** The problems' texts for the back office and its API (the admin's language). */
export const CAMPAIGN_PROBLEM_TEXTS: Record<CampaignProblemCode, Record<CampaignProblemLanguage, string>> = {
  required: { en: "Fill this in.", sv: "Fyll i fältet.", nb: "Fyll ut feltet." },
  tooLong: { en: "At most {max} characters.", sv: "Högst {max} tecken.", nb: "Høyst {max} tegn." },
  invalidCharacters: {
    en: "Contains characters that are not allowed (line breaks or control characters).",
    sv: "Innehåller tecken som inte är tillåtna (radbrytningar eller styrtecken).",
    nb: "Inneholder tegn som ikke er tillatt (linjeskift eller kontrolltegn).",
  },
  noAlias: {
    en: "The name needs at least one letter or digit (it gives the campaign's address).",
    sv: "Namnet behöver minst en bokstav eller siffra (det ger kampanjens adress).",
    nb: "Navnet trenger minst én bokstav eller ett siffer (det gir kampanjens adresse).",
  },
  invalidAmount: {
    en: "Enter an amount above 0, e.g. 100 or 99.50.",
    sv: "Ange ett belopp över 0, t.ex. 100 eller 99,50.",
    nb: "Oppgi et beløp over 0, f.eks. 100 eller 99,50.",
  },
  invalidPercent: {
    en: "Enter a whole percent from 1 to 99.",
    sv: "Ange en hel procentsats från 1 till 99.",
    nb: "Oppgi en hel prosentsats fra 1 til 99.",
  },
  notWholeNumber: { en: "Enter a whole number.", sv: "Ange ett heltal.", nb: "Oppgi et heltall." },
  outOfRange: {
    en: "Too large: at most {max}.",
    sv: "För stort: högst {max}.",
    nb: "For stort: høyst {max}.",
  },
  invalidDateTime: {
    en: "Enter a real date and time.",
    sv: "Ange ett riktigt datum och klockslag.",
    nb: "Oppgi en gyldig dato og et klokkeslett.",
  },
  endBeforeStart: {
    en: "The end must come after the start.",
    sv: "Slutet måste komma efter starten.",
    nb: "Slutten må komme etter starten.",
  },
  unknownChoice: {
    en: "Choose one of the listed values.",
    sv: "Välj ett av värdena i listan.",
    nb: "Velg en av verdiene i listen.",
  },
  invalidCode: {
    en: "Use 3–40 letters A–Z, digits, '-' or '_'.",
    sv: "Använd 3–40 bokstäver A–Z, siffror, '-' eller '_'.",
    nb: "Bruk 3–40 bokstaver A–Z, sifre, '-' eller '_'.",
  },
  codeTaken: {
    en: "Another promo code has this code.",
    sv: "En annan rabattkod har den här koden.",
    nb: "En annen rabattkode har denne koden.",
  },
  tooFarAhead: {
    en: "At most {max} years ahead.",
    sv: "Högst {max} år framåt.",
    nb: "Høyst {max} år frem i tid.",
  },
  inThePast: {
    en: "Choose a day from today on.",
    sv: "Välj en dag från och med i dag.",
    nb: "Velg en dag fra og med i dag.",
  },
};

/** A problem's text in a language, its limit filled in. */
export function campaignProblemText(problem: CampaignProblem, language: CampaignProblemLanguage): string {
  return CAMPAIGN_PROBLEM_TEXTS[problem.code][language].replace("{max}", String(problem.max ?? ""));
}

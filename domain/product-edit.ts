import { slugify } from "./ids.ts";
import { fromDecimal } from "./money.ts";
import { checkText, cleanText as clean } from "./text.ts";

/**
 * What the back office may store for a product (issue 15, decision 0043): one pure check per part of the product
 * form — its texts per language, article number, a SKU's GTIN and stock (spec §3 Stock), a price per market —
 * each answering the cleaned value or every problem, by field, with a stable code. The admin API refuses a change
 * with any problem and changes nothing; the texts of the codes are below in English, Swedish and Norwegian.
 */
export const PRODUCT_LIMITS = {
  articleNumber: 40,
  name: 200,
  text: 20_000,
  metaTitle: 200,
  metaDescription: 500,
  skuName: 60,
  /** Units: stock and oversellable. */
  stock: 1_000_000,
  /** Major units of a price (10 000 000 kr). */
  price: 10_000_000,
} as const;

export type ProductProblemCode =
  | "required"
  | "tooLong"
  | "invalidCharacters"
  | "noAlias"
  | "invalidArticleNumber"
  | "invalidGtin"
  | "notWholeNumber"
  | "outOfRange"
  | "invalidDate"
  | "invalidAmount"
  | "saleAboveRegular"
  | "articleNumberTaken"
  | "gtinTaken"
  | "unknownChoice";

export interface ProductProblem {
  /** The form field, e.g. "nb.name", "articleNumber", "sku.gtin", "price.se.selling". */
  field: string;
  code: ProductProblemCode;
  max?: number;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; problems: ProductProblem[] };

const done = <T>(value: T, problems: ProductProblem[]): Checked<T> =>
  problems.length ? { ok: false, problems } : { ok: true, value };

export interface ProductTextsInput {
  name?: string | null;
  shortText?: string | null;
  longText?: string | null;
  metaTitle?: string | null;
  metaDescription?: string | null;
}

export interface ProductTexts {
  name: string;
  shortText: string | null;
  longText: string | null;
  metaTitle: string | null;
  metaDescription: string | null;
}

/**
 * A product's texts in one language (field names prefixed by `prefix`, e.g. "nb."): the name is required, one line,
 * and must give a URL alias (domain/ids.ts slugify: some Latin letter or digit); the others are optional.
 */
export function checkProductTexts(prefix: string, input: ProductTextsInput): Checked<ProductTexts> {
  const problems: ProductProblem[] = [];
  const L = PRODUCT_LIMITS;
  const name = checkText(problems, `${prefix}name`, input.name, L.name, { required: true, oneLine: true });
  if (name !== null && !problems.length && slugify(name) === "")
    problems.push({ field: `${prefix}name`, code: "noAlias" });
  const shortText = checkText(problems, `${prefix}shortText`, input.shortText, L.text);
  const longText = checkText(problems, `${prefix}longText`, input.longText, L.text);
  const metaTitle = checkText(problems, `${prefix}metaTitle`, input.metaTitle, L.metaTitle, {
    oneLine: true,
  });
  const metaDescription = checkText(
    problems,
    `${prefix}metaDescription`,
    input.metaDescription,
    L.metaDescription,
  );
  return done({ name: name ?? "", shortText, longText, metaTitle, metaDescription }, problems);
}

/** Letters, digits, '-', '_' and '.', 1–40 characters, e.g. "JKT-1042". */
export function checkArticleNumber(field: string, value: string | null | undefined): Checked<string> {
  const text = clean(value);
  if (text === null) return { ok: false, problems: [{ field, code: "required" }] };
  if ([...text].length > PRODUCT_LIMITS.articleNumber)
    return { ok: false, problems: [{ field, code: "tooLong", max: PRODUCT_LIMITS.articleNumber }] };
  if (!/^[\p{L}\p{N}][\p{L}\p{N}._-]*$/u.test(text))
    return { ok: false, problems: [{ field, code: "invalidArticleNumber" }] };
  return { ok: true, value: text };
}

/** Whether `value` is a GTIN-8, -12, -13 or -14 (EAN/UPC) whose last digit is its GS1 mod-10 check digit. */
export function isValidGtin(value: string): boolean {
  if (!/^(\d{8}|\d{12,14})$/.test(value)) return false;
  let sum = 0;
  // From the right, the check digit excluded: weights 3, 1, 3, …
  for (let i = value.length - 2, weight = 3; i >= 0; i--, weight = 4 - weight)
    sum += Number(value[i]) * weight;
  return (10 - (sum % 10)) % 10 === Number(value[value.length - 1]);
}

/** A whole number of units from a form field ("12"; empty is 0), 0 to PRODUCT_LIMITS.stock. */
function checkUnits(problems: ProductProblem[], field: string, value: string | number | null | undefined) {
  const text = typeof value === "number" ? String(value) : (clean(value) ?? "0");
  if (!/^-?\d+$/.test(text)) {
    problems.push({ field, code: "notWholeNumber" });
    return 0;
  }
  const n = Number(text);
  if (n < 0 || n > PRODUCT_LIMITS.stock)
    problems.push({ field, code: "outOfRange", max: PRODUCT_LIMITS.stock });
  return n;
}

function isIsoDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

export interface SkuInput {
  name?: string | null;
  gtin?: string | null;
  inStock?: string | number | null;
  oversellable?: string | number | null;
  incoming?: string | null;
}

export interface SkuFields {
  name: string;
  gtin: string | null;
  inStock: number;
  oversellable: number;
  /** Expected restock date, "YYYY-MM-DD". */
  incoming: string | null;
}

/** A SKU's name, GTIN (optional; spaces ignored) and stock fields (spec §3 Stock: inStock, oversellable, incoming). */
export function checkSku(prefix: string, input: SkuInput): Checked<SkuFields> {
  const problems: ProductProblem[] = [];
  const name = checkText(problems, `${prefix}name`, input.name, PRODUCT_LIMITS.skuName, {
    required: true,
    oneLine: true,
  });
  const gtinText = clean(input.gtin)?.replace(/\s+/g, "") ?? null;
  if (gtinText !== null && !isValidGtin(gtinText))
    problems.push({ field: `${prefix}gtin`, code: "invalidGtin" });
  const inStock = checkUnits(problems, `${prefix}inStock`, input.inStock);
  const oversellable = checkUnits(problems, `${prefix}oversellable`, input.oversellable);
  const incoming = clean(input.incoming);
  if (incoming !== null && !isIsoDate(incoming))
    problems.push({ field: `${prefix}incoming`, code: "invalidDate" });
  return done({ name: name ?? "", gtin: gtinText, inStock, oversellable, incoming }, problems);
}

/** An amount as a merchant types it ("1 299,50", "1299.5", "1299") in `currency`'s minor units, or null. */
export function parseAmount(text: string, currency: string): number | null {
  const plain = text.replace(/[\s\u00a0]/g, "").replace(",", ".");
  if (!/^\d+(\.\d*)?$/.test(plain)) return null;
  try {
    return fromDecimal(plain, currency);
  } catch {
    return null;
  }
}

export interface PriceFields {
  regularMinor: number;
  sellingMinor: number;
}

/**
 * A price in one market (prefix e.g. "price.se."): the regular price (required) and a sale price (empty: the regular
 * one), both including VAT in the market's currency, 0 to PRODUCT_LIMITS.price; the sale price is never above the
 * regular one. Whether a reduction is announced, and against which prior price, is domain/prices.ts's to say.
 */
export function checkPrice(
  prefix: string,
  input: { regular?: string | null; selling?: string | null },
  currency: string,
): Checked<PriceFields> {
  const problems: ProductProblem[] = [];
  const amount = (field: string, text: string | null) => {
    if (text === null) return null;
    const minor = parseAmount(text, currency);
    if (minor === null) problems.push({ field, code: "invalidAmount" });
    else if (minor > fromDecimal(PRODUCT_LIMITS.price, currency))
      problems.push({ field, code: "outOfRange", max: PRODUCT_LIMITS.price });
    return minor;
  };
  const regularText = clean(input.regular);
  if (regularText === null) problems.push({ field: `${prefix}regular`, code: "required" });
  const regular = amount(`${prefix}regular`, regularText);
  const selling = amount(`${prefix}selling`, clean(input.selling)) ?? regular;
  if (regular !== null && selling !== null && selling > regular && !problems.length)
    problems.push({ field: `${prefix}selling`, code: "saleAboveRegular" });
  return done({ regularMinor: regular ?? 0, sellingMinor: selling ?? 0 }, problems);
}

export type ProductProblemLanguage = "en" | "sv" | "nb";

/** The problems' texts for the back office and its API (the admin's language). */
export const PRODUCT_PROBLEM_TEXTS: Record<ProductProblemCode, Record<ProductProblemLanguage, string>> = {
  required: { en: "Fill this in.", sv: "Fyll i fältet.", nb: "Fyll ut feltet." },
  tooLong: {
    en: "At most {max} characters.",
    sv: "Högst {max} tecken.",
    nb: "Høyst {max} tegn.",
  },
  invalidCharacters: {
    en: "Contains characters that are not allowed (line breaks or control characters).",
    sv: "Innehåller tecken som inte är tillåtna (radbrytningar eller styrtecken).",
    nb: "Inneholder tegn som ikke er tillatt (linjeskift eller kontrolltegn).",
  },
  noAlias: {
    en: "The name needs at least one letter or digit (it gives the product's address).",
    sv: "Namnet behöver minst en bokstav eller siffra (det ger produktens adress).",
    nb: "Navnet trenger minst én bokstav eller ett siffer (det gir produktets adresse).",
  },
  invalidArticleNumber: {
    en: "Use letters, digits, '-', '_' and '.' only.",
    sv: "Använd bara bokstäver, siffror, '-', '_' och '.'.",
    nb: "Bruk bare bokstaver, sifre, '-', '_' og '.'.",
  },
  invalidGtin: {
    en: "Not a valid GTIN/EAN (8, 12, 13 or 14 digits with a correct check digit).",
    sv: "Inte ett giltigt GTIN/EAN (8, 12, 13 eller 14 siffror med rätt kontrollsiffra).",
    nb: "Ikke et gyldig GTIN/EAN (8, 12, 13 eller 14 sifre med riktig kontrollsiffer).",
  },
  notWholeNumber: { en: "Enter a whole number.", sv: "Ange ett heltal.", nb: "Oppgi et heltall." },
  outOfRange: {
    en: "Enter a number from 0 to {max}.",
    sv: "Ange ett tal från 0 till {max}.",
    nb: "Oppgi et tall fra 0 til {max}.",
  },
  invalidDate: {
    en: "Enter a date as YYYY-MM-DD.",
    sv: "Ange ett datum som ÅÅÅÅ-MM-DD.",
    nb: "Oppgi en dato som ÅÅÅÅ-MM-DD.",
  },
  invalidAmount: {
    en: "Enter an amount, e.g. 1299 or 1299.50.",
    sv: "Ange ett belopp, t.ex. 1299 eller 1299,50.",
    nb: "Oppgi et beløp, f.eks. 1299 eller 1299,50.",
  },
  saleAboveRegular: {
    en: "The sale price cannot be above the regular price.",
    sv: "Reapriset kan inte vara högre än ordinarie pris.",
    nb: "Salgsprisen kan ikke være høyere enn ordinær pris.",
  },
  articleNumberTaken: {
    en: "Another product has this article number.",
    sv: "En annan produkt har det här artikelnumret.",
    nb: "Et annet produkt har dette artikkelnummeret.",
  },
  gtinTaken: {
    en: "Another SKU has this GTIN.",
    sv: "En annan artikel har det här GTIN-numret.",
    nb: "En annen variant har dette GTIN-nummeret.",
  },
  unknownChoice: {
    en: "Choose one of the listed values.",
    sv: "Välj ett av värdena i listan.",
    nb: "Velg en av verdiene i listen.",
  },
};

/** A problem's text in a language, its limit filled in. */
export function productProblemText(problem: ProductProblem, language: ProductProblemLanguage): string {
  return PRODUCT_PROBLEM_TEXTS[problem.code][language].replace("{max}", String(problem.max ?? ""));
}

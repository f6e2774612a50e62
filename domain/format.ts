/**
 * Money and date formatting for the edge (server-rendered HTML, the browser, e-mails).
 *
 * Output must be byte-identical on the server and in every browser, so nothing here reads the
 * runtime's default locale or time zone, and the Swedish/Norwegian formats are built by hand rather
 * than taken from Intl (whose output differs between ICU/CLDR versions, e.g. U+00A0 vs U+202F).
 *
 * Rules:
 * - Spaces in output (money and dates) are always U+00A0 NO-BREAK SPACE (never U+0020 or U+202F).
 * - Negative amounts start with U+2212 MINUS SIGN: "−1 299 kr" (as Intl does for sv-SE and nb-NO),
 *   also when other locales are formatted with Intl. Zero is never signed.
 */
import { daysInMonth, ISO_DATE, isIsoDate, isoDate, type Parts, partsIn } from "./calendar.ts";
import { minorUnits, roundHalfAwayFromZero } from "./money.ts";

export { daysInMonth, isIsoDate, isoDate };

export const NBSP = "\u00a0";
export const MINUS = "\u2212";

export type MoneyFormatOptions = {
  /**
   * "auto" (default): whole amounts without decimals ("1 299 kr"), otherwise all of the currency's
   * decimals ("1 299,50 kr"). "always": always the currency's decimals ("1 299,00 kr").
   * "one": rounded to one decimal and shown with one ("1 299,5 kr"), for converted multi-market totals.
   */
  decimals?: "auto" | "always" | "one";
};

/** Languages that get the hand-built Nordic shop style for SEK, NOK, DKK and EUR. */
const NORDIC_LANGUAGES = new Set(["sv", "nb", "nn", "no"]);
const NORDIC_SUFFIX: Readonly<Record<string, string>> = { SEK: "kr", NOK: "kr", DKK: "kr", EUR: "€" };

function language(locale: string): string {
  return (locale.split(/[-_]/)[0] ?? "").toLowerCase();
}

/** Replaces every kind of space Intl may emit (U+0020, U+2009, U+202F, U+2007) with U+00A0. */
function normaliseSpaces(text: string): string {
  return text.replace(/[\u0020\u2007\u2009\u202f]/g, NBSP);
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
}

/**
 * Formats an amount in minor units. SEK/NOK/DKK in sv/nb/nn/no locales: "1 299 kr", "1 299,50 kr";
 * EUR there: "12,50 €". Other currencies or locales go through Intl.NumberFormat with the given
 * locale (never the default one), with spaces and the minus sign normalised as described above.
 */
export function formatMoney(
  minor: number,
  currency: string,
  locale: "sv-SE" | "nb-NO" | (string & Record<never, never>),
  opts: MoneyFormatOptions = {},
): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Amount must be integer minor units, got ${minor}`);
  const mode = opts.decimals ?? "auto";
  const currencyDigits = minorUnits(currency);

  // Reduce to `units` at `digits` decimals: the only rounding is the shop's rounding function.
  let units = minor;
  let digits = currencyDigits;
  if (mode === "one" && currencyDigits > 1) {
    units = roundHalfAwayFromZero(minor, 10 ** (currencyDigits - 1));
    digits = 1;
  } else if (mode === "auto" && minor % 10 ** currencyDigits === 0) {
    units = minor / 10 ** currencyDigits;
    digits = 0;
  }

  const suffix = NORDIC_SUFFIX[currency];
  if (suffix !== undefined && NORDIC_LANGUAGES.has(language(locale))) {
    const magnitude = String(Math.abs(units)).padStart(digits + 1, "0");
    const whole = magnitude.slice(0, magnitude.length - digits);
    const fraction = magnitude.slice(magnitude.length - digits);
    const number = digits > 0 ? `${groupThousands(whole)},${fraction}` : groupThousands(whole);
    return `${units < 0 ? MINUS : ""}${number}${NBSP}${suffix}`;
  }

  const formatter = new Intl.NumberFormat(locale, {
    style: "currency",
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  const value = units / 10 ** digits;
  return normaliseSpaces(
    formatter
      .formatToParts(value === 0 ? 0 : value)
      .map((part) => (part.type === "minusSign" ? MINUS : part.value))
      .join(""),
  );
}

export type ShopTimeZone = "Europe/Stockholm" | "Europe/Oslo";

/** Norwegian locales show Oslo time, all others Stockholm time (same rules today, kept explicit). */
export function timeZoneForLocale(locale: string): ShopTimeZone {
  return ["nb", "nn", "no"].includes(language(locale)) ? "Europe/Oslo" : "Europe/Stockholm";
}

function toParts(date: Date | string, locale: string, withTime: boolean): Parts {
  // A bare "YYYY-MM-DD" is a calendar date, not an instant: no time-zone shift.
  if (typeof date === "string" && !withTime && ISO_DATE.test(date)) {
    if (!isIsoDate(date)) throw new RangeError(`Invalid date "${date}"`);
    const [year = "", month = "", day = ""] = date.split("-");
    return { year, month, day, hour: "00", minute: "00" };
  }
  const instant = typeof date === "string" ? new Date(date) : date;
  if (Number.isNaN(instant.getTime())) throw new RangeError(`Invalid date "${String(date)}"`);
  return partsIn(instant, timeZoneForLocale(locale));
}

const MONTHS: Readonly<Record<"sv" | "nb", readonly string[]>> = {
  sv: [
    "januari",
    "februari",
    "mars",
    "april",
    "maj",
    "juni",
    "juli",
    "augusti",
    "september",
    "oktober",
    "november",
    "december",
  ],
  nb: [
    "januar",
    "februar",
    "mars",
    "april",
    "mai",
    "juni",
    "juli",
    "august",
    "september",
    "oktober",
    "november",
    "desember",
  ],
};

function nordicLanguage(locale: string): "sv" | "nb" | null {
  const lang = language(locale);
  if (lang === "sv") return "sv";
  if (lang === "nb" || lang === "nn" || lang === "no") return "nb";
  return null;
}

export type DateFormatOptions = {
  /** "numeric" (default): sv "2026-03-29", nb "29.03.2026". "long": sv "29 mars 2026", nb "29. mars 2026". */
  style?: "numeric" | "long";
};

/**
 * Formats a date in the locale's shop time zone (Europe/Oslo for Norwegian, else Europe/Stockholm).
 * A "YYYY-MM-DD" string is taken as a calendar date as is. Swedish and Norwegian are built by hand;
 * other locales use Intl with the explicit locale and time zone.
 */
export function formatDate(date: Date | string, locale: string, opts: DateFormatOptions = {}): string {
  const style = opts.style ?? "numeric";
  const p = toParts(date, locale, false);
  const lang = nordicLanguage(locale);
  if (lang === "sv" || lang === "nb") {
    const month = MONTHS[lang][Number(p.month) - 1] ?? "";
    const day = String(Number(p.day));
    if (lang === "sv")
      return style === "long" ? `${day}${NBSP}${month}${NBSP}${p.year}` : `${p.year}-${p.month}-${p.day}`;
    return style === "long" ? `${day}.${NBSP}${month}${NBSP}${p.year}` : `${p.day}.${p.month}.${p.year}`;
  }
  const utcNoon = new Date(Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), 12));
  return normaliseSpaces(
    new Intl.DateTimeFormat(locale, {
      timeZone: "UTC",
      dateStyle: style === "long" ? "long" : "short",
    }).format(utcNoon),
  );
}

/**
 * Formats an instant as date and time (24-hour) in the locale's shop time zone:
 * sv "2026-03-29 03:30", nb "29.03.2026, 03:30".
 */
export function formatDateTime(date: Date | string, locale: string): string {
  const p = toParts(date, locale, true);
  const lang = nordicLanguage(locale);
  if (lang === "sv") return `${p.year}-${p.month}-${p.day}${NBSP}${p.hour}:${p.minute}`;
  if (lang === "nb") return `${p.day}.${p.month}.${p.year},${NBSP}${p.hour}:${p.minute}`;
  const instant = typeof date === "string" ? new Date(date) : date;
  return normaliseSpaces(
    new Intl.DateTimeFormat(locale, {
      timeZone: timeZoneForLocale(locale),
      dateStyle: "short",
      timeStyle: "short",
      hourCycle: "h23",
    }).format(instant),
  );
}

/**
 * Validators (pure, boolean) and normalisers (canonical form or null) for customer input:
 * e-mail, password, Swedish and Norwegian identity numbers and postal codes.
 * Surrounding whitespace is ignored everywhere.
 */
import { daysInMonth, isoDate } from "./calendar.ts";

export type Country = "SE" | "NO";
export type CustomerType = "PERSON" | "ORGANIZATION";

// ---------------------------------------------------------------------------------------------
// E-mail and password

const EMAIL_LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN_LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?$/u;
const TOP_LEVEL = /^(?:\p{L}{2,63}|xn--[a-z0-9-]{1,59})$/iu;

/**
 * A pragmatic e-mail check: one "@", an ASCII dot-atom local part (≤ 64 characters) and a domain of
 * at least two labels (letters may be non-ASCII, e.g. "åäö.se") ending in an alphabetic top-level
 * domain; 254 characters at most. Quoted local parts and IP-literal domains are rejected.
 */
export function isValidEmail(value: string): boolean {
  const email = value.trim();
  if (email.length > 254) return false;
  const at = email.lastIndexOf("@");
  if (at < 1 || email.indexOf("@") !== at) return false;
  const local = email.slice(0, at);
  const labels = email.slice(at + 1).split(".");
  if (local.length > 64 || !EMAIL_LOCAL.test(local) || labels.length < 2) return false;
  const tld = labels[labels.length - 1] ?? "";
  return labels.every((label) => DOMAIN_LABEL.test(label)) && TOP_LEVEL.test(tld);
}

/** Trimmed and lower-cased: the form e-mail addresses are stored and compared in. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

export const PASSWORD_MIN_LENGTH = 7;

/** At least 7 characters (Unicode code points; "ö" counts once). */
export function isValidPassword(value: string): boolean {
  return [...value].length >= PASSWORD_MIN_LENGTH;
}

// ---------------------------------------------------------------------------------------------
// Check digits

/** Luhn (mod 10) check over a string of digits, including its final check digit. */
function luhnValid(digits: string): boolean {
  let total = 0;
  for (let i = 0; i < digits.length; i++) {
    const digit = Number(digits[digits.length - 1 - i]);
    const weighted = i % 2 === 1 ? digit * 2 : digit;
    total += weighted > 9 ? weighted - 9 : weighted;
  }
  return total % 10 === 0;
}

/** Mod-11 check digit for `digits` with `weights`; null when the remainder makes no valid digit. */
function mod11(digits: string, weights: readonly number[]): number | null {
  let total = 0;
  weights.forEach((w, i) => {
    total += w * Number(digits[i]);
  });
  const check = 11 - (total % 11);
  if (check === 11) return 0;
  return check === 10 ? null : check;
}

function validDay(year: number, month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

// ---------------------------------------------------------------------------------------------
// Sweden

const PERSONNUMMER = /^(\d{2})?(\d{2})(\d{2})(\d{2})([-+])?(\d{4})$/;

type ParsedPersonnummer = {
  century: number | null;
  yy: number;
  month: number;
  /** The day as written: samordningsnummer have day + 60. */
  day: number;
  plus: boolean;
  /** The 10 digits YYMMDDNNNC. */
  tenDigits: string;
};

function parsePersonnummer(value: string): ParsedPersonnummer | null {
  const match = PERSONNUMMER.exec(value.trim());
  if (!match) return null;
  const [, cc, yy = "", mm = "", dd = "", separator, rest = ""] = match;
  if (cc !== undefined && separator === "+") return null;
  const century = cc === undefined ? null : Number(cc);
  if (century !== null && (century < 18 || century > 20)) return null;
  const tenDigits = `${yy}${mm}${dd}${rest}`;
  if (!luhnValid(tenDigits)) return null;
  const parsed = {
    century,
    yy: Number(yy),
    month: Number(mm),
    day: Number(dd),
    plus: separator === "+",
    tenDigits,
  };
  const birthDay = parsed.day > 60 ? parsed.day - 60 : parsed.day;
  // Without a century only the leap day depends on it: valid when some possible century fits
  // ("+" means 100 years or older).
  const years =
    century !== null
      ? [century * 100 + parsed.yy]
      : parsed.plus
        ? [1800 + parsed.yy, 1900 + parsed.yy]
        : [1900 + parsed.yy, 2000 + parsed.yy];
  return years.some((year) => validDay(year, parsed.month, birthDay)) ? parsed : null;
}

/**
 * Swedish personnummer or samordningsnummer (day + 60): "YYMMDD-NNNN", "YYMMDD+NNNN" (100 years or
 * older), "YYMMDDNNNN", "YYYYMMDDNNNN" or "YYYYMMDD-NNNN"; a real date and a valid Luhn check digit.
 */
export function isValidSwedishPersonnummer(value: string): boolean {
  return parsePersonnummer(value) !== null;
}

/**
 * The 12-digit form "YYYYMMDDNNNN", or null when invalid. Without a century the person is taken to
 * be under 100 on `today` ("-" or no separator) or 100 or older ("+"), as the Tax Agency defines.
 */
export function normalizeSwedishPersonnummer(value: string, today: Date): string | null {
  const parsed = parsePersonnummer(value);
  if (!parsed) return null;
  const rest = parsed.tenDigits.slice(6);
  const mmdd = parsed.tenDigits.slice(2, 6);
  if (parsed.century !== null) return `${parsed.century}${parsed.tenDigits.slice(0, 6)}${rest}`;
  const now = isoDate(today, "Europe/Stockholm").replaceAll("-", "");
  const birthDay = String(parsed.day > 60 ? parsed.day - 60 : parsed.day).padStart(2, "0");
  const thisYear = Number(now.slice(0, 4));
  let year = thisYear - ((((thisYear - parsed.yy) % 100) + 100) % 100);
  if (`${year}${mmdd.slice(0, 2)}${birthDay}` > now) year -= 100;
  if (parsed.plus) year -= 100;
  return `${year}${mmdd}${rest}`;
}

const ORGANISATIONSNUMMER = /^(?:16)?(\d{6})-?(\d{4})$/;

/**
 * Swedish organisationsnummer: 10 digits ("NNNNNN-NNNN", optionally with the "16" prefix), a valid
 * Luhn check digit and a third digit of at least 2 (which sets it apart from a personnummer).
 */
export function isValidSwedishOrganisationsnummer(value: string): boolean {
  return normalizeSwedishOrganisationsnummer(value) !== null;
}

/** The 10 digits without separator or "16" prefix, or null when invalid. */
export function normalizeSwedishOrganisationsnummer(value: string): string | null {
  const match = ORGANISATIONSNUMMER.exec(value.trim());
  if (!match) return null;
  const digits = `${match[1]}${match[2]}`;
  return Number(digits[2]) >= 2 && luhnValid(digits) ? digits : null;
}

const SWEDISH_POSTAL_CODE = /^(\d{3}) ?(\d{2})$/;

/** Five digits, optionally with a space after the third: "114 34" or "11434". */
export function isValidSwedishPostalCode(value: string): boolean {
  return SWEDISH_POSTAL_CODE.test(value.trim());
}

/** The five digits without space ("11434"), or null when invalid. */
export function normalizeSwedishPostalCode(value: string): string | null {
  const match = SWEDISH_POSTAL_CODE.exec(value.trim());
  return match ? `${match[1]}${match[2]}` : null;
}

// ---------------------------------------------------------------------------------------------
// Norway

const FODSELSNUMMER = /^(\d{6}) ?(\d{5})$/;
const FODSELSNUMMER_K1 = [3, 7, 6, 1, 8, 9, 4, 5, 2] as const;
const FODSELSNUMMER_K2 = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2] as const;

/** Birth year from the two-digit year and the individual number (Skatteetaten's allocation). */
function norwegianBirthYears(yy: number, individual: number): number[] {
  if (individual <= 499) return [1900 + yy];
  if (individual <= 749 && yy >= 54) return [1800 + yy];
  if (yy <= 39) return [2000 + yy];
  if (individual >= 900) return [1900 + yy];
  return [1900 + yy, 2000 + yy];
}

/**
 * Norwegian fødselsnummer or D-number (day + 40): 11 digits DDMMYYIIIKK (a space after the date is
 * allowed), a real date and both mod-11 control digits valid — under the rules of numbers issued before 2032
 * and of those issued from 1 January 2032 alike (Skatteetaten, "Nytt fødselsnummer fra 2032"):
 * - the first control digit K1 may leave a remainder of 0, 1, 2 or 3 (before 2032 only 0), so four K1 digits
 *   can exist for one date and individual number; K2 is unchanged;
 * - the individual number no longer tells the century, so a date is real when it is real in the 1900s or the
 *   2000s (or, for numbers of the old allocation, in the century the individual number gives).
 */
export function isValidNorwegianFodselsnummer(value: string): boolean {
  return normalizeNorwegianFodselsnummer(value) !== null;
}

/** The 11 digits, or null when invalid. */
export function normalizeNorwegianFodselsnummer(value: string): string | null {
  const match = FODSELSNUMMER.exec(value.trim());
  if (!match) return null;
  const digits = `${match[1]}${match[2]}`;
  if (fodselsnummerK1Remainder(digits) > 3) return null;
  const k2 = mod11(digits, FODSELSNUMMER_K2);
  if (k2 === null || k2 !== Number(digits[10])) return null;
  const written = Number(digits.slice(0, 2));
  const day = written > 40 ? written - 40 : written;
  const month = Number(digits.slice(2, 4));
  const yy = Number(digits.slice(4, 6));
  const years = [...norwegianBirthYears(yy, Number(digits.slice(6, 9))), 1900 + yy, 2000 + yy];
  return years.some((year) => validDay(year, month, day)) ? digits : null;
}

/**
 * The remainder of the first control sum (weights 3 7 6 1 8 9 4 5 2 over the first nine digits, 1 over K1) modulo
 * 11: 0 for every number issued before 2032, 0–3 for those issued from 2032 on.
 */
export function fodselsnummerK1Remainder(digits: string): number {
  let total = Number(digits[9]);
  FODSELSNUMMER_K1.forEach((w, i) => {
    total += w * Number(digits[i]);
  });
  return total % 11;
}

const ORGANISASJONSNUMMER = /^(\d{3}) ?(\d{3}) ?(\d{3})$/;
const ORGANISASJONSNUMMER_WEIGHTS = [3, 2, 7, 6, 5, 4, 3, 2] as const;

/** Norwegian organisasjonsnummer: 9 digits ("974760673" or "974 760 673"), valid mod-11 check digit. */
export function isValidNorwegianOrganisasjonsnummer(value: string): boolean {
  return normalizeNorwegianOrganisasjonsnummer(value) !== null;
}

/** The 9 digits without spaces, or null when invalid. */
export function normalizeNorwegianOrganisasjonsnummer(value: string): string | null {
  const match = ORGANISASJONSNUMMER.exec(value.trim());
  if (!match) return null;
  const digits = `${match[1]}${match[2]}${match[3]}`;
  const check = mod11(digits, ORGANISASJONSNUMMER_WEIGHTS);
  return check !== null && check === Number(digits[8]) ? digits : null;
}

/** Four digits: "0150". */
export function isValidNorwegianPostalCode(value: string): boolean {
  return /^\d{4}$/.test(value.trim());
}

// ---------------------------------------------------------------------------------------------
// By country

/**
 * The identity number a customer gives at checkout: a personnummer (SE) or fødselsnummer (NO) for a
 * person, an organisationsnummer (SE) or organisasjonsnummer (NO) for an organisation.
 */
export function isValidIdentityNumber(value: string, country: Country, customerType: CustomerType): boolean {
  if (country === "SE") {
    return customerType === "PERSON"
      ? isValidSwedishPersonnummer(value)
      : isValidSwedishOrganisationsnummer(value);
  }
  return customerType === "PERSON"
    ? isValidNorwegianFodselsnummer(value)
    : isValidNorwegianOrganisasjonsnummer(value);
}

export function isValidPostalCode(value: string, country: Country): boolean {
  return country === "SE" ? isValidSwedishPostalCode(value) : isValidNorwegianPostalCode(value);
}

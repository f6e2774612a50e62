/**
 * Calendar arithmetic without formatting: the days of a month, a real "YYYY-MM-DD" date, and the calendar date of an
 * instant in a time zone. format.ts formats with these, and validators.ts checks identity numbers' dates with them
 * on their own (the browser's sign-in forms need the checks, not the formatting code).
 */
/**
 * The shop's own clock: its calendar days, the back office's local times, the withdrawal period. Sweden and Norway
 * share their offsets, so one zone serves both markets.
 */
export const SHOP_TIME_ZONE = "Europe/Oslo";

export type Parts = { year: string; month: string; day: string; hour: string; minute: string };

const partsFormatters = new Map<string, Intl.DateTimeFormat>();
/**
 * The last instant asked for in each time zone and its fields: a request prices every card on one page at one
 * instant, and `formatToParts` is the costly part (1.7 % of a first-visit product page's CPU, decision 0072).
 */
const lastParts = new Map<string, { time: number; parts: Parts }>();

/** Calendar fields of an instant in a time zone, independent of any locale's formatting. */
export function partsIn(date: Date, timeZone: string): Parts {
  const time = date.getTime();
  if (Number.isNaN(time)) throw new RangeError("Invalid date");
  const last = lastParts.get(timeZone);
  if (last?.time === time) return { ...last.parts };
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US-u-nu-latn", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    partsFormatters.set(timeZone, formatter);
  }
  const parts: Parts = { year: "", month: "", day: "", hour: "", minute: "" };
  for (const part of formatter.formatToParts(date)) {
    if (part.type in parts) parts[part.type as keyof Parts] = part.value;
  }
  parts.year = parts.year.padStart(4, "0");
  lastParts.set(timeZone, { time, parts: { ...parts } });
  return parts;
}

/** The calendar date ("YYYY-MM-DD") of an instant in a time zone. */
export function isoDate(date: Date, timeZone: string): string {
  const { year, month, day } = partsIn(date, timeZone);
  return `${year}-${month}-${day}`;
}

export const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written "YYYY-MM-DD". */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** Days in a month of the proleptic Gregorian calendar. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

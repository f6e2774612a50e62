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

const HOUR = 3_600_000;
/**
 * A zone's UTC offset (ms) through one UTC hour, keyed `zone|hour`, or null when it differs at the hour's two ends
 * (a change of offset inside it). Every request has an instant of its own, so the per-instant memo above misses
 * across requests; the offset does not change within an hour in practice, so one hour's offset, read twice with
 * `formatToParts`, gives every instant of that hour its fields by arithmetic (1.1 % of a first-visit product page's
 * main thread before, decision 0089's profile). Bounded: emptied when it holds 1,024 hours.
 */
const hourOffsets = new Map<string, number | null>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US-u-nu-latn", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    partsFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The fields `formatToParts` gives an instant in a zone (the slow way, and the reference). */
function formattedParts(formatter: Intl.DateTimeFormat, time: number): Parts & { second: string } {
  const parts = { year: "", month: "", day: "", hour: "", minute: "", second: "" };
  for (const part of formatter.formatToParts(time)) {
    if (part.type in parts) parts[part.type as keyof typeof parts] = part.value;
  }
  parts.year = parts.year.padStart(4, "0");
  return parts;
}

/** The zone's UTC offset at an instant, to the second; null outside the years 1000–9999 (not needed, not checked). */
function offsetAt(formatter: Intl.DateTimeFormat, time: number): number | null {
  const p = formattedParts(formatter, time);
  const year = Number(p.year);
  if (!(year >= 1000 && year <= 9999)) return null;
  const local = Date.UTC(
    year,
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
    Number(p.second),
  );
  return local - (time - (((time % 1000) + 1000) % 1000));
}

const two = (n: number) => String(n).padStart(2, "0");

/** Calendar fields of an instant in a time zone, independent of any locale's formatting. */
export function partsIn(date: Date, timeZone: string): Parts {
  const time = date.getTime();
  if (Number.isNaN(time)) throw new RangeError("Invalid date");
  const last = lastParts.get(timeZone);
  if (last?.time === time) return { ...last.parts };
  const formatter = formatterFor(timeZone);
  const hour = Math.floor(time / HOUR);
  const key = `${timeZone}|${hour}`;
  let offset = hourOffsets.get(key);
  if (offset === undefined) {
    const start = offsetAt(formatter, hour * HOUR);
    const end = offsetAt(formatter, hour * HOUR + HOUR - 1);
    offset = start !== null && start === end ? start : null;
    if (hourOffsets.size >= 1024) hourOffsets.clear();
    hourOffsets.set(key, offset);
  }
  let parts: Parts;
  if (offset !== null) {
    const local = new Date(time + offset);
    parts = {
      year: String(local.getUTCFullYear()).padStart(4, "0"),
      month: two(local.getUTCMonth() + 1),
      day: two(local.getUTCDate()),
      hour: two(local.getUTCHours()),
      minute: two(local.getUTCMinutes()),
    };
  } else {
    const { second: _, ...formatted } = formattedParts(formatter, time);
    parts = formatted;
  }
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

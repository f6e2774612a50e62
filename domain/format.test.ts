import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  daysInMonth,
  formatDate,
  formatDateTime,
  formatMoney,
  isIsoDate,
  isoDate,
  MINUS,
  NBSP,
  timeZoneForLocale,
} from "./format.ts";

/** Writes "·" for U+00A0 so expectations are readable: "1·299·kr". */
const visible = (text: string) => text.replaceAll(NBSP, "·");
const money = (...args: Parameters<typeof formatMoney>) => visible(formatMoney(...args));

const minorAmount = fc.integer({ min: -1e12, max: 1e12 });
const decimalsMode = fc.constantFrom("auto", "always", "one") as fc.Arbitrary<"auto" | "always" | "one">;

describe("formatMoney, Nordic shop style", () => {
  it("shows whole kronor without decimals and others with two, in sv-SE and nb-NO alike", () => {
    for (const locale of ["sv-SE", "nb-NO"]) {
      for (const currency of ["SEK", "NOK", "DKK"]) {
        expect(money(129900, currency, locale)).toBe("1·299·kr");
        expect(money(129950, currency, locale)).toBe("1·299,50·kr");
      }
      expect(money(1250, "EUR", locale)).toBe("12,50·€");
      expect(money(1200, "EUR", locale)).toBe("12·€");
    }
  });

  it("uses U+00A0 for the thousands separator and before the currency", () => {
    expect(formatMoney(129950, "SEK", "sv-SE")).toBe("1\u00a0299,50\u00a0kr");
    expect(formatMoney(129950, "NOK", "nb-NO")).toBe("1\u00a0299,50\u00a0kr");
  });

  it("handles small and large amounts", () => {
    expect(money(0, "SEK", "sv-SE")).toBe("0·kr");
    expect(money(5, "SEK", "sv-SE")).toBe("0,05·kr");
    expect(money(50, "NOK", "nb-NO")).toBe("0,50·kr");
    expect(money(99900, "SEK", "sv-SE")).toBe("999·kr");
    expect(money(100000, "SEK", "sv-SE")).toBe("1·000·kr");
    expect(money(123456789012, "SEK", "sv-SE")).toBe("1·234·567·890,12·kr");
  });

  it("writes negative amounts with U+2212 MINUS SIGN and never signs zero", () => {
    expect(money(-129950, "SEK", "sv-SE")).toBe("−1·299,50·kr");
    expect(money(-100, "NOK", "nb-NO")).toBe("−1·kr");
    expect(money(-1250, "EUR", "nb-NO")).toBe("−12,50·€");
    expect(formatMoney(-100, "SEK", "sv-SE").startsWith(MINUS)).toBe(true);
    expect(money(-4, "SEK", "sv-SE", { decimals: "one" })).toBe("0,0·kr");
  });

  it("always shows two decimals with decimals: always", () => {
    expect(money(129900, "SEK", "sv-SE", { decimals: "always" })).toBe("1·299,00·kr");
    expect(money(1200, "EUR", "nb-NO", { decimals: "always" })).toBe("12,00·€");
  });

  it("rounds to one decimal, half away from zero, with decimals: one", () => {
    expect(money(129955, "SEK", "sv-SE", { decimals: "one" })).toBe("1·299,6·kr");
    expect(money(129944, "NOK", "nb-NO", { decimals: "one" })).toBe("1·299,4·kr");
    expect(money(129900, "SEK", "sv-SE", { decimals: "one" })).toBe("1·299,0·kr");
    expect(money(-129955, "SEK", "sv-SE", { decimals: "one" })).toBe("−1·299,6·kr");
    expect(money(99995, "SEK", "sv-SE", { decimals: "one" })).toBe("1·000,0·kr");
  });

  it("applies to nn and no as well, whatever the region", () => {
    expect(money(129950, "NOK", "nn-NO")).toBe("1·299,50·kr");
    expect(money(129950, "NOK", "no")).toBe("1·299,50·kr");
    expect(money(129950, "SEK", "sv-FI")).toBe("1·299,50·kr");
  });

  it("rejects non-integer amounts and unknown currency codes", () => {
    expect(() => formatMoney(12.5, "SEK", "sv-SE")).toThrow(RangeError);
    expect(() => formatMoney(100, "kr", "sv-SE")).toThrow(RangeError);
  });

  it("equals Intl's own sv-SE and nb-NO output (decimals: always, spaces normalised)", () => {
    const normalise = (s: string) => s.replace(/[\u0020\u202f]/g, NBSP);
    fc.assert(
      fc.property(fc.integer({ min: -1e11, max: 1e11 }), (minor) => {
        const intl = (locale: string, currency: string) =>
          normalise(new Intl.NumberFormat(locale, { style: "currency", currency }).format(minor / 100));
        expect(formatMoney(minor, "SEK", "sv-SE", { decimals: "always" })).toBe(intl("sv-SE", "SEK"));
        expect(formatMoney(minor, "NOK", "nb-NO", { decimals: "always" })).toBe(intl("nb-NO", "NOK"));
        expect(formatMoney(minor, "EUR", "sv-SE", { decimals: "always" })).toBe(intl("sv-SE", "EUR"));
      }),
    );
  });

  it("reads back as the amount it was given", () => {
    fc.assert(
      fc.property(minorAmount, fc.constantFrom("SEK", "NOK", "DKK", "EUR"), (minor, currency) => {
        const text = formatMoney(minor, currency, "sv-SE", { decimals: "always" });
        const digits = text
          .replace(MINUS, "-")
          .replace(/[^\d,-]/g, "")
          .replace(",", "");
        expect(Number(digits)).toBe(minor);
      }),
    );
  });
});

describe("formatMoney, other currencies and locales through Intl", () => {
  it("formats with the given locale", () => {
    expect(money(129950, "USD", "en-US")).toBe("$1,299.50");
    expect(money(129900, "USD", "en-US")).toBe("$1,299");
    expect(money(129950, "EUR", "de-DE")).toBe("1.299,50·€");
    expect(money(129950, "GBP", "en-GB", { decimals: "always" })).toBe("£1,299.50");
  });

  it("knows currencies without minor units", () => {
    expect(money(1299, "ISK", "en-US")).toBe("ISK·1,299");
    expect(money(1299, "ISK", "en-US", { decimals: "one" })).toBe("ISK·1,299");
  });

  it("uses U+2212 for negatives here too", () => {
    expect(money(-129950, "USD", "en-US")).toBe("−$1,299.50");
    expect(money(-129950, "EUR", "de-DE")).toBe("−1.299,50·€");
  });

  it("replaces U+202F (French grouping) with U+00A0", () => {
    const text = formatMoney(129950, "EUR", "fr-FR");
    expect(text).not.toContain("\u202f");
    expect(visible(text)).toBe("1·299,50·€");
  });

  it("never contains U+202F, an ordinary space or a hyphen-minus, in any locale or mode", () => {
    fc.assert(
      fc.property(
        minorAmount,
        fc.constantFrom("SEK", "NOK", "DKK", "EUR", "USD", "GBP", "ISK", "CHF", "PLN", "JPY"),
        fc.constantFrom(
          "sv-SE",
          "nb-NO",
          "nn-NO",
          "da-DK",
          "fi-FI",
          "en-US",
          "en-GB",
          "de-DE",
          "de-CH",
          "fr-FR",
          "pl-PL",
        ),
        decimalsMode,
        (minor, currency, locale, decimals) => {
          const text = formatMoney(minor, currency, locale, { decimals });
          expect(text).not.toMatch(/[\u0020\u202f\u2009-]/);
          expect(text.includes(MINUS)).toBe(minor < 0 && text.match(/[1-9]/) !== null);
        },
      ),
    );
  });
});

describe("dates", () => {
  it("chooses the time zone by locale", () => {
    expect(timeZoneForLocale("sv-SE")).toBe("Europe/Stockholm");
    expect(timeZoneForLocale("nb-NO")).toBe("Europe/Oslo");
    expect(timeZoneForLocale("nn-NO")).toBe("Europe/Oslo");
    expect(timeZoneForLocale("en-US")).toBe("Europe/Stockholm");
  });

  it("formats calendar dates as they are", () => {
    expect(formatDate("2026-03-29", "sv-SE")).toBe("2026-03-29");
    expect(formatDate("2026-03-29", "nb-NO")).toBe("29.03.2026");
    expect(visible(formatDate("2026-03-09", "sv-SE", { style: "long" }))).toBe("9·mars·2026");
    expect(visible(formatDate("2026-05-17", "nb-NO", { style: "long" }))).toBe("17.·mai·2026");
    expect(formatDate("2026-03-29", "en-GB")).toBe("29/03/2026");
  });

  it("formats instants in Stockholm or Oslo time, DST included", () => {
    // 23:30 UTC on 28 March is 00:30 on 29 March in Stockholm (UTC+1).
    expect(formatDate(new Date("2026-03-28T23:30:00Z"), "sv-SE")).toBe("2026-03-29");
    expect(formatDate("2026-03-28T23:30:00Z", "nb-NO")).toBe("29.03.2026");
    // Summer time starts at 01:00 UTC on 29 March 2026.
    expect(visible(formatDateTime(new Date("2026-03-29T00:30:00Z"), "sv-SE"))).toBe("2026-03-29·01:30");
    expect(visible(formatDateTime(new Date("2026-03-29T01:30:00Z"), "sv-SE"))).toBe("2026-03-29·03:30");
    expect(visible(formatDateTime("2026-03-29T01:30:00Z", "nb-NO"))).toBe("29.03.2026,·03:30");
    expect(visible(formatDateTime("2026-01-15T23:05:00Z", "nb-NO"))).toBe("16.01.2026,·00:05");
  });

  it("equals Intl's sv-SE and nb-NO output in Node (spaces normalised)", () => {
    const normalise = (s: string) => s.replace(/[\u0020\u202f]/g, NBSP);
    fc.assert(
      fc.property(
        fc.date({
          min: new Date("1970-01-01T00:00:00Z"),
          max: new Date("2100-01-01T00:00:00Z"),
          noInvalidDate: true,
        }),
        (date) => {
          for (const [locale, timeZone] of [
            ["sv-SE", "Europe/Stockholm"],
            ["nb-NO", "Europe/Oslo"],
          ] as const) {
            const intl = (options: Intl.DateTimeFormatOptions) =>
              normalise(new Intl.DateTimeFormat(locale, { timeZone, ...options }).format(date));
            expect(formatDate(date, locale)).toBe(intl({ dateStyle: "short" }));
            expect(formatDate(date, locale, { style: "long" })).toBe(intl({ dateStyle: "long" }));
            expect(formatDateTime(date, locale)).toBe(intl({ dateStyle: "short", timeStyle: "short" }));
          }
        },
      ),
    );
  });

  it("rejects invalid dates", () => {
    expect(() => formatDate("2026-02-30", "sv-SE")).toThrow(RangeError);
    expect(() => formatDate("not a date", "sv-SE")).toThrow(RangeError);
    expect(() => formatDateTime(new Date(Number.NaN), "nb-NO")).toThrow(RangeError);
  });

  it("gives the calendar date of an instant in a time zone", () => {
    expect(isoDate(new Date("2026-12-31T23:30:00Z"), "Europe/Stockholm")).toBe("2027-01-01");
    expect(isoDate(new Date("2026-12-31T23:30:00Z"), "UTC")).toBe("2026-12-31");
  });

  it("gives the same calendar date for an instant asked again, in any order of instants and zones", () => {
    const zones = ["Europe/Stockholm", "Europe/Oslo", "UTC", "America/New_York"];
    const fresh = (time: number, timeZone: string) => {
      const parts = new Intl.DateTimeFormat("en-CA", {
        timeZone,
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
      })
        .formatToParts(new Date(time))
        .reduce<Record<string, string>>((all, p) => Object.assign(all, { [p.type]: p.value }), {});
      return `${parts.year}-${parts.month}-${parts.day}`;
    };
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 4e12 }), fc.constantFrom(...zones), fc.boolean()), {
          minLength: 1,
          maxLength: 20,
        }),
        (calls) => {
          let previous = 0;
          for (const [time, zone, again] of calls) {
            const at = again ? previous : time;
            expect(isoDate(new Date(at), zone)).toBe(fresh(at, zone));
            previous = at;
          }
        },
      ),
    );
  });

  it("knows real calendar dates", () => {
    expect(isIsoDate("2024-02-29")).toBe(true);
    expect(isIsoDate("2025-02-29")).toBe(false);
    expect(isIsoDate("2000-02-29")).toBe(true);
    expect(isIsoDate("1900-02-29")).toBe(false);
    expect(isIsoDate("2025-04-31")).toBe(false);
    expect(isIsoDate("2025-13-01")).toBe(false);
    expect(isIsoDate("2025-1-01")).toBe(false);
    expect(daysInMonth(2025, 12)).toBe(31);
  });
});

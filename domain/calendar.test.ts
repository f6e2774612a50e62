import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isoDate, partsIn } from "./calendar.ts";

/** The fields as Intl gives them for the instant itself: what partsIn answered before it worked by the hour. */
const referenceFormatters = new Map<string, Intl.DateTimeFormat>();
function reference(time: number, timeZone: string) {
  let formatter = referenceFormatters.get(timeZone);
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
    referenceFormatters.set(timeZone, formatter);
  }
  const fields: Record<string, string> = {};
  for (const part of formatter.formatToParts(time)) fields[part.type] = part.value;
  return {
    year: (fields.year ?? "").padStart(4, "0"),
    month: fields.month,
    day: fields.day,
    hour: fields.hour,
    minute: fields.minute,
  };
}

// The shop's zone, its neighbours, UTC, and zones whose offsets or changes are not whole hours.
const ZONES = [
  "Europe/Oslo",
  "Europe/Stockholm",
  "UTC",
  "America/New_York",
  "America/St_Johns",
  "Asia/Kathmandu",
  "Australia/Lord_Howe",
  "Africa/Monrovia",
  "Pacific/Chatham",
];

describe("partsIn by the hour's offset (decision 0089's profile)", () => {
  it("gives every instant's fields as Intl gives them, in every zone", () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date("1900-01-01T00:00:00Z"),
          max: new Date("2200-01-01T00:00:00Z"),
          noInvalidDate: true,
        }),
        fc.constantFrom(...ZONES),
        (date, zone) => {
          expect(partsIn(date, zone)).toEqual(reference(date.getTime(), zone));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("is right on both sides of every offset change of Oslo, St. John's and Monrovia in 1972 and 2026", () => {
    for (const zone of ["Europe/Oslo", "America/St_Johns", "Africa/Monrovia"])
      for (const year of [1972, 2026]) {
        // Six-hour steps through the year; where the offset changed within one, every minute of it and the
        // milliseconds around each.
        const offset = (t: number) => {
          const r = reference(t, zone);
          return Date.UTC(+r.year, +(r.month ?? 1) - 1, +(r.day ?? 1), +(r.hour ?? 0), +(r.minute ?? 0)) - t;
        };
        const step = 6 * 3_600_000;
        let changes = 0;
        for (let t = Date.UTC(year, 0, 1); t < Date.UTC(year + 1, 0, 1); t += step) {
          expect(partsIn(new Date(t), zone)).toEqual(reference(t, zone));
          if (Math.abs(offset(t) - offset(t + step)) < 60_000) continue;
          changes++;
          for (let m = t; m < t + step; m += 60_000)
            for (const d of [-1, 0, 1])
              expect(partsIn(new Date(m + d), zone), `${zone} ${new Date(m + d).toISOString()}`).toEqual(
                reference(m + d, zone),
              );
        }
        // Norway kept no summer time 1966–1980; Liberia left its −0:44:30 in January 1972.
        const changed =
          !(zone === "Europe/Oslo" && year === 1972) && !(zone === "Africa/Monrovia" && year === 2026);
        expect(changes > 0, `${zone} ${year}`).toBe(changed);
      }
  });

  it("gives the shop's calendar day of instants just before and after midnight in Oslo", () => {
    // 2026-03-29 01:00 UTC: summer time begins (03:00 local); 2026-10-25 01:00 UTC: it ends.
    expect(isoDate(new Date("2026-03-28T22:59:59.999Z"), "Europe/Oslo")).toBe("2026-03-28");
    expect(isoDate(new Date("2026-03-28T23:00:00.000Z"), "Europe/Oslo")).toBe("2026-03-29");
    expect(isoDate(new Date("2026-10-24T21:59:59.999Z"), "Europe/Oslo")).toBe("2026-10-24");
    expect(isoDate(new Date("2026-10-24T22:00:00.000Z"), "Europe/Oslo")).toBe("2026-10-25");
    expect(partsIn(new Date("2026-03-29T01:00:00.000Z"), "Europe/Oslo").hour).toBe("03");
    expect(partsIn(new Date("2026-03-29T00:59:59.999Z"), "Europe/Oslo").hour).toBe("01");
  });
});

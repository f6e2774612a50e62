import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ORDER_STATUSES } from "./order-status.ts";
import { averageOrderValue, countsAsSale, dailySales, dayRange } from "./sales-figures.ts";

describe("sales figures", () => {
  it("counts confirmed orders on their way, not attempts, cancellations or refunds", () => {
    expect(ORDER_STATUSES.filter(countsAsSale)).toEqual(["received", "processing", "completed"]);
    expect(countsAsSale("unknown")).toBe(false);
  });

  it("averages to the nearest minor unit, 0 without orders", () => {
    expect(averageOrderValue(10_000, 3)).toBe(3_333);
    expect(averageOrderValue(20_000, 3)).toBe(6_667);
    expect(averageOrderValue(5_000, 0)).toBe(0);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 1, max: 10_000 }), (total, orders) => {
        const average = averageOrderValue(total, orders);
        expect(Math.abs(average * orders - total)).toBeLessThanOrEqual(orders / 2);
      }),
    );
  });

  it("gives consecutive days ending with the last, across months, years and leap days", () => {
    expect(dayRange("2024-03-01", 3)).toEqual(["2024-02-28", "2024-02-29", "2024-03-01"]);
    expect(dayRange("2027-01-01", 2)).toEqual(["2026-12-31", "2027-01-01"]);
    expect(() => dayRange("1 March", 3)).toThrow(RangeError);
    expect(() => dayRange("2026-03-01", 0)).toThrow(RangeError);
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2000-01-01"), max: new Date("2100-01-01"), noInvalidDate: true }),
        fc.integer({ min: 1, max: 400 }),
        (date, n) => {
          const last = date.toISOString().slice(0, 10);
          const days = dayRange(last, n);
          expect(days).toHaveLength(n);
          expect(days.at(-1)).toBe(last);
          for (let i = 1; i < days.length; i++)
            expect(Date.parse(days[i] as string) - Date.parse(days[i - 1] as string)).toBe(86_400_000);
        },
      ),
    );
  });

  it("fills every day, adds a day's rows and keeps the totals of the days in range", () => {
    const days = dayRange("2026-11-27", 3);
    expect(
      dailySales(days, [
        { day: "2026-11-25", orders: 1, salesMinor: 1_000 },
        { day: "2026-11-27", orders: 2, salesMinor: 3_000 },
        { day: "2026-11-27", orders: 1, salesMinor: 1_500 },
        { day: "2026-11-01", orders: 9, salesMinor: 9_000 },
      ]),
    ).toEqual([
      { day: "2026-11-25", orders: 1, salesMinor: 1_000, averageMinor: 1_000 },
      { day: "2026-11-26", orders: 0, salesMinor: 0, averageMinor: 0 },
      { day: "2026-11-27", orders: 3, salesMinor: 4_500, averageMinor: 1_500 },
    ]);
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            day: fc.constantFrom(...dayRange("2026-11-27", 10)),
            orders: fc.integer({ min: 1, max: 50 }),
            salesMinor: fc.integer({ min: 0, max: 1e7 }),
          }),
        ),
        (rows) => {
          const series = dailySales(dayRange("2026-11-27", 7), rows);
          expect(series).toHaveLength(7);
          const inRange = rows.filter((r) => r.day >= "2026-11-21");
          expect(series.reduce((s, d) => s + d.orders, 0)).toBe(inRange.reduce((s, r) => s + r.orders, 0));
          expect(series.reduce((s, d) => s + d.salesMinor, 0)).toBe(
            inRange.reduce((s, r) => s + r.salesMinor, 0),
          );
        },
      ),
    );
  });
});

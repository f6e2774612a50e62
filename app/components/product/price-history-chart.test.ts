import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addDays,
  CHART_SIZE,
  chartGeometry,
  formatTick,
  labelSpan,
  niceTicks,
  normalisePoints,
} from "./price-history-chart.ts";

describe("the price-history chart", () => {
  it("draws steps: each price holds until the next change, the last one to today", () => {
    const chart = chartGeometry(
      [
        { date: "2026-01-01", selling: 1000, regular: 1000 },
        { date: "2026-01-11", selling: 800, regular: 1000 },
      ],
      { to: "2026-01-21" },
      { width: 200, height: 100 },
    );
    expect(chart).not.toBeNull();
    if (!chart) return;
    // left 72, right 184: day 10 of 20 is half-way.
    expect(chart.sellingPath).toMatch(/^M72 [\d.]+ H128 V[\d.]+ H184$/);
    expect(chart.showRegular).toBe(true);
    expect(chart.min).toBe(800);
    expect(chart.max).toBe(1000);
    const [high, low] = [chart.sellingPath.split(" ")[1], chart.sellingPath.split("V")[1]?.split(" ")[0]];
    expect(Number(high)).toBeLessThan(Number(low));
    expect(chart.xTicks[0]?.date).toBe("2026-01-01");
    expect(chart.xTicks.at(-1)?.date).toBe("2026-01-21");
  });

  it("has no chart without points, and a flat line for an unchanged price", () => {
    expect(chartGeometry([], { to: "2026-01-01" })).toBeNull();
    const chart = chartGeometry([{ date: "2026-01-01", selling: 500, regular: 500 }], { to: "2026-01-31" });
    expect(chart?.showRegular).toBe(false);
    expect(chart?.sellingPath).toMatch(/^M72 ([\d.]+) H624$/);
  });

  it("sorts points, keeps the last of a day and drops points after today", () => {
    const points = normalisePoints(
      [
        { date: "2026-02-03", selling: 3, regular: 3 },
        { date: "2026-02-01", selling: 1, regular: 1 },
        { date: "2026-02-09", selling: 9, regular: 9 },
      ],
      "2026-02-05",
    );
    expect(points.map((p) => p.date)).toEqual(["2026-02-01", "2026-02-03"]);
  });

  it("rejects a malformed date", () => {
    expect(() =>
      chartGeometry([{ date: "yesterday", selling: 1, regular: 1 }], { to: "2026-01-01" }),
    ).toThrow(RangeError);
  });

  it("picks round tick values and formats them the Nordic way", () => {
    expect(niceTicks(0, 1000, 4)).toEqual([0, 500, 1000]);
    expect(niceTicks(712, 1388)).toEqual([800, 1000, 1200]);
    expect(niceTicks(5, 5)).toEqual([5]);
    expect(formatTick(12999)).toBe("12\u00a0999");
    expect(formatTick(12.5)).toBe("12,5");
  });

  it("spans the window the text names, from its first day to today, never past today", () => {
    // A package priced only today: the chart runs over the 90 days to today (not from today to tomorrow), and
    // the price is a point at today's edge.
    const today = "2026-11-25";
    const chart = chartGeometry([{ date: today, selling: 1599, regular: 1599 }], {
      from: addDays(today, -90),
      to: today,
    });
    expect(chart?.xTicks.map((t) => t.date)).toEqual(["2026-08-27", "2026-09-26", "2026-10-26", today]);
    expect(chart?.xTicks.at(-1)).toMatchObject({ x: 624, anchor: "end" });
    // A phone's chart: three dates.
    const compact = chartGeometry(
      [{ date: today, selling: 1599, regular: 1599 }],
      { from: addDays(today, -90), to: today },
      CHART_SIZE.compact,
    );
    expect(compact?.xTicks.map((t) => t.date)).toEqual(["2026-08-27", "2026-10-11", today]);
    expect(chart?.current).toMatchObject({ x: 624 });
    expect(chart?.sellingPath).toMatch(/^M624 [\d.]+ H624$/);
    // A price from before the window counts from the window's first day.
    const older = chartGeometry([{ date: "2026-01-01", selling: 5, regular: 5 }], {
      from: addDays(today, -90),
      to: today,
    });
    expect(older?.sellingPath).toMatch(/^M72 [\d.]+ H624$/);
    // One day's history without a window: yesterday to today, not today to tomorrow.
    expect(
      chartGeometry([{ date: today, selling: 1, regular: 1 }], { to: today })?.xTicks.map((t) => t.date),
    ).toEqual(["2026-11-24", today]);
  });

  it("keeps every line, mark and date label inside the view box and the window, whatever the points", () => {
    const day = fc.integer({ min: 0, max: 400 }).map((n) => addDays("2026-01-01", n));
    const point = fc.record({
      date: day,
      selling: fc.integer({ min: 0, max: 100_000 }),
      regular: fc.integer({ min: 0, max: 100_000 }),
    });
    fc.assert(
      fc.property(
        fc.array(point, { maxLength: 30 }),
        fc.integer({ min: 200, max: 400 }),
        fc.integer({ min: 1, max: 365 }),
        fc.constantFrom(CHART_SIZE.wide, CHART_SIZE.compact),
        (points, toDay, days, size) => {
          const to = addDays("2026-01-01", toDay);
          const from = addDays(to, -days);
          const chart = chartGeometry(points, { from, to }, size);
          if (!chart) return points.every((p) => p.date > to);
          const xs = [chart.sellingPath, chart.regularPath].flatMap((d) =>
            [...d.matchAll(/[MH](-?[\d.]+)/g)].map((m) => Number(m[1])),
          );
          for (const x of [...xs, chart.current.x])
            if (x < chart.plot.left || x > chart.plot.right) return false;
          const dates = chart.xTicks.map((t) => t.date);
          if (dates[0] !== from || dates.at(-1) !== to || new Set(dates).size !== dates.length) return false;
          // The last label is anchored at its end, the others centred: all inside the box, none touching.
          const spans = chart.xTicks.map(labelSpan);
          return spans.every(
            ([left, right], i) =>
              left >= 0 && right <= size.width && (i === 0 || (spans[i - 1]?.[1] ?? 0) < left),
          );
        },
      ),
    );
  });
});

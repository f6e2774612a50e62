import { describe, expect, it } from "vitest";
import { chartGeometry, formatTick, niceTicks, normalisePoints } from "./price-history-chart.ts";

describe("the price-history chart", () => {
  it("draws steps: each price holds until the next change, the last one to today", () => {
    const chart = chartGeometry(
      [
        { date: "2026-01-01", selling: 1000, regular: 1000 },
        { date: "2026-01-11", selling: 800, regular: 1000 },
      ],
      "2026-01-21",
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
    expect(chartGeometry([], "2026-01-01")).toBeNull();
    const chart = chartGeometry([{ date: "2026-01-01", selling: 500, regular: 500 }], "2026-01-31");
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
    expect(() => chartGeometry([{ date: "yesterday", selling: 1, regular: 1 }], "2026-01-01")).toThrow(
      RangeError,
    );
  });

  it("picks round tick values and formats them the Nordic way", () => {
    expect(niceTicks(0, 1000, 4)).toEqual([0, 500, 1000]);
    expect(niceTicks(712, 1388)).toEqual([800, 1000, 1200]);
    expect(niceTicks(5, 5)).toEqual([5]);
    expect(formatTick(12999)).toBe("12\u00a0999");
    expect(formatTick(12.5)).toBe("12,5");
  });
});

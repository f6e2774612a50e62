/**
 * Geometry of the price-history chart: a step line per price (a price holds from the day it was set until the
 * next change), scaled into an SVG view box. Pure, so the server and the browser draw the same picture.
 */

export interface HistoryPoint {
  /** YYYY-MM-DD: the day the price changed. */
  date: string;
  selling: number;
  regular: number;
}

export interface ChartGeometry {
  width: number;
  height: number;
  /** The plot area inside the margins. */
  plot: { left: number; top: number; right: number; bottom: number };
  sellingPath: string;
  regularPath: string;
  /** Whether the regular price ever differs from the selling price (else its line is left out). */
  showRegular: boolean;
  yTicks: { value: number; y: number }[];
  xTicks: { date: string; x: number }[];
  min: number;
  max: number;
}

const DAY = 86_400_000;

function dayNumber(date: string): number {
  const time = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(time)) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  return Math.round(time / DAY);
}

/** The points in date order, one per day (the last change of a day wins), from `from` to `to` inclusive. */
export function normalisePoints(points: readonly HistoryPoint[], to: string): HistoryPoint[] {
  const byDay = new Map<string, HistoryPoint>();
  for (const p of [...points].sort((a, b) => dayNumber(a.date) - dayNumber(b.date))) {
    if (dayNumber(p.date) <= dayNumber(to)) byDay.set(p.date, p);
  }
  return [...byDay.values()];
}

/** "Nice" tick values between min and max: 1, 2 or 5 times a power of ten, at most `count` + 1 of them. */
export function niceTicks(min: number, max: number, count = 4): number[] {
  if (!(Number.isFinite(min) && Number.isFinite(max))) return [];
  if (max === min) return [min];
  const raw = (max - min) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? raw;
  const ticks: number[] = [];
  for (let v = Math.ceil(min / step) * step; v <= max + step * 1e-9; v += step) {
    ticks.push(Math.round(v * 100) / 100);
  }
  return ticks;
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}

/**
 * Lays out the chart for points that changed between their first date and `to` (today). Each price is drawn as
 * steps: horizontal until the next change, then vertical to the new price; the last price runs to `to`.
 */
export function chartGeometry(
  input: readonly HistoryPoint[],
  to: string,
  size: { width: number; height: number } = { width: 640, height: 240 },
): ChartGeometry | null {
  const points = normalisePoints(input, to);
  const first = points[0];
  if (!first) return null;
  const plot = { left: 72, top: 12, right: size.width - 16, bottom: size.height - 32 };
  const startDay = dayNumber(first.date);
  const endDay = Math.max(dayNumber(to), startDay + 1);
  const values = points.flatMap((p) => [p.selling, p.regular]);
  const low = Math.min(...values);
  const high = Math.max(...values);
  const pad = high === low ? Math.max(1, high * 0.1) : (high - low) * 0.1;
  const yMin = Math.max(0, low - pad);
  const yMax = high + pad;
  const x = (date: string) =>
    round(plot.left + ((dayNumber(date) - startDay) / (endDay - startDay)) * (plot.right - plot.left));
  const y = (value: number) =>
    round(plot.bottom - ((value - yMin) / (yMax - yMin)) * (plot.bottom - plot.top));
  const step = (pick: (p: HistoryPoint) => number) => {
    let d = `M${x(first.date)} ${y(pick(first))}`;
    for (const p of points.slice(1)) d += ` H${x(p.date)} V${y(pick(p))}`;
    return `${d} H${round(plot.right)}`;
  };
  const days = endDay - startDay;
  const xTicks = [0, 1, 2, 3].map((i) => {
    const day = startDay + Math.round((days * i) / 3);
    const date = new Date(day * DAY).toISOString().slice(0, 10);
    return { date, x: x(date) };
  });
  return {
    width: size.width,
    height: size.height,
    plot,
    sellingPath: step((p) => p.selling),
    regularPath: step((p) => p.regular),
    showRegular: points.some((p) => p.regular !== p.selling),
    yTicks: niceTicks(yMin, yMax).map((value) => ({ value, y: y(value) })),
    xTicks: xTicks.filter((t, i) => xTicks.findIndex((o) => o.date === t.date) === i),
    min: Math.min(...points.map((p) => p.selling)),
    max: Math.max(...points.map((p) => p.selling)),
  };
}

/** An axis value the same on server and browser: thousands grouped by U+00A0, decimal comma ("1 299", "12,5"). */
export function formatTick(value: number): string {
  const [whole = "0", fraction] = String(Math.round(value * 100) / 100).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, "\u00a0");
  return fraction ? `${grouped},${fraction}` : grouped;
}

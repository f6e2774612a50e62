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
  /** Dates along the bottom; the last one, at the right edge, is anchored at its end so it is not cut off. */
  xTicks: { date: string; x: number; anchor: "middle" | "end" }[];
  /** The current price: the end of the selling line, marked (a price known only since today is a point). */
  current: { x: number; y: number };
  min: number;
  max: number;
}

const DAY = 86_400_000;

function dayNumber(date: string): number {
  const time = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(time)) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  return Math.round(time / DAY);
}

/** A YYYY-MM-DD date `days` days later (earlier when negative). */
export function addDays(date: string, days: number): string {
  return new Date((dayNumber(date) + days) * DAY).toISOString().slice(0, 10);
}

/**
 * The points in date order, one per day (the last change of a day wins), up to `to` inclusive; a point before
 * `from` counts as the price on `from` (the price in effect when the window opens).
 */
export function normalisePoints(points: readonly HistoryPoint[], to: string, from?: string): HistoryPoint[] {
  const byDay = new Map<string, HistoryPoint>();
  for (const p of [...points].sort((a, b) => dayNumber(a.date) - dayNumber(b.date))) {
    const date = from && dayNumber(p.date) < dayNumber(from) ? from : p.date;
    if (dayNumber(date) <= dayNumber(to)) byDay.set(date, { ...p, date });
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

/** How wide a date label is drawn (10 characters at 12 units), and the least room between two. */
export const LABEL_WIDTH = 70;
const LABEL_GAP = 8;

/** Where a date label reaches, left to right: centred on its tick, or ending at it (the last). */
export function labelSpan(tick: { x: number; anchor: "middle" | "end" }): [number, number] {
  return tick.anchor === "end"
    ? [tick.x - LABEL_WIDTH, tick.x]
    : [tick.x - LABEL_WIDTH / 2, tick.x + LABEL_WIDTH / 2];
}

/** The view box of the chart: the computer's, and a narrower one for phones (its text stays readable). */
export const CHART_SIZE = {
  wide: { width: 640, height: 240 },
  compact: { width: 400, height: 220 },
} as const;

/**
 * Lays out the chart of the window `from`…`to` (the last `days` days up to today; both inclusive), never past
 * `to`. Each price is drawn as steps: horizontal until the next change, then vertical to the new price; the
 * first from the day it is known (a product newer than the window starts later), the last runs to `to`.
 * Without `from` the window starts at the first point.
 */
export function chartGeometry(
  input: readonly HistoryPoint[],
  window: { from?: string; to: string },
  size: { width: number; height: number } = CHART_SIZE.wide,
): ChartGeometry | null {
  const { from, to } = window;
  const points = normalisePoints(input, to, from);
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return null;
  const plot = { left: 72, top: 12, right: size.width - 16, bottom: size.height - 32 };
  const endDay = dayNumber(to);
  const startDay = Math.min(from ? dayNumber(from) : dayNumber(first.date), endDay - 1);
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
  // Four dates on a computer's chart, three on a phone's; a date that would touch its neighbour is left out.
  const parts = size.width < 500 ? 2 : 3;
  const dates = Array.from({ length: parts + 1 }, (_, i) =>
    addDays(to, -days + Math.round((days * i) / parts)),
  );
  const xTicks: ChartGeometry["xTicks"] = [];
  for (const date of dates) {
    const tick = { date, x: x(date), anchor: date === to ? ("end" as const) : ("middle" as const) };
    const previous = xTicks.at(-1);
    if (previous?.date === date) continue;
    if (previous && labelSpan(previous)[1] + LABEL_GAP > labelSpan(tick)[0]) {
      // Too close: the last date stays (today), the middle one goes.
      if (tick.anchor !== "end") continue;
      if (xTicks.length > 1) xTicks.pop();
    }
    xTicks.push(tick);
  }
  return {
    width: size.width,
    height: size.height,
    plot,
    sellingPath: step((p) => p.selling),
    regularPath: step((p) => p.regular),
    showRegular: points.some((p) => p.regular !== p.selling),
    yTicks: niceTicks(yMin, yMax).map((value) => ({ value, y: y(value) })),
    xTicks,
    current: { x: round(plot.right), y: y(last.selling) },
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

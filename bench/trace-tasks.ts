import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { round, say, table } from "./lib.ts";

/**
 * The page's main-thread tasks in the traces Lighthouse recorded (`node bench/lighthouse.ts --keep-reports DIR
 * --save-assets true` keeps them as DIR/<page>-<run>-0.trace.json), after the observed first contentful paint:
 * each task's wall time (what Lighthouse's simulation multiplies by 4) beside its thread CPU time (`tdur`: what the
 * task cost the page, without the time the thread waited for a core another process held). On a shared machine the
 * wall time of the same task grows several times; the CPU time much less (it leaves out waits for a synchronous IPC
 * too, such as a first storage access). For each trace:
 *
 * - `TBT-like (wall)`: Σ max(0, 4 × wall − 50 ms) over the tasks after the observed FCP — Lantern's sum of blocking
 *   time over an unthrottled trace, without its simulated FCP/TTI window;
 * - `TBT-like (CPU)`: the same over their CPU time, an estimate of that sum on a machine with nothing else running;
 * - the longest tasks, named by what they ran (the first script URL evaluated or called in them, else the kind of
 *   work: parse, style and layout, other).
 *
 * These are estimates to compare two commits measured under different loads, not Lighthouse's figures.
 *
 *   node bench/trace-tasks.ts DIR [DIR …]
 */
interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; stackTrace?: { url?: string }[] } };
}

const dirs = process.argv.slice(2);
if (dirs.length === 0) throw new Error("usage: node bench/trace-tasks.ts DIR [DIR …]");

function what(inside: TraceEvent[]): string {
  for (const e of inside) {
    const url = e.args?.data?.url;
    if ((e.name === "EvaluateScript" || e.name === "FunctionCall" || e.name === "v8.compileModule") && url)
      return URL.canParse(url) ? new URL(url).pathname.replace(/-[\w-]{8}\.js$/, ".js") : url;
  }
  if (inside.some((e) => e.name === "ParseHTML")) return "(parse)";
  if (inside.some((e) => e.name === "Layout" || e.name === "UpdateLayoutTree")) return "(style, layout)";
  if (inside.some((e) => e.name === "v8.evaluateModule" || e.name === "FunctionCall")) return "(script)";
  const largest = [...inside].sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))[0];
  return `(${largest?.name ?? "other"})`;
}

const rows = [];
for (const dir of dirs) {
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith(".trace.json"))
    .sort()) {
    const raw = JSON.parse(readFileSync(join(dir, file), "utf8")) as
      | { traceEvents: TraceEvent[] }
      | TraceEvent[];
    const events = Array.isArray(raw) ? raw : raw.traceEvents;
    // The page's main thread: the renderer thread that parsed the most HTML.
    const parsedBy = new Map<string, number>();
    for (const e of events)
      if (e.name === "ParseHTML") {
        const key = `${e.pid}:${e.tid}`;
        parsedBy.set(key, (parsedBy.get(key) ?? 0) + (e.dur ?? 0));
      }
    const main = [...parsedBy.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
    if (!main) continue;
    const own = events
      .filter((e) => `${e.pid}:${e.tid}` === main && e.ph === "X" && typeof e.dur === "number")
      .sort((a, b) => a.ts - b.ts);
    const fcp = events
      .filter((e) => e.name === "firstContentfulPaint" && `${e.pid}` === main.split(":")[0])
      .map((e) => e.ts)
      .sort((a, b) => b - a)[0];
    if (fcp === undefined) continue;
    const tasks = own
      .filter((e) => e.name === "RunTask" && e.ts >= fcp)
      .map((t) => {
        const end = t.ts + (t.dur ?? 0);
        const inside = own.filter((e) => e !== t && e.ts >= t.ts && e.ts < end);
        return { wall: (t.dur ?? 0) / 1000, cpu: (t.tdur ?? t.dur ?? 0) / 1000, what: what(inside) };
      });
    const blocking = (ms: number) => Math.max(0, 4 * ms - 50);
    const longest = [...tasks].sort((a, b) => b.cpu - a.cpu).slice(0, 4);
    rows.push({
      trace: join(dir, file),
      "TBT-like (wall)": round(
        tasks.reduce((s, t) => s + blocking(t.wall), 0),
        0,
      ),
      "TBT-like (CPU)": round(
        tasks.reduce((s, t) => s + blocking(t.cpu), 0),
        0,
      ),
      "tasks over 12.5 ms CPU": tasks.filter((t) => t.cpu > 12.5).length,
      "longest by CPU (CPU / wall ms, what)": longest
        .map((t) => `${round(t.cpu, 1)}/${round(t.wall, 0)} ${t.what}`)
        .join("; "),
    });
  }
}
say("main-thread tasks after the observed FCP (ms; estimates, see the header):");
table(rows);

import { existsSync } from "node:fs";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { round, say, table, writeResult } from "./lib.ts";

/**
 * The phone's main thread while a page loads and hydrates (issues 13 and 16), without Lighthouse's simulation:
 * Chromium (the full browser at --chrome-path / CHROME_PATH, default /usr/bin/chromium) with a phone's viewport
 * and its CPU slowed --cpu times (default 4, as Lighthouse's mobile preset), each run in a new browser context
 * (no cache). For each run: the long tasks (> 50 ms) from the navigation until the router has hydrated and one
 * more second has passed, their blocking time (Σ (duration − 50 ms), Lighthouse's Total Blocking Time without
 * its FCP/TTI window), the time hydration was done, Chromium's own counters of script and task time, and the
 * script requests that finished in that window with their bytes as sent (a count the load does not move).
 *
 * On a busy machine every figure grows with the load (the throttled CPU shares the cores): each page is run --runs
 * times (default 7) and the minimum and the median are reported, the minimum being the least disturbed; compare
 * two commits in one quiet hour, or one after the other with the load recorded beside them.
 *
 * --after (default 1000) is how long each run goes on after the router has hydrated (ms); the deferred boundaries
 * hydrate after it, so --after 8000 sees them all. At the end of each run the elements React has hydrated are
 * counted (a fiber on the element: a count the machine's load does not move), and console errors are kept.
 *
 * Each run also records Chromium's trace (devtools.timeline) and sums the renderer main thread's self time by kind
 * until hydration + 1 s: the HTML's parse (ParseHTML, the inline scripts it runs excluded), style
 * (UpdateLayoutTree, ParseAuthorStyleSheet), layout, script (evaluation, compilation, calls, microtasks, garbage
 * collection), paint and the rest; and the HTML's size as the browser got it (decision 0052, issue 16).
 *
 *   node bench/main-thread.ts [--runs 7] [--cpu 4] [--after 1000] [--pages home,list,product,checkout]
 *                             [--network none|slow4g] [--consent false|true] [--commits false|true]
 *                             [--database-url …]
 *
 * Each run also records the first contentful paint and the largest contentful paint (its last candidate and
 * element) as the page saw them, and each store's first access (the `localStorage` / `sessionStorage` getter,
 * wrapped: when, how long, and the long task it ran in); with --consent true the consent cookie is set (a returning shopper: no banner).
 *
 * From the trace it also reports the main thread's tasks (decision 0083): the longest by wall time and by the thread's
 * CPU time, the tasks React committed in (every run puts a stand-in for React DevTools' global hook in the page, which
 * React DOM calls at each commit; it leaves a user-timing mark), and the tasks that ran the framework chunk (React,
 * React Router) with their longest and their blocking time. --commits true also counts the elements hydrated by each
 * commit.
 */
const { values } = parseArgs({
  options: {
    "chrome-path": { type: "string", default: process.env.CHROME_PATH || "/usr/bin/chromium" },
    "database-url": { type: "string", default: process.env.DATABASE_URL },
    name: { type: "string", default: "main-thread" },
    runs: { type: "string", default: "7" },
    cpu: { type: "string", default: "4" },
    pages: { type: "string", default: "home,list,product,checkout" },
    after: { type: "string", default: "1000" },
    network: { type: "string", default: "none" },
    consent: { type: "string", default: "false" },
    commits: { type: "string", default: "false" },
  },
});
const runs = Math.max(1, Number(values.runs) || 7);
const cpu = Math.max(1, Number(values.cpu) || 4);
const chromePath = values["chrome-path"] as string;
/** How long after hydration the run goes on (ms): long enough to see the deferred boundaries hydrate (decision 0073). */
const after = Math.max(0, Number(values.after) || 0);
/**
 * --network slow4g: the network of Lighthouse's mobile preset as DevTools throttling applies it (CDP
 * `Network.emulateNetworkConditions`: 1.6 Mbit/s × 0.9 down, 750 kbit/s × 0.9 up, 150 ms × 3.75 per request;
 * Lighthouse's `throttling.mobileSlow4G` with its DevTools factors), so what a change trades between the first paint
 * and hydration shows as a shopper on a slow phone network would get it. --network none (the default): the loopback.
 */
const NETWORKS = {
  none: null,
  slow4g: {
    latency: 150 * 3.75,
    downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8,
    uploadThroughput: (750 * 1024 * 0.9) / 8,
  },
} as const;
const network = NETWORKS[(values.network as keyof typeof NETWORKS) ?? "none"];
if (network === undefined) throw new Error(`--network is none or slow4g, not ${values.network}`);
/** --consent true: the consent cookie set (a returning shopper: no banner, the page's own largest element). */
const withConsent = values.consent === "true";
/**
 * --commits true: React's commits are counted (decision 0083) through a stand-in for React DevTools' global hook
 * (React DOM calls its onCommitFiberRoot at every commit): when each ran and how many elements React had hydrated
 * by then, a count the machine's load does not move. Counting the elements takes time in each commit's task, so the
 * timing figures of such runs are not compared with others'.
 */
const countCommits = values.commits === "true";
if (!existsSync(chromePath))
  throw new Error(`no Chromium at ${chromePath} (use --chrome-path or CHROME_PATH)`);
const { startBenchShop } = await import("./shop.ts");

/** What a trace event's self time counts as (Chromium's devtools.timeline names). */
const KIND: Record<string, string> = {
  ParseHTML: "parse",
  UpdateLayoutTree: "style",
  RecalculateStyles: "style",
  ParseAuthorStyleSheet: "style",
  Layout: "layout",
  EvaluateScript: "script",
  "v8.compile": "script",
  "v8.compileModule": "script",
  "v8.evaluateModule": "script",
  "v8.run": "script",
  FunctionCall: "script",
  EventDispatch: "script",
  TimerFire: "script",
  FireAnimationFrame: "script",
  RunMicrotasks: "script",
  "V8.GCScavenger": "script",
  MinorGC: "script",
  MajorGC: "script",
  "V8.GC_MC_BACKGROUND_EVACUATE_COPY": "script",
  Paint: "paint",
  PrePaint: "paint",
  Layerize: "paint",
  Commit: "paint",
};
const KINDS = ["parse", "style", "layout", "script", "paint", "other"] as const;
type Kind = (typeof KINDS)[number];

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's CPU time in the event (µs): the throttled CPU's waits and other processes' turns excluded. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { frame?: string; url?: string } };
}

/**
 * Self time per kind on the renderer's main thread (CrRendererMain) from the trace's complete events, until
 * `untilMs` after the first event: nested events are subtracted from their parent (a script the parser runs
 * counts as script, not parse).
 */
function breakdown(
  events: TraceEvent[],
  untilMs: number,
): { kinds: Record<Kind, number>; tasks: TaskFigures } {
  // Every renderer has a main thread (about:blank's too): the page's is the one that parsed the most HTML.
  const mains = events.filter(
    (e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain",
  );
  const parsed = (m: TraceEvent) =>
    events
      .filter((e) => e.pid === m.pid && e.tid === m.tid && e.name === "ParseHTML")
      .reduce((sum, e) => sum + (e.dur ?? 0), 0);
  const main = mains.sort((a, b) => parsed(b) - parsed(a))[0];
  const out = Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<Kind, number>;
  const noTasks: TaskFigures = {
    longestWallMs: 0,
    longestCpuMs: 0,
    over50: 0,
    cpuOver50: 0,
    top: [],
    commitTasks: [],
    frameworkTasks: 0,
    frameworkLongestMs: 0,
    frameworkBlockingMs: 0,
    longestCommitMs: 0,
  };
  if (!main) return { kinds: out, tasks: noTasks };
  const own = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === "X" && typeof e.dur === "number")
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const navigation = own.find((e) => e.name === "ParseHTML")?.ts ?? own[0]?.ts ?? 0;
  const until = navigation + untilMs * 1000;
  // Only the outermost task (RunTask) and the kinds named in KIND take time; a stack finds each one's parent.
  const stack: { end: number; kind: Kind | null }[] = [];
  for (const e of own) {
    if (e.ts > until) break;
    while (stack.length && (stack.at(-1)?.end ?? 0) <= e.ts) stack.pop();
    const kind: Kind | null = e.name === "RunTask" ? "other" : ((KIND[e.name] as Kind | undefined) ?? null);
    if (kind === null) continue;
    const dur = (e.dur ?? 0) / 1000;
    const parent = stack.at(-1);
    if (parent?.kind) out[parent.kind] -= dur;
    out[kind] += dur;
    stack.push({ end: e.ts + (e.dur ?? 0), kind });
  }
  for (const k of KINDS) out[k] = round(Math.max(0, out[k]), 0);
  // The main thread's tasks (RunTask, outermost) in the window: wall time and the thread's CPU time (tdur).
  const runTasks = own.filter((e) => e.name === "RunTask" && e.ts <= until);
  const outer: TraceEvent[] = [];
  let end = 0;
  for (const e of runTasks) {
    if (e.ts < end) continue;
    outer.push(e);
    end = e.ts + (e.dur ?? 0);
  }
  const wall = outer.map((e) => (e.dur ?? 0) / 1000);
  const cpu = outer.map((e) => (e.tdur ?? 0) / 1000);
  // The tasks React committed in (its DevTools hook's marks): the first is the root's hydration.
  const marks = events.filter((e) => e.pid === main.pid && e.name === "react-commit").map((e) => e.ts);
  const commitTasks: { wallMs: number; cpuMs: number; commits: number }[] = [];
  for (const e of outer) {
    const inside = marks.filter((ts) => e.ts <= ts && ts <= e.ts + (e.dur ?? 0)).length;
    if (inside)
      commitTasks.push({
        wallMs: round((e.dur ?? 0) / 1000, 0),
        cpuMs: round((e.tdur ?? 0) / 1000, 1),
        commits: inside,
      });
  }
  // The tasks that ran the framework chunk (React and React Router: the router's start, hydration's render slices,
  // commits and effects): their longest and their blocking time (Σ (wall − 50 ms)).
  const framework = outer.filter((t) =>
    own.some(
      (e) =>
        e.name === "FunctionCall" &&
        e.ts >= t.ts &&
        e.ts <= t.ts + (t.dur ?? 0) &&
        /\/framework-[^/]*\.js$/.test(e.args?.data?.url ?? ""),
    ),
  );
  const frameworkWall = framework.map((e) => (e.dur ?? 0) / 1000);
  const top = outer
    .map((e) => ({ wallMs: round((e.dur ?? 0) / 1000, 0), cpuMs: round((e.tdur ?? 0) / 1000, 1) }))
    .sort((a, b) => b.cpuMs - a.cpuMs)
    .slice(0, 6);
  return {
    kinds: out,
    tasks: {
      longestWallMs: round(Math.max(0, ...wall), 0),
      longestCpuMs: round(Math.max(0, ...cpu), 1),
      over50: wall.filter((d) => d > 50).length,
      cpuOver50: round(
        cpu.reduce((sum, d) => sum + Math.max(0, d - 50 / 4), 0),
        1,
      ),
      top,
      commitTasks,
      frameworkTasks: framework.length,
      frameworkLongestMs: round(Math.max(0, ...frameworkWall), 0),
      frameworkBlockingMs: round(
        frameworkWall.reduce((sum, d) => sum + Math.max(0, d - 50), 0),
        0,
      ),
      longestCommitMs: round(Math.max(0, ...commitTasks.map((t) => t.wallMs)), 0),
    },
  };
}

/**
 * The main thread's tasks from the trace: the longest by wall time and by the thread's CPU time, how many took more
 * than 50 ms, the CPU time beyond 12.5 ms per task summed (50 ms of a phone 4× slower: a blocking time the load
 * moves less), and the six tasks with the most CPU time.
 */
interface TaskFigures {
  longestWallMs: number;
  longestCpuMs: number;
  over50: number;
  cpuOver50: number;
  top: { wallMs: number; cpuMs: number }[];
  /** Each task a React commit ran in, in order (the first: the root's hydration), and its commits. */
  commitTasks: { wallMs: number; cpuMs: number; commits: number }[];
  /** The tasks that called into the framework chunk (React, React Router), their longest and their blocking time. */
  frameworkTasks: number;
  frameworkLongestMs: number;
  frameworkBlockingMs: number;
  /** The longest task a React commit ran in (wall ms). */
  longestCommitMs: number;
}

interface Run {
  blockingMs: number;
  longTasks: number;
  longestMs: number;
  hydratedMs: number;
  /** The first contentful paint and the last largest-contentful-paint candidate (its element) before the run ended. */
  fcpMs: number;
  lcpMs: number;
  lcpElement: string;
  /**
   * Each store's first access (`localStorage` / `sessionStorage` getter): when (ms from navigation), how long, the
   * long task it ran in (its duration; 0: none), and whether before the router had hydrated.
   */
  storage: { store: string; atMs: number; ms: number; inLongTaskMs: number; beforeHydrated: boolean }[];
  scriptMs: number;
  taskMs: number;
  load1: number;
  htmlBytes: number;
  trace: Record<Kind, number>;
  tasks: TaskFigures;
  /** With --commits true: React's commits (ms from navigation) and the elements hydrated by each. */
  commits: { atMs: number; hydrated: number }[];
  /** Elements in the document at the end of the run, and those React has hydrated or rendered (a fiber on them). */
  elements: number;
  hydratedElements: number;
  /** Console errors and uncaught exceptions during the run (a hydration error shows here). */
  errors: string[];
  /** Script requests that finished until hydrated + --after ms, and their bytes as sent (Brotli). */
  scripts: number;
  scriptBytes: number;
  /** Each of those scripts: its path and bytes as sent. */
  scriptList: { path: string; bytes: number }[];
}

const bench = await startBenchShop({ name: "main-thread", databaseUrl: values["database-url"] });
const browser = await chromium.launch({
  executablePath: chromePath,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});
try {
  const pages = await bench.pages(new Set((values.pages as string).split(",").map((p) => p.trim())));
  const results = [];
  for (const { page: name, path, cookie } of pages) {
    const measured: Run[] = [];
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1.75,
        isMobile: true,
        hasTouch: true,
        ...(cookie ? { extraHTTPHeaders: { cookie } } : {}),
      });
      if (withConsent) await context.addCookies([{ name: "mili-consent", value: "s0m0", url: bench.origin }]);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("console", (m) => {
        if (m.type() === "error") errors.push(m.text().slice(0, 200));
      });
      page.on("pageerror", (e) => errors.push(e.message.slice(0, 200)));
      const scriptSizes: Promise<{ path: string; bytes: number }>[] = [];
      page.on("requestfinished", (r) => {
        if (r.resourceType() !== "script") return;
        const path = new URL(r.url()).pathname;
        scriptSizes.push(
          r.sizes().then(
            (z) => ({ path, bytes: z.responseBodySize }),
            () => ({ path, bytes: 0 }),
          ),
        );
      });
      await page.addInitScript((count: boolean) => {
        const commits: { atMs: number; hydrated: number }[] = [];
        (window as unknown as { __commits: typeof commits }).__commits = commits;
        const fibered = (e: Element) => Object.keys(e).some((k) => k.startsWith("__reactFiber$"));
        (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
          isDisabled: false,
          supportsFiber: true,
          renderers: new Map(),
          inject: () => 1,
          checkDCE: () => {},
          onCommitFiberUnmount: () => {},
          onPostCommitFiberRoot: () => {},
          onCommitFiberRoot: () => {
            // A user-timing mark (in the trace: the task the commit ran in), and with --commits the elements.
            performance.mark("react-commit");
            if (!count) return;
            const atMs = Math.round(performance.now());
            commits.push({ atMs, hydrated: [...document.querySelectorAll("*")].filter(fibered).length });
          },
        };
      }, countCommits);
      await page.addInitScript(() => {
        const tasks: number[] = [];
        (window as unknown as { __longTasks: number[] }).__longTasks = tasks;
        const spans: { start: number; end: number }[] = [];
        (window as unknown as { __longSpans: typeof spans }).__longSpans = spans;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            tasks.push(entry.duration);
            spans.push({ start: entry.startTime, end: entry.startTime + entry.duration });
          }
        }).observe({ type: "longtask", buffered: true });
        // Each store's first access (its getter: a synchronous call into the browser), when and how long.
        const firsts: { store: string; at: number; ms: number }[] = [];
        (window as unknown as { __storageFirsts: typeof firsts }).__storageFirsts = firsts;
        for (const store of ["localStorage", "sessionStorage"] as const) {
          const own = Object.getOwnPropertyDescriptor(window, store);
          const getter = own?.get;
          if (!own || !getter) continue;
          let seen = false;
          Object.defineProperty(window, store, {
            ...own,
            get() {
              if (seen) return getter.call(this);
              seen = true;
              const at = performance.now();
              const value = getter.call(this);
              firsts.push({ store, at, ms: performance.now() - at });
              return value;
            },
          });
        }
        const paints: { name: string; ms: number; size?: number; element?: string }[] = [];
        (window as unknown as { __paints: typeof paints }).__paints = paints;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) paints.push({ name: e.name, ms: e.startTime });
        }).observe({ type: "paint", buffered: true });
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & {
            size: number;
            element: Element | null;
          })[])
            paints.push({
              name: "largest-contentful-paint",
              ms: e.startTime,
              size: e.size,
              element: e.element
                ? `${e.element.tagName.toLowerCase()}${e.element.id ? `#${e.element.id}` : ""}`
                : "",
            });
        }).observe({ type: "largest-contentful-paint", buffered: true });
      });
      const cdp = await context.newCDPSession(page);
      await cdp.send("Performance.enable");
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpu });
      if (network) {
        await cdp.send("Network.enable");
        await cdp.send("Network.emulateNetworkConditions", { offline: false, ...network });
      }
      await browser.startTracing(page, {
        categories: ["devtools.timeline", "v8", "disabled-by-default-devtools.timeline", "blink.user_timing"],
      });
      const started = performance.now();
      const response = await page.goto(`${bench.origin}${path}`, { waitUntil: "load" });
      const htmlBytes = Buffer.byteLength((await response?.text()) ?? "");
      await page.waitForFunction(
        () =>
          (window as { __reactRouterDataRouter?: { state: { initialized: boolean } } })
            .__reactRouterDataRouter?.state.initialized === true,
        undefined,
        { polling: 10 },
      );
      const hydratedMs = await page.evaluate(() => performance.now());
      await page.waitForTimeout(after);
      const { elements, hydratedElements } = await page.evaluate(() => {
        const all = [...document.querySelectorAll("*")];
        return {
          elements: all.length,
          hydratedElements: all.filter((e) => Object.keys(e).some((k) => k.startsWith("__reactFiber$")))
            .length,
        };
      });
      const tasks = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);
      const { spans, firsts } = await page.evaluate(() => {
        const w = window as unknown as {
          __longSpans: { start: number; end: number }[];
          __storageFirsts: { store: string; at: number; ms: number }[];
        };
        return { spans: w.__longSpans, firsts: w.__storageFirsts };
      });
      // Where each store's first access ran: its time, and the long task it lengthened (if any).
      const storage = firsts.map((f) => {
        const task = spans.find((t) => t.start <= f.at && f.at <= t.end);
        return {
          store: f.store,
          atMs: round(f.at, 0),
          ms: round(f.ms, 1),
          inLongTaskMs: task ? round(task.end - task.start, 0) : 0,
          beforeHydrated: f.at < hydratedMs,
        };
      });
      const paints = await page.evaluate(
        () =>
          (window as unknown as { __paints: { name: string; ms: number; size?: number; element?: string }[] })
            .__paints,
      );
      const fcpMs = round(paints.find((p) => p.name === "first-contentful-paint")?.ms ?? 0, 0);
      const lcp = paints.filter((p) => p.name === "largest-contentful-paint").at(-1);
      const scripts = scriptSizes.length;
      const scriptList = await Promise.all(scriptSizes);
      const scriptBytes = scriptList.reduce((sum, x) => sum + x.bytes, 0);
      const { traceEvents } = JSON.parse((await browser.stopTracing()).toString("utf8")) as {
        traceEvents: TraceEvent[];
      };
      const { kinds: trace, tasks: taskFigures } = breakdown(traceEvents, performance.now() - started);
      const commits = countCommits
        ? await page.evaluate(
            () => (window as unknown as { __commits: { atMs: number; hydrated: number }[] }).__commits,
          )
        : [];
      const { metrics } = (await cdp.send("Performance.getMetrics")) as {
        metrics: { name: string; value: number }[];
      };
      const metric = (n: string) => (metrics.find((m) => m.name === n)?.value ?? 0) * 1000;
      measured.push({
        blockingMs: round(
          tasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0),
          0,
        ),
        longTasks: tasks.length,
        longestMs: round(Math.max(0, ...tasks), 0),
        hydratedMs: round(hydratedMs, 0),
        fcpMs,
        lcpMs: round(lcp?.ms ?? 0, 0),
        lcpElement: lcp?.element ?? "",
        storage,
        scriptMs: round(metric("ScriptDuration"), 0),
        taskMs: round(metric("TaskDuration"), 0),
        load1: round(loadavg()[0] ?? 0, 2),
        htmlBytes,
        trace,
        tasks: taskFigures,
        commits,
        elements,
        hydratedElements,
        errors,
        scripts,
        scriptBytes,
        scriptList,
      });
      await context.close();
    }
    const stat = (
      key: Exclude<
        keyof Run,
        | "trace"
        | "tasks"
        | "commits"
        | "errors"
        | "scripts"
        | "scriptBytes"
        | "scriptList"
        | "lcpElement"
        | "storage"
      >,
    ) => {
      const sorted = measured.map((m) => m[key]).sort((a, b) => a - b);
      return { min: sorted[0] ?? 0, median: sorted[Math.floor((sorted.length - 1) / 2)] ?? 0 };
    };
    const summary = Object.fromEntries(
      (
        [
          "blockingMs",
          "longestMs",
          "hydratedMs",
          "fcpMs",
          "lcpMs",
          "scriptMs",
          "taskMs",
          "hydratedElements",
        ] as const
      ).map((k) => [k, stat(k)]),
    ) as Record<
      | "blockingMs"
      | "longestMs"
      | "hydratedMs"
      | "fcpMs"
      | "lcpMs"
      | "scriptMs"
      | "taskMs"
      | "hydratedElements",
      { min: number; median: number }
    >;
    const traceMedian = Object.fromEntries(
      KINDS.map((k) => {
        const sorted = measured.map((m) => m.trace[k]).sort((a, b) => a - b);
        return [k, sorted[Math.floor((sorted.length - 1) / 2)] ?? 0];
      }),
    ) as Record<Kind, number>;
    say(`${name} (${path}): blocking ${measured.map((m) => m.blockingMs).join(" / ")} ms`);
    say(
      `  longest task CPU ${measured.map((m) => m.tasks.longestCpuMs).join(" / ")} ms; wall ${measured.map((m) => m.tasks.longestWallMs).join(" / ")} ms; CPU beyond 12.5 ms ${measured.map((m) => m.tasks.cpuOver50).join(" / ")} ms`,
    );
    for (const m of measured)
      say(
        `  commit tasks (CPU ms / wall ms × commits): ${m.tasks.commitTasks.map((t) => `${t.cpuMs}/${t.wallMs}×${t.commits}`).join(", ")}`,
      );
    if (countCommits)
      for (const m of measured)
        say(
          `  commits (ms: elements hydrated): ${m.commits.map((c) => `${c.atMs}: ${c.hydrated}`).join(", ")}`,
        );
    say(
      `  framework tasks: longest ${measured.map((m) => m.tasks.frameworkLongestMs).join(" / ")} ms, blocking ${measured.map((m) => m.tasks.frameworkBlockingMs).join(" / ")} ms; longest commit task ${measured.map((m) => m.tasks.longestCommitMs).join(" / ")} ms`,
    );
    const taskStat = (
      key:
        | "longestWallMs"
        | "longestCpuMs"
        | "over50"
        | "cpuOver50"
        | "frameworkLongestMs"
        | "frameworkBlockingMs"
        | "longestCommitMs",
    ) => {
      const sorted = measured.map((m) => m.tasks[key]).sort((a, b) => a - b);
      return { min: sorted[0] ?? 0, median: sorted[Math.floor((sorted.length - 1) / 2)] ?? 0 };
    };
    results.push({
      page: name,
      path,
      htmlBytes: measured[0]?.htmlBytes ?? 0,
      summary,
      tasks: {
        longestWallMs: taskStat("longestWallMs"),
        longestCpuMs: taskStat("longestCpuMs"),
        over50: taskStat("over50"),
        cpuOver50: taskStat("cpuOver50"),
        frameworkLongestMs: taskStat("frameworkLongestMs"),
        frameworkBlockingMs: taskStat("frameworkBlockingMs"),
        longestCommitMs: taskStat("longestCommitMs"),
      },
      traceMedian,
      runs: measured,
    });
  }
  say();
  table(
    results.map((r) => ({
      page: r.page,
      "blocking min": r.summary.blockingMs.min,
      "blocking median": r.summary.blockingMs.median,
      "longest task median": r.summary.longestMs.median,
      "hydrated median": r.summary.hydratedMs.median,
      "FCP median": r.summary.fcpMs.median,
      "LCP median": r.summary.lcpMs.median,
      "LCP element": [...new Set(r.runs.map((x) => x.lcpElement))].join(" / "),
      "first localStorage (ms, in long task ms)": r.runs
        .map((x) => x.storage.find((f) => f.store === "localStorage"))
        .map((f) => (f ? `${f.ms} (${f.inLongTaskMs})` : "–"))
        .join(" / "),
      "script median": r.summary.scriptMs.median,
      "task median": r.summary.taskMs.median,
      "elements hydrated": `${r.summary.hydratedElements.median} of ${r.runs[0]?.elements ?? 0}`,
      errors: r.runs.reduce((n, x) => n + x.errors.length, 0),
      "scripts (bytes)": r.runs.map((x) => `${x.scripts} (${x.scriptBytes})`).join(" / "),
      "load 1 min": r.runs.map((x) => x.load1).join(" / "),
    })),
  );
  say("\nmain thread self time until hydrated + --after ms, median of the runs (ms), from Chromium's trace:");
  table(results.map((r) => ({ page: r.page, "HTML bytes": r.htmlBytes, ...r.traceMedian })));
  writeResult(values.name as string, {
    command: `node bench/main-thread.ts ${process.argv.slice(2).join(" ")}`.trim(),
    chromePath,
    cpuSlowdown: cpu,
    network: values.network,
    consent: withConsent,
    afterHydratedMs: after,
    runs,
    database: bench.shop.db.kind,
    unit: "ms",
    pages: results,
  });
} finally {
  await browser.close();
  await bench.stop();
}

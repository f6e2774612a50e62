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
 * its FCP/TTI window), the time hydration was done, and Chromium's own counters of script and task time.
 *
 * On a busy machine every figure grows with the load (the throttled CPU shares the cores): each page is run --runs
 * times (default 7) and the minimum and the median are reported, the minimum being the least disturbed; compare
 * two commits in one quiet hour, or one after the other with the load recorded beside them.
 *
 *   node bench/main-thread.ts [--runs 7] [--cpu 4] [--pages home,list,product,checkout] [--database-url …]
 */
const { values } = parseArgs({
  options: {
    "chrome-path": { type: "string", default: process.env.CHROME_PATH || "/usr/bin/chromium" },
    "database-url": { type: "string", default: process.env.DATABASE_URL },
    name: { type: "string", default: "main-thread" },
    runs: { type: "string", default: "7" },
    cpu: { type: "string", default: "4" },
    pages: { type: "string", default: "home,list,product,checkout" },
  },
});
const runs = Math.max(1, Number(values.runs) || 7);
const cpu = Math.max(1, Number(values.cpu) || 4);
const chromePath = values["chrome-path"] as string;
if (!existsSync(chromePath))
  throw new Error(`no Chromium at ${chromePath} (use --chrome-path or CHROME_PATH)`);
const { startBenchShop } = await import("./shop.ts");

interface Run {
  blockingMs: number;
  longTasks: number;
  longestMs: number;
  hydratedMs: number;
  scriptMs: number;
  taskMs: number;
  load1: number;
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
      const page = await context.newPage();
      await page.addInitScript(() => {
        const tasks: number[] = [];
        (window as unknown as { __longTasks: number[] }).__longTasks = tasks;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) tasks.push(entry.duration);
        }).observe({ type: "longtask", buffered: true });
      });
      const cdp = await context.newCDPSession(page);
      await cdp.send("Performance.enable");
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpu });
      await page.goto(`${bench.origin}${path}`, { waitUntil: "load" });
      await page.waitForFunction(
        () =>
          (window as { __reactRouterDataRouter?: { state: { initialized: boolean } } })
            .__reactRouterDataRouter?.state.initialized === true,
        undefined,
        { polling: 10 },
      );
      const hydratedMs = await page.evaluate(() => performance.now());
      await page.waitForTimeout(1000);
      const tasks = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);
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
        scriptMs: round(metric("ScriptDuration"), 0),
        taskMs: round(metric("TaskDuration"), 0),
        load1: round(loadavg()[0] ?? 0, 2),
      });
      await context.close();
    }
    const stat = (key: keyof Run) => {
      const sorted = measured.map((m) => m[key]).sort((a, b) => a - b);
      return { min: sorted[0] ?? 0, median: sorted[Math.floor((sorted.length - 1) / 2)] ?? 0 };
    };
    const summary = Object.fromEntries(
      (["blockingMs", "longestMs", "hydratedMs", "scriptMs", "taskMs"] as const).map((k) => [k, stat(k)]),
    ) as Record<
      "blockingMs" | "longestMs" | "hydratedMs" | "scriptMs" | "taskMs",
      { min: number; median: number }
    >;
    say(`${name} (${path}): blocking ${measured.map((m) => m.blockingMs).join(" / ")} ms`);
    results.push({ page: name, path, summary, runs: measured });
  }
  say();
  table(
    results.map((r) => ({
      page: r.page,
      "blocking min": r.summary.blockingMs.min,
      "blocking median": r.summary.blockingMs.median,
      "longest task median": r.summary.longestMs.median,
      "hydrated median": r.summary.hydratedMs.median,
      "script median": r.summary.scriptMs.median,
      "task median": r.summary.taskMs.median,
      "load 1 min": r.runs.map((x) => x.load1).join(" / "),
    })),
  );
  writeResult(values.name as string, {
    command: `node bench/main-thread.ts ${process.argv.slice(2).join(" ")}`.trim(),
    chromePath,
    cpuSlowdown: cpu,
    runs,
    database: bench.shop.db.kind,
    unit: "ms",
    pages: results,
  });
} finally {
  await browser.close();
  await bench.stop();
}

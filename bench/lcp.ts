import { existsSync } from "node:fs";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { PHONE_HEADERS, PHONE_UA, round, say, writeResult } from "./lib.ts";

/**
 * What the largest contentful paint of a page is, and what the phone's main thread does before it (issue 16):
 * Chromium at --chrome-path (default /usr/bin/chromium) with Lighthouse's phone (412 × 823, Moto G Power's
 * User-Agent, no consent cookie, as Lighthouse loads a page) and its CPU slowed --cpu times (default 4), each run in
 * a new context. For each run: the first contentful paint, every LCP candidate the browser reported (the element,
 * its size, its time), and the renderer main thread's top-level tasks from navigation until the last candidate
 * (start, duration, and what their time went to: parse, style, layout, script, paint — Chromium's trace), so a
 * late LCP is told from a slow one. Lighthouse simulates its phone from an unthrottled trace (its LCP is the
 * observed one's dependencies, CPU ×4); this bench throttles for real, which orders the same tasks the same way.
 *
 *   node bench/lcp.ts [--runs 3] [--cpu 4] [--pages home,product] [--database-url …]
 */
const { values } = parseArgs({
  options: {
    "chrome-path": { type: "string", default: process.env.CHROME_PATH || "/usr/bin/chromium" },
    "database-url": { type: "string", default: process.env.DATABASE_URL },
    name: { type: "string", default: "lcp" },
    runs: { type: "string", default: "3" },
    cpu: { type: "string", default: "4" },
    pages: { type: "string", default: "home,product" },
  },
});
const runs = Math.max(1, Number(values.runs) || 3);
const cpu = Math.max(1, Number(values.cpu) || 4);
const chromePath = values["chrome-path"] as string;
if (!existsSync(chromePath))
  throw new Error(`no Chromium at ${chromePath} (use --chrome-path or CHROME_PATH)`);
const { startBenchShop } = await import("./shop.ts");

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { frame?: string; url?: string } };
}
/** What a trace event's time counts as (Chromium's devtools.timeline names; top-level of each kind only). */
const KIND: Record<string, string> = {
  ParseHTML: "parse",
  UpdateLayoutTree: "style",
  Layout: "layout",
  EvaluateScript: "script",
  "v8.evaluateModule": "script",
  FunctionCall: "script",
  Paint: "paint",
};

/**
 * The page's main thread (the renderer thread that parsed the page) from the document's request: its time by kind
 * before the first contentful paint and in the 3 s after it, the elements styled by each style pass before it, and
 * the top-level tasks after it that were longer than 50 ms (what Total Blocking Time counts).
 */
function mainThread(events: TraceEvent[], pageUrl: string) {
  const start = events.find((e) => e.name === "ResourceSendRequest" && e.args?.data?.url === pageUrl);
  const fcp = events.find((e) => e.name === "firstContentfulPaint" && e.ts > (start?.ts ?? 0));
  const parse = events.find(
    (e) =>
      e.name === "ParseHTML" &&
      (e.args as { beginData?: { url?: string } } | undefined)?.beginData?.url === pageUrl,
  );
  if (!start || !fcp || !parse) return null;
  const onMain = events.filter((e) => e.pid === parse.pid && e.tid === parse.tid && e.ph === "X");
  const ms = (ts: number) => (ts - start.ts) / 1000;
  const before: Record<string, number> = {};
  const after: Record<string, number> = {};
  const styled: number[] = [];
  let outerEnd = 0;
  for (const e of onMain.sort((a, b) => a.ts - b.ts)) {
    const kind = KIND[e.name];
    if (!kind || e.ts < start.ts) continue;
    // Only the outermost event of a kind counts (a FunctionCall inside an EvaluateScript is the same time).
    if (kind === "script" && e.ts < outerEnd) continue;
    if (kind === "script") outerEnd = e.ts + (e.dur ?? 0);
    const into = e.ts < fcp.ts ? before : ms(e.ts) < ms(fcp.ts) + 3000 ? after : null;
    if (!into) continue;
    into[kind] = round((into[kind] ?? 0) + (e.dur ?? 0) / 1000, 1);
    if (e.name === "UpdateLayoutTree" && e.ts < fcp.ts)
      styled.push(Number((e.args as { elementCount?: number } | undefined)?.elementCount ?? 0));
  }
  const longTasks = onMain
    .filter(
      (e) => e.name === "RunTask" && e.ts >= fcp.ts && (e.dur ?? 0) > 50_000 && ms(e.ts) < ms(fcp.ts) + 3000,
    )
    .map((e) => round((e.dur ?? 0) / 1000, 0));
  return { fcpMs: round(ms(fcp.ts), 0), before, after, styled, longTasks };
}

const bench = await startBenchShop({ name: values.name as string, databaseUrl: values["database-url"] });
const browser = await chromium.launch({
  executablePath: chromePath,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});
const results = [];
try {
  const pages = await bench.pages(new Set((values.pages as string).split(",").map((p) => p.trim())));
  for (const { page: name, path, cookie } of pages) {
    for (let run = 0; run < runs; run++) {
      // The page cache holds the phone's rendering (as bench/lighthouse.ts warms it): a returning shopper's page.
      // It keeps a page on its second request (decision 0085).
      for (let i = 0; i < 2; i++)
        await fetch(`${bench.origin}${path}`, {
          headers: { ...PHONE_HEADERS, ...(cookie ? { cookie } : {}) },
        }).then((r) => r.arrayBuffer());
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1.75,
        isMobile: true,
        hasTouch: true,
        userAgent: PHONE_UA,
        ...(cookie ? { extraHTTPHeaders: { cookie } } : {}),
      });
      const page = await context.newPage();
      await page.addInitScript(() => {
        const seen: unknown[] = [];
        (window as unknown as { __lcp: unknown[] }).__lcp = seen;
        const describe = (el: Element | null) => {
          if (!el) return "(removed)";
          const id = el.id ? `#${el.id}` : "";
          const cls = el.getAttribute("class")?.split(" ").slice(0, 2).join(".") ?? "";
          const parent = el.parentElement;
          const up = parent ? `${parent.tagName.toLowerCase()}${parent.id ? `#${parent.id}` : ""} > ` : "";
          return `${up}${el.tagName.toLowerCase()}${id}${cls ? `.${cls}` : ""} "${(el.textContent ?? "").trim().slice(0, 40)}"`;
        };
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & {
            element: Element | null;
            size: number;
            url: string;
          })[]) {
            seen.push({
              kind: "lcp",
              ms: Math.round(e.startTime),
              size: e.size,
              element: describe(e.element),
              url: e.url,
            });
          }
        }).observe({ type: "largest-contentful-paint", buffered: true });
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) seen.push({ kind: e.name, ms: Math.round(e.startTime) });
        }).observe({ type: "paint", buffered: true });
      });
      const cdp = await context.newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpu });
      await browser.startTracing(page, {
        categories: ["devtools.timeline", "v8", "disabled-by-default-devtools.timeline", "loading"],
      });
      await page.goto(`${bench.origin}${path}`, { waitUntil: "load" });
      await page.waitForTimeout(3000);
      if (process.env.LCP_DUMP) {
        const { writeFileSync } = await import("node:fs");
        writeFileSync(
          `${process.env.LCP_DUMP}-${name}-${run + 1}.json`,
          (await browser.stopTracing()).toString("utf8"),
        );
        await browser.startTracing(page, { categories: ["devtools.timeline"] });
      }
      const entries = (await page.evaluate(() => (window as unknown as { __lcp: unknown[] }).__lcp)) as {
        kind: string;
        ms: number;
        size?: number;
        element?: string;
      }[];
      // Elements the browser skips while they are off the screen (content-visibility: auto, decision 0075): visible
      // to checkVisibility() but not once content-visibility: auto counts, at the end of the load, unscrolled.
      const elements = await page.evaluate(() => {
        const all = [...document.body.querySelectorAll("*")];
        return {
          all: all.length,
          skipped: all.filter(
            (e) => e.checkVisibility() && !e.checkVisibility({ contentVisibilityAuto: true }),
          ).length,
        };
      });
      const { traceEvents } = JSON.parse((await browser.stopTracing()).toString("utf8")) as {
        traceEvents: TraceEvent[];
      };
      const thread = mainThread(traceEvents, `${bench.origin}${path}`);
      say(`${name} run ${run + 1} (load ${round(loadavg()[0] ?? 0, 2)}):`);
      for (const e of entries) say(`  ${e.ms} ms ${e.kind}${e.element ? ` ${e.size} px² ${e.element}` : ""}`);
      say(`  elements ${elements.all}, skipped while off the screen ${elements.skipped}`);
      if (thread)
        say(
          `  trace: FCP at ${thread.fcpMs} ms; before it ${JSON.stringify(thread.before)} (elements styled ${thread.styled.join(", ")}); 3 s after it ${JSON.stringify(thread.after)}, tasks > 50 ms: ${thread.longTasks.join(", ") || "none"}`,
        );
      results.push({
        page: name,
        path,
        run: run + 1,
        load1: round(loadavg()[0] ?? 0, 2),
        entries,
        elements,
        thread,
      });
      await context.close();
    }
  }
} finally {
  await browser.close();
  await bench.stop();
}
writeResult(values.name as string, { cpu, runs, results });

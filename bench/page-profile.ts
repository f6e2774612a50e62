import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { round, say, table, writeResult } from "./lib.ts";

/**
 * Where a page's main-thread script time goes while it loads and hydrates (issues 13 and 16, decision 0060):
 * Chromium (as bench/main-thread.ts: a phone's viewport, CPU slowed --cpu times, a new context per run) with V8's
 * sampling profiler and precise coverage on, from the navigation until the router has hydrated plus one second.
 * Reports, summed over --runs runs: self time per script (chunk) and per function (the heaviest --top), and each
 * chunk's size and the share of its bytes that ran (block coverage). The bench shop is bench/shop.ts's.
 *
 *   node bench/page-profile.ts [--runs 3] [--cpu 4] [--pages checkout,product,home] [--top 25]
 */
const { values } = parseArgs({
  options: {
    "chrome-path": { type: "string", default: process.env.CHROME_PATH || "/usr/bin/chromium" },
    "database-url": { type: "string", default: process.env.DATABASE_URL },
    name: { type: "string", default: "page-profile" },
    runs: { type: "string", default: "3" },
    cpu: { type: "string", default: "4" },
    top: { type: "string", default: "25" },
    pages: { type: "string", default: "checkout,product,home" },
  },
});
const runs = Math.max(1, Number(values.runs) || 3);
const cpu = Math.max(1, Number(values.cpu) || 4);
const top = Math.max(1, Number(values.top) || 25);
const chromePath = values["chrome-path"] as string;
if (!existsSync(chromePath)) throw new Error(`no Chromium at ${chromePath}`);
const { startBenchShop } = await import("./shop.ts");

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}
interface Coverage {
  result: {
    url: string;
    functions: { ranges: { startOffset: number; endOffset: number; count: number }[] }[];
  }[];
}

const short = (url: string) => (url ? (url.split("/").pop() ?? url).replace(/-[\w-]{8}\.js$/, ".js") : "");

const bench = await startBenchShop({ name: "page-profile", databaseUrl: values["database-url"] });
const browser = await chromium.launch({
  executablePath: chromePath,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});
try {
  const pages = await bench.pages(new Set((values.pages as string).split(",").map((p) => p.trim())));
  const results = [];
  for (const { page: name, path, cookie } of pages) {
    const byScript = new Map<string, number>();
    const byFunction = new Map<string, number>();
    const sizes = new Map<string, { bytes: number; used: number }>();
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1.75,
        isMobile: true,
        hasTouch: true,
        ...(cookie ? { extraHTTPHeaders: { cookie } } : {}),
      });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpu });
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
      await cdp.send("Profiler.startPreciseCoverage", { callCount: false, detailed: true });
      await cdp.send("Profiler.start");
      await page.goto(`${bench.origin}${path}`, { waitUntil: "load" });
      await page.waitForFunction(
        () =>
          (window as { __reactRouterDataRouter?: { state: { initialized: boolean } } })
            .__reactRouterDataRouter?.state.initialized === true,
        undefined,
        { polling: 10 },
      );
      await page.waitForTimeout(1000);
      const { profile } = (await cdp.send("Profiler.stop")) as { profile: Profile };
      const coverage = (await cdp.send("Profiler.takePreciseCoverage")) as Coverage;
      const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
      profile.samples.forEach((id, i) => {
        const node = nodes.get(id);
        if (!node) return;
        const ms = (profile.timeDeltas[i] ?? 0) / 1000;
        const { url, functionName, lineNumber, columnNumber } = node.callFrame;
        const script = url ? short(url) : `(${functionName || "native"})`;
        byScript.set(script, (byScript.get(script) ?? 0) + ms);
        const fn = `${functionName || "(anonymous)"} ${script}:${lineNumber + 1}:${columnNumber + 1}`;
        byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
      });
      if (run === 0) {
        for (const script of coverage.result) {
          if (!script.url.includes("/assets/")) continue;
          const source = await page.evaluate(
            async (u) => (await fetch(u, { cache: "force-cache" })).text(),
            script.url,
          );
          const bytes = source.length;
          // Block coverage: the outermost range is the script; a range counted 0 inside a run one is unused.
          const unused = new Uint8Array(bytes);
          for (const fn of script.functions)
            for (const r of fn.ranges) unused.fill(r.count === 0 ? 1 : 0, r.startOffset, r.endOffset);
          const used = bytes - unused.reduce((s, b) => s + b, 0);
          sizes.set(short(script.url), { bytes, used });
        }
      }
      await context.close();
    }
    const scripts = [...byScript.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([script, ms]) => ({
        script,
        "self ms / run": round(ms / runs, 1),
        bytes: sizes.get(script)?.bytes ?? "",
        "used %": sizes.has(script)
          ? round((100 * (sizes.get(script)?.used ?? 0)) / (sizes.get(script)?.bytes || 1), 0)
          : "",
      }));
    const functions = [...byFunction.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([fn, ms]) => ({ function: fn.slice(0, 90), "self ms / run": round(ms / runs, 1) }));
    say(`\n${name} (${path}), ${runs} runs, CPU ×${cpu}:`);
    table(scripts.slice(0, 30));
    table(functions);
    const total = [...byScript.values()].reduce((s, v) => s + v, 0) / runs;
    say(`sampled total ${round(total, 0)} ms / run`);
    results.push({ page: name, path, scripts, functions, totalMs: round(total, 0) });
  }
  writeResult(values.name as string, {
    command: `node bench/page-profile.ts ${process.argv.slice(2).join(" ")}`.trim(),
    chromePath,
    cpuSlowdown: cpu,
    runs,
    unit: "ms",
    pages: results,
  });
} finally {
  await browser.close();
  await bench.stop();
}

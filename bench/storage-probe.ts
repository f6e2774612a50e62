import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { round, say, table, writeResult } from "./lib.ts";

/**
 * What a page's first access to each browser store costs on the main thread (issue 16, decision 0079): a page
 * whose head script times `document.cookie`, `history.replaceState`, `sessionStorage.getItem` and
 * `localStorage.getItem`, each twice, in a new browser context per run (so every access is the tab's first), in
 * Chromium at --chrome-path, unthrottled. The first access of each store is a synchronous call into the browser
 * process, which is busy loading the page; the second is served from the renderer's copy. Reports each access's
 * time per run (ms) and the median.
 *
 *   node bench/storage-probe.ts [--runs 9] [--chrome-path /usr/bin/chromium]
 */
const { values } = parseArgs({
  options: {
    "chrome-path": { type: "string", default: process.env.CHROME_PATH || "/usr/bin/chromium" },
    runs: { type: "string", default: "9" },
    name: { type: "string", default: "storage-probe" },
  },
});
const runs = Math.max(1, Number(values.runs) || 9);
const STEPS = ["cookie", "cookie again", "replaceState", "session", "session again", "local", "local again"];
const html = `<!doctype html><html><head><script>
const T = []; let t = performance.now();
const m = () => { const x = performance.now(); T.push(x - t); t = x; };
document.cookie; m(); document.cookie; m();
history.replaceState({ key: "x" }, ""); m();
sessionStorage.getItem("a"); m(); sessionStorage.getItem("b"); m();
localStorage.getItem("a"); m(); localStorage.getItem("b"); m();
window.__probe = T;
</script></head><body><p>probe</p></body></html>`;
const server = createServer((_req, res) => {
  res.setHeader("content-type", "text/html");
  res.end(html);
}).listen(0, "127.0.0.1");
await new Promise((resolve) => server.once("listening", resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const browser = await chromium.launch({
  executablePath: values["chrome-path"] as string,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});
const measured: number[][] = [];
const loads: number[] = [];
try {
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${origin}/`);
    measured.push(
      (await page.evaluate(() => (window as unknown as { __probe: number[] }).__probe)).map((x) =>
        round(x, 1),
      ),
    );
    loads.push(round(loadavg()[0] ?? 0, 2));
    await context.close();
  }
} finally {
  await browser.close();
  server.close();
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? 0;
table(
  STEPS.map((step, i) => ({
    access: step,
    "median ms": median(measured.map((r) => r[i] ?? 0)),
    "runs (ms)": measured.map((r) => r[i] ?? 0).join(" / "),
  })),
);
say(`load average (1 min) per run: ${loads.join(" / ")}`);
writeResult(values.name as string, {
  command: `node bench/storage-probe.ts ${process.argv.slice(2).join(" ")}`.trim(),
  runs,
  unit: "ms",
  steps: STEPS,
  measured,
  loadAverage: loads,
});

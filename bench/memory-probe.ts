import { appendFileSync, readFileSync } from "node:fs";
import { getHeapStatistics } from "node:v8";

/**
 * Loaded into the shop's own process by `node bench/memory.ts --probe` (`node --import=bench/memory-probe.ts …`):
 * every 100 ms one JSON line into the file in MEMORY_PROBE_FILE with what the process itself sees — resident memory
 * and its peak (/proc/self/status VmRSS and VmHWM), V8's heap, and `malloced_memory`: V8's own allocations outside
 * the heap, most of it the zones TurboFan compiles PGlite's WebAssembly in (decision 0071). The timer does not keep
 * the process alive; nothing of the shop imports this file.
 */
const file = process.env.MEMORY_PROBE_FILE;
if (file) {
  const mb = (bytes: number) => Math.round((bytes / 1048576) * 10) / 10;
  const started = performance.timeOrigin;
  const sample = () => {
    const status = readFileSync("/proc/self/status", "utf8");
    const kb = (field: string) =>
      Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN);
    const heap = getHeapStatistics();
    const usage = process.memoryUsage();
    appendFileSync(
      file,
      `${JSON.stringify({
        t: Math.round(Date.now() - started),
        rss: mb(kb("VmRSS") * 1024),
        hwm: mb(kb("VmHWM") * 1024),
        heapTotal: mb(usage.heapTotal),
        heapUsed: mb(usage.heapUsed),
        external: mb(usage.external),
        malloced: mb(heap.malloced_memory),
        peakMalloced: mb(heap.peak_malloced_memory),
      })}\n`,
    );
  };
  sample();
  setInterval(sample, 100).unref();
}

import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { round } from "./lib.ts";

/**
 * An autocannon run in its own process (so the load generator does not share a core with the server under
 * test), with p50/p95/p99 computed from every 2xx response time (autocannon's own summary has no p95).
 */
export interface LoadOptions {
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  /** Bodies sent in turn (each connection cycles through them); `body` is then ignored. */
  bodies?: string[];
  connections: number;
  durationSeconds: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  total2xx: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  throughputMBps: number;
}

interface AutocannonResult {
  requests: { average: number };
  throughput: { average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  duration: number;
  "2xx": number;
}
interface AutocannonInstance {
  on(event: "response", listener: (client: unknown, status: number, bytes: number, ms: number) => void): void;
}
type Autocannon = (
  opts: Record<string, unknown>,
  done: (error: Error | null, result: AutocannonResult) => void,
) => AutocannonInstance;

/** Runs the load in a child process and returns its figures. */
export function runLoad(opts: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    // Large option sets (many bodies) go through a file: one argument may hold at most 128 kB.
    let arg = JSON.stringify(opts);
    if (arg.length > 100_000) {
      const file = join(mkdtempSync(join(tmpdir(), "mili-load-")), "options.json");
      writeFileSync(file, arg);
      arg = `@${file}`;
    }
    const child = spawn(process.execPath, [import.meta.filename, arg], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), (opts.durationSeconds + 60) * 1000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      const line = out.split("\n").find((l) => l.startsWith("RESULT "));
      if (code === 0 && line) resolve(JSON.parse(line.slice(7)) as LoadResult);
      else reject(new Error(`autocannon run failed (exit ${code})`));
    });
  });
}

function percentile(sorted: Float64Array, p: number) {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

async function main(opts: LoadOptions) {
  const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;
  const times: number[] = [];
  const result = await new Promise<AutocannonResult>((resolve, reject) => {
    const instance = autocannon(
      {
        url: opts.url,
        method: opts.method ?? "GET",
        headers: opts.headers,
        body: opts.body,
        ...(opts.bodies
          ? { requests: opts.bodies.map((body) => ({ method: opts.method ?? "GET", body })) }
          : {}),
        connections: opts.connections,
        duration: opts.durationSeconds,
        timeout: 10,
      },
      (error, r) => (error ? reject(error) : resolve(r)),
    );
    instance.on("response", (_client, status, _bytes, ms) => {
      if (status >= 200 && status < 300) times.push(ms);
    });
  });
  const sorted = Float64Array.from(times).sort();
  const summary: LoadResult = {
    requestsPerSecond: round(result.requests.average, 0),
    total2xx: result["2xx"],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    p50: round(percentile(sorted, 50), 2),
    p95: round(percentile(sorted, 95), 2),
    p99: round(percentile(sorted, 99), 2),
    max: round(sorted.at(-1) ?? Number.NaN, 2),
    throughputMBps: round(result.throughput.average / 2 ** 20, 2),
  };
  process.stdout.write(`RESULT ${JSON.stringify(summary)}\n`);
}

if (import.meta.main) {
  const arg = process.argv[2] ?? "{}";
  const opts = JSON.parse(arg.startsWith("@") ? readFileSync(arg.slice(1), "utf8") : arg) as LoadOptions;
  const url = new URL(opts.url ?? "http://x");
  if (url.hostname !== "127.0.0.1" && url.hostname !== "localhost") {
    console.error("bench/load.ts only loads 127.0.0.1");
    process.exit(1);
  }
  await main(opts);
}

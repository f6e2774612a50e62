import { Agent, request } from "node:http";
import { round } from "./lib.ts";

/**
 * A crawler in its own process: every URL in the list fetched once, by `connections` workers taking the next URL
 * from one queue (keep-alive, as crawlers do), each answer read whole. Prints `RESULT {…}` with the walk's
 * requests per second and the percentiles of the answers' times.
 */
export interface WalkOptions {
  urls: string[];
  connections: number;
  headers?: Record<string, string>;
}

export interface WalkResult {
  requests: number;
  seconds: number;
  requestsPerSecond: number;
  non200: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

function fetchOnce(url: string, agent: Agent, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { agent, headers }, (res) => {
      res.on("data", () => {});
      res.on("end", () => resolve(res.statusCode ?? 0));
      res.on("error", reject);
    });
    req.setTimeout(30_000, () => req.destroy(new Error("timeout")));
    req.on("error", reject);
    req.end();
  });
}

async function main(opts: WalkOptions) {
  const agent = new Agent({ keepAlive: true, maxSockets: opts.connections });
  const queue = [...opts.urls];
  const times: number[] = [];
  let non200 = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: opts.connections }, async () => {
      for (let url = queue.shift(); url; url = queue.shift()) {
        const t = performance.now();
        const status = await fetchOnce(url, agent, opts.headers ?? {}).catch(() => 0);
        if (status === 200) times.push(performance.now() - t);
        else non200++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  const sorted = Float64Array.from(times).sort();
  const at = (p: number) =>
    round(sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0, 1);
  const result: WalkResult = {
    requests: opts.urls.length,
    seconds: round(elapsed, 2),
    requestsPerSecond: round(opts.urls.length / elapsed, 1),
    non200,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    max: round(sorted.at(-1) ?? 0, 1),
  };
  process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
}

if (import.meta.main) {
  const opts = JSON.parse(process.argv[2] as string) as WalkOptions;
  if (opts.urls.some((u) => !/^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(u))) {
    console.error("bench/crawl-walk.ts only walks 127.0.0.1");
    process.exit(1);
  }
  await main(opts);
}

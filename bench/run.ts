import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { say } from "./lib.ts";

/**
 * `npm run bench`: the quick variants, one after the other: GraphQL throughput (5 s per target) and memory
 * with the default catalog only. They write bench/results/*-quick.json, leaving the full runs' results alone.
 * The full runs, and the slow ones (startup, seed, memory with 100,000 products), are run one by one (see
 * bench/README.md).
 */
const runs: [string, string[]][] = [
  ["graphql-throughput.ts", ["--duration", "5", "--warmup", "2", "--name", "graphql-throughput-quick"]],
  ["memory.ts", ["--large", "0", "--requests", "100", "--name", "memory-quick"]],
];
let failed = false;
for (const [script, args] of runs) {
  say(`\n=== node bench/${script} ${args.join(" ")}`);
  const r = spawnSync(process.execPath, [join(import.meta.dirname, script), ...args], {
    stdio: "inherit",
    timeout: 10 * 60_000,
  });
  if (r.status !== 0) {
    failed = true;
    say(`bench/${script} failed (${r.status ?? r.signal})`);
  }
}
process.exit(failed ? 1 : 0);

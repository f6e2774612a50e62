import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { CHANNEL_BODY } from "./channel-query.ts";
import { procMemory, root, round, say, seconds, table, waitFor200, writeResult } from "./lib.ts";
import { productBody, productsBody } from "./product-query.ts";

/**
 * Resident memory of the shop's process started as `npm start` starts it (`node <the start script's flags>
 * scripts/start.ts`, production; VmRSS from /proc/<pid>/status) right after start-up and after a short warm-up
 * (home page and channel query, --requests of each), with the default catalog (seeded at start-up) and with a
 * large catalog (seeded beforehand into a PGlite directory with the seed CLI; the server does not seed a database
 * that has data). The environment is passed on (PGLITE_SHARED_BUFFERS=128MB measures initdb's default);
 * --node-flags replaces the start script's Node flags (to measure each one alone).
 *
 * What the flags cost in speed (decision 0071): the shop process's CPU time (all its threads, V8's compiler threads
 * too; /proc/<pid>/stat) and the wall time of the warm-up (cold: V8 compiles PGlite's hot code meanwhile) and, with
 * --cpu-rounds N, of N rounds of 100 `product(alias)` of products not asked before (the response cache misses each
 * one), one at a time, after the settle. --probe loads bench/memory-probe.ts into the shop's process (`--import`,
 * not one of the flags measured): the memory as the process sees it every 100 ms — V8's `malloced_memory` (where
 * TurboFan's compile zones are) and its peak, VmRSS and VmHWM.
 *
 *   node bench/memory.ts [--large 100000] [--requests 200] [--settle 30] [--node-flags="--max-semi-space-size=16"]
 *                        [--cpu-rounds 5] [--probe] [--name memory]   (--large 0 skips the large catalog)
 *                        [--large-dir var/bench/memory-100000]   (seeded the first time, then reused: one catalog
 *                                                                 for runs that compare flags)
 */
const { values } = parseArgs({
  options: {
    large: { type: "string", default: "100000" },
    requests: { type: "string", default: "200" },
    /** Seconds to wait after the warm-up before a last reading (V8 compiles PGlite's hot code for 10–20 s). */
    settle: { type: "string", default: "0" },
    name: { type: "string", default: "memory" },
    "node-flags": { type: "string" },
    "cpu-rounds": { type: "string", default: "0" },
    probe: { type: "boolean", default: false },
    "large-dir": { type: "string" },
  },
});
const large = Number(values.large);
const requests = Number(values.requests);
const settle = Number(values.settle);
const cpuRounds = Number(values["cpu-rounds"]);
const PROBE = join(root, "bench", "memory-probe.ts");
/** The Node flags of package.json's start script (`node <flags> scripts/start.ts`). */
function startScriptFlags(): string[] {
  const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts: { start: string } };
  const words = pkg.scripts.start.trim().split(/\s+/);
  if (words[0] !== "node" || words.at(-1) !== "scripts/start.ts")
    throw new Error(
      `package.json's start script is not "node [flags] scripts/start.ts": ${pkg.scripts.start}`,
    );
  return words.slice(1, -1);
}
const nodeFlags =
  values["node-flags"] === undefined ? startScriptFlags() : values["node-flags"].split(/\s+/).filter(Boolean);
const API_KEY = "bench-memory-api-key";
const API_HEADERS = { "content-type": "application/json", "x-apikey": API_KEY };
const loadAtStart = loadavg();
function loadAverage() {
  return { atStart: loadAtStart.map((n) => round(n, 2)), atEnd: loadavg().map((n) => round(n, 2)) };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const address = s.address();
      const port = typeof address === "object" && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}

interface Scenario {
  catalog: string;
  products: number;
  seedSeconds: number | null;
  readySeconds: number;
  afterStartupMb: number;
  afterWarmupMb: number;
  afterSettleMb: number | null;
  peakMb: number;
  homeStatus: number;
  channelStatus: number;
  /** The warm-up's wall and the shop's CPU seconds (all threads). */
  warmupSeconds: number;
  warmupCpuSeconds: number;
  /** Each round: 100 product(alias) of products not asked before, one at a time, after the settle. */
  productRounds: { wallSeconds: number; cpuSeconds: number }[];
  /**
   * The last time this bench saw the process above 350 MB resident (issue 16's goal; VmRSS read every 50 ms from
   * outside, so a busy main thread in the shop does not hide it), seconds after the spawn; null if it never was.
   */
  lastAbove350AtSeconds: number | null;
  /** The highest peak (VmHWM) among the shop's child processes seen every 50 ms: the seed of a new folder. */
  childPeakMb: number | null;
  probe: ProbeSummary | null;
}

interface ProbeSample {
  t: number;
  rss: number;
  hwm: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  malloced: number;
  peakMalloced: number;
}

interface ProbeSummary {
  samples: number;
  /** V8's malloced_memory at its highest (peak_malloced_memory), and the sample's highest with its time. */
  peakMallocedMb: number;
  maxMallocedMb: number;
  maxMallocedAtSeconds: number;
  /** malloced_memory at the bench's readings. */
  mallocedAfterStartupMb: number | null;
  mallocedAfterWarmupMb: number | null;
  mallocedAfterSettleMb: number | null;
  /** One sample a second: seconds since the start, RSS and malloced_memory in MB. */
  timeline: [number, number, number][];
}

const CLOCK_TICKS = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout) || 100;
/** CPU seconds a process has used, all its threads (utime + stime of /proc/<pid>/stat). */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

function summarizeProbe(file: string, marks: { startup: number; warmup: number; settle: number | null }) {
  if (!existsSync(file)) return null;
  const samples = readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ProbeSample);
  const first = samples[0];
  if (!first) return null;
  const at = (ms: number | null) =>
    ms === null ? null : (samples.findLast((s) => s.t <= ms) ?? first).malloced;
  const max = samples.reduce((a, b) => (b.malloced > a.malloced ? b : a));
  const timeline: [number, number, number][] = [];
  for (const s of samples) {
    if (timeline.length === 0 || s.t / 1000 >= (timeline.at(-1) as [number, number, number])[0] + 1)
      timeline.push([Math.floor(s.t / 1000), s.rss, s.malloced]);
  }
  return {
    samples: samples.length,
    peakMallocedMb: Math.max(...samples.map((s) => s.peakMalloced)),
    maxMallocedMb: max.malloced,
    maxMallocedAtSeconds: seconds(max.t),
    mallocedAfterStartupMb: at(marks.startup),
    mallocedAfterWarmupMb: at(marks.warmup),
    mallocedAfterSettleMb: at(marks.settle),
    timeline,
  } satisfies ProbeSummary;
}

/** The aliases of `count` products in the default channel's order, skipping the first `skip`. */
async function aliases(origin: string, skip: number, count: number): Promise<string[]> {
  const found: string[] = [];
  while (found.length < count) {
    const take = Math.min(200, count - found.length);
    const body = JSON.parse(productsBody(take));
    body.query = body.query.replace("products(take: $take", "products(take: $take, skip: $skip");
    body.query = body.query.replace("query($take: Int)", "query($take: Int, $skip: Int)");
    body.variables.skip = skip + found.length;
    const res = await fetch(`${origin}/graphql`, {
      method: "POST",
      headers: API_HEADERS,
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { data?: { products: { products: { alias: string }[] } } };
    const page = json.data?.products.products ?? [];
    if (page.length === 0) throw new Error(`products(skip: ${skip + found.length}) answered no products`);
    found.push(...page.map((p) => p.alias));
  }
  return found;
}

async function measure(catalog: string, products: number, pgliteDir: string, seedSeconds: number | null) {
  const port = await freePort();
  const probeFile = join(work, `${catalog}-probe.jsonl`);
  const started = performance.now();
  const since = () => Math.round(performance.now() - started);
  const probeFlags = values.probe ? [`--import=${PROBE}`] : [];
  let lastAbove350: number | null = null;
  let childPeak: number | null = null;
  const child = spawn(process.execPath, [...nodeFlags, ...probeFlags, join(root, "scripts", "start.ts")], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: "",
      NODE_ENV: "production",
      API_KEY,
      HOST: "127.0.0.1",
      PORT: String(port),
      PGLITE_DIR: pgliteDir,
      SECRETS_DIR: join(pgliteDir, "..", `${catalog}-secrets`),
      IMAGE_CACHE_DIR: join(pgliteDir, "..", `${catalog}-images`),
      MAIL_OUTBOX_DIR: join(pgliteDir, "..", `${catalog}-outbox`),
      LOG_LEVEL: "silent",
      SEED_PRODUCTS: String(products),
      MEMORY_PROBE_FILE: values.probe ? probeFile : "",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const watch = setInterval(() => {
    try {
      if (child.pid && procMemory(child.pid).rssMb > 350) lastAbove350 = since();
    } catch {
      // not started yet, or gone
    }
    try {
      const children = readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, "utf8").split(" ");
      for (const pid of children.filter(Boolean)) {
        const { peakMb } = procMemory(Number(pid));
        if (Number.isFinite(peakMb) && peakMb > (childPeak ?? 0)) childPeak = peakMb;
      }
    } catch {
      // none, or gone
    }
  }, 50);
  try {
    const origin = `http://127.0.0.1:${port}`;
    await waitFor200(`${origin}/healthz`, 15 * 60_000, () => child.exitCode === null);
    const readySeconds = seconds(performance.now() - started);
    await new Promise((r) => setTimeout(r, 1000));
    const pid = child.pid as number;
    const afterStartup = procMemory(pid);
    const startupMark = since();
    const warmupStarted = performance.now();
    const warmupCpu = cpuSeconds(pid);
    let homeStatus = 0;
    let channelStatus = 0;
    for (let i = 0; i < requests; i++) {
      const home = await fetch(`${origin}/`);
      await home.arrayBuffer();
      homeStatus = Math.max(homeStatus, home.status);
      const channel = await fetch(`${origin}/graphql`, {
        method: "POST",
        headers: API_HEADERS,
        body: CHANNEL_BODY,
      });
      await channel.arrayBuffer();
      channelStatus = Math.max(channelStatus, channel.status);
    }
    const warmupSeconds = seconds(performance.now() - warmupStarted);
    const warmupCpuSeconds = round(cpuSeconds(pid) - warmupCpu, 2);
    await new Promise((r) => setTimeout(r, 1000));
    const afterWarmup = procMemory(pid);
    const warmupMark = since();
    let afterSettle: number | null = null;
    let settleMark: number | null = null;
    if (settle > 0) {
      await new Promise((r) => setTimeout(r, settle * 1000));
      afterSettle = procMemory(pid).rssMb;
      settleMark = since();
    }
    const productRounds: Scenario["productRounds"] = [];
    if (cpuRounds > 0) {
      // Products the warm-up did not ask for (it asks none), each once: the response cache misses every one.
      const all = await aliases(origin, 0, cpuRounds * 100);
      for (let r = 0; r < cpuRounds; r++) {
        const roundStarted = performance.now();
        const cpu = cpuSeconds(pid);
        for (const alias of all.slice(r * 100, r * 100 + 100)) {
          const res = await fetch(`${origin}/graphql`, {
            method: "POST",
            headers: API_HEADERS,
            body: productBody(alias),
          });
          const text = await res.text();
          if (res.status !== 200 || !text.includes(`"alias":"${alias}"`))
            throw new Error(`product(alias: ${alias}) failed (${res.status}): ${text.slice(0, 300)}`);
        }
        productRounds.push({
          wallSeconds: seconds(performance.now() - roundStarted),
          cpuSeconds: round(cpuSeconds(pid) - cpu, 2),
        });
      }
    }
    return {
      catalog,
      products,
      seedSeconds,
      readySeconds,
      afterStartupMb: afterStartup.rssMb,
      afterWarmupMb: afterWarmup.rssMb,
      afterSettleMb: afterSettle,
      peakMb: procMemory(pid).peakMb,
      homeStatus,
      channelStatus,
      warmupSeconds,
      warmupCpuSeconds,
      productRounds,
      lastAbove350AtSeconds: lastAbove350 === null ? null : seconds(lastAbove350),
      childPeakMb: childPeak,
      probe: values.probe
        ? summarizeProbe(probeFile, { startup: startupMark, warmup: warmupMark, settle: settleMark })
        : null,
    } satisfies Scenario;
  } finally {
    clearInterval(watch);
    await stopChild(child);
  }
}

if (!existsSync(join(root, "build", "server", "index.js"))) {
  say("warning: no storefront build (npm run build); the home page will not be server-rendered");
}
const scenarios: Scenario[] = [];
const work = mkdtempSync(join(tmpdir(), "mili-bench-memory-"));
try {
  say(`default catalog: starting the server (it seeds 2000 products), then ${requests}× home + channel…`);
  scenarios.push(await measure("default", 2000, join(work, "default"), null));
  if (large > 0) {
    const kept = values["large-dir"];
    const dir = kept ? resolve(kept) : join(work, "large");
    let seedSeconds: number | null = null;
    if (kept && existsSync(join(dir, "PG_VERSION"))) say(`large catalog: ${dir} (seeded before)`);
    else seedSeconds = seedLarge(dir);
    scenarios.push(await measure(`${large}`, large, dir, seedSeconds));
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

function seedLarge(dir: string): number {
  say(`large catalog: npm run seed -- --products ${large} --reset…`);
  const seedStarted = performance.now();
  const seeded = spawnSync(
    process.execPath,
    [join(root, "db", "seed", "cli.ts"), "--products", String(large), "--reset"],
    {
      cwd: root,
      env: { ...process.env, DATABASE_URL: "", PGLITE_DIR: dir },
      stdio: ["ignore", "inherit", "inherit"],
      timeout: 20 * 60_000,
    },
  );
  if (seeded.status !== 0) throw new Error(`seeding ${large} products failed (status ${seeded.status})`);
  const seedSeconds = seconds(performance.now() - seedStarted);
  say(`…seeded in ${seedSeconds} s; starting the server on it`);
  return seedSeconds;
}

say();
table(
  scenarios.map((s) => ({
    catalog: s.catalog,
    "ready s": s.readySeconds,
    "RSS after start MB": s.afterStartupMb,
    "RSS after warm-up MB": s.afterWarmupMb,
    ...(settle > 0 ? { [`RSS ${settle} s later MB`]: s.afterSettleMb } : {}),
    "peak MB": s.peakMb,
    "last > 350 MB at s": s.lastAbove350AtSeconds,
    "child peak MB": s.childPeakMb,
    ...(s.probe
      ? {
          "malloced peak MB": s.probe.peakMallocedMb,
          "malloced start/warm/settle MB": [
            s.probe.mallocedAfterStartupMb,
            s.probe.mallocedAfterWarmupMb,
            s.probe.mallocedAfterSettleMb,
          ].join(" / "),
        }
      : {}),
    "warm-up s (CPU s)": `${s.warmupSeconds} (${s.warmupCpuSeconds})`,
    ...(cpuRounds > 0
      ? {
          "100 product(alias) CPU s": s.productRounds.map((r) => r.cpuSeconds).join(" "),
          "wall s": s.productRounds.map((r) => r.wallSeconds).join(" "),
        }
      : {}),
    "home/channel status": `${s.homeStatus}/${s.channelStatus}`,
  })),
);
writeResult(values.name as string, {
  command: `node bench/memory.ts --large ${large} --requests ${requests} --settle ${settle} --cpu-rounds ${cpuRounds}${values.probe ? " --probe" : ""} --node-flags="${nodeFlags.join(" ")}"`,
  load: loadAverage(),
  nodeFlags,
  sharedBuffers: process.env.PGLITE_SHARED_BUFFERS ?? "(default)",
  requests,
  scenarios,
});
if (scenarios.some((s) => s.homeStatus !== 200 || s.channelStatus !== 200)) process.exitCode = 1;

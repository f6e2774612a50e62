import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { CHANNEL_BODY } from "./channel-query.ts";
import { procMemory, root, say, seconds, table, waitFor200, writeResult } from "./lib.ts";

/**
 * Resident memory of the shop's process started as `npm start` starts it (`node <the start script's flags>
 * scripts/start.ts`, production; VmRSS from /proc/<pid>/status) right after start-up and after a short warm-up
 * (home page and channel query, --requests of each), with the default catalog (seeded at start-up) and with a
 * large catalog (seeded beforehand into a PGlite directory with the seed CLI; the server does not seed a database
 * that has data). The environment is passed on (PGLITE_SHARED_BUFFERS=128MB measures initdb's default);
 * --node-flags replaces the start script's Node flags (to measure each one alone).
 *
 *   node bench/memory.ts [--large 100000] [--requests 200] [--settle 30] [--node-flags="--max-semi-space-size=16"]
 *                                                               (--large 0 skips the large catalog)
 */
const { values } = parseArgs({
  options: {
    large: { type: "string", default: "100000" },
    requests: { type: "string", default: "200" },
    /** Seconds to wait after the warm-up before a last reading (V8 compiles PGlite's hot code for 10–20 s). */
    settle: { type: "string", default: "0" },
    name: { type: "string", default: "memory" },
    "node-flags": { type: "string" },
  },
});
const large = Number(values.large);
const requests = Number(values.requests);
const settle = Number(values.settle);
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
}

async function measure(catalog: string, products: number, pgliteDir: string, seedSeconds: number | null) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeFlags, join(root, "scripts", "start.ts")], {
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
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    const origin = `http://127.0.0.1:${port}`;
    await waitFor200(`${origin}/healthz`, 15 * 60_000, () => child.exitCode === null);
    const readySeconds = seconds(performance.now() - started);
    await new Promise((r) => setTimeout(r, 1000));
    const afterStartup = procMemory(child.pid as number);
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
    await new Promise((r) => setTimeout(r, 1000));
    const afterWarmup = procMemory(child.pid as number);
    let afterSettle: number | null = null;
    if (settle > 0) {
      await new Promise((r) => setTimeout(r, settle * 1000));
      afterSettle = procMemory(child.pid as number).rssMb;
    }
    return {
      catalog,
      products,
      seedSeconds,
      readySeconds,
      afterStartupMb: afterStartup.rssMb,
      afterWarmupMb: afterWarmup.rssMb,
      afterSettleMb: afterSettle,
      peakMb: afterWarmup.peakMb,
      homeStatus,
      channelStatus,
    } satisfies Scenario;
  } finally {
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
    say(`large catalog: npm run seed -- --products ${large} --reset…`);
    const dir = join(work, "large");
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
    scenarios.push(await measure(`${large}`, large, dir, seedSeconds));
  }
} finally {
  rmSync(work, { recursive: true, force: true });
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
    "home/channel status": `${s.homeStatus}/${s.channelStatus}`,
  })),
);
writeResult(values.name as string, {
  command: `node bench/memory.ts --large ${large} --requests ${requests} --settle ${settle} --node-flags="${nodeFlags.join(" ")}"`,
  nodeFlags,
  sharedBuffers: process.env.PGLITE_SHARED_BUFFERS ?? "(default)",
  requests,
  scenarios,
});
if (scenarios.some((s) => s.homeStatus !== 200 || s.channelStatus !== 200)) process.exitCode = 1;

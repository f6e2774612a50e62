import { spawn, spawnSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { parseArgs } from "node:util";
import { root, say, seconds, table, writeResult } from "./lib.ts";

/**
 * From a fresh clone to a healthy shop: `git clone` of the repository's HEAD into a temporary directory,
 * `npm ci` there, then `npm start` (builds the storefront, migrates and seeds PGlite with the default
 * catalog) until /healthz answers 200. The server is stopped and the directory removed afterwards.
 *
 *   node bench/startup.ts [--keep]
 */
const { values } = parseArgs({ options: { keep: { type: "boolean", default: false } } });

// npm and the node it runs are the ones running this script; the clone uses its own PGlite directory.
const env: NodeJS.ProcessEnv = {
  ...process.env,
  PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ""}`,
};
for (const name of ["DATABASE_URL", "PGLITE_DIR", "PORT", "HOST", "NODE_ENV", "LOG_LEVEL", "SEED_PRODUCTS"]) {
  delete env[name];
}

function timed(label: string, command: string, args: string[], cwd: string, timeoutMs: number) {
  say(`$ ${command} ${args.join(" ")}`);
  const started = performance.now();
  const r = spawnSync(command, args, { cwd, env, stdio: ["ignore", "ignore", "pipe"], timeout: timeoutMs });
  if (r.status !== 0)
    throw new Error(`${label} failed (${r.status ?? r.signal}): ${r.stderr?.toString().slice(-2000)}`);
  return performance.now() - started;
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

const work = mkdtempSync(join(tmpdir(), "mili-bench-startup-"));
const clone = join(work, "mili");
let server: ReturnType<typeof spawn> | undefined;
try {
  const cloneMs = timed(
    "git clone",
    "git",
    ["clone", "--quiet", "--no-hardlinks", root, clone],
    work,
    120_000,
  );
  const head = spawnSync("git", ["rev-parse", "HEAD"], { cwd: clone }).stdout.toString().trim();
  const ciMs = timed("npm ci", "npm", ["ci", "--no-audit", "--no-fund"], clone, 15 * 60_000);

  const port = await freePort();
  say(`$ PORT=${port} npm start`);
  const logFile = join(work, "start.log");
  const log = openSync(logFile, "w");
  const started = performance.now();
  server = spawn("npm", ["start"], {
    cwd: clone,
    env: { ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", log, log],
    detached: true, // its own process group: npm, node and anything they start are stopped together
  });
  closeSync(log);
  let listeningMs: number | null = null;
  let readyMs: number | null = null;
  const deadline = Date.now() + 15 * 60_000;
  while (Date.now() < deadline && server.exitCode === null) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      listeningMs ??= performance.now() - started;
      if (res.status === 200) {
        readyMs = performance.now() - started;
        break;
      }
    } catch {
      // not listening yet (still building)
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  if (readyMs === null)
    throw new Error(`npm start did not get healthy:\n${readFileSync(logFile, "utf8").slice(-3000)}`);

  // The seed logs how long it took (pino JSON line "seeded the demo catalog").
  let seedSeconds: number | null = null;
  for (const line of readFileSync(logFile, "utf8").split("\n")) {
    if (!line.includes("seeded the demo catalog")) continue;
    try {
      seedSeconds = (JSON.parse(line) as { seconds?: number }).seconds ?? null;
    } catch {
      const m = /seconds"?:\s*([\d.]+)/.exec(line);
      seedSeconds = m ? Number(m[1]) : null;
    }
  }

  const rows = [
    { step: "git clone", seconds: seconds(cloneMs) },
    { step: "npm ci", seconds: seconds(ciMs) },
    {
      step: "npm start → listening (build, boot)",
      seconds: listeningMs === null ? null : seconds(listeningMs),
    },
    { step: "npm start → /healthz 200", seconds: seconds(readyMs) },
    { step: "  of which seeding (from the log)", seconds: seedSeconds },
    { step: "total", seconds: seconds(cloneMs + ciMs + readyMs) },
  ];
  say();
  table(rows);
  writeResult("startup", {
    command: "node bench/startup.ts",
    clonedCommit: head,
    cloneSeconds: seconds(cloneMs),
    npmCiSeconds: seconds(ciMs),
    startListeningSeconds: listeningMs === null ? null : seconds(listeningMs),
    startHealthySeconds: seconds(readyMs),
    seedSeconds,
    totalSeconds: seconds(cloneMs + ciMs + readyMs),
  });
} finally {
  if (server?.pid) {
    // npm exits at once on SIGTERM; the shop (its child, same process group) closes its database first.
    const group = -server.pid;
    const alive = () => {
      try {
        process.kill(group, 0);
        return true;
      } catch {
        return false;
      }
    };
    const signal = (name: NodeJS.Signals) => {
      try {
        process.kill(group, name);
      } catch {
        // the group is gone already
      }
    };
    signal("SIGTERM");
    const deadline = Date.now() + 15_000;
    while (alive() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    if (alive()) signal("SIGKILL");
  }
  if (values.keep) say(`kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}

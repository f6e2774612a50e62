import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, totalmem } from "node:os";
import { join, resolve } from "node:path";
import postgres from "postgres";

/** Shared helpers of the benchmark scripts: output, result files, throwaway PostgreSQL databases. */

export const root = resolve(import.meta.dirname, "..");
export const resultsDir = join(import.meta.dirname, "results");

export function say(line = "") {
  process.stdout.write(`${line}\n`);
}

/** Prints rows as an aligned text table (numbers right-aligned). */
export function table(rows: Record<string, string | number | null | undefined>[]) {
  if (!rows.length) return;
  const headers = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const cell = (v: unknown) => (v === null || v === undefined ? "" : String(v));
  const widths = headers.map((h) => Math.max(h.length, ...rows.map((r) => cell(r[h]).length)));
  const line = (values: string[], numeric: boolean[]) =>
    values.map((v, i) => (numeric[i] ? v.padStart(widths[i] ?? 0) : v.padEnd(widths[i] ?? 0))).join("  ");
  say(
    line(
      headers,
      headers.map(() => false),
    ),
  );
  say(widths.map((w) => "-".repeat(w)).join("  "));
  for (const r of rows) {
    say(
      line(
        headers.map((h) => cell(r[h])),
        headers.map((h) => typeof r[h] === "number"),
      ),
    );
  }
}

/** The machine the figures were taken on, stored with every result. */
export function machine() {
  const cpu = cpus();
  return {
    cores: cpu.length,
    cpu: cpu[0]?.model ?? "unknown",
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
  };
}

export function gitHead(): string | null {
  try {
    return execFileSync("git", ["rev-parse", "HEAD"], { cwd: root, encoding: "utf8" }).trim();
  } catch {
    // Not a checkout (git reads a worktree's `.git` file, which the old reading of .git/HEAD could not).
    return null;
  }
}

/** Writes bench/results/<name>.json with the date, machine and commit next to the figures. */
export function writeResult(name: string, data: unknown) {
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, `${name}.json`);
  const body = {
    benchmark: name,
    date: new Date().toISOString(),
    commit: gitHead(),
    machine: machine(),
    ...(data as object),
  };
  writeFileSync(file, `${JSON.stringify(body, null, 2)}\n`);
  say(`\nwrote ${file}`);
}

export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
export const seconds = (ms: number) => round(ms / 1000, 1);

/** A new, empty database on the PostgreSQL server at `base`; `drop` removes it again. */
/**
 * The environment every bench starts its shop with: production, on the loopback at a free port, silent, the
 * development API key and a bench-only secret, its PGlite directory under `dataDir` (or the PostgreSQL database at
 * `databaseUrl`). A bench adds what it compares (page cache, response cache, …).
 */
export function benchShopEnv(dataDir: string, databaseUrl?: string | null): Record<string, string> {
  return {
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: "0",
    LOG_LEVEL: "silent",
    API_KEY: "dev-api-key",
    AUTH_SECRET: "bench-only-secret-bench-only-secret-0123",
    PGLITE_DIR: join(dataDir, "db"),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
}

export async function tempPostgresDatabase(base: string, prefix: string) {
  const name = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const a = postgres(base, { max: 1, onnotice: () => {} });
      try {
        await a.unsafe(`drop database if exists ${name} with (force)`);
      } finally {
        await a.end();
      }
    },
  };
}

/** Polls `url` until it answers 200, or throws after `timeoutMs`. */
export async function waitFor200(url: string, timeoutMs: number, isAlive: () => boolean = () => true) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error(`the server exited before ${url} answered 200`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s`);
}

/** Resident memory of a process in MB, from /proc/<pid>/status (VmRSS, and VmHWM = peak). */
export function procMemory(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN);
  return { rssMb: round(kb("VmRSS") / 1024), peakMb: round(kb("VmHWM") / 1024) };
}

export const DEFAULT_POSTGRES = "postgres://postgres@127.0.0.1:5432/postgres";

/**
 * Runs `work` with the V8 profiler of this process on when `dir` is given, writing `<dir>/<name>.cpuprofile` (open it
 * in Chrome's DevTools or read its self time by package): only the measured run, not the start-up around it.
 */
export async function profiled<T>(dir: string | undefined, name: string, work: () => Promise<T>): Promise<T> {
  if (!dir) return work();
  const { Session } = await import("node:inspector/promises");
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 500 });
  await session.post("Profiler.start");
  try {
    return await work();
  } finally {
    const { profile } = await session.post("Profiler.stop");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
    session.disconnect();
  }
}

/** The User-Agent of Lighthouse's mobile emulation (a Moto G Power on Android). */
export const PHONE_UA =
  "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36";

/** What Lighthouse's phone sends for a page: the benches warm the page cache with the phone's rendering. */
export const PHONE_HEADERS = {
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "accept-encoding": "gzip, deflate, br",
  "user-agent": PHONE_UA,
  "sec-ch-ua-mobile": "?1",
};

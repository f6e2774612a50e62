import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEV_API_KEY } from "#server/config.ts";

/**
 * "What good looks like": the README's `npm start` runs the whole shop with no settings and is safe on the
 * internet — production mode (issue 10, item 10: React Router ran in development mode and answered stack traces),
 * secrets generated once and kept under var/ with their place printed, never a shared default; the development
 * key only in `npm run dev`. The probes run against `node scripts/start.ts` itself, as `npm start` runs it, in its
 * own folders (PGLITE_DIR, SECRETS_DIR) or database.
 */

const root = resolve(import.meta.dirname, "../..");
let dir: string;
let dbName: string | undefined;
let databaseUrl: string | undefined;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "mili-npm-start-"));
  const base = process.env.DATABASE_URL;
  if (base) {
    dbName = `mili_start_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = postgres(base, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${dbName}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  if (process.env.DATABASE_URL && dbName) {
    const admin = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
});

interface Started {
  child: ChildProcess;
  origin: string;
  log: string[];
}

/** `npm start` (or `npm run dev` with --dev) with no settings but its folders; resolves once it is ready. */
function npmStart(args: string[] = []): Promise<Started> {
  const child = spawn(process.execPath, [join(root, "scripts/start.ts"), ...args], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: "0",
      HOST: "127.0.0.1",
      PGLITE_DIR: join(dir, "db"),
      SECRETS_DIR: join(dir, "secrets"),
      SEED_PRODUCTS: "40",
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const log: string[] = [];
  return new Promise((done, fail) => {
    let buffer = "";
    const read = (chunk: Buffer) => {
      buffer += chunk.toString("utf8");
      for (let i = buffer.indexOf("\n"); i >= 0; i = buffer.indexOf("\n")) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 1);
        log.push(line);
        const port = /"port":(\d+).*Mili is ready/.exec(line)?.[1];
        if (port) done({ child, origin: `http://127.0.0.1:${port}`, log });
      }
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    child.once("exit", (code) => fail(new Error(`npm start exited with ${code}:\n${log.join("\n")}`)));
  });
}

function stop(started: Started): Promise<void> {
  return new Promise((done) => {
    if (started.child.exitCode !== null) return done();
    started.child.once("exit", () => done());
    started.child.kill("SIGTERM");
  });
}

const graphql = (origin: string, key: string) =>
  fetch(`${origin}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-apikey": key },
    body: JSON.stringify({ query: "{ channels { channelId } }" }),
  });

async function introspect(origin: string, key: string) {
  const response = await fetch(`${origin}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-apikey": key },
    body: JSON.stringify({ query: "{ __schema { queryType { name } } }" }),
  });
  return (await response.json()) as {
    data?: { __schema?: { queryType?: { name?: string } } };
    errors?: { message: string }[];
  };
}

// Each test starts `npm start` as a process (npm, Node, migrations, a seed): a minute on a busy CI machine.
describe("npm start on a fresh clone", { timeout: 180_000 }, () => {
  it("runs in production mode with generated secrets, kept and printed, and no development key", async () => {
    const shop = await npmStart();
    try {
      const ready = shop.log.find((line) => line.includes("Mili is ready")) ?? "";
      expect(JSON.parse(ready)).toMatchObject({ mode: "production" });
      const kept = shop.log.find((line) => line.includes("secrets not set in the environment")) ?? "";
      expect(kept).toContain(join(dir, "secrets"));
      const key = readFileSync(join(dir, "secrets", "api-key"), "utf8").trim();
      expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(key).not.toBe(DEV_API_KEY);
      // The development key is refused; the generated one works (and the storefront, in-process, needs nothing).
      expect((await graphql(shop.origin, DEV_API_KEY)).status).toBe(401);
      expect((await graphql(shop.origin, key)).status).toBe(200);
      expect((await fetch(`${shop.origin}/`)).status).toBe(200);
      // No payment provider configured: the sandboxes take the payments (no money), and the log says so.
      expect(shop.log.some((line) => line.includes("no payment provider configured"))).toBe(true);
      expect(await (await fetch(`${shop.origin}/sandbox/klarna/pay/unknown-order`)).text()).toBe(
        "No such order",
      );
      // No introspection in production (npm run dev has it).
      const introspection = await introspect(shop.origin, key);
      expect(introspection.errors?.[0]?.message).toMatch(/introspection/i);
      expect(introspection.data ?? null).toBeNull();
      // Metrics only with the generated token.
      const token = readFileSync(join(dir, "secrets", "metrics-token"), "utf8").trim();
      expect((await fetch(`${shop.origin}/metrics`)).status).toBe(401);
      expect(
        (await fetch(`${shop.origin}/metrics`, { headers: { authorization: `Bearer ${key}` } })).status,
      ).toBe(401);
      expect(
        (await fetch(`${shop.origin}/metrics`, { headers: { authorization: `Bearer ${token}` } })).status,
      ).toBe(200);
      // A route that fails answers without a stack trace.
      const broken = await fetch(`${shop.origin}/api/cart.data`, {
        method: "POST",
        headers: { "content-type": "text/plain", "sec-fetch-site": "same-origin" },
        body: "x",
      });
      expect(broken.status).toBe(415);
      expect(await broken.text()).not.toMatch(/\n\s+at\s/);
    } finally {
      await stop(shop);
    }
    // A restart keeps the secrets it generated: clients keep their key.
    const again = await npmStart();
    try {
      const key = readFileSync(join(dir, "secrets", "api-key"), "utf8").trim();
      expect((await graphql(again.origin, key)).status).toBe(200);
    } finally {
      await stop(again);
    }
  });

  it("npm run dev is development: the development key works", async () => {
    const shop = await npmStart(["--dev"]);
    try {
      expect(JSON.parse(shop.log.find((line) => line.includes("Mili is ready")) ?? "{}")).toMatchObject({
        mode: "development",
      });
      expect((await graphql(shop.origin, DEV_API_KEY)).status).toBe(200);
      expect((await introspect(shop.origin, DEV_API_KEY)).data?.__schema?.queryType?.name).toBe("Query");
    } finally {
      await stop(shop);
    }
  });
});

import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, DEV_API_KEY, parseConfig } from "./config.ts";
import { resolveSecrets } from "./secrets.ts";

describe("configuration", () => {
  it("has working defaults for a newcomer, in production mode", () => {
    const c = parseConfig({});
    expect(c.NODE_ENV).toBe("production");
    expect(c.production).toBe(true);
    expect(c.PORT).toBe(3000);
    expect(c.PGLITE_DIR).toBe("var/db");
    expect(c.SECRETS_DIR).toBe("var/secrets");
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.MARKET_IN_PATH).toBe(false);
    expect(c.TRUST_PROXY).toBe(false);
    expect(c.DOMAINS.size).toBe(0);
    expect(c.RATE_LIMITS.size).toBe(0);
  });

  it("reads PORT, DOMAINS and MARKET_IN_PATH", () => {
    const c = parseConfig({ PORT: "8080", DOMAINS: "nb|mili.no, sv|Mili.SE", MARKET_IN_PATH: "true" });
    expect(c.PORT).toBe(8080);
    expect(Object.fromEntries(c.DOMAINS)).toEqual({ "mili.no": "nb", "mili.se": "sv" });
    expect(c.MARKET_IN_PATH).toBe(true);
  });

  it("reads RATE_LIMITS overrides and refuses unknown limits and malformed entries", () => {
    const c = parseConfig({ RATE_LIMITS: "code.ip=5/60, cart.global=100/600" });
    expect(Object.fromEntries(c.RATE_LIMITS)).toEqual({
      "code.ip": { points: 5, seconds: 60 },
      "cart.global": { points: 100, seconds: 600 },
    });
    expect(() => parseConfig({ RATE_LIMITS: "made.up=5/60" })).toThrow(
      /RATE_LIMITS.*unknown limit "made.up"/s,
    );
    expect(() => parseConfig({ RATE_LIMITS: "code.ip=5" })).toThrow(/RATE_LIMITS/);
    expect(() => parseConfig({ RATE_LIMITS: "code.ip=0/60" })).toThrow(/RATE_LIMITS/);
  });

  it("refuses malformed values with a message that names the variable", () => {
    expect(() => parseConfig({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => parseConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
    expect(() => parseConfig({ DOMAINS: "fr|mili.fr" })).toThrow(/DOMAINS/);
    expect(() => parseConfig({ GRAPHQL_URL: "not a url" })).toThrow(/GRAPHQL_URL/);
    expect(() => parseConfig({ PUBLIC_URL: "ftp://mili.no" })).toThrow(/PUBLIC_URL/);
    expect(() => parseConfig({ AUTH_SECRET: "short" })).toThrow(ConfigError);
  });

  it("sizes PGlite's shared buffers at 16MB unless told otherwise, in PostgreSQL's units, at least 128kB", () => {
    expect(parseConfig({}).PGLITE_SHARED_BUFFERS).toBe("16MB");
    expect(parseConfig({ PGLITE_SHARED_BUFFERS: "128MB" }).PGLITE_SHARED_BUFFERS).toBe("128MB");
    expect(parseConfig({ PGLITE_SHARED_BUFFERS: "128kB" }).PGLITE_SHARED_BUFFERS).toBe("128kB");
    expect(parseConfig({ PGLITE_SHARED_BUFFERS: "1GB" }).PGLITE_SHARED_BUFFERS).toBe("1GB");
    for (const bad of ["16", "16mb", "16 MB", "-16MB", "64kB", "0MB", "16MB; drop"])
      expect(() => parseConfig({ PGLITE_SHARED_BUFFERS: bad }), bad).toThrow(/PGLITE_SHARED_BUFFERS/);
  });

  it("lets only a shop outside production commit without waiting for the disk", () => {
    expect(parseConfig({}).DATABASE_SYNCHRONOUS_COMMIT).toBe("on");
    expect(
      parseConfig({ NODE_ENV: "test", DATABASE_SYNCHRONOUS_COMMIT: "off" }).DATABASE_SYNCHRONOUS_COMMIT,
    ).toBe("off");
    expect(() => parseConfig({ DATABASE_SYNCHRONOUS_COMMIT: "off" })).toThrow(
      /DATABASE_SYNCHRONOUS_COMMIT.*test/,
    );
    expect(() => parseConfig({ NODE_ENV: "test", DATABASE_SYNCHRONOUS_COMMIT: "maybe" })).toThrow(
      /DATABASE_SYNCHRONOUS_COMMIT/,
    );
  });
});

describe("secrets", () => {
  const dirs: string[] = [];
  const root = () => {
    const dir = mkdtempSync(join(tmpdir(), "mili-secrets-"));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("generates unset secrets once, keeps them under var/secrets (owner-only) and reads them back", () => {
    const shop = root();
    const first = resolveSecrets(parseConfig({}), shop);
    expect(first.kept).toEqual({
      API_KEY: join("var", "secrets", "api-key"),
      AUTH_SECRET: join("var", "secrets", "auth-secret"),
      METRICS_TOKEN: join("var", "secrets", "metrics-token"),
    });
    for (const value of [first.apiKey, first.authSecret, first.metricsToken])
      expect(value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Set([first.apiKey, first.authSecret, first.metricsToken]).size).toBe(3);
    const file = join(shop, "var", "secrets", "auth-secret");
    expect(readFileSync(file, "utf8").trim()).toBe(first.authSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    // A restart reads the same values; another shop gets its own.
    const again = resolveSecrets(parseConfig({}), shop);
    expect(again).toEqual(first);
    expect(resolveSecrets(parseConfig({}), root()).authSecret).not.toBe(first.authSecret);
  });

  it("takes secrets from the environment, and the development key only outside production", () => {
    const shop = root();
    const set = resolveSecrets(
      parseConfig({ API_KEY: "k", AUTH_SECRET: "x".repeat(32), METRICS_TOKEN: "m".repeat(16) }),
      shop,
    );
    expect(set).toMatchObject({
      apiKey: "k",
      authSecret: "x".repeat(32),
      metricsToken: "m".repeat(16),
      kept: {},
    });
    const dev = resolveSecrets(parseConfig({ NODE_ENV: "development" }), shop);
    expect(dev.apiKey).toBe(DEV_API_KEY);
    expect(dev.kept.API_KEY).toBeUndefined();
    // Never a shared default: the auth secret is generated in development too.
    expect(dev.authSecret).not.toMatch(/development/);
    expect(resolveSecrets(parseConfig({}), shop).apiKey).not.toBe(DEV_API_KEY);
  });

  it("never replaces a kept secret; an emptied file stops start-up with a message naming it", () => {
    const shop = root();
    const file = join(shop, "var", "secrets", "api-key");
    const results = Array.from({ length: 5 }, () => resolveSecrets(parseConfig({}), shop).apiKey);
    expect(new Set(results).size).toBe(1);
    writeFileSync(file, "   \n");
    expect(() => resolveSecrets(parseConfig({}), shop)).toThrow(/api-key is empty/);
  });

  it("reads CORS_ORIGINS as origins (none by default), adding PUBLIC_URL's origin", () => {
    expect(parseConfig({}).corsOrigins).toEqual([]);
    const c = parseConfig({
      CORS_ORIGINS: "https://butikk.example, http://localhost:5173/",
      PUBLIC_URL: "https://mili.example/shop",
    });
    expect(c.corsOrigins).toEqual([
      "https://butikk.example",
      "http://localhost:5173",
      "https://mili.example",
    ]);
    expect(() => parseConfig({ CORS_ORIGINS: "https://butikk.example/path" })).toThrow(/CORS_ORIGINS/);
    expect(() => parseConfig({ CORS_ORIGINS: "*" })).toThrow(/CORS_ORIGINS/);
    expect(() => parseConfig({ CORS_ORIGINS: "null" })).toThrow(/CORS_ORIGINS/);
  });
});

/** The Node flags of package.json's start script (`node <flags> scripts/start.ts`). */
function startScriptFlags(): string[] {
  const pkg = JSON.parse(readFileSync(join(import.meta.dirname, "..", "package.json"), "utf8"));
  const words: string[] = pkg.scripts.start.split(/\s+/);
  expect(words[0]).toBe("node");
  expect(words.at(-1)).toBe("scripts/start.ts");
  return words.slice(1, -1);
}

/**
 * A WebAssembly function `f(n)` that loops n times (a sum), run until V8's dynamic tiering would have moved it to
 * TurboFan many times over; `--wasm-sync-tier-up` compiles a tier-up at once (no background thread to wait for) and
 * `--trace-wasm-compilation-times` prints each compile with its compiler.
 */
const HOT_WASM =
  "const b = new Uint8Array([0,97,115,109,1,0,0,0,1,6,1,96,1,127,1,127,3,2,1,0,7,5,1,1,102,0,0,10,27,1,25,1,1,127," +
  "3,64,32,1,32,0,106,33,1,32,0,65,1,107,34,0,13,0,11,32,1,11]);" +
  "const { f } = new WebAssembly.Instance(new WebAssembly.Module(b)).exports;" +
  "let s = 0; for (let i = 0; i < 20; i++) s = (s + f(1e6)) | 0; console.log(s);";
function compilesOfHotWasm(flags: string[]): string {
  const probe = spawnSync(
    process.execPath,
    [...flags, "--wasm-sync-tier-up", "--trace-wasm-compilation-times", "-e", HOT_WASM],
    { encoding: "utf8" },
  );
  expect(probe.stderr).toBe("");
  expect(probe.status).toBe(0);
  return probe.stdout;
}

describe("npm start's Node flags", () => {
  it("caps V8's young generation at 16 MB semi-spaces, a flag the running Node accepts (decision 0069)", () => {
    const flags = startScriptFlags();
    expect(flags).toContain("--max-semi-space-size=16");
    const probe = spawnSync(
      process.execPath,
      [
        ...flags,
        "-e",
        // Short-lived objects in plenty: V8 grows the young generation to its cap (128 MB uncapped on a big machine).
        "let keep = []; for (let i = 0; i < 3e6; i++) { keep.push({ i }); if (keep.length > 2e5) keep = []; }" +
          "const s = require('node:v8').getHeapSpaceStatistics().find((x) => x.space_name === 'new_space');" +
          "console.log(s.space_size)",
      ],
      { encoding: "utf8" },
    );
    expect(probe.stderr).toBe("");
    // Two semi-spaces of at most 16 MB each.
    expect(Number(probe.stdout)).toBeLessThanOrEqual(32 * 1024 * 1024);
  });

  it("keeps WebAssembly in V8's baseline compiler (Liftoff): TurboFan compiling PGlite's parser took ~580 MB (decision 0071)", () => {
    const flags = startScriptFlags();
    expect(flags).toEqual(expect.arrayContaining(["--no-wasm-tier-up", "--no-wasm-dynamic-tiering"]));
    // Without the flags the probe sees the tier-up (so its silence below means something)…
    expect(compilesOfHotWasm([])).toMatch(/using TurboFan/);
    // …with them the hot function stays in Liftoff.
    const withFlags = compilesOfHotWasm(flags);
    expect(withFlags).toMatch(/using Liftoff/);
    expect(withFlags).not.toMatch(/using TurboFan/);
  });
});

import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Node loads graphql's CommonJS entry; make Vitest load the same file, so there is one graphql-js
// (GraphQLError instances from resolvers must be recognised by Yoga's error masking).
const graphqlEntry = fileURLToPath(new URL("./node_modules/graphql/index.js", import.meta.url));

// expect.poll waits 1 s by default: too little for a page to reload or a list to load on a busy 2-core CI
// machine. A poll still passes as soon as its condition holds; only a failing one waits this long.
const expect = { poll: { timeout: 15_000 } };

// Test timeouts are generous: CI runs the PostgreSQL suite beside `npm test` (decision 0061), five files at once on
// two cores, and a test that opens its own PGlite or spawns the server spent up to 73 s there. A timeout only
// bounds a hang; no test asserts a duration.

// The shop runs inside the test's worker: every page it renders allocates much short-lived memory, and V8's default
// young generation (16 MB semi-spaces) collects it so often that the scavenges cost about a sixth of the worker's
// CPU. Larger semi-spaces for the workers that run a shop: home.test.ts 22.5 → 18.4 s of CPU (decision 0061).
const execArgv = ["--max-semi-space-size=64"];

// Files share their worker process (decision 0066): with isolation every file paid a fresh process, the import of
// the shop's whole module graph and the server build again — a third of its CPU (five integration files 26.6 →
// 16.2 s of user + system CPU, the unit project 50.5 → 34.7 s). The files start and close their own shop and
// database, keep no state in modules and mock nothing across files; a worker still runs one file at a time.
const isolate = false;

export default defineConfig({
  resolve: { alias: [{ find: /^graphql$/, replacement: graphqlEntry }] },
  test: {
    // Vitest's default is one worker less than the cores: a single worker on CI's two cores, so every file ran
    // after the other while the browser tests mostly wait (on pages, polls and the database). Three files at a
    // time keep both cores busy; the browser files are split so that no one of them is the long pole.
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: "unit",
          isolate,
          include: [
            "{domain,app,server,api,services,integrations,db}/**/*.test.{ts,tsx}",
            "tests/architecture/**/*.test.ts",
          ],
          environment: "node",
          // Property tests run hundreds of cases: 5 s is too little on a busy 2-core machine.
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: "integration",
          isolate,
          execArgv,
          expect,
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          // Some tests post the storefront's forms: they need a current build.
          globalSetup: ["tests/e2e/global-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 240_000,
        },
      },
      {
        test: {
          // Probes a stranger could send, against the real server (PGlite, and PostgreSQL with DATABASE_URL).
          name: "security",
          isolate,
          execArgv,
          expect,
          include: ["tests/security/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/e2e/global-setup.ts"],
          testTimeout: 120_000,
          hookTimeout: 240_000,
        },
      },
      {
        test: {
          name: "e2e",
          isolate,
          retry: process.env.CI ? 1 : 0,
          execArgv,
          expect,
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 300_000,
          globalSetup: ["tests/e2e/global-setup.ts"],
        },
      },
    ],
  },
});

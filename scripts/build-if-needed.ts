import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
// What the storefront's bundle is built from: app/ and the domain rules it imports (the layering allows no more).
const SOURCES = [
  "app",
  "domain",
  "public",
  "react-router.config.ts",
  "vite.config.ts",
  "scripts/message-catalogs.ts",
  "package-lock.json",
  "schema.graphql",
];

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

/** Builds the storefront when there is no build or a source is newer than it. Returns whether it built. */
export function buildIfNeeded(): boolean {
  const marker = join(root, "build", "server", "index.js");
  const built = existsSync(marker) ? statSync(marker).mtimeMs : 0;
  const sources = Math.max(...SOURCES.map((s) => newest(join(root, s))));
  if (built && built >= sources) return false;
  execFileSync(process.execPath, [join(root, "node_modules", "@react-router", "dev", "bin.cjs"), "build"], {
    cwd: root,
    stdio: "inherit",
    // Always a production build, whatever NODE_ENV the caller runs under (Vitest sets "test").
    env: { ...process.env, NODE_ENV: "production" },
  });
  return true;
}

if (import.meta.main) buildIfNeeded();

import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** The storefront's operations, registered at build time (build/persisted-operations.json: hash → text). */
export function loadPersistedOperations(buildDir: string): Record<string, string> {
  const file = join(buildDir, "persisted-operations.json");
  if (!existsSync(file)) return {};
  return JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;
}

import { mkdir, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { operationText } from "./client.ts";
import { operations } from "./operations.ts";

/** Writes hash → text for every storefront operation; the server registers them at start-up. */
export async function writePersistedOperations(file: string): Promise<Record<string, string>> {
  const registry: Record<string, string> = {};
  for (const doc of operations) {
    const { query, hash } = operationText(doc);
    registry[await hash] = query;
  }
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(registry, null, 2)}\n`);
  return registry;
}

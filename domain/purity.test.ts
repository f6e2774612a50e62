import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// The domain layer is pure: it imports only sibling domain files (with the .ts extension) and zod,
// and touches no I/O or ambient state (no clock, no randomness, no environment, no default locale).
const dir = new URL("./", import.meta.url);
const sources = readdirSync(dir).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"));

describe("domain purity", () => {
  it.each(sources)("%s imports only domain files and zod", (file) => {
    const text = readFileSync(new URL(file, dir), "utf8");
    const specifiers = [...text.matchAll(/^\s*(?:import|export)\b[^"']*?from\s*["']([^"']+)["']/gm)].map(
      (m) => m[1],
    );
    for (const specifier of specifiers) {
      expect(specifier === "zod" || /^\.\/[\w-]+\.ts$/.test(specifier ?? ""), `${file}: ${specifier}`).toBe(
        true,
      );
    }
    expect(text).not.toMatch(/\bimport\s*\(/);
  });

  it.each(sources)("%s reads no clock, randomness, environment or default locale", (file) => {
    const text = readFileSync(new URL(file, dir), "utf8");
    for (const forbidden of [
      /\bnew Date\(\)/,
      /\bDate\.now\(/,
      /\bMath\.random\(/,
      /\bprocess\./,
      /\btoLocale(?:String|DateString|TimeString|LowerCase|UpperCase)\(/,
      /\bIntl\.\w+\(\s*(?:undefined|\))/,
      /\bfetch\(/,
    ]) {
      expect(text, `${file}: ${forbidden}`).not.toMatch(forbidden);
    }
  });
});

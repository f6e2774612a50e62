import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { likeContaining } from "./search.ts";

/** PostgreSQL's LIKE with its default escape `\`, as a regular expression (for checking the pattern, not the db). */
function matches(pattern: string, text: string): boolean {
  let source = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (c === "\\") source += (pattern[++i] ?? "").replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    else if (c === "%") source += "[\\s\\S]*";
    else if (c === "_") source += "[\\s\\S]";
    else source += c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${source}$`).test(text);
}

describe("likeContaining", () => {
  it("escapes the wildcards and the escape character", () => {
    expect(likeContaining("50%_a\\b")).toBe("%50\\%\\_a\\\\b%");
    expect(likeContaining("")).toBe("%%");
  });

  it("matches exactly the texts that contain what was typed", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom("a", "b", "%", "_", "\\") }),
        fc.string(),
        fc.string(),
        (typed, before, after) => {
          expect(matches(likeContaining(typed), `${before}${typed}${after}`)).toBe(true);
        },
      ),
    );
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom("a", "%", "_", "\\") }),
        fc.string({ unit: fc.constantFrom("a", "b", "%", "_", "\\") }),
        (typed, text) => {
          expect(matches(likeContaining(typed), text)).toBe(text.includes(typed));
        },
      ),
    );
  });
});

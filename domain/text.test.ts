import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hasControlCharacter } from "./text.ts";

const CONTROLS = [
  ...Array.from({ length: 32 }, (_, i) => i).filter((c) => ![9, 10, 13].includes(c)),
  0x7f,
].map((c) => String.fromCharCode(c));

describe("control characters", () => {
  it("finds NUL, other C0 controls and DEL, and lets tab, line ends and all printable text through", () => {
    expect(hasControlCharacter("VINTER10\u0000")).toBe(true);
    expect(hasControlCharacter("Kari Nordmann\r\n\tÆØÅ 😀")).toBe(false);
    const printable = fc
      .string({ unit: "grapheme" })
      .map((t) => [...t].filter((ch) => !CONTROLS.includes(ch)).join(""));
    fc.assert(
      fc.property(printable, fc.constantFrom(...CONTROLS), fc.nat(), (text, control, at) => {
        expect(hasControlCharacter(text)).toBe(false);
        const i = at % (text.length + 1);
        expect(hasControlCharacter(text.slice(0, i) + control + text.slice(i))).toBe(true);
      }),
    );
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { distinctName } from "./names.ts";

describe("distinctName", () => {
  it("adds the colour or flavour the name does not say, and nothing it says already", () => {
    expect(
      distinctName("Rocciabianca Varde Softshelljakke Dame", [{ label: "Dame" }, { label: "Lilla" }]),
    ).toBe("Rocciabianca Varde Softshelljakke Dame, lilla");
    expect(distinctName("Kraftkök Daily Proteinbar", [{ label: "Cookies & cream" }])).toBe(
      "Kraftkök Daily Proteinbar, cookies & cream",
    );
    expect(distinctName("Turpakke", [])).toBe("Turpakke");
    // A word inside another word is not said: "Grå" is not in "Gråfjell".
    expect(distinctName("Gråfjell Jakke", [{ label: "Grå" }])).toBe("Gråfjell Jakke, grå");
    expect(distinctName("Jakke Herre", [{ label: "herre" }, { label: " " }])).toBe("Jakke Herre");
  });

  it("tells the variants of one product apart whenever their values differ", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.uniqueArray(fc.stringMatching(/^[A-ZÆØÅ][a-zæøå]{2,8}$/), { minLength: 2, maxLength: 6 }),
        (name, colours) => {
          const names = colours.map((c) => distinctName(`${name} Jakke`, [{ label: c }]));
          const lowered = new Set(colours.map((c) => c.toLowerCase()));
          if (lowered.size === colours.length) expect(new Set(names).size).toBe(colours.length);
        },
      ),
    );
  });
});

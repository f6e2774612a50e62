import { describe, expect, it } from "vitest";
import { groupByFirstLetter, letterAnchor, OTHER } from "./brand-index.ts";

const names = [
  "Øst",
  "alpha",
  "Ärla",
  "Ålfjell",
  "Zeta",
  "Élan",
  "Bergans",
  "Æsir",
  "Östra",
  "3T",
  "ber",
  "Bälg",
];
const group = (lang: "nb" | "sv", languageId: string) =>
  groupByFirstLetter(names, (n) => n, lang, languageId).map((g) => [g.letter, g.items]);

describe("brands grouped by first letter", () => {
  it("in Norwegian: A–Z, then Æ Ø Å; Ä goes with Æ and Ö with Ø; digits last", () => {
    expect(group("nb", "nb-NO")).toEqual([
      ["A", ["alpha"]],
      ["B", ["ber", "Bergans", "Bälg"]],
      ["E", ["Élan"]],
      ["Z", ["Zeta"]],
      ["Æ", ["Ärla", "Æsir"]],
      ["Ø", ["Øst", "Östra"]],
      ["Å", ["Ålfjell"]],
      [OTHER, ["3T"]],
    ]);
  });

  it("in Swedish: A–Z, then Å Ä Ö; Æ goes with Ä and Ø with Ö", () => {
    expect(group("sv", "sv-SE")).toEqual([
      ["A", ["alpha"]],
      ["B", ["ber", "Bergans", "Bälg"]],
      ["E", ["Élan"]],
      ["Z", ["Zeta"]],
      ["Å", ["Ålfjell"]],
      ["Ä", ["Ärla", "Æsir"]],
      ["Ö", ["Øst", "Östra"]],
      [OTHER, ["3T"]],
    ]);
  });

  it("has no groups for no names, and readable anchors", () => {
    expect(groupByFirstLetter([], (n: string) => n, "nb", "nb-NO")).toEqual([]);
    expect(letterAnchor("Ø")).toBe("letter-Ø");
    expect(letterAnchor(OTHER)).toBe("letter-0-9");
  });
});

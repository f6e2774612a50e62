import { describe, expect, it } from "vitest";
import { alternateMarkets } from "./product-pages.ts";

const LANGUAGES = [
  ["nb-NO", "no"],
  ["sv-SE", "se"],
] as const;

describe("alternateMarkets", () => {
  it("checks only the languages whose page is in another market", () => {
    // A Swedish page in Sweden (Swedish only): the Norwegian alternate is Norway's page.
    expect(alternateMarkets({ market: "se", lang: "sv-SE", allowed: ["sv-SE"] }, LANGUAGES)).toEqual({
      market: "se",
      same: ["sv-SE"],
      other: [["nb-NO", "no"]],
    });
    // A Swedish page in Germany (both languages): both pages are in Germany, nothing more to check.
    expect(alternateMarkets({ market: "de", lang: "sv-SE", allowed: ["sv-SE", "nb-NO"] }, LANGUAGES)).toEqual(
      {
        market: "de",
        same: ["nb-NO", "sv-SE"],
        other: [],
      },
    );
  });

  it("leaves out a language without a default market that the page's market does not allow", () => {
    expect(
      alternateMarkets({ market: "se", lang: "sv-SE", allowed: ["sv-SE"] }, [
        ...LANGUAGES,
        ["da-DK", undefined],
      ]),
    ).toEqual({ market: "se", same: ["sv-SE"], other: [["nb-NO", "no"]] });
  });
});

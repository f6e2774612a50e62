import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { alternateMarket } from "./alternate-market.ts";

const LANGS = ["nb", "sv", "da", "fi"] as const;
const MARKETS = ["se", "no", "dk", "de", undefined] as const;

const page = fc.record({
  market: fc.constantFrom("se", "no", "dk", "de"),
  lang: fc.constantFrom(...LANGS),
  allowed: fc.uniqueArray(fc.constantFrom(...LANGS)),
});

describe("alternateMarket", () => {
  it("keeps the page's own language in the page's market, whatever the market allows", () => {
    expect(alternateMarket({ market: "se", lang: "nb", allowed: ["sv"] }, "nb", "no")).toBe("se");
  });

  it("sends a language the market allows to the page's market, any other to the language's default market", () => {
    // The seed: Sweden allows Swedish only, Germany both.
    expect(alternateMarket({ market: "se", lang: "sv", allowed: ["sv"] }, "nb", "no")).toBe("no");
    expect(alternateMarket({ market: "de", lang: "sv", allowed: ["sv", "nb"] }, "nb", "no")).toBe("de");
    // A market that names no language allows every one (app/lib/page-locale.ts allowedLangs).
    expect(alternateMarket({ market: "dk", lang: "sv", allowed: [] }, "nb", "no")).toBe("dk");
    // A language without a default market has none when the market does not allow it.
    expect(alternateMarket({ market: "se", lang: "sv", allowed: ["sv"] }, "fi", undefined)).toBeUndefined();
  });

  it("is the page's market exactly when the language is the page's own or allowed there, else the default", () => {
    fc.assert(
      fc.property(page, fc.constantFrom(...LANGS), fc.constantFrom(...MARKETS), (p, lang, fallback) => {
        const stays = lang === p.lang || p.allowed.length === 0 || p.allowed.includes(lang);
        expect(alternateMarket(p, lang, fallback)).toBe(stays ? p.market : fallback);
      }),
    );
  });

  it("is symmetric for two languages a market both allows: each page's alternate is in the other's market", () => {
    fc.assert(
      fc.property(page, fc.constantFrom(...LANGS), (p, other) => {
        fc.pre(other !== p.lang && p.allowed.includes(other) && p.allowed.includes(p.lang));
        const there = alternateMarket(p, other, "elsewhere");
        // From the alternate's page, the way back lands in the page's own market.
        expect(alternateMarket({ ...p, market: there, lang: other }, p.lang, "elsewhere")).toBe(p.market);
      }),
    );
  });
});

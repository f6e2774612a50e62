import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { consentFromForm, formatConsent, parseConsent, reviewServiceLocale } from "./consent.ts";

describe("consent", () => {
  it("reads back what it wrote, and nothing else", () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), (statistics, marketing) => {
        expect(parseConsent(formatConsent({ statistics, marketing }))).toEqual({ statistics, marketing });
      }),
    );
    fc.assert(
      fc.property(fc.string(), (value) => {
        const parsed = parseConsent(value);
        if (parsed) expect(formatConsent(parsed)).toBe(value);
      }),
    );
    for (const value of [undefined, null, "", "s1", "s1m1x", "S1M1", "s2m0", " s1m1"])
      expect(parseConsent(value)).toBeNull();
  });

  it("takes the banner's three buttons; an unknown choice is no choice", () => {
    expect(consentFromForm({ choice: "all" })).toEqual({ statistics: true, marketing: true });
    expect(consentFromForm({ choice: "necessary", statistics: "on", marketing: "on" })).toEqual({
      statistics: false,
      marketing: false,
    });
    expect(consentFromForm({ choice: "custom", marketing: "on" })).toEqual({
      statistics: false,
      marketing: true,
    });
    expect(consentFromForm({ choice: "custom" })).toEqual({ statistics: false, marketing: false });
    for (const choice of [undefined, "", "ALL", "yes", 1, ["all"]])
      expect(consentFromForm({ choice })).toBeNull();
  });

  it("asks the review service in 'no' on the Norwegian channel, 'se' otherwise", () => {
    expect(reviewServiceLocale("nb")).toBe("no");
    expect(reviewServiceLocale("sv")).toBe("se");
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  commandUnderConsent,
  consentFromForm,
  formatConsent,
  parseConsent,
  recommendationTrackingAllowed,
  reviewServiceLocale,
} from "./consent.ts";

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

describe("what the recommendation provider may be told", () => {
  const consent = fc.option(fc.record({ statistics: fc.boolean(), marketing: fc.boolean() }), { nil: null });
  const command = fc.oneof(
    fc.record({ command: fc.constant("setCart"), productNumbers: fc.array(fc.string()) }),
    fc.record({ command: fc.constant("trackPageView"), url: fc.webUrl() }),
    fc.record(
      {
        command: fc.constant("trackConversion"),
        total: fc.string(),
        orderNumber: fc.string(),
        email: fc.emailAddress(),
        productNumbers: fc.array(fc.string()),
      },
      { requiredKeys: ["command", "total", "orderNumber", "productNumbers"] },
    ),
  );

  it("nothing without consent to statistics or marketing; the e-mail only with marketing; the rest unchanged", () => {
    fc.assert(
      fc.property(command, consent, (c, given) => {
        const out = commandUnderConsent(c as { command: string; email?: string }, given);
        const allowed = given !== null && (given.statistics || given.marketing);
        expect(recommendationTrackingAllowed(given)).toBe(allowed);
        if (!allowed) {
          expect(out).toBeNull();
          return;
        }
        expect(out).not.toBeNull();
        const { email, ...rest } = c as { email?: string };
        const { email: outEmail, ...outRest } = out as { email?: string };
        expect(outRest).toEqual(rest);
        expect(outEmail).toBe(given?.marketing ? email : undefined);
        expect(out && "email" in out).toBe(given?.marketing === true && email !== undefined);
      }),
    );
  });

  it("the edges: no choice, necessary only, statistics alone, marketing alone", () => {
    const order = { command: "trackConversion", email: "kari@example.no", productNumbers: ["A1"] };
    expect(commandUnderConsent(order, null)).toBeNull();
    expect(commandUnderConsent(order, { statistics: false, marketing: false })).toBeNull();
    expect(commandUnderConsent(order, { statistics: true, marketing: false })).toEqual({
      command: "trackConversion",
      productNumbers: ["A1"],
    });
    expect(commandUnderConsent(order, { statistics: false, marketing: true })).toEqual(order);
  });
});

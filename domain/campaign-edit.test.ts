import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CAMPAIGN_PROBLEM_TEXTS,
  campaignPrice,
  campaignStatus,
  checkCampaign,
  checkGiftCard,
  checkPromoCode,
  instantToLocal,
  localToInstant,
  maskGiftCardCode,
  normalizePromoCode,
} from "./campaign-edit.ts";

const MARKETS = [
  { alias: "se", currencyCode: "SEK" },
  { alias: "no", currencyCode: "NOK" },
];

describe("campaignPrice", () => {
  it("is strictly between 0 and the regular price, or null; percent off is the rounded share", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5, max: 100_000_000 }),
        fc.integer({ min: -5, max: 120 }),
        (regular, p) => {
          const price = campaignPrice(regular, { code: "percentOff", args: p }, "SEK");
          if (price === null)
            return (
              regular <= 0 ||
              p < 1 ||
              p > 99 ||
              Math.round((regular * (100 - p)) / 100) >= regular ||
              Math.round((regular * (100 - p)) / 100) <= 0
            );
          expect(price).toBeGreaterThan(0);
          expect(price).toBeLessThan(regular);
          expect(Math.abs(price - (regular * (100 - p)) / 100)).toBeLessThanOrEqual(0.5);
          return true;
        },
      ),
    );
  });
  it("a fixed amount is taken off in the price's currency only", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        (regular, off) => {
          const rule = { code: "fixedOff", args: { SEK: off } };
          expect(campaignPrice(regular, rule, "NOK")).toBeNull();
          expect(campaignPrice(regular, rule, "SEK")).toBe(off < regular ? regular - off : null);
        },
      ),
    );
    expect(campaignPrice(149900, { code: "percentOff", args: 20 }, "NOK")).toBe(119920);
  });
});

describe("campaignStatus", () => {
  it("off, ended (end exclusive), scheduled, else running", () => {
    const now = new Date("2026-11-28T12:00:00Z");
    const at = (s: string | null) => (s ? new Date(s) : null);
    expect(campaignStatus({ active: false, startsAt: null, endsAt: null }, now)).toBe("off");
    expect(campaignStatus({ active: true, startsAt: null, endsAt: now }, now)).toBe("ended");
    expect(campaignStatus({ active: true, startsAt: at("2026-11-29T00:00:00Z"), endsAt: null }, now)).toBe(
      "scheduled",
    );
    expect(campaignStatus({ active: true, startsAt: now, endsAt: null }, now)).toBe("running");
  });
});

describe("local times (shop time, Europe/Oslo)", () => {
  it("round-trip every minute-aligned instant, winter and summer", () => {
    expect(localToInstant("2026-01-15T10:00")?.toISOString()).toBe("2026-01-15T09:00:00.000Z");
    expect(localToInstant("2026-07-15T10:00")?.toISOString()).toBe("2026-07-15T08:00:00.000Z");
    fc.assert(
      fc.property(fc.integer({ min: 946_684_800, max: 4_102_444_800 }), (seconds) => {
        const instant = new Date(Math.floor(seconds / 60) * 60_000);
        const local = instantToLocal(instant);
        const back = localToInstant(local);
        // A repeated autumn hour names its first occurrence.
        return back !== null && instantToLocal(back) === local && back.getTime() <= instant.getTime();
      }),
    );
  });
  it("the clocks' switches: a repeated autumn hour is its first occurrence, a skipped spring time moves on by the gap", () => {
    // 2026-10-25 02:30 happens twice in Oslo: at 00:30Z (summer time) and 01:30Z (winter time).
    expect(localToInstant("2026-10-25T02:30")?.toISOString()).toBe("2026-10-25T00:30:00.000Z");
    expect(instantToLocal(new Date("2026-10-25T01:30:00Z"))).toBe("2026-10-25T02:30");
    // 2026-03-29 02:30 never happens: the clocks go from 02:00 to 03:00; it is read as 03:30 (01:30Z).
    expect(localToInstant("2026-03-29T02:30")?.toISOString()).toBe("2026-03-29T01:30:00.000Z");
    expect(localToInstant("2026-03-29T01:59")?.toISOString()).toBe("2026-03-29T00:59:00.000Z");
    expect(localToInstant("2026-03-29T03:00")?.toISOString()).toBe("2026-03-29T01:00:00.000Z");
  });
  it("refuses what is no time", () => {
    for (const text of ["2026-02-30T10:00", "2026-13-01T10:00", "2026-01-01T24:00", "tomorrow", "2026-01-01"])
      expect(localToInstant(text), text).toBeNull();
  });
});

describe("checkCampaign", () => {
  const good = {
    nbName: "Høstsalg",
    svName: "Höstrea",
    kind: "price",
    target: "categories",
    targetIds: [3],
    discountType: "percent",
    discountValue: "25",
    markets: ["se", "no"],
    active: true,
  };
  it("answers the cart's rules for a good form", () => {
    const result = checkCampaign({ ...good, discountType: "amount", discountValue: "99,50" }, MARKETS);
    expect(result).toEqual({
      ok: true,
      value: expect.objectContaining({
        discount: { code: "fixedOff", args: { SEK: 9950, NOK: 9950 } },
        targetIds: [3],
        marketAliases: ["se", "no"],
      }),
    });
  });
  it("every problem by field", () => {
    const result = checkCampaign(
      {
        ...good,
        svName: "!!!",
        target: "all",
        discountValue: "0",
        markets: [],
        startsAt: "2026-01-02T00:00",
        endsAt: "2026-01-01T00:00",
      },
      MARKETS,
    );
    expect(result.ok ? [] : result.problems.map((p) => [p.field, p.code])).toEqual([
      ["sv.name", "noAlias"],
      ["target", "required"],
      ["markets", "required"],
      ["discountValue", "invalidPercent"],
      ["endsAt", "endBeforeStart"],
    ]);
  });
  it("every problem's text exists in en, sv and nb", () => {
    for (const texts of Object.values(CAMPAIGN_PROBLEM_TEXTS))
      for (const lang of ["en", "sv", "nb"] as const) expect(texts[lang].length).toBeGreaterThan(3);
  });
});

describe("promo codes and gift cards", () => {
  it("a promo code is upper-cased; only A–Z, digits, '-' and '_', 3–40", () => {
    expect(normalizePromoCode(" vinter10 ")).toBe("VINTER10");
    expect(normalizePromoCode("ab")).toBeNull();
    expect(normalizePromoCode("rabatt 10")).toBeNull();
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (s) => {
        const code = normalizePromoCode(s);
        return code === null || (/^[A-Z0-9][A-Z0-9_-]{2,39}$/.test(code) && code === s.trim().toUpperCase());
      }),
    );
    const refused = checkPromoCode(
      {
        code: "x",
        nbName: "a",
        svName: "a",
        discountType: "percent",
        discountValue: "10",
        markets: ["se"],
        maxUses: "0",
      },
      MARKETS,
    );
    expect(refused.ok ? [] : refused.problems.map((p) => [p.field, p.code])).toEqual([
      ["code", "invalidCode"],
      ["maxUses", "outOfRange"],
    ]);
  });
  it("a gift card's list text never holds more than its prefix and last group", () => {
    expect(maskGiftCardCode("GAVA-7K3M-Q9XD-2HFT-8WNB")).toBe("GAVA-…-8WNB");
    const now = new Date("2026-11-28T12:00:00Z");
    expect(checkGiftCard({ market: "no", amount: "500", expiresOn: "2027-11-28" }, MARKETS, now)).toEqual({
      ok: true,
      value: {
        marketAlias: "no",
        currencyCode: "NOK",
        amountMinor: 50000,
        expiresAt: new Date("2027-11-28T23:00:00.000Z"),
      },
    });
    const refused = checkGiftCard({ market: "se", amount: "-1", expiresOn: "2020-01-01" }, MARKETS, now);
    expect(refused.ok ? [] : refused.problems.map((p) => [p.field, p.code])).toEqual([
      ["amount", "invalidAmount"],
      ["expiresOn", "inThePast"],
    ]);
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isIsoDate } from "./format.ts";
import {
  DEFAULT_VAT_RATES,
  grossOfNet,
  netOfGross,
  PRODUCT_CLASSES,
  VAT_DATA_FROM,
  type VatRate,
  VatRateNotFoundError,
  vatOfGross,
  vatOfNet,
  vatRateFor,
} from "./vat.ts";

const rateBp = fc.integer({ min: 0, max: 10_000 });
const grossMinor = fc.integer({ min: 0, max: 100_000_000_000 });

describe("VAT amounts", () => {
  it("derives VAT and net from Nordic gross prices", () => {
    // 129,95 kr incl. 25 %: VAT 25,99, net 103,96.
    expect(vatOfGross(12995, 2500)).toBe(2599);
    expect(netOfGross(12995, 2500)).toBe(10396);
    // 100 kr incl. 25 %: VAT is a fifth.
    expect(vatOfGross(10000, 2500)).toBe(2000);
    // 49,90 NOK of food at 15 %: 4990 × 15 / 115 = 650.87 → 651.
    expect(vatOfGross(4990, 1500)).toBe(651);
    // 12,50 € at 25.5 % (Finland): 1250 × 2550 / 12550 = 253.98 → 254.
    expect(vatOfGross(1250, 2550)).toBe(254);
    expect(vatOfGross(0, 2500)).toBe(0);
    expect(vatOfGross(12995, 0)).toBe(0);
  });

  it("rounds halves away from zero, refunds included", () => {
    // 14 öre at 12 %: 14 × 1200 / 11200 = 1.5 → 2.
    expect(vatOfGross(14, 1200)).toBe(2);
    expect(vatOfGross(-14, 1200)).toBe(-2);
    expect(vatOfGross(1, 2500)).toBe(0); // 0.2
    expect(vatOfGross(3, 2500)).toBe(1); // 0.6
  });

  it("adds VAT to a net price", () => {
    expect(vatOfNet(10396, 2500)).toBe(2599);
    expect(grossOfNet(10396, 2500)).toBe(12995);
    expect(grossOfNet(8000, 2550)).toBe(10040);
  });

  it("rejects rates outside 0..10000 basis points", () => {
    expect(() => vatOfGross(100, -1)).toThrow(RangeError);
    expect(() => vatOfGross(100, 25.5)).toThrow(RangeError);
    expect(() => vatOfGross(100, 10_001)).toThrow(RangeError);
    expect(() => vatOfGross(1.5, 2500)).toThrow(RangeError);
  });

  it("net + vat === gross for every gross ≥ 0 and every rate", () => {
    fc.assert(
      fc.property(grossMinor, rateBp, (gross, rate) => {
        const vat = vatOfGross(gross, rate);
        const net = netOfGross(gross, rate);
        expect(net + vat).toBe(gross);
        expect(Number.isInteger(vat)).toBe(true);
        expect(vat).toBeGreaterThanOrEqual(0);
        expect(net).toBeGreaterThanOrEqual(0);
        // Within half an öre of the exact VAT.
        expect(Math.abs(vat - (gross * rate) / (10_000 + rate))).toBeLessThanOrEqual(0.5 + 1e-6);
      }),
    );
  });

  it("is symmetric for negative amounts (credits, returns)", () => {
    fc.assert(
      fc.property(grossMinor, rateBp, (gross, rate) => {
        expect(vatOfGross(-gross, rate)).toBe(-vatOfGross(gross, rate) || 0);
        expect(netOfGross(-gross, rate) + vatOfGross(-gross, rate)).toBe(-gross || 0);
      }),
    );
  });

  it("is additive only line by line: VAT of a sum may differ from the sum of VATs by rounding", () => {
    // The reason the decision record fixes the order VAT as the sum of line VATs.
    expect(vatOfGross(3, 2500) + vatOfGross(3, 2500)).toBe(2);
    expect(vatOfGross(6, 2500)).toBe(1);
  });

  it("round-trips a net price: netOfGross(grossOfNet(net)) === net", () => {
    fc.assert(
      fc.property(grossMinor, rateBp, (net, rate) => {
        expect(netOfGross(grossOfNet(net, rate), rate)).toBe(net);
      }),
    );
  });

  it("VAT never decreases as the gross grows", () => {
    fc.assert(
      fc.property(grossMinor, rateBp, (gross, rate) => {
        expect(vatOfGross(gross + 1, rate)).toBeGreaterThanOrEqual(vatOfGross(gross, rate));
      }),
    );
  });
});

describe("vatRateFor", () => {
  const rate = (market: string, productClass: VatRate["productClass"], date: string | Date) =>
    vatRateFor(DEFAULT_VAT_RATES, market, productClass, date).rateBp;

  it("gives the standard rates", () => {
    expect(rate("se", "standard", "2025-06-01")).toBe(2500);
    expect(rate("no", "standard", "2025-06-01")).toBe(2500);
    expect(rate("dk", "standard", "2025-06-01")).toBe(2500);
    expect(rate("de", "standard", "2025-06-01")).toBe(1900);
    expect(rate("de", "reduced", "2025-06-01")).toBe(700);
  });

  it("gives the reduced, low and food rates", () => {
    expect(rate("se", "reduced", "2025-06-01")).toBe(1200);
    expect(rate("se", "low", "2025-06-01")).toBe(600);
    expect(rate("se", "books", "2025-06-01")).toBe(600);
    expect(rate("no", "food", "2025-06-01")).toBe(1500);
    expect(rate("no", "low", "2025-06-01")).toBe(1200);
    expect(rate("no", "books", "2025-06-01")).toBe(0);
    expect(rate("fi", "low", "2025-06-01")).toBe(1000);
    expect(rate("de", "food", "2025-06-01")).toBe(700);
    expect(rate("se", "zero", "2025-06-01")).toBe(0);
  });

  it("follows Sweden's temporary food rate, 6 % from 2026-04-01 to 2027-12-31", () => {
    expect(rate("se", "food", "2026-03-31")).toBe(1200);
    expect(rate("se", "food", "2026-04-01")).toBe(600);
    expect(rate("se", "food", "2027-12-31")).toBe(600);
    expect(rate("se", "food", "2028-01-01")).toBe(1200);
    // The reduced class (restaurants, hotels) is not part of the cut.
    expect(rate("se", "reduced", "2026-06-01")).toBe(1200);
  });

  it("follows Finland's changes", () => {
    expect(rate("fi", "standard", "2024-08-31")).toBe(2400);
    expect(rate("fi", "standard", "2024-09-01")).toBe(2550);
    expect(rate("fi", "food", "2025-12-31")).toBe(1400);
    expect(rate("fi", "food", "2026-01-01")).toBe(1350);
  });

  it("takes an instant as the calendar date in the market's time zone", () => {
    // 2026-03-31T22:30Z is already 1 April 00:30 in Stockholm (summer time).
    expect(rate("se", "food", new Date("2026-03-31T22:30:00Z"))).toBe(600);
    expect(rate("se", "food", new Date("2026-03-31T21:59:59Z"))).toBe(1200);
    // 2025-12-31T22:30Z is already 1 January 00:30 in Helsinki.
    expect(rate("fi", "food", new Date("2025-12-31T22:30:00Z"))).toBe(1350);
  });

  it("matches the market case-insensitively (alias or country code)", () => {
    expect(rate("SE", "standard", "2025-06-01")).toBe(2500);
    expect(vatRateFor(DEFAULT_VAT_RATES, "NO", "food", "2025-06-01")).toEqual({
      market: "no",
      productClass: "food",
      rateBp: 1500,
      validFrom: VAT_DATA_FROM,
      validTo: null,
    });
  });

  it("throws a clear error when no rate is in effect", () => {
    expect(() => rate("us", "standard", "2025-06-01")).toThrow(VatRateNotFoundError);
    expect(() => rate("se", "standard", "2022-12-31")).toThrow(
      'No VAT rate for market "se", product class "standard" on 2022-12-31: no rate is in effect',
    );
    expect(() => rate("dk", "books", "2025-06-01")).toThrow(VatRateNotFoundError);
  });

  it("throws when rows overlap instead of guessing", () => {
    const rates: VatRate[] = [
      { market: "se", productClass: "standard", rateBp: 2500, validFrom: "2020-01-01", validTo: null },
      { market: "se", productClass: "standard", rateBp: 2000, validFrom: "2025-01-01", validTo: null },
    ];
    expect(() => vatRateFor(rates, "se", "standard", "2025-06-01")).toThrow("2 rows overlap");
    expect(vatRateFor(rates, "se", "standard", "2024-06-01").rateBp).toBe(2500);
  });

  it("rejects malformed dates", () => {
    expect(() => rate("se", "standard", "2025-02-30")).toThrow(RangeError);
    expect(() => rate("se", "standard", "2025-6-1")).toThrow(RangeError);
    expect(() => rate("se", "standard", new Date("nope"))).toThrow(RangeError);
  });
});

describe("DEFAULT_VAT_RATES", () => {
  it("has valid rows that never overlap and leave no gaps per market and class", () => {
    const groups = new Map<string, VatRate[]>();
    for (const r of DEFAULT_VAT_RATES) {
      expect(PRODUCT_CLASSES).toContain(r.productClass);
      expect(Number.isInteger(r.rateBp) && r.rateBp >= 0 && r.rateBp <= 10_000).toBe(true);
      expect(isIsoDate(r.validFrom)).toBe(true);
      if (r.validTo !== null) {
        expect(isIsoDate(r.validTo)).toBe(true);
        expect(r.validTo >= r.validFrom).toBe(true);
      }
      const key = `${r.market}/${r.productClass}`;
      groups.set(key, [...(groups.get(key) ?? []), r]);
    }
    for (const [key, rows] of groups) {
      const sorted = [...rows].sort((a, b) => a.validFrom.localeCompare(b.validFrom));
      expect(sorted[0]?.validFrom, key).toBe(VAT_DATA_FROM);
      expect(sorted.at(-1)?.validTo, key).toBeNull();
      for (let i = 1; i < sorted.length; i++) {
        const previousEnd = sorted[i - 1]?.validTo;
        expect(previousEnd, key).not.toBeNull();
        const dayAfter = new Date(`${previousEnd}T00:00:00Z`);
        dayAfter.setUTCDate(dayAfter.getUTCDate() + 1);
        expect(sorted[i]?.validFrom, key).toBe(dayAfter.toISOString().slice(0, 10));
      }
    }
  });

  it("has standard, food and zero rows for every market", () => {
    for (const market of ["se", "no", "dk", "fi", "de"]) {
      for (const productClass of ["standard", "food", "zero"] as const) {
        expect(() => vatRateFor(DEFAULT_VAT_RATES, market, productClass, "2026-06-01")).not.toThrow();
      }
    }
  });

  it("is frozen", () => {
    expect(Object.isFrozen(DEFAULT_VAT_RATES)).toBe(true);
    expect(Object.isFrozen(DEFAULT_VAT_RATES[0])).toBe(true);
  });
});

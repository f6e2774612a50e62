import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  appliedPrices,
  type CurrentPrice,
  cheapestPrices,
  discountPercentage,
  lowestPriceBefore,
  type PriceChange,
  priceAt,
  priceInEffect,
  priceReduction,
} from "./prices.ts";

const DAY = 86_400_000;
const WINDOW = 30 * DAY;
const at = (iso: string) => new Date(`${iso}T00:00:00Z`);
const history = (...entries: [string, number][]): PriceChange[] =>
  entries.map(([day, kr]) => ({ at: at(day), priceMinor: kr * 100 }));

describe("priceReduction: the demo seed's cases (issue 9)", () => {
  const today = at("2026-11-25");

  it("announces −33 % from 1 339 kr, the lowest price of the 30 days before the reduction, not from 1 499 kr", () => {
    // fjallgard-snofonn-skalljakke-dame-antrasitt
    const log = history(
      ["2026-07-28", 1499],
      ["2026-10-27", 1339],
      ["2026-10-30", 1499],
      ["2026-11-08", 889],
    );
    expect(priceReduction(log, today)).toEqual({
      sellingMinor: 88900,
      priorMinor: 133900,
      percent: 33,
      since: at("2026-11-08"),
    });
  });

  it("announces nothing when the price of today was applied in the 30 days before the reduction", () => {
    // kestava-clean-restitusjonsdrikk-vanilje's cheapest SKU: 199 kr from 23 to 26 October, inside 16 Oct–15 Nov.
    const kestava = history(
      ["2026-07-28", 249],
      ["2026-10-23", 199],
      ["2026-10-26", 249],
      ["2026-11-15", 199],
    );
    expect(priceReduction(kestava, today)).toBeNull();
    // aapa-active-kvikk-lopetights-herre-skogsgronn-1315: its SKUs, one of them at 299 from 1 to 4 November.
    const sizes = [
      history(["2026-07-28", 349], ["2026-10-19", 299], ["2026-10-22", 349], ["2026-11-06", 299]),
      history(["2026-07-28", 349], ["2026-11-01", 299], ["2026-11-04", 349], ["2026-11-06", 299]),
      history(["2026-07-28", 349], ["2026-11-06", 299]),
    ];
    expect(priceReduction(cheapestPrices(sizes), today)).toBeNull();
    // Its third size alone was never below 349 before 6 November: a 14 % reduction of that SKU (a cart line).
    expect(priceReduction(sizes[2] as PriceChange[], today)?.percent).toBe(14);
  });

  it("keeps the prior price of before the reduction, however long ago the reduction began", () => {
    // The 30 days counted back from today hold only the reduced price: the prior price is still 249 kr.
    const log = history(["2026-07-28", 249], ["2026-10-20", 199]);
    expect(priceReduction(log, today)).toEqual({
      sellingMinor: 19900,
      priorMinor: 24900,
      percent: 20,
      since: at("2026-10-20"),
    });
    expect(priceReduction(log, at("2027-03-01"))?.priorMinor).toBe(24900);
  });
});

describe("priceReduction", () => {
  it("keeps the first step's prior price for a reduction that deepens step by step", () => {
    const log = history(["2026-01-01", 1000], ["2026-03-01", 900], ["2026-03-10", 800], ["2026-03-25", 700]);
    expect(priceReduction(log, at("2026-04-01"))).toEqual({
      sellingMinor: 70000,
      priorMinor: 100000,
      percent: 30,
      since: at("2026-03-01"),
    });
  });

  it("keeps as steps only the falls of the 30 days before the latest one (prisinformationslagen 7 a §)", () => {
    // 25 and 21 days apart, but the first step is 46 days before the last: the reduction began on 25 March.
    const log = history(["2026-01-01", 1000], ["2026-03-01", 900], ["2026-03-26", 800], ["2026-04-16", 700]);
    expect(priceReduction(log, at("2026-04-20"))).toEqual({
      sellingMinor: 70000,
      priorMinor: 90000,
      percent: 22,
      since: at("2026-03-26"),
    });
    // Until the third step, the first one was within 30 days: 800 from 1 000.
    expect(priceReduction(log, at("2026-04-01"))?.priorMinor).toBe(100000);
  });

  it("starts a new reduction when a step comes more than 30 days after the one before", () => {
    const log = history(["2026-01-01", 1000], ["2026-03-01", 900], ["2026-04-15", 800]);
    expect(priceReduction(log, at("2026-04-20"))).toEqual({
      sellingMinor: 80000,
      priorMinor: 90000,
      percent: 11,
      since: at("2026-04-15"),
    });
  });

  it("ends a reduction when the price rises, even to below the prior price", () => {
    const log = history(["2026-01-01", 1000], ["2026-03-01", 700], ["2026-03-05", 800]);
    expect(priceReduction(log, at("2026-03-04"))?.percent).toBe(30);
    expect(priceReduction(log, at("2026-03-06"))).toBeNull();
  });

  it("announces nothing for a price that never changed, before the first price, or a cut below 1 %", () => {
    expect(priceReduction(history(["2026-01-01", 1000]), at("2026-03-01"))).toBeNull();
    expect(priceReduction(history(["2026-01-01", 1000]), at("2025-12-01"))).toBeNull();
    expect(priceReduction([], at("2026-03-01"))).toBeNull();
    const cut = [
      { at: at("2026-01-01"), priceMinor: 100000 },
      { at: at("2026-03-01"), priceMinor: 99950 },
    ];
    expect(priceReduction(cut, at("2026-03-02"))).toBeNull();
  });

  it("reads changes in time order; of two at one instant the later one given holds", () => {
    const log = [
      { at: at("2026-03-01"), priceMinor: 50000 },
      { at: at("2026-01-01"), priceMinor: 100000 },
      { at: at("2026-03-01"), priceMinor: 80000 },
    ];
    expect(priceReduction(log, at("2026-03-02"))?.sellingMinor).toBe(80000);
    expect(priceAt(log, at("2026-03-01"))).toBe(80000);
  });

  it("counts a price since always (-Infinity) as applied during any window", () => {
    const log = [
      { at: Number.NEGATIVE_INFINITY, priceMinor: 1000 },
      { at: at("2026-03-01"), priceMinor: 800 },
    ];
    expect(priceReduction(log, at("2026-03-02"))?.priorMinor).toBe(1000);
  });

  it("rejects invalid prices, times and day counts", () => {
    expect(() => priceReduction([{ at: "soon", priceMinor: 1 }], at("2026-01-01"))).toThrow(RangeError);
    expect(() => priceReduction([{ at: at("2026-01-01"), priceMinor: -1 }], at("2026-01-01"))).toThrow(
      RangeError,
    );
    expect(() => priceReduction([], at("2026-01-01"), 0)).toThrow(RangeError);
    expect(() => priceReduction([], Number.NaN)).toThrow(RangeError);
  });
});

describe("a SKU's applied prices", () => {
  const campaign = { active: true, startsAt: "2026-03-01T00:00:00Z", endsAt: "2026-04-01T00:00:00Z" };
  const row: CurrentPrice = {
    regularMinor: 1000,
    sellingMinor: 700,
    reducedSince: "2026-03-05T00:00:00Z",
    campaign,
  };

  it("applies a reduction from its start while its campaign runs", () => {
    expect(priceInEffect(row, at("2026-03-04"))).toBe(1000);
    expect(priceInEffect(row, at("2026-03-05"))).toBe(700);
    expect(priceInEffect(row, at("2026-04-01"))).toBe(1000);
    expect(priceInEffect({ ...row, campaign: { ...campaign, active: false } }, at("2026-03-10"))).toBe(1000);
    expect(priceInEffect({ ...row, reducedSince: null, campaign: null }, at("2020-01-01"))).toBe(700);
  });

  it("follows the log up to its last change, then the price row", () => {
    const log = history(["2026-01-01", 10], ["2026-02-01", 9], ["2026-02-10", 10]);
    const applied = appliedPrices(log, row);
    expect(priceAt(applied, at("2026-02-05"))).toBe(900);
    expect(priceAt(applied, at("2026-03-06"))).toBe(700);
    expect(priceAt(applied, at("2026-04-02"))).toBe(1000);
    expect(priceAt(applied, at("2025-12-31"))).toBeNull();
    // The campaign's end needs no new log entry: the reduction is over.
    expect(priceReduction(applied, at("2026-03-06"))?.priorMinor).toBe(900);
    expect(priceReduction(applied, at("2026-04-02"))).toBeNull();
  });

  it("without a log applies the price row since always: a reduction without a start has no prior price", () => {
    expect(priceReduction(appliedPrices([], row), at("2026-03-06"))?.priorMinor).toBe(1000);
    const always = appliedPrices([], { ...row, reducedSince: null, campaign: null });
    expect(priceReduction(always, at("2026-03-06"))).toBeNull();
  });
});

// ------------------------------------------------------------------------------------------------------------------
// Properties, over generated price histories.

const T0 = Date.UTC(2026, 0, 1);
const PRICES = [4900, 7900, 9900, 12900, 14900, 19900, 24900];
/** A change on a 6-hour grid over 160 days, prices from a short list so that dips and repeats are common. */
const change = fc.record({
  slot: fc.integer({ min: 0, max: 160 * 4 }),
  priceMinor: fc.oneof(fc.constantFrom(...PRICES), fc.integer({ min: 0, max: 30000 })),
});
const historyArb = fc
  .tuple(fc.array(change, { maxLength: 14 }), fc.option(fc.constantFrom(...PRICES), { nil: undefined }))
  .map(([changes, always]) => {
    const out: PriceChange[] = changes.map((c) => ({
      at: T0 + c.slot * 6 * 3_600_000,
      priceMinor: c.priceMinor,
    }));
    if (always !== undefined) out.unshift({ at: Number.NEGATIVE_INFINITY, priceMinor: always });
    return out;
  });
const momentArb = fc.integer({ min: -5 * 24, max: 175 * 24 }).map((hour) => T0 + hour * 3_600_000);

/**
 * The rule written again from its words, with none of the implementation's segments: the price at a moment is the
 * last change at or before it; a reduction is the latest fall to the price of `at`, extended back over the falls in a
 * row before it within the 30 days before that fall; its prior price is `lowestPriceBefore` its first fall.
 */
function literalRule(h: readonly PriceChange[], moment: number) {
  const sorted = h
    .map((c, order) => ({ time: c.at as number, price: c.priceMinor, order }))
    .sort((a, b) => a.time - b.time || a.order - b.order);
  // Of two changes at one instant the later one given holds.
  const changes = sorted.filter((c, i) => sorted[i + 1]?.time !== c.time);
  const price = (time: number) => changes.filter((c) => c.time <= time).at(-1)?.price ?? null;
  const current = price(moment);
  if (current === null) return null;
  // Instants at which the price really changed, up to `moment`.
  const moves = [...new Set(changes.map((c) => c.time))].filter(
    (time) => time <= moment && time !== Number.NEGATIVE_INFINITY && price(time - 1) !== price(time),
  );
  const fall = (time: number) => {
    const before = price(time - 1);
    return before !== null && before > (price(time) as number);
  };
  const last = moves.at(-1);
  if (last === undefined || !fall(last)) return null;
  let since = last;
  for (let i = moves.length - 2; i >= 0; i--) {
    const previous = moves[i] as number;
    if (!fall(previous) || last - previous > WINDOW) break;
    since = previous;
  }
  const prior = lowestPriceBefore(
    changes
      .filter((c) => c.time !== Number.NEGATIVE_INFINITY)
      .map((c) => ({ at: new Date(c.time), priceMinor: c.price })),
    new Date(since),
  );
  const always = changes.find((c) => c.time === Number.NEGATIVE_INFINITY);
  // lowestPriceBefore takes dates: a price since always counts when nothing else was in effect at the window start.
  const inEffectAtStart = changes.filter((c) => c.time <= since - WINDOW).at(-1);
  const lowest =
    always && inEffectAtStart?.time === Number.NEGATIVE_INFINITY
      ? Math.min(prior ?? Number.POSITIVE_INFINITY, inEffectAtStart.price)
      : prior;
  if (lowest === null || lowest <= current) return null;
  const percent = discountPercentage(lowest, current);
  return percent > 0 ? { sellingMinor: current, priorMinor: lowest, percent, since: new Date(since) } : null;
}

describe("priceReduction: properties", () => {
  it("equals the rule written from its words", () => {
    fc.assert(
      fc.property(historyArb, momentArb, (h, moment) => {
        expect(priceReduction(h, moment)).toEqual(literalRule(h, moment));
      }),
      { numRuns: 2000 },
    );
  });

  it("flags a reduction if and only if its percentage is above 0, and never above the true reduction", () => {
    fc.assert(
      fc.property(historyArb, momentArb, (h, moment) => {
        const r = priceReduction(h, moment);
        if (!r) return;
        expect(r.percent).toBeGreaterThan(0);
        expect(r.percent).toBe(discountPercentage(r.priorMinor, r.sellingMinor));
        // Exactly: percent / 100 ≤ (prior − selling) / prior.
        expect(r.percent * r.priorMinor).toBeLessThanOrEqual((r.priorMinor - r.sellingMinor) * 100);
        expect(r.sellingMinor).toBe(priceAt(h, moment));
      }),
      { numRuns: 2000 },
    );
  });

  it("takes a prior price applied during the 30 days before the reduction began, and none lower", () => {
    fc.assert(
      fc.property(historyArb, momentArb, (h, moment) => {
        const r = priceReduction(h, moment);
        if (!r) return;
        const since = r.since.getTime();
        expect(since).toBeLessThanOrEqual(moment);
        // Every hour of the window (the grid is 6-hourly): the prior price is at most each price applied then,
        // and is one of them.
        const applied = new Set<number>();
        for (let time = since - WINDOW; time < since; time += 3_600_000) {
          const p = priceAt(h, time);
          if (p === null) continue;
          applied.add(p);
          expect(r.priorMinor).toBeLessThanOrEqual(p);
        }
        expect(applied.has(r.priorMinor)).toBe(true);
        // The reduction began with a fall of the price.
        expect(priceAt(h, since) as number).toBeLessThan(priceAt(h, since - 1) as number);
      }),
      { numRuns: 2000 },
    );
  });

  it("keeps the prior price while the reduction lasts, and when it deepens within 30 days of its start", () => {
    fc.assert(
      fc.property(
        historyArb,
        momentArb,
        fc.integer({ min: 1, max: 30 * 24 }),
        fc.integer({ min: 1, max: 99 }),
        (h, moment, laterHours, deeper) => {
          const r = priceReduction(h, moment);
          if (!r) return;
          const later = moment + laterHours * 3_600_000;
          const hasChangeBetween = h.some((c) => (c.at as number) > moment && (c.at as number) <= later);
          if (!hasChangeBetween) expect(priceReduction(h, later)).toEqual(r);
          // A further step down after every change so far, within 30 days of the reduction's first step.
          if (h.some((c) => (c.at as number) > moment)) return;
          const stepAt = moment + laterHours * 3_600_000;
          const lower = Math.floor((r.sellingMinor * deeper) / 100);
          if (lower >= r.sellingMinor || stepAt - r.since.getTime() > WINDOW) return;
          const stepped = priceReduction([...h, { at: stepAt, priceMinor: lower }], stepAt);
          expect(stepped?.priorMinor).toBe(r.priorMinor);
          expect(stepped?.since).toEqual(r.since);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("announces nothing right after a rise", () => {
    fc.assert(
      fc.property(historyArb, momentArb, (h, moment) => {
        const before = priceAt(h, moment - 1);
        const now = priceAt(h, moment);
        const changedNow = h.some((c) => c.at === moment);
        if (changedNow && before !== null && now !== null && now > before)
          expect(priceReduction(h, moment)).toBeNull();
      }),
      { numRuns: 1000 },
    );
  });
});

describe("applied and cheapest prices: properties", () => {
  const instant = fc.integer({ min: 0, max: 100 }).map((d) => new Date(T0 + d * DAY));
  const rowArb = fc.record({
    regularMinor: fc.constantFrom(...PRICES),
    sellingMinor: fc.constantFrom(...PRICES),
    reducedSince: fc.option(instant, { nil: null }),
    campaign: fc.option(
      fc.record({
        active: fc.boolean(),
        startsAt: fc.option(instant, { nil: null }),
        endsAt: fc.option(instant, { nil: null }),
      }),
      { nil: null },
    ),
  });
  const logArb = fc.array(
    fc.record({ day: fc.integer({ min: 0, max: 100 }), priceMinor: fc.constantFrom(...PRICES) }),
    { maxLength: 6 },
  );

  it("apply the log before its last change and the price row from then on", () => {
    fc.assert(
      fc.property(logArb, rowArb, fc.integer({ min: -10, max: 120 }), (entries, row, day) => {
        const log = entries.map((e) => ({ at: T0 + e.day * DAY, priceMinor: e.priceMinor }));
        const moment = T0 + day * DAY;
        const last = Math.max(Number.NEGATIVE_INFINITY, ...log.map((c) => c.at));
        const expected =
          moment >= last
            ? priceInEffect(row, moment)
            : priceAt(
                log.filter((c) => c.at < last),
                moment,
              );
        expect(priceAt(appliedPrices(log, row), moment)).toBe(expected);
      }),
    );
  });

  it("price a product at each moment by its cheapest SKU then", () => {
    fc.assert(
      fc.property(fc.array(historyArb, { maxLength: 4 }), momentArb, (skus, moment) => {
        const each = skus.map((h) => priceAt(h, moment)).filter((p): p is number => p !== null);
        expect(priceAt(cheapestPrices(skus), moment)).toBe(each.length ? Math.min(...each) : null);
      }),
    );
  });
});

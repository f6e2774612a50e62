import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { minorUnits } from "./money.ts";
import {
  AA_TEXT_CONTRAST,
  amountMinor,
  applyVatDeletion,
  applyVatPlan,
  checkCurrency,
  checkMarket,
  checkShippingOption,
  checkTheme,
  contrastRatio,
  dayBefore,
  normalizeColour,
  type PaymentMethodOffer,
  percentToBp,
  planPaymentMethodMarket,
  planVatChange,
  planVatDeletion,
  SETTINGS_PROBLEM_TEXTS,
  STOREFRONT_LANGUAGES,
  settingsProblemText,
  shippingOptionKey,
} from "./settings.ts";
import { DEFAULT_VAT_RATES, PRODUCT_CLASSES, vatRateFor } from "./vat.ts";

const hex = fc
  .tuple(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }))
  .map((rgb) => `#${rgb.map((c) => c.toString(16).padStart(2, "0")).join("")}`);
const day = fc
  .date({ min: new Date("2023-01-02T00:00:00Z"), max: new Date("2032-12-31T00:00:00Z"), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe("contrastRatio", () => {
  it("is symmetric, between 1 and 21, 1 for a colour with itself", () => {
    fc.assert(
      fc.property(hex, hex, (a, b) => {
        const r = contrastRatio(a, b);
        expect(r).toBeCloseTo(contrastRatio(b, a), 12);
        expect(r).toBeGreaterThanOrEqual(1);
        expect(r).toBeLessThanOrEqual(21.0000001);
        expect(contrastRatio(a, a)).toBeCloseTo(1, 12);
      }),
    );
  });
  it("knows the extremes and a WCAG example", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 6);
    // #767676 on white is the well-known lightest grey that passes AA (4.54:1).
    expect(contrastRatio("#767676", "#ffffff")).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    expect(contrastRatio("#777777", "#ffffff")).toBeLessThan(AA_TEXT_CONTRAST);
  });
});

describe("normalizeColour", () => {
  it("takes #rgb and #rrggbb in any case, and nothing else", () => {
    fc.assert(
      fc.property(hex, (c) => {
        expect(normalizeColour(c.toUpperCase())).toBe(c);
      }),
    );
    expect(normalizeColour("#AbC")).toBe("#aabbcc");
    for (const bad of ["red", "#12345", "#gggggg", "rgb(0,0,0)", "", "#1234567", "#12;x"])
      expect(normalizeColour(bad)).toBeNull();
  });
});

describe("checkTheme", () => {
  const seed = { brand: "#e8590c", "brand-ink": "#7a2e05", ink: "#1c1917", paper: "#fffaf5" };
  it("accepts the demo theme", () => {
    expect(checkTheme(seed)).toEqual({ ok: true, value: seed });
  });
  it("accepts exactly the themes whose text pairs meet AA", () => {
    fc.assert(
      fc.property(hex, hex, hex, (ink, brandInk, paper) => {
        const result = checkTheme({ brand: "#e8590c", "brand-ink": brandInk, ink, paper });
        const passes =
          contrastRatio(ink, paper) >= 4.5 &&
          contrastRatio(ink, "#ffffff") >= 4.5 &&
          contrastRatio(brandInk, paper) >= 4.5 &&
          contrastRatio(brandInk, "#ffffff") >= 4.5;
        expect(result.ok).toBe(passes);
        if (!result.ok) expect(result.problems.every((p) => p.code === "lowContrast")).toBe(true);
      }),
    );
  });
  it("tells a non-colour, a missing and an unknown variable by field", () => {
    const result = checkTheme({ ...seed, ink: "black", paper: "", font: "x" });
    expect(result.ok ? [] : result.problems).toEqual([
      { field: "font", code: "unknownVariable" },
      { field: "ink", code: "notAColour" },
      { field: "paper", code: "required" },
    ]);
    expect(checkTheme({ ...seed, ink: "#999999" })).toEqual({
      ok: false,
      problems: [{ field: "ink", code: "lowContrast", ratio: 2.74 }],
    });
  });
  it("checks body text on white too: a dark paper does not excuse white-on-white cards and dialogs", () => {
    const dark = { ...seed, paper: "#1c1917", ink: "#fafaf9", "brand-ink": "#7a2e05" };
    expect(contrastRatio(dark.ink, dark.paper)).toBeGreaterThan(4.5);
    const result = checkTheme(dark);
    expect(result.ok ? [] : result.problems.map((p) => `${p.field}:${p.code}:${p.ratio}`)).toContain(
      "ink:lowContrast:1.04",
    );
  });
});

describe("checkMarket", () => {
  const serves = {
    currencies: ["SEK", "EUR"],
    currentCurrency: "SEK",
    languages: ["sv-SE", "nb-NO"],
    otherActiveMarkets: 1,
  };
  it("normalizes and accepts what the shop serves", () => {
    expect(
      checkMarket(
        { currencyCode: "sek", languageIds: ["sv-SE", "sv-SE"], defaultLanguageId: "sv-SE", active: true },
        serves,
      ),
    ).toEqual({
      ok: true,
      value: { currencyCode: "SEK", languageIds: ["sv-SE"], defaultLanguageId: "sv-SE", active: true },
    });
  });
  it("refuses what the shop cannot serve and the last active market", () => {
    const result = checkMarket(
      { currencyCode: "USD", languageIds: ["en-GB"], defaultLanguageId: "nb-NO", active: false },
      { ...serves, otherActiveMarkets: 0 },
    );
    expect(result.ok ? [] : result.problems.map((p) => `${p.field}:${p.code}`)).toEqual([
      "currencyCode:unknownCurrency",
      "languageIds:unknownLanguage",
      "defaultLanguageId:defaultNotAllowed",
      "active:lastActiveMarket",
    ]);
  });
  it("keeps the market's currency: its prices and fees are amounts in it", () => {
    const input = { currencyCode: "eur", languageIds: ["sv-SE"], defaultLanguageId: "sv-SE", active: true };
    const result = checkMarket(input, serves);
    expect(result.ok ? [] : result.problems.map((p) => `${p.field}:${p.code}`)).toEqual([
      "currencyCode:currencyLocked",
    ]);
    expect(checkMarket(input, { ...serves, currentCurrency: "EUR" }).ok).toBe(true);
  });
});

describe("languages a market may offer", () => {
  it("only those the storefront renders, whatever the languages table holds", () => {
    const serves = {
      currencies: ["SEK"],
      currentCurrency: "SEK",
      languages: ["sv-SE", "nb-NO", "en-GB", "da-DK"],
      otherActiveMarkets: 1,
    };
    fc.assert(
      fc.property(fc.subarray(serves.languages, { minLength: 1 }), (languageIds) => {
        const result = checkMarket(
          { currencyCode: "SEK", languageIds, defaultLanguageId: languageIds[0] ?? "", active: true },
          serves,
        );
        const rendered = languageIds.every((l) => (STOREFRONT_LANGUAGES as readonly string[]).includes(l));
        expect(result.ok).toBe(rendered);
        if (!result.ok)
          expect(result.problems.map((p) => p.code)).toEqual(expect.arrayContaining(["unknownLanguage"]));
      }),
    );
  });
});

describe("checkCurrency", () => {
  const known = ["SEK", "NOK", "EUR", "GBP", "ISK", "KWD", "JPY"];
  const serves = { known, existing: ["SEK", "NOK", "EUR"] };
  it("accepts a known code not there yet with the decimals money.ts uses, and nothing else", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...known, "XYZ", "gbp", "GB", "G1P"),
        fc.integer({ min: 0, max: 4 }),
        (code, digits) => {
          const result = checkCurrency(
            { code, name: "A currency", symbol: "¤", minorUnits: String(digits) },
            serves,
          );
          const upper = code.toUpperCase();
          const fine =
            known.includes(upper) && !serves.existing.includes(upper) && digits === minorUnits(upper);
          expect(result.ok).toBe(fine);
          if (result.ok)
            expect(result.value).toEqual({
              code: upper,
              name: "A currency",
              symbol: "¤",
              minorUnits: digits,
            });
        },
      ),
    );
  });
  it("tells each problem by field", () => {
    const bad = checkCurrency({ code: "ZZZ", name: "", symbol: "k r", minorUnits: "x" }, serves);
    expect(bad.ok ? [] : bad.problems.map((p) => `${p.field}:${p.code}`)).toEqual([
      "code:notACurrencyCode",
      "name:required",
      "symbol:invalidCharacters",
      "minorUnits:notWholeNumber",
    ]);
    expect(checkCurrency({ code: "sek", name: "Krona", symbol: "kr", minorUnits: "2" }, serves)).toEqual({
      ok: false,
      problems: [{ field: "code", code: "currencyExists" }],
    });
    const isk = checkCurrency({ code: "ISK", name: "Króna", symbol: "kr", minorUnits: "2" }, serves);
    expect(isk).toEqual({
      ok: false,
      problems: [{ field: "minorUnits", code: "minorUnitsMismatch", expected: 0 }],
    });
    expect(settingsProblemText({ field: "minorUnits", code: "minorUnitsMismatch", expected: 0 }, "nb")).toBe(
      "Butikken regner denne valutaen med 0 desimaler (dens minste enhet); skriv 0.",
    );
  });
});

describe("checkShippingOption", () => {
  const base = {
    nbName: "Hjemlevering",
    svName: "Hemleverans",
    fee: "49",
    freeOver: "",
    daysMin: "1",
    daysMax: "3",
    sortOrder: "",
    active: true,
  };
  it("reads amounts in the currency's minor units", () => {
    expect(amountMinor("49,50", "SEK")).toBe(4950);
    expect(amountMinor("1490", "ISK")).toBe(1490);
    expect(amountMinor("14,5", "ISK")).toBeNull();
    expect(amountMinor("-1", "SEK")).toBeNull();
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), (minor) => {
        const text = `${Math.floor(minor / 100)},${String(minor % 100).padStart(2, "0")}`;
        expect(amountMinor(text, "NOK")).toBe(minor);
      }),
    );
  });
  it("refuses a fee in a market without a currency (no minor unit to count it in)", () => {
    const none = checkShippingOption({ ...base, freeOver: "599" }, null);
    expect(none.ok ? [] : none.problems.map((p) => `${p.field}:${p.code}`)).toEqual(["fee:noCurrency"]);
  });
  it("accepts a full option and tells each problem by field", () => {
    const ok = checkShippingOption({ ...base, freeOver: "599" }, "SEK");
    expect(ok).toMatchObject({
      ok: true,
      value: { feeMinor: 4900, freeOverMinor: 59900, deliveryDaysMin: 1 },
    });
    const bad = checkShippingOption({ ...base, nbName: " ", fee: "x", daysMin: "5", daysMax: "2" }, "SEK");
    expect(bad.ok ? [] : bad.problems.map((p) => `${p.field}:${p.code}`)).toEqual([
      "nbName:required",
      "fee:invalidAmount",
      "daysMax:estimateOrder",
    ]);
  });
});

describe("retiring a shipping option", () => {
  const base = {
    nbName: "Ekspress",
    svName: "Express",
    fee: "99",
    freeOver: "",
    daysMin: "",
    daysMax: "",
    sortOrder: "",
  };
  it("refuses exactly the retirement of the market's last offered option", () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), fc.nat(5), (active, wasActive, otherActive) => {
        const result = checkShippingOption({ ...base, active }, "NOK", { wasActive, otherActive });
        const refused = !active && wasActive && otherActive === 0;
        expect(result.ok).toBe(!refused);
        if (!result.ok) expect(result.problems).toEqual([{ field: "active", code: "lastActiveOption" }]);
      }),
    );
  });
  it("refuses control characters and line breaks in a name", () => {
    const result = checkShippingOption(
      { ...base, nbName: "Eks\u0000press", svName: "Ex\npress", active: true },
      "SEK",
    );
    expect(result.ok ? [] : result.problems.map((p) => `${p.field}:${p.code}`)).toEqual([
      "nbName:invalidCharacters",
      "svName:invalidCharacters",
    ]);
  });
});

describe("shippingOptionKey", () => {
  it("is a slug of the name, never one taken", () => {
    expect(shippingOptionKey({ nb: "Ekspress i morgen", sv: "Express" }, [])).toBe("ekspress-i-morgen");
    expect(shippingOptionKey({ nb: "Hjemlevering", sv: "" }, ["hjemlevering", "hjemlevering-2"])).toBe(
      "hjemlevering-3",
    );
    expect(shippingOptionKey({ nb: "!!!", sv: "" }, [])).toBe("option");
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), fc.array(fc.string({ maxLength: 64 })), (nb, taken) => {
        const key = shippingOptionKey({ nb, sv: "" }, taken);
        expect(taken).not.toContain(key);
        expect(key).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        expect(key.length).toBeLessThanOrEqual(60);
      }),
    );
  });
  it("finds a free key however many share the name", () => {
    const taken = ["x", ...Array.from({ length: 50 }, (_, i) => `x-${i + 2}`)];
    expect(shippingOptionKey({ nb: "X", sv: "" }, taken)).toBe("x-52");
  });
});

describe("percentToBp and dayBefore", () => {
  it("reads percent with up to two decimals", () => {
    expect(percentToBp("25")).toBe(2500);
    expect(percentToBp("25,5")).toBe(2550);
    expect(percentToBp("13.5 %")).toBe(1350);
    for (const bad of ["", "101", "-1", "2.555", "x"]) expect(percentToBp(bad)).toBeNull();
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (bp) => {
        expect(percentToBp(`${Math.floor(bp / 100)}.${String(bp % 100).padStart(2, "0")}`)).toBe(bp);
      }),
    );
  });
  it("is the previous calendar day", () => {
    expect(dayBefore("2026-03-01")).toBe("2026-02-28");
    expect(dayBefore("2028-03-01")).toBe("2028-02-29");
    expect(dayBefore("2027-01-01")).toBe("2026-12-31");
  });
});

describe("planVatChange", () => {
  it("keeps every day up to the change, puts the new rate from it until the next scheduled row", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("se", "fi", "no", "dk", "de"),
        fc.constantFrom(...PRODUCT_CLASSES),
        fc.integer({ min: 0, max: 10_000 }),
        day,
        day,
        day,
        (market, productClass, rateBp, today, from, probe) => {
          const rate = `${Math.floor(rateBp / 100)},${String(rateBp % 100).padStart(2, "0")}`;
          const plan = planVatChange(
            DEFAULT_VAT_RATES,
            market,
            { productClass, rate, validFrom: from },
            today,
          );
          if (from <= today) {
            expect(plan).toEqual({ ok: false, problems: [{ field: "validFrom", code: "notInTheFuture" }] });
            return;
          }
          expect(plan.ok).toBe(true);
          if (!plan.ok) return;
          const after = applyVatPlan(DEFAULT_VAT_RATES, plan.value);
          const rateOn = (rows: readonly (typeof after)[number][], d: string) => {
            try {
              return vatRateFor(rows, market, productClass, d).rateBp;
            } catch {
              return null;
            }
          };
          const next = DEFAULT_VAT_RATES.filter(
            (r) => r.market === market && r.productClass === productClass && r.validFrom > from,
          ).sort((a, b) => (a.validFrom < b.validFrom ? -1 : 1))[0];
          if (probe < from) expect(rateOn(after, probe)).toBe(rateOn(DEFAULT_VAT_RATES, probe));
          else if (!next || probe < next.validFrom) expect(rateOn(after, probe)).toBe(rateBp);
          else expect(rateOn(after, probe)).toBe(rateOn(DEFAULT_VAT_RATES, probe));
        },
      ),
    );
  });
  it("refuses a bad class, rate and date", () => {
    const plan = planVatChange(
      DEFAULT_VAT_RATES,
      "se",
      { productClass: "x", rate: "120", validFrom: "2026-13-01" },
      "2026-01-01",
    );
    expect(plan.ok ? [] : plan.problems.map((p) => `${p.field}:${p.code}`)).toEqual([
      "productClass:unknownProductClass",
      "rate:invalidRate",
      "validFrom:invalidDate",
    ]);
  });
});

describe("planVatDeletion", () => {
  const rateOn = (
    rows: readonly (typeof DEFAULT_VAT_RATES)[number][],
    market: string,
    c: string,
    d: string,
  ) => {
    try {
      return vatRateFor(rows, market, c as (typeof PRODUCT_CLASSES)[number], d).rateBp;
    } catch {
      return null;
    }
  };
  it("gives the deleted row's days the rate before it and keeps every other day (vatRateFor)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("se", "fi", "no", "dk", "de"),
        fc.constantFrom(...PRODUCT_CLASSES),
        fc.integer({ min: 0, max: 10_000 }),
        day,
        day,
        day,
        day,
        (market, productClass, rateBp, today, from, second, probe) => {
          // A table with up to two scheduled changes of the class (planned against today - 1 so any day can be set).
          const rate = `${Math.floor(rateBp / 100)},${String(rateBp % 100).padStart(2, "0")}`;
          let rows = [...DEFAULT_VAT_RATES];
          for (const d of [from, second]) {
            const plan = planVatChange(rows, market, { productClass, rate, validFrom: d }, "2023-01-01");
            if (plan.ok) rows = applyVatPlan(rows, plan.value);
          }
          const target = rows.find(
            (r) => r.market === market && r.productClass === productClass && r.validFrom === from,
          );
          const deletion = planVatDeletion(rows, market, productClass, from, today);
          if (!target) {
            expect(deletion).toBeNull();
            return;
          }
          if (from <= today) {
            expect(deletion).toEqual({
              ok: false,
              problems: [{ field: "validFrom", code: "alreadyInEffect" }],
            });
            return;
          }
          expect(deletion?.ok).toBe(true);
          if (!deletion?.ok) return;
          const after = applyVatDeletion(rows, market, deletion.value);
          const inSpan = probe >= target.validFrom && (target.validTo === null || probe <= target.validTo);
          if (!inSpan)
            expect(rateOn(after, market, productClass, probe)).toBe(
              rateOn(rows, market, productClass, probe),
            );
          else
            expect(rateOn(after, market, productClass, probe)).toBe(
              rateOn(rows, market, productClass, dayBefore(from)),
            );
          // Days up to today never change.
          if (probe <= today)
            expect(rateOn(after, market, productClass, probe)).toBe(
              rateOn(rows, market, productClass, probe),
            );
        },
      ),
    );
  });
  it("undoes a change just scheduled: every day has its rate again", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("se", "fi", "no", "dk", "de"),
        fc.constantFrom(...PRODUCT_CLASSES),
        fc.integer({ min: 0, max: 10_000 }),
        day,
        day,
        (market, productClass, rateBp, from, probe) => {
          const taken = DEFAULT_VAT_RATES.some(
            (r) => r.market === market && r.productClass === productClass && r.validFrom === from,
          );
          const plan = planVatChange(
            DEFAULT_VAT_RATES,
            market,
            { productClass, rate: String(rateBp / 100), validFrom: from },
            "2023-01-01",
          );
          if (taken || !plan.ok) return;
          const scheduled = applyVatPlan(DEFAULT_VAT_RATES, plan.value);
          const deletion = planVatDeletion(scheduled, market, productClass, from, "2023-01-01");
          expect(deletion?.ok).toBe(true);
          if (!deletion?.ok) return;
          const back = applyVatDeletion(scheduled, market, deletion.value);
          expect(rateOn(back, market, productClass, probe)).toBe(
            rateOn(DEFAULT_VAT_RATES, market, productClass, probe),
          );
        },
      ),
    );
  });
});

describe("planPaymentMethodMarket", () => {
  const MARKETS = ["se", "no", "dk"];
  const method = fc.record({
    active: fc.boolean(),
    marketAliases: fc.subarray(MARKETS),
    customerTypes: fc.subarray(["PERSON", "ORGANIZATION"], { minLength: 1 }),
  });
  const payable = (methods: readonly PaymentMethodOffer[], market: string, type: string) =>
    methods.some(
      (m) =>
        m.active &&
        (m.marketAliases.length === 0 || m.marketAliases.includes(market)) &&
        m.customerTypes.includes(type),
    );
  it("changes only the one market, and never leaves a kind of shopper who could pay unable to", () => {
    fc.assert(
      fc.property(
        fc.array(method, { minLength: 1, maxLength: 4 }),
        fc.nat(3),
        fc.constantFrom(...MARKETS),
        fc.boolean(),
        (raw, pick, market, offered) => {
          const methods = raw.map((m, i) => ({ ...m, key: `m${i}` }));
          const target = methods[pick % methods.length] as PaymentMethodOffer;
          const plan = planPaymentMethodMarket(methods, MARKETS, target.key, market, offered);
          if (!plan) throw new Error("known method and market");
          const before = (m: string) => target.marketAliases.length === 0 || target.marketAliases.includes(m);
          if (!plan.ok) {
            expect(offered).toBe(false);
            expect([
              [{ field: "offered", code: "lastPaymentMethod" }],
              [{ field: "offered", code: "onlyMarketOfMethod" }],
            ]).toContainEqual(plan.problems);
            return;
          }
          // As the checkout reads the column (an empty list is every market).
          const offeredIn = (m: string) => plan.value.length === 0 || plan.value.includes(m);
          for (const m of MARKETS) expect(offeredIn(m)).toBe(m === market ? offered : before(m));
          const after = methods.map((m) => (m.key === target.key ? { ...m, marketAliases: plan.value } : m));
          for (const type of ["PERSON", "ORGANIZATION"])
            if (payable(methods, market, type) && target.customerTypes.includes(type) && target.active)
              expect(payable(after, market, type) || offered).toBe(true);
        },
      ),
    );
  });
  it("refuses the last method and lists the other markets when one leaves 'every market'", () => {
    const card = { key: "card", active: true, marketAliases: [], customerTypes: ["PERSON", "ORGANIZATION"] };
    const invoice = {
      key: "invoice",
      active: true,
      marketAliases: ["se"],
      customerTypes: ["PERSON", "ORGANIZATION"],
    };
    expect(planPaymentMethodMarket([card, invoice], MARKETS, "card", "no", false)).toEqual({
      ok: false,
      problems: [{ field: "offered", code: "lastPaymentMethod" }],
    });
    expect(planPaymentMethodMarket([card, invoice], MARKETS, "card", "se", false)).toEqual({
      ok: true,
      value: ["no", "dk"],
    });
    expect(planPaymentMethodMarket([card, invoice], MARKETS, "invoice", "dk", true)).toEqual({
      ok: true,
      value: ["se", "dk"],
    });
    // Its only market taken out: an empty list would offer it in every market.
    expect(planPaymentMethodMarket([card, invoice], MARKETS, "invoice", "se", false)).toEqual({
      ok: false,
      problems: [{ field: "offered", code: "onlyMarketOfMethod" }],
    });
    // Turned on where it is offered in every market: it stays every market (later markets too).
    expect(planPaymentMethodMarket([card, invoice], MARKETS, "card", "se", true)).toEqual({
      ok: true,
      value: [],
    });
    expect(planPaymentMethodMarket([card], MARKETS, "nope", "se", true)).toBeNull();
    expect(planPaymentMethodMarket([card], MARKETS, "card", "xx", true)).toBeNull();
  });
});

describe("texts", () => {
  it("every problem has a text in en, sv and nb with its numbers filled in", () => {
    for (const [code, texts] of Object.entries(SETTINGS_PROBLEM_TEXTS))
      for (const lang of ["en", "sv", "nb"] as const) {
        expect(texts[lang].length, `${code} ${lang}`).toBeGreaterThan(5);
        expect(
          settingsProblemText(
            { field: "x", code: code as keyof typeof SETTINGS_PROBLEM_TEXTS, max: 3, ratio: 2.5 },
            lang,
          ),
        ).not.toMatch(/\{\w+\}/);
      }
  });
});

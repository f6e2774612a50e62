import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { slugify } from "./ids.ts";
import {
  checkArticleNumber,
  checkPrice,
  checkProductTexts,
  checkSku,
  isValidGtin,
  PRODUCT_LIMITS,
  PRODUCT_PROBLEM_TEXTS,
  parseAmount,
  productProblemText,
} from "./product-edit.ts";

/** A GTIN of `length` digits with its check digit computed the GS1 way (weights 3,1 from the right). */
function withCheckDigit(body: string): string {
  const digits = [...body].reverse().map(Number);
  const sum = digits.reduce((s, d, i) => s + d * (i % 2 === 0 ? 3 : 1), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}
const gtinBody = fc
  .constantFrom(7, 11, 12, 13)
  .chain((n) => fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: n, maxLength: n }));

describe("isValidGtin", () => {
  it("accepts known EANs and every GTIN-8/12/13/14 with its check digit; refuses any other last digit", () => {
    expect(isValidGtin("7350000000016")).toBe(true);
    expect(isValidGtin("4006381333931")).toBe(true);
    expect(isValidGtin("96385074")).toBe(true);
    fc.assert(
      fc.property(gtinBody, fc.integer({ min: 1, max: 9 }), (body, shift) => {
        const gtin = withCheckDigit(body);
        const wrong = `${body}${(Number(gtin.at(-1)) + shift) % 10}`;
        return isValidGtin(gtin) && !isValidGtin(wrong);
      }),
    );
  });
  it("refuses other lengths and non-digits", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (s) => {
        if (!/^(\d{8}|\d{12,14})$/.test(s)) expect(isValidGtin(s)).toBe(false);
      }),
    );
  });
});

describe("checkProductTexts", () => {
  it("a name that gives an alias is kept trimmed; the optional texts may be empty", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-zÅÄÖåäöØøÆæ0-9][A-Za-zÅÄÖåäöØøÆæ0-9 -]{0,60}$/), (name) => {
        const checked = checkProductTexts("nb.", { name: `  ${name} ` });
        expect(checked).toEqual({
          ok: true,
          value: {
            name: name.trim(),
            shortText: null,
            longText: null,
            metaTitle: null,
            metaDescription: null,
          },
        });
        expect(slugify(name)).not.toBe("");
      }),
    );
  });
  it("names every problem by field: required, one line, too long, no alias, control characters", () => {
    expect(checkProductTexts("sv.", { name: " " })).toEqual({
      ok: false,
      problems: [{ field: "sv.name", code: "required" }],
    });
    expect(checkProductTexts("nb.", { name: "A\nB" })).toMatchObject({
      problems: [{ field: "nb.name", code: "invalidCharacters" }],
    });
    expect(checkProductTexts("nb.", { name: "—" })).toMatchObject({
      problems: [{ field: "nb.name", code: "noAlias" }],
    });
    expect(
      checkProductTexts("nb.", {
        name: "x".repeat(PRODUCT_LIMITS.name + 1),
        longText: "a\u0000b",
        metaTitle: "y".repeat(PRODUCT_LIMITS.metaTitle + 1),
      }),
    ).toEqual({
      ok: false,
      problems: [
        { field: "nb.name", code: "tooLong", max: PRODUCT_LIMITS.name },
        { field: "nb.longText", code: "invalidCharacters" },
        { field: "nb.metaTitle", code: "tooLong", max: PRODUCT_LIMITS.metaTitle },
      ],
    });
  });
});

describe("checkArticleNumber", () => {
  it("letters, digits and . _ - up to 40 characters", () => {
    expect(checkArticleNumber("a", " JKT-1042 ")).toEqual({ ok: true, value: "JKT-1042" });
    for (const bad of ["-x", "a b", "a/b", "a;b"])
      expect(checkArticleNumber("a", bad)).toMatchObject({ problems: [{ code: "invalidArticleNumber" }] });
    expect(checkArticleNumber("a", "")).toMatchObject({ problems: [{ code: "required" }] });
    expect(checkArticleNumber("a", "x".repeat(41))).toMatchObject({ problems: [{ code: "tooLong" }] });
  });
});

describe("checkSku", () => {
  it("stock fields are whole numbers from 0 to the limit; incoming a real date; GTIN optional", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: PRODUCT_LIMITS.stock }),
        fc.integer({ min: 0, max: PRODUCT_LIMITS.stock }),
        (inStock, oversellable) => {
          const checked = checkSku("sku.", { name: "M", inStock: String(inStock), oversellable });
          expect(checked).toEqual({
            ok: true,
            value: { name: "M", gtin: null, inStock, oversellable, incoming: null },
          });
        },
      ),
    );
    expect(
      checkSku("sku.", {
        name: "",
        gtin: "1234",
        inStock: "-1",
        oversellable: "2.5",
        incoming: "2026-02-30",
      }),
    ).toEqual({
      ok: false,
      problems: [
        { field: "sku.name", code: "required" },
        { field: "sku.gtin", code: "invalidGtin" },
        { field: "sku.inStock", code: "outOfRange", max: PRODUCT_LIMITS.stock },
        { field: "sku.oversellable", code: "notWholeNumber" },
        { field: "sku.incoming", code: "invalidDate" },
      ],
    });
    expect(checkSku("", { name: "S", gtin: "735 0000 000016", incoming: "2027-01-31" })).toMatchObject({
      ok: true,
      value: { gtin: "7350000000016", incoming: "2027-01-31" },
    });
  });
});

describe("checkPrice", () => {
  it("amounts as typed (comma or point, spaces) in minor units; the sale price never above the regular one", () => {
    expect(parseAmount("1 299,50", "SEK")).toBe(129950);
    expect(parseAmount("1299.5", "NOK")).toBe(129950);
    expect(parseAmount("12,3,4", "NOK")).toBeNull();
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.integer({ min: 0, max: 1_000_000_000 }),
        (a, b) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          const text = (minor: number) =>
            `${Math.floor(minor / 100)},${String(minor % 100).padStart(2, "0")}`;
          expect(checkPrice("p.", { regular: text(high), selling: text(low) }, "SEK")).toEqual({
            ok: true,
            value: { regularMinor: high, sellingMinor: low },
          });
          if (low < high)
            expect(checkPrice("p.", { regular: text(low), selling: text(high) }, "SEK")).toEqual({
              ok: false,
              problems: [{ field: "p.selling", code: "saleAboveRegular" }],
            });
        },
      ),
    );
    expect(checkPrice("p.", { regular: "499" }, "NOK")).toEqual({
      ok: true,
      value: { regularMinor: 49900, sellingMinor: 49900 },
    });
    expect(checkPrice("p.", { regular: "", selling: "abc" }, "NOK")).toEqual({
      ok: false,
      problems: [
        { field: "p.regular", code: "required" },
        { field: "p.selling", code: "invalidAmount" },
      ],
    });
  });
});

describe("problem texts", () => {
  it("every code has a text in English, Swedish and Norwegian, its limit filled in", () => {
    for (const [code, texts] of Object.entries(PRODUCT_PROBLEM_TEXTS))
      for (const lang of ["en", "sv", "nb"] as const) {
        expect(texts[lang], `${code} ${lang}`).toBeTruthy();
        expect(productProblemText({ field: "x", code: code as "tooLong", max: 9 }, lang)).not.toMatch(
          /\{max\}/,
        );
      }
  });
});

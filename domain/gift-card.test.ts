import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normalizeCode } from "./cart.ts";
import { GIFT_CARD_RANDOM_BYTES, giftCardCode, isGiftCardCode } from "./gift-card.ts";

describe("gift-card codes", () => {
  it("carry 80 random bits as four groups of Crockford base 32", () => {
    expect(giftCardCode("GAVA", new Uint8Array(GIFT_CARD_RANDOM_BYTES))).toBe("GAVA-0000-0000-0000-0000");
    expect(giftCardCode("GAVE", new Uint8Array(GIFT_CARD_RANDOM_BYTES).fill(255))).toBe(
      "GAVE-ZZZZ-ZZZZ-ZZZZ-ZZZZ",
    );
    expect(() => giftCardCode("GAVA", new Uint8Array(4))).toThrow(RangeError);
  });

  it("differ for different bits, have the code shape and survive the code field's normalisation (property)", () => {
    const bytes = fc.uint8Array({ minLength: GIFT_CARD_RANDOM_BYTES, maxLength: GIFT_CARD_RANDOM_BYTES });
    fc.assert(
      fc.property(bytes, bytes, (a, b) => {
        const code = giftCardCode("GAVA", a);
        expect(isGiftCardCode(code)).toBe(true);
        expect(code).not.toMatch(/[ILOU]/);
        expect(normalizeCode(` ${code.toLowerCase()} `)).toBe(code);
        if (Buffer.compare(Buffer.from(a), Buffer.from(b)) !== 0)
          expect(giftCardCode("GAVA", b)).not.toBe(code);
      }),
    );
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatChannelId, parseChannelId, slugify } from "./ids.ts";

describe("channel ids", () => {
  it("parses and formats", () => {
    expect(parseChannelId("1|se")).toEqual({ channelNumber: 1, market: "se" });
    expect(parseChannelId("12|no")).toEqual({ channelNumber: 12, market: "no" });
    expect(formatChannelId({ channelNumber: 2, market: "no" })).toBe("2|no");
  });

  it("rejects malformed ids", () => {
    for (const bad of [
      "",
      "1",
      "se",
      "1|",
      "|se",
      "0|se",
      "01|se",
      "1|SE",
      "1|swe",
      "1|se|x",
      " 1|se",
      "1.5|se",
      "-1|se",
    ]) {
      expect(parseChannelId(bad), bad).toBeNull();
    }
    expect(() => formatChannelId({ channelNumber: 0, market: "se" })).toThrow(RangeError);
    expect(() => formatChannelId({ channelNumber: 1, market: "SE" })).toThrow(RangeError);
    expect(() => formatChannelId({ channelNumber: 1.5, market: "se" })).toThrow(RangeError);
  });

  it("round-trips", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 999_999_999 }),
        fc.stringMatching(/^[a-z]{2}$/),
        (channelNumber, market) => {
          const id = formatChannelId({ channelNumber, market });
          expect(parseChannelId(id)).toEqual({ channelNumber, market });
        },
      ),
    );
    fc.assert(
      fc.property(fc.string(), (text) => {
        const parsed = parseChannelId(text);
        if (parsed) expect(formatChannelId(parsed)).toBe(text);
      }),
    );
  });
});

describe("slugify", () => {
  it("turns Swedish and Norwegian names into URL aliases", () => {
    expect(slugify("Blåbärssylt")).toBe("blabarssylt");
    expect(slugify("Öl & Äpplen")).toBe("ol-applen");
    expect(slugify("Smørbrød med rømme")).toBe("smorbrod-med-romme");
    expect(slugify("Ærlig Æblekage")).toBe("aerlig-aeblekage");
    expect(slugify("Café Crème")).toBe("cafe-creme");
    expect(slugify("Müsli")).toBe("musli");
    expect(slugify("Straße")).toBe("strasse");
    expect(slugify("Ångström")).toBe("angstrom");
    expect(slugify("Herr T-shirt, 100 % bomull (2-pack)")).toBe("herr-t-shirt-100-bomull-2-pack");
    expect(slugify("  --Dam__Jacka--  ")).toBe("dam-jacka");
    expect(slugify("Señor Piñata")).toBe("senor-pinata");
  });

  it("gives an empty alias for text without Latin letters or digits", () => {
    expect(slugify("")).toBe("");
    expect(slugify(" – ")).toBe("");
    expect(slugify("Ёлка")).toBe("");
  });

  it("only emits lower-case ASCII letters, digits and single inner dashes", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        expect(slugify(text)).toMatch(/^(?:[a-z0-9]+(?:-[a-z0-9]+)*)?$/);
      }),
    );
  });

  it("is idempotent", () => {
    const nordic = fc.constantFrom(..."aåäöæøéüÅÄÖÆØÉÜ -_&.,'/ßÑñ0123456789Zz".split(""));
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: "binary" }), fc.string({ unit: nordic })), (text) => {
        const once = slugify(text);
        expect(slugify(once)).toBe(once);
      }),
    );
  });
});

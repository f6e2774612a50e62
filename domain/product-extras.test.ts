import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkAltTexts,
  checkImageDimensions,
  checkImageUpload,
  checkOrder,
  checkParameters,
  checkRelated,
  EXTRAS_LIMITS,
  EXTRAS_PROBLEM_TEXTS,
  extrasProblemText,
  move,
  sniffImageType,
} from "./product-extras.ts";

const MAGIC = {
  jpeg: [0xff, 0xd8, 0xff, 0xe0],
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  webp: [0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50],
} as const;
const withMagic = (type: keyof typeof MAGIC, rest: Uint8Array) => new Uint8Array([...MAGIC[type], ...rest]);
const bytes = fc.uint8Array({ maxLength: 64 });

describe("sniffImageType", () => {
  it("reads the type from the magic number whatever follows", () => {
    fc.assert(
      fc.property(fc.constantFrom("jpeg", "png", "webp" as const), bytes, (type, rest) => {
        return sniffImageType(withMagic(type, rest)) === type;
      }),
    );
  });
  it("refuses text, SVG, GIF and anything that does not start with a known magic number", () => {
    for (const text of [
      "<svg xmlns='http://www.w3.org/2000/svg'/>",
      "GIF89a",
      "%PDF-1.7",
      "",
      "RIFF0000WAVE",
    ])
      expect(sniffImageType(new TextEncoder().encode(text))).toBeNull();
    fc.assert(
      fc.property(bytes, (b) => {
        const type = sniffImageType(b);
        // A type is only ever answered for bytes that begin with its magic number (WebP's bytes 4–7 are its size).
        return (
          type === null ||
          [...MAGIC[type]].every((v, i) => (type === "webp" && i >= 4 && i < 8) || b[i] === v)
        );
      }),
    );
  });
});

describe("checkImageUpload", () => {
  const file = (b: Uint8Array) => ({ name: "x.jpg", bytes: b });
  it("accepts 1 to filesPerUpload images within the size, answering each type", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom("jpeg", "png", "webp" as const), {
          minLength: 1,
          maxLength: EXTRAS_LIMITS.filesPerUpload,
        }),
        fc.nat({ max: EXTRAS_LIMITS.imagesPerProduct - EXTRAS_LIMITS.filesPerUpload }),
        (types, existing) => {
          const checked = checkImageUpload(
            types.map((t) => file(withMagic(t, new Uint8Array(8)))),
            existing,
          );
          return checked.ok && checked.value.join() === types.join();
        },
      ),
    );
  });
  it("refuses no file, too many, a product that would hold too many, one too large, one not an image", () => {
    const jpeg = file(withMagic("jpeg", new Uint8Array(8)));
    const code = (r: ReturnType<typeof checkImageUpload>) =>
      r.ok ? null : r.problems.map((p) => p.code).join();
    expect(code(checkImageUpload([], 0))).toBe("noFile");
    expect(code(checkImageUpload([file(new Uint8Array())], 0))).toBe("noFile");
    expect(code(checkImageUpload(Array(EXTRAS_LIMITS.filesPerUpload + 1).fill(jpeg), 0))).toBe(
      "tooManyFiles",
    );
    expect(code(checkImageUpload([jpeg], EXTRAS_LIMITS.imagesPerProduct))).toBe("tooManyImages");
    const big = new Uint8Array(EXTRAS_LIMITS.imageBytes + 1);
    big.set(MAGIC.png);
    expect(code(checkImageUpload([jpeg, file(big)], 0))).toBe("fileTooLarge");
    expect(code(checkImageUpload([file(new TextEncoder().encode("hello"))], 0))).toBe("unsupportedImageType");
  });
});

describe("checkImageDimensions", () => {
  it("wants the sniffed format, both sides at least the minimum and at most the pixel limit", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20_000 }),
        fc.integer({ min: 1, max: 20_000 }),
        (width, height) => {
          const problem = checkImageDimensions("png", { format: "png", width, height });
          const ok =
            width * height <= EXTRAS_LIMITS.imagePixels &&
            Math.min(width, height) >= EXTRAS_LIMITS.imageMinSide;
          return ok ? problem === null : problem !== null;
        },
      ),
    );
    expect(checkImageDimensions("png", { format: "jpeg", width: 500, height: 500 })?.code).toBe(
      "unreadableImage",
    );
  });
});

describe("orders", () => {
  it("move keeps the same items; checkOrder accepts any permutation and refuses anything else", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.nat(), { minLength: 1, maxLength: 20 }),
        fc.integer({ min: -2, max: 22 }),
        fc.integer({ min: -2, max: 22 }),
        (list, from, to) => {
          const moved = move(list, from, to);
          return (
            checkOrder("x", moved, list) === null && [...moved].sort().join() === [...list].sort().join()
          );
        },
      ),
    );
    expect(move(["a", "b", "c"], 2, 0)).toEqual(["c", "a", "b"]);
    expect(move(["a", "b", "c"], 0, 1)).toEqual(["b", "a", "c"]);
    expect(checkOrder("x", ["a", "a"], ["a", "b"])?.code).toBe("duplicate");
    expect(checkOrder("x", ["a"], ["a", "b"])?.code).toBe("orderMismatch");
    expect(checkOrder("x", ["a", "c"], ["a", "b"])?.code).toBe("orderMismatch");
  });
  it("checkRelated refuses the product itself, a repeat and too many", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 2, max: 1000 }), { maxLength: EXTRAS_LIMITS.related }),
        (ids) => checkRelated(1, ids).ok,
      ),
    );
    const codes = (ids: number[]) => {
      const r = checkRelated(1, ids);
      return r.ok ? [] : r.problems.map((p) => p.code);
    };
    expect(codes([2, 1])).toEqual(["relatedSelf"]);
    expect(codes([2, 2])).toEqual(["duplicate"]);
    expect(codes(Array.from({ length: EXTRAS_LIMITS.related + 1 }, (_, i) => i + 2))).toEqual(["tooMany"]);
  });
});

describe("texts", () => {
  it("alt texts: one line, at most the limit, spaces collapsed, empty is none", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 250 }), (text) => {
        const checked = checkAltTexts("a.", { nb: text, sv: null });
        const value = text.replace(/\s+/g, " ").trim();
        if (checked.ok) return checked.value.nb === (value || null) && [...value].length <= EXTRAS_LIMITS.alt;
        return checked.problems.every((p) => p.field === "a.nb");
      }),
    );
    expect(checkAltTexts("a.", { nb: "to\nlinjer" }).ok).toBe(false);
  });
  it("parameters: both languages required, identifiers from the name when empty, each once", () => {
    const row = (identifier: string, nb = "Vekt") => ({
      groupId: 1,
      identifier,
      nb: { name: nb, value: "1 kg" },
      sv: { name: "Vikt", value: "1 kg" },
    });
    const ok = checkParameters([row(""), row("", "Materiale")]);
    expect(ok.ok && ok.value.map((p) => `${p.identifier}/${p.valueKey}`)).toEqual([
      "vekt/1-kg",
      "materiale/1-kg",
    ]);
    const bad = checkParameters([row("vekt"), row("", "Vekt"), { ...row("x"), sv: { name: "", value: "" } }]);
    expect(bad.ok ? [] : bad.problems.map((p) => `${p.field}:${p.code}`)).toEqual([
      "parameter.1.identifier:duplicate",
      "parameter.2.sv.name:required",
      "parameter.2.sv.value:required",
    ]);
  });
  it("every code has its text in en, sv and nb", () => {
    for (const [code, texts] of Object.entries(EXTRAS_PROBLEM_TEXTS))
      for (const lang of ["en", "sv", "nb"] as const) {
        expect(texts[lang].length).toBeGreaterThan(3);
        expect(
          extrasProblemText({ field: "f", code: code as keyof typeof EXTRAS_PROBLEM_TEXTS, max: 7 }, lang),
        ).not.toContain("{max}");
      }
    expect(extrasProblemText({ field: "f", code: "required" }, "sv")).toBe("Fyll i fältet.");
  });
});

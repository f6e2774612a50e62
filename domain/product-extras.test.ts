import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  COLOR_GROUP_ID,
  checkAltTexts,
  checkImageDimensions,
  checkImageUpload,
  checkOrder,
  checkParameterGroupNames,
  checkParameterMove,
  checkParameters,
  checkRelated,
  checkRelations,
  EXTRAS_LIMITS,
  EXTRAS_PROBLEM_TEXTS,
  extrasProblemText,
  move,
  packageChoiceProblem,
  parameterGroupDeleteProblem,
  RELATION_KINDS,
  relationKindOf,
  sniffImageType,
} from "./product-extras.ts";
import { hasControlCharacter } from "./text.ts";

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

describe("related products' kinds (decision 0064)", () => {
  it("a stored relation reads as one of the kinds, and a kind reads as itself", () => {
    fc.assert(fc.property(fc.string(), (stored) => RELATION_KINDS.includes(relationKindOf(stored))));
    for (const kind of RELATION_KINDS) expect(relationKindOf(kind)).toBe(kind);
    expect(relationKindOf("accessories")).toBe("accessory");
    expect(relationKindOf(null)).toBe("related");
  });
  it("accepts the kinds and empty (kept), refuses anything else at its place", () => {
    const kind = fc.oneof(fc.constantFrom(...RELATION_KINDS, "", null), fc.string({ maxLength: 12 }));
    fc.assert(
      fc.property(fc.array(kind, { maxLength: 10 }), (kinds) => {
        const checked = checkRelations(kinds);
        const bad = kinds.flatMap((k, i) =>
          k === null || k.trim() === "" || (RELATION_KINDS as readonly string[]).includes(k.trim())
            ? []
            : [`related.${i}.relation`],
        );
        if (checked.ok)
          return bad.length === 0 && checked.value.every((v, i) => v === (kinds[i]?.trim() || null));
        return JSON.stringify(checked.problems.map((p) => p.field)) === JSON.stringify(bad);
      }),
    );
  });
});

describe("package choices (decision 0064)", () => {
  it("refuses the package itself and any package; takes every other product", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.constantFrom("product", "package"),
        (packageId, productId, type) => {
          const problem = packageChoiceProblem(packageId, { productId, type });
          if (productId === packageId) return problem === "relatedSelf";
          return problem === (type === "package" ? "packageInPackage" : null);
        },
      ),
    );
  });
});

describe("parameter groups (decision 0064)", () => {
  it("names: both languages, one line, at most the limit", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 100 }), fc.string({ maxLength: 100 }), (nb, sv) => {
        const checked = checkParameterGroupNames({ nb, sv });
        const fine = (s: string) => {
          const v = s.replace(/\s+/g, " ").trim();
          return (
            !/[\r\n]/.test(s.trim()) &&
            v !== "" &&
            !hasControlCharacter(v) &&
            [...v].length <= EXTRAS_LIMITS.parameterGroupName
          );
        };
        return checked.ok === (fine(nb) && fine(sv));
      }),
    );
    expect(checkParameterGroupNames({ nb: "  Mål ", sv: "Mått" })).toEqual({
      ok: true,
      value: { nb: "Mål", sv: "Mått" },
    });
  });
  it("a group is deleted only when unused, and never the colour group", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.nat(1000), (id, used) => {
        const problem = parameterGroupDeleteProblem(id, used);
        if (id === COLOR_GROUP_ID) return problem?.code === "colorGroup";
        return used > 0 ? problem?.code === "inUse" && problem.max === used : problem === null;
      }),
    );
  });
  it("a parameter moves to another known group by a valid identifier", () => {
    fc.assert(
      fc.property(fc.integer({ min: -2, max: 6 }), fc.integer({ min: -2, max: 6 }), (from, to) => {
        const checked = checkParameterMove({ identifier: " Farge ", fromGroupId: from, toGroupId: to });
        if (from < 1 || to < 1)
          return !checked.ok && checked.problems.every((p) => p.code === "unknownChoice");
        if (from === to) return !checked.ok && checked.problems[0]?.code === "sameGroup";
        return checked.ok && checked.value.identifier === "farge";
      }),
    );
    expect(checkParameterMove({ identifier: "a b", fromGroupId: 1, toGroupId: 2 }).ok).toBe(false);
  });
});

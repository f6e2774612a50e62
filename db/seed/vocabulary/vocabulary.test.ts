import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { slugify } from "#domain/ids.ts";
import {
  BRANDS,
  brandsForKind,
  CATEGORIES,
  CATEGORY_TREE,
  COLOURS,
  categoryForKind,
  DRAWN_KINDS,
  describeProduct,
  describeProductBilingual,
  FITS,
  FLAVOUR_BY_KEY,
  FLAVOURS,
  imageKindOf,
  KIND_BY_KEY,
  KINDS,
  kindNoun,
  LANGS,
  leafCategories,
  NUTRITION_LABELS,
  nutritionRows,
  PARAMETER_GROUPS,
  pickPrice,
  rng,
  roundPrice,
  SIZE_RUNS,
  sizesFor,
  variantAxes,
  variantDimensions,
} from "./index.ts";

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Letters that belong to the other language: a Swedish text with "ø" or a Norwegian one with "ä" is a slip. */
const FOREIGN = { sv: /[æøÆØ]/, nb: /[äöÄÖ]/ } as const;

const countBy = <T>(items: readonly T[]) => {
  const m = new Map<T, number>();
  for (const x of items) m.set(x, (m.get(x) ?? 0) + 1);
  return m;
};
const duplicates = <T>(items: readonly T[]) => [...countBy(items)].filter(([, n]) => n > 1).map(([x]) => x);

describe("categories", () => {
  it("has at least 30 categories in three levels", () => {
    expect(CATEGORIES.length).toBeGreaterThanOrEqual(30);
    const depths = new Set(CATEGORIES.map((c) => c.depth));
    expect([...depths].sort()).toEqual([1, 2, 3]);
    expect(CATEGORIES.filter((c) => c.depth === 3).length).toBeGreaterThanOrEqual(15);
  });

  it("has unique keys", () => {
    expect(duplicates(CATEGORIES.map((c) => c.node.key))).toEqual([]);
  });

  it.each(LANGS)(
    "has %s aliases that are unique slugs of the names, among siblings and across the tree",
    (lang) => {
      for (const c of CATEGORIES) {
        const l = c.node[lang];
        expect(l.alias, c.node.key).toMatch(SLUG);
        expect(l.alias, c.node.key).toBe(slugify(l.name));
        expect(l.name.trim(), c.node.key).toBe(l.name);
        expect(l.name, c.node.key).not.toMatch(FOREIGN[lang]);
      }
      expect(duplicates(CATEGORIES.map((c) => c.node[lang].alias))).toEqual([]);
      const bySiblings = countBy(CATEGORIES.map((c) => `${c.parentKey}/${c.node[lang].alias}`));
      expect([...bySiblings.values()].every((n) => n === 1)).toBe(true);
    },
  );

  it.each(LANGS)("has lower-case %s search synonyms", (lang) => {
    for (const c of CATEGORIES) {
      const synonyms = c.node[lang].aliases ?? [];
      expect(duplicates(synonyms), c.node.key).toEqual([]);
      for (const s of synonyms) {
        expect(s, c.node.key).toBe(s.toLowerCase().trim());
        expect(s.length, c.node.key).toBeGreaterThan(1);
        expect(s, c.node.key).not.toMatch(FOREIGN[lang]);
      }
    }
  });

  it("names an existing kind on every leaf and on leaves only, one leaf per kind", () => {
    const leaves = leafCategories();
    for (const c of CATEGORIES) {
      const isLeaf = !c.node.children || c.node.children.length === 0;
      if (isLeaf) {
        expect(c.node.kind, c.node.key).toBeDefined();
        expect(KIND_BY_KEY[c.node.kind as keyof typeof KIND_BY_KEY], c.node.key).toBeDefined();
      } else {
        expect(c.node.kind, c.node.key).toBeUndefined();
      }
    }
    expect(duplicates(leaves.map((c) => c.node.kind))).toEqual([]);
    for (const kind of KINDS) expect(categoryForKind(kind.key).node.kind).toBe(kind.key);
  });

  it("lists parents before children", () => {
    const seen = new Set<string>();
    for (const c of CATEGORIES) {
      if (c.parentKey !== null) expect(seen.has(c.parentKey), c.node.key).toBe(true);
      seen.add(c.node.key);
    }
    expect(CATEGORIES.filter((c) => c.depth === 1).map((c) => c.node.key)).toEqual(
      CATEGORY_TREE.map((n) => n.key),
    );
  });
});

describe("brands", () => {
  // Real trademarks the demo must not borrow.
  const REAL = [
    "fjällräven",
    "haglöfs",
    "norrøna",
    "bergans",
    "peak performance",
    "helly hansen",
    "devold",
    "ulvang",
    "swix",
    "madshus",
    "craft",
    "icebug",
    "salomon",
    "nike",
    "adidas",
    "hestra",
    "primus",
    "trangia",
    "hilleberg",
    "tunturi",
    "reima",
    "halti",
    "maurten",
    "barebells",
    "nocco",
  ];

  it("has at least 40 brands with unique keys, names and slug aliases", () => {
    expect(BRANDS.length).toBeGreaterThanOrEqual(40);
    expect(duplicates(BRANDS.map((b) => b.key))).toEqual([]);
    expect(duplicates(BRANDS.map((b) => b.name.toLowerCase()))).toEqual([]);
    expect(duplicates(BRANDS.map((b) => b.alias))).toEqual([]);
    for (const b of BRANDS) {
      expect(b.alias, b.key).toMatch(SLUG);
      expect(b.alias, b.key).toBe(slugify(b.name));
    }
  });

  it("uses no real trademark", () => {
    for (const b of BRANDS) {
      for (const real of REAL) expect(b.name.toLowerCase(), b.key).not.toContain(real);
    }
  });

  it("describes every brand in both languages", () => {
    // Place names keep their own spelling in the other language ("Tromsø" in Swedish, "Göteborg" in Norwegian).
    const properNouns =
      /Tromsø|Trøndelag|Fjällgård|Kallsjö|Björkudd|Kraftkök|Jämtland|Göteborg|Allgäu|Kestävä|Havumetsä/g;
    for (const b of BRANDS) {
      expect(b.description.sv.length, b.key).toBeGreaterThan(30);
      expect(b.description.nb.length, b.key).toBeGreaterThan(30);
      expect(b.description.sv, b.key).not.toBe(b.description.nb);
      expect(b.description.sv.replaceAll(b.name, "").replace(properNouns, ""), b.key).not.toMatch(FOREIGN.sv);
      expect(b.description.nb.replaceAll(b.name, "").replace(properNouns, ""), b.key).not.toMatch(FOREIGN.nb);
    }
  });

  it("makes only existing kinds, and every kind is made by at least two brands", () => {
    for (const b of BRANDS) {
      expect(b.focus.length, b.key).toBeGreaterThan(0);
      expect(duplicates(b.focus), b.key).toEqual([]);
      for (const k of b.focus) expect(KIND_BY_KEY[k], `${b.key}: ${k}`).toBeDefined();
    }
    for (const kind of KINDS) expect(brandsForKind(kind.key).length, kind.key).toBeGreaterThanOrEqual(2);
  });
});

describe("kinds", () => {
  it("has at least 25 kinds, including every kind the image renderer draws", () => {
    expect(KINDS.length).toBeGreaterThanOrEqual(25);
    expect(duplicates(KINDS.map((k) => k.key))).toEqual([]);
    for (const drawn of DRAWN_KINDS) expect(KIND_BY_KEY[drawn], drawn).toBeDefined();
    for (const kind of KINDS) {
      expect(kind.key).toMatch(SLUG);
      const image = imageKindOf(kind);
      if (image !== null) expect(DRAWN_KINDS).toContain(image);
    }
  });

  it.each(KINDS.map((k) => [k.key, k] as const))("%s is named in both languages, as compounds", (_, kind) => {
    const { sv, nb } = kind.name;
    expect(sv.nouns.length).toBeGreaterThan(0);
    expect(nb.nouns.length).toBe(sv.nouns.length);
    expect(nb.prefixes?.length).toBe(sv.prefixes?.length);
    for (const lang of LANGS) {
      const { nouns, prefixes } = kind.name[lang];
      for (const noun of nouns) {
        expect(noun).toBe(noun.toLowerCase());
        expect(noun).toMatch(/^\p{L}[\p{L}-]*$/u);
        expect(noun).not.toMatch(FOREIGN[lang]);
      }
      for (const prefix of prefixes ?? []) {
        expect(prefix).toMatch(/^\p{Lu}\p{Ll}+$/u);
        expect(prefix).not.toMatch(FOREIGN[lang]);
      }
      for (let n = 0; n < nouns.length; n++) {
        for (let p = 0; p < Math.max(1, prefixes?.length ?? 0); p++) {
          const word = kindNoun(kind, lang, { noun: n, prefix: prefixes ? p : null });
          // One word, capitalized, and the bare noun is findable inside it ("jacka" in "Vinterjacka").
          expect(word).toMatch(/^\p{Lu}[\p{Ll}-]+$/u);
          expect(word.toLowerCase()).toContain(nouns[n]);
          // No three identical letters where the halves meet (Norwegian writes "ull-lue", never "ulllue").
          expect(word.toLowerCase()).not.toMatch(/(\p{L})\1\1/u);
        }
      }
    }
  });

  it.each(KINDS.map((k) => [k.key, k] as const))("%s has models, a price range and parameters", (_, kind) => {
    expect(kind.models.length).toBeGreaterThanOrEqual(10);
    expect(duplicates(kind.models)).toEqual([]);
    const [min, max] = kind.priceRange;
    expect(Number.isInteger(min) && Number.isInteger(max)).toBe(true);
    expect(min).toBeGreaterThan(0);
    expect(max).toBeGreaterThan(min);

    expect(kind.parameters.length).toBeGreaterThan(0);
    expect(duplicates(kind.parameters.map((p) => p.identifier))).toEqual([]);
    for (const p of kind.parameters) {
      expect(PARAMETER_GROUPS[p.group], p.identifier).toBeDefined();
      expect(p.values.length, p.identifier).toBeGreaterThan(0);
      expect(duplicates(p.values.map((v) => v.key)), p.identifier).toEqual([]);
      for (const lang of LANGS) {
        expect(p[lang], p.identifier).not.toMatch(FOREIGN[lang]);
        for (const value of p.values) {
          expect(value[lang].length, value.key).toBeGreaterThan(0);
          expect(value[lang], value.key).not.toMatch(FOREIGN[lang]);
        }
      }
    }
    if (kind.colours) {
      const first = kind.parameters[0];
      expect(first?.identifier).toBe("color");
      expect(first?.group).toBe(1);
      expect(first?.sv).toBe("Färg");
      expect(first?.nb).toBe("Farge");
      expect(first?.values.map((v) => v.key)).toEqual(kind.colours);
    }
  });

  it.each(KINDS.map((k) => [k.key, k] as const))("%s has parallel texts in both languages", (_, kind) => {
    const { sv, nb } = kind.texts;
    for (const part of ["lead", "features", "sellingPoints", "care"] as const) {
      expect(sv[part].length, part).toBeGreaterThan(0);
      expect(nb[part].length, part).toBe(sv[part].length);
      for (const lang of LANGS) {
        for (const text of kind.texts[lang][part]) {
          expect(text, part).toMatch(/^[\p{Lu}{0-9]/u);
          expect(text, part).toMatch(/[.!]$/);
          expect(text.replace(/\{(?:name|brand|model)\}/g, ""), part).not.toMatch(/[{}]/);
          expect(text, part).not.toMatch(FOREIGN[lang]);
          expect(text, part).not.toMatch(/ {2}| [,.]/);
        }
      }
    }
    for (let i = 0; i < sv.lead.length; i++) {
      expect(sv.lead[i]).toContain("{name}");
      expect(nb.lead[i]).toContain("{name}");
    }
  });

  it("gives every nutrition kind the food class, flavours and a full nutrition table", () => {
    const nutrition = KINDS.filter((k) => k.family === "nutrition");
    expect(nutrition.length).toBeGreaterThanOrEqual(5);
    for (const kind of KINDS) {
      const isNutrition = kind.family === "nutrition";
      expect(kind.productClass, kind.key).toBe(isNutrition ? "food" : "standard");
      expect(kind.nutrition !== undefined, kind.key).toBe(isNutrition);
      expect(kind.variants === "flavour", kind.key).toBe(isNutrition);
      expect(kind.colours !== undefined, kind.key).toBe(!isNutrition);
    }
    for (const kind of nutrition) {
      const spec = kind.nutrition;
      expect(spec, kind.key).toBeDefined();
      if (!spec) continue;
      expect(kind.flavours?.length, kind.key).toBeGreaterThan(0);
      expect(Object.keys(spec.byFlavour).sort()).toEqual([...(kind.flavours ?? [])].sort());
      for (const [flavour, facts] of Object.entries(spec.byFlavour)) {
        const where = `${kind.key}/${flavour}`;
        expect(FLAVOUR_BY_KEY[flavour as keyof typeof FLAVOUR_BY_KEY], where).toBeDefined();
        if (!facts) continue;
        for (const field of [
          "energyKj",
          "energyKcal",
          "fat",
          "saturates",
          "carbohydrate",
          "sugars",
          "protein",
          "salt",
        ] as const) {
          expect(Number.isFinite(facts[field]) && facts[field] >= 0, `${where} ${field}`).toBe(true);
        }
        expect(facts.saturates, where).toBeLessThanOrEqual(facts.fat);
        expect(facts.sugars, where).toBeLessThanOrEqual(facts.carbohydrate);
        expect(
          facts.fat + facts.carbohydrate + facts.protein + facts.salt + (facts.fibre ?? 0),
          where,
        ).toBeLessThanOrEqual(100);
        const kcal = 9 * facts.fat + 4 * facts.carbohydrate + 4 * facts.protein + 2 * (facts.fibre ?? 0);
        expect(Math.abs(facts.energyKcal - kcal), where).toBeLessThanOrEqual(1);
        if (facts.energyKcal > 0)
          expect(Math.abs(facts.energyKj / facts.energyKcal - 4.2), where).toBeLessThan(0.15);
        else expect(facts.energyKj, where).toBe(0);
      }
      for (const lang of LANGS) {
        const rows = nutritionRows(
          Object.values(spec.byFlavour)[0] as NonNullable<(typeof spec.byFlavour)["neutral"]>,
          lang,
        );
        expect(rows.map((r) => r.key).slice(0, 5)).toEqual([
          "energy",
          "fat",
          "saturates",
          "carbohydrate",
          "sugars",
        ]);
        expect(rows.at(-1)?.key).toBe("salt");
      }
    }
  });

  it("labels the nutrition table as Swedish and Norwegian packaging does", () => {
    expect(
      nutritionRows(
        {
          energyKj: 1633,
          energyKcal: 386,
          fat: 5.5,
          saturates: 3.3,
          carbohydrate: 8,
          sugars: 5,
          protein: 74,
          salt: 0.55,
        },
        "sv",
      ),
    ).toEqual([
      { key: "energy", label: "Energi", value: "1\u00a0633 kJ / 386 kcal", indent: false },
      { key: "fat", label: "Fett", value: "5,5 g", indent: false },
      { key: "saturates", label: "varav mättat fett", value: "3,3 g", indent: true },
      { key: "carbohydrate", label: "Kolhydrat", value: "8 g", indent: false },
      { key: "sugars", label: "varav sockerarter", value: "5 g", indent: true },
      { key: "protein", label: "Protein", value: "74 g", indent: false },
      { key: "salt", label: "Salt", value: "0,55 g", indent: false },
    ]);
    expect(NUTRITION_LABELS.saturates.nb).toBe("hvorav mettede fettsyrer");
    expect(NUTRITION_LABELS.sugars.nb).toBe("hvorav sukkerarter");
  });
});

describe("variants", () => {
  it("has at least 14 colours with unique keys, hex codes and labels", () => {
    expect(COLOURS.length).toBeGreaterThanOrEqual(14);
    expect(duplicates(COLOURS.map((c) => c.key))).toEqual([]);
    expect(duplicates(COLOURS.map((c) => c.hex))).toEqual([]);
    for (const lang of LANGS) {
      expect(duplicates(COLOURS.map((c) => c[lang]))).toEqual([]);
      for (const c of COLOURS) expect(c[lang], c.key).not.toMatch(FOREIGN[lang]);
    }
    for (const c of COLOURS) expect(c.hex).toMatch(/^#[0-9a-f]{6}$/);
    for (const f of FLAVOURS) expect(f.hex).toMatch(/^#[0-9a-f]{6}$/);
  });

  it("has size runs with unique keys and fits in both languages", () => {
    for (const [run, sizes] of Object.entries(SIZE_RUNS)) {
      expect(sizes.length, run).toBeGreaterThan(0);
      expect(duplicates(sizes.map((s) => s.key)), run).toEqual([]);
      for (const s of sizes) {
        expect(s.key, run).toMatch(/^[A-Za-z0-9.+-]+$/);
        expect(s.sv && s.nb, run).toBeTruthy();
      }
    }
    expect(SIZE_RUNS.apparel.map((s) => s.key)).toEqual(["XS", "S", "M", "L", "XL", "XXL"]);
    // A size key is one size everywhere: the size filter (facet s_{key}) shows one label for it, so no two runs
    // may word one key differently (a helmet's "M (55–58 cm)" under the jackets' M).
    const labels = new Map<string, string>();
    for (const [run, sizes] of Object.entries(SIZE_RUNS))
      for (const s of sizes) {
        const label = `${s.sv} | ${s.nb}`;
        expect(labels.get(s.key) ?? label, `${run} ${s.key}`).toBe(label);
        labels.set(s.key, label);
      }
    expect(SIZE_RUNS.shoes[0]?.key).toBe("36");
    expect(SIZE_RUNS.shoes.at(-1)?.key).toBe("47");
    expect(SIZE_RUNS.kids[0]?.key).toBe("98");
    expect(SIZE_RUNS.kids.at(-1)?.key).toBe("170");
    expect(FITS.map((f) => [f.sv, f.nb])).toEqual([
      ["Dam", "Dame"],
      ["Herr", "Herre"],
      ["Unisex", "Unisex"],
    ]);
  });

  it("gives adult apparel three variant levels and narrows sizes per fit", () => {
    const jacket = KIND_BY_KEY["shell-jacket"];
    expect(variantAxes(jacket)).toEqual(["fit", "colour", "size"]);
    expect(variantDimensions(jacket)).toEqual(["Fit", "Color", "Size"]);
    expect(variantAxes(KIND_BY_KEY.tent)).toEqual(["colour", "size"]);
    expect(variantAxes(KIND_BY_KEY["protein-powder"])).toEqual(["flavour", "size"]);
    expect(sizesFor(jacket, "women").map((s) => s.key)).toEqual(["XS", "S", "M", "L", "XL"]);
    expect(sizesFor(KIND_BY_KEY["running-shoes"], "men")[0]?.key).toBe("40");
    for (const kind of KINDS) expect(sizesFor(kind).length, kind.key).toBeGreaterThan(0);
  });
});

describe("random", () => {
  it("is deterministic: the same seed gives the same sequence", () => {
    const a = rng(42);
    const b = rng(42);
    const seqA = Array.from({ length: 1000 }, () => a.next());
    const seqB = Array.from({ length: 1000 }, () => b.next());
    expect(seqA).toEqual(seqB);
    const s1 = rng("mili-demo");
    const s2 = rng("mili-demo");
    expect(Array.from({ length: 50 }, () => s1.int(1, 6))).toEqual(
      Array.from({ length: 50 }, () => s2.int(1, 6)),
    );
  });

  it("gives the same numbers on every platform and run", () => {
    const r = rng(42);
    expect(Array.from({ length: 3 }, () => Math.round(r.next() * 2 ** 32))).toEqual(RNG_42_FIRST_UINT32);
  });

  it("gives different sequences for different seeds", () => {
    const a = rng(1);
    const b = rng(2);
    expect(Array.from({ length: 10 }, () => a.next())).not.toEqual(
      Array.from({ length: 10 }, () => b.next()),
    );
  });

  it("keeps within bounds", () => {
    const r = rng("bounds");
    const seen = new Set<number>();
    for (let i = 0; i < 5000; i++) {
      const x = r.next();
      expect(x >= 0 && x < 1).toBe(true);
      const n = r.int(-2, 3);
      expect(Number.isInteger(n) && n >= -2 && n <= 3).toBe(true);
      seen.add(n);
    }
    expect([...seen].sort((p, q) => p - q)).toEqual([-2, -1, 0, 1, 2, 3]);
    expect(() => r.int(3, 2)).toThrow(RangeError);
    expect(() => r.pick([])).toThrow(RangeError);
  });

  it("picks, weighs, shuffles and samples", () => {
    const r = rng(7);
    const list = ["a", "b", "c", "d", "e"];
    expect(list).toContain(r.pick(list));
    const shuffled = r.shuffle(list);
    expect([...shuffled].sort()).toEqual(list);
    expect(list).toEqual(["a", "b", "c", "d", "e"]);
    for (let i = 0; i < 200; i++) {
      expect(
        r.weighted([
          ["x", 0],
          ["y", 3],
          ["z", 1],
        ]),
      ).not.toBe("x");
    }
    const sample = r.sample(list, 3);
    expect(sample).toHaveLength(3);
    expect(duplicates(sample)).toEqual([]);
    expect(r.chance(0)).toBe(false);
    expect(r.chance(1)).toBe(true);
  });

  it("forks independently of how much has been drawn", () => {
    const a = rng(99);
    const b = rng(99);
    for (let i = 0; i < 17; i++) b.next();
    expect(a.fork("brands").next()).toBe(b.fork("brands").next());
    expect(a.fork("brands").next()).not.toBe(a.fork("kinds").next());
  });
});

describe("product texts", () => {
  it("names products '{Brand} {Model} {Noun}' and reads the same in both languages", () => {
    const both = describeProductBilingual("winter-jacket", "fjallgard", "Rimfrost", {
      noun: { noun: 0, prefix: 0 },
    });
    expect(both.sv.name).toBe("Fjällgård Rimfrost Vinterjacka");
    expect(both.nb.name).toBe("Fjällgård Rimfrost Vinterjakke");
    expect(
      describeProduct("running-shoes", "kvikklop", "Tempo", "sv", { noun: { noun: 0, prefix: 0 } }).name,
    ).toBe("Kvikkløp Tempo Löparsko");
    expect(
      describeProduct("t-shirt", "kvikklop", "Tempo", "nb", { noun: { noun: 0, prefix: null } }).name,
    ).toBe("Kvikkløp Tempo T-skjorte");
  });

  it("writes complete, deterministic texts for every kind and brand that makes it", () => {
    for (const kind of KINDS) {
      for (const brand of brandsForKind(kind.key)) {
        const model = kind.models[0] ?? "";
        const first = describeProductBilingual(kind, brand, model);
        expect(describeProductBilingual(kind, brand, model)).toEqual(first);
        for (const lang of LANGS) {
          const t = first[lang];
          expect(t.name.startsWith(`${brand.name} ${model} `), t.name).toBe(true);
          for (const text of [t.text1, t.text2, t.text3]) {
            expect(text.length, t.name).toBeGreaterThan(10);
            expect(text, t.name).not.toMatch(/[{}]/);
          }
          const sentences = t.text1.split(/(?<=[.!])\s+/);
          expect(sentences.length, t.text1).toBeGreaterThanOrEqual(2);
          expect(sentences.length, t.text1).toBeLessThanOrEqual(4);
        }
        // Parallel choices: the same number of sentences in both languages.
        expect(first.sv.text1.split(/(?<=[.!])\s+/).length).toBe(first.nb.text1.split(/(?<=[.!])\s+/).length);
      }
    }
  });

  it("prices within the kind's range, as shop prices", () => {
    expect(roundPrice(1462)).toBe(1499);
    expect(roundPrice(351)).toBe(349);
    expect(roundPrice(31)).toBe(29);
    for (const kind of KINDS) {
      const r = rng(kind.key);
      for (const brand of brandsForKind(kind.key)) {
        const price = pickPrice(kind, brand, r);
        expect(Number.isInteger(price), kind.key).toBe(true);
        expect(price, kind.key).toBeGreaterThanOrEqual(kind.priceRange[0]);
        expect(price, kind.key).toBeLessThanOrEqual(kind.priceRange[1]);
      }
    }
  });
});

describe("purity", () => {
  const dir = new URL("./", import.meta.url);
  const sources = readdirSync(dir).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"));

  it.each(sources)(
    "%s imports only sibling vocabulary files and domain/, and reads no clock, randomness or environment",
    (file) => {
      const text = readFileSync(new URL(file, dir), "utf8");
      const specifiers = [...text.matchAll(/^\s*(?:import|export)\b[^"']*?from\s*["']([^"']+)["']/gm)].map(
        (m) => m[1],
      );
      for (const specifier of specifiers) expect(specifier, file).toMatch(/^(\.\/|#domain\/)[\w-]+\.ts$/);
      for (const forbidden of [
        /\bMath\.random\(/,
        /\bDate\.now\(/,
        /\bnew Date\(/,
        /\bprocess\./,
        /\bfetch\(/,
      ]) {
        expect(text, file).not.toMatch(forbidden);
      }
    },
  );
});

const RNG_42_FIRST_UINT32 = [1028872839, 2516511472, 400437680];

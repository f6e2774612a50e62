import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ALIAS_PATTERN,
  categoryPaths,
  checkBrand,
  checkCategoryTexts,
  movedPaths,
  placeAmongSiblings,
  STRUCTURE_PROBLEM_TEXTS,
  structureProblemText,
  wouldMakeCycle,
} from "./catalog-structure.ts";

/** A random forest: each node's parent is an earlier node or none (so it is a tree by construction). */
const forest = fc.array(fc.nat(), { minLength: 1, maxLength: 30 }).map((picks) => {
  const parents = new Map<number, number | null>();
  picks.forEach((pick, i) => {
    const id = i + 1;
    parents.set(id, i === 0 || pick % (i + 1) === 0 ? null : (pick % i) + 1);
  });
  return parents;
});

function descendants(parents: ReadonlyMap<number, number | null>, id: number): Set<number> {
  const out = new Set<number>();
  let grew = true;
  while (grew) {
    grew = false;
    for (const [child, parent] of parents)
      if (parent !== null && (parent === id || out.has(parent)) && !out.has(child)) {
        out.add(child);
        grew = true;
      }
  }
  return out;
}

describe("wouldMakeCycle", () => {
  it("refuses exactly the category itself and its descendants as the new parent", () => {
    fc.assert(
      fc.property(forest, fc.nat(), fc.nat(), (parents, a, b) => {
        const id = (a % parents.size) + 1;
        const parentId = (b % parents.size) + 1;
        const expected = parentId === id || descendants(parents, id).has(parentId);
        return wouldMakeCycle(parents, id, parentId) === expected;
      }),
    );
  });
  it("never refuses the root, and a tree stays a tree after every allowed move", () => {
    fc.assert(
      fc.property(forest, fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 20 }), (start, moves) => {
        const parents = new Map(start);
        for (const [a, b] of moves) {
          const id = (a % parents.size) + 1;
          const parentId = b % 3 === 0 ? null : (b % parents.size) + 1;
          if (parentId === null) expect(wouldMakeCycle(parents, id, null)).toBe(false);
          if (!wouldMakeCycle(parents, id, parentId)) parents.set(id, parentId);
        }
        // Every node reaches a root within size steps.
        for (const id of parents.keys()) {
          let at: number | null = id;
          let steps = 0;
          while (at !== null && steps <= parents.size) {
            at = parents.get(at) ?? null;
            steps++;
          }
          if (at !== null) return false;
        }
        return true;
      }),
    );
  });
  it("answers true on a broken map instead of looping", () => {
    expect(
      wouldMakeCycle(
        new Map([
          [1, 2],
          [2, 1],
        ]),
        3,
        1,
      ),
    ).toBe(true);
  });
});

describe("placeAmongSiblings", () => {
  const siblings = fc.uniqueArray(fc.integer({ min: 1, max: 1000 }), { maxLength: 20 });
  it("keeps every sibling once, puts the id at the (clamped) position, and the others in their order", () => {
    fc.assert(
      fc.property(
        siblings,
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: -5, max: 30 }),
        (list, id, pos) => {
          const out = placeAmongSiblings(list, id, pos);
          const rest = list.filter((s) => s !== id);
          expect(out.length).toBe(rest.length + 1);
          expect(new Set(out).size).toBe(out.length);
          expect(out.indexOf(id)).toBe(Math.max(0, Math.min(rest.length, pos)));
          expect(out.filter((s) => s !== id)).toEqual(rest);
        },
      ),
    );
  });
  it("moving up then down again restores the order", () => {
    fc.assert(
      fc.property(siblings, fc.nat(), (list, k) => {
        if (list.length < 2) return true;
        const i = (k % (list.length - 1)) + 1;
        const id = list[i] as number;
        const up = placeAmongSiblings(list, id, i - 1);
        return JSON.stringify(placeAmongSiblings(up, id, i)) === JSON.stringify(list);
      }),
    );
  });
});

describe("category paths and what a change moves", () => {
  const nodes = [
    { id: 1, parentId: null, aliases: { "nb-NO": "klaer", "sv-SE": "klader" } },
    { id: 2, parentId: 1, aliases: { "nb-NO": "jakker", "sv-SE": "jackor" } },
    { id: 3, parentId: 2, aliases: { "nb-NO": "regnjakker", "sv-SE": "regnjackor" } },
  ];
  it("carries at most the parent's alias", () => {
    const paths = categoryPaths(nodes);
    expect(paths.get("1|nb-NO")).toBe("/c/klaer");
    expect(paths.get("2|sv-SE")).toBe("/c/klader/jackor");
    expect(paths.get("3|nb-NO")).toBe("/c/jakker/regnjakker");
  });
  it("a renamed alias moves the category and its children, not its grandchildren", () => {
    const renamed = nodes.map((n) => (n.id === 1 ? { ...n, aliases: { ...n.aliases, "nb-NO": "tøy" } } : n));
    const moves = movedPaths(categoryPaths(nodes), categoryPaths(renamed));
    expect(moves).toEqual([
      { languageId: "nb-NO", oldUrl: "/c/klaer", newUrl: "/c/tøy" },
      { languageId: "nb-NO", oldUrl: "/c/klaer/jakker", newUrl: "/c/tøy/jakker" },
    ]);
  });
  it("an unchanged tree moves nothing; every move is between different paths", () => {
    fc.assert(
      fc.property(forest, fc.nat(), (parents, seed) => {
        const list = [...parents].map(([id, parentId]) => ({
          id,
          parentId,
          aliases: { "nb-NO": `a${id}`, "sv-SE": `b${(id + seed) % 50}` },
        }));
        const same = movedPaths(categoryPaths(list), categoryPaths(list));
        const moved = list.map((n) =>
          n.id === 1 ? { ...n, parentId: null, aliases: { "nb-NO": "x", "sv-SE": "y" } } : n,
        );
        const moves = movedPaths(categoryPaths(list), categoryPaths(moved));
        return same.length === 0 && moves.every((m) => m.oldUrl !== m.newUrl) && moves.length >= 2;
      }),
    );
  });
});

describe("texts", () => {
  it("a category's alias comes from its name when left empty and is always a clean alias", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.option(fc.string({ maxLength: 60 })), (name, alias) => {
        const checked = checkCategoryTexts("nb.", { name, alias });
        if (!checked.ok) return checked.problems.every((p) => p.field.startsWith("nb."));
        return ALIAS_PATTERN.test(checked.value.alias) && checked.value.alias.length <= 100;
      }),
    );
    const ok = checkCategoryTexts("sv.", { name: "Jackor & Kappor", alias: "" });
    expect(ok).toEqual({
      ok: true,
      value: {
        name: "Jackor & Kappor",
        alias: "jackor-kappor",
        description: null,
        metaTitle: null,
        metaDescription: null,
      },
    });
  });
  it("refuses a missing name, an alias without letters, line breaks in a name", () => {
    expect(checkCategoryTexts("nb.", { name: " " })).toEqual({
      ok: false,
      problems: [{ field: "nb.name", code: "required" }],
    });
    expect(checkCategoryTexts("nb.", { name: "Jakker", alias: "---" })).toMatchObject({
      ok: false,
      problems: [{ field: "nb.alias", code: "invalidAlias" }],
    });
    expect(checkBrand({ name: "A\nB", descriptions: {} })).toMatchObject({
      ok: false,
      problems: [{ field: "name", code: "invalidCharacters" }],
    });
    expect(checkBrand({ name: "Fjellstø", alias: "", descriptions: { nb: " Norsk ", sv: "" } })).toEqual({
      ok: true,
      value: { name: "Fjellstø", alias: "fjellsto", descriptions: { nb: "Norsk", sv: null } },
    });
  });
  it("has a text in every language for every problem", () => {
    for (const [code, texts] of Object.entries(STRUCTURE_PROBLEM_TEXTS))
      for (const lang of ["en", "sv", "nb"] as const) expect(texts[lang], `${code} ${lang}`).toBeTruthy();
    expect(structureProblemText({ field: "name", code: "tooLong", max: 200 }, "sv")).toBe(
      "Högst 200 tecken.",
    );
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  aliasProblem,
  CONTENT_PROBLEM_TEXTS,
  checkContentPage,
  checkMenuItems,
  checkWidgetSchedule,
  contentProblemText,
  isMenuUrl,
  MAX_MENU_ITEMS,
  parseWidgetConfig,
  RESERVED_ALIASES,
  SLUG,
  sameWidgets,
} from "./content-edit.ts";

const page = (nbAlias: string, svAlias: string, extra: Record<string, unknown> = {}) => ({
  key: "terms",
  published: true,
  nb: { title: "Vilkår", alias: nbAlias, body: "<p>Hei</p>" },
  sv: { title: "Villkor", alias: svAlias, body: "<p>Hej</p>" },
  ...extra,
});

describe("content page addresses", () => {
  it("an address is accepted exactly when it is a slug of at most 100 characters that the shop does not use", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9-]{0,110}$/), (alias) => {
        const problem = aliasProblem(alias);
        const fine = alias.length <= 100 && SLUG.test(alias) && !RESERVED_ALIASES.has(alias);
        expect(problem === null).toBe(fine);
      }),
    );
  });

  it("a page is refused when an address is reserved or not a slug, and says which language's", () => {
    const checked = checkContentPage(page("checkout", "Om Oss"), true);
    expect(checked.ok).toBe(false);
    if (!checked.ok)
      expect(checked.problems.map((p) => [p.field, p.code])).toEqual([
        ["nb.alias", "aliasReserved"],
        ["sv.alias", "aliasInvalid"],
      ]);
  });

  it("accepted texts are trimmed, addresses lower-cased, empty meta texts null; a change needs no key", () => {
    const checked = checkContentPage(
      page(" Vilkar ", "villkor", { key: "", nb: { title: "  Vilkår ", alias: " Vilkar ", metaTitle: " " } }),
      false,
    );
    expect(checked).toMatchObject({
      ok: true,
      value: {
        texts: [{ title: "Vilkår", alias: "vilkar", metaTitle: null, body: "" }, { alias: "villkor" }],
      },
    });
  });

  it("every title, address and key problem is told at once", () => {
    const checked = checkContentPage(
      {
        key: "Not A Key",
        published: false,
        nb: { title: "", alias: "" },
        sv: { title: "x".repeat(121), alias: "a" },
      },
      true,
    );
    expect(checked.ok ? [] : checked.problems.map((p) => [p.field, p.code])).toEqual([
      ["key", "keyInvalid"],
      ["nb.title", "required"],
      ["nb.alias", "required"],
      ["sv.title", "tooLong"],
    ]);
  });
});

describe("menu items", () => {
  it("an accepted URL is a same-site path or an https address, never one a browser reads as another host", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string().map((s) => `/${s}`),
          fc.constantFrom(
            "https://mili.example/jobb",
            "http://x.example",
            "//x.example",
            "/\\x",
            "javascript:x",
          ),
        ),
        (url) => {
          if (!isMenuUrl(url)) return;
          expect(url.startsWith("https://") || (url.startsWith("/") && !/^\/[/\\]/.test(url))).toBe(true);
          expect(url).not.toMatch(/[\s<>"]/);
        },
      ),
    );
  });

  it("keeps the order given, sub-items only under a top-level item of the list, at most 60 items", () => {
    const checked = checkMenuItems([
      { itemId: 1, labelNb: "Jakker", labelSv: "Jackor", targetType: "category", target: "jakker" },
      { itemId: 2, parentItemId: 1, labelNb: "Dun", labelSv: "Dun", targetType: "category", target: "dun" },
      {
        parentItemId: 2,
        labelNb: "X",
        labelSv: "X",
        targetType: "url",
        urlNb: "/x",
        urlSv: "https://x.example",
      },
    ]);
    expect(checked.ok ? [] : checked.problems).toEqual([
      { field: "items.2.parentItemId", code: "parentInvalid" },
    ]);
    const many = Array.from({ length: MAX_MENU_ITEMS + 1 }, () => ({
      labelNb: "a",
      labelSv: "a",
      targetType: "content",
      target: "about",
    }));
    expect(checkMenuItems(many)).toEqual({
      ok: false,
      problems: [{ field: "items", code: "tooMany", max: 60 }],
    });
    const fine = checkMenuItems(many.slice(1));
    expect(fine.ok && fine.value.map((i) => i.sortOrder)).toEqual(many.slice(1).map((_, i) => i));
  });
});

describe("widgets", () => {
  it("settings are a JSON object", () => {
    expect(parseWidgetConfig('{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    for (const text of ["", "[]", "1", "{", "null"]) expect(parseWidgetConfig(text).ok, text).toBe(false);
  });

  it("a window's end is after its start; the device class is mobile, desktop or both", () => {
    expect(checkWidgetSchedule({ validFrom: "2026-12-01T10:00", validTo: "2026-12-01T10:00" })).toEqual({
      ok: false,
      problems: [{ field: "validTo", code: "validRange" }],
    });
    expect(checkWidgetSchedule({ displaySetting: "tablet" }).ok).toBe(false);
    expect(checkWidgetSchedule({ displaySetting: "", validFrom: "" })).toEqual({
      ok: true,
      value: { displaySetting: null, validFrom: null, validTo: null },
    });
  });

  it("a new order names each of the area's widgets exactly once", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 50 })),
        fc.array(fc.integer({ min: 1, max: 50 })),
        (current, given) => {
          const same =
            current.length === given.length &&
            [...current].sort((a, b) => a - b).join() === [...given].sort((a, b) => a - b).join();
          expect(sameWidgets(current, given)).toBe(same);
        },
      ),
    );
  });
});

describe("texts", () => {
  it("every problem has its text in English, Swedish and Norwegian", () => {
    for (const [code, texts] of Object.entries(CONTENT_PROBLEM_TEXTS))
      for (const lang of ["en", "sv", "nb"] as const) expect(texts[lang], `${code} ${lang}`).toBeTruthy();
    expect(contentProblemText({ field: "x", code: "tooLong", max: 80 }, "nb")).toBe("Høyst 80 tegn.");
  });
});

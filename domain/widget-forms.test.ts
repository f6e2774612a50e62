import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CONTENT_PROBLEM_TEXTS, type ContentProblemCode, contentProblemText } from "./content-edit.ts";
import {
  checkBannerForm,
  checkButtonsForm,
  checkHtmlForm,
  checkImageForm,
  checkProductListForm,
  checkTextForm,
  checkVideoForm,
  checkWidgetForm,
  isWidgetFormType,
  PRODUCT_LIST_SORTS,
  WIDGET_FORM_CHECKS,
  WIDGET_FORM_LIMITS,
  type WidgetFormFields,
  widgetFormFields,
} from "./widget-forms.ts";

const problemsOf = (checked: { ok: boolean; problems?: { field: string; code: string }[] }) =>
  checked.ok ? [] : (checked.problems ?? []).map((p) => [p.field, p.code]);

/** A one-line text that is not blank (Norwegian and Swedish letters too), at most `max` long. */
const line = (max: number) =>
  fc
    .stringMatching(/^[A-Za-z0-9æøåÆØÅäöÄÖ .,!?«»–-]{1,60}$/)
    .filter((s) => s.trim().length > 0)
    .map((s) => s.slice(0, max));
const path = fc.stringMatching(/^\/[a-z0-9-]{1,20}(\/[a-z0-9-]{1,20}){0,2}$/);
const https = fc.webUrl({ validSchemes: ["https"] }).filter((u) => !/[\s<>"'`\\]/.test(u) && u.length < 400);
const link = fc.oneof(path, https);
const fileName = fc.stringMatching(/^[a-z][a-z0-9]{0,10}-[1-9][0-9]{0,4}-[1-9]-[0-9a-f]{6}\.jpg$/);
const both = (name: string, text: fc.Arbitrary<string>) =>
  fc.record({ [`${name}.nb-NO`]: text, [`${name}.sv-SE`]: text });

/** Random posted fields: known names with any text, and names the forms do not know. */
const junk: fc.Arbitrary<Record<string, string>> = fc.dictionary(
  fc.oneof(
    fc.constantFrom(
      "title.nb-NO",
      "title.sv-SE",
      "text.nb-NO",
      "text.sv-SE",
      "fileName",
      "alt.nb-NO",
      "alt.sv-SE",
      "link.nb-NO",
      "link.sv-SE",
      "buttons.0.label.nb-NO",
      "buttons.3.link.sv-SE",
      "take",
      "sort",
      "source",
      "categoryIds",
      "provider",
      "videoId",
      "src",
      "html.nb-NO",
    ),
    fc.string({ maxLength: 20 }),
  ),
  fc.string({ maxLength: 300 }),
  { maxKeys: 12 },
);

const CODES = Object.keys(CONTENT_PROBLEM_TEXTS) as ContentProblemCode[];

describe("every widget type's form", () => {
  it("never throws: junk is settings or problems with a config. field and a known code, worded in en, sv and nb", () => {
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(WIDGET_FORM_CHECKS)), junk, (type, fields) => {
        if (!isWidgetFormType(type)) throw new Error(type);
        const checked = checkWidgetForm(type, fields);
        if (checked.ok) return;
        expect(checked.problems.length).toBeGreaterThan(0);
        for (const p of checked.problems) {
          expect(p.field.startsWith("config.")).toBe(true);
          expect(CODES).toContain(p.code);
          for (const lang of ["en", "sv", "nb"] as const)
            expect(contentProblemText(p, lang)).not.toMatch(/\{(max|min)\}/);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("stored settings come back as the same fields and are accepted again unchanged (round trip)", () => {
    const forms: fc.Arbitrary<[keyof typeof WIDGET_FORM_CHECKS, WidgetFormFields]>[] = [
      fc
        .tuple(fileName, both("alt", line(300)), fc.option(both("link", link), { nil: undefined }))
        .map(([f, alt, l]) => ["image", { fileName: f, ...alt, ...(l ?? {}) }]),
      fc
        .tuple(both("text", line(4000)), fc.option(both("title", line(200)), { nil: undefined }))
        .map(([text, title]) => ["text", { ...text, ...(title ?? {}) }]),
      fc
        .array(fc.tuple(both("label", line(80)), both("link", link)), { minLength: 1, maxLength: 5 })
        .map((rows) => {
          const fields: Record<string, string> = {};
          rows.forEach(([label, l], i) => {
            for (const [k, v] of Object.entries({ ...label, ...l })) fields[`buttons.${i}.${k}`] = v;
          });
          return ["buttons", fields] as [keyof typeof WIDGET_FORM_CHECKS, WidgetFormFields];
        }),
      fc
        .tuple(
          both("title", line(200)),
          fc.constantFrom(...PRODUCT_LIST_SORTS),
          fc.integer({ min: 1, max: 24 }),
          fc.uniqueArray(fc.integer({ min: 1, max: 9999 }), { maxLength: 5 }),
        )
        .map(([title, sort, take, ids]) => [
          "productList",
          {
            ...title,
            source: "search",
            sort,
            take: String(take),
            ...(ids.length ? { categoryIds: ids.join(",") } : {}),
          },
        ]),
      fc
        .tuple(both("title", line(200)), fc.option(fileName, { nil: undefined }), both("alt", line(300)))
        .map(([title, f, alt]) => ["banner", { ...title, ...(f ? { fileName: f, ...alt } : {}) }]),
      fc
        .tuple(
          both("title", line(200)),
          fc.constantFrom("youtube", "vimeo"),
          fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/),
        )
        .map(([title, provider, videoId]) => ["video", { ...title, provider, videoId }]),
      both("html", line(1000)).map((html) => ["richText", html]),
    ];
    fc.assert(
      fc.property(fc.oneof(...forms), ([type, fields]) => {
        const first = checkWidgetForm(type, fields);
        expect(problemsOf(first)).toEqual([]);
        if (!first.ok) return;
        const again = checkWidgetForm(type, widgetFormFields(first.value));
        expect(again).toEqual(first);
      }),
      { numRuns: 200 },
    );
  });
});

describe("links", () => {
  it("a link is a path on the shop or an https address in both languages or in neither; //host and javascript: are refused", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(
          "//evil.example",
          "javascript:alert(1)",
          "http://shop.example",
          "/a b",
          "/\\evil",
          "c/jakker",
        ),
        link,
        (bad, good) => {
          const checked = checkImageForm({
            fileName: "jacket-1-1-aabbcc.jpg",
            "alt.nb-NO": "Jakke",
            "alt.sv-SE": "Jacka",
            "link.nb-NO": good,
            "link.sv-SE": bad,
          });
          expect(problemsOf(checked)).toEqual([["config.link.sv-SE", "urlInvalid"]]);
        },
      ),
    );
    const half = checkTextForm({ "text.nb-NO": "Hei", "text.sv-SE": "Hej" });
    expect(half.ok).toBe(true);
    const oneLink = checkBannerForm({ "title.nb-NO": "Salg", "title.sv-SE": "Rea", "link.nb-NO": "/salg" });
    expect(problemsOf(oneLink)).toEqual([["config.link.sv-SE", "required"]]);
  });
});

describe("images", () => {
  it("an image widget needs an image and its alt text in both languages; a banner's alt only with an image", () => {
    expect(problemsOf(checkImageForm({}))).toEqual([
      ["config.fileName", "required"],
      ["config.alt.nb-NO", "required"],
      ["config.alt.sv-SE", "required"],
    ]);
    expect(
      problemsOf(checkImageForm({ fileName: "../etc/passwd", "alt.nb-NO": "a", "alt.sv-SE": "b" })),
    ).toEqual([["config.fileName", "imageUnknown"]]);
    const noImage = checkBannerForm({ "title.nb-NO": "Salg", "title.sv-SE": "Rea", "alt.nb-NO": "x" });
    expect(noImage).toEqual({ ok: true, value: { title: { "nb-NO": "Salg", "sv-SE": "Rea" } } });
    const imageNoAlt = checkBannerForm({
      "title.nb-NO": "Salg",
      "title.sv-SE": "Rea",
      fileName: "a-1-1-aabbcc.jpg",
    });
    expect(problemsOf(imageNoAlt)).toEqual([
      ["config.alt.nb-NO", "required"],
      ["config.alt.sv-SE", "required"],
    ]);
  });
});

describe("texts", () => {
  it("a text longer than its limit is refused with the limit; texts are trimmed; an empty optional title is left out", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 300 }), (extra) => {
        const long = "a".repeat(WIDGET_FORM_LIMITS.title + extra);
        const checked = checkTextForm({ "title.nb-NO": long, "text.nb-NO": "x", "text.sv-SE": "y" });
        expect(checked.ok).toBe(false);
        if (!checked.ok)
          expect(checked.problems).toEqual([{ field: "config.title.nb-NO", code: "tooLong", max: 200 }]);
      }),
      { numRuns: 20 },
    );
    expect(
      checkTextForm({ "title.nb-NO": " ", "text.nb-NO": " Hei\r\n\r\ndu ", "text.sv-SE": "Hej" }),
    ).toEqual({
      ok: true,
      value: { text: { "nb-NO": "Hei\n\ndu", "sv-SE": "Hej" } },
    });
    expect(
      problemsOf(checkTextForm({ "title.nb-NO": "a\nb", "text.nb-NO": "x", "text.sv-SE": "y" })),
    ).toEqual([["config.title.nb-NO", "invalidCharacters"]]);
    expect(problemsOf(checkHtmlForm({ "html.nb-NO": "<p>Hei</p>" }))).toEqual([
      ["config.html.sv-SE", "required"],
    ]);
  });
});

describe("buttons", () => {
  it("empty rows are no buttons; at least one; a half-filled row names what is missing", () => {
    expect(problemsOf(checkButtonsForm({ "buttons.0.label.nb-NO": " " }))).toEqual([
      ["config.buttons", "required"],
    ]);
    const checked = checkButtonsForm({
      "buttons.2.label.nb-NO": "Jakker",
      "buttons.2.label.sv-SE": "Jackor",
      "buttons.2.link.nb-NO": "/c/klaer/jakker",
      "buttons.2.link.sv-SE": "/c/klader/jackor",
      "buttons.5.label.nb-NO": "Sko",
    });
    expect(problemsOf(checked)).toEqual([
      ["config.buttons.5.label.sv-SE", "required"],
      ["config.buttons.5.link.nb-NO", "required"],
      ["config.buttons.5.link.sv-SE", "required"],
    ]);
    const many: Record<string, string> = {};
    for (let i = 0; i < 25; i++) many[`buttons.${i}.label.nb-NO`] = "x";
    expect(problemsOf(checkButtonsForm(many))).toEqual([["config.buttons", "tooMany"]]);
  });
});

describe("product lists", () => {
  it("take is a whole number from 1 to 24; choices are known; ids each once; the shopper's own lists keep no search", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: -50, max: 100 }).map(String), fc.string({ maxLength: 5 })),
        (take) => {
          const checked = checkProductListForm({ "title.nb-NO": "Nytt", "title.sv-SE": "Nytt", take });
          const n = Number(take.trim());
          const fine = !take.trim() || (/^\d{1,6}$/.test(take.trim()) && n >= 1 && n <= 24);
          expect(checked.ok).toBe(fine);
          if (!checked.ok)
            expect(checked.problems).toEqual([
              { field: "config.take", code: "numberRange", min: 1, max: 24 },
            ]);
        },
      ),
    );
    const chosen = checkProductListForm({
      "title.nb-NO": "Nytt",
      "title.sv-SE": "Nytt",
      categoryIds: "3,1,3",
      sort: "PRICE",
    });
    expect(chosen).toEqual({
      ok: true,
      value: {
        title: { "nb-NO": "Nytt", "sv-SE": "Nytt" },
        source: "search",
        sort: "PRICE",
        take: 8,
        categoryIds: [3, 1],
      },
    });
    expect(
      problemsOf(
        checkProductListForm({ "title.nb-NO": "a", "title.sv-SE": "b", sort: "RANDOM", brandIds: "1,x" }),
      ),
    ).toEqual([
      ["config.sort", "choice"],
      ["config.brandIds", "choice"],
    ]);
    const favourites = checkProductListForm({
      "title.nb-NO": "a",
      "title.sv-SE": "b",
      source: "favorites",
      categoryIds: "1",
    });
    expect(favourites.ok && "categoryIds" in favourites.value).toBe(false);
  });
});

describe("videos", () => {
  it("a video is a file (.mp4 or .webm) or a YouTube or Vimeo id", () => {
    const base = { "title.nb-NO": "Film", "title.sv-SE": "Film" };
    expect(problemsOf(checkVideoForm(base))).toEqual([["config.src", "required"]]);
    expect(problemsOf(checkVideoForm({ ...base, src: "/media/film.mov" }))).toEqual([
      ["config.src", "videoFile"],
    ]);
    expect(
      checkVideoForm({ ...base, src: "/media/film.mp4", "captions.sv-SE": "/media/film.sv.vtt" }),
    ).toEqual({
      ok: true,
      value: {
        title: { "nb-NO": "Film", "sv-SE": "Film" },
        src: "/media/film.mp4",
        captions: { "sv-SE": "/media/film.sv.vtt" },
      },
    });
    expect(problemsOf(checkVideoForm({ ...base, provider: "youtube", videoId: "a b" }))).toEqual([
      ["config.videoId", "videoId"],
    ]);
    expect(problemsOf(checkVideoForm({ ...base, provider: "tiktok", videoId: "abc" }))).toEqual([
      ["config.provider", "choice"],
    ]);
  });
});

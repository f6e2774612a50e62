import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkReview, cleanAuthor, cleanComment, isUntyped, REVIEW_LIMITS } from "./review.ts";

const untyped = (t: string) => [...t].some((ch) => isUntyped(ch.codePointAt(0) as number));
const text = fc.string({ unit: "binary", maxLength: 80 });

describe("checkReview", () => {
  it("needs stars from 1 to 5 and every field filled", () => {
    expect(checkReview({ rating: 4, author: " Kari ", comment: "Varm og god.\r\n" })).toEqual({
      ok: true,
      review: { rating: 4, author: "Kari", comment: "Varm og god." },
    });
    expect(checkReview({ rating: null, author: "", comment: "  " })).toEqual({
      ok: false,
      problems: [
        { field: "rating", reason: "stars" },
        { field: "author", reason: "required" },
        { field: "comment", reason: "required" },
      ],
    });
    for (const rating of [0, 6, 2.5, -1, Number.NaN])
      expect(checkReview({ rating, author: "Kari", comment: "Fin" })).toEqual({
        ok: false,
        problems: [{ field: "rating", reason: "stars" }],
      });
    expect(checkReview({ rating: 5, author: "K".repeat(61), comment: "Fin" })).toEqual({
      ok: false,
      problems: [{ field: "author", reason: "tooLong", max: REVIEW_LIMITS.author }],
    });
  });

  it("keeps markup as the text it is", () => {
    const comment = '<script>alert("x")</script> <b>fet</b> &amp;';
    const r = checkReview({ rating: 1, author: "<i>Ola</i>", comment });
    expect(r).toEqual({ ok: true, review: { rating: 1, author: "<i>Ola</i>", comment } });
  });

  it("accepts exactly the reviews with stars and filled fields within their limits", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: -2, max: 8 }), fc.double(), fc.constant(null)),
        text,
        fc.string({ unit: "binary", maxLength: 2100 }),
        (rating, author, comment) => {
          const r = checkReview({ rating, author, comment });
          const a = cleanAuthor(author);
          const c = cleanComment(comment);
          const good =
            typeof rating === "number" &&
            Number.isInteger(rating) &&
            rating >= 1 &&
            rating <= 5 &&
            a.length > 0 &&
            [...a].length <= REVIEW_LIMITS.author &&
            c.length > 0 &&
            [...c].length <= REVIEW_LIMITS.comment;
          expect(r.ok).toBe(good);
          if (r.ok) expect(r.review).toEqual({ rating, author: a, comment: c });
          else expect(r.problems.length).toBeGreaterThan(0);
        },
      ),
    );
  });

  it("keeps names on one line and texts free of characters nobody types, and cleaning twice changes nothing", () => {
    fc.assert(
      fc.property(text, (t) => {
        const a = cleanAuthor(t);
        const c = cleanComment(t);
        expect(untyped(a) || untyped(c)).toBe(false);
        expect(a).not.toMatch(/\n|\r| {2}/);
        expect(a).toBe(a.trim());
        expect(c).toBe(c.trim());
        expect(c).not.toMatch(/\r|\n{3}/);
        expect(cleanAuthor(a)).toBe(a);
        expect(cleanComment(c)).toBe(c);
        // Markup characters are never taken out.
        for (const ch of "<>&\"'")
          expect(c.split(ch).length).toBe(t.replace(/\r\n?/g, "\n").split(ch).length);
      }),
    );
  });
});

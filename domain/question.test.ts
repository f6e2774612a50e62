import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkQuestion, cleanAnswer, QUESTION_LIMITS } from "./question.ts";
import { cleanAuthor, cleanComment } from "./review.ts";

describe("checkQuestion", () => {
  it("keeps a filled question as the review rules clean it, markup as text", () => {
    expect(
      checkQuestion({ author: "  Kari  N. ", question: "Tåler den <b>regn</b>?\r\n\r\n\r\nTakk" }),
    ).toEqual({
      ok: true,
      question: { author: "Kari N.", question: "Tåler den <b>regn</b>?\n\nTakk" },
    });
  });

  it("names every empty or too long field", () => {
    expect(checkQuestion({ author: " ", question: null })).toEqual({
      ok: false,
      problems: [
        { field: "author", reason: "required" },
        { field: "question", reason: "required" },
      ],
    });
    expect(checkQuestion({ author: "a".repeat(61), question: "b".repeat(1001) })).toEqual({
      ok: false,
      problems: [
        { field: "author", reason: "tooLong", max: 60 },
        { field: "question", reason: "tooLong", max: 1000 },
      ],
    });
  });

  it("accepts exactly what is filled and within the limits after cleaning, for any text", () => {
    const text = fc.string({ unit: "binary", maxLength: 1200 });
    fc.assert(
      fc.property(text, text, (author, question) => {
        const result = checkQuestion({ author, question });
        const a = cleanAuthor(author);
        const q = cleanComment(question);
        const fits = (s: string, max: number) => s.length > 0 && [...s].length <= max;
        expect(result.ok).toBe(fits(a, QUESTION_LIMITS.author) && fits(q, QUESTION_LIMITS.question));
        if (result.ok) expect(result.question).toEqual({ author: a, question: q });
      }),
    );
  });
});

describe("cleanAnswer", () => {
  it("keeps a filled answer within the limit, else null", () => {
    expect(cleanAnswer("  Ja, den er vanntett.  ")).toBe("Ja, den er vanntett.");
    expect(cleanAnswer(" \n ")).toBeNull();
    expect(cleanAnswer("x".repeat(2001))).toBeNull();
  });
});

import { cleanAuthor, cleanComment } from "./review.ts";

/**
 * A shopper's question about a product as the shop keeps it (issue 14), and the merchant's answer: plain text like
 * a review's (domain/review.ts: markup stays text, untyped characters dropped, trimmed), every field filled.
 */
export const QUESTION_LIMITS = { author: 60, question: 1000, answer: 2000 } as const;

export type QuestionField = "author" | "question";
export type QuestionProblem =
  | { field: QuestionField; reason: "required" }
  | { field: QuestionField; reason: "tooLong"; max: number };

/** The question to keep, or what is wrong with it (every problem, in field order). */
export function checkQuestion(input: {
  author?: string | null;
  question?: string | null;
}):
  | { ok: true; question: { author: string; question: string } }
  | { ok: false; problems: QuestionProblem[] } {
  const author = cleanAuthor(input.author ?? "");
  const question = cleanComment(input.question ?? "");
  const problems: QuestionProblem[] = [];
  for (const [field, text] of [
    ["author", author],
    ["question", question],
  ] as const) {
    const max = QUESTION_LIMITS[field];
    if (!text) problems.push({ field, reason: "required" });
    else if ([...text].length > max) problems.push({ field, reason: "tooLong", max });
  }
  return problems.length ? { ok: false, problems } : { ok: true, question: { author, question } };
}

/** The merchant's answer as kept, or null when it is empty or longer than QUESTION_LIMITS.answer. */
export function cleanAnswer(text: string): string | null {
  const answer = cleanComment(text);
  return answer && [...answer].length <= QUESTION_LIMITS.answer ? answer : null;
}

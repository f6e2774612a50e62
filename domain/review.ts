/**
 * A shopper's product review as the shop accepts it (spec §5: a star rating is required, every field filled; issue
 * 14): the rating a whole number of stars from 1 to 5, the author's name one line, the comment plain text. Markup
 * stays text: nothing here interprets it, and every place that shows a review escapes it as any text; what is
 * stored is what the shopper wrote, trimmed, with line breaks made "\n" and characters nobody types dropped.
 */

export const REVIEW_LIMITS = { author: 60, comment: 2000 } as const;
export const MIN_STARS = 1;
export const MAX_STARS = 5;

export type ReviewField = "rating" | "author" | "comment";
export type ReviewProblem =
  | { field: "rating"; reason: "stars" }
  | { field: "author" | "comment"; reason: "required" }
  | { field: "author" | "comment"; reason: "tooLong"; max: number };

export interface ReviewInput {
  rating?: number | null;
  author?: string | null;
  comment?: string | null;
}

export interface CleanReview {
  rating: number;
  author: string;
  comment: string;
}

/** Controls other than line feed (C0, DEL, C1), and the invisible format characters a text does not need. */
export function isUntyped(code: number): boolean {
  return (
    (code <= 0x1f && code !== 0x0a) ||
    (code >= 0x7f && code <= 0x9f) ||
    (code >= 0x200b && code <= 0x200f) ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2060 && code <= 0x2064) ||
    code === 0xfeff
  );
}

function withoutUntyped(text: string): string {
  let out = "";
  for (const ch of text) if (!isUntyped(ch.codePointAt(0) as number)) out += ch;
  return out;
}

/** A comment as kept: line breaks "\n", untyped characters dropped, lines' ends and the whole trimmed. */
export function cleanComment(text: string): string {
  return withoutUntyped(text.replace(/\r\n?/g, "\n").replace(/\t/g, " "))
    .split("\n")
    .map((line) => line.trimEnd())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** A name as kept: one line, every run of white space one space, untyped characters dropped, trimmed. */
export function cleanAuthor(text: string): string {
  return withoutUntyped(text.replace(/\s/g, " ")).replace(/ {2,}/g, " ").trim();
}

/** The review to keep, or what is wrong with it (every problem, in field order: rating, author, comment). */
export function checkReview(
  input: ReviewInput,
): { ok: true; review: CleanReview } | { ok: false; problems: ReviewProblem[] } {
  const problems: ReviewProblem[] = [];
  const rating = input.rating;
  const stars =
    typeof rating === "number" && Number.isInteger(rating) && rating >= MIN_STARS && rating <= MAX_STARS;
  if (!stars) problems.push({ field: "rating", reason: "stars" });
  const author = cleanAuthor(input.author ?? "");
  const comment = cleanComment(input.comment ?? "");
  for (const [field, text] of [
    ["author", author],
    ["comment", comment],
  ] as const) {
    const max = REVIEW_LIMITS[field];
    if (!text) problems.push({ field, reason: "required" });
    else if ([...text].length > max) problems.push({ field, reason: "tooLong", max });
  }
  if (problems.length || !stars) return { ok: false, problems };
  return { ok: true, review: { rating: rating as number, author, comment } };
}

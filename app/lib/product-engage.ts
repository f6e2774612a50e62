import type { QuestionField } from "#domain/question.ts";
import type { ReviewField } from "#domain/review.ts";

/** What the product page's review and back-in-stock forms answer (lib/product-engage.server.ts). */
export type ReviewOutcome =
  | { form: "review"; ok: true }
  | {
      form: "review";
      ok: false;
      /** Problems by field; `form` for a refusal of the whole review. */
      errors: Partial<Record<ReviewField | "form", string>>;
      /** Sign-in needed: the form offers the sign-in panel. */
      signIn?: boolean;
      values: { rating: string; author: string; comment: string };
    };

export type NotifyOutcome =
  | { form: "notify"; ok: true; skuId: number }
  | { form: "notify"; ok: false; error: string; values: { email: string; skuId: string } };

export type QuestionOutcome =
  | { form: "question"; ok: true }
  | {
      form: "question";
      ok: false;
      errors: Partial<Record<QuestionField | "form", string>>;
      signIn?: boolean;
      values: { author: string; question: string };
    };

export type EngageOutcome = ReviewOutcome | NotifyOutcome | QuestionOutcome;

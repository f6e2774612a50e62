import { eq, inArray } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { productQuestions, productTranslations, reviews } from "#db/schema/index.ts";
import { answerQuestion, rejectQuestion } from "../questions.ts";
import { decideReview } from "../reviews.ts";
import { writeAudit } from "./audit.ts";
import type { AdminPrincipal } from "./users.ts";

/**
 * The back office's moderation (issue 15): the shop's own moderation functions (services/reviews.ts,
 * services/questions.ts), each run in a transaction with its audit entry (decision 0037). False: no such item.
 */
export async function moderateReview(db: Database, who: AdminPrincipal, reviewId: number, accept: boolean) {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const [before] = await t
      .select({ status: reviews.status })
      .from(reviews)
      .where(eq(reviews.id, reviewId))
      .for("update");
    if (!before || !(await decideReview(t, reviewId, accept))) return false;
    await writeAudit(t, who, {
      action: "review.moderate",
      entity: "review",
      entityId: reviewId,
      before,
      after: { status: accept ? "approved" : "rejected" },
    });
    return true;
  });
}

export async function answerQuestionAudited(
  db: Database,
  who: AdminPrincipal,
  questionId: number,
  answer: string,
) {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const [before] = await t
      .select({ answer: productQuestions.answer })
      .from(productQuestions)
      .where(eq(productQuestions.id, questionId))
      .for("update");
    if (!before || !(await answerQuestion(t, questionId, answer))) return false;
    await writeAudit(t, who, {
      action: "question.answer",
      entity: "question",
      entityId: questionId,
      before,
      after: { answer },
    });
    return true;
  });
}

export async function rejectQuestionAudited(db: Database, who: AdminPrincipal, questionId: number) {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const [before] = await t
      .select({
        productId: productQuestions.productId,
        author: productQuestions.author,
        question: productQuestions.question,
        answer: productQuestions.answer,
      })
      .from(productQuestions)
      .where(eq(productQuestions.id, questionId))
      .for("update");
    if (!before || !(await rejectQuestion(t, questionId))) return false;
    await writeAudit(t, who, { action: "question.reject", entity: "question", entityId: questionId, before });
    return true;
  });
}

/** Product names for the moderation lists: each item's product in the item's language, else in any language. */
export async function productNames(
  db: Database,
  items: readonly { productId: number; languageId: string }[],
): Promise<string[]> {
  const ids = [...new Set(items.map((i) => i.productId))];
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      productId: productTranslations.productId,
      languageId: productTranslations.languageId,
      name: productTranslations.name,
    })
    .from(productTranslations)
    .where(inArray(productTranslations.productId, ids));
  const names = new Map<number, Map<string, string>>();
  for (const r of rows) {
    const byLanguage = names.get(r.productId) ?? new Map<string, string>();
    byLanguage.set(r.languageId, r.name);
    names.set(r.productId, byLanguage);
  }
  return items.map((item) => {
    const byLanguage = names.get(item.productId);
    return byLanguage?.get(item.languageId) ?? [...(byLanguage?.values() ?? [])][0] ?? `#${item.productId}`;
  });
}

import { asc, count, eq, isNull } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { productQuestions } from "#db/schema/index.ts";

/**
 * Product questions (issue 14): a signed-in shopper asks on the product page, in the page's language; the merchant
 * answers (then it shows, services/reviews.ts listQuestions) or turns it down (deleted). The texts are checked
 * first (domain/question.ts).
 */
export async function askQuestion(
  db: Database,
  question: { productId: number; customerId: number; languageId: string; author: string; question: string },
): Promise<number> {
  const [row] = await db.insert(productQuestions).values(question).returning({ id: productQuestions.id });
  if (!row) throw new Error("question not kept");
  return row.id;
}

export interface PendingQuestionView {
  questionId: number;
  productId: number;
  customerId: number | null;
  languageId: string;
  author: string;
  question: string;
  askedAt: Date;
}

/** Questions waiting for an answer, oldest first. */
export async function pendingQuestions(
  db: Database,
  opts: { skip: number; take: number },
): Promise<PendingQuestionView[]> {
  return db
    .select({
      questionId: productQuestions.id,
      productId: productQuestions.productId,
      customerId: productQuestions.customerId,
      languageId: productQuestions.languageId,
      author: productQuestions.author,
      question: productQuestions.question,
      askedAt: productQuestions.createdAt,
    })
    .from(productQuestions)
    .where(isNull(productQuestions.answer))
    .orderBy(asc(productQuestions.createdAt), asc(productQuestions.id))
    .limit(opts.take)
    .offset(opts.skip);
}

/** How many questions wait for an answer. */
export async function pendingQuestionCount(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(productQuestions).where(isNull(productQuestions.answer));
  return Number(row?.n ?? 0);
}

/** The merchant's answer (a new answer replaces the old one): the question shows with it. False for an unknown id. */
export async function answerQuestion(db: Database, questionId: number, answer: string): Promise<boolean> {
  const rows = await db
    .update(productQuestions)
    .set({ answer, answeredAt: new Date() })
    .where(eq(productQuestions.id, questionId))
    .returning({ id: productQuestions.id });
  return rows.length > 0;
}

/** The merchant turns a question down: it is deleted. False for an unknown id. */
export async function rejectQuestion(db: Database, questionId: number): Promise<boolean> {
  const rows = await db
    .delete(productQuestions)
    .where(eq(productQuestions.id, questionId))
    .returning({ id: productQuestions.id });
  return rows.length > 0;
}

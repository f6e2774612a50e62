import {
  type AnyColumn,
  and,
  asc,
  count,
  desc,
  eq,
  isNotNull,
  type Placeholder,
  type SQL,
} from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { productQuestions, products, reviews } from "#db/schema/index.ts";
import type { CleanReview } from "#domain/review.ts";

export const MAX_REVIEWS_TAKE = 50;

/** A product's own rating as products.rating_score and vote_count hold it. */
export interface ProductRating {
  score: string | number | null;
  votes: number;
}

export interface ReviewView {
  reviewId: number;
  author: string;
  comment: string;
  rating: number;
  reviewDate: Date;
  /** The language the review is written in (a product's reviews are shown in both languages). */
  languageId: string;
}

/**
 * A page of a product's approved reviews, newest first, in every language (a product has one rating, whichever
 * language its reviewers wrote in), with how many there are and their average rating (null when there is none).
 * The count and the average are the product's own rating (products.vote_count and rating_score, which migration
 * 0006 keeps equal to the approved reviews): the numbers its cards and JSON-LD show. Two statements; one when the
 * caller read the product's rating already (`rating`: the API's alias lookup reads it with the id, decision 0074).
 */
export async function listReviews(
  db: Database,
  opts: { productId: number; skip: number; take: number; rating?: ProductRating },
): Promise<{ count: number; averageRating: number | null; reviews: ReviewView[] }> {
  const [rating] = opts.rating
    ? [opts.rating]
    : await db
        .select({ score: products.ratingScore, votes: products.voteCount })
        .from(products)
        .where(eq(products.id, opts.productId));
  const n = rating?.votes ?? 0;
  const page =
    n > opts.skip && opts.take > 0
      ? await db
          .select({
            reviewId: reviews.id,
            author: reviews.author,
            comment: reviews.comment,
            rating: reviews.rating,
            reviewDate: reviews.createdAt,
            languageId: reviews.languageId,
          })
          .from(reviews)
          .where(and(eq(reviews.productId, opts.productId), eq(reviews.status, "approved")))
          .orderBy(desc(reviews.createdAt), desc(reviews.id))
          .limit(opts.take)
          .offset(opts.skip)
      : [];
  return {
    count: n,
    averageRating: n > 0 && rating?.score != null ? Number(rating.score) : null,
    reviews: page,
  };
}

export interface QuestionView {
  questionId: number;
  author: string;
  question: string;
  answer: string;
  askedAt: Date;
  answeredAt: Date;
}

/**
 * The questions a product's page shows: answered, in the language. The alias lookup counts them with the same
 * condition (services/product-detail.ts), for the column of its own product, and so does the product's own statement
 * (services/catalog/product.ts, its `answered` part, with `sql\`p.id\``) when a page asks its questions too.
 */
export function answeredQuestionsOf(productId: number | AnyColumn | SQL, languageId: string | Placeholder) {
  return and(
    eq(productQuestions.productId, productId),
    eq(productQuestions.languageId, languageId),
    isNotNull(productQuestions.answer),
    isNotNull(productQuestions.answeredAt),
  );
}

/**
 * A page of a product's answered questions in one language, most recently answered first. Two statements; one when
 * the caller counted them already (`answered`: the API's alias lookup counts them with the id, decision 0074).
 */
export async function listQuestions(
  db: Database,
  opts: { productId: number; languageId: string; skip: number; take: number; answered?: number },
): Promise<{ count: number; questions: QuestionView[] }> {
  const where = answeredQuestionsOf(opts.productId, opts.languageId);
  const [summary] =
    opts.answered === undefined
      ? await db.select({ n: count() }).from(productQuestions).where(where)
      : [{ n: opts.answered }];
  const n = summary?.n ?? 0;
  const rows =
    n > opts.skip && opts.take > 0
      ? await db
          .select({
            questionId: productQuestions.id,
            author: productQuestions.author,
            question: productQuestions.question,
            answer: productQuestions.answer,
            askedAt: productQuestions.createdAt,
            answeredAt: productQuestions.answeredAt,
          })
          .from(productQuestions)
          .where(where)
          .orderBy(desc(productQuestions.answeredAt), desc(productQuestions.id))
          .limit(opts.take)
          .offset(opts.skip)
      : [];
  return {
    count: n,
    questions: rows.map((r) => ({
      questionId: r.questionId,
      author: r.author,
      question: r.question,
      answer: r.answer ?? "",
      askedAt: r.askedAt,
      answeredAt: r.answeredAt ?? r.askedAt,
    })),
  };
}

/**
 * Keeps a signed-in customer's review of a product, waiting for the merchant's acceptance ("pending"): it shows, and
 * counts in the product's rating (migration 0006), once accepted. One review per customer and product (migration
 * 0013): "duplicate" when the customer has one already, whatever its state. The review is checked first
 * (domain/review.ts checkReview).
 */
export async function postReview(
  db: Database,
  review: { productId: number; customerId: number; languageId: string } & CleanReview,
): Promise<"posted" | "duplicate"> {
  const rows = await db
    .insert(reviews)
    .values({ ...review, status: "pending" })
    .onConflictDoNothing({ target: [reviews.productId, reviews.customerId] })
    .returning({ id: reviews.id });
  return rows.length ? "posted" : "duplicate";
}

export interface PendingReviewView extends ReviewView {
  productId: number;
  customerId: number | null;
}

/** Reviews waiting for the merchant's acceptance, oldest first. */
export async function pendingReviews(
  db: Database,
  opts: { skip: number; take: number },
): Promise<PendingReviewView[]> {
  return db
    .select({
      reviewId: reviews.id,
      productId: reviews.productId,
      customerId: reviews.customerId,
      author: reviews.author,
      comment: reviews.comment,
      rating: reviews.rating,
      reviewDate: reviews.createdAt,
      languageId: reviews.languageId,
    })
    .from(reviews)
    .where(eq(reviews.status, "pending"))
    .orderBy(asc(reviews.createdAt), asc(reviews.id))
    .limit(opts.take)
    .offset(opts.skip);
}

/** How many reviews wait for the merchant's acceptance. */
export async function pendingReviewCount(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(reviews).where(eq(reviews.status, "pending"));
  return Number(row?.n ?? 0);
}

/**
 * The merchant's decision on a review: accepted, it shows and counts in the product's rating; rejected, it does
 * not (a decision can be changed). False for an unknown review.
 */
export async function decideReview(db: Database, reviewId: number, accept: boolean): Promise<boolean> {
  const rows = await db
    .update(reviews)
    .set({ status: accept ? "approved" : "rejected" })
    .where(eq(reviews.id, reviewId))
    .returning({ id: reviews.id });
  return rows.length > 0;
}

import { type Message, msg } from "#domain/messages.ts";
import { checkReview, type ReviewProblem } from "#domain/review.ts";
import { decideReview, type PendingReviewView, pendingReviews, postReview } from "#services/reviews.ts";
import { requireAdmin } from "../admin.ts";
import { builder, localeArgs } from "../builder.ts";
import { apiError, intInRange } from "../errors.ts";
import { productOfAlias, refuseProblems } from "../shopper-writes.ts";

/** At most this many pending reviews in one answer. */
export const MAX_PENDING_TAKE = 100;

function problemMessage(p: ReviewProblem): Message {
  if (p.field === "rating") return msg("review.rating");
  return p.reason === "tooLong" ? msg("review.tooLong", { max: p.max }) : msg("review.required");
}

builder.mutationFields((t) => ({
  postProductReview: t.boolean({
    description:
      "A signed-in shopper's review of a product (Geins' arguments): it waits for the merchant's acceptance, then shows and counts in the product's rating. One per customer and product. Refusals: UNAUTHENTICATED (not signed in), BAD_USER_INPUT with `field` (rating: 1–5 stars; author and comment filled, at most 60 and 2000 characters), BAD_USER_INPUT with `reason` ALREADY_REVIEWED, NOT_FOUND (unknown product). True when kept.",
    args: {
      alias: t.arg.string({ required: true, description: "The product's alias in the request's language" }),
      rating: t.arg.int({ required: false, description: "Stars, 1–5 (required)" }),
      comment: t.arg.string({
        required: false,
        description: "Plain text (required); markup is kept as text",
      }),
      author: t.arg.string({ required: true, description: "The name shown with the review" }),
      ...localeArgs,
    },
    resolve: async (_root, args, ctx) => {
      const customer = await ctx.customer();
      if (!customer) throw apiError("UNAUTHENTICATED", msg("review.signIn"));
      const checked = checkReview(args);
      if (!checked.ok) refuseProblems(checked.problems, problemMessage);
      const { productId, locale } = await productOfAlias(ctx, args);
      const result = await postReview(ctx.db, {
        productId,
        customerId: customer.customerId,
        languageId: locale.language.id,
        ...checked.review,
      });
      if (result === "duplicate")
        throw apiError("BAD_USER_INPUT", msg("review.duplicate"), { reason: "ALREADY_REVIEWED" });
      return true;
    },
  }),
  moderateProductReview: t.boolean({
    description:
      "Admin (X-Admin-Key, README): accepts a review (it shows and counts in the product's rating) or rejects it; a decision can be changed. NOT_FOUND for an unknown review, FORBIDDEN without the admin key. Mili's addition.",
    args: { reviewId: t.arg.int({ required: true }), accept: t.arg.boolean({ required: true }) },
    resolve: async (_root, args, ctx) => {
      requireAdmin(ctx);
      if (!(await decideReview(ctx.db, args.reviewId, args.accept)))
        throw apiError("NOT_FOUND", msg("review.notFound"), { reviewId: args.reviewId });
      return true;
    },
  }),
}));

const PendingReviewType = builder.objectRef<PendingReviewView>("PendingProductReviewType").implement({
  description: "A review waiting for the merchant's acceptance (Mili's addition)",
  fields: (t) => ({
    reviewId: t.exposeInt("reviewId"),
    productId: t.exposeInt("productId"),
    customerId: t.exposeInt("customerId", { nullable: true }),
    author: t.exposeString("author"),
    comment: t.exposeString("comment", { description: "As written: plain text, markup included as text" }),
    rating: t.exposeInt("rating", { description: "1–5 stars" }),
    reviewDate: t.string({ description: "ISO 8601", resolve: (r) => r.reviewDate.toISOString() }),
    languageId: t.exposeString("languageId", { description: "The language the review is written in" }),
  }),
});

builder.queryFields((t) => ({
  pendingProductReviews: t.field({
    type: [PendingReviewType],
    description: `Admin (X-Admin-Key, README): reviews waiting for acceptance, oldest first; take at most ${MAX_PENDING_TAKE}. FORBIDDEN without the admin key. Mili's addition.`,
    args: {
      skip: t.arg.int({ required: false, defaultValue: 0 }),
      take: t.arg.int({ required: false, defaultValue: 20 }),
    },
    resolve: async (_root, args, ctx) => {
      requireAdmin(ctx);
      const take = intInRange("take", args.take ?? 20, 0, MAX_PENDING_TAKE);
      const skip = intInRange("skip", args.skip ?? 0, 0, 100_000);
      return pendingReviews(ctx.db, { skip, take });
    },
  }),
}));

import { type Message, msg } from "#domain/messages.ts";
import { checkQuestion, cleanAnswer, type QuestionProblem } from "#domain/question.ts";
import {
  answerQuestion,
  askQuestion,
  type PendingQuestionView,
  pendingQuestions,
  rejectQuestion,
} from "#services/questions.ts";
import { requireAdmin } from "../admin.ts";
import { builder, localeArgs } from "../builder.ts";
import { apiError, intInRange } from "../errors.ts";
import { productOfAlias, refuseProblems } from "../shopper-writes.ts";

/** At most this many waiting questions in one answer. */
const MAX_PENDING_TAKE = 100;

function problemMessage(p: QuestionProblem): Message {
  return p.reason === "tooLong" ? msg("question.tooLong", { max: p.max }) : msg("question.required");
}

builder.mutationFields((t) => ({
  askProductQuestion: t.boolean({
    description:
      "A signed-in shopper's question about a product, in the request's language: it waits for the merchant's answer, then shows with it in `productQuestions`. Refusals: UNAUTHENTICATED (not signed in), BAD_USER_INPUT with `field` (author and question filled, at most 60 and 1000 characters; markup is kept as text), NOT_FOUND (unknown product), RATE_LIMITED (10 a day per customer). True when kept. Mili's addition.",
    args: {
      alias: t.arg.string({ required: true, description: "The product's alias in the request's language" }),
      author: t.arg.string({ required: true, description: "The name shown with the question" }),
      question: t.arg.string({ required: true, description: "Plain text" }),
      ...localeArgs,
    },
    resolve: async (_root, args, ctx) => {
      const customer = await ctx.customer();
      if (!customer) throw apiError("UNAUTHENTICATED", msg("question.signIn"));
      const checked = checkQuestion(args);
      if (!checked.ok) refuseProblems(checked.problems, problemMessage);
      const { productId, locale } = await productOfAlias(ctx, args);
      await ctx.limiter?.consume([{ limit: "question.customer", key: String(customer.customerId) }]);
      await askQuestion(ctx.db, {
        productId,
        customerId: customer.customerId,
        languageId: locale.language.id,
        ...checked.question,
      });
      return true;
    },
  }),
  answerProductQuestion: t.boolean({
    description:
      "Admin (X-Admin-Key, README): answers a question (a new answer replaces the old); it then shows on the product page in its language. BAD_USER_INPUT `field: answer` for an empty or too long answer, NOT_FOUND for an unknown question, FORBIDDEN without the admin key. Mili's addition.",
    args: { questionId: t.arg.int({ required: true }), answer: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      requireAdmin(ctx);
      const answer = cleanAnswer(args.answer.slice(0, 10_000));
      if (answer === null) throw apiError("BAD_USER_INPUT", msg("question.answer"), { field: "answer" });
      if (!(await answerQuestion(ctx.db, args.questionId, answer)))
        throw apiError("NOT_FOUND", msg("question.notFound"), { questionId: args.questionId });
      return true;
    },
  }),
  rejectProductQuestion: t.boolean({
    description:
      "Admin (X-Admin-Key, README): turns a question down; it is deleted. NOT_FOUND for an unknown question, FORBIDDEN without the admin key. Mili's addition.",
    args: { questionId: t.arg.int({ required: true }) },
    resolve: async (_root, args, ctx) => {
      requireAdmin(ctx);
      if (!(await rejectQuestion(ctx.db, args.questionId)))
        throw apiError("NOT_FOUND", msg("question.notFound"), { questionId: args.questionId });
      return true;
    },
  }),
}));

const PendingQuestionType = builder.objectRef<PendingQuestionView>("PendingProductQuestionType").implement({
  description: "A question waiting for the merchant's answer (Mili's addition)",
  fields: (t) => ({
    questionId: t.exposeInt("questionId"),
    productId: t.exposeInt("productId"),
    customerId: t.exposeInt("customerId", { nullable: true }),
    languageId: t.exposeString("languageId", { description: "The language it was asked in" }),
    author: t.exposeString("author"),
    question: t.exposeString("question", { description: "As written: plain text, markup included as text" }),
    askedAt: t.string({ description: "ISO 8601", resolve: (q) => q.askedAt.toISOString() }),
  }),
});

builder.queryFields((t) => ({
  pendingProductQuestions: t.field({
    type: [PendingQuestionType],
    description: `Admin (X-Admin-Key, README): questions waiting for an answer, oldest first; take at most ${MAX_PENDING_TAKE}. FORBIDDEN without the admin key. Mili's addition.`,
    args: {
      skip: t.arg.int({ required: false, defaultValue: 0 }),
      take: t.arg.int({ required: false, defaultValue: 20 }),
    },
    resolve: async (_root, args, ctx) => {
      requireAdmin(ctx);
      const take = intInRange("take", args.take ?? 20, 0, MAX_PENDING_TAKE);
      const skip = intInRange("skip", args.skip ?? 0, 0, 100_000);
      return pendingQuestions(ctx.db, { skip, take });
    },
  }),
}));

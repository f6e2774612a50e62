import { Form } from "react-router";
import type { Route } from "./+types/moderation";
import { adminRequest } from "./api.server.ts";
import { errorText } from "./texts.ts";
import { button, Notice, primary, table, td, th, useAdminT, When } from "./ui.tsx";

/** /admin/moderation: reviews and questions waiting for the merchant (issue 15 "Moderation"). */
interface Review {
  reviewId: number;
  productName: string;
  author: string;
  comment: string;
  rating: number;
  reviewDate: string;
}
interface Question {
  questionId: number;
  productName: string;
  author: string;
  question: string;
  askedAt: string;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const answer = await adminRequest<{ pendingReviews: Review[]; pendingQuestions: Question[] }>(
    request,
    context,
    `{ pendingReviews(take: 100) { reviewId productName author comment rating reviewDate }
       pendingQuestions(take: 100) { questionId productName author question askedAt } }`,
  );
  return {
    reviews: answer.data?.pendingReviews ?? [],
    questions: answer.data?.pendingQuestions ?? [],
    error: answer.error,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = String(form.get("intent"));
  const id = Number(form.get("id"));
  const run = (query: string, variables: Record<string, unknown>) =>
    adminRequest(request, context, query, variables);
  const answer =
    intent === "accept" || intent === "reject"
      ? await run("mutation($id: Int!, $a: Boolean!) { moderateReview(reviewId: $id, accept: $a) }", {
          id,
          a: intent === "accept",
        })
      : intent === "answer"
        ? await run(
            "mutation($id: Int!, $answer: String!) { answerQuestion(questionId: $id, answer: $answer) }",
            {
              id,
              answer: String(form.get("answer") ?? ""),
            },
          )
        : await run("mutation($id: Int!) { rejectQuestion(questionId: $id) }", { id });
  return { intent, id, error: answer.error };
}

export function meta() {
  return [{ title: "Mili · Moderation" }];
}

const DONE = {
  accept: "moderation.accepted",
  reject: "moderation.rejected",
  answer: "moderation.answered",
  rejectQuestion: "moderation.questionRejected",
} as const;

export default function Moderation({ loaderData, actionData }: Route.ComponentProps) {
  const { t, lang } = useAdminT();
  const { reviews, questions } = loaderData;
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold">{t("moderation.title")}</h1>
      {actionData &&
        (actionData.error ? (
          <Notice kind="error">{errorText(t, actionData.error)}</Notice>
        ) : (
          <Notice kind="ok">
            {t(DONE[actionData.intent as keyof typeof DONE] ?? "moderation.accepted")}
          </Notice>
        ))}
      <section aria-labelledby="reviews-heading" className="mb-10">
        <h2 id="reviews-heading" className="mb-2 text-xl font-semibold">
          {t("moderation.reviews")} ({reviews.length})
        </h2>
        {reviews.length === 0 ? (
          <p>{t("moderation.noReviews")}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className={table}>
              <thead>
                <tr>
                  <th className={th}>{t("moderation.product")}</th>
                  <th className={th}>{t("moderation.author")}</th>
                  <th className={th}>{t("moderation.review")}</th>
                  <th className={th}>{t("moderation.actions")}</th>
                </tr>
              </thead>
              <tbody>
                {reviews.map((r) => (
                  <tr key={r.reviewId} data-review-id={r.reviewId}>
                    <td className={td}>{r.productName}</td>
                    <td className={td}>
                      {r.author}
                      <br />
                      <small>
                        <When iso={r.reviewDate} lang={lang} />
                      </small>
                    </td>
                    <td className={td}>
                      <p className="font-medium">{t("moderation.rating", { rating: r.rating })}</p>
                      <p className="whitespace-pre-wrap">{r.comment}</p>
                    </td>
                    <td className={td}>
                      <Form method="post" className="flex gap-2">
                        <input type="hidden" name="id" value={r.reviewId} />
                        <button
                          type="submit"
                          name="intent"
                          value="accept"
                          className={primary}
                          aria-label={`${t("moderation.accept")}: ${r.author}, ${r.productName}`}
                        >
                          {t("moderation.accept")}
                        </button>
                        <button
                          type="submit"
                          name="intent"
                          value="reject"
                          className={button}
                          aria-label={`${t("moderation.reject")}: ${r.author}, ${r.productName}`}
                        >
                          {t("moderation.reject")}
                        </button>
                      </Form>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby="questions-heading">
        <h2 id="questions-heading" className="mb-2 text-xl font-semibold">
          {t("moderation.questions")} ({questions.length})
        </h2>
        {questions.length === 0 ? (
          <p>{t("moderation.noQuestions")}</p>
        ) : (
          <ul className="space-y-4">
            {questions.map((q) => (
              <li key={q.questionId} className="rounded border border-stone-300 bg-white p-4">
                <p className="text-sm text-stone-700">
                  {q.productName} · {q.author} · <When iso={q.askedAt} lang={lang} />
                </p>
                <p className="mt-1 whitespace-pre-wrap font-medium">{q.question}</p>
                <Form method="post" className="mt-3">
                  <input type="hidden" name="id" value={q.questionId} />
                  <label htmlFor={`answer-${q.questionId}`} className="block text-sm font-medium">
                    {t("moderation.answerLabel", { author: q.author })}
                  </label>
                  <textarea
                    id={`answer-${q.questionId}`}
                    name="answer"
                    rows={3}
                    maxLength={2000}
                    className="mt-1 w-full rounded border border-stone-500 p-2"
                  />
                  <div className="mt-2 flex gap-2">
                    <button type="submit" name="intent" value="answer" className={primary}>
                      {t("moderation.answer")}
                    </button>
                    <button
                      type="submit"
                      name="intent"
                      value="rejectQuestion"
                      className={button}
                      formNoValidate
                    >
                      {t("moderation.rejectQuestion")}
                    </button>
                  </div>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

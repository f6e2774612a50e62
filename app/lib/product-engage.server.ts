import { MESSAGES, type MessageLanguage, msg, renderMessage } from "#domain/messages.ts";
import { checkQuestion, type QuestionField } from "#domain/question.ts";
import { checkReview, type ReviewField } from "#domain/review.ts";
import { isValidEmail } from "#domain/validators.ts";
import { GraphqlClientError } from "./graphql/client.ts";
import {
  AskProductQuestionMutation,
  MonitorProductAvailabilityMutation,
  PostProductReviewMutation,
} from "./graphql/product-operations.ts";
import type { requestClient } from "./graphql/server.ts";
import type { NotifyOutcome, QuestionOutcome, ReviewOutcome } from "./product-engage.ts";

/**
 * The product page's two forms, answered on the server (the route's action): a review (signed-in shoppers; it waits
 * for the merchant's acceptance) and "tell me when it is back" for a SKU that cannot be bought. Both work without
 * JavaScript (the page comes back with the outcome) and with it (a fetcher). The rules are the API's and
 * domain/review.ts's: the form only checks first what the API would refuse, so every field's problem shows at once,
 * in the page's language; the API's own refusal (signed out, already reviewed, rate limited) is shown as it answers.
 */
type Client = ReturnType<typeof requestClient>["client"];

function refusal(error: unknown, lang: MessageLanguage): { text: string; code?: string; field?: string } {
  if (error instanceof GraphqlClientError) {
    const wait = error.retryAfter;
    if (wait !== undefined)
      return { text: renderMessage(msg("api.rateLimited", { seconds: wait }), lang), code: "RATE_LIMITED" };
    const first = error.graphQLErrors[0];
    if (first?.message && first.extensions?.code && first.extensions.code !== "INTERNAL_SERVER_ERROR")
      return {
        text: first.message,
        code: first.extensions.code,
        field: typeof first.extensions.field === "string" ? first.extensions.field : undefined,
      };
  }
  return { text: MESSAGES["account.generic"][lang] };
}

export async function postReview(
  client: Client,
  lang: MessageLanguage,
  alias: string,
  form: FormData,
  log: (error: unknown) => void,
): Promise<ReviewOutcome> {
  const values = {
    rating: String(form.get("rating") ?? ""),
    author: String(form.get("author") ?? "").slice(0, 500),
    comment: String(form.get("comment") ?? "").slice(0, 5000),
  };
  const rating = /^[1-5]$/.test(values.rating) ? Number(values.rating) : null;
  const checked = checkReview({ rating, author: values.author, comment: values.comment });
  if (!checked.ok) {
    const errors: Partial<Record<ReviewField, string>> = {};
    for (const problem of checked.problems)
      errors[problem.field] =
        problem.reason === "stars"
          ? MESSAGES["review.rating"][lang]
          : problem.reason === "required"
            ? MESSAGES["review.required"][lang]
            : renderMessage({ key: "review.tooLong", params: { max: problem.max } }, lang);
    return { form: "review", ok: false, errors, values };
  }
  try {
    await client.request(PostProductReviewMutation, { alias, ...checked.review });
    return { form: "review", ok: true };
  } catch (error) {
    const answer = refusal(error, lang);
    if (!answer.code) log(error);
    const field = answer.field === "rating" || answer.field === "author" || answer.field === "comment";
    return {
      form: "review",
      ok: false,
      errors: { [field ? (answer.field as ReviewField) : "form"]: answer.text },
      signIn: answer.code === "UNAUTHENTICATED",
      values,
    };
  }
}

export async function askBackInStock(
  client: Client,
  lang: MessageLanguage,
  form: FormData,
  log: (error: unknown) => void,
): Promise<NotifyOutcome> {
  const values = {
    email: String(form.get("email") ?? "")
      .trim()
      .slice(0, 320),
    skuId: String(form.get("skuId") ?? ""),
  };
  const skuId = /^\d{1,9}$/.test(values.skuId) ? Number(values.skuId) : null;
  if (!isValidEmail(values.email))
    return { form: "notify", ok: false, error: MESSAGES["stock.monitor.email"][lang], values };
  if (skuId === null)
    return { form: "notify", ok: false, error: MESSAGES["stock.monitor.unknownSku"][lang], values };
  try {
    await client.request(MonitorProductAvailabilityMutation, { email: values.email, skuId });
    return { form: "notify", ok: true, skuId };
  } catch (error) {
    const answer = refusal(error, lang);
    if (!answer.code) log(error);
    return { form: "notify", ok: false, error: answer.text, values };
  }
}

export async function askQuestion(
  client: Client,
  lang: MessageLanguage,
  alias: string,
  form: FormData,
  log: (error: unknown) => void,
): Promise<QuestionOutcome> {
  const values = {
    author: String(form.get("author") ?? "").slice(0, 500),
    question: String(form.get("question") ?? "").slice(0, 5000),
  };
  const checked = checkQuestion(values);
  if (!checked.ok) {
    const errors: Partial<Record<QuestionField, string>> = {};
    for (const problem of checked.problems)
      errors[problem.field] =
        problem.reason === "required"
          ? MESSAGES["question.required"][lang]
          : renderMessage({ key: "question.tooLong", params: { max: problem.max } }, lang);
    return { form: "question", ok: false, errors, values };
  }
  try {
    await client.request(AskProductQuestionMutation, { alias, ...checked.question });
    return { form: "question", ok: true };
  } catch (error) {
    const answer = refusal(error, lang);
    if (!answer.code) log(error);
    const field = answer.field === "author" || answer.field === "question";
    return {
      form: "question",
      ok: false,
      errors: { [field ? (answer.field as QuestionField) : "form"]: answer.text },
      signIn: answer.code === "UNAUTHENTICATED",
      values,
    };
  }
}

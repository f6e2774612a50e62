import { Link } from "react-router";
import { formatDate } from "#domain/format.ts";
import type { Translate } from "../../i18n/index.ts";

/** Reviews and questions come 5 per page; `?reviews=N` / `?questions=N` show the first N pages. */
export const PAGE_SIZE = 5;
/** The most pages a URL may ask for (a page count beyond it is read as this): the API gives at most 50 per request. */
export const MAX_PAGES = 10;

/** The number of pages a query parameter asks for: a positive integer, else 1; at most MAX_PAGES. */
export function pagesParam(value: string | null): number {
  if (!value || !/^\d{1,4}$/.test(value)) return 1;
  return Math.min(MAX_PAGES, Math.max(1, Number(value)));
}

/** Score out of five as five stars (decorative) with a text alternative. */
export function Stars({ score, label }: { score: number; label: string }) {
  const filled = Math.round(score);
  return (
    <span role="img" aria-label={label} className="inline-flex text-amber-600">
      {[1, 2, 3, 4, 5].map((n) => (
        <svg
          key={n}
          aria-hidden="true"
          viewBox="0 0 20 20"
          className="size-5"
          fill={n <= filled ? "currentColor" : "none"}
        >
          <path
            stroke="currentColor"
            strokeWidth="1.5"
            d="M10 1.8l2.5 5.2 5.7.8-4.1 4 1 5.6L10 14.7l-5.1 2.7 1-5.6-4.1-4 5.7-.8z"
          />
        </svg>
      ))}
    </span>
  );
}

function formatScore(score: number, languageId: string) {
  return (Math.round(score * 10) / 10).toFixed(1).replace(".", languageId.startsWith("en") ? "." : ",");
}

export interface ReviewsData {
  count: number;
  averageRating: number | null;
  reviews: {
    reviewId: number;
    author: string;
    comment: string;
    rating: number;
    reviewDate: string;
    /** The review's own language: a product's reviews come in both. */
    languageId?: string;
  }[];
}

/** The reviews summary (average and count) and the reviews, newest first, with "show more" as a link. */
export function Reviews({
  data,
  pages,
  moreHref,
  languageId,
  t,
}: {
  data: ReviewsData;
  pages: number;
  moreHref: string;
  languageId: string;
  t: Translate;
}) {
  const shown = data.reviews.length;
  const average = data.averageRating ?? 0;
  return (
    <section aria-labelledby="reviews" className="mt-10">
      <h2 id="reviews" className="text-xl font-semibold">
        {t("product.reviews")}
      </h2>
      {data.count > 0 ? (
        <>
          <p className="mt-2 flex items-center gap-2" data-testid="reviews-summary">
            <Stars
              score={average}
              label={t("product.reviews.rating", { rating: formatScore(average, languageId) })}
            />
            <span>
              {t("product.reviews.summary", { score: formatScore(average, languageId), count: data.count })}
            </span>
          </p>
          <ol className="mt-4 space-y-4">
            {data.reviews.map((review, i) => (
              <li key={review.reviewId} id={`review-${i + 1}`} className="border-t border-stone-200 pt-3">
                <p className="flex flex-wrap items-center gap-x-3">
                  <Stars
                    score={review.rating}
                    label={t("product.reviews.rating", { rating: review.rating })}
                  />
                  <span className="font-medium">{review.author}</span>
                  <time dateTime={review.reviewDate.slice(0, 10)} className="text-sm text-stone-700">
                    {formatDate(review.reviewDate, languageId)}
                  </time>
                </p>
                <p
                  className="mt-1 whitespace-pre-line"
                  lang={review.languageId && review.languageId !== languageId ? review.languageId : undefined}
                >
                  {review.comment}
                </p>
              </li>
            ))}
          </ol>
          <p className="mt-4 text-sm text-stone-700">
            {t("product.reviews.shown", { shown, total: data.count })}
          </p>
          {shown < data.count && pages < MAX_PAGES ? (
            <Link
              to={`${moreHref}#review-${shown + 1}`}
              replace
              preventScrollReset
              className="mt-2 inline-block rounded border border-stone-500 px-4 py-2 hover:bg-stone-100"
            >
              {t("product.reviews.more")}
            </Link>
          ) : null}
        </>
      ) : (
        <p className="mt-2">{t("product.reviews.none")}</p>
      )}
    </section>
  );
}

export interface QuestionsData {
  count: number;
  questions: {
    questionId: number;
    author: string;
    question: string;
    answer: string | null;
    askedAt: string;
  }[];
}

/** Answered questions, with "show more" as a link. */
export function Questions({
  data,
  pages,
  moreHref,
  languageId,
  t,
}: {
  data: QuestionsData;
  pages: number;
  moreHref: string;
  languageId: string;
  t: Translate;
}) {
  const shown = data.questions.length;
  return (
    <section aria-labelledby="questions" className="mt-10">
      <h2 id="questions" className="text-xl font-semibold">
        {t("product.questions")}
      </h2>
      {data.count > 0 ? (
        <>
          <dl className="mt-4 space-y-4">
            {data.questions.map((q, i) => (
              <div key={q.questionId} id={`question-${i + 1}`} className="border-t border-stone-200 pt-3">
                <dt>
                  <span className="block text-sm text-stone-700">
                    {t("product.questions.asked", {
                      author: q.author,
                      date: formatDate(q.askedAt, languageId),
                    })}
                  </span>
                  <span className="font-medium">{q.question}</span>
                </dt>
                <dd className="mt-1 border-l-4 border-stone-300 pl-3">
                  <span className="sr-only">{t("product.questions.answer")}: </span>
                  {q.answer}
                </dd>
              </div>
            ))}
          </dl>
          <p className="mt-4 text-sm text-stone-700">
            {t("product.questions.shown", { shown, total: data.count })}
          </p>
          {shown < data.count && pages < MAX_PAGES ? (
            <Link
              to={`${moreHref}#question-${shown + 1}`}
              replace
              preventScrollReset
              className="mt-2 inline-block rounded border border-stone-500 px-4 py-2 hover:bg-stone-100"
            >
              {t("product.questions.more")}
            </Link>
          ) : null}
        </>
      ) : (
        <p className="mt-2">{t("product.questions.none")}</p>
      )}
    </section>
  );
}

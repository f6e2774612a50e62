import { type FormEvent, type RefObject, useEffect, useId, useRef } from "react";
import { useFetcher, useLocation } from "react-router";
import { stockStatus } from "#domain/stock.ts";
import type { Lang } from "../../lib/locale.ts";
import type { EngageOutcome, NotifyOutcome, ReviewOutcome } from "../../lib/product-engage.ts";
import type { SizeOption } from "./buy-box.tsx";

/**
 * The product page's own forms: write a review, and "tell me when it is back". Their texts are the product page's
 * own (not the every-page catalog). Both forms post to the page (the route's action, lib/product-engage.server.ts):
 * without JavaScript the page comes back with the outcome at the form (the action URL's fragment); with it a
 * fetcher sends them and the answer shows in place, announced to screen readers.
 */
const TEXTS = {
  nb: {
    write: "Skriv en omtale",
    signIn: "Logg inn for å skrive en omtale",
    signInWhy: "Omtaler kan skrives av innloggede kunder.",
    stars: "Din vurdering",
    star: "{n} av 5 stjerner",
    author: "Navn som vises",
    comment: "Omtale",
    send: "Send omtale",
    sending: "Sender …",
    thanks: "Takk for omtalen! Den vises her når vi har godkjent den.",
    notifyHeading: "Varsle meg når varen er tilbake",
    notifyText: "Få én e-post når varen kan kjøpes igjen.",
    notifySize: "Størrelse",
    email: "E-post",
    notify: "Varsle meg",
    notified: "Takk! Vi sender deg en e-post når varen er tilbake på lager.",
  },
  sv: {
    write: "Skriv en recension",
    signIn: "Logga in för att skriva en recension",
    signInWhy: "Recensioner kan skrivas av inloggade kunder.",
    stars: "Ditt betyg",
    star: "{n} av 5 stjärnor",
    author: "Namn som visas",
    comment: "Recension",
    send: "Skicka recension",
    sending: "Skickar …",
    thanks: "Tack för recensionen! Den visas här när vi har godkänt den.",
    notifyHeading: "Meddela mig när varan är tillbaka",
    notifyText: "Få ett mejl när varan går att köpa igen.",
    notifySize: "Storlek",
    email: "E-post",
    notify: "Meddela mig",
    notified: "Tack! Vi mejlar dig när varan finns i lager igen.",
  },
} as const;

const input =
  "mt-1 block w-full rounded border border-stone-500 px-3 py-2 aria-invalid:border-red-700 focus-visible:outline-2 focus-visible:outline-blue-700";
const button =
  "rounded bg-stone-900 px-4 py-2 font-semibold text-white hover:bg-stone-700 disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";

/** Sends a form through the fetcher, to the page without the fragment; without JavaScript the browser posts it. */
function useEngageForm<T extends EngageOutcome>(outcome: T | null, form: T["form"]) {
  const fetcher = useFetcher<EngageOutcome>();
  const location = useLocation();
  const action = `${location.pathname}${location.search}`;
  const answer = (
    fetcher.data?.form === form ? fetcher.data : outcome?.form === form ? outcome : null
  ) as T | null;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void fetcher.submit(event.currentTarget, { method: "post", action });
  };
  return { answer, submit, busy: fetcher.state !== "idle", action };
}

/** Moves focus to the first field with a problem once an answer with problems arrives (with JavaScript). */
function useFocusProblem(key: unknown, root: RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (!key) return;
    root.current?.querySelector<HTMLElement>("[aria-invalid='true'], [data-problem]")?.focus();
  }, [key, root]);
}

export function ReviewForm({
  lang,
  signedIn,
  signInHref,
  outcome,
}: {
  lang: Lang;
  signedIn: boolean;
  signInHref: string;
  outcome: ReviewOutcome | null;
}) {
  const texts = TEXTS[lang];
  const id = useId();
  const ref = useRef<HTMLFormElement>(null);
  const { answer, submit, busy, action } = useEngageForm<ReviewOutcome>(outcome, "review");
  const problems = answer && !answer.ok ? answer.errors : {};
  const values = answer && !answer.ok ? answer.values : null;
  useFocusProblem(answer && !answer.ok ? answer : null, ref);
  const describe = (field: string) =>
    problems[field as keyof typeof problems] ? `${id}-${field}-error` : undefined;
  const problem = (field: keyof typeof problems) =>
    problems[field] ? (
      <p id={`${id}-${field}-error`} className="mt-1 text-sm font-medium text-red-800">
        {problems[field]}
      </p>
    ) : null;
  return (
    <section aria-labelledby={`${id}-heading`} id="write-review" className="mt-6 max-w-xl">
      <h3 id={`${id}-heading`} className="text-lg font-semibold">
        {texts.write}
      </h3>
      {answer?.ok ? (
        <p role="status" className="mt-2 rounded bg-green-50 p-3 text-green-900">
          {texts.thanks}
        </p>
      ) : !signedIn || (answer && !answer.ok && answer.signIn) ? (
        <p className="mt-2">
          {problems.form ? <span className="block font-medium text-red-800">{problems.form} </span> : null}
          {texts.signInWhy}{" "}
          <a href={signInHref} className="font-medium underline underline-offset-2" rel="nofollow">
            {texts.signIn}
          </a>
        </p>
      ) : (
        <form
          ref={ref}
          method="post"
          action={`${action}#write-review`}
          onSubmit={submit}
          noValidate
          className="mt-2 space-y-4"
        >
          <input type="hidden" name="intent" value="review" />
          <div role="status" aria-live="polite" className="sr-only">
            {answer && !answer.ok ? Object.values(problems).join(" ") : ""}
          </div>
          {problems.form ? (
            <p className="font-medium text-red-800" data-problem tabIndex={-1}>
              {problems.form}
            </p>
          ) : null}
          <fieldset aria-describedby={describe("rating")}>
            <legend className="font-medium">{texts.stars}</legend>
            <div className="mt-1 flex flex-wrap gap-2">
              {[1, 2, 3, 4, 5].map((n) => (
                <label
                  key={n}
                  className="inline-flex cursor-pointer items-center gap-1 rounded border border-stone-400 px-2 py-1 has-checked:border-stone-900 has-checked:bg-amber-50 has-focus-visible:outline-2 has-focus-visible:outline-blue-700"
                >
                  <input
                    type="radio"
                    name="rating"
                    value={n}
                    defaultChecked={values?.rating === String(n)}
                    aria-invalid={problems.rating ? true : undefined}
                    className="accent-stone-900"
                  />
                  <span aria-hidden="true" className="text-amber-700">
                    {"★".repeat(n)}
                  </span>
                  <span className="sr-only">{texts.star.replace("{n}", String(n))}</span>
                </label>
              ))}
            </div>
            {problem("rating")}
          </fieldset>
          <div>
            <label htmlFor={`${id}-author`} className="font-medium">
              {texts.author}
            </label>
            <input
              id={`${id}-author`}
              name="author"
              autoComplete="name"
              maxLength={60}
              required
              defaultValue={values?.author ?? ""}
              aria-invalid={problems.author ? true : undefined}
              aria-describedby={describe("author")}
              className={input}
            />
            {problem("author")}
          </div>
          <div>
            <label htmlFor={`${id}-comment`} className="font-medium">
              {texts.comment}
            </label>
            <textarea
              id={`${id}-comment`}
              name="comment"
              rows={4}
              maxLength={2000}
              required
              defaultValue={values?.comment ?? ""}
              aria-invalid={problems.comment ? true : undefined}
              aria-describedby={describe("comment")}
              className={input}
            />
            {problem("comment")}
          </div>
          <button type="submit" disabled={busy} className={button}>
            {busy ? texts.sending : texts.send}
          </button>
        </form>
      )}
    </section>
  );
}

/** "Tell me when it is back", for the SKUs that cannot be bought now (none: nothing is shown). */
export function BackInStock({
  lang,
  sizes,
  sizeLegend,
  outcome,
}: {
  lang: Lang;
  sizes: SizeOption[];
  sizeLegend: string;
  outcome: NotifyOutcome | null;
}) {
  const texts = TEXTS[lang];
  const id = useId();
  const ref = useRef<HTMLFormElement>(null);
  const { answer, submit, busy, action } = useEngageForm<NotifyOutcome>(outcome, "notify");
  useFocusProblem(answer && !answer.ok ? answer : null, ref);
  const soldOut = sizes.filter((s) => s.stock !== null && stockStatus(s.stock).kind === "outOfStock");
  if (soldOut.length === 0) return null;
  const values = answer && !answer.ok ? answer.values : null;
  const error = answer && !answer.ok ? answer.error : null;
  return (
    <section
      aria-labelledby={`${id}-heading`}
      id="back-in-stock"
      className="mt-6 rounded border border-stone-300 p-4"
    >
      <h2 id={`${id}-heading`} className="font-semibold">
        {texts.notifyHeading}
      </h2>
      {answer?.ok ? (
        <p role="status" className="mt-2 text-green-900">
          {texts.notified}
        </p>
      ) : (
        <form
          ref={ref}
          method="post"
          action={`${action}#back-in-stock`}
          onSubmit={submit}
          noValidate
          className="mt-2 space-y-3"
        >
          <p className="text-sm text-stone-700">{texts.notifyText}</p>
          <input type="hidden" name="intent" value="notify" />
          {soldOut.length === 1 ? (
            <input type="hidden" name="skuId" value={soldOut[0]?.skuId} />
          ) : (
            <div>
              <label htmlFor={`${id}-sku`} className="font-medium">
                {sizeLegend || texts.notifySize}
              </label>
              <select
                id={`${id}-sku`}
                name="skuId"
                defaultValue={values?.skuId ?? String(soldOut[0]?.skuId)}
                className={input}
              >
                {soldOut.map((s) => (
                  <option key={s.skuId} value={s.skuId}>
                    {s.label}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div>
            <label htmlFor={`${id}-email`} className="font-medium">
              {texts.email}
            </label>
            <input
              id={`${id}-email`}
              name="email"
              type="email"
              autoComplete="email"
              required
              defaultValue={values?.email ?? ""}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-email-error` : undefined}
              className={input}
            />
            {error ? (
              <p id={`${id}-email-error`} role="alert" className="mt-1 text-sm font-medium text-red-800">
                {error}
              </p>
            ) : null}
          </div>
          <button type="submit" disabled={busy} className={button}>
            {texts.notify}
          </button>
        </form>
      )}
    </section>
  );
}

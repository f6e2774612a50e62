import { type FormEvent, type ReactNode, type RefObject, useEffect, useId, useRef } from "react";
import { useFetcher, useLocation } from "react-router";
import { stockStatus } from "#domain/stock.ts";
import type { Lang } from "../../lib/locale.ts";
import type {
  EngageOutcome,
  NotifyOutcome,
  QuestionOutcome,
  ReviewOutcome,
} from "../../lib/product-engage.ts";
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
    ask: "Still et spørsmål",
    askSignIn: "Logg inn for å stille et spørsmål",
    askWhy: "Spørsmål kan stilles av innloggede kunder.",
    question: "Spørsmål",
    askSend: "Send spørsmålet",
    asked: "Takk for spørsmålet! Det vises her sammen med svaret når vi har besvart det.",
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
    ask: "Ställ en fråga",
    askSignIn: "Logga in för att ställa en fråga",
    askWhy: "Frågor kan ställas av inloggade kunder.",
    question: "Fråga",
    askSend: "Skicka frågan",
    asked: "Tack för frågan! Den visas här tillsammans med svaret när vi har besvarat den.",
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

/** A labelled text field (one line, or several) with its problem below it. */
function TextField({
  id,
  name,
  label,
  problem,
  defaultValue,
  maxLength,
  rows,
  autoComplete,
}: {
  id: string;
  name: string;
  label: string;
  problem: string | undefined;
  defaultValue: string;
  maxLength: number;
  rows?: number;
  autoComplete?: string;
}) {
  const field = {
    id: `${id}-${name}`,
    name,
    maxLength,
    required: true,
    defaultValue,
    "aria-invalid": problem ? true : undefined,
    "aria-describedby": problem ? `${id}-${name}-error` : undefined,
    className: input,
  };
  return (
    <div>
      <label htmlFor={field.id} className="font-medium">
        {label}
      </label>
      {rows ? <textarea rows={rows} {...field} /> : <input autoComplete={autoComplete} {...field} />}
      {problem ? (
        <p id={`${id}-${name}-error`} className="mt-1 text-sm font-medium text-red-800">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

/** A signed-in shopper's form's place for everyone else: why, and the way to the sign-in panel. */
function SignInNote({
  why,
  link,
  href,
  refusal,
}: {
  why: string;
  link: string;
  href: string;
  refusal?: string;
}) {
  return (
    <p className="mt-2">
      {refusal ? <span className="block font-medium text-red-800">{refusal} </span> : null}
      {why}{" "}
      <a href={href} className="font-medium underline underline-offset-2" rel="nofollow">
        {link}
      </a>
    </p>
  );
}

/** Every problem of an answer, announced to screen readers; the form's own refusal shown first. */
function Problems({ problems }: { problems: Record<string, string | undefined> }) {
  return (
    <>
      <div role="status" aria-live="polite" className="sr-only">
        {Object.values(problems).filter(Boolean).join(" ")}
      </div>
      {problems.form ? (
        <p className="font-medium text-red-800" data-problem tabIndex={-1}>
          {problems.form}
        </p>
      ) : null}
    </>
  );
}

/**
 * A signed-in shopper's form on the product page (a review, a question): its heading; then the thanks once kept, the
 * way to the sign-in panel for everyone else (or when the API says sign-in is needed), or the form with its
 * problems, the fields `fields` draws and the submit button.
 */
function SignedInForm<T extends ReviewOutcome | QuestionOutcome>({
  intent,
  anchor,
  texts,
  signedIn,
  signInHref,
  outcome,
  fields,
}: {
  intent: T["form"];
  anchor: string;
  texts: { heading: string; thanks: string; why: string; signIn: string; send: string; sending: string };
  signedIn: boolean;
  signInHref: string;
  outcome: T | null;
  fields: (
    id: string,
    problems: Partial<Record<string, string>>,
    values: Partial<Record<string, string>> | null,
  ) => ReactNode;
}) {
  const id = useId();
  const ref = useRef<HTMLFormElement>(null);
  const { answer, submit, busy, action } = useEngageForm<T>(outcome, intent);
  const refused =
    answer && !answer.ok ? (answer as Extract<ReviewOutcome | QuestionOutcome, { ok: false }>) : null;
  const problems: Partial<Record<string, string>> = refused ? refused.errors : {};
  useFocusProblem(refused, ref);
  return (
    <section aria-labelledby={`${id}-heading`} id={anchor} className="mt-6 max-w-xl">
      <h3 id={`${id}-heading`} className="text-lg font-semibold">
        {texts.heading}
      </h3>
      {answer?.ok ? (
        <p role="status" className="mt-2 rounded bg-green-50 p-3 text-green-900">
          {texts.thanks}
        </p>
      ) : !signedIn || refused?.signIn ? (
        <SignInNote why={texts.why} link={texts.signIn} href={signInHref} refusal={problems.form} />
      ) : (
        <form
          ref={ref}
          method="post"
          action={`${action}#${anchor}`}
          onSubmit={submit}
          noValidate
          className="mt-2 space-y-4"
        >
          <input type="hidden" name="intent" value={intent} />
          <Problems problems={problems} />
          {fields(id, problems, refused ? refused.values : null)}
          <button type="submit" disabled={busy} className={button}>
            {busy ? texts.sending : texts.send}
          </button>
        </form>
      )}
    </section>
  );
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
  return (
    <SignedInForm
      intent="review"
      anchor="write-review"
      texts={{
        heading: texts.write,
        thanks: texts.thanks,
        why: texts.signInWhy,
        signIn: texts.signIn,
        send: texts.send,
        sending: texts.sending,
      }}
      signedIn={signedIn}
      signInHref={signInHref}
      outcome={outcome}
      fields={(id, problems, values) => (
        <>
          <fieldset aria-describedby={problems.rating ? `${id}-rating-error` : undefined}>
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
            {problems.rating ? (
              <p id={`${id}-rating-error`} className="mt-1 text-sm font-medium text-red-800">
                {problems.rating}
              </p>
            ) : null}
          </fieldset>
          <TextField
            id={id}
            name="author"
            label={texts.author}
            problem={problems.author}
            defaultValue={values?.author ?? ""}
            maxLength={60}
            autoComplete="name"
          />
          <TextField
            id={id}
            name="comment"
            label={texts.comment}
            problem={problems.comment}
            defaultValue={values?.comment ?? ""}
            maxLength={2000}
            rows={4}
          />
        </>
      )}
    />
  );
}

/** Ask a question about the product (signed-in shoppers); it shows with the merchant's answer. */
export function QuestionForm({
  lang,
  signedIn,
  signInHref,
  outcome,
}: {
  lang: Lang;
  signedIn: boolean;
  signInHref: string;
  outcome: QuestionOutcome | null;
}) {
  const texts = TEXTS[lang];
  return (
    <SignedInForm
      intent="question"
      anchor="ask-question"
      texts={{
        heading: texts.ask,
        thanks: texts.asked,
        why: texts.askWhy,
        signIn: texts.askSignIn,
        send: texts.askSend,
        sending: texts.sending,
      }}
      signedIn={signedIn}
      signInHref={signInHref}
      outcome={outcome}
      fields={(id, problems, values) => (
        <>
          <TextField
            id={id}
            name="question"
            label={texts.question}
            problem={problems.question}
            defaultValue={values?.question ?? ""}
            maxLength={1000}
            rows={3}
          />
          <TextField
            id={id}
            name="author"
            label={texts.author}
            problem={problems.author}
            defaultValue={values?.author ?? ""}
            maxLength={60}
            autoComplete="name"
          />
        </>
      )}
    />
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

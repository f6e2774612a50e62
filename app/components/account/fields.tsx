import type { ReactNode } from "react";
import type { AccountTranslate } from "../../i18n/account.ts";
import { type Problems, TEXT_PARAMS } from "../../lib/account-forms.ts";

/**
 * The account forms' fields: a label, the input, and its problem as text tied to it (aria-invalid,
 * aria-describedby), so a screen reader reads the exact message with the field.
 */
export function TextField({
  form,
  name,
  label,
  t,
  problems,
  type = "text",
  autoComplete,
  defaultValue,
  required = false,
  hint,
}: {
  form: string;
  name: string;
  label: string;
  t: AccountTranslate;
  problems: Problems;
  type?: "text" | "email" | "password" | "tel";
  autoComplete?: string;
  defaultValue?: string | null;
  required?: boolean;
  hint?: ReactNode;
}) {
  const id = `${form}-${name}`;
  const problem = problems[name];
  return (
    <div className="mt-3">
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
        {required ? null : <span className="font-normal text-stone-600"> {t("field.optional")}</span>}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        defaultValue={defaultValue ?? undefined}
        required={required}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        className="mt-1 block w-full rounded border border-stone-400 px-3 py-2 aria-invalid:border-red-700"
      />
      {hint}
      {problem ? (
        <p id={`${id}-problem`} className="mt-1 text-sm text-red-800" data-problem={name}>
          {t(problem, TEXT_PARAMS)}
        </p>
      ) : null}
    </div>
  );
}

export function CheckField({
  form,
  name,
  label,
  defaultChecked,
}: {
  form: string;
  name: string;
  label: string;
  defaultChecked?: boolean;
}) {
  const id = `${form}-${name}`;
  return (
    <div className="mt-3 flex items-center gap-2">
      <input id={id} name={name} type="checkbox" defaultChecked={defaultChecked} className="size-4" />
      <label htmlFor={id} className="text-sm">
        {label}
      </label>
    </div>
  );
}

/** The form's message (a refusal, or the summary 'Sørg for at alle felt er gyldige'), announced when it appears. */
export function FormMessage({ text, tone = "error" }: { text: string | null; tone?: "error" | "ok" }) {
  return (
    <div role={tone === "error" ? "alert" : "status"} className="mt-3">
      {text ? (
        <p
          className={
            tone === "error" ? "rounded bg-red-50 p-3 text-red-900" : "rounded bg-green-50 p-3 text-green-900"
          }
          data-form-message={tone}
        >
          {text}
        </p>
      ) : null}
    </div>
  );
}

export function SubmitButton({ children, busy }: { children: ReactNode; busy?: boolean }) {
  return (
    <button
      type="submit"
      aria-disabled={busy ? true : undefined}
      className="mt-4 rounded bg-stone-900 px-4 py-2 font-semibold text-white hover:bg-stone-700"
    >
      {children}
    </button>
  );
}

/** The problems a page's query carries back from a form sent without JavaScript (`p_{field}={key}`). */
export function problemsOf(search: URLSearchParams, isKey: (value: string) => boolean): Problems {
  const problems: Problems = {};
  for (const [name, value] of search) {
    if (name.startsWith("p_") && isKey(value)) problems[name.slice(2)] = value as Problems[string];
  }
  return problems;
}

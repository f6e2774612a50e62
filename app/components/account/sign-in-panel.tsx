import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { sameSitePath } from "#domain/redirect.ts";
import { type AccountKey, isAccountKey, useAccountT } from "../../i18n/account.ts";
import {
  countryOfMarket,
  forgotProblems,
  keyOfCode,
  loginProblems,
  type Problems,
  registerProblems,
} from "../../lib/account-forms.ts";
import type { AuthLoader } from "../../lib/client/auth-state.ts";
import { href } from "../../lib/page-locale.ts";
import { type PanelMode, panelMode } from "../../lib/panel.ts";
import { withoutPanel, withQuery } from "../../lib/panel-query.ts";
import { useRoot } from "../../lib/use-root.ts";
import { CheckField, FormMessage, problemsOf, SubmitButton, TextField } from "./fields.tsx";

/**
 * The sign-in panel (spec: `?action=login`, also `register` and `forgot`), over the page it was opened on. Its
 * forms post to /api/auth, so they work without JavaScript; with JavaScript they are checked in the browser and
 * sent by the auth client (lib/client/auth.ts), and the shopper goes on to `returnTo` without a reload. Its code
 * and texts load only when it opens.
 */
export default function SignInPanel({ loadAuth }: { loadAuth: AuthLoader }) {
  const root = useRoot();
  const t = useAccountT();
  const location = useLocation();
  const navigate = useNavigate();
  const search = new URLSearchParams(location.search);
  const mode: PanelMode = panelMode(search) ?? "login";
  // Only a path on this site: `returnTo` never leads away (domain/redirect.ts; the server checks again).
  const asked = search.get("returnTo");
  const returnTo = asked?.startsWith("/") ? sameSitePath(asked, root.origin) : null;
  const under = withQuery(location.pathname, withoutPanel(search));
  const serverProblems = problemsOf(search, isAccountKey);
  const serverError = search.get("error");
  const [state, setState] = useState<{
    mode: PanelMode;
    problems: Problems;
    error: AccountKey | null;
    busy: boolean;
    sent: boolean;
  } | null>(null);
  const [customerType, setCustomerType] = useState<"PERSON" | "ORGANIZATION">("PERSON");
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const ref = useRef<HTMLDialogElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The server's answer (a form sent without JavaScript) until the shopper sends again in this mode.
  const current = state?.mode === mode ? state : null;
  const problems = current ? current.problems : serverProblems;
  const error: AccountKey | null = current
    ? current.error
    : serverError && isAccountKey(serverError)
      ? serverError
      : null;
  const sent = current ? current.sent : search.get("sent") === "1";

  const close = () => navigate(under, { replace: true, preventScrollReset: true });
  const closeRef = useRef(close);
  closeRef.current = close;

  // The server renders the panel open in the page (no script needed); in the browser it becomes modal.
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (dialog.open) dialog.close();
    dialog.showModal();
    const onCancel = (event: Event) => {
      event.preventDefault();
      closeRef.current();
    };
    dialog.addEventListener("cancel", onCancel);
    return () => {
      dialog.removeEventListener("cancel", onCancel);
      if (dialog.open) dialog.close();
    };
  }, []);
  // The heading of the form shown (the mode changes by links inside the panel).
  useEffect(() => {
    if (mode) headingRef.current?.focus();
  }, [mode]);

  const modeHref = (next: PanelMode) => {
    const query = withoutPanel(search);
    query.set("action", next);
    if (returnTo) query.set("returnTo", returnTo);
    return withQuery(location.pathname, query);
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (current?.busy) return;
    const data = new FormData(event.currentTarget);
    const value = (name: string) => String(data.get(name) ?? "");
    const email = value("email").trim();
    const password = value("password");
    const rememberMe = data.get("remember") === "on";
    const show = (next: Partial<NonNullable<typeof state>>) =>
      setState({ mode, problems: {}, error: null, busy: false, sent: false, ...next });
    let found: Problems;
    if (mode === "login") found = loginProblems({ email, password });
    else if (mode === "forgot") found = forgotProblems({ email });
    else
      found = registerProblems(
        {
          email,
          password,
          passwordRepeat: value("passwordRepeat"),
          customerType,
          company: value("company"),
          organizationId: value("organizationId"),
        },
        countryOfMarket(root.locale.market),
      );
    if (Object.keys(found).length > 0) {
      show({ problems: found, error: mode === "register" ? "api.account.form.invalid" : null });
      return;
    }
    show({ busy: true });
    const endpoint = href(root.locale, "/api/auth");
    if (mode === "forgot") {
      const body = new FormData();
      body.set("intent", "forgot");
      body.set("via", "fetcher");
      body.set("email", email);
      const answer = await post(endpoint, body);
      show(answer?.ok ? { sent: true } : { error: "api.account.generic" });
      return;
    }
    const client = await loadAuth(root.passwordSalt);
    const result =
      mode === "login"
        ? await client.login(email, password, rememberMe)
        : await client.register(email, password, rememberMe, customerType);
    if (!result.ok) {
      const key = keyOfCode(result.code);
      show(key === "api.account.password.common" ? { problems: { password: key } } : { error: key });
      return;
    }
    if (mode === "register") {
      data.set("intent", "profile");
      data.set("via", "fetcher");
      data.delete("password");
      data.delete("passwordRepeat");
      await post(endpoint, data);
    }
    navigate(returnTo ?? under, { replace: true });
  }

  const headings = {
    login: "panel.login.heading",
    register: "panel.register.heading",
    forgot: "panel.forgot.heading",
  } as const;
  const form = `auth-${mode}`;

  return (
    <dialog
      ref={ref}
      open
      aria-labelledby="auth-heading"
      data-auth-panel={mode}
      className="fixed inset-0 z-50 m-auto max-h-[90vh] w-[min(28rem,calc(100%-2rem))] overflow-auto rounded-lg bg-white p-0 text-stone-900 shadow-xl backdrop:bg-black/50"
    >
      <div className="p-5">
        <div className="flex items-start justify-between gap-4">
          <h2 id="auth-heading" ref={headingRef} tabIndex={-1} className="text-2xl font-bold">
            {t(headings[mode])}
          </h2>
          <Link
            to={under}
            replace
            preventScrollReset
            className="underline"
            onClick={(e) => {
              e.preventDefault();
              close();
            }}
          >
            {t("panel.close")}
          </Link>
        </div>
        <FormMessage text={error ? t(error) : null} />
        {mode === "forgot" ? <p className="mt-3">{t("panel.forgot.intro")}</p> : null}
        {mode === "forgot" && sent ? <FormMessage tone="ok" text={t("panel.forgot.sent")} /> : null}
        <form
          key={mode}
          id={form}
          method="post"
          action={href(root.locale, "/api/auth")}
          noValidate
          onSubmit={(event) => void onSubmit(event)}
        >
          <input type="hidden" name="intent" value={mode} />
          <input type="hidden" name="page" value={under} />
          {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
          <TextField
            form={form}
            name="email"
            type="email"
            label={t("field.email")}
            autoComplete={mode === "register" ? "email" : "username"}
            required
            t={t}
            problems={problems}
          />
          {mode !== "forgot" ? (
            <TextField
              form={form}
              name="password"
              type="password"
              label={t("field.password")}
              autoComplete={mode === "register" ? "new-password" : "current-password"}
              required
              t={t}
              problems={problems}
            />
          ) : null}
          {mode === "register" ? (
            <>
              <TextField
                form={form}
                name="passwordRepeat"
                type="password"
                label={t("field.passwordRepeat")}
                autoComplete="new-password"
                required
                t={t}
                problems={problems}
              />
              <fieldset className="mt-3">
                <legend className="text-sm font-semibold">{t("field.customerType")}</legend>
                {(["PERSON", "ORGANIZATION"] as const).map((type) => (
                  <div key={type} className="mt-1 flex items-center gap-2">
                    <input
                      id={`${form}-type-${type}`}
                      type="radio"
                      name="customerType"
                      value={type}
                      defaultChecked={type === "PERSON"}
                      onChange={() => setCustomerType(type)}
                    />
                    <label htmlFor={`${form}-type-${type}`}>{t(`field.customerType.${type}`)}</label>
                  </div>
                ))}
              </fieldset>
              {/* Without JavaScript both organisation fields show; the server asks for them only for an organisation. */}
              <div
                data-organization-fields
                hidden={hydrated && customerType !== "ORGANIZATION" ? true : undefined}
              >
                <TextField
                  form={form}
                  name="company"
                  label={t("field.company")}
                  autoComplete="organization"
                  required
                  t={t}
                  problems={problems}
                />
                <TextField
                  form={form}
                  name="organizationId"
                  label={t("field.organizationId")}
                  required
                  t={t}
                  problems={problems}
                />
              </div>
              <CheckField form={form} name="newsletter" label={t("field.newsletter")} />
            </>
          ) : null}
          {mode !== "forgot" ? (
            <CheckField form={form} name="remember" label={t("field.remember")} defaultChecked />
          ) : null}
          <SubmitButton busy={current?.busy}>
            {current?.busy
              ? t("panel.busy")
              : t(
                  mode === "login"
                    ? "panel.login.submit"
                    : mode === "register"
                      ? "panel.register.submit"
                      : "panel.forgot.submit",
                )}
          </SubmitButton>
        </form>
        <ul className="mt-4 space-y-1 text-sm">
          {mode !== "login" ? (
            <li>
              <Link to={modeHref("login")} replace preventScrollReset className="underline">
                {t("panel.toLogin")}
              </Link>
            </li>
          ) : null}
          {mode !== "register" ? (
            <li>
              <Link to={modeHref("register")} replace preventScrollReset className="underline">
                {t("panel.toRegister")}
              </Link>
            </li>
          ) : null}
          {mode !== "forgot" ? (
            <li>
              <Link to={modeHref("forgot")} replace preventScrollReset className="underline">
                {t("panel.toForgot")}
              </Link>
            </li>
          ) : null}
        </ul>
      </div>
    </dialog>
  );
}

/** Posts a form to /api/auth for a JSON answer (`via=fetcher`); null when it failed. */
async function post(url: string, body: FormData): Promise<{ ok?: boolean } | null> {
  try {
    const response = await fetch(url, { method: "POST", body, credentials: "same-origin" });
    if (!response.ok) return null;
    return (await response.json()) as { ok?: boolean };
  } catch {
    return null;
  }
}

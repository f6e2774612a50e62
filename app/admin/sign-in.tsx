import { Form, redirect, useActionData, useNavigation } from "react-router";
import { privateHeaders } from "../lib/cache.ts";
import type { Route } from "./+types/sign-in";
import { adminRequest } from "./api.server.ts";
import { ADMIN_LANGS, adminLangOf, adminTranslator, errorText, HTML_LANG } from "./texts.ts";

/**
 * /admin/sign-in (decisions 0037, 0049): e-mail, password and, for an admin with two-step sign-in on, the
 * authenticator's code (the field is always there, so one post signs in, with or without JavaScript); the API sets the `mili-admin` cookie and this page hands it
 * on with the redirect to /admin. Works without JavaScript. `?lang=sv|nb|en` chooses the page's language.
 */
export const headers = privateHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = adminLangOf(new URL(request.url).searchParams.get("lang"));
  const answer = await adminRequest<{ me: { email: string } | null }>(request, context, "{ me { email } }");
  if (answer.data?.me) throw redirect("/admin");
  return { lang };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const email = String(form.get("email") ?? "");
  const password = String(form.get("password") ?? "");
  const code = String(form.get("code") ?? "").trim();
  const answer = await adminRequest<{ signIn: { email: string } }>(
    request,
    context,
    "mutation($email: String!, $password: String!, $code: String) { signIn(email: $email, password: $password, code: $code) { email } }",
    { email, password, code: code || null },
  );
  if (answer.error) return { error: answer.error, email };
  const headers = new Headers();
  for (const cookie of answer.setCookie) headers.append("Set-Cookie", cookie);
  throw redirect("/admin", { headers });
}

export function meta() {
  return [{ title: "Mili · Back office" }, { name: "robots", content: "noindex" }];
}

export default function SignIn({ loaderData }: Route.ComponentProps) {
  const lang = loaderData.lang;
  const t = adminTranslator(lang);
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const codeProblem = result?.error === "CODE_REQUIRED" || result?.error === "WRONG_CODE";
  return (
    <div lang={HTML_LANG[lang]} className="min-h-screen bg-stone-50 text-stone-900">
      <main id="main" className="mx-auto max-w-sm px-4 py-16">
        <h1 className="text-2xl font-bold">{t("signIn.title")}</h1>
        <p className="mt-2 text-sm">
          {ADMIN_LANGS.filter((l) => l !== lang).map((l) => (
            <a key={l} href={`/admin/sign-in?lang=${l}`} lang={HTML_LANG[l]} className="mr-3 underline">
              {adminTranslator(l)("lang.name")}
            </a>
          ))}
        </p>
        <Form method="post" className="mt-6 space-y-4">
          {result?.error && (
            <p
              id="admin-sign-in-error"
              role="alert"
              className="rounded border border-red-700 bg-red-50 p-3 text-red-900"
            >
              {errorText(t, result.error)}
            </p>
          )}
          <p>
            <label htmlFor="admin-email" className="block font-medium">
              {t("signIn.email")}
            </label>
            <input
              id="admin-email"
              name="email"
              type="email"
              autoComplete="username"
              required
              defaultValue={result?.email ?? ""}
              className="mt-1 w-full rounded border border-stone-500 px-3 py-2"
            />
          </p>
          <p>
            <label htmlFor="admin-password" className="block font-medium">
              {t("signIn.password")}
            </label>
            <input
              id="admin-password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              className="mt-1 w-full rounded border border-stone-500 px-3 py-2"
            />
          </p>
          <p>
            <label htmlFor="admin-code" className="block font-medium">
              {t("signIn.code")}
            </label>
            <input
              id="admin-code"
              name="code"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9 ]*"
              maxLength={8}
              aria-invalid={codeProblem || undefined}
              aria-describedby={codeProblem ? "admin-sign-in-error" : undefined}
              className="mt-1 w-40 rounded border border-stone-500 px-3 py-2"
            />
          </p>
          <button
            type="submit"
            disabled={busy}
            className="w-full rounded bg-stone-900 px-4 py-2 font-semibold text-white"
          >
            {t("signIn.submit")}
          </button>
        </Form>
      </main>
    </div>
  );
}

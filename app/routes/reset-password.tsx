import { Form, useActionData, useNavigation } from "react-router";
import { passwordDigest } from "#domain/password.ts";
import { FormMessage, SubmitButton, TextField } from "../components/account/fields.tsx";
import { accountTranslator, useAccountT } from "../i18n/account.ts";
import { newPasswordProblems, type Problems } from "../lib/account-forms.ts";
import { strictly } from "../lib/auth.server.ts";
import { privateHeaders } from "../lib/cache.ts";
import { CommitResetMutation } from "../lib/graphql/account-operations.ts";
import { GraphqlClientError } from "../lib/graphql/client.ts";
import { requestClient } from "../lib/graphql/server.ts";
import { href } from "../lib/page-locale.ts";
import { pageMeta, samePathAlternates } from "../lib/seo.ts";
import { useRoot } from "../lib/use-root.ts";
import type { Route } from "./+types/reset-password";

/**
 * /account/reset-password?resetKey=…: where the reset e-mail's link lands. The shopper chooses a new password
 * (twice); commitReset takes its digest with the key (single use, valid one hour). A key that is unknown, used or
 * expired asks for a new link (the sign-in panel's "forgotten password"). A form: it works without JavaScript.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const { locale, url } = requestClient(request, context);
  return {
    locale,
    origin: url.origin,
    alternates: samePathAlternates("/account/reset-password"),
    hasKey: (url.searchParams.get("resetKey") ?? "") !== "",
  };
}

export type ResetResult =
  | { status: "done" }
  | { status: "expired" }
  | { status: "problems"; problems: Problems }
  | { status: "error"; message: string };

export async function action({ request, context }: Route.ActionArgs): Promise<ResetResult> {
  const { client, rc, url } = requestClient(request, context);
  const form = await request.formData();
  const resetKey = String(form.get("resetKey") ?? url.searchParams.get("resetKey") ?? "").slice(0, 200);
  const password = String(form.get("password") ?? "");
  const problems = newPasswordProblems({
    password,
    passwordRepeat: String(form.get("passwordRepeat") ?? ""),
  });
  if (Object.keys(problems).length > 0) return { status: "problems", problems };
  if (!resetKey) return { status: "expired" };
  try {
    await strictly(
      client.request(CommitResetMutation, {
        resetKey,
        password: await passwordDigest(password, rc.passwordSalt),
      }),
    );
    return { status: "done" };
  } catch (error) {
    if (error instanceof GraphqlClientError && error.code === "BAD_USER_INPUT") {
      if (error.graphQLErrors[0]?.extensions?.field === "password")
        return { status: "error", message: error.message };
      return { status: "expired" };
    }
    rc.log("error", "password reset failed", { error: String(error) });
    return { status: "error", message: "" };
  }
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const t = accountTranslator(loaderData.locale.lang);
  return pageMeta({ title: `${t("reset.heading")} | Mili`, noindex: true, ...loaderData });
}

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  const root = useRoot();
  const t = useAccountT();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const home = href(root.locale, "/");
  const expired = !loaderData.hasKey || result?.status === "expired";
  return (
    <main id="main" className="mx-auto max-w-md px-4 py-8">
      <h1 className="text-3xl font-bold" tabIndex={-1}>
        {t("reset.heading")}
      </h1>
      {result?.status === "done" ? (
        <>
          <FormMessage tone="ok" text={t("reset.done")} />
          <p className="mt-4">
            <a className="underline" href={`${home}?action=login`}>
              {t("reset.login")}
            </a>
          </p>
        </>
      ) : expired ? (
        <>
          <FormMessage text={t("api.account.reset.expired")} />
          <p className="mt-4">
            <a className="underline" href={`${home}?action=forgot`}>
              {t("reset.requestNew")}
            </a>
          </p>
        </>
      ) : (
        <Form method="post" noValidate replace>
          <p className="mt-2">{t("reset.intro")}</p>
          <FormMessage
            text={result?.status === "error" ? result.message || t("api.account.generic") : null}
          />
          <TextField
            form="reset"
            name="password"
            type="password"
            label={t("reset.newPassword")}
            autoComplete="new-password"
            required
            t={t}
            problems={result?.status === "problems" ? result.problems : {}}
          />
          <TextField
            form="reset"
            name="passwordRepeat"
            type="password"
            label={t("field.passwordRepeat")}
            autoComplete="new-password"
            required
            t={t}
            problems={result?.status === "problems" ? result.problems : {}}
          />
          <SubmitButton busy={navigation.state === "submitting"}>{t("reset.submit")}</SubmitButton>
        </Form>
      )}
    </main>
  );
}

export const headers = privateHeaders;

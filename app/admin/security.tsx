import { Form, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/security";
import { adminRequest } from "./api.server.ts";
import { errorText } from "./texts.ts";
import { Notice, primary, useAdminT } from "./ui.tsx";

/**
 * /admin/security: the signed-in admin's two-step sign-in (issue 15, decision 0049). Off: a button starts it — a new
 * secret, shown as a QR code and as a key while it waits — and a code from the app confirms it. On: a current code
 * turns it off. Works without JavaScript (each step is a form post).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const answer = await adminRequest<{
    twoStep: { enabled: boolean; pending: boolean };
    twoStepEnrolment: { secret: string; qrSvg: string } | null;
  }>(request, context, "{ twoStep { enabled pending } twoStepEnrolment { secret qrSvg } }");
  return {
    enabled: answer.data?.twoStep.enabled ?? false,
    enrolment: answer.data?.twoStep.enabled ? null : (answer.data?.twoStepEnrolment ?? null),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = String(form.get("intent"));
  if (intent === "start") {
    const answer = await adminRequest(request, context, "mutation { startTwoStep { uri } }");
    return { intent, done: !answer.error, error: answer.error };
  }
  const mutation = intent === "disable" ? "disableTwoStep" : "confirmTwoStep";
  const answer = await adminRequest<Record<string, boolean>>(
    request,
    context,
    `mutation($code: String!) { ${mutation}(code: $code) }`,
    { code: String(form.get("code") ?? "") },
  );
  const done = answer.data?.[mutation] === true;
  return { intent, done, error: done ? null : (answer.error ?? "other") };
}

export function meta() {
  return [{ title: "Mili · Two-step sign-in" }];
}

export default function Security({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useAdminT();
  const { enabled, enrolment } = loaderData;
  const me = useRouteLoaderData("admin") as { me: { mustSetUpTwoStep?: boolean } } | undefined;
  const codeField = (id: string) => (
    <p>
      <label htmlFor={id} className="block font-medium">
        {t("security.code")}
      </label>
      <input
        id={id}
        name="code"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9 ]*"
        maxLength={8}
        required
        aria-invalid={actionData?.error === "WRONG_CODE" || undefined}
        className="mt-1 w-40 rounded border border-stone-500 px-3 py-2"
      />
    </p>
  );
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold">{t("security.title")}</h1>
      {me?.me.mustSetUpTwoStep && !enabled ? <Notice kind="error">{t("security.required")}</Notice> : null}
      {actionData?.error ? <Notice kind="error">{errorText(t, actionData.error)}</Notice> : null}
      {actionData?.done && actionData.intent !== "start" ? (
        <Notice kind="ok">
          {t(actionData.intent === "disable" ? "security.turnedOff" : "security.turnedOn")}
        </Notice>
      ) : null}
      <p className="mb-4" data-two-step={enabled ? "on" : "off"}>
        {t(enabled ? "security.on" : "security.off")}
      </p>
      {enabled ? (
        <Form method="post" className="max-w-md space-y-3">
          <p>{t("security.disableHelp")}</p>
          {codeField("two-step-disable-code")}
          <button type="submit" name="intent" value="disable" className={primary}>
            {t("security.disable")}
          </button>
        </Form>
      ) : enrolment ? (
        <Form method="post" className="max-w-md space-y-3">
          <p>{t("security.scan")}</p>
          <div
            role="img"
            aria-label={t("security.qr")}
            className="w-56 rounded border border-stone-300 bg-white p-2"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the qrcode library's SVG of our own otpauth URI, made on the server.
            dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }}
          />
          <p>
            {t("security.key")}:{" "}
            <code className="break-all font-mono" data-two-step-key>
              {enrolment.secret.replace(/(.{4})/g, "$1 ").trim()}
            </code>
          </p>
          {codeField("two-step-confirm-code")}
          <button type="submit" name="intent" value="confirm" className={primary}>
            {t("security.confirm")}
          </button>
        </Form>
      ) : (
        <Form method="post">
          <button type="submit" name="intent" value="start" className={primary}>
            {t("security.start")}
          </button>
        </Form>
      )}
    </>
  );
}

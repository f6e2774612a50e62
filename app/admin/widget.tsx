import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/widget";
import { adminRequest } from "./api.server.ts";
import { Outcome, useTyped } from "./campaign-form.tsx";
import { Field, type FormAnswer, formAnswer, formValues } from "./product-form.tsx";
import { button, Notice, primary, useAdminT } from "./ui.tsx";

/**
 * /admin/widgets/new?family=…&areaName=…&type=… and /admin/widgets/:widgetId (issue 15, decision 0058): a widget's
 * settings (JSON, checked by its type's schema; a problem names the setting, e.g. config.title.sv-SE), where it shows
 * (phones, computers or both), its dates, published or draft; delete. A new widget starts from its type's template.
 */
interface Widget {
  widgetId: number;
  family: string;
  areaName: string;
  type: string;
  config: string;
  published: boolean;
  displaySetting: string;
  validFromLocal: string;
  validToLocal: string;
  version: number;
}

const both = { "nb-NO": "", "sv-SE": "" };
const link = { "nb-NO": "/", "sv-SE": "/" };
/** A new widget's settings to fill in, per type (services/content/widget-config.ts). */
const TEMPLATES: Record<string, unknown> = {
  text: { title: both, text: both },
  richText: { html: both },
  html: { html: both },
  banner: { title: both, text: both, link, buttonLabel: both },
  image: { fileName: "", alt: both, link },
  buttons: { title: both, buttons: [{ label: both, link }] },
  productList: { title: both, source: "search", sort: "LATEST", take: 8 },
  video: { title: both, provider: "youtube", videoId: "" },
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const created = url.searchParams.get("created") === "1";
  if (!params.widgetId) {
    const type = url.searchParams.get("type")?.slice(0, 40) ?? "text";
    const me = await adminRequest<{ widgetTypes: string[] }>(request, context, "{ widgetTypes }");
    if (me.error === "UNAUTHENTICATED") throw redirect("/admin/sign-in");
    if (!me.data?.widgetTypes.includes(type)) throw new Response("Not found", { status: 404 });
    const widget: Widget = {
      widgetId: 0,
      family: url.searchParams.get("family")?.slice(0, 60) ?? "Frontpage",
      areaName: url.searchParams.get("areaName")?.slice(0, 60) ?? "Main",
      type,
      config: JSON.stringify(TEMPLATES[type] ?? {}, null, 2),
      published: false,
      displaySetting: "",
      validFromLocal: "",
      validToLocal: "",
      version: 0,
    };
    return { widget, isNew: true, created };
  }
  const id = Number(params.widgetId);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2 ** 31 - 1)
    throw new Response("Not found", { status: 404 });
  const answer = await adminRequest<{ widget: Widget | null }>(
    request,
    context,
    `query($id: Int!) { widget(widgetId: $id) { widgetId family areaName type config published displaySetting
      validFromLocal validToLocal version } }`,
    { id },
  );
  if (answer.error === "UNAUTHENTICATED") throw redirect("/admin/sign-in");
  if (!answer.data?.widget) throw new Response("Not found", { status: 404 });
  return { widget: answer.data.widget, isNew: false, created };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await request.formData();
  const values = formValues(form);
  values.config = String(form.get("config") ?? "");
  const input = {
    config: values.config,
    published: values.published === "true",
    displaySetting: values.displaySetting ?? "",
    validFrom: values.validFrom ?? "",
    validTo: values.validTo ?? "",
  };
  const back = `/admin/widgets?area=${encodeURIComponent(`${values.family}/${values.areaName}`)}`;
  if (!params.widgetId) {
    const answer = await adminRequest<{ createWidget: { id: number } }>(
      request,
      context,
      `mutation($f: String!, $a: String!, $type: String!, $input: AdminWidgetInput!) { createWidget(family: $f, areaName: $a, type: $type, input: $input) { id } }`,
      { f: values.family ?? "", a: values.areaName ?? "", type: values.type ?? "", input },
    );
    const id = answer.data?.createWidget.id;
    if (id) throw redirect(`/admin/widgets/${id}?created=1`);
    return formAnswer("save", null, answer, values);
  }
  const id = Number(params.widgetId) || 0;
  const v = Number(values.version) || 0;
  if (values.intent === "delete") {
    const answer = await adminRequest(
      request,
      context,
      `mutation($id: Int!, $v: Int!) { deleteWidget(widgetId: $id, version: $v) { id } }`,
      { id, v },
    );
    if (!answer.error) throw redirect(back);
    return formAnswer("delete", null, answer, values);
  }
  const answer = await adminRequest(
    request,
    context,
    `mutation($id: Int!, $v: Int!, $input: AdminWidgetInput!) { updateWidget(widgetId: $id, version: $v, input: $input) { version } }`,
    { id, v, input },
  );
  return formAnswer("save", null, answer, values);
}

export function meta() {
  return [{ title: "Mili · Widget" }];
}

export default function WidgetScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { t, may } = useAdminT();
  const { widget, isNew, created } = loaderData;
  const answer = (actionData ?? null) as FormAnswer | null;
  const { problem, typed, checked } = useTyped(answer);
  const editable = may("content.edit");
  const area = `${widget.family}/${widget.areaName}`;
  const configProblems =
    answer?.problems.filter((p) => p.field === "config" || p.field.startsWith("config.")) ?? [];
  return (
    <>
      <p className="mb-2">
        <Link to={`/admin/widgets?area=${encodeURIComponent(area)}`} className="underline">
          {t("widget.back")}
        </Link>
      </p>
      <h1 className="mb-4 text-2xl font-bold">
        {isNew
          ? t("widget.newTitle", { type: widget.type, area })
          : t("widget.editTitle", { type: widget.type, area })}
      </h1>
      {created && !answer ? <Notice kind="ok">{t("widget.created")}</Notice> : null}
      {!editable ? <Notice kind="error">{t("content.readOnly")}</Notice> : null}
      <Outcome answer={answer?.intent === "save" ? answer : null} saved={t("widget.saved")} />
      <Form method="post">
        <input type="hidden" name="version" value={widget.version} />
        <input type="hidden" name="family" value={widget.family} />
        <input type="hidden" name="areaName" value={widget.areaName} />
        <input type="hidden" name="type" value={widget.type} />
        <input type="hidden" name="intent" value="save" />
        <fieldset disabled={!editable} className="rounded border border-stone-300 bg-white p-4">
          <p className="mb-3">
            <label htmlFor="widget-config" className="block text-sm font-medium">
              {t("widget.config")}
            </label>
            <textarea
              id="widget-config"
              name="config"
              rows={16}
              spellCheck={false}
              className={`mt-1 w-full rounded border bg-white px-2 py-1 font-mono text-sm ${configProblems.length ? "border-red-700" : "border-stone-500"}`}
              aria-invalid={configProblems.length ? true : undefined}
              aria-describedby={configProblems.length ? "widget-config-error" : undefined}
              defaultValue={typed("config", widget.config)}
            />
            {configProblems.length ? (
              <span id="widget-config-error" className="mt-1 block text-sm text-red-800">
                {configProblems.map((p) => `${p.field}: ${p.message}`).join(" ")}
              </span>
            ) : null}
          </p>
          <Field
            id="widget-displaySetting"
            label={t("widget.displaySetting")}
            problem={problem("displaySetting")}
          >
            {(props) => (
              <select
                {...props}
                name="displaySetting"
                defaultValue={typed("displaySetting", widget.displaySetting)}
              >
                <option value="">{t("widget.both")}</option>
                <option value="mobile">{t("widget.mobile")}</option>
                <option value="desktop">{t("widget.desktop")}</option>
              </select>
            )}
          </Field>
          <Field id="widget-validFrom" label={t("widget.validFrom")} problem={problem("validFrom")}>
            {(props) => (
              <input
                {...props}
                type="datetime-local"
                name="validFrom"
                defaultValue={typed("validFrom", widget.validFromLocal)}
              />
            )}
          </Field>
          <Field id="widget-validTo" label={t("widget.validTo")} problem={problem("validTo")}>
            {(props) => (
              <input
                {...props}
                type="datetime-local"
                name="validTo"
                defaultValue={typed("validTo", widget.validToLocal)}
              />
            )}
          </Field>
          <p className="mb-3 flex items-center gap-2">
            <input
              id="widget-published"
              type="checkbox"
              name="published"
              value="true"
              defaultChecked={checked("published", widget.published)}
            />
            <label htmlFor="widget-published">{t("widget.publish")}</label>
          </p>
          <button type="submit" className={primary}>
            {isNew ? t("widget.create") : t("widget.save")}
          </button>
        </fieldset>
      </Form>
      {!isNew && editable ? (
        <Form method="post" className="mt-6">
          {answer?.intent === "delete" ? <Outcome answer={answer} saved={t("widget.deleted")} /> : null}
          <input type="hidden" name="version" value={widget.version} />
          <input type="hidden" name="family" value={widget.family} />
          <input type="hidden" name="areaName" value={widget.areaName} />
          <input type="hidden" name="intent" value="delete" />
          <button type="submit" className={button}>
            {t("widget.delete")}
          </button>
        </Form>
      ) : null}
    </>
  );
}

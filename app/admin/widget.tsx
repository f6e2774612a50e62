import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/widget";
import { adminRequest } from "./api.server.ts";
import { Outcome, useTyped } from "./campaign-form.tsx";
import type { ShopImage } from "./content-pickers.tsx";
import { Field, type FormAnswer, formAnswer, formValues } from "./product-form.tsx";
import { button, Notice, primary, useAdminT } from "./ui.tsx";
import { type WidgetChoices, WidgetSettings } from "./widget-settings.tsx";

/**
 * /admin/widgets/new?family=…&areaName=…&type=… and /admin/widgets/:widgetId (issue 15, decisions 0058, 0063): a
 * widget's settings as its type's form (app/admin/widget-settings.tsx: texts in nb and sv, links, images picked from
 * the shop's, product-list choices; a problem names the setting, e.g. config.title.sv-SE), where it shows (phones,
 * computers or both), its dates, published or draft; the stored settings as read-only JSON; delete.
 */
interface Widget {
  widgetId: number;
  family: string;
  areaName: string;
  type: string;
  /** The stored settings as JSON (the read-only advanced view). */
  config: string;
  fields: { name: string; value: string }[];
  published: boolean;
  displaySetting: string;
  validFromLocal: string;
  validToLocal: string;
  version: number;
}

/** A new widget's settings before anything is typed, per type (the rest starts empty). */
const STARTING_FIELDS: Record<string, Record<string, string>> = {
  productList: { source: "search", sort: "LATEST", take: "8" },
};

const IMAGE_FIELDS = ["fileName", "posterFileName"];

/** What the form picks from: the shop's first images and the current picks; for a product list, the lists. */
async function pickFrom(request: Request, context: Route.LoaderArgs["context"], widget: Widget) {
  const picked = widget.fields.filter((f) => IMAGE_FIELDS.includes(f.name) && f.value).map((f) => f.value);
  const lists = widget.type === "productList";
  const answer = await adminRequest<{
    first: ShopImage[];
    picked: ShopImage[];
    contentChoices?: WidgetChoices;
  }>(
    request,
    context,
    `query($names: [String!]!, $lists: Boolean!) { first: contentImages(take: 24) { fileName alt productName }
      picked: contentImages(fileNames: $names) { fileName alt productName }
      contentChoices @include(if: $lists) { categories { id name } brands { id name } campaigns { id name } } }`,
    { names: picked, lists },
  );
  const images = [...(answer.data?.picked ?? [])];
  for (const image of answer.data?.first ?? [])
    if (!images.some((i) => i.fileName === image.fileName)) images.push(image);
  return { images, choices: answer.data?.contentChoices ?? null };
}

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
      config: "",
      fields: Object.entries(STARTING_FIELDS[type] ?? {}).map(([name, value]) => ({ name, value })),
      published: false,
      displaySetting: "",
      validFromLocal: "",
      validToLocal: "",
      version: 0,
    };
    return { widget, isNew: true, created, ...(await pickFrom(request, context, widget)) };
  }
  const id = Number(params.widgetId);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2 ** 31 - 1)
    throw new Response("Not found", { status: 404 });
  const answer = await adminRequest<{ widget: Widget | null }>(
    request,
    context,
    `query($id: Int!) { widget(widgetId: $id) { widgetId family areaName type config fields { name value }
      published displaySetting validFromLocal validToLocal version } }`,
    { id },
  );
  if (answer.error === "UNAUTHENTICATED") throw redirect("/admin/sign-in");
  if (!answer.data?.widget) throw new Response("Not found", { status: 404 });
  const widget = answer.data.widget;
  return { widget, isNew: false, created, ...(await pickFrom(request, context, widget)) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await request.formData();
  const values = formValues(form);
  // The type's form: every config.* field by its setting's path (a multiple choice joined by commas).
  const fields = Object.entries(values)
    .filter(([name]) => name.startsWith("config."))
    .slice(0, 400)
    .map(([name, value]) => ({ name: name.slice("config.".length), value }));
  const input = {
    fields,
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
  const { widget, isNew, created, images, choices } = loaderData;
  const answer = (actionData ?? null) as FormAnswer | null;
  const { problem, typed, checked } = useTyped(answer);
  const editable = may("content.edit");
  const area = `${widget.family}/${widget.areaName}`;
  const stored = Object.fromEntries(widget.fields.map((f) => [f.name, f.value]));
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
          <WidgetSettings
            t={t}
            type={widget.type}
            stored={stored}
            images={images}
            choices={choices}
            answer={answer}
          />
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
      {widget.config ? (
        <details className="mt-4">
          <summary className="cursor-pointer">{t("wf.advanced")}</summary>
          <pre className="mt-2 overflow-auto rounded border border-stone-300 bg-stone-50 p-2 text-sm">
            {widget.config}
          </pre>
        </details>
      ) : null}
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

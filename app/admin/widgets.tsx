import { type DragEvent, useState } from "react";
import { Form, Link, redirect, useSubmit } from "react-router";
import type { Route } from "./+types/widgets";
import { adminRequest } from "./api.server.ts";
import { Outcome } from "./campaign-form.tsx";
import { type FormAnswer, formAnswer, formValues, input } from "./product-form.tsx";
import { button, Notice, primary, table, td, th, useAdminT } from "./ui.tsx";

/**
 * /admin/widgets?area=Family/Area (issue 15, decision 0058): the site-wide widget areas, and one area's widgets in
 * the order shoppers see them — moved with the Move up/down buttons (keyboard) or by dragging a row (mouse), each
 * published or unpublished; a link to /preview-widgets that shows the area with its drafts; a new widget.
 */
interface Area {
  family: string;
  areaName: string;
  widgets: number;
  drafts: number;
}
interface Row {
  widgetId: number;
  type: string;
  summary: string;
  published: boolean;
  version: number;
}

function areaOf(url: URL) {
  const [family, areaName] = (url.searchParams.get("area") ?? "Frontpage/Main").slice(0, 120).split("/");
  return { family: family || "Frontpage", areaName: areaName || "Main" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const area = areaOf(new URL(request.url));
  const answer = await adminRequest<{
    widgetAreas: Area[];
    areaWidgets: Row[] | null;
    widgetTypes: string[];
  }>(
    request,
    context,
    `query($f: String!, $a: String!) { widgetAreas { family areaName widgets drafts }
      areaWidgets(family: $f, areaName: $a) { widgetId type summary published version } widgetTypes }`,
    { f: area.family, a: area.areaName },
  );
  if (answer.error === "UNAUTHENTICATED") throw redirect("/admin/sign-in");
  if (!answer.data?.areaWidgets) throw new Response("Not found", { status: 404 });
  // Only editors get the shop's preview token (the API refuses it to other roles).
  const token = await adminRequest<{ widgetPreviewToken: string | null }>(
    request,
    context,
    "{ widgetPreviewToken }",
  );
  return {
    area,
    areas: answer.data.widgetAreas,
    rows: answer.data.areaWidgets,
    types: answer.data.widgetTypes,
    previewToken: token.data?.widgetPreviewToken ?? null,
  };
}

/** "id:version,id:version" → the API's order. */
function orderOf(text: string) {
  return text
    .split(",")
    .slice(0, 200)
    .map((pair) => pair.split(":").map(Number))
    .map(([widgetId, version]) => ({ widgetId: widgetId ?? 0, version: version ?? 0 }));
}

export async function action({ request, context }: Route.ActionArgs) {
  const area = areaOf(new URL(request.url));
  const values = formValues(await request.formData());
  if (values.intent === "reorder") {
    const answer = await adminRequest(
      request,
      context,
      `mutation($f: String!, $a: String!, $order: [AdminWidgetOrderInput!]!) { reorderWidgets(family: $f, areaName: $a, order: $order) { id } }`,
      { f: area.family, a: area.areaName, order: orderOf(values.order ?? "") },
    );
    return formAnswer("reorder", null, answer, {});
  }
  const published = values.intent === "publish";
  const answer = await adminRequest(
    request,
    context,
    `mutation($id: Int!, $v: Int!, $p: Boolean!) { setWidgetPublished(widgetId: $id, version: $v, published: $p) { version } }`,
    { id: Number(values.widgetId) || 0, v: Number(values.version) || 0, p: published },
  );
  return formAnswer(published ? "publish" : "unpublish", null, answer, {});
}

export function meta() {
  return [{ title: "Mili · Widgets" }];
}

const pairs = (rows: Row[]) => rows.map((r) => `${r.widgetId}:${r.version}`).join(",");

function moved(rows: Row[], from: number, to: number): Row[] {
  const next = [...rows];
  const [row] = next.splice(from, 1);
  if (row) next.splice(to, 0, row);
  return next;
}

export default function Widgets({ loaderData, actionData }: Route.ComponentProps) {
  const { t, may } = useAdminT();
  const { area, areas, rows, types, previewToken } = loaderData;
  const answer = (actionData ?? null) as FormAnswer | null;
  const editable = may("content.edit");
  const submit = useSubmit();
  const [dragged, setDragged] = useState<number | null>(null);
  const areaKey = `${area.family}/${area.areaName}`;
  const here = `/admin/widgets?area=${encodeURIComponent(areaKey)}`;
  const name = (r: Row) => `${r.type}${r.summary ? ` «${r.summary}»` : ""}`;
  const drop = (to: number) => (event: DragEvent) => {
    event.preventDefault();
    if (dragged === null || dragged === to) return;
    submit({ intent: "reorder", order: pairs(moved(rows, dragged, to)) }, { method: "post", action: here });
    setDragged(null);
  };
  const done =
    answer?.intent === "reorder"
      ? t("widgets.moved")
      : answer?.intent === "publish"
        ? t("widgets.publishedDone")
        : t("widgets.unpublishedDone");
  return (
    <>
      <h1 className="mb-2 text-2xl font-bold">{t("widgets.title")}</h1>
      <p className="mb-4 text-stone-700">{t("widgets.intro")}</p>
      {!editable ? <Notice kind="error">{t("content.readOnly")}</Notice> : null}
      <nav aria-label={t("widgets.areas")} className="mb-4">
        <ul className="flex flex-wrap gap-2">
          {areas.map((a) => {
            const key = `${a.family}/${a.areaName}`;
            return (
              <li key={key}>
                <Link
                  to={`/admin/widgets?area=${encodeURIComponent(key)}`}
                  aria-current={key === areaKey ? "page" : undefined}
                  className={`block rounded border border-stone-400 px-3 py-1 ${key === areaKey ? "bg-stone-900 text-white" : "bg-white"}`}
                >
                  {key}{" "}
                  <span className="text-sm">
                    ({t("widgets.counts", { count: a.widgets, drafts: a.drafts })})
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <h2 className="mb-2 text-xl font-semibold">{t("widgets.area", { area: areaKey })}</h2>
      <Outcome answer={answer} saved={done} />
      {previewToken ? (
        <p className="mb-3">
          <a
            className="underline"
            href={`/preview-widgets?${new URLSearchParams({ token: previewToken, family: area.family, areaName: area.areaName })}`}
          >
            {t("widgets.preview")}
          </a>
        </p>
      ) : editable ? (
        <p className="mb-3 text-sm text-stone-700">{t("widgets.noPreview")}</p>
      ) : null}
      {rows.length ? (
        <>
          {editable ? <p className="mb-2 text-sm text-stone-700">{t("widgets.drag")}</p> : null}
          <table className={table}>
            <thead>
              <tr>
                <th className={th}>{t("widgets.colOrder")}</th>
                <th className={th}>{t("widgets.colType")}</th>
                <th className={th}>{t("widgets.colSummary")}</th>
                <th className={th}>{t("widgets.colState")}</th>
                <th className={th}>{t("widgets.colActions")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr
                  key={r.widgetId}
                  draggable={editable}
                  onDragStart={(e) => {
                    e.dataTransfer.effectAllowed = "move";
                    e.dataTransfer.setData("text/plain", String(r.widgetId));
                    setDragged(i);
                  }}
                  onDragOver={(e) => e.preventDefault()}
                  onDrop={drop(i)}
                  data-widget-id={r.widgetId}
                  className={editable ? "cursor-move" : undefined}
                >
                  <td className={td}>{i + 1}</td>
                  <td className={td}>{r.type}</td>
                  <td className={td}>{r.summary}</td>
                  <td className={td}>{r.published ? t("widgets.published") : t("widgets.draft")}</td>
                  <td className={td}>
                    <div className="flex flex-wrap gap-2">
                      <Link
                        to={`/admin/widgets/${r.widgetId}`}
                        className={button}
                        aria-label={`${t("widgets.edit")}: ${name(r)}`}
                      >
                        {t("widgets.edit")}
                      </Link>
                      {editable ? (
                        <>
                          <Form method="post" action={here}>
                            <input type="hidden" name="intent" value="reorder" />
                            <button
                              type="submit"
                              name="order"
                              value={pairs(moved(rows, i, i - 1))}
                              disabled={i === 0}
                              className={button}
                              aria-label={t("widgets.up", { name: name(r) })}
                            >
                              ↑
                            </button>{" "}
                            <button
                              type="submit"
                              name="order"
                              value={pairs(moved(rows, i, i + 1))}
                              disabled={i === rows.length - 1}
                              className={button}
                              aria-label={t("widgets.down", { name: name(r) })}
                            >
                              ↓
                            </button>
                          </Form>
                          <Form method="post" action={here}>
                            <input type="hidden" name="widgetId" value={r.widgetId} />
                            <input type="hidden" name="version" value={r.version} />
                            <button
                              type="submit"
                              name="intent"
                              value={r.published ? "unpublish" : "publish"}
                              className={button}
                              aria-label={`${r.published ? t("widgets.unpublish") : t("widgets.publish")}: ${name(r)}`}
                            >
                              {r.published ? t("widgets.unpublish") : t("widgets.publish")}
                            </button>
                          </Form>
                        </>
                      ) : null}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : (
        <p>{t("widgets.none")}</p>
      )}
      {editable ? (
        <Form
          method="get"
          action="/admin/widgets/new"
          className="mt-6 rounded border border-stone-300 bg-white p-4"
        >
          <h2 className="mb-2 text-lg font-semibold">{t("widgets.add")}</h2>
          <input type="hidden" name="family" value={area.family} />
          <input type="hidden" name="areaName" value={area.areaName} />
          <p className="mb-3">
            <label htmlFor="widget-type" className="block text-sm font-medium">
              {t("widgets.type")}
            </label>
            <select id="widget-type" name="type" className={input}>
              {types.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </select>
          </p>
          <button type="submit" className={primary}>
            {t("widgets.addButton")}
          </button>
        </Form>
      ) : null}
    </>
  );
}

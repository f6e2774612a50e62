import { Form, redirect } from "react-router";
import type { Route } from "./+types/parameter-groups";
import { adminRequest } from "./api.server.ts";
import { Field, type FieldProblem, type FormAnswer, formAnswer, formValues } from "./product-form.tsx";
import { errorText } from "./texts.ts";
import { button, Notice, primary, useAdminT } from "./ui.tsx";

/**
 * /admin/parameter-groups (decision 0064): the headings of the product page's specification table, in the
 * storefront's order. Each group: its names in nb and sv (save), one place up or down, delete when no product's
 * parameter is in it (never the colour group, id 1). Below: a new group, and moving a parameter (every product's
 * rows of one identifier in a group) to another group. Every form works without JavaScript. Support reads; owner and
 * staff change.
 */
interface Group {
  id: number;
  nb: string;
  sv: string;
  version: number;
  used: number;
  parameters: { identifier: string; products: number }[];
}

const COLOR_GROUP_ID = 1;

export async function loader({ request, context }: Route.LoaderArgs) {
  const answer = await adminRequest<{ parameterGroups: Group[] }>(
    request,
    context,
    "{ parameterGroups { id nb sv version used parameters { identifier products } } }",
  );
  if (answer.error === "UNAUTHENTICATED") throw redirect("/admin/sign-in");
  return { groups: answer.data?.parameterGroups ?? [] };
}

const SAVED = "{ id version moved }";

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = formValues(form);
  const intent = values.intent ?? "";
  const id = Number(values.id) || 0;
  const version = Number(values.version) || 0;
  const ask = (query: string, vars: Record<string, unknown>) =>
    adminRequest<Record<string, { id: number; version: number; moved: number }>>(
      request,
      context,
      query,
      vars,
    );
  if (intent === "create") {
    const answer = await ask(
      `mutation($nb: String, $sv: String) { createParameterGroup(nb: $nb, sv: $sv) ${SAVED} }`,
      { nb: values.nb ?? "", sv: values.sv ?? "" },
    );
    return formAnswer("create", null, answer, values);
  }
  if (intent === "group") {
    const direction = values.move;
    if (direction === "up" || direction === "down") {
      const answer = await ask(
        `mutation($id: Int!, $v: Int!, $up: Boolean!) { moveParameterGroup(id: $id, version: $v, up: $up) ${SAVED} }`,
        { id, v: version, up: direction === "up" },
      );
      return formAnswer("move", id, answer, values);
    }
    if (values.delete) {
      const answer = await ask(
        `mutation($id: Int!, $v: Int!) { deleteParameterGroup(id: $id, version: $v) ${SAVED} }`,
        { id, v: version },
      );
      return formAnswer("delete", id, answer, values);
    }
    const answer = await ask(
      `mutation($id: Int!, $v: Int!, $nb: String, $sv: String) {
        renameParameterGroup(id: $id, version: $v, nb: $nb, sv: $sv) ${SAVED} }`,
      { id, v: version, nb: values.nb ?? "", sv: values.sv ?? "" },
    );
    return formAnswer("rename", id, answer, values);
  }
  if (intent === "moveParameter") {
    const [from = "", identifier = ""] = (values.parameter ?? "").split(":");
    const to = Number(values.toGroupId) || 0;
    const answer = await ask(
      `mutation($identifier: String!, $from: Int!, $fv: Int!, $to: Int!, $tv: Int!) {
        moveParameter(identifier: $identifier, fromGroupId: $from, fromVersion: $fv, toGroupId: $to, toVersion: $tv)
        ${SAVED} }`,
      {
        identifier,
        from: Number(from) || 0,
        fv: Number(values[`version.${from}`]) || 0,
        to,
        tv: Number(values[`version.${to}`]) || 0,
      },
    );
    const result = formAnswer("moveParameter", null, answer, values);
    return { ...result, moved: answer.data?.moveParameter?.moved ?? 0 };
  }
  throw new Response("Bad request", { status: 400 });
}

export function meta() {
  return [{ title: "Mili · Parameter groups" }];
}

export default function ParameterGroups({ loaderData, actionData }: Route.ComponentProps) {
  const { t, lang, may } = useAdminT();
  const { groups } = loaderData;
  const answer = (actionData ?? null) as (FormAnswer & { moved?: number }) | null;
  const editable = may("catalog.edit");
  const nameOf = (g: Group) => (lang === "sv" ? g.sv : g.nb) || g.nb || String(g.id);
  const problemOf = (intent: string, id: number | null, field: string): FieldProblem | undefined =>
    answer && answer.intent === intent && answer.skuId === id
      ? answer.problems.find((p) => p.field === field)
      : undefined;
  const outcome = () => {
    if (!answer) return null;
    if (answer.ok) {
      const text = {
        create: t("groups.created"),
        rename: t("groups.saved"),
        move: t("groups.moved"),
        delete: t("groups.deleted"),
        moveParameter: t("groups.parameterMoved", { n: answer.moved ?? 0 }),
      }[answer.intent];
      return <Notice kind="ok">{text ?? t("groups.saved")}</Notice>;
    }
    if (answer.error === "VERSION_CONFLICT") return <Notice kind="error">{t("groups.conflict")}</Notice>;
    const messages = [...new Set(answer.problems.map((p) => p.message))];
    return (
      <Notice kind="error">
        {messages.length ? messages.join(" ") : errorText(t, answer.error ?? undefined)}
      </Notice>
    );
  };
  const typed = (intent: string, id: number | null, name: string, fallback: string) =>
    answer && !answer.ok && answer.intent === intent && answer.skuId === id
      ? (answer.values[name] ?? fallback)
      : fallback;
  const parameters = groups.flatMap((g) => g.parameters.map((p) => ({ group: g, ...p })));
  return (
    <>
      <h1 className="mb-2 text-2xl font-bold">{t("groups.title")}</h1>
      <p className="mb-4 text-sm text-stone-700">{t("groups.help")}</p>
      {outcome()}
      {groups.length === 0 ? <p className="mb-3">{t("groups.none")}</p> : null}
      <ol className="mb-8 grid gap-3">
        {groups.map((g, i) => {
          const name = nameOf(g);
          const rename = (field: string) =>
            problemOf("rename", g.id, field) ?? problemOf("delete", g.id, field);
          const deletable = g.used === 0 && g.id !== COLOR_GROUP_ID;
          return (
            <li key={g.id} aria-labelledby={`group-${g.id}-heading`}>
              <Form method="post" className="rounded border border-stone-300 bg-white p-3">
                <input type="hidden" name="intent" value="group" />
                <input type="hidden" name="id" value={g.id} />
                <input type="hidden" name="version" value={g.version} />
                <h2 id={`group-${g.id}-heading`} className="mb-2 font-semibold">
                  {t("groups.group", { n: i + 1 })} · {name}
                </h2>
                <fieldset disabled={!editable}>
                  <div className="grid gap-x-3 md:grid-cols-2">
                    <Field id={`group-${g.id}-nb`} label={t("groups.nameNb")} problem={rename("nb.name")}>
                      {(p) => <input {...p} name="nb" defaultValue={typed("rename", g.id, "nb", g.nb)} />}
                    </Field>
                    <Field id={`group-${g.id}-sv`} label={t("groups.nameSv")} problem={rename("sv.name")}>
                      {(p) => <input {...p} name="sv" defaultValue={typed("rename", g.id, "sv", g.sv)} />}
                    </Field>
                  </div>
                  <p className="mb-2 text-sm text-stone-700">
                    {g.id === COLOR_GROUP_ID
                      ? t("groups.color")
                      : g.parameters.length === 0
                        ? t("groups.empty")
                        : null}{" "}
                    {g.parameters.length
                      ? t("groups.parameters", {
                          list: g.parameters
                            .map((p) => t("groups.parameter", { identifier: p.identifier, n: p.products }))
                            .join(", "),
                        })
                      : null}
                  </p>
                  <p className="flex flex-wrap gap-2">
                    <button type="submit" className={primary}>
                      {t("groups.save")}
                    </button>
                    <button
                      type="submit"
                      name="move"
                      value="up"
                      className={button}
                      disabled={i === 0}
                      aria-label={t("groups.up", { name })}
                    >
                      ↑
                    </button>
                    <button
                      type="submit"
                      name="move"
                      value="down"
                      className={button}
                      disabled={i === groups.length - 1}
                      aria-label={t("groups.down", { name })}
                    >
                      ↓
                    </button>
                    {deletable ? (
                      <button type="submit" name="delete" value="1" className={button}>
                        {t("groups.delete", { name })}
                      </button>
                    ) : null}
                  </p>
                </fieldset>
              </Form>
            </li>
          );
        })}
      </ol>
      {editable ? (
        <>
          <Form method="post" aria-labelledby="group-new-heading" className="mb-8 max-w-2xl">
            <h2 id="group-new-heading" className="mb-2 text-xl font-semibold">
              {t("groups.add")}
            </h2>
            <input type="hidden" name="intent" value="create" />
            <div className="grid gap-x-3 md:grid-cols-2">
              <Field
                id="group-new-nb"
                label={t("groups.nameNb")}
                problem={problemOf("create", null, "nb.name")}
              >
                {(p) => <input {...p} name="nb" defaultValue={typed("create", null, "nb", "")} />}
              </Field>
              <Field
                id="group-new-sv"
                label={t("groups.nameSv")}
                problem={problemOf("create", null, "sv.name")}
              >
                {(p) => <input {...p} name="sv" defaultValue={typed("create", null, "sv", "")} />}
              </Field>
            </div>
            <button type="submit" className={primary}>
              {t("groups.create")}
            </button>
          </Form>
          {parameters.length && groups.length > 1 ? (
            <Form method="post" aria-labelledby="move-heading" className="mb-8 max-w-2xl">
              <h2 id="move-heading" className="mb-2 text-xl font-semibold">
                {t("groups.moveTitle")}
              </h2>
              <p className="mb-2 text-sm text-stone-700">{t("groups.moveHelp")}</p>
              <input type="hidden" name="intent" value="moveParameter" />
              {groups.map((g) => (
                <input key={g.id} type="hidden" name={`version.${g.id}`} value={g.version} />
              ))}
              <div className="grid gap-x-3 md:grid-cols-2">
                <Field
                  id="move-parameter"
                  label={t("groups.moveWhich")}
                  problem={problemOf("moveParameter", null, "identifier")}
                >
                  {(p) => (
                    <select
                      {...p}
                      name="parameter"
                      defaultValue={typed("moveParameter", null, "parameter", "")}
                    >
                      {parameters.map((p) => (
                        <option key={`${p.group.id}:${p.identifier}`} value={`${p.group.id}:${p.identifier}`}>
                          {t("groups.parameter", { identifier: p.identifier, n: p.products })} ·{" "}
                          {nameOf(p.group)}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
                <Field
                  id="move-to"
                  label={t("groups.moveTo")}
                  problem={problemOf("moveParameter", null, "toGroupId")}
                >
                  {(p) => (
                    <select
                      {...p}
                      name="toGroupId"
                      defaultValue={typed("moveParameter", null, "toGroupId", "")}
                    >
                      {groups.map((g) => (
                        <option key={g.id} value={g.id}>
                          {nameOf(g)}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
              </div>
              <button type="submit" className={primary}>
                {t("groups.moveSubmit")}
              </button>
            </Form>
          ) : null}
        </>
      ) : null}
    </>
  );
}

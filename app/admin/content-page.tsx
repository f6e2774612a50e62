import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/content-page";
import { adminRequest } from "./api.server.ts";
import { Outcome, useTyped } from "./campaign-form.tsx";
import { Field, type FormAnswer, formAnswer, formValues } from "./product-form.tsx";
import type { AdminT } from "./texts.ts";
import { button, Notice, primary, useAdminT } from "./ui.tsx";

/**
 * /admin/content/new and /admin/content/:pageKey (issue 15, decision 0058): a content page's title, address, meta
 * texts and body in Norwegian and Swedish, published or draft; links to the page (or its preview) in the
 * storefront; delete. The form carries the page's version (a save from an older one is refused with what changed).
 */
interface Language {
  title: string;
  alias: string;
  metaTitle: string;
  metaDescription: string;
  body: string;
}
interface Page {
  key: string;
  published: boolean;
  previewToken: string | null;
  version: number;
  nb: Language;
  sv: Language;
}

const EMPTY_LANGUAGE: Language = { title: "", alias: "", metaTitle: "", metaDescription: "", body: "" };
const EMPTY: Page = {
  key: "",
  published: false,
  previewToken: null,
  version: 0,
  nb: EMPTY_LANGUAGE,
  sv: EMPTY_LANGUAGE,
};

const LANGUAGE_FIELDS = "title alias metaTitle metaDescription body";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const created = new URL(request.url).searchParams.get("created") === "1";
  if (!params.pageKey) {
    const me = await adminRequest<{ me: unknown }>(request, context, "{ me { email } }");
    if (!me.data?.me) throw redirect("/admin/sign-in");
    return { page: EMPTY, isNew: true, created };
  }
  const answer = await adminRequest<{ contentPage: Page | null }>(
    request,
    context,
    `query($key: String!) { contentPage(key: $key) { key published previewToken version
      nb { ${LANGUAGE_FIELDS} } sv { ${LANGUAGE_FIELDS} } } }`,
    { key: params.pageKey.slice(0, 200) },
  );
  if (answer.error === "UNAUTHENTICATED") throw redirect("/admin/sign-in");
  if (!answer.data?.contentPage) throw new Response("Not found", { status: 404 });
  return { page: answer.data.contentPage, isNew: false, created };
}

function inputOf(v: Record<string, string>) {
  const language = (p: "nb" | "sv") => ({
    title: v[`${p}.title`] ?? "",
    alias: v[`${p}.alias`] ?? "",
    metaTitle: v[`${p}.metaTitle`] ?? "",
    metaDescription: v[`${p}.metaDescription`] ?? "",
    body: v[`${p}.body`] ?? "",
  });
  return { key: v.key ?? "", nb: language("nb"), sv: language("sv"), published: v.published === "true" };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await request.formData();
  // Bodies may hold commas: read each field once, not joined (formValues joins repeated names).
  const values = formValues(form);
  for (const name of ["nb.body", "sv.body"]) values[name] = String(form.get(name) ?? "");
  if (!params.pageKey) {
    const answer = await adminRequest<{ createContentPage: { id: number } }>(
      request,
      context,
      `mutation($input: AdminContentPageInput!) { createContentPage(input: $input) { id } }`,
      { input: inputOf(values) },
    );
    if (answer.data?.createContentPage)
      throw redirect(`/admin/content/${values.key?.trim().toLowerCase()}?created=1`);
    return formAnswer("save", null, answer, values);
  }
  const version = Number(values.version);
  const v = Number.isSafeInteger(version) ? version : 0;
  if (values.intent === "delete") {
    const answer = await adminRequest(
      request,
      context,
      `mutation($key: String!, $v: Int!) { deleteContentPage(key: $key, version: $v) { id } }`,
      { key: params.pageKey, v },
    );
    if (!answer.error) throw redirect("/admin/content?deleted=1");
    return formAnswer("delete", null, answer, values);
  }
  const answer = await adminRequest(
    request,
    context,
    `mutation($key: String!, $v: Int!, $input: AdminContentPageInput!) { updateContentPage(key: $key, version: $v, input: $input) { version } }`,
    { key: params.pageKey, v, input: inputOf(values) },
  );
  return formAnswer("save", null, answer, values);
}

export function meta() {
  return [{ title: "Mili · Content page" }];
}

function LanguageFields({
  t,
  prefix,
  values,
  answer,
}: {
  t: AdminT;
  prefix: "nb" | "sv";
  values: Language;
  answer: FormAnswer | null;
}) {
  const { problem, typed } = useTyped(answer);
  const lang = prefix === "nb" ? "nb" : "sv";
  const field = (name: keyof Language, label: string, multiline = false) => (
    <Field id={`page-${prefix}-${name}`} label={label} problem={problem(`${prefix}.${name}`)}>
      {(props) =>
        multiline ? (
          <textarea
            {...props}
            name={`${prefix}.${name}`}
            lang={lang}
            rows={name === "body" ? 12 : 3}
            defaultValue={typed(`${prefix}.${name}`, values[name])}
          />
        ) : (
          <input
            {...props}
            name={`${prefix}.${name}`}
            lang={name === "alias" ? undefined : lang}
            spellCheck={name === "alias" ? false : undefined}
            defaultValue={typed(`${prefix}.${name}`, values[name])}
          />
        )
      }
    </Field>
  );
  return (
    <fieldset className="mb-4 rounded border border-stone-300 bg-white p-4">
      <legend className="px-1 font-semibold">
        {prefix === "nb" ? t("content.langNb") : t("content.langSv")}
      </legend>
      {field("title", t("content.pageTitle"))}
      {field("alias", t("content.alias"))}
      {field("metaTitle", t("content.metaTitle"))}
      {field("metaDescription", t("content.metaDescription"), true)}
      {field("body", t("content.body"), true)}
    </fieldset>
  );
}

export default function ContentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, may } = useAdminT();
  const { page, isNew, created } = loaderData;
  const answer = (actionData ?? null) as FormAnswer | null;
  const { problem, typed, checked } = useTyped(answer);
  const editable = may("content.edit");
  const saveAnswer = answer?.intent === "save" ? answer : null;
  return (
    <>
      <p className="mb-2">
        <Link to="/admin/content" className="underline">
          {t("content.back")}
        </Link>
      </p>
      <h1 className="mb-4 text-2xl font-bold">
        {isNew ? t("content.newTitle") : t("content.editTitle", { title: page.nb.title || page.key })}
      </h1>
      {created && !answer ? <Notice kind="ok">{t("content.created")}</Notice> : null}
      {!editable ? <Notice kind="error">{t("content.readOnly")}</Notice> : null}
      {!isNew ? (
        <ul className="mb-4 flex flex-wrap gap-4">
          {page.published ? (
            <>
              <li>
                <a href={`/${page.nb.alias}`} className="underline" lang="nb">
                  {t("content.open")} (nb)
                </a>
              </li>
              <li>
                <a href={`/sv/${page.sv.alias}`} className="underline" lang="sv">
                  {t("content.open")} (sv)
                </a>
              </li>
            </>
          ) : page.previewToken ? (
            <li>
              <a
                href={`/content/${page.nb.alias}?preview=${encodeURIComponent(page.previewToken)}`}
                className="underline"
              >
                {t("content.preview")}
              </a>
            </li>
          ) : null}
        </ul>
      ) : null}
      <Outcome answer={saveAnswer} saved={t("content.saved")} />
      <Form method="post">
        <input type="hidden" name="version" value={page.version} />
        <input type="hidden" name="intent" value="save" />
        <fieldset disabled={!editable}>
          {isNew ? (
            <Field id="page-key" label={t("content.key")} problem={problem("key")}>
              {(props) => <input {...props} name="key" spellCheck={false} defaultValue={typed("key", "")} />}
            </Field>
          ) : null}
          <LanguageFields t={t} prefix="nb" values={page.nb} answer={saveAnswer} />
          <LanguageFields t={t} prefix="sv" values={page.sv} answer={saveAnswer} />
          <p className="mb-3 flex items-center gap-2">
            <input
              id="page-published"
              type="checkbox"
              name="published"
              value="true"
              defaultChecked={checked("published", page.published)}
            />
            <label htmlFor="page-published">{t("content.publish")}</label>
          </p>
          <button type="submit" className={primary}>
            {isNew ? t("content.create") : t("content.save")}
          </button>
        </fieldset>
      </Form>
      {!isNew && editable ? (
        <Form method="post" className="mt-8 rounded border border-stone-300 bg-white p-4">
          <h2 className="mb-2 text-lg font-semibold">{t("content.delete")}</h2>
          <p className="mb-3 text-sm text-stone-700">{t("content.deleteHelp")}</p>
          {answer?.intent === "delete" ? <Outcome answer={answer} saved={t("content.deleted")} /> : null}
          {answer?.intent === "delete" && answer.problems.length ? (
            <ul className="mb-3 text-sm text-red-800">
              {answer.problems.map((p) => (
                <li key={`${p.field}-${p.code}`}>{p.message}</li>
              ))}
            </ul>
          ) : null}
          <input type="hidden" name="version" value={page.version} />
          <input type="hidden" name="intent" value="delete" />
          <button type="submit" className={button}>
            {t("content.delete")}
          </button>
        </Form>
      ) : null}
    </>
  );
}

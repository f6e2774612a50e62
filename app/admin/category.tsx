import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/category";
import { adminRequest } from "./api.server.ts";
import { type FormAnswer, formAnswer, formValues } from "./product-form.tsx";
import {
  CategoryFields,
  type CategoryRow,
  type CategoryTextsValues,
  categoryInputOf,
  Outcome,
  parentChoices,
} from "./structure-form.tsx";
import { button, Notice, primary, useAdminT } from "./ui.tsx";

/**
 * /admin/categories/:categoryId (issue 15, decision 0056): a category's texts in nb and sv (name, alias,
 * description, meta), its parent (moving it; a cycle is refused) and visibility; deleting it when it has no
 * subcategories and no products. The form carries the version it read: a save from an older one is refused with
 * what changed. A changed alias or parent leaves a redirect from the old URL.
 */
interface Detail extends CategoryRow {
  texts: CategoryTextsValues[];
}

const QUERY = `{ categories { categoryId parentId sortOrder active version name productCount childCount
  texts { languageId name alias description metaTitle metaDescription } } }`;

function idOf(params: { categoryId?: string }) {
  const id = Number(params.categoryId);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2 ** 31 - 1)
    throw new Response("Not found", { status: 404 });
  return id;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const id = idOf(params);
  const answer = await adminRequest<{ categories: Detail[] }>(request, context, QUERY);
  if (answer.error === "UNAUTHENTICATED") throw redirect("/admin/sign-in");
  const category = answer.data?.categories.find((c) => c.categoryId === id);
  if (!answer.data || !category) throw new Response("Not found", { status: 404 });
  return { category, parents: parentChoices(answer.data.categories, id) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const id = idOf(params);
  const values = formValues(await request.formData());
  const version = Number(values.version);
  const vars = { id, v: Number.isSafeInteger(version) ? version : 0 };
  if (values.intent === "delete") {
    const answer = await adminRequest(
      request,
      context,
      `mutation($id: Int!, $v: Int!) { deleteCategory(categoryId: $id, version: $v) { id } }`,
      vars,
    );
    if (!answer.error) throw redirect("/admin/categories?deleted=1");
    const ext = answer.errorExtensions ?? {};
    return formAnswer("delete", null, answer, {
      ...values,
      "in.children": String(ext.children ?? 0),
      "in.products": String(ext.products ?? 0),
      "in.menus": String(ext.menus ?? 0),
    });
  }
  const answer = await adminRequest(
    request,
    context,
    `mutation($id: Int!, $v: Int!, $input: AdminCategoryInput!) { updateCategory(categoryId: $id, version: $v, input: $input) { version } }`,
    { ...vars, input: categoryInputOf(values) },
  );
  return formAnswer("update", null, answer, values);
}

export function meta() {
  return [{ title: "Mili · Category" }];
}

export default function Category({ loaderData, actionData }: Route.ComponentProps) {
  const { t, may } = useAdminT();
  const { category, parents } = loaderData;
  const answer = (actionData ?? null) as FormAnswer | null;
  const editable = may("catalog.edit");
  return (
    <>
      <p className="mb-2">
        <Link to="/admin/categories" className="underline">
          {t("category.back")}
        </Link>
      </p>
      <h1 className="mb-4 text-2xl font-bold">{t("category.title", { name: category.name })}</h1>
      {!editable ? <Notice kind="error">{t("structure.readOnly")}</Notice> : null}
      <Outcome answer={answer} okText={t("structure.saved")} />
      <Form method="post" className="max-w-3xl" key={category.version}>
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="version" value={category.version} />
        <fieldset disabled={!editable}>
          <CategoryFields
            t={t}
            idPrefix="category"
            category={category}
            parents={parents}
            answer={answer?.intent === "update" ? answer : null}
          />
          <button type="submit" className={primary}>
            {t("structure.save")}
          </button>
        </fieldset>
      </Form>
      {editable ? (
        <section
          aria-labelledby="delete-heading"
          className="mt-8 max-w-3xl rounded border border-stone-300 bg-white p-4"
        >
          <h2 id="delete-heading" className="mb-2 text-lg font-semibold">
            {t("category.delete")}
          </h2>
          <p className="mb-2 text-sm">{t("category.deleteHelp")}</p>
          <Form method="post">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="version" value={category.version} />
            <button type="submit" className={button}>
              {t("category.delete")}
            </button>
          </Form>
        </section>
      ) : null}
    </>
  );
}

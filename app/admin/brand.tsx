import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/brand";
import { adminRequest } from "./api.server.ts";
import { type FormAnswer, formAnswer, formValues } from "./product-form.tsx";
import { BrandFields, type BrandValues, brandInputOf, Outcome } from "./structure-form.tsx";
import { button, Notice, primary, useAdminT } from "./ui.tsx";

/**
 * /admin/brands/:brandId (issue 15, decision 0056): a brand's name, alias (a changed alias leaves a redirect from
 * the old /b/ URL), visibility and descriptions in nb and sv; deleting it when no product uses it. The form
 * carries the version it read: a save from an older one is refused with what changed.
 */
interface Detail extends BrandValues {
  brandId: number;
  version: number;
  productCount: number;
}

function idOf(params: { brandId?: string }) {
  const id = Number(params.brandId);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2 ** 31 - 1)
    throw new Response("Not found", { status: 404 });
  return id;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const answer = await adminRequest<{ brand: Detail | null }>(
    request,
    context,
    `query($id: Int!) { brand(brandId: $id) { brandId name alias active version productCount descriptions { languageId text } } }`,
    { id: idOf(params) },
  );
  if (answer.error === "UNAUTHENTICATED") throw redirect("/admin/sign-in");
  if (!answer.data?.brand) throw new Response("Not found", { status: 404 });
  return { brand: answer.data.brand };
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
      `mutation($id: Int!, $v: Int!) { deleteBrand(brandId: $id, version: $v) { id } }`,
      vars,
    );
    if (!answer.error) throw redirect("/admin/brands?deleted=1");
    const ext = answer.errorExtensions ?? {};
    return formAnswer("delete", null, answer, {
      ...values,
      "in.children": "0",
      "in.products": String(ext.products ?? 0),
      "in.menus": String(ext.menus ?? 0),
    });
  }
  const answer = await adminRequest(
    request,
    context,
    `mutation($id: Int!, $v: Int!, $input: AdminBrandInput!) { updateBrand(brandId: $id, version: $v, input: $input) { version } }`,
    { ...vars, input: brandInputOf(values) },
  );
  return formAnswer("update", null, answer, values);
}

export function meta() {
  return [{ title: "Mili · Brand" }];
}

export default function Brand({ loaderData, actionData }: Route.ComponentProps) {
  const { t, may } = useAdminT();
  const { brand } = loaderData;
  const answer = (actionData ?? null) as FormAnswer | null;
  const editable = may("catalog.edit");
  return (
    <>
      <p className="mb-2">
        <Link to="/admin/brands" className="underline">
          {t("brand.back")}
        </Link>
      </p>
      <h1 className="mb-4 text-2xl font-bold">{t("brand.title", { name: brand.name })}</h1>
      {!editable ? <Notice kind="error">{t("structure.readOnly")}</Notice> : null}
      <Outcome answer={answer} okText={t("structure.saved")} />
      <Form method="post" className="max-w-3xl" key={brand.version}>
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="version" value={brand.version} />
        <fieldset disabled={!editable}>
          <BrandFields
            t={t}
            idPrefix="brand"
            brand={brand}
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
            {t("brand.delete")}
          </h2>
          <p className="mb-2 text-sm">{t("brand.deleteHelp")}</p>
          <Form method="post">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="version" value={brand.version} />
            <button type="submit" className={button}>
              {t("brand.delete")}
            </button>
          </Form>
        </section>
      ) : null}
    </>
  );
}

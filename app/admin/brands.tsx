import { Form, Link, redirect } from "react-router";
import type { Route } from "./+types/brands";
import { adminRequest } from "./api.server.ts";
import { DataTable, Pager } from "./data-table.tsx";
import { type FormAnswer, formAnswer, formValues } from "./product-form.tsx";
import { BrandFields, type BrandValues, brandInputOf, Outcome } from "./structure-form.tsx";
import { Notice, primary, useAdminT } from "./ui.tsx";

/**
 * /admin/brands (issue 15, decision 0056): brands by name, searchable by name or alias, 50 a page; a new brand
 * below the list. Open a brand to edit or delete it. Support reads; owner and staff change.
 */
const PAGE = 50;

interface Row {
  brandId: number;
  name: string;
  alias: string;
  active: boolean;
  productCount: number;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = url.searchParams.get("q")?.slice(0, 200) ?? "";
  const page = Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  const answer = await adminRequest<{ brands: { total: number; brands: Row[] } }>(
    request,
    context,
    `query($q: String, $skip: Int, $take: Int) { brands(search: $q, skip: $skip, take: $take) {
      total brands { brandId name alias active productCount } } }`,
    { q: q || null, skip: (page - 1) * PAGE, take: PAGE },
  );
  if (answer.error === "UNAUTHENTICATED") throw redirect("/admin/sign-in");
  return {
    q,
    page,
    total: answer.data?.brands.total ?? 0,
    rows: answer.data?.brands.brands ?? [],
    created: url.searchParams.get("created"),
    deleted: url.searchParams.get("deleted") === "1",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const answer = await adminRequest<{ createBrand: { id: number } }>(
    request,
    context,
    `mutation($input: AdminBrandInput!) { createBrand(input: $input) { id } }`,
    { input: brandInputOf(values) },
  );
  const id = answer.data?.createBrand.id;
  if (id) throw redirect(`/admin/brands?created=${id}`);
  return formAnswer("create", null, answer, values);
}

export function meta() {
  return [{ title: "Mili · Brands" }];
}

const NEW_BRAND: BrandValues = { name: "", alias: "", active: true, descriptions: [] };

export default function Brands({ loaderData, actionData }: Route.ComponentProps) {
  const { t, may } = useAdminT();
  const { q, page, total, rows, created, deleted } = loaderData;
  const answer = (actionData ?? null) as FormAnswer | null;
  const to = Math.min(total, page * PAGE);
  const link = (p: number) =>
    `/admin/brands?${new URLSearchParams({ ...(q ? { q } : {}), page: String(p) })}`;
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold">{t("brands.title")}</h1>
      {created && !answer ? <Notice kind="ok">{t("brands.created")}</Notice> : null}
      {deleted && !answer ? <Notice kind="ok">{t("brands.deleted")}</Notice> : null}
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3" role="search">
        <p>
          <label htmlFor="brand-q" className="block text-sm font-medium">
            {t("brands.search")}
          </label>
          <input
            id="brand-q"
            name="q"
            type="search"
            defaultValue={q}
            className="mt-1 rounded border border-stone-500 bg-white px-2 py-1"
          />
        </p>
        <button type="submit" className={primary}>
          {t("brands.searchSubmit")}
        </button>
      </Form>
      {rows.length === 0 ? (
        <p>{t("brands.none")}</p>
      ) : (
        <DataTable
          caption={t("brands.caption", { total })}
          rows={rows}
          rowKey={(r) => r.brandId}
          columns={[
            {
              id: "name",
              header: t("structure.name"),
              cell: (r) => (
                <Link to={`/admin/brands/${r.brandId}`} className="font-medium underline">
                  {r.name}
                </Link>
              ),
            },
            { id: "alias", header: t("structure.alias"), cell: (r) => `/b/${r.alias}` },
            { id: "products", header: t("brands.products"), numeric: true, cell: (r) => r.productCount },
            {
              id: "status",
              header: t("brands.status"),
              cell: (r) => (r.active ? t("structure.visible") : t("structure.hidden")),
            },
          ]}
        />
      )}
      <Pager
        label={t("brands.title")}
        previous={page > 1 ? link(page - 1) : null}
        next={to < total ? link(page + 1) : null}
        previousText={t("orders.previous")}
        nextText={t("orders.next")}
      />
      {may("catalog.edit") ? (
        <section
          aria-labelledby="new-brand"
          className="mt-8 max-w-3xl rounded border border-stone-300 bg-white p-4"
        >
          <h2 id="new-brand" className="mb-2 text-lg font-semibold">
            {t("brands.new")}
          </h2>
          <Outcome answer={answer} okText={t("brands.created")} />
          <Form method="post" key={created ?? "new"}>
            <BrandFields t={t} idPrefix="new-brand" brand={NEW_BRAND} answer={answer} />
            <button type="submit" className={primary}>
              {t("brands.create")}
            </button>
          </Form>
        </section>
      ) : null}
    </>
  );
}

import { Form, Link } from "react-router";
import type { Route } from "./+types/products";
import { adminRequest } from "./api.server.ts";
import { DataTable, Pager } from "./data-table.tsx";
import { primary, useAdminT, When } from "./ui.tsx";

/**
 * /admin/products (issue 15 "Catalog: products", decision 0043): search by name, article number, GTIN or SKU id;
 * filter by category, brand and active; sort by a column's header; 25 a page. The state is in the URL.
 */
const PAGE = 25;
const SORTS = ["name", "articleNumber", "stock", "updated", "id"] as const;
type Sort = (typeof SORTS)[number];

interface Row {
  productId: number;
  articleNumber: string;
  name: string;
  brand: string | null;
  active: boolean;
  skuCount: number;
  stock: number;
  updatedAt: string;
}

const positive = (s: string | null) => {
  const n = Number.parseInt(s ?? "", 10);
  return Number.isSafeInteger(n) && n > 0 && n < 2 ** 31 ? n : null;
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = url.searchParams.get("q")?.slice(0, 200) ?? "";
  const categoryId = positive(url.searchParams.get("category"));
  const brandId = positive(url.searchParams.get("brand"));
  const activeParam = url.searchParams.get("active");
  const active = activeParam === "yes" ? true : activeParam === "no" ? false : null;
  const sortParam = url.searchParams.get("sort") ?? "";
  const sort: Sort = (SORTS as readonly string[]).includes(sortParam) ? (sortParam as Sort) : "name";
  const descending = url.searchParams.get("dir") === "desc";
  const page = Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  const answer = await adminRequest<{
    products: { total: number; products: Row[] };
    catalogChoices: { brands: { id: number; name: string }[]; categories: { id: number; name: string }[] };
  }>(
    request,
    context,
    `query($q: String, $c: Int, $b: Int, $a: Boolean, $sort: AdminProductSort, $d: Boolean, $skip: Int, $take: Int) {
      products(search: $q, categoryId: $c, brandId: $b, active: $a, sort: $sort, descending: $d, skip: $skip, take: $take) {
        total products { productId articleNumber name type brand active skuCount stock updatedAt } }
      catalogChoices { brands { id name } categories { id name } } }`,
    {
      q: q || null,
      c: categoryId,
      b: brandId,
      a: active,
      sort,
      d: descending,
      skip: (page - 1) * PAGE,
      take: PAGE,
    },
  );
  return {
    params: {
      q,
      categoryId,
      brandId,
      active: activeParam === "yes" || activeParam === "no" ? activeParam : "",
    },
    sort,
    descending,
    page,
    total: answer.data?.products.total ?? 0,
    products: answer.data?.products.products ?? [],
    choices: answer.data?.catalogChoices ?? { brands: [], categories: [] },
  };
}

export function meta() {
  return [{ title: "Mili · Products" }];
}

const field = "mt-1 rounded border border-stone-500 bg-white px-2 py-1";

export default function Products({ loaderData }: Route.ComponentProps) {
  const { t, lang, may } = useAdminT();
  const { params, sort, descending, page, total, products, choices } = loaderData;
  const from = total === 0 ? 0 : (page - 1) * PAGE + 1;
  const to = Math.min(total, page * PAGE);
  const link = (changes: Record<string, string | null>) => {
    const search = new URLSearchParams();
    if (params.q) search.set("q", params.q);
    if (params.categoryId) search.set("category", String(params.categoryId));
    if (params.brandId) search.set("brand", String(params.brandId));
    if (params.active) search.set("active", params.active);
    if (sort !== "name") search.set("sort", sort);
    if (descending) search.set("dir", "desc");
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) search.delete(key);
      else search.set(key, value);
    }
    const text = search.toString();
    return `/admin/products${text ? `?${text}` : ""}`;
  };
  const sortHref = (by: Sort) =>
    link({ sort: by === "name" ? null : by, dir: by === sort && !descending ? "desc" : null, page: null });
  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t("products.title")}</h1>
        {may("catalog.edit") ? (
          <Link to="/admin/products/new" className={primary}>
            {t("products.new")}
          </Link>
        ) : null}
      </div>
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3" role="search">
        <p>
          <label htmlFor="products-q" className="block text-sm font-medium">
            {t("products.search")}
          </label>
          <input id="products-q" name="q" type="search" defaultValue={params.q} className={field} />
        </p>
        <p>
          <label htmlFor="products-category" className="block text-sm font-medium">
            {t("products.category")}
          </label>
          <select
            id="products-category"
            name="category"
            defaultValue={params.categoryId ?? ""}
            className={`${field} max-w-64`}
          >
            <option value="">{t("products.allCategories")}</option>
            {choices.categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </p>
        <p>
          <label htmlFor="products-brand" className="block text-sm font-medium">
            {t("products.brand")}
          </label>
          <select id="products-brand" name="brand" defaultValue={params.brandId ?? ""} className={field}>
            <option value="">{t("products.allBrands")}</option>
            {choices.brands.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </select>
        </p>
        <p>
          <label htmlFor="products-active" className="block text-sm font-medium">
            {t("products.state")}
          </label>
          <select id="products-active" name="active" defaultValue={params.active} className={field}>
            <option value="">{t("products.all")}</option>
            <option value="yes">{t("products.onlyActive")}</option>
            <option value="no">{t("products.onlyInactive")}</option>
          </select>
        </p>
        {sort !== "name" ? <input type="hidden" name="sort" value={sort} /> : null}
        {descending ? <input type="hidden" name="dir" value="desc" /> : null}
        <button type="submit" className={primary}>
          {t("orders.filter")}
        </button>
      </Form>
      {products.length === 0 ? (
        <p>{t("products.none")}</p>
      ) : (
        <DataTable
          caption={t("orders.count", { from, to, total })}
          rows={products}
          rowKey={(p) => p.productId}
          sort={{ by: sort, descending }}
          columns={[
            {
              id: "name",
              header: t("products.name"),
              sortHref: sortHref("name"),
              cell: (p) => (
                <Link to={`/admin/products/${p.productId}`} className="font-medium underline">
                  {p.name || `#${p.productId}`}
                </Link>
              ),
            },
            {
              id: "articleNumber",
              header: t("products.articleNumber"),
              sortHref: sortHref("articleNumber"),
              cell: (p) => p.articleNumber,
            },
            { id: "brand", header: t("products.brand"), cell: (p) => p.brand ?? "–" },
            {
              id: "active",
              header: t("products.state"),
              cell: (p) => (p.active ? t("products.active") : t("products.inactive")),
            },
            { id: "skus", header: t("products.skus"), numeric: true, cell: (p) => p.skuCount },
            {
              id: "stock",
              header: t("products.stock"),
              numeric: true,
              sortHref: sortHref("stock"),
              cell: (p) => p.stock,
            },
            {
              id: "updated",
              header: t("products.updated"),
              sortHref: sortHref("updated"),
              cell: (p) => <When iso={p.updatedAt} lang={lang} />,
            },
          ]}
        />
      )}
      <Pager
        label={t("products.title")}
        previous={page > 1 ? link({ page: String(page - 1) }) : null}
        next={to < total ? link({ page: String(page + 1) }) : null}
        previousText={t("orders.previous")}
        nextText={t("orders.next")}
      />
    </>
  );
}

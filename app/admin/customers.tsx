import { Form, Link } from "react-router";
import type { Route } from "./+types/customers";
import { adminRequest } from "./api.server.ts";
import { DataTable, Pager } from "./data-table.tsx";
import { Notice, primary, useAdminT, When } from "./ui.tsx";

/** /admin/customers: live accounts by e-mail or name, 25 a page (issue 15 "Customers"). */
const PAGE = 25;
interface Row {
  customerId: number;
  email: string;
  name: string;
  customerType: string;
  blocked: boolean;
  createdAt: string;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const search = url.searchParams.get("q")?.slice(0, 200) ?? "";
  const page = Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  const answer = await adminRequest<{ customers: { total: number; customers: Row[] } }>(
    request,
    context,
    `query($q: String, $skip: Int, $take: Int) { customers(search: $q, skip: $skip, take: $take) {
      total customers { customerId email name customerType blocked createdAt } } }`,
    { q: search || null, skip: (page - 1) * PAGE, take: PAGE },
  );
  const erased = url.searchParams.get("erased") === "1";
  return { search, page, erased, ...(answer.data?.customers ?? { total: 0, customers: [] }) };
}

export function meta() {
  return [{ title: "Mili · Customers" }];
}

export default function Customers({ loaderData }: Route.ComponentProps) {
  const { t, lang } = useAdminT();
  const { search, page, total, customers, erased } = loaderData;
  const from = total === 0 ? 0 : (page - 1) * PAGE + 1;
  const to = Math.min(total, page * PAGE);
  const pageLink = (p: number) => `/admin/customers?${new URLSearchParams({ q: search, page: String(p) })}`;
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold">{t("customers.title")}</h1>
      {erased && <Notice kind="ok">{t("customer.erased")}</Notice>}
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3" role="search">
        <p>
          <label htmlFor="customers-q" className="block text-sm font-medium">
            {t("customers.search")}
          </label>
          <input
            id="customers-q"
            name="q"
            type="search"
            defaultValue={search}
            className="mt-1 rounded border border-stone-500 px-2 py-1"
          />
        </p>
        <button type="submit" className={primary}>
          {t("orders.filter")}
        </button>
      </Form>
      {customers.length === 0 ? (
        <p>{t("customers.none")}</p>
      ) : (
        <DataTable
          caption={t("orders.count", { from, to, total })}
          rows={customers}
          rowKey={(c) => c.customerId}
          columns={[
            {
              id: "email",
              header: t("customers.email"),
              cell: (c) => (
                <>
                  <Link to={`/admin/customers/${c.customerId}`} className="font-medium underline">
                    {c.email}
                  </Link>
                  {c.blocked ? ` (${t("customer.blocked")})` : ""}
                </>
              ),
            },
            { id: "name", header: t("customers.name"), cell: (c) => c.name },
            { id: "type", header: t("customers.type"), cell: (c) => c.customerType },
            {
              id: "since",
              header: t("customers.since"),
              cell: (c) => <When iso={c.createdAt} lang={lang} />,
            },
          ]}
        />
      )}
      <Pager
        label={t("customers.title")}
        previous={page > 1 ? pageLink(page - 1) : null}
        next={to < total ? pageLink(page + 1) : null}
        previousText={t("orders.previous")}
        nextText={t("orders.next")}
      />
    </>
  );
}

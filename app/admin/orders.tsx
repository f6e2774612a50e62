import { Form, Link } from "react-router";
import { ORDER_STATUSES } from "#domain/order-status.ts";
import type { Route } from "./+types/orders";
import { adminRequest } from "./api.server.ts";
import type { AdminTextKey } from "./texts.ts";
import { button, Money, primary, table, td, th, useAdminT, When } from "./ui.tsx";

/** /admin/orders: search (order number, e-mail, name), filter by status, 25 a page (issue 15 "Orders"). */
const PAGE = 25;

interface Row {
  orderId: number;
  orderNumber: string | null;
  status: string;
  email: string;
  name: string;
  marketAlias: string;
  currencyCode: string;
  totalMinor: number;
  createdAt: string;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const search = url.searchParams.get("q")?.slice(0, 200) ?? "";
  const status = url.searchParams.get("status") ?? "";
  const page = Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  const statuses = (ORDER_STATUSES as readonly string[]).includes(status) ? [status] : null;
  const answer = await adminRequest<{ orders: { total: number; orders: Row[] } }>(
    request,
    context,
    `query($q: String, $s: [OrderStatus!], $skip: Int, $take: Int) {
      orders(search: $q, statuses: $s, skip: $skip, take: $take) {
        total orders { orderId orderNumber status email name marketAlias currencyCode totalMinor createdAt } } }`,
    { q: search || null, s: statuses, skip: (page - 1) * PAGE, take: PAGE },
  );
  return {
    search,
    status: statuses ? status : "",
    page,
    ...(answer.data?.orders ?? { total: 0, orders: [] }),
  };
}

export function meta() {
  return [{ title: "Mili · Orders" }];
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { t, lang } = useAdminT();
  const { search, status, page, total, orders } = loaderData;
  const from = total === 0 ? 0 : (page - 1) * PAGE + 1;
  const to = Math.min(total, page * PAGE);
  const pageLink = (p: number) => {
    const params = new URLSearchParams();
    if (search) params.set("q", search);
    if (status) params.set("status", status);
    params.set("page", String(p));
    return `/admin/orders?${params}`;
  };
  return (
    <>
      <h1 className="mb-4 text-2xl font-bold">{t("orders.title")}</h1>
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3" role="search">
        <p>
          <label htmlFor="orders-q" className="block text-sm font-medium">
            {t("orders.search")}
          </label>
          <input
            id="orders-q"
            name="q"
            type="search"
            defaultValue={search}
            className="mt-1 rounded border border-stone-500 px-2 py-1"
          />
        </p>
        <p>
          <label htmlFor="orders-status" className="block text-sm font-medium">
            {t("orders.status")}
          </label>
          <select
            id="orders-status"
            name="status"
            defaultValue={status}
            className="mt-1 rounded border border-stone-500 bg-white px-2 py-1"
          >
            <option value="">{t("orders.allStatuses")}</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}` as AdminTextKey)}
              </option>
            ))}
          </select>
        </p>
        <button type="submit" className={primary}>
          {t("orders.filter")}
        </button>
      </Form>
      {orders.length === 0 ? (
        <p>{t("orders.none")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className={table}>
            <caption className="mb-2 text-left text-sm">{t("orders.count", { from, to, total })}</caption>
            <thead>
              <tr>
                <th className={th}>{t("orders.number")}</th>
                <th className={th}>{t("orders.date")}</th>
                <th className={th}>{t("orders.customer")}</th>
                <th className={th}>{t("orders.status")}</th>
                <th className={th}>{t("orders.market")}</th>
                <th className={`${th} text-right`}>{t("orders.total")}</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((o) => (
                <tr key={o.orderId}>
                  <td className={td}>
                    <Link to={`/admin/orders/${o.orderId}`} className="font-medium underline">
                      {o.orderNumber ?? `#${o.orderId}`}
                    </Link>
                  </td>
                  <td className={td}>
                    <When iso={o.createdAt} lang={lang} />
                  </td>
                  <td className={td}>
                    {o.name}
                    <br />
                    <small>{o.email}</small>
                  </td>
                  <td className={td}>{t(`status.${o.status}` as AdminTextKey)}</td>
                  <td className={td}>{o.marketAlias}</td>
                  <td className={`${td} text-right`}>
                    <Money minor={o.totalMinor} currency={o.currencyCode} lang={lang} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav aria-label={t("orders.title")} className="mt-4 flex gap-3">
        {page > 1 && (
          <Link to={pageLink(page - 1)} className={button}>
            {t("orders.previous")}
          </Link>
        )}
        {to < total && (
          <Link to={pageLink(page + 1)} className={button}>
            {t("orders.next")}
          </Link>
        )}
      </nav>
    </>
  );
}

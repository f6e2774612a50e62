import { Form, Link } from "react-router";
import { ORDER_STATUSES } from "#domain/order-status.ts";
import type { Route } from "./+types/orders";
import { adminRequest } from "./api.server.ts";
import { DataTable, Pager } from "./data-table.tsx";
import type { AdminTextKey } from "./texts.ts";
import { Money, primary, useAdminT, When } from "./ui.tsx";

/**
 * /admin/orders: search (order number, e-mail, name), filter by status and by withdrawal request (open, handled,
 * any; decision 0050), 25 a page (issue 15 "Orders").
 */
const WITHDRAWAL = ["open", "handled", "any"] as const;
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
  withdrawnAt: string | null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const search = url.searchParams.get("q")?.slice(0, 200) ?? "";
  const status = url.searchParams.get("status") ?? "";
  const page = Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  const statuses = (ORDER_STATUSES as readonly string[]).includes(status) ? [status] : null;
  const w = url.searchParams.get("withdrawal") ?? "";
  const withdrawal = (WITHDRAWAL as readonly string[]).includes(w) ? w : null;
  const answer = await adminRequest<{ orders: { total: number; orders: Row[] } }>(
    request,
    context,
    `query($q: String, $s: [OrderStatus!], $w: AdminWithdrawalFilter, $skip: Int, $take: Int) {
      orders(search: $q, statuses: $s, withdrawal: $w, skip: $skip, take: $take) {
        total orders { orderId orderNumber status email name marketAlias currencyCode totalMinor createdAt withdrawnAt } } }`,
    { q: search || null, s: statuses, w: withdrawal, skip: (page - 1) * PAGE, take: PAGE },
  );
  return {
    search,
    status: statuses ? status : "",
    withdrawal: withdrawal ?? "",
    page,
    ...(answer.data?.orders ?? { total: 0, orders: [] }),
  };
}

export function meta() {
  return [{ title: "Mili · Orders" }];
}

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { t, lang } = useAdminT();
  const { search, status, withdrawal, page, total, orders } = loaderData;
  const from = total === 0 ? 0 : (page - 1) * PAGE + 1;
  const to = Math.min(total, page * PAGE);
  const pageLink = (p: number) => {
    const params = new URLSearchParams();
    if (search) params.set("q", search);
    if (status) params.set("status", status);
    if (withdrawal) params.set("withdrawal", withdrawal);
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
        <p>
          <label htmlFor="orders-withdrawal" className="block text-sm font-medium">
            {t("orders.withdrawal")}
          </label>
          <select
            id="orders-withdrawal"
            name="withdrawal"
            defaultValue={withdrawal}
            className="mt-1 rounded border border-stone-500 bg-white px-2 py-1"
          >
            <option value="">{t("orders.withdrawalAll")}</option>
            <option value="open">{t("orders.withdrawalOpen")}</option>
            <option value="handled">{t("orders.withdrawalHandled")}</option>
            <option value="any">{t("orders.withdrawalAny")}</option>
          </select>
        </p>
        <button type="submit" className={primary}>
          {t("orders.filter")}
        </button>
      </Form>
      {orders.length === 0 ? (
        <p>{t("orders.none")}</p>
      ) : (
        <DataTable
          caption={t("orders.count", { from, to, total })}
          rows={orders}
          rowKey={(o) => o.orderId}
          columns={[
            {
              id: "number",
              header: t("orders.number"),
              cell: (o) => (
                <Link to={`/admin/orders/${o.orderId}`} className="font-medium underline">
                  {o.orderNumber ?? `#${o.orderId}`}
                </Link>
              ),
            },
            { id: "date", header: t("orders.date"), cell: (o) => <When iso={o.createdAt} lang={lang} /> },
            {
              id: "customer",
              header: t("orders.customer"),
              cell: (o) => (
                <>
                  {o.name}
                  <br />
                  <small>{o.email}</small>
                </>
              ),
            },
            {
              id: "status",
              header: t("orders.status"),
              cell: (o) => (
                <>
                  {t(`status.${o.status}` as AdminTextKey)}
                  {o.withdrawnAt && (
                    <>
                      <br />
                      <small>
                        {t("orders.withdrawnOn")} <When iso={o.withdrawnAt} lang={lang} />
                      </small>
                    </>
                  )}
                </>
              ),
            },
            { id: "market", header: t("orders.market"), cell: (o) => o.marketAlias },
            {
              id: "total",
              header: t("orders.total"),
              numeric: true,
              cell: (o) => <Money minor={o.totalMinor} currency={o.currencyCode} lang={lang} />,
            },
          ]}
        />
      )}
      <Pager
        label={t("orders.title")}
        previous={page > 1 ? pageLink(page - 1) : null}
        next={to < total ? pageLink(page + 1) : null}
        previousText={t("orders.previous")}
        nextText={t("orders.next")}
      />
    </>
  );
}

import { Link } from "react-router";
import { formatDate, formatMoney } from "#domain/format.ts";
import { Address } from "../components/account/address.tsx";
import { Withdrawal, type WithdrawalActionData } from "../components/order/withdrawal.tsx";
import { type AccountKey, useAccountT } from "../i18n/account.ts";
import { useOrderT } from "../i18n/order.ts";
import { accountLoader, accountMeta } from "../lib/account-screen.ts";
import { privateHeaders } from "../lib/cache.ts";
import { GetOrdersQuery } from "../lib/graphql/account-operations.ts";
import { requestClient } from "../lib/graphql/server.ts";
import { withdrawalAction, withdrawalView } from "../lib/order-withdrawal.server.ts";
import { href } from "../lib/page-locale.ts";
import { useRoot } from "../lib/use-root.ts";
import type { Route } from "./+types/account-orders";

/**
 * The account's orders (getOrders), newest first: status, lines with the names they were sold under, total,
 * addresses, refunds, and the withdrawal function of each order within its withdrawal period (two steps, posted to
 * this page's action; components/order/withdrawal.tsx).
 */
export const loader = accountLoader("account-orders", async (client, locale) => {
  const { data } = await client.request(GetOrdersQuery);
  return {
    orders: (data.getOrders ?? []).flatMap((o) =>
      o
        ? [
            {
              ...o,
              placed: o.createdAt ? formatDate(o.createdAt, locale) : null,
              withdrawal: withdrawalView(o.withdrawal, locale),
              refunds: (o.refunds ?? []).flatMap((r) =>
                r
                  ? [
                      {
                        ...r,
                        date: formatDate(r.createdAt, locale),
                        amount: formatMoney(Math.round(r.total * 100), o.currency ?? "NOK", locale),
                      },
                    ]
                  : [],
              ),
            },
          ]
        : [],
    ),
  };
});

export async function action({ request, context }: Route.ActionArgs) {
  const { client, rc } = requestClient(request, context);
  const result = await withdrawalAction(client, rc, await request.formData());
  if (!result) throw new Response("Unknown intent", { status: 400 });
  return result;
}

export const meta = accountMeta("account.orders.heading");
export const headers = privateHeaders;

const STATUSES = ["received", "processing", "completed", "cancelled", "refunded"] as const;

export default function AccountOrders({ loaderData, actionData }: Route.ComponentProps) {
  const t = useAccountT();
  const orderT = useOrderT();
  const root = useRoot();
  const orders = loaderData.data?.orders ?? [];
  return (
    <main id="main">
      <h1 className="text-3xl font-bold" tabIndex={-1}>
        {t("account.orders.heading")}
      </h1>
      {orders.length === 0 ? (
        <p className="mt-4" data-orders-empty>
          {t("orders.empty")}
        </p>
      ) : (
        <ol className="mt-4 space-y-6" data-orders>
          {orders.map((order) => {
            const status = order.status.toLowerCase() as (typeof STATUSES)[number];
            const statusText = STATUSES.includes(status)
              ? t(`orders.status.${status}` as AccountKey)
              : order.status;
            return (
              <li
                key={order.publicId}
                className="rounded border border-stone-300 p-4"
                data-order={order.publicId}
              >
                <h2 className="text-xl font-bold">
                  {/* The order's own page: the whole order, printable, the same page the e-mail links to. */}
                  <Link
                    to={href(root.locale, `/order/${encodeURIComponent(order.publicId)}`)}
                    className="underline underline-offset-2"
                  >
                    {t("orders.order", { id: order.orderNumber ?? order.id ?? order.publicId })}
                  </Link>
                </h2>
                <p className="text-sm text-stone-700">
                  {order.placed ? t("orders.placed", { date: order.placed }) : null}
                </p>
                <p className="mt-1">
                  {t("orders.status")}: <strong data-order-status={status}>{statusText}</strong>
                </p>
                {order.cart && order.cart.items.length > 0 ? (
                  <>
                    <h3 className="mt-3 font-semibold">{t("orders.lines")}</h3>
                    <ul className="mt-1">
                      {order.cart.items.map((item, index) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered; the line's id is not asked for, to keep GetOrders within the cost budget at 50 orders of 100 lines.
                        <li key={index} className="flex justify-between gap-4" data-order-line>
                          <span>{t("orders.line", { quantity: item.quantity, name: item.name ?? "" })}</span>
                          <span>{item.totalPrice.sellingPriceIncVatFormatted}</span>
                        </li>
                      ))}
                    </ul>
                    <p className="mt-2 flex justify-between gap-4 font-semibold">
                      <span>{t("orders.total")}</span>
                      <span>{order.cart.summary.total.sellingPriceIncVatFormatted}</span>
                    </p>
                  </>
                ) : null}
                <div className="mt-3 grid gap-4 sm:grid-cols-2">
                  {order.billingAddress ? (
                    <div>
                      <h3 className="font-semibold">{t("orders.billing")}</h3>
                      <Address address={order.billingAddress} />
                    </div>
                  ) : null}
                  {order.shippingAddress ? (
                    <div>
                      <h3 className="font-semibold">{t("orders.shipping")}</h3>
                      <Address address={order.shippingAddress} />
                    </div>
                  ) : null}
                </div>
                {(order.shippingDetails ?? []).map((d) =>
                  d?.trackingLink ? (
                    <p key={d.id} className="mt-2">
                      <a className="underline" href={d.trackingLink} rel="noopener noreferrer">
                        {t("orders.tracking")}: {d.name}
                      </a>
                    </p>
                  ) : null,
                )}
                {order.refunds.length > 0 ? (
                  <>
                    <h3 className="mt-3 font-semibold">{t("orders.refunds")}</h3>
                    <ul>
                      {order.refunds.map((r) => (
                        <li key={r.id}>
                          {t("orders.refund", { date: r.date, amount: r.amount })}
                          {r.reason ? ` – ${r.reason}` : ""}
                        </li>
                      ))}
                    </ul>
                  </>
                ) : null}
                <Withdrawal
                  t={orderT}
                  publicId={order.publicId}
                  orderNumber={order.orderNumber ?? String(order.id ?? order.publicId)}
                  withdrawal={order.withdrawal}
                  actionData={actionData as WithdrawalActionData | undefined}
                  headingLevel={3}
                />
              </li>
            );
          })}
        </ol>
      )}
    </main>
  );
}

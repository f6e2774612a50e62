import { Form, Link } from "react-router";
import type { Route } from "./+types/order";
import { adminRequest } from "./api.server.ts";
import { type AdminTextKey, errorText } from "./texts.ts";
import { Money, Notice, primary, table, td, th, useAdminT, When } from "./ui.tsx";

/** /admin/orders/:orderId: the order, its lines and history, and the moves the order state machine allows. */
interface Detail {
  order: {
    orderId: number;
    orderNumber: string | null;
    status: string;
    paymentStatus: string;
    email: string;
    name: string;
    currencyCode: string;
    totalMinor: number;
    createdAt: string;
    nextStatuses: string[];
  };
  phone: string | null;
  shippingMethod: string | null;
  paymentMethod: string | null;
  lines: {
    articleNumber: string;
    name: string;
    skuName: string | null;
    quantity: number;
    lineTotalMinor: number;
  }[];
  history: { fromStatus: string | null; toStatus: string; reason: string | null; at: string }[];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const orderId = Number(params.orderId);
  if (!Number.isSafeInteger(orderId) || orderId < 1 || orderId > 2 ** 31 - 1)
    throw new Response("Not found", { status: 404 });
  const answer = await adminRequest<{ order: Detail | null }>(
    request,
    context,
    `query($id: Int!) { order(orderId: $id) {
      order { orderId orderNumber status paymentStatus email name currencyCode totalMinor createdAt nextStatuses }
      phone shippingMethod paymentMethod
      lines { articleNumber name skuName quantity lineTotalMinor }
      history { fromStatus toStatus reason at } } }`,
    { id: orderId },
  );
  if (!answer.data?.order) throw new Response("Not found", { status: 404 });
  return { detail: answer.data.order };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await request.formData();
  const status = String(form.get("status") ?? "");
  const answer = await adminRequest(
    request,
    context,
    "mutation($id: Int!, $s: OrderStatus!) { changeOrderStatus(orderId: $id, status: $s) }",
    { id: Number(params.orderId), s: status },
  );
  return { status, error: answer.error };
}

export function meta() {
  return [{ title: "Mili · Order" }];
}

export default function Order({ loaderData, actionData }: Route.ComponentProps) {
  const { t, lang, may } = useAdminT();
  const { order, lines, history } = loaderData.detail;
  const statusText = (s: string) => t(`status.${s}` as AdminTextKey);
  return (
    <>
      <p className="mb-2">
        <Link to="/admin/orders" className="underline">
          {t("order.back")}
        </Link>
      </p>
      <h1 className="mb-4 text-2xl font-bold">
        {t("order.title", { number: order.orderNumber ?? `#${order.orderId}` })}
      </h1>
      {actionData &&
        (actionData.error ? (
          <Notice kind="error">{errorText(t, actionData.error)}</Notice>
        ) : (
          <Notice kind="ok">{t("order.moved", { status: statusText(actionData.status) })}</Notice>
        ))}
      <dl className="mb-6 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1">
        <dt className="font-medium">{t("orders.status")}</dt>
        <dd>{statusText(order.status)}</dd>
        <dt className="font-medium">{t("orders.date")}</dt>
        <dd>
          <When iso={order.createdAt} lang={lang} />
        </dd>
        <dt className="font-medium">{t("orders.customer")}</dt>
        <dd>
          {order.name} · {order.email}
        </dd>
        <dt className="font-medium">{t("order.payment")}</dt>
        <dd>
          {loaderData.detail.paymentMethod ?? "–"} ({order.paymentStatus})
        </dd>
        <dt className="font-medium">{t("orders.total")}</dt>
        <dd>
          <Money minor={order.totalMinor} currency={order.currencyCode} lang={lang} />
        </dd>
      </dl>
      <section aria-labelledby="move-heading" className="mb-6">
        <h2 id="move-heading" className="mb-2 text-xl font-semibold">
          {t("order.move")}
        </h2>
        {order.nextStatuses.length === 0 ? (
          <p>{t("order.final")}</p>
        ) : (
          <Form method="post" className="flex flex-wrap gap-2">
            {order.nextStatuses.map((s) => (
              <button
                key={s}
                type="submit"
                name="status"
                value={s}
                className={primary}
                disabled={!may("order.status")}
              >
                {t("order.moveTo", { status: statusText(s) })}
              </button>
            ))}
          </Form>
        )}
      </section>
      <section aria-labelledby="lines-heading" className="mb-6">
        <h2 id="lines-heading" className="mb-2 text-xl font-semibold">
          {t("order.lines")}
        </h2>
        <div className="overflow-x-auto">
          <table className={table}>
            <thead>
              <tr>
                <th className={th}>{t("order.article")}</th>
                <th className={th}>{t("customers.name")}</th>
                <th className={`${th} text-right`}>{t("order.quantity")}</th>
                <th className={`${th} text-right`}>{t("orders.total")}</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((l) => (
                <tr key={`${l.articleNumber}-${l.name}`}>
                  <td className={td}>{l.articleNumber}</td>
                  <td className={td}>
                    {l.name}
                    {l.skuName ? ` (${l.skuName})` : ""}
                  </td>
                  <td className={`${td} text-right`}>{l.quantity}</td>
                  <td className={`${td} text-right`}>
                    <Money minor={l.lineTotalMinor} currency={order.currencyCode} lang={lang} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section aria-labelledby="history-heading">
        <h2 id="history-heading" className="mb-2 text-xl font-semibold">
          {t("order.history")}
        </h2>
        <ol className="list-inside list-decimal">
          {history.map((h) => (
            <li key={`${h.at}-${h.toStatus}`}>
              <When iso={h.at} lang={lang} />: {h.fromStatus ? `${statusText(h.fromStatus)} → ` : ""}
              {statusText(h.toStatus)}
              {h.reason ? ` (${h.reason})` : ""}
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}

import { Form, Link } from "react-router";
import type { Route } from "./+types/order";
import { adminRequest } from "./api.server.ts";
import { type RefundableLine, RefundForm } from "./order-refund.tsx";
import { type AdminTextKey, errorText } from "./texts.ts";
import { button, Money, Notice, primary, table, td, th, useAdminT, When } from "./ui.tsx";

/**
 * /admin/orders/:orderId: the order, its lines and history; ship it (captures the payment), move it along the order
 * state machine, refund lines and/or shipping, resend its e-mails, handle its withdrawal, print its packing slip
 * (decisions 0037, 0050).
 */
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
    customerId: number | null;
    withdrawnAt: string | null;
    withdrawalReceivedAt: string | null;
    nextStatuses: string[];
  };
  phone: string | null;
  shippingMethod: string | null;
  paymentMethod: string | null;
  capturedMinor: number;
  refundedMinor: number;
  shippingFeeMinor: number;
  shippingRefunded: boolean;
  lines: (RefundableLine & { vatMinor: number })[];
  history: { fromStatus: string | null; toStatus: string; reason: string | null; at: string }[];
  refunds: { refundId: number; amountMinor: number; method: string; actor: string | null; at: string }[];
  pendingRefunds: { refundId: number; amountMinor: number; actor: string | null; at: string }[];
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const orderId = Number(params.orderId);
  if (!Number.isSafeInteger(orderId) || orderId < 1 || orderId > 2 ** 31 - 1)
    throw new Response("Not found", { status: 404 });
  const answer = await adminRequest<{ order: Detail | null }>(
    request,
    context,
    `query($id: Int!) { order(orderId: $id) {
      order { orderId orderNumber status paymentStatus email name currencyCode totalMinor createdAt customerId
        withdrawnAt withdrawalReceivedAt nextStatuses }
      phone shippingMethod paymentMethod capturedMinor refundedMinor shippingFeeMinor shippingRefunded
      lines { lineId articleNumber name skuName quantity refundedQuantity lineTotalMinor vatMinor }
      history { fromStatus toStatus reason at }
      refunds { refundId amountMinor method actor at }
      pendingRefunds { refundId amountMinor actor at } } }`,
    { id: orderId },
  );
  if (!answer.data?.order) throw new Response("Not found", { status: 404 });
  const url = new URL(request.url);
  // A fresh key per page view: submitting this form twice (a double click, a resent POST) is one refund / e-mail.
  return {
    detail: answer.data.order,
    key: crypto.randomUUID(),
    prefillAll: url.searchParams.get("refund") === "all",
  };
}

type Intent = "status" | "ship" | "refund" | "resend" | "received" | "check";

export async function action({ request, context, params }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "status") as Intent;
  const id = Number(params.orderId);
  const key = String(form.get("key") ?? "");
  if (intent === "ship") {
    const answer = await adminRequest(
      request,
      context,
      "mutation($id: Int!) { markOrderShipped(orderId: $id) }",
      {
        id,
      },
    );
    return { intent, error: answer.error, message: messageOf(answer.errorExtensions) };
  }
  if (intent === "refund") {
    const lines = [...form.keys()]
      .filter((k) => k.startsWith("qty-"))
      .map((k) => ({ lineId: Number(k.slice(4)), quantity: Number(form.get(k) || 0) }))
      .filter((l) => Number.isSafeInteger(l.lineId) && l.quantity !== 0)
      .map((l) => ({ ...l, quantity: Number.isSafeInteger(l.quantity) ? l.quantity : -1 }));
    const answer = await adminRequest<{ refundOrder: { amountMinor: number; repeated: boolean } }>(
      request,
      context,
      `mutation($input: AdminRefundInput!) { refundOrder(input: $input) { amountMinor repeated status } }`,
      {
        input: {
          orderId: id,
          key,
          lines,
          shipping: form.get("shipping") === "1",
          method: form.get("method") === "balance" ? "balance" : "provider",
          returnToStock: form.get("returnToStock") === "1",
          reason: String(form.get("reason") ?? "").slice(0, 500) || null,
        },
      },
    );
    return {
      intent,
      error: answer.error,
      message: messageOf(answer.errorExtensions),
      refunded: answer.data?.refundOrder ?? null,
      // After an error the form keeps its key: a retry of a refund whose outcome is unknown (the provider did not
      // answer) is answered by the provider's idempotency, not made twice.
      retryKey: answer.error ? key : null,
    };
  }
  if (intent === "check") {
    // A refund whose provider call went unanswered: ask the provider and settle it (decision 0065).
    const answer = await adminRequest<{ checkRefund: { outcome: string; repeated: boolean } }>(
      request,
      context,
      "mutation($id: Int!) { checkRefund(refundId: $id) { outcome repeated } }",
      { id: Number(form.get("refundId")) },
    );
    return {
      intent,
      error: answer.error,
      message: messageOf(answer.errorExtensions),
      checked: answer.data?.checkRefund ?? null,
    };
  }
  if (intent === "resend") {
    const answer = await adminRequest(
      request,
      context,
      "mutation($id: Int!, $e: AdminOrderEmail!, $k: String!) { resendOrderEmail(orderId: $id, email: $e, key: $k) }",
      { id, e: form.get("email") === "withdrawal" ? "withdrawal" : "confirmation", k: key },
    );
    return { intent, error: answer.error, message: messageOf(answer.errorExtensions) };
  }
  if (intent === "received") {
    const answer = await adminRequest(
      request,
      context,
      "mutation($id: Int!) { markWithdrawalReceived(orderId: $id) }",
      {
        id,
      },
    );
    return { intent, error: answer.error, message: messageOf(answer.errorExtensions) };
  }
  const status = String(form.get("status") ?? "");
  const answer = await adminRequest(
    request,
    context,
    "mutation($id: Int!, $s: OrderStatus!) { changeOrderStatus(orderId: $id, status: $s) }",
    { id, s: status },
  );
  return { intent, status, error: answer.error, message: messageOf(answer.errorExtensions) };
}

/** The API's message in the admin's language, when it gave one (refunds, captures). */
function messageOf(extensions: Record<string, unknown> | null): string | null {
  return typeof extensions?.message === "string" ? extensions.message : null;
}

export function meta() {
  return [{ title: "Mili · Order" }];
}

const REFUNDABLE = new Set(["received", "processing", "completed"]);

export default function Order({ loaderData, actionData }: Route.ComponentProps) {
  const { t, lang, may } = useAdminT();
  const { detail, key, prefillAll } = loaderData;
  const refundKey =
    actionData && "retryKey" in actionData && actionData.retryKey ? actionData.retryKey : loaderData.key;
  const { order, lines, history, refunds, pendingRefunds } = detail;
  const statusText = (s: string) => t(`status.${s}` as AdminTextKey);
  const money = (minor: number) => <Money minor={minor} currency={order.currencyCode} lang={lang} />;
  const fmt = (minor: number) =>
    new Intl.NumberFormat(lang === "en" ? "en-GB" : lang === "sv" ? "sv-SE" : "nb-NO", {
      style: "currency",
      currency: order.currencyCode,
    }).format(minor / 100);
  const okText = (): string => {
    if (!actionData) return "";
    if (actionData.intent === "ship") return t("order.shipped");
    if (actionData.intent === "resend") return t("order.resent");
    if (actionData.intent === "received") return t("order.receivedDone");
    if (actionData.intent === "check" && "checked" in actionData && actionData.checked) {
      const { outcome, repeated } = actionData.checked;
      if (repeated) return t("refundCheck.repeated");
      return t(
        outcome === "completed"
          ? "refundCheck.completed"
          : outcome === "failed"
            ? "refundCheck.failed"
            : "refundCheck.unknown",
      );
    }
    if (actionData.intent === "refund" && "refunded" in actionData && actionData.refunded)
      return t(actionData.refunded.repeated ? "order.refundRepeated" : "order.refundDone", {
        amount: fmt(actionData.refunded.amountMinor),
      });
    return t("order.moved", { status: statusText("status" in actionData ? String(actionData.status) : "") });
  };
  const canShip = (order.status === "received" || order.status === "processing") && may("order.status");
  const canRefund = REFUNDABLE.has(order.status) && may("order.refund");
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
          <Notice kind="error">{actionData.message ?? errorText(t, actionData.error)}</Notice>
        ) : (
          <Notice kind="ok">{okText()}</Notice>
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
          {detail.paymentMethod ?? "–"} ({order.paymentStatus})
        </dd>
        <dt className="font-medium">{t("orders.total")}</dt>
        <dd>{money(order.totalMinor)}</dd>
        <dt className="font-medium">{t("order.captured")}</dt>
        <dd>{money(detail.capturedMinor)}</dd>
        <dt className="font-medium">{t("order.refunded")}</dt>
        <dd>{money(detail.refundedMinor)}</dd>
      </dl>
      <p className="mb-6">
        <Link to={`/admin/orders/${order.orderId}/packing-slip`} className="underline">
          {t("order.openPackingSlip")}
        </Link>
      </p>
      {order.withdrawnAt && (
        <section aria-labelledby="withdrawal-heading" className="mb-6 rounded border border-amber-700 p-3">
          <h2 id="withdrawal-heading" className="mb-2 text-xl font-semibold">
            {t("order.withdrawalTitle")}
          </h2>
          <p>
            {t("order.withdrawnAt")} <When iso={order.withdrawnAt} lang={lang} />.
          </p>
          {order.withdrawalReceivedAt ? (
            <p>
              {t("order.withdrawalReceivedAt")} <When iso={order.withdrawalReceivedAt} lang={lang} />.
            </p>
          ) : (
            <p>{t("order.withdrawalWaiting")}</p>
          )}
          <div className="mt-2 flex flex-wrap gap-2">
            {!order.withdrawalReceivedAt && may("order.status") && (
              <Form method="post">
                <input type="hidden" name="intent" value="received" />
                <button type="submit" className={button}>
                  {t("order.markReceived")}
                </button>
              </Form>
            )}
            {canRefund && (
              <Link to="?refund=all#refund-heading" className={button}>
                {t("order.refundPerRequest")}
              </Link>
            )}
          </div>
        </section>
      )}
      {canShip && (
        <section aria-labelledby="ship-heading" className="mb-6">
          <h2 id="ship-heading" className="mb-2 text-xl font-semibold">
            {t("order.ship")}
          </h2>
          <Form method="post" className="flex flex-wrap items-center gap-3">
            <input type="hidden" name="intent" value="ship" />
            <button type="submit" className={primary}>
              {t("order.shipButton")}
            </button>
            <span className="text-sm">{t("order.shipHelp")}</span>
          </Form>
        </section>
      )}
      <section aria-labelledby="move-heading" className="mb-6">
        <h2 id="move-heading" className="mb-2 text-xl font-semibold">
          {t("order.move")}
        </h2>
        {order.nextStatuses.length === 0 ? (
          <p>{t("order.final")}</p>
        ) : (
          <Form method="post" className="flex flex-wrap gap-2">
            <input type="hidden" name="intent" value="status" />
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
                <th className={`${th} text-right`}>{t("order.refunded")}</th>
                <th className={`${th} text-right`}>{t("orders.total")}</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((l) => (
                <tr key={l.lineId}>
                  <td className={td}>{l.articleNumber}</td>
                  <td className={td}>
                    {l.name}
                    {l.skuName ? ` (${l.skuName})` : ""}
                  </td>
                  <td className={`${td} text-right`}>{l.quantity}</td>
                  <td className={`${td} text-right`}>{l.refundedQuantity}</td>
                  <td className={`${td} text-right`}>{money(l.lineTotalMinor)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      {canRefund && (
        <section aria-labelledby="refund-heading" className="mb-6">
          <h2 id="refund-heading" className="mb-2 text-xl font-semibold">
            {t("order.refund")}
          </h2>
          <RefundForm
            // Made anew (units back to 0, or all that is left) only when a refund was made or the prefill asked for;
            // another action (shipping, a withdrawal received) keeps what the admin has typed and where the focus is.
            key={`${refunds.length}-${pendingRefunds.length}-${prefillAll}`}
            t={t}
            lang={lang}
            currency={order.currencyCode}
            lines={lines}
            shippingFeeMinor={detail.shippingFeeMinor}
            shippingRefunded={detail.shippingRefunded}
            hasAccount={order.customerId !== null}
            refundKey={refundKey}
            prefillAll={prefillAll}
          />
        </section>
      )}
      {pendingRefunds.length > 0 && (
        <section
          aria-labelledby="pending-refunds-heading"
          className="mb-6 rounded border border-amber-700 p-3"
        >
          <h2 id="pending-refunds-heading" className="mb-2 text-xl font-semibold">
            {t("refundCheck.title")}
          </h2>
          <p className="mb-2">{t("refundCheck.help")}</p>
          <table className={table}>
            <thead>
              <tr>
                <th className={th}>{t("refundCheck.asked")}</th>
                <th className={`${th} text-right`}>{t("order.refundAmount")}</th>
                <th className={th}>{t("order.refundWho")}</th>
                <th className={th}>
                  <span className="sr-only">{t("refundCheck.title")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {pendingRefunds.map((r) => (
                <tr key={r.refundId}>
                  <td className={td}>
                    <When iso={r.at} lang={lang} />
                  </td>
                  <td className={`${td} text-right`}>{money(r.amountMinor)}</td>
                  <td className={td}>{r.actor ?? "–"}</td>
                  <td className={td}>
                    {may("order.refund") && (
                      <Form method="post">
                        <input type="hidden" name="intent" value="check" />
                        <input type="hidden" name="refundId" value={r.refundId} />
                        <button type="submit" className={button}>
                          {t("refundCheck.button", { id: r.refundId })}
                        </button>
                      </Form>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      <section aria-labelledby="refunds-heading" className="mb-6">
        <h2 id="refunds-heading" className="mb-2 text-xl font-semibold">
          {t("order.refunds")}
        </h2>
        {refunds.length === 0 ? (
          <p>{t("order.refundNone")}</p>
        ) : (
          <table className={table}>
            <thead>
              <tr>
                <th className={th}>{t("order.refundWhen")}</th>
                <th className={`${th} text-right`}>{t("order.refundAmount")}</th>
                <th className={th}>{t("order.refundHow")}</th>
                <th className={th}>{t("order.refundWho")}</th>
              </tr>
            </thead>
            <tbody>
              {refunds.map((r) => (
                <tr key={r.refundId}>
                  <td className={td}>
                    <When iso={r.at} lang={lang} />
                  </td>
                  <td className={`${td} text-right`}>{money(r.amountMinor)}</td>
                  <td className={td}>
                    {r.method === "balance" ? t("order.methodBalance") : t("order.methodProvider")}
                  </td>
                  <td className={td}>{r.actor ?? "–"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      {may("order.email") && order.orderNumber && (
        <section aria-labelledby="emails-heading" className="mb-6">
          <h2 id="emails-heading" className="mb-2 text-xl font-semibold">
            {t("order.emails")}
          </h2>
          <div className="flex flex-wrap gap-2">
            <Form method="post">
              <input type="hidden" name="intent" value="resend" />
              <input type="hidden" name="email" value="confirmation" />
              <input type="hidden" name="key" value={`${key}-c`} />
              <button type="submit" className={button}>
                {t("order.resendConfirmation")}
              </button>
            </Form>
            {order.withdrawnAt && (
              <Form method="post">
                <input type="hidden" name="intent" value="resend" />
                <input type="hidden" name="email" value="withdrawal" />
                <input type="hidden" name="key" value={`${key}-w`} />
                <button type="submit" className={button}>
                  {t("order.resendWithdrawal")}
                </button>
              </Form>
            )}
          </div>
        </section>
      )}
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

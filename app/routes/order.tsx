import { formatDate, formatMoney } from "#domain/format.ts";
import { Address } from "../components/account/address.tsx";
import { Withdrawal, type WithdrawalActionData } from "../components/order/withdrawal.tsx";
import { orderTranslator, statusText, useOrderT } from "../i18n/order.ts";
import { privateHeaders } from "../lib/cache.ts";
import { GetOrderPublicQuery } from "../lib/graphql/order-operations.ts";
import { requestClient } from "../lib/graphql/server.ts";
import { withdrawalAction, withdrawalView } from "../lib/order-withdrawal.server.ts";
import { pageMeta, samePathAlternates } from "../lib/seo.ts";
import type { Route } from "./+types/order";

/**
 * /order/{publicId}: a placed order opened from the link in its confirmation e-mail (issue 13). The public id is
 * the secret (a random UUID), so a guest needs no account; the page is private and never cached, and not indexed.
 * It shows the order as it was bought (the order's snapshot) and the withdrawal function while the order is within
 * its withdrawal period. An unknown id is the localized not-found page (404).
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function notFound(): never {
  throw new Response(null, { status: 404, statusText: "Not Found" });
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const publicId = params.publicId ?? "";
  if (!UUID.test(publicId)) notFound();
  const { client, locale, url } = requestClient(request, context);
  const { data } = await client.request(GetOrderPublicQuery, { publicOrderId: publicId });
  const o = data.getOrderPublic;
  if (!o) notFound();
  const lang = locale.languageId;
  const currency = o.currency ?? "NOK";
  return {
    locale,
    origin: url.origin,
    alternates: samePathAlternates(`/order/${publicId}`),
    order: {
      ...o,
      number: o.orderNumber ?? o.publicId,
      placed: o.createdAt ? formatDate(o.createdAt, lang, { style: "long" }) : null,
      withdrawal: withdrawalView(o.withdrawal, lang),
      refunds: (o.refunds ?? []).flatMap((r) =>
        r
          ? [
              {
                date: formatDate(r.createdAt, lang),
                amount: formatMoney(Math.round(r.total * 100), currency, lang),
                reason: r.reason,
              },
            ]
          : [],
      ),
    },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { client, rc } = requestClient(request, context);
  const result = await withdrawalAction(client, rc, await request.formData());
  if (!result) throw new Response("Unknown intent", { status: 400 });
  return result;
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const t = orderTranslator(loaderData.locale.lang);
  return pageMeta({
    title: `${t("order.heading", { number: loaderData.order.number })} | Mili`,
    noindex: true,
    ...loaderData,
  });
}

export const headers = privateHeaders;

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useOrderT();
  const { order } = loaderData;
  const summary = order.cart?.summary;
  const payment = (order.paymentDetails ?? []).find((p) => p?.displayName)?.displayName;
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-8" data-order-page={order.publicId}>
      <h1 className="text-3xl font-bold" tabIndex={-1}>
        {t("order.heading", { number: order.number })}
      </h1>
      <p className="mt-1 text-stone-700">{order.placed ? t("order.placed", { date: order.placed }) : null}</p>
      <p className="mt-1">
        {t("order.status")}:{" "}
        <strong data-order-status={order.status.toLowerCase()}>{statusText(t, order.status)}</strong>
      </p>

      <Withdrawal
        t={t}
        publicId={order.publicId}
        orderNumber={order.number}
        withdrawal={order.withdrawal}
        actionData={actionData as WithdrawalActionData | undefined}
      />

      <section aria-labelledby="order-lines" className="mt-8">
        <h2 id="order-lines" className="text-xl font-bold">
          {t("order.lines")}
        </h2>
        <table className="mt-2 w-full text-left" data-order-lines>
          <thead>
            <tr className="border-b border-stone-300">
              <th scope="col" className="py-1 pr-2">
                {t("order.col.product")}
              </th>
              <th scope="col" className="py-1 pr-2">
                {t("order.col.articleNumber")}
              </th>
              <th scope="col" className="py-1 pr-2 text-right">
                {t("order.col.quantity")}
              </th>
              <th scope="col" className="py-1 pr-2 text-right">
                {t("order.col.unitPrice")}
              </th>
              <th scope="col" className="py-1 text-right">
                {t("order.col.total")}
              </th>
            </tr>
          </thead>
          <tbody>
            {(order.cart?.items ?? []).map((item, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the order's lines in their order, never reordered.
              <tr key={index} className="border-b border-stone-200" data-order-line>
                <td className="py-1 pr-2">
                  <span data-line-name>{item.name}</span>
                  {item.skuName ? (
                    <span className="block text-sm text-stone-700">
                      {t("order.size", { size: item.skuName })}
                    </span>
                  ) : null}
                </td>
                <td className="py-1 pr-2" data-line-article>
                  {item.articleNumber}
                </td>
                <td className="py-1 pr-2 text-right" data-line-quantity>
                  {item.quantity}
                </td>
                <td className="py-1 pr-2 text-right">{item.unitPrice.sellingPriceIncVatFormatted}</td>
                <td className="py-1 text-right" data-line-total>
                  {item.totalPrice.sellingPriceIncVatFormatted}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      {summary ? (
        <section aria-labelledby="order-summary" className="mt-6">
          <h2 id="order-summary" className="text-xl font-bold">
            {t("order.summary")}
          </h2>
          <dl className="mt-2 space-y-1" data-order-summary>
            <div className="flex justify-between gap-4">
              <dt>{t("order.subTotal")}</dt>
              <dd>{summary.subTotal.sellingPriceIncVatFormatted}</dd>
            </div>
            {summary.total.isDiscounted ? (
              <div className="flex justify-between gap-4">
                <dt>
                  {order.promoCode ? t("order.promoCode", { code: order.promoCode }) : t("order.discount")}
                </dt>
                <dd>−{summary.total.discountIncVatFormatted}</dd>
              </div>
            ) : null}
            <div className="flex justify-between gap-4">
              <dt>{t("order.shippingFee")}</dt>
              <dd data-order-shipping-fee>{summary.shipping.feeIncVatFormatted}</dd>
            </div>
            <div className="flex justify-between gap-4 font-semibold">
              <dt>{t("order.total")}</dt>
              <dd data-order-total>{summary.total.sellingPriceIncVatFormatted}</dd>
            </div>
            <div className="flex justify-between gap-4 text-sm">
              <dt>{t("order.vat")}</dt>
              <dd data-order-vat>{summary.total.vatFormatted}</dd>
            </div>
            {order.fromBalance > 0 ? (
              <>
                <div className="flex justify-between gap-4">
                  <dt>{t("order.fromBalance")}</dt>
                  <dd>−{summary.balance.pendingFormatted}</dd>
                </div>
                <div className="flex justify-between gap-4 font-semibold">
                  <dt>{t("order.toPay")}</dt>
                  <dd>{summary.balance.totalSellingPriceExBalanceIncVatFormatted}</dd>
                </div>
              </>
            ) : null}
          </dl>
        </section>
      ) : null}

      <div className="mt-6 grid gap-6 sm:grid-cols-2">
        {payment ? (
          <section aria-labelledby="order-payment">
            <h2 id="order-payment" className="text-lg font-bold">
              {t("order.payment")}
            </h2>
            <p data-order-payment>{payment}</p>
          </section>
        ) : null}
        {(order.shippingDetails ?? []).length > 0 ? (
          <section aria-labelledby="order-shipping">
            <h2 id="order-shipping" className="text-lg font-bold">
              {t("order.shipping")}
            </h2>
            {(order.shippingDetails ?? []).map((d, index) =>
              d ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: one shipment per order, in order.
                <p key={index} data-order-shipping>
                  {d.trackingLink ? (
                    <a className="underline" href={d.trackingLink} rel="noopener noreferrer">
                      {t("order.tracking")}: {d.name}
                    </a>
                  ) : (
                    d.name
                  )}
                </p>
              ) : null,
            )}
          </section>
        ) : null}
        {order.billingAddress ? (
          <section aria-labelledby="order-billing">
            <h2 id="order-billing" className="text-lg font-bold">
              {t("order.billing")}
            </h2>
            <Address address={order.billingAddress} />
          </section>
        ) : null}
        {order.shippingAddress ? (
          <section aria-labelledby="order-delivery">
            <h2 id="order-delivery" className="text-lg font-bold">
              {t("order.delivery")}
            </h2>
            <Address address={order.shippingAddress} />
          </section>
        ) : null}
      </div>

      {order.message ? (
        <section aria-labelledby="order-message" className="mt-6">
          <h2 id="order-message" className="text-lg font-bold">
            {t("order.message")}
          </h2>
          <p>{order.message}</p>
        </section>
      ) : null}

      {order.refunds.length > 0 ? (
        <section aria-labelledby="order-refunds" className="mt-6">
          <h2 id="order-refunds" className="text-lg font-bold">
            {t("order.refunds")}
          </h2>
          <ul data-order-refunds>
            {order.refunds.map((r, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the refunds in their order, never reordered.
              <li key={index}>
                {t("order.refund", { date: r.date, amount: r.amount })}
                {r.reason ? ` – ${r.reason}` : ""}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  );
}

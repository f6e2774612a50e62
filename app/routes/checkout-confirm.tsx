import { useEffect } from "react";
import { data, Link, redirect } from "react-router";
import { formatMoney } from "#domain/format.ts";
import { checkoutTranslator, useCheckoutT } from "../i18n/checkout.ts";
import { PRIVATE_PAGE } from "../lib/cache.ts";
import { eventBus } from "../lib/client/event-bus.ts";
import { COOKIES, readCookie, serializeCookie } from "../lib/cookies.ts";
import { ConfirmCheckoutQuery } from "../lib/graphql/checkout-operations.ts";
import type { ResultOf } from "../lib/graphql/graphql.ts";
import { requestClient } from "../lib/graphql/server.ts";
import type { Lang } from "../lib/locale.ts";
import { href, hrefInLanguage } from "../lib/page-locale.ts";
import { pageMeta, samePathAlternates } from "../lib/seo.ts";
import { useRoot } from "../lib/use-root.ts";
import type { Route } from "./+types/checkout-confirm";

/**
 * /checkout/confirm: the order confirmation (issue 13), for `?kid=…` (the hosted checkout's order: confirmed here
 * as its push would, idempotently) or `?oid=…&cartid=…` (the own form's order). Reading it again changes nothing:
 * the API completes the cart only once, the local cart (the mili-cart cookie and the cart store) is reset only
 * when it is this order's cart, and the analytics `purchase` event is pushed once per order.
 */

type Confirmed = NonNullable<ResultOf<typeof ConfirmCheckoutQuery>["checkout"]>;
type Order = NonNullable<Confirmed["order"]>;

const ID = /^[\w.:-]{1,100}$/;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { client, locale, url, rc } = requestClient(request, context);
  const kid = url.searchParams.get("kid");
  const oid = url.searchParams.get("oid");
  const cartId = url.searchParams.get("cartid");
  const base = { locale, origin: url.origin, alternates: samePathAlternates("/checkout/confirm") };
  const notFound = () =>
    data(
      { ...base, order: null, amounts: null, nthPurchase: 0, resetCart: false },
      { status: 404, headers: PRIVATE_PAGE },
    );
  const variables =
    kid && ID.test(kid)
      ? { id: kid, paymentType: "KLARNA" as const }
      : oid && ID.test(oid) && cartId && ID.test(cartId)
        ? { id: oid, cartId, paymentType: "STANDARD" as const }
        : null;
  if (!variables) return notFound();
  let answer: Confirmed | null = null;
  try {
    answer = (await client.request(ConfirmCheckoutQuery, variables)).data.checkout;
  } catch (error) {
    rc.log("warn", "the order could not be confirmed", {
      error: error instanceof Error ? error.message : String(error),
    });
  }
  const order = answer?.completed ? answer.order : null;
  if (!answer || !order) return notFound();
  // The hosted checkout returns to one address for every language: show the order in its own language.
  const lang: Lang = order.languageId?.startsWith("sv") ? "sv" : "nb";
  if (kid && lang !== locale.lang && locale.allowedLanguages.includes(lang))
    throw redirect(hrefInLanguage(locale, lang, `/checkout/confirm?kid=${encodeURIComponent(kid)}`));
  const headers = new Headers(PRIVATE_PAGE);
  const local = readCookie(request.headers.get("cookie"), COOKIES.cart);
  const resetCart = Boolean(local && answer.cart?.id && local === answer.cart.id);
  if (resetCart)
    headers.append("Set-Cookie", serializeCookie(COOKIES.cart, "", 0, { secure: url.protocol === "https:" }));
  // Amounts formatted here: the formatter stays out of the browser's bundle (it would split the product card's).
  const currency = order.currency ?? "SEK";
  const money = (value: number) => formatMoney(Math.round(value * 100), currency, locale.languageId);
  const amounts = {
    items: money(order.itemValueIncVat),
    discount: money(order.discountIncVat),
    shipping: money(order.shippingFeeIncVat),
    balance: money(order.balance),
    total: money(order.orderValueIncVat),
    sum: money(order.sum),
    vat: money(order.vat),
    rows: (order.rows ?? []).map((row) => (row ? money(row.totalIncVat) : "")),
  };
  return data({ ...base, order, amounts, nthPurchase: answer.nthPurchase, resetCart }, { headers });
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const t = checkoutTranslator(loaderData.locale.lang);
  return pageMeta({
    title: `${loaderData.order ? t("confirm.heading") : t("confirm.notFound")} | Mili`,
    noindex: true,
    ...loaderData,
  });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

const PURCHASE_SENT = "mili-purchase-sent";

/** The analytics `purchase` event, once per order in this browser (a reload or a second visit sends nothing). */
function pushPurchase(order: Order, nthPurchase: number) {
  let sent: string[] = [];
  try {
    sent = JSON.parse(localStorage.getItem(PURCHASE_SENT) ?? "[]") as string[];
  } catch {
    sent = [];
  }
  if (!Array.isArray(sent)) sent = [];
  const key = order.publicId;
  if (sent.includes(key)) return;
  eventBus.push("purchase", {
    transaction_id: order.orderId,
    currency: order.currency,
    value: order.orderValueIncVat,
    tax: order.vat,
    shipping: order.shippingFeeIncVat,
    coupon: order.promoCode ?? undefined,
    total_discount: order.discountIncVat,
    nth_purchase: nthPurchase,
    country: order.billingAddress?.country || order.marketId.toUpperCase(),
    items: (order.rows ?? []).flatMap((row) =>
      row
        ? [
            {
              item_id: row.articleNumber ?? String(row.skuId ?? ""),
              item_name: row.name ?? "",
              item_variant: row.variant ?? undefined,
              price: row.priceIncVat,
              quantity: row.quantity,
            },
          ]
        : [],
    ),
  });
  try {
    localStorage.setItem(PURCHASE_SENT, JSON.stringify([...sent, key].slice(-50)));
  } catch {
    // Storage blocked: the event may be sent again on a reload, never lost.
  }
}

export default function CheckoutConfirm({ loaderData }: Route.ComponentProps) {
  const root = useRoot();
  const t = useCheckoutT();
  const { order, amounts, nthPurchase } = loaderData;
  useEffect(() => {
    if (!order) return;
    // Once per order. The cart runtime (every page's) reads the cart again on `purchase`: when this order's cart
    // was the tab's, the server dropped its cookie and a new cart starts.
    pushPurchase(order, nthPurchase);
  }, [order, nthPurchase]);
  const checkout = href(root.locale, root.lang === "sv" ? "/kassan" : "/kassen");
  if (!order || !amounts)
    return (
      <main id="main" className="mx-auto max-w-3xl px-4 py-8">
        <h1 className="text-3xl font-bold" tabIndex={-1}>
          {t("confirm.notFound")}
        </h1>
        <p className="mt-4">
          <a className="underline" href={checkout}>
            {t("confirm.back")}
          </a>
        </p>
      </main>
    );
  const rows = (order.rows ?? []).flatMap((row, index) =>
    row ? [{ ...row, total: amounts.rows[index] ?? "" }] : [],
  );
  const billing = order.billingAddress;
  const shipping = order.shippingAddress?.addressLine1 ? order.shippingAddress : null;
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-8" data-confirm={order.orderId}>
      <h1 className="text-3xl font-bold" tabIndex={-1}>
        {t("confirm.heading")}
      </h1>
      <p className="mt-4 text-lg font-semibold" data-order-number>
        {t("confirm.number", { number: order.orderId ?? "" })}
      </p>
      {order.email ? <p className="mt-2">{t("confirm.email", { email: order.email })}</p> : null}
      <section aria-labelledby="confirm-lines" className="mt-8">
        <h2 id="confirm-lines" className="text-xl font-bold">
          {t("confirm.lines")}
        </h2>
        <ul className="mt-3 divide-y divide-stone-200 border-y border-stone-200">
          {rows.map((row) => (
            <li
              key={`${row.skuId}-${row.name}-${row.variant}`}
              className="flex justify-between gap-4 py-3"
              data-order-row
            >
              <span>
                <span className="font-semibold">{row.name}</span>
                {row.variant ? <span className="block text-sm text-stone-700">{row.variant}</span> : null}
                <span className="block text-sm text-stone-700">
                  {t("confirm.quantity", { quantity: row.quantity })}
                </span>
              </span>
              <span>{row.total}</span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="confirm-summary" className="mt-8">
        <h2 id="confirm-summary" className="text-xl font-bold">
          {t("confirm.summary")}
        </h2>
        <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
          <dt>{t("confirm.items")}</dt>
          <dd className="text-right">{amounts.items}</dd>
          {order.discountIncVat > 0 ? (
            <>
              <dt>{t("confirm.discount")}</dt>
              <dd className="text-right">−{amounts.discount}</dd>
            </>
          ) : null}
          <dt>{t("confirm.shipping")}</dt>
          <dd className="text-right" data-shipping-fee>
            {amounts.shipping}
          </dd>
          {order.balance > 0 ? (
            <>
              <dt>{t("confirm.giftCard")}</dt>
              <dd className="text-right">−{amounts.balance}</dd>
            </>
          ) : null}
          <dt className="font-bold">{t("confirm.total")}</dt>
          <dd className="text-right font-bold" data-order-total>
            {amounts.total}
          </dd>
          {order.balance > 0 ? (
            <>
              <dt>{t("confirm.paid")}</dt>
              <dd className="text-right">{amounts.sum}</dd>
            </>
          ) : null}
          <dt className="text-sm text-stone-700">{t("confirm.vat")}</dt>
          <dd className="text-right text-sm text-stone-700">{amounts.vat}</dd>
        </dl>
      </section>
      <section aria-labelledby="confirm-delivery" className="mt-8 grid gap-6 sm:grid-cols-2">
        <h2 id="confirm-delivery" className="sr-only">
          {t("confirm.deliveryMethod")}
        </h2>
        <div>
          <h3 className="font-semibold">{t("confirm.payment")}</h3>
          <p data-payment-name>{order.paymentName}</p>
          {order.shippingOptionId ? (
            <>
              <h3 className="mt-4 font-semibold">{t("confirm.deliveryMethod")}</h3>
              <p>{order.shippingOptionId}</p>
            </>
          ) : null}
        </div>
        <div>
          {billing?.addressLine1 ? (
            <>
              <h3 className="font-semibold">{t("confirm.billing")}</h3>
              <Address address={billing} />
            </>
          ) : null}
          {shipping ? (
            <>
              <h3 className="mt-4 font-semibold">{t("confirm.shippingAddress")}</h3>
              <Address address={shipping} />
            </>
          ) : null}
        </div>
      </section>
      <p className="mt-10 flex flex-wrap gap-6">
        <Link
          className="font-semibold underline"
          to={href(root.locale, `/order/${order.publicId}`)}
          data-order-link
        >
          {t("confirm.orderLink")}
        </Link>
        <Link className="underline" to={href(root.locale, "/")}>
          {t("confirm.continue")}
        </Link>
      </p>
    </main>
  );
}

function Address({ address }: { address: NonNullable<Order["billingAddress"]> }) {
  return (
    <address className="not-italic">
      {address.company ? <span className="block">{address.company}</span> : null}
      <span className="block">
        {address.firstName} {address.lastName}
      </span>
      {address.careOf ? <span className="block">c/o {address.careOf}</span> : null}
      <span className="block">{address.addressLine1}</span>
      <span className="block">
        {address.zip} {address.city}
      </span>
    </address>
  );
}

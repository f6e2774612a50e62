import { data, redirect } from "react-router";
import { formatMoney } from "#domain/format.ts";
import { ConfirmPage } from "../components/checkout/views.tsx";
import { checkoutTranslator } from "../i18n/checkout.ts";
import { PRIVATE_PAGE } from "../lib/cache.ts";
import { COOKIES, readCookie, serializeCookie } from "../lib/cookies.ts";
import { ConfirmCheckoutQuery } from "../lib/graphql/checkout-operations.ts";
import type { ResultOf } from "../lib/graphql/graphql.ts";
import { requestClient } from "../lib/graphql/server.ts";
import type { Lang } from "../lib/locale.ts";
import { hrefInLanguage } from "../lib/page-locale.ts";
import { pageMeta, samePathAlternates } from "../lib/seo.ts";
import type { Route } from "./+types/checkout-confirm";

/**
 * /checkout/confirm: the order confirmation (issue 13), for `?kid=…` (the hosted checkout's order: confirmed here
 * as its push would, idempotently) or `?oid=…&cartid=…` (the own form's order). Reading it again changes nothing:
 * the API completes the cart only once, the local cart (the mili-cart cookie and the cart store) is reset only
 * when it is this order's cart, and the analytics `purchase` event is pushed once per order.
 */

type Confirmed = NonNullable<ResultOf<typeof ConfirmCheckoutQuery>["checkout"]>;

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
  // Without an order in the query the address matches no page: the shop's not-found page (spec §8).
  if (!variables) throw new Response(null, { status: 404, statusText: "Not Found" });
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
  if (kid && lang !== locale.lang)
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

export default function CheckoutConfirm({ loaderData }: Route.ComponentProps) {
  return <ConfirmPage loaderData={loaderData} />;
}

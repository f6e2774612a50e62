import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { useCheckoutT } from "../../i18n/checkout.ts";
import type { CartData } from "../../lib/cart.ts";
import { failureMessage } from "../../lib/cart.ts";
import { eventBus } from "../../lib/client/event-bus.ts";
import type { ConfirmCheckoutQuery } from "../../lib/graphql/checkout-operations.ts";
import type { ResultOf } from "../../lib/graphql/graphql.ts";
import { href } from "../../lib/page-locale.ts";
import { useRoot, useT } from "../../lib/use-root.ts";
import type { Route as CheckoutRoute } from "../../routes/+types/checkout";
import type { Route as ConfirmRoute } from "../../routes/+types/checkout-confirm";
import { cartStore, useCartState } from "../cart/cart-runtime.tsx";
import { CartLines, CartNotices, CartSummary, PromoCodes } from "../cart/cart-view.tsx";
import { deferred } from "../deferred.tsx";
import { pickupPointsOf } from "./pickup-points.ts";

/**
 * The checkout's and the confirmation's pages (app/routes/checkout.tsx, checkout-confirm.tsx), in one module that
 * both routes import: the two screens then reach the same modules, so adding the confirmation splits no shared
 * chunk that every page loads (the event bus would otherwise leave the product card's chunk: more bytes on the
 * home page, whose JavaScript budget is nearly full).
 */

type CheckoutLoaderData = CheckoutRoute.ComponentProps["loaderData"];
type ConfirmLoaderData = ConfirmRoute.ComponentProps["loaderData"];
type Order = NonNullable<NonNullable<ResultOf<typeof ConfirmCheckoutQuery>["checkout"]>["order"]>;

export type { CheckoutActionData } from "./steps.tsx";

/** The form below the cart: a chunk of its own, hydrated after the cart (decision 0060). */
const CheckoutSteps = deferred(() => import("./steps.tsx").then((m) => m.CheckoutSteps));

export function CheckoutPage({ loaderData }: { loaderData: CheckoutLoaderData }) {
  const root = useRoot();
  const t = useT();
  const state = useCartState(loaderData.cart);
  useEffect(() => {
    cartStore.hydrate(loaderData.cart);
  }, [loaderData.cart]);
  const cart = state.cart;
  const { flash } = loaderData;
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-8">
      <h1 className="text-3xl font-bold" tabIndex={-1}>
        {t("checkout.heading")}
      </h1>
      <ol className="mt-4 flex gap-4 text-sm text-stone-700" aria-label={t("checkout.steps")}>
        <li aria-current="step" className="font-semibold text-stone-900">
          1. {t("checkout.step.cart")}
        </li>
        <li>2. {t("checkout.step.delivery")}</li>
        <li>3. {t("checkout.step.payment")}</li>
      </ol>
      <div id="cart" className="mt-6 space-y-2">
        <div role="status">
          {flash.status === "added" ? (
            <p className="rounded bg-green-50 p-3 text-sm">{t("cart.addedPlain")}</p>
          ) : null}
          {flash.status === "updated" ? (
            <p className="rounded bg-green-50 p-3 text-sm">{t("cart.updated")}</p>
          ) : null}
        </div>
        {flash.failure ? (
          <p
            role="alert"
            className="rounded bg-red-50 p-3 text-sm font-medium text-red-800"
            data-cart-error={flash.failure.reason}
          >
            {failureMessage(t, flash.failure)}
          </p>
        ) : null}
        {loaderData.loadFailed ? (
          <p role="alert" className="rounded bg-red-50 p-3 text-sm text-red-800">
            {t("cart.loadFailed")}
          </p>
        ) : null}
      </div>
      {cart && cart.items.length > 0 ? (
        <>
          <div className="mt-4 grid gap-8 md:grid-cols-[1fr_18rem]" data-cart-page>
            <section aria-labelledby="cart-heading">
              <h2 id="cart-heading" className="sr-only">
                {t("cart.heading")}
              </h2>
              <CartNotices
                cart={cart}
                error={state.error}
                changed={state.changed}
                itemsChanged={state.itemsChanged}
              />
              <CartLines cart={cart} groups={state.groups} />
            </section>
            <aside className="space-y-6" aria-label={t("cart.summary")}>
              <PromoCodes cart={cart} />
              <CartSummary cart={cart} />
            </aside>
          </div>
          <BeginCheckout cart={cart} />
          <CheckoutSteps key={root.lang} data={loaderData} />
        </>
      ) : (
        <div className="mt-6" data-cart-page="empty">
          <p>{t("cart.empty")}</p>
          <p className="mt-2">
            <Link className="underline" to={href(root.locale, "/")}>
              {t("cart.continueShopping")}
            </Link>
          </p>
        </div>
      )}
    </main>
  );
}

/** The analytics `begin_checkout` event, once per visit of the checkout with the cart's items. */
function BeginCheckout({ cart }: { cart: CartData }) {
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    eventBus.push("begin_checkout", {
      currency: cart.currency,
      value: cart.summary?.total?.sellingPriceIncVat ?? 0,
      coupon: cart.promoCode ?? undefined,
      items: cart.items.map((item) => ({
        item_id: item.product?.articleNumber ?? String(item.skuId),
        item_name: item.product?.name ?? "",
        price: item.unitPrice?.sellingPriceIncVat ?? 0,
        quantity: item.quantity,
        discount_percent: item.unitPrice?.discountPercentage,
      })),
    });
  }, [cart]);
  return null;
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
    // In the clear on the page's bus only: the data layer gets SHA-256 hashes (decision 0042).
    user: {
      email: order.email,
      first_name: order.billingAddress?.firstName,
      last_name: order.billingAddress?.lastName,
      zip: order.billingAddress?.zip,
    },
    items: (order.rows ?? []).flatMap((row) =>
      row
        ? [
            {
              item_id: row.articleNumber ?? String(row.skuId ?? ""),
              item_name: row.name ?? "",
              item_variant: row.variant ?? undefined,
              price: row.priceIncVat,
              // The reduction shown when ordering: the item's sales_type (decision 0042).
              discount_percent: row.discountPercentage,
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

export function ConfirmPage({ loaderData }: { loaderData: ConfirmLoaderData }) {
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
  const confirmPoint = pickupPointsOf(order.pickupPoint ? `[${order.pickupPoint}]` : null)[0];
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
          {t("confirm.details")}
        </h2>
        <div>
          <h3 className="font-semibold">{t("confirm.payment")}</h3>
          <p data-payment-name>{order.paymentName}</p>
          {order.shippingName ? (
            <>
              <h3 className="mt-4 font-semibold">{t("confirm.shippingMethod")}</h3>
              <p data-shipping-name>{order.shippingName}</p>
              {confirmPoint ? (
                <p className="text-sm text-stone-700" data-pickup-address>
                  {confirmPoint.address}, {confirmPoint.zip} {confirmPoint.city}
                </p>
              ) : null}
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

import { type ChangeEvent, type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { data, Form, Link, redirect, useActionData, useFetcher, useNavigation } from "react-router";
import { checkoutCountry } from "#domain/checkout.ts";
import { cartStore, useCartState } from "../components/cart/cart-runtime.tsx";
import { CartLines, CartNotices, CartSummary, PromoCodes } from "../components/cart/cart-view.tsx";
import { type CheckoutTranslate, checkoutTranslator, useCheckoutT } from "../i18n/checkout.ts";
import { translator } from "../i18n/index.ts";
import { PRIVATE_PAGE } from "../lib/cache.ts";
import { cartClient, readCart } from "../lib/cart.server.ts";
import type { CartData } from "../lib/cart.ts";
import { failureFromQuery, failureMessage } from "../lib/cart.ts";
import {
  type CheckoutForm,
  checkoutFormProblems,
  inputOfField,
  readCheckoutForm,
} from "../lib/checkout-form.ts";
import { checkoutApiTexts } from "../lib/checkout-texts.server.ts";
import { eventBus } from "../lib/client/event-bus.ts";
import { channelContext } from "../lib/context.ts";
import { COOKIES, ONE_YEAR, readCookie, serializeCookie } from "../lib/cookies.ts";
import { GetUserQuery } from "../lib/graphql/account-operations.ts";
import { CreateOrUpdateCheckoutMutation, PlaceOrderMutation } from "../lib/graphql/checkout-operations.ts";
import { GraphqlClientError, type GraphqlErrorEntry } from "../lib/graphql/client.ts";
import type { ResultOf } from "../lib/graphql/graphql.ts";
import { href } from "../lib/page-locale.ts";
import { pageMeta, screenAlternates } from "../lib/seo.ts";
import { useRoot, useT } from "../lib/use-root.ts";
import type { Route } from "./+types/checkout";

/**
 * /kassen and /sv/kassan: the cart, then the checkout of spec §1/§2/§3/§5 (issue 13). Rendered on the server from
 * the shopper's cart and stored checkout, so it works without JavaScript: the checkout form posts to this route's
 * action (an "Oppdater" button shows the delivery and payment options; placing an invoice order redirects to
 * /checkout/confirm). With JavaScript every change is sent at once (debounced, one at a time, the latest form
 * wins) and the same form is placed without a reload. A hosted payment (Klarna) shows the provider's snippet.
 */

type CheckoutView = NonNullable<ResultOf<typeof CreateOrUpdateCheckoutMutation>["createOrUpdateCheckout"]>;
type User = NonNullable<ResultOf<typeof GetUserQuery>["getUser"]>;

interface Market {
  alias: string;
  name: string;
  country: string | null;
}

/** The channel's markets a shopper may check out in (not virtual), and the one this checkout is in. */
function marketsOf(context: Route.LoaderArgs["context"]): Market[] {
  const channel = context.get(channelContext);
  return (channel?.markets ?? [])
    .filter((m) => !m.virtual)
    .map((m) => ({ alias: m.alias, name: m.country?.name ?? m.alias, country: m.country?.code ?? null }));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { client, id, vars, locale, url, rc } = cartClient(request, context, true);
  const cookies = request.headers.get("cookie");
  const markets = marketsOf(context);
  // The stored checkout first (the shipping choice is put on the cart), then the cart as it now is.
  let checkout: CheckoutView | null = null;
  if (id) {
    try {
      const answer = await client.request(CreateOrUpdateCheckoutMutation, {
        cartId: id,
        ...{ marketId: vars.marketId },
      });
      checkout = answer.data.createOrUpdateCheckout;
    } catch (error) {
      rc.log("warn", "the checkout could not be read", {
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  const [{ cart, failure, headers }, user] = await Promise.all([
    readCart(request, context, { checkout: true, refresh: true }),
    readCookie(cookies, COOKIES.auth)
      ? client.request(GetUserQuery).then(
          (r) => r.data.getUser,
          () => null,
        )
      : Promise.resolve(null),
  ]);
  return data(
    {
      locale,
      origin: url.origin,
      alternates: screenAlternates("checkout"),
      cart,
      checkout: cart && cart.items.length > 0 ? checkout : null,
      user: user ? userDefaults(user) : null,
      markets,
      market: vars.marketId,
      texts: checkoutApiTexts(locale.lang),
      customerType: checkout?.customerType ?? vars.customerType,
      loadFailed: failure !== null,
      flash: { status: url.searchParams.get("cart"), failure: failureFromQuery(url.searchParams) },
    },
    { headers },
  );
}

function userDefaults(user: User) {
  const a = user.address;
  return {
    email: user.email,
    customerType: user.customerType === "ORGANIZATION" ? "ORGANIZATION" : "PERSON",
    identityNumber: (user.customerType === "ORGANIZATION" ? user.organizationId : user.personalId) ?? "",
    firstName: a?.firstName ?? "",
    lastName: a?.lastName ?? "",
    careOf: a?.careOf ?? "",
    addressLine1: a?.addressLine1 ?? "",
    zip: a?.zip ?? "",
    city: a?.city ?? "",
    entryCode: a?.entryCode ?? "",
    phone: a?.mobile || a?.phone || "",
    company: a?.company ?? "",
  };
}

/** What the action answers the page: each input's problem as text, and a refusal of the whole order. */
export interface CheckoutActionData {
  problems: Record<string, string>;
  refusal: { code: string; reason: string | null; message: string; at: "cart" | "payment" | "form" } | null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = readCheckoutForm(form);
  const js = form.get("js") === "1";
  const { client, id, vars, locale, url } = cartClient(request, context, true);
  const t = checkoutTranslator(locale.lang, checkoutApiTexts(locale.lang));
  const page = url.pathname;
  const markets = marketsOf(context);
  const market =
    markets.find((m) => m.alias === parsed.market) ?? markets.find((m) => m.alias === vars.marketId);
  const marketId = market?.alias ?? vars.marketId;
  const secure = url.protocol === "https:";
  const headers = new Headers();
  if (marketId !== vars.marketId)
    headers.append("Set-Cookie", serializeCookie(COOKIES.checkoutMarket, marketId, ONE_YEAR, { secure }));
  if (parsed.customerType !== vars.customerType)
    headers.append(
      "Set-Cookie",
      serializeCookie(COOKIES.userType, parsed.customerType, ONE_YEAR, { secure }),
    );
  // A refusal is the page again with its problems: 400/409 to a browser without JavaScript, 200 to the enhanced
  // form (the page's own answer, not a failed request).
  const answer = (body: CheckoutActionData, status = 200) =>
    data(body, { status: js ? 200 : status, headers });
  if (!id) return redirect(page, { headers });
  let view: CheckoutView | null = null;
  try {
    view = refused(
      await client.request(CreateOrUpdateCheckoutMutation, {
        cartId: id,
        checkout: parsed.input,
        ...{ marketId },
      }),
    ).createOrUpdateCheckout;
  } catch (error) {
    return answer(refusalOf(error, t), 409);
  }
  if (parsed.intent === "update") {
    // Without JavaScript the page is shown again with the options the change opened (post, redirect, get).
    if (!js) return redirect(page, { status: 303, headers });
    return answer({ problems: {}, refusal: null });
  }
  const payment = view?.paymentOptions?.find((p) => p?.isSelected);
  if (payment?.paymentType !== "STANDARD") {
    const problems = checkoutFormProblems(parsed, checkoutCountry(market?.country));
    const only = ["zip", "shippingOptionId", "paymentMethod"].filter((n) => problems[n]);
    if (only.length) return answer({ problems: textsOf(problems, t, only), refusal: null }, 400);
    if (!js) return redirect(page, { status: 303, headers });
    return answer({ problems: {}, refusal: null });
  }
  const problems = checkoutFormProblems(parsed, checkoutCountry(market?.country));
  if (Object.keys(problems).length) return answer({ problems: textsOf(problems, t), refusal: null }, 400);
  try {
    const placed = refused(
      await client.request(PlaceOrderMutation, { cartId: id, checkout: parsed.input, ...{ marketId } }),
    ).placeOrder;
    const orderId = placed?.orderId;
    if (!orderId) throw new GraphqlClientError({});
    const target =
      placed?.redirectUrl ??
      `/checkout/confirm?oid=${encodeURIComponent(orderId)}&cartid=${encodeURIComponent(id)}`;
    return redirect(href(locale, target), { status: 303, headers });
  } catch (error) {
    return answer(refusalOf(error, t), 409);
  }
}

/** The answer's data; a refusal (errors beside a null field) thrown as the client throws one without data. */
function refused<T>(result: { data: T; errors: GraphqlErrorEntry[] }): T {
  if (result.errors.length) throw new GraphqlClientError({ graphQLErrors: result.errors });
  return result.data;
}

function textsOf(
  problems: ReturnType<typeof checkoutFormProblems>,
  t: CheckoutTranslate,
  only?: string[],
): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const [name, key] of Object.entries(problems))
    if (key && (!only || only.includes(name))) texts[name] = t(key);
  return texts;
}

/** The API's refusal (its message is in the shopper's language): field errors at their fields, the rest placed. */
function refusalOf(error: unknown, t: CheckoutTranslate): CheckoutActionData {
  if (error instanceof GraphqlClientError && error.graphQLErrors.length) {
    const first = error.graphQLErrors[0];
    const ext = (first?.extensions ?? {}) as Record<string, unknown>;
    const code = String(ext.code ?? "");
    const reason = typeof ext.reason === "string" ? ext.reason : null;
    const fields = Array.isArray(ext.fields) ? (ext.fields as { field: string; message: string }[]) : [];
    if (fields.length) {
      const problems: Record<string, string> = {};
      for (const f of fields) problems[inputOfField(f.field)] ??= f.message;
      return { problems, refusal: null };
    }
    const at =
      code === "OUT_OF_STOCK" || reason === "CART_CHANGED" || reason === "EMPTY_CART"
        ? "cart"
        : code === "PAYMENT_DECLINED" || code === "BLOCKED_CUSTOMER" || code === "PAYMENT_FAILED"
          ? "payment"
          : "form";
    return {
      problems: {},
      refusal: { code, reason, message: first?.message ?? t("api.checkout.error.failed"), at },
    };
  }
  return {
    problems: {},
    refusal: { code: "FAILED", reason: null, message: t("api.checkout.error.failed"), at: "form" },
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const t = translator(loaderData.locale.lang);
  return pageMeta({ title: `${t("checkout.heading")} | Mili`, noindex: true, ...loaderData });
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  const h = new Headers(PRIVATE_PAGE);
  for (const source of [actionHeaders, loaderHeaders])
    for (const cookie of source?.getSetCookie?.() ?? []) h.append("Set-Cookie", cookie);
  return h;
}

export default function Checkout({ loaderData }: Route.ComponentProps) {
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
      })),
    });
  }, [cart]);
  return null;
}

type LoaderData = Route.ComponentProps["loaderData"];

const TEXT_DELAY = 500;

function CheckoutSteps({ data: loaderData }: { data: LoaderData }) {
  const root = useRoot();
  const t = useCheckoutT(loaderData.texts);
  const fetcher = useFetcher<CheckoutActionData>({ key: "checkout-update" });
  const navigation = useNavigation();
  const actionData = useActionData<CheckoutActionData>();
  const checkout = loaderData.checkout;
  const user = loaderData.user;
  const formRef = useRef<HTMLFormElement>(null);
  const [js, setJs] = useState(false);
  useEffect(() => setJs(true), []);
  const [customerType, setCustomerType] = useState<"PERSON" | "ORGANIZATION">(
    (checkout?.customerType ?? user?.customerType ?? loaderData.customerType) === "ORGANIZATION"
      ? "ORGANIZATION"
      : "PERSON",
  );
  const billing = checkout?.billingAddress;
  const shippingAddress = checkout?.shippingAddress;
  const [separate, setSeparate] = useState(Boolean(shippingAddress?.addressLine1));
  const [problems, setProblems] = useState<Record<string, string>>(actionData?.problems ?? {});
  const [refusal, setRefusal] = useState(actionData?.refusal ?? null);
  useEffect(() => {
    setProblems(actionData?.problems ?? {});
    setRefusal(actionData?.refusal ?? null);
  }, [actionData]);
  useEffect(() => {
    if (fetcher.data?.refusal) setRefusal(fetcher.data.refusal);
  }, [fetcher.data]);

  // Every change: sent after a pause in typing (at once for a choice), one request at a time; a change made while
  // one is on its way is sent when it has answered, with the form as it is then (the latest form wins).
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const waiting = useRef(false);
  const send = () => {
    const form = formRef.current;
    if (!form) return;
    if (fetcher.state !== "idle") {
      waiting.current = true;
      return;
    }
    waiting.current = false;
    const body = new FormData(form);
    body.set("intent", "update");
    body.set("js", "1");
    fetcher.submit(body, { method: "post" });
  };
  const sendRef = useRef(send);
  sendRef.current = send;
  useEffect(() => {
    if (fetcher.state === "idle" && waiting.current) sendRef.current();
  }, [fetcher.state]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const onChange = (event: ChangeEvent<HTMLFormElement>) => {
    const target = event.target as unknown as HTMLInputElement;
    if (target.name && problems[target.name]) {
      const { [target.name]: _gone, ...rest } = problems;
      setProblems(rest);
    }
    if (target.name === "customerType")
      setCustomerType(target.value === "ORGANIZATION" ? "ORGANIZATION" : "PERSON");
    if (target.name === "separate") setSeparate(target.checked);
    if (timer.current) clearTimeout(timer.current);
    const typed =
      target.type === "text" ||
      target.type === "email" ||
      target.type === "tel" ||
      target.tagName === "TEXTAREA";
    timer.current = setTimeout(() => sendRef.current(), typed ? TEXT_DELAY : 0);
  };

  const selectedPayment = checkout?.paymentOptions?.find((p) => p?.isSelected) ?? null;
  const hosted = selectedPayment?.paymentType === "KLARNA";
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.value !== "place") return;
    if (timer.current) clearTimeout(timer.current);
    const parsed: CheckoutForm = readCheckoutForm(new FormData(event.currentTarget));
    const market = loaderData.markets.find((m) => m.alias === (parsed.market ?? loaderData.market));
    const found = checkoutFormProblems(parsed, checkoutCountry(market?.country ?? null));
    const texts: Record<string, string> = {};
    for (const [name, key] of Object.entries(found)) if (key) texts[name] = t(key);
    if (Object.keys(texts).length) {
      event.preventDefault();
      setProblems(texts);
      setRefusal(null);
      const first = Object.keys(texts)[0];
      requestAnimationFrame(() => {
        const el =
          event.currentTarget?.querySelector<HTMLElement>(`[name="${first}"]`) ??
          document.querySelector<HTMLElement>(`[name="${first}"]`);
        el?.focus();
      });
    }
  };

  const placing = navigation.state !== "idle" && navigation.formData?.get("intent") === "place";
  const v = {
    email: checkout?.email || user?.email || "",
    identityNumber: checkout?.identityNumber || user?.identityNumber || "",
    firstName: billing?.firstName || user?.firstName || "",
    lastName: billing?.lastName || user?.lastName || "",
    careOf: billing?.careOf || user?.careOf || "",
    addressLine1: billing?.addressLine1 || user?.addressLine1 || "",
    city: billing?.city || user?.city || "",
    entryCode: billing?.entryCode || user?.entryCode || "",
    phone: billing?.mobile || user?.phone || "",
    company: billing?.company || user?.company || "",
    zip: checkout?.zip || billing?.zip || user?.zip || "",
  };
  const checkoutPath = root.lang === "sv" ? "/kassan" : "/kassen";
  const terms = root.lang === "sv" ? "/kopvillkor" : "/kjopsvilkar";
  const signIn = `${href(root.locale, "/")}?action=login&returnTo=${encodeURIComponent(href(root.locale, checkoutPath))}`;
  const field = (name: string, label: string, opts: FieldOpts = {}) => (
    <Field name={name} label={label} problem={problems[name]} t={t} {...opts} />
  );
  const shippingOptions = (checkout?.shippingOptions ?? []).filter((o) => o !== null);
  const paymentOptions = (checkout?.paymentOptions ?? []).filter((o) => o !== null);
  const problemCount = Object.keys(problems).length;

  return (
    <Form
      method="post"
      ref={formRef}
      onChange={onChange}
      onSubmit={onSubmit}
      noValidate
      className="mt-10 space-y-10"
      data-checkout-form
      aria-busy={fetcher.state !== "idle" ? true : undefined}
    >
      {js ? <input type="hidden" name="js" value="1" /> : null}
      <Refusal refusal={refusal && refusal.at !== "payment" ? refusal : null} />
      <section aria-labelledby="who-heading" className="space-y-3">
        <h2 id="who-heading" className="text-xl font-bold">
          {t("who.heading")}
        </h2>
        {user ? (
          <p data-signed-in>{t("who.signedIn", { email: user.email })}</p>
        ) : (
          <p>
            {t("who.guest")} {t("who.signInHint")}{" "}
            <a className="font-semibold underline" href={signIn}>
              {t("who.signIn")}
            </a>
          </p>
        )}
        <fieldset>
          <legend className="text-sm font-semibold">{t("shopAs.legend")}</legend>
          <div className="mt-2 flex gap-6">
            {(["PERSON", "ORGANIZATION"] as const).map((type) => (
              <label key={type} className="flex items-center gap-2">
                <input
                  type="radio"
                  name="customerType"
                  value={type}
                  defaultChecked={customerType === type}
                  className="size-4"
                />
                {t(`shopAs.${type}`)}
              </label>
            ))}
          </div>
        </fieldset>
      </section>

      <section aria-labelledby="delivery-heading" className="space-y-3">
        <h2 id="delivery-heading" className="text-xl font-bold">
          {t("delivery.heading")}
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor="checkout-market" className="block text-sm font-semibold">
              {t("country.label")}
            </label>
            <select
              id="checkout-market"
              name="market"
              defaultValue={loaderData.market}
              className="mt-1 block w-full rounded border border-stone-400 px-3 py-2"
            >
              {loaderData.markets.map((m) => (
                <option key={m.alias} value={m.alias}>
                  {m.name}
                </option>
              ))}
            </select>
          </div>
          {field("zip", t("zip.label"), {
            autoComplete: "postal-code",
            defaultValue: v.zip,
            inputMode: "numeric",
            required: true,
          })}
        </div>
        <UpdateButton js={js} t={t} />
        <fieldset aria-describedby={problems.shippingOptionId ? "problem-shippingOptionId" : undefined}>
          <legend className="text-sm font-semibold">{t("shipping.legend")}</legend>
          {shippingOptions.length === 0 ? (
            <p className="mt-2 text-sm text-stone-700" data-shipping-hint>
              {t("shipping.zipFirst")}
            </p>
          ) : (
            <div className="mt-2 space-y-2" data-shipping-options>
              {shippingOptions.map((o) => (
                <label
                  key={o.optionId ?? o.id}
                  className="flex items-start gap-2 rounded border border-stone-300 p-3"
                >
                  <input
                    type="radio"
                    name="shippingOptionId"
                    value={o.optionId ?? ""}
                    defaultChecked={o.isSelected}
                    className="mt-1 size-4"
                  />
                  <span className="flex-1">
                    <span className="font-semibold">{o.displayName}</span>
                    {o.deliveryDaysMin != null && o.deliveryDaysMax != null ? (
                      <span className="block text-sm text-stone-700">
                        {t("shipping.days", { min: o.deliveryDaysMin, max: o.deliveryDaysMax })}
                      </span>
                    ) : null}
                  </span>
                  <span>{o.isFree ? t("shipping.free") : o.feeIncVatFormatted}</span>
                </label>
              ))}
            </div>
          )}
          <Problem name="shippingOptionId" text={problems.shippingOptionId} />
        </fieldset>
      </section>

      <section aria-labelledby="payment-heading" className="space-y-3">
        <h2 id="payment-heading" className="text-xl font-bold">
          {t("payment.heading")}
        </h2>
        <fieldset>
          <legend className="text-sm font-semibold">{t("payment.legend")}</legend>
          {paymentOptions.length === 0 ? (
            <p className="mt-2 text-sm text-stone-700" data-payment-hint>
              {t("payment.shippingFirst")}
            </p>
          ) : (
            <div className="mt-2 space-y-2" data-payment-options>
              {paymentOptions.map((o) => (
                <label key={o.id} className="flex items-center gap-2 rounded border border-stone-300 p-3">
                  <input
                    type="radio"
                    name="paymentMethod"
                    value={o.name ?? ""}
                    defaultChecked={o.isSelected}
                    className="size-4"
                  />
                  <span className="font-semibold">{o.displayName ?? o.name}</span>
                </label>
              ))}
            </div>
          )}
          <Problem name="paymentMethod" text={problems.paymentMethod} />
        </fieldset>
        <UpdateButton js={js} t={t} />
        <Refusal refusal={refusal?.at === "payment" ? refusal : null} />
      </section>

      {hosted && selectedPayment?.paymentData ? (
        <section aria-labelledby="hosted-heading" data-hosted>
          <h2 id="hosted-heading" className="sr-only">
            {selectedPayment.displayName ?? selectedPayment.name}
          </h2>
          <p className="text-sm text-stone-700">{t("hosted.note")}</p>
          {/* The provider's snippet, shown as it is (it loads the provider's payment page in a frame). */}
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the payment provider's checkout snippet, as its API requires. */}
          <div className="mt-3" dangerouslySetInnerHTML={{ __html: selectedPayment.paymentData }} />
        </section>
      ) : null}

      {hosted ? null : (
        <section aria-labelledby="customer-heading" className="space-y-3" data-customer>
          <h2 id="customer-heading" className="text-xl font-bold">
            {t("customer.heading")}
          </h2>
          {field("email", t("field.email"), {
            type: "email",
            autoComplete: "email",
            defaultValue: v.email,
            required: true,
          })}
          {field("phone", t("field.phone"), { type: "tel", autoComplete: "tel", defaultValue: v.phone })}
          {customerType === "ORGANIZATION" ? (
            <>
              {field("company", t("field.company"), {
                autoComplete: "organization",
                defaultValue: v.company,
                required: true,
              })}
              {field("identityNumber", t("field.organizationId"), {
                defaultValue: v.identityNumber,
                required: true,
              })}
            </>
          ) : (
            field("identityNumber", t("field.personalId"), { defaultValue: v.identityNumber, required: true })
          )}
          <h3 className="pt-2 font-semibold">{t("billing.heading")}</h3>
          <div className="grid gap-x-4 sm:grid-cols-2">
            {field("firstName", t("field.firstName"), {
              autoComplete: "given-name",
              defaultValue: v.firstName,
              required: true,
            })}
            {field("lastName", t("field.lastName"), {
              autoComplete: "family-name",
              defaultValue: v.lastName,
              required: true,
            })}
          </div>
          {field("careOf", t("field.careOf"), { defaultValue: v.careOf })}
          {field("addressLine1", t("field.addressLine1"), {
            autoComplete: "street-address",
            defaultValue: v.addressLine1,
            required: true,
          })}
          {field("city", t("field.city"), {
            autoComplete: "address-level2",
            defaultValue: v.city,
            required: true,
          })}
          {field("entryCode", t("field.entryCode"), { defaultValue: v.entryCode })}
          <label className="flex items-center gap-2 pt-2">
            <input type="checkbox" name="separate" defaultChecked={separate} className="size-4" />
            {t("separate.label")}
          </label>
          {!js || separate ? (
            <fieldset className="space-y-1" data-shipping-address>
              <legend className="pt-2 font-semibold">{t("shippingAddress.heading")}</legend>
              <div className="grid gap-x-4 sm:grid-cols-2">
                {field("ship.firstName", t("field.firstName"), {
                  autoComplete: "shipping given-name",
                  defaultValue: shippingAddress?.firstName,
                  required: true,
                })}
                {field("ship.lastName", t("field.lastName"), {
                  autoComplete: "shipping family-name",
                  defaultValue: shippingAddress?.lastName,
                  required: true,
                })}
              </div>
              {field("ship.careOf", t("field.careOf"), { defaultValue: shippingAddress?.careOf })}
              {field("ship.addressLine1", t("field.addressLine1"), {
                autoComplete: "shipping street-address",
                defaultValue: shippingAddress?.addressLine1,
                required: true,
              })}
              <div className="grid gap-x-4 sm:grid-cols-2">
                {field("ship.zip", t("zip.label"), {
                  autoComplete: "shipping postal-code",
                  defaultValue: shippingAddress?.zip,
                  required: true,
                  inputMode: "numeric",
                })}
                {field("ship.city", t("field.city"), {
                  autoComplete: "shipping address-level2",
                  defaultValue: shippingAddress?.city,
                  required: true,
                })}
              </div>
              {field("ship.entryCode", t("field.entryCode"), { defaultValue: shippingAddress?.entryCode })}
            </fieldset>
          ) : null}
          <div className="mt-3">
            <label htmlFor="checkout-message" className="block text-sm font-semibold">
              {t("field.message")} <span className="font-normal text-stone-600">{t("field.optional")}</span>
            </label>
            <textarea
              id="checkout-message"
              name="message"
              rows={3}
              maxLength={1000}
              defaultValue={checkout?.message ?? ""}
              className="mt-1 block w-full rounded border border-stone-400 px-3 py-2"
            />
          </div>
          <div className="pt-4">
            <label className="flex items-center gap-2">
              <input
                type="checkbox"
                name="acceptedTerms"
                defaultChecked={checkout?.acceptedTerms ?? false}
                aria-invalid={problems.acceptedTerms ? true : undefined}
                aria-describedby={problems.acceptedTerms ? "problem-acceptedTerms" : undefined}
                className="size-4"
              />
              {t("terms.label")}
            </label>
            <p className="mt-1 text-sm">
              <a className="underline" href={href(root.locale, terms)} target="_blank" rel="noopener">
                {t("terms.link")}
              </a>
            </p>
            <Problem name="acceptedTerms" text={problems.acceptedTerms} />
          </div>
          <div role="alert">
            {problemCount > 0 ? (
              <p className="rounded bg-red-50 p-3 text-red-900" data-problems={problemCount}>
                {t("errors.summary")}
              </p>
            ) : null}
          </div>
          <button
            type="submit"
            name="intent"
            value="place"
            aria-disabled={placing ? true : undefined}
            className="rounded bg-stone-900 px-6 py-3 text-lg font-semibold text-white hover:bg-stone-700"
            data-place-order
          >
            {placing ? t("placing") : t("place")}
          </button>
        </section>
      )}
    </Form>
  );
}

function Refusal({ refusal }: { refusal: CheckoutActionData["refusal"] }) {
  return (
    <div role="alert">
      {refusal ? (
        <p className="rounded bg-red-50 p-3 text-red-900" data-refusal={refusal.code}>
          {refusal.message}
        </p>
      ) : null}
    </div>
  );
}

function UpdateButton({ js, t }: { js: boolean; t: CheckoutTranslate }) {
  if (js) return null;
  return (
    <button
      type="submit"
      name="intent"
      value="update"
      className="rounded border border-stone-400 px-3 py-1 text-sm"
      data-update
    >
      {t("update")}
    </button>
  );
}

interface FieldOpts {
  type?: "text" | "email" | "tel";
  autoComplete?: string;
  defaultValue?: string | null;
  required?: boolean;
  inputMode?: "numeric" | "text";
}

function Field({
  name,
  label,
  problem,
  t,
  type = "text",
  autoComplete,
  defaultValue,
  required = false,
  inputMode,
}: FieldOpts & { name: string; label: string; problem: string | undefined; t: CheckoutTranslate }) {
  const id = `checkout-${name.replace(".", "-")}`;
  return (
    <div className="mt-3">
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
        {required ? null : <span className="font-normal text-stone-600"> {t("field.optional")}</span>}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        defaultValue={defaultValue ?? undefined}
        aria-required={required ? true : undefined}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `problem-${name}` : undefined}
        className="mt-1 block w-full rounded border border-stone-400 px-3 py-2 aria-invalid:border-red-700"
      />
      <Problem name={name} text={problem} />
    </div>
  );
}

function Problem({ name, text }: { name: string; text: string | undefined }): ReactNode {
  if (!text) return null;
  return (
    <p id={`problem-${name}`} className="mt-1 text-sm text-red-800" data-problem={name}>
      {text}
    </p>
  );
}

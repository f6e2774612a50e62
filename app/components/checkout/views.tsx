import { type ChangeEvent, type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { Form, Link, useActionData, useFetcher, useNavigation } from "react-router";
import { checkoutCountry } from "#domain/checkout.ts";
import { type CheckoutTranslate, useCheckoutT } from "../../i18n/checkout.ts";
import type { CartData } from "../../lib/cart.ts";
import { failureMessage } from "../../lib/cart.ts";
import { type CheckoutForm, checkoutFormProblems, readCheckoutForm } from "../../lib/checkout-form.ts";
import { eventBus } from "../../lib/client/event-bus.ts";
import { useHydrated } from "../../lib/client/hooks.ts";
import type { ConfirmCheckoutQuery } from "../../lib/graphql/checkout-operations.ts";
import type { ResultOf } from "../../lib/graphql/graphql.ts";
import { href } from "../../lib/page-locale.ts";
import { useRoot, useT } from "../../lib/use-root.ts";
import type { Route as CheckoutRoute } from "../../routes/+types/checkout";
import type { Route as ConfirmRoute } from "../../routes/+types/checkout-confirm";
import { cartStore, useCartState } from "../cart/cart-runtime.tsx";
import { CartLines, CartNotices, CartSummary, PromoCodes } from "../cart/cart-view.tsx";

/**
 * The checkout's and the confirmation's pages (app/routes/checkout.tsx, checkout-confirm.tsx), in one module that
 * both routes import: the two screens then reach the same modules, so adding the confirmation splits no shared
 * chunk that every page loads (the event bus would otherwise leave the product card's chunk: more bytes on the
 * home page, whose JavaScript budget is nearly full).
 */

type CheckoutLoaderData = CheckoutRoute.ComponentProps["loaderData"];
type ConfirmLoaderData = ConfirmRoute.ComponentProps["loaderData"];
type Order = NonNullable<NonNullable<ResultOf<typeof ConfirmCheckoutQuery>["checkout"]>["order"]>;

/** What the action answers the page: each input's problem as text, and a refusal of the whole order. */
export interface CheckoutActionData {
  problems: Record<string, string>;
  refusal: { code: string; reason: string | null; message: string; at: "cart" | "payment" | "form" } | null;
}

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

const TEXT_DELAY = 500;

function CheckoutSteps({ data: loaderData }: { data: CheckoutLoaderData }) {
  const root = useRoot();
  const t = useCheckoutT(loaderData.texts);
  const fetcher = useFetcher<CheckoutActionData>({ key: "checkout-update" });
  const navigation = useNavigation();
  const actionData = useActionData<CheckoutActionData>();
  const checkout = loaderData.checkout;
  const user = loaderData.user;
  const formRef = useRef<HTMLFormElement>(null);
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
  // Placed: no change is sent after it (an answer of the action brings the form back).
  const placed = useRef(false);
  useEffect(() => {
    placed.current = false;
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
  // Placing waits for a change on its way (both write the checkout), and no change is sent once it is placed.
  const placeButton = useRef<HTMLButtonElement>(null);
  const placeWhenIdle = useRef(false);
  const send = () => {
    const form = formRef.current;
    if (!form || placed.current) return;
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
    if (fetcher.state !== "idle") return;
    if (placeWhenIdle.current) {
      placeWhenIdle.current = false;
      formRef.current?.requestSubmit(placeButton.current);
    } else if (waiting.current) sendRef.current();
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
      return;
    }
    if (fetcher.state !== "idle") {
      event.preventDefault();
      placeWhenIdle.current = true;
      return;
    }
    waiting.current = false;
    placed.current = true;
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
  const chosenPoint = pickupPointsOf(checkout?.shippingData ? `[${checkout.shippingData}]` : null)[0];
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
      <JsMark />
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
        <UpdateButton t={t} />
        <fieldset aria-describedby={problems.shippingOptionId ? "problem-shippingOptionId" : undefined}>
          <legend className="text-sm font-semibold">{t("shipping.legend")}</legend>
          {shippingOptions.length === 0 ? (
            <p className="mt-2 text-sm text-stone-700" data-shipping-hint>
              {t("shipping.zipFirst")}
            </p>
          ) : (
            <div className="mt-2 space-y-2" data-shipping-options>
              {shippingOptions.map((o) => {
                const points = o.isSelected ? pickupPointsOf(o.shippingData) : [];
                return (
                  <div key={o.optionId ?? o.id}>
                    <label className="flex items-start gap-2 rounded border border-stone-300 p-3">
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
                    {points.length ? (
                      <PickupPoints
                        points={points}
                        chosen={chosenPoint?.id ?? null}
                        problem={problems.pickupPoint}
                        t={t}
                      />
                    ) : null}
                  </div>
                );
              })}
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
        <UpdateButton t={t} />
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
          <UnlessHydrated show={separate}>
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
          </UnlessHydrated>
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
          {problemCount > 0 ? (
            <p role="alert" className="rounded bg-red-50 p-3 text-red-900" data-problems={problemCount}>
              {t("errors.summary")}
            </p>
          ) : null}
          <button
            ref={placeButton}
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

interface PickupPointData {
  id: string;
  name: string;
  address: string;
  zip: string;
  city: string;
  distance?: number;
}

/** The pickup points of a delivery checkout's option (its shippingData: `{pickupPoints}` or a list); [] when none. */
function pickupPointsOf(data: string | null | undefined): PickupPointData[] {
  if (!data) return [];
  try {
    const parsed = JSON.parse(data) as unknown;
    const list = Array.isArray(parsed) ? parsed : (parsed as { pickupPoints?: unknown })?.pickupPoints;
    return Array.isArray(list)
      ? list.filter((p): p is PickupPointData => typeof p?.id === "string" && typeof p?.name === "string")
      : [];
  } catch {
    return [];
  }
}

/**
 * The chosen delivery checkout option's pickup points (nShift's agents) for the zip: one radio group (arrow keys
 * move between them), the chosen one checked, else the nearest. Sent with the form as `pickupPoint`.
 */
function PickupPoints({
  points,
  chosen,
  problem,
  t,
}: {
  points: PickupPointData[];
  chosen: string | null;
  problem: string | undefined;
  t: CheckoutTranslate;
}) {
  const checked = points.some((p) => p.id === chosen) ? chosen : (points[0]?.id ?? null);
  return (
    <fieldset
      className="mt-2 ml-6 space-y-1"
      data-pickup-points
      aria-describedby={problem ? "problem-pickupPoint" : undefined}
    >
      <legend className="text-sm font-semibold">{t("pickup.legend")}</legend>
      {points.map((p) => (
        <label key={p.id} className="flex items-start gap-2 rounded border border-stone-200 p-2 text-sm">
          <input
            type="radio"
            name="pickupPoint"
            value={p.id}
            defaultChecked={p.id === checked}
            className="mt-0.5 size-4"
          />
          <span className="flex-1">
            <span className="font-semibold">{p.name}</span>
            <span className="block text-stone-700">
              {p.address}, {p.zip} {p.city}
            </span>
          </span>
          {typeof p.distance === "number" ? (
            <span className="text-stone-700">{t("pickup.distance", { distance: p.distance })}</span>
          ) : null}
        </label>
      ))}
      <Problem name="pickupPoint" text={problem} />
    </fieldset>
  );
}

function Refusal({ refusal }: { refusal: CheckoutActionData["refusal"] }) {
  // An alert appears with its text (role="alert" is announced as it is inserted); nothing is there without one.
  if (!refusal) return null;
  return (
    <p role="alert" className="rounded bg-red-50 p-3 text-red-900" data-refusal={refusal.code}>
      {refusal.message}
    </p>
  );
}

/*
 * What differs with and without JavaScript is decided by these small components, each asking useHydrated() on its
 * own: after hydration only they render again, not the whole checkout form (issue 13: the form's second render
 * right after hydration was a long task on a phone).
 */

/** Tells the action the form was sent by the enhanced page (it answers data instead of a redirect). */
function JsMark() {
  return useHydrated() ? <input type="hidden" name="js" value="1" /> : null;
}

/** Without JavaScript (and until hydrated) its children always show; after hydration only when `show`. */
function UnlessHydrated({ show, children }: { show: boolean; children: ReactNode }) {
  return !useHydrated() || show ? children : null;
}

/** Without JavaScript the form is updated by this button; with it every change is sent at once. */
function UpdateButton({ t }: { t: CheckoutTranslate }) {
  if (useHydrated()) return null;
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

import { type ChangeEvent, type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { Form, useActionData, useFetcher, useNavigation } from "react-router";
import { checkoutCountry } from "#domain/checkout.ts";
import { type CheckoutTranslate, useCheckoutT } from "../../i18n/checkout.ts";
import { type CheckoutForm, checkoutFormProblems, readCheckoutForm } from "../../lib/checkout-form.ts";
import { useHydrated } from "../../lib/client/hooks.ts";
import { href } from "../../lib/page-locale.ts";
import { useRoot } from "../../lib/use-root.ts";
import type { Route as CheckoutRoute } from "../../routes/+types/checkout";
import { type PickupPointData, pickupPointsOf } from "./pickup-points.ts";

/**
 * The checkout's form below the cart (who, delivery, payment, placing the order): a chunk of its own that hydrates
 * after the cart (decision 0060; views.tsx renders it in a Suspense boundary through deferred()). The server sends
 * it in place, complete, and it works as a plain form before it has hydrated and without JavaScript.
 */

type CheckoutLoaderData = CheckoutRoute.ComponentProps["loaderData"];

/** What the action answers the page: each input's problem as text, and a refusal of the whole order. */
export interface CheckoutActionData {
  problems: Record<string, string>;
  refusal: { code: string; reason: string | null; message: string; at: "cart" | "payment" | "form" } | null;
}

const TEXT_DELAY = 500;

export function CheckoutSteps({ data: loaderData }: { data: CheckoutLoaderData }) {
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
  // A shipping provider that could not be asked (decision 0086): "Try again" asks the options again. Without
  // JavaScript it posts the form as "Oppdater" does; with it the change is sent as any other, and once answered
  // (the fetcher has been busy and is idle with nothing waiting) the focus goes to the first option (the button is
  // gone) or stays on the button (it failed again). Before the effect below that sends a waiting change.
  const shippingUnavailable = checkout?.shippingUnavailable === true;
  const [retrying, setRetrying] = useState(false);
  const retrySent = useRef(false);
  useEffect(() => {
    if (!retrying) return;
    if (fetcher.state !== "idle") {
      retrySent.current = true;
      return;
    }
    if (!retrySent.current || waiting.current) return;
    retrySent.current = false;
    setRetrying(false);
    if (!shippingUnavailable)
      formRef.current?.querySelector<HTMLInputElement>('input[name="shippingOptionId"]')?.focus();
  }, [retrying, fetcher.state, shippingUnavailable]);
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
    if (submitter?.hasAttribute("data-shipping-retry")) {
      event.preventDefault();
      if (timer.current) clearTimeout(timer.current);
      setRetrying(true);
      sendRef.current();
      return;
    }
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
            shippingUnavailable ? null : (
              <p className="mt-2 text-sm text-stone-700" data-shipping-hint>
                {t("shipping.zipFirst")}
              </p>
            )
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
          <ShippingUnavailable unavailable={shippingUnavailable} retrying={retrying} t={t} />
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

/**
 * A shipping provider could not be asked for its options (decision 0086): said politely (the region is always
 * there, so inserting the text is announced; while asking again it says so, and a second failure is announced
 * again), with a button that asks again. The other providers' options stay above it.
 */
function ShippingUnavailable({
  unavailable,
  retrying,
  t,
}: {
  unavailable: boolean;
  retrying: boolean;
  t: CheckoutTranslate;
}) {
  return (
    <div>
      <div aria-live="polite" data-shipping-status>
        {retrying ? (
          <p className="mt-2 text-sm text-stone-700">{t("shipping.retrying")}</p>
        ) : unavailable ? (
          <p className="mt-2 rounded bg-amber-50 p-3 text-sm text-stone-900" data-shipping-unavailable>
            {t("api.checkout.error.shippingUnavailable")}
          </p>
        ) : null}
      </div>
      {unavailable ? (
        <button
          type="submit"
          name="intent"
          value="update"
          className="mt-2 rounded border border-stone-400 px-3 py-1 text-sm"
          data-shipping-retry
        >
          {t("shipping.retry")}
        </button>
      ) : null}
    </div>
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

import { type CheckoutFields, checkoutErrors } from "#domain/checkout.ts";
import type { Country } from "#domain/validators.ts";
import type { CheckoutKey } from "../i18n/checkout.ts";
import type { CreateOrUpdateCheckoutMutation } from "./graphql/checkout-operations.ts";
import type { VariablesOf } from "./graphql/graphql.ts";

/**
 * The checkout form (app/routes/checkout.tsx), read the same way in the browser (every change, and the checks
 * before placing) and on the server (a form sent without JavaScript): its fields as the API's CheckoutInputType,
 * and the field rules of domain/checkout.ts keyed by the form's input names.
 */
export type CheckoutInput = NonNullable<VariablesOf<typeof CreateOrUpdateCheckoutMutation>["checkout"]>;

/** The address inputs: the billing address's names as they are, the delivery address's with `ship.` before. */
export const ADDRESS_FIELDS = [
  "firstName",
  "lastName",
  "careOf",
  "addressLine1",
  "city",
  "entryCode",
] as const;

export interface CheckoutForm {
  intent: "update" | "place";
  /** The market the shopper chose (the checkout market), as sent; checked against the channel's by the caller. */
  market: string | null;
  customerType: "PERSON" | "ORGANIZATION";
  /** A separate delivery address is given. */
  separate: boolean;
  input: CheckoutInput;
  fields: CheckoutFields;
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
};

export function readCheckoutForm(form: FormData): CheckoutForm {
  const customerType = text(form, "customerType") === "ORGANIZATION" ? "ORGANIZATION" : "PERSON";
  const separate = form.get("separate") === "on";
  const zip = text(form, "zip");
  const company = customerType === "ORGANIZATION" ? text(form, "company") : "";
  const billing = {
    firstName: text(form, "firstName"),
    lastName: text(form, "lastName"),
    careOf: text(form, "careOf"),
    addressLine1: text(form, "addressLine1"),
    city: text(form, "city"),
    entryCode: text(form, "entryCode"),
    zip,
    mobile: text(form, "phone"),
    company,
  };
  const shipping = separate
    ? {
        firstName: text(form, "ship.firstName"),
        lastName: text(form, "ship.lastName"),
        careOf: text(form, "ship.careOf"),
        addressLine1: text(form, "ship.addressLine1"),
        city: text(form, "ship.city"),
        entryCode: text(form, "ship.entryCode"),
        zip: text(form, "ship.zip"),
        company,
      }
    : null;
  const shippingOptionId = text(form, "shippingOptionId");
  const paymentMethod = text(form, "paymentMethod");
  const pickupPoint = text(form, "pickupPoint");
  const acceptedTerms = form.get("acceptedTerms") === "on";
  const input: CheckoutInput = {
    customerType,
    email: text(form, "email"),
    identityNumber: text(form, "identityNumber"),
    zip,
    billingAddress: billing,
    ...(shipping ? { shippingAddress: shipping } : {}),
    message: text(form, "message"),
    acceptedTerms,
    ...(shippingOptionId ? { shippingOptionId } : {}),
    ...(paymentMethod ? { paymentMethod } : {}),
    ...(pickupPoint ? { pickupPoint } : {}),
  };
  const fields: CheckoutFields = {
    email: input.email,
    phone: billing.mobile,
    customerType,
    identityNumber: input.identityNumber,
    companyName: company,
    billingAddress: billing,
    shippingAddress: shipping,
    zip,
    shippingOptionId: shippingOptionId || null,
    paymentMethodKey: paymentMethod || null,
    acceptedTerms,
    message: input.message,
  };
  return {
    intent: text(form, "intent") === "place" ? "place" : "update",
    market: text(form, "market") || null,
    customerType,
    separate,
    input,
    fields,
  };
}

/** The form's input for a field path of the API and of domain/checkout.ts. */
export function inputOfField(field: string): string {
  if (field === "billingAddress.zip") return "zip";
  if (field === "billingAddress.mobile" || field === "billingAddress.phone") return "phone";
  if (field === "companyName" || field === "billingAddress.company") return "company";
  if (field === "paymentMethodKey" || field === "paymentId") return "paymentMethod";
  if (field === "shippingId") return "shippingOptionId";
  if (field.startsWith("billingAddress.")) return field.slice("billingAddress.".length);
  if (field.startsWith("shippingAddress.")) return `ship.${field.slice("shippingAddress.".length)}`;
  return field;
}

/** Each input's problem as the key of its text: the rules of domain/checkout.ts for the shop's own form. */
export function checkoutFormProblems(
  form: CheckoutForm,
  country: Country | null,
): Partial<Record<string, CheckoutKey>> {
  const errors = checkoutErrors(form.fields, { country, needsIdentity: true, needsAddress: true });
  const problems: Partial<Record<string, CheckoutKey>> = {};
  for (const [field, key] of Object.entries(errors)) {
    const name = inputOfField(field);
    if (key && !problems[name]) problems[name] = `api.${key}` as CheckoutKey;
  }
  return problems;
}

/**
 * The checkout's field rules (spec §5): what the shopper must give before an order is placed, and the message for
 * each field that is missing or wrong. Pure; the form, the API and placeOrder all use it, so they refuse alike.
 */
import type { CustomerType } from "./cart.ts";
import type { MessageKey } from "./messages.ts";
import {
  type Country,
  isValidEmail,
  isValidIdentityNumber,
  isValidPostalCode,
  normalizeNorwegianFodselsnummer,
  normalizeNorwegianOrganisasjonsnummer,
  normalizeSwedishOrganisationsnummer,
  normalizeSwedishPersonnummer,
} from "./validators.ts";

export interface CheckoutAddress {
  firstName?: string | null;
  lastName?: string | null;
  careOf?: string | null;
  addressLine1?: string | null;
  addressLine2?: string | null;
  zip?: string | null;
  city?: string | null;
  country?: string | null;
  phone?: string | null;
  entryCode?: string | null;
  company?: string | null;
}

export interface CheckoutFields {
  email?: string | null;
  phone?: string | null;
  customerType?: CustomerType | null;
  /** Personal number (PERSON) or organisation number (ORGANIZATION). */
  identityNumber?: string | null;
  companyName?: string | null;
  billingAddress?: CheckoutAddress | null;
  shippingAddress?: CheckoutAddress | null;
  zip?: string | null;
  shippingOptionId?: string | null;
  paymentMethodKey?: string | null;
  acceptedTerms?: boolean | null;
  message?: string | null;
}

export type CheckoutFieldErrors = Partial<Record<string, MessageKey>>;

export const MAX_FIELD_LENGTH = 200;
export const MAX_ORDER_MESSAGE_LENGTH = 1000;

const blank = (v: string | null | undefined) => !v?.trim();

/** The country whose rules apply to a market's identity numbers and zips; null when the shop has none for it. */
export function checkoutCountry(countryCode: string | null | undefined): Country | null {
  return countryCode === "SE" || countryCode === "NO" ? countryCode : null;
}

/**
 * Field errors of a checkout about to be placed with the shop's own form (`needsIdentity`: an invoice needs the
 * personal or organisation number). Empty: the fields are complete. Fields are named by their path
 * (`billingAddress.zip`).
 */
export function checkoutErrors(
  fields: CheckoutFields,
  opts: { country: Country | null; needsIdentity: boolean; needsAddress: boolean },
): CheckoutFieldErrors {
  const errors: CheckoutFieldErrors = {};
  const type = fields.customerType ?? "PERSON";
  if (blank(fields.email)) errors.email = "checkout.error.required";
  else if (!isValidEmail(fields.email ?? "")) errors.email = "checkout.error.email";
  for (const [name, value] of Object.entries({
    email: fields.email,
    phone: fields.phone,
    identityNumber: fields.identityNumber,
    companyName: fields.companyName,
  }))
    if (value && value.length > MAX_FIELD_LENGTH) errors[name] = "checkout.error.invalid";
  if (fields.message && fields.message.length > MAX_ORDER_MESSAGE_LENGTH)
    errors.message = "checkout.error.invalid";
  const zip = fields.zip ?? fields.billingAddress?.zip ?? null;
  if (blank(zip)) errors.zip = "checkout.error.required";
  else if (opts.country && !isValidPostalCode(zip ?? "", opts.country)) errors.zip = "checkout.error.zip";
  if (blank(fields.shippingOptionId)) errors.shippingOptionId = "checkout.error.shipping";
  if (blank(fields.paymentMethodKey)) errors.paymentMethodKey = "checkout.error.paymentMethod";
  if (opts.needsIdentity) {
    if (blank(fields.identityNumber)) errors.identityNumber = "checkout.error.required";
    else if (opts.country && !isValidIdentityNumber(fields.identityNumber ?? "", opts.country, type))
      errors.identityNumber =
        type === "ORGANIZATION" ? "checkout.error.organizationId" : "checkout.error.personalId";
  }
  if (type === "ORGANIZATION" && blank(fields.companyName)) errors.companyName = "checkout.error.required";
  if (opts.needsAddress) {
    const a = fields.billingAddress ?? {};
    for (const key of ["firstName", "lastName", "addressLine1", "city"] as const)
      if (blank(a[key])) errors[`billingAddress.${key}`] = "checkout.error.required";
    for (const [key, value] of Object.entries(a))
      if (typeof value === "string" && value.length > MAX_FIELD_LENGTH)
        errors[`billingAddress.${key}`] = "checkout.error.invalid";
    const s = fields.shippingAddress;
    if (s && Object.values(s).some((v) => !blank(v ?? null))) {
      for (const key of ["firstName", "lastName", "addressLine1", "zip", "city"] as const)
        if (blank(s[key])) errors[`shippingAddress.${key}`] = "checkout.error.required";
      if (!blank(s.zip) && opts.country && !isValidPostalCode(s.zip ?? "", opts.country))
        errors["shippingAddress.zip"] = "checkout.error.zip";
    }
  }
  if (fields.acceptedTerms !== true) errors.acceptedTerms = "checkout.error.terms";
  return errors;
}

/** The identity number in its one stored form (12-digit personnummer, digits only otherwise); null when invalid. */
export function normalizeIdentityNumber(
  value: string,
  country: Country,
  customerType: CustomerType,
  today: Date,
): string | null {
  if (country === "SE")
    return customerType === "PERSON"
      ? normalizeSwedishPersonnummer(value, today)
      : normalizeSwedishOrganisationsnummer(value);
  return customerType === "PERSON"
    ? normalizeNorwegianFodselsnummer(value)
    : normalizeNorwegianOrganisasjonsnummer(value);
}

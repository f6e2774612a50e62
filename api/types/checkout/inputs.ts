import { builder } from "../../builder.ts";
import { CustomerTypeEnum } from "../customer-type.ts";
import { AddressInputType } from "../user.ts";

/** The checkout's enums and input types in the Geins Merchant API's names. */

export const PaymentTypeEnum = builder.enumType("PaymentType", {
  description:
    "The payment provider: STANDARD is the shop's own form (Mili: invoice), KLARNA a hosted checkout",
  values: ["STANDARD", "KLARNA", "SVEA", "WALLEY", "AVARDA", "GEINS_PAY"] as const,
});

export const PaymentCheckoutEnum = builder.enumType("PaymentCheckout", {
  values: ["STANDARD", "GEINS_PAY", "EXTERNAL"] as const,
});

export const CheckoutStatusEnum = builder.enumType("CheckoutStatus", {
  values: ["OK", "CUSTOMER_BLACKLISTED"] as const,
});

type GeinsPaymentType = "STANDARD" | "KLARNA" | "SVEA" | "WALLEY" | "AVARDA" | "GEINS_PAY";

/** Mili's payment type (integrations/payments) as Geins names it. */
export const geinsPaymentType = (type: string): GeinsPaymentType =>
  type === "KLARNA" ? "KLARNA" : "STANDARD";

const CheckoutUrlsInputType = builder.inputType("CheckoutUrlsInputType", {
  description: "Accepted; Mili's hosted checkout returns to the storefront's own pages",
  fields: (t) => ({
    termsPageUrl: t.string(),
    redirectUrl: t.string(),
    checkoutPageUrl: t.string(),
  }),
});

export const CheckoutInputType = builder.inputType("CheckoutInputType", {
  description: "The shopper's choices in the checkout. Omitted or null fields keep what the checkout knows.",
  fields: (t) => ({
    paymentId: t.int({ description: "PaymentOptionType.id" }),
    shippingId: t.int({ description: "ShippingOptionType.id" }),
    skipShippingValidation: t.boolean({ description: "Accepted; Mili always validates the shipping option" }),
    externalShippingId: t.string({ description: "A delivery checkout's chosen option (kept on the order)" }),
    pickupPoint: t.string({
      description:
        "The chosen pickup point's id (from the shipping option's shippingData): kept on the order with its name and address as the provider gives them",
    }),
    desiredDeliveryDate: t.string({ description: "Accepted; not used" }),
    customerOrderNumber: t.string({ description: "Accepted; not used" }),
    goodsLabel: t.string({ description: "Accepted; not used" }),
    message: t.string({ description: "The order message (at most 1000 characters)" }),
    acceptedConsents: t.stringList({
      required: { list: false, items: false },
      description: '"terms": the terms of purchase are accepted (also: acceptedTerms)',
    }),
    shippingAddress: t.field({ type: AddressInputType, description: "Optional: a delivery address" }),
    billingAddress: t.field({ type: AddressInputType }),
    identityNumber: t.string({ description: "Personnummer / fødselsnummer, or the organisation number" }),
    email: t.string(),
    customerType: t.field({ type: CustomerTypeEnum }),
    externalShippingFee: t.field({ type: "Decimal", description: "As setCartShippingFee" }),
    merchantData: t.string({ description: "Accepted; use setCartMerchantData" }),
    checkoutUrls: t.field({ type: CheckoutUrlsInputType }),
    zip: t.string({ description: "Mili: the zip before an address is typed (shipping options need it)" }),
    acceptedTerms: t.boolean({ description: "Mili: the terms of purchase are accepted" }),
    shippingOptionId: t.string({
      description:
        "Mili: the shipping option by ShippingOptionType.optionId (own:pickup-point), instead of shippingId",
    }),
    paymentMethod: t.string({
      description: "Mili: the payment method by PaymentOptionType.name (invoice), instead of paymentId",
    }),
  }),
});

import type { PlaceOrderInput } from "#services/orders/place.ts";

/**
 * A Swedish private buyer paying by invoice with the sandbox's approved test number, collecting at a pickup point:
 * the order input the order, refund and tracking tests place. `email` tells each test's orders apart.
 */
export function swedishInvoiceBuyer(email: string): PlaceOrderInput {
  return {
    email,
    phone: "0701234567",
    customerType: "PERSON",
    identityNumber: "900101-0017",
    billingAddress: {
      firstName: "Sven",
      lastName: "Svensson",
      addressLine1: "Storgatan 1",
      zip: "11434",
      city: "Stockholm",
    },
    zip: "11434",
    shippingOptionId: "pickup-point",
    paymentMethodKey: "invoice",
    acceptedTerms: true,
  };
}

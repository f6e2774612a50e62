import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type CheckoutFields, checkoutErrors, normalizeIdentityNumber } from "./checkout.ts";
import { MESSAGES } from "./messages.ts";

const complete: CheckoutFields = {
  email: "kunde@example.no",
  customerType: "PERSON",
  identityNumber: "01019000245",
  billingAddress: {
    firstName: "Kari",
    lastName: "Nordmann",
    addressLine1: "Storgata 1",
    zip: "0150",
    city: "Oslo",
  },
  zip: "0150",
  shippingOptionId: "own:pickup-point",
  paymentMethodKey: "invoice",
  acceptedTerms: true,
};
const opts = { country: "NO" as const, needsIdentity: true, needsAddress: true };

describe("checkout fields", () => {
  it("a complete checkout has no errors", () => {
    expect(checkoutErrors(complete, opts)).toEqual({});
  });

  it("names each missing or wrong field with the texts of spec §5", () => {
    const errors = checkoutErrors(
      { ...complete, email: "", identityNumber: "01019000246", acceptedTerms: false, shippingOptionId: null },
      opts,
    );
    expect(errors).toEqual({
      email: "checkout.error.required",
      identityNumber: "checkout.error.personalId",
      acceptedTerms: "checkout.error.terms",
      shippingOptionId: "checkout.error.shipping",
    });
    expect(MESSAGES["checkout.error.required"].nb).toBe("Dette feltet er obligatorisk");
    expect(MESSAGES["checkout.error.terms"].nb).toBe(
      "Du må godkjenne kjøpsvilkårene før du fullfører kjøpet",
    );
    expect(MESSAGES["checkout.error.personalId"].nb).toBe("Du må oppgi et gyldig personnummer");
    expect(
      checkoutErrors(
        { ...complete, zip: "123", billingAddress: { ...complete.billingAddress, zip: "123" } },
        opts,
      ),
    ).toEqual({ zip: "checkout.error.zip" });
  });

  it("an organisation needs a valid organisation number and its company name", () => {
    expect(
      checkoutErrors({ ...complete, customerType: "ORGANIZATION", identityNumber: "01019000245" }, opts),
    ).toEqual({ identityNumber: "checkout.error.organizationId", companyName: "checkout.error.required" });
    expect(
      checkoutErrors(
        { ...complete, customerType: "ORGANIZATION", identityNumber: "974760010", companyName: "AS" },
        opts,
      ),
    ).toEqual({});
  });

  it("a delivery address, when given, is complete", () => {
    expect(checkoutErrors({ ...complete, shippingAddress: { firstName: "Ola" } }, opts)).toEqual({
      "shippingAddress.lastName": "checkout.error.required",
      "shippingAddress.addressLine1": "checkout.error.required",
      "shippingAddress.zip": "checkout.error.required",
      "shippingAddress.city": "checkout.error.required",
    });
  });

  it("never passes without accepted terms, whatever else is given", () => {
    fc.assert(
      fc.property(
        fc.record({
          email: fc.option(fc.string(), { nil: undefined }),
          zip: fc.option(fc.string(), { nil: undefined }),
          identityNumber: fc.option(fc.string(), { nil: undefined }),
          acceptedTerms: fc.option(fc.boolean(), { nil: undefined }),
        }),
        (fields) => {
          const errors = checkoutErrors({ ...complete, ...fields }, opts);
          if (fields.acceptedTerms !== true) expect(errors.acceptedTerms).toBe("checkout.error.terms");
          for (const key of Object.values(errors)) expect(key && key in MESSAGES).toBe(true);
        },
      ),
    );
  });

  it("stores identity numbers in one form", () => {
    const today = new Date("2026-11-27T12:00:00Z");
    expect(normalizeIdentityNumber("900101-0017", "SE", "PERSON", today)).toBe("199001010017");
    expect(normalizeIdentityNumber("556036-0793", "SE", "ORGANIZATION", today)).toBe("5560360793");
    expect(normalizeIdentityNumber("974 760 010", "NO", "ORGANIZATION", today)).toBe("974760010");
    expect(normalizeIdentityNumber("nope", "NO", "PERSON", today)).toBeNull();
  });
});

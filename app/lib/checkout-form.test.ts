import { describe, expect, it } from "vitest";
import { checkoutFormProblems, inputOfField, readCheckoutForm } from "./checkout-form.ts";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

const complete = {
  intent: "place",
  market: "no",
  customerType: "PERSON",
  zip: " 0154 ",
  shippingOptionId: "own:pickup-point",
  paymentMethod: "invoice",
  email: "kari@example.no",
  phone: "41234567",
  identityNumber: "01019000008",
  firstName: "Kari",
  lastName: "Nordmann",
  addressLine1: "Karl Johans gate 1",
  city: "Oslo",
  acceptedTerms: "on",
};

describe("the checkout form", () => {
  it("reads the API's input: the zip is the billing address's, trimmed; no delivery address unless asked for", () => {
    const read = readCheckoutForm(form(complete));
    expect(read.intent).toBe("place");
    expect(read.market).toBe("no");
    expect(read.input).toMatchObject({
      customerType: "PERSON",
      zip: "0154",
      shippingOptionId: "own:pickup-point",
      paymentMethod: "invoice",
      acceptedTerms: true,
      billingAddress: { firstName: "Kari", zip: "0154", mobile: "41234567", company: "" },
    });
    expect(read.input.shippingAddress).toBeUndefined();
    const separate = readCheckoutForm(
      form({ ...complete, separate: "on", "ship.firstName": "Ola", "ship.zip": "5003" }),
    );
    expect(separate.input.shippingAddress).toMatchObject({ firstName: "Ola", zip: "5003" });
  });

  it("a company name only for an organisation; any other intent is an update", () => {
    expect(readCheckoutForm(form({ ...complete, company: "AS" })).input.billingAddress?.company).toBe("");
    const org = readCheckoutForm(
      form({ ...complete, intent: "x", customerType: "ORGANIZATION", company: "AS" }),
    );
    expect(org.intent).toBe("update");
    expect(org.input.billingAddress?.company).toBe("AS");
  });

  it("checks with domain/checkout.ts's rules, keyed by the form's inputs and the API's messages", () => {
    expect(checkoutFormProblems(readCheckoutForm(form(complete)), "NO")).toEqual({});
    const empty = checkoutFormProblems(readCheckoutForm(form({ intent: "place" })), "NO");
    expect(empty).toMatchObject({
      email: "api.checkout.error.required",
      zip: "api.checkout.error.required",
      shippingOptionId: "api.checkout.error.shipping",
      paymentMethod: "api.checkout.error.paymentMethod",
      identityNumber: "api.checkout.error.required",
      firstName: "api.checkout.error.required",
      acceptedTerms: "api.checkout.error.terms",
    });
    const wrong = checkoutFormProblems(
      readCheckoutForm(form({ ...complete, customerType: "ORGANIZATION", identityNumber: "123456789" })),
      "NO",
    );
    expect(wrong).toEqual({
      identityNumber: "api.checkout.error.organizationId",
      company: "api.checkout.error.required",
    });
  });

  it("names the input of each field path the API answers", () => {
    expect(inputOfField("billingAddress.firstName")).toBe("firstName");
    expect(inputOfField("billingAddress.zip")).toBe("zip");
    expect(inputOfField("billingAddress.mobile")).toBe("phone");
    expect(inputOfField("companyName")).toBe("company");
    expect(inputOfField("paymentId")).toBe("paymentMethod");
    expect(inputOfField("shippingAddress.city")).toBe("ship.city");
    expect(inputOfField("acceptedTerms")).toBe("acceptedTerms");
  });
});

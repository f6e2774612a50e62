import { describe, expect, it } from "vitest";
import { isValidIdentityNumber } from "#domain/validators.ts";
import type { PaymentCustomer } from "../index.ts";
import { testPaymentRequest } from "../test-request.ts";
import { INVOICE_SANDBOX_PERSON_LIMIT, INVOICE_TEST_NUMBERS, SandboxInvoiceProvider } from "./index.ts";

const person = (identityNumber: string): PaymentCustomer => ({
  email: "kund@example.se",
  customerType: "PERSON",
  identityNumber,
});
const company = (organizationId: string): PaymentCustomer => ({
  email: "inkop@example.se",
  customerType: "ORGANIZATION",
  organizationId,
  companyName: "Exempel AB",
});

describe("invoice provider sandbox", () => {
  it("documents valid test numbers only", () => {
    for (const outcome of ["declined", "blocked"] as const) {
      const n = INVOICE_TEST_NUMBERS[outcome];
      expect(isValidIdentityNumber(n.SE_PERSON, "SE", "PERSON")).toBe(true);
      expect(isValidIdentityNumber(n.SE_ORGANIZATION, "SE", "ORGANIZATION")).toBe(true);
      expect(isValidIdentityNumber(n.NO_PERSON, "NO", "PERSON")).toBe(true);
      expect(isValidIdentityNumber(n.NO_ORGANIZATION, "NO", "ORGANIZATION")).toBe(true);
    }
  });

  it("approves a person and a company, declines and blocks the test numbers in any written form", async () => {
    const invoice = new SandboxInvoiceProvider();
    expect(await invoice.authorize(testPaymentRequest({ customer: person("900101-0017") }))).toMatchObject({
      status: "authorized",
    });
    expect(await invoice.authorize(testPaymentRequest({ customer: company("556036-0793") }))).toMatchObject({
      status: "authorized",
    });
    expect(await invoice.authorize(testPaymentRequest({ customer: person("19121212-1212") }))).toMatchObject({
      status: "declined",
    });
    expect(await invoice.authorize(testPaymentRequest({ customer: person("8112189876") }))).toMatchObject({
      status: "blocked",
    });
    expect(await invoice.authorize(testPaymentRequest({ customer: company("999 999 018") }))).toMatchObject({
      status: "declined",
    });
    expect(await invoice.authorize(testPaymentRequest())).toMatchObject({ status: "declined" });
    const big = testPaymentRequest({ customer: person("900101-0017") });
    const over = { ...big, totals: { ...big.totals, payable: INVOICE_SANDBOX_PERSON_LIMIT + 1 } };
    expect(await invoice.authorize(over)).toMatchObject({ status: "declined" });
    // A new attempt (new key): an organisation has no such limit. The same key would answer the same refusal.
    expect(await invoice.authorize({ ...over, customer: company("556036-0793") })).toMatchObject({
      status: "declined",
    });
    expect(
      await invoice.authorize({
        ...over,
        idempotencyKey: crypto.randomUUID(),
        customer: company("556036-0793"),
      }),
    ).toMatchObject({
      status: "authorized",
    });
  });

  it("answers a retried attempt the same, with one invoice; captures, refunds and cancels once per key", async () => {
    const invoice = new SandboxInvoiceProvider();
    const request = testPaymentRequest({ customer: person("900101-0017") });
    const answers = await Promise.all(Array.from({ length: 5 }, () => invoice.authorize(request)));
    expect(
      new Set(answers.map((a) => (a.status === "authorized" ? a.providerReference : a.status))).size,
    ).toBe(1);
    expect(invoice.log.filter((e) => e.kind === "authorize")).toHaveLength(1);
    const first = answers[0];
    if (first?.status !== "authorized") throw new Error("not authorised");
    expect(await invoice.byAttempt(request.idempotencyKey)).toEqual(first);
    for (let i = 0; i < 5; i++) await invoice.capture(first.providerReference, request.totals.payable, "c1");
    expect(invoice.log.filter((e) => e.kind === "capture")).toHaveLength(1);
    await expect(invoice.cancel(first.providerReference, "x")).rejects.toMatchObject({
      code: "CANCEL_NOT_ALLOWED",
    });
    await invoice.refund(first.providerReference, 100, "r1");
    await invoice.refund(first.providerReference, 100, "r1");
    expect(await invoice.state(first.providerReference)).toMatchObject({ status: "captured", refunded: 100 });
    // A credit note with lines: they must add up to the amount; kept with the refund.
    const line = {
      kind: "physical" as const,
      reference: "ART-1",
      name: "Jacka",
      quantity: 1,
      vatRateBp: 2500,
      totalIncVat: 50,
      vat: 10,
    };
    await expect(invoice.refund(first.providerReference, 60, "r2", [line])).rejects.toMatchObject({
      code: "BAD_VALUE",
    });
    await invoice.refund(first.providerReference, 50, "r3", [line]);
    expect(invoice.log.filter((e) => e.kind === "refund").at(-1)).toMatchObject({
      amount: 50,
      lines: [line],
    });
    expect(await invoice.state(first.providerReference)).toMatchObject({ refunded: 150 });

    const other = await invoice.authorize(testPaymentRequest({ customer: person("900101-0017") }));
    if (other.status !== "authorized") throw new Error("not authorised");
    await invoice.cancel(other.providerReference, "k");
    await invoice.cancel(other.providerReference, "k");
    expect(invoice.log.filter((e) => e.kind === "cancel")).toHaveLength(1);
    expect(await invoice.state(other.providerReference)).toMatchObject({ status: "cancelled" });
    expect(await invoice.state("inv_unknown")).toBeNull();
  });
});

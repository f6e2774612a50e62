import { describe, expect, it } from "vitest";
import type { OrderRecord } from "../orders/read.ts";
import { renderOrderMail } from "./order-templates.ts";

const order: OrderRecord = {
  id: 7,
  publicId: "0b7c6a52-1f3e-4a8e-9c1d-2f6f1d1e9a01",
  orderNumber: "SE-1000017",
  cartId: "5d0f3c1a-7a55-4b8e-8c55-0b1d2e3f4a5b",
  channelId: "1|se",
  marketAlias: "se",
  languageId: "sv-SE",
  currency: "SEK",
  customerId: null,
  email: "kund@example.se",
  phone: null,
  customerType: "PERSON",
  identityNumber: "199001010017",
  organizationId: null,
  companyName: null,
  billingAddress: {
    firstName: "Sven",
    lastName: "Svensson",
    addressLine1: "Storgatan 1",
    zip: "11434",
    city: "Stockholm",
  },
  shippingAddress: {
    firstName: "Sven",
    lastName: "Svensson",
    addressLine1: "Storgatan 1",
    zip: "11434",
    city: "Stockholm",
  },
  zip: "11434",
  status: "received",
  paymentStatus: "authorized",
  paymentMethodKey: "invoice",
  paymentMethodId: 2,
  paymentMethodNames: { "sv-SE": "Faktura", "nb-NO": "Faktura" },
  paymentType: "INVOICE",
  paymentReference: "inv-1",
  capturedMinor: 0,
  refundedMinor: 0,
  shippingOptionKey: "pickup-point",
  shippingOptionNames: null,
  shippingOptionName: null,
  shippingAgent: null,
  shippingFeeIncVat: 4900,
  shippingFeeVat: 980,
  itemValueIncVat: 39800,
  itemValueExVat: 31840,
  discountIncVat: 0,
  vat: 8940,
  balanceUsed: 5000,
  totalIncVat: 44700,
  promoCode: null,
  message: null,
  createdAt: new Date("2026-11-27T10:00:00Z"),
  confirmedAt: new Date("2026-11-27T10:00:01Z"),
  withdrawnAt: null,
  updatedAt: new Date("2026-11-27T10:00:01Z"),
  lines: [
    {
      id: 1,
      skuId: 3,
      productId: 2,
      articleNumber: "A-2",
      name: "Löparsko <Snabb>",
      skuName: "42",
      quantity: 2,
      unitRegularIncVat: 19900,
      unitSellingIncVat: 19900,
      vatRateBp: 2500,
      discountIncVat: 0,
      lineTotalIncVat: 39800,
      lineVat: 7960,
      campaignNames: [],
      groupKey: null,
      packageId: null,
    },
  ],
  history: [],
  refunds: [],
};

describe("the order e-mails", () => {
  it("confirm an order in Swedish: lines, totals less gift cards, delivery, payment, the order link, the right of withdrawal", () => {
    const mail = renderOrderMail({
      kind: "order.confirmation",
      language: "sv",
      order,
      url: "http://shop.test/sv/order/x",
    });
    expect(mail.subject).toBe("Tack för din beställning (SE-1000017)");
    expect(mail.text).toContain("Hej Sven!");
    expect(mail.text).toContain("2 × Löparsko <Snabb> (42)");
    expect(mail.text).toMatch(/Betalt med presentkort: −50(,00)?\s?kr/);
    expect(mail.text).toMatch(/Totalt: 397(,00)?\s?kr/);
    expect(mail.text).toContain("Betalning: Faktura");
    expect(mail.text).toContain("http://shop.test/sv/order/x");
    expect(mail.text).toContain("14 dagars ångerrätt");
    expect(mail.html).toContain('<html lang="sv">');
    expect(mail.html).toContain("Löparsko &lt;Snabb&gt; (42)");
    expect(mail.html).not.toContain("<Snabb>");
  });

  it("confirm an order and a withdrawal in Norwegian", () => {
    const confirmation = renderOrderMail({
      kind: "order.confirmation",
      language: "nb",
      order,
      url: "http://shop.test/order/x",
    });
    expect(confirmation.subject).toBe("Takk for bestillingen din (SE-1000017)");
    expect(confirmation.text).toContain("14 dagers angrerett");
    expect(confirmation.html).toContain('<html lang="nb">');
    const withdrawal = renderOrderMail({
      kind: "order.withdrawal",
      language: "nb",
      order,
      url: "http://shop.test/order/x",
      withdrawnAt: new Date("2026-11-28T09:00:00Z"),
    });
    expect(withdrawal.subject).toBe("Vi har mottatt at du angrer kjøpet (SE-1000017)");
    expect(withdrawal.text).toContain("28. november 2026");
    expect(withdrawal.text).toContain("kvitteringen din");
  });
});

import { priceCart } from "#domain/cart.ts";
import { orderSnapshot } from "#domain/order.ts";
import type { PaymentCustomer, PaymentRequest } from "./index.ts";

/**
 * A realistic payment request for the providers' tests: two lines at 25 % and 12 % VAT, a promo of 100 kr off,
 * a shipping fee split over both rates and an optional gift card, priced by the cart's own rules.
 */
export function testPaymentRequest(
  over: { reference?: string; idempotencyKey?: string; giftCard?: number; customer?: PaymentCustomer } = {},
): PaymentRequest {
  const line = (id: string, selling: number, quantity: number, vatRateBp: number) => ({
    id,
    skuId: Number(id.slice(1)),
    productId: Number(id.slice(1)),
    quantity,
    regular: selling,
    selling,
    vatRateBp,
    categoryIds: [],
    categoryKeys: [],
    brandId: null,
    kind: null,
    groupKey: null,
  });
  const lines = [line("l1", 49_900, 2, 2500), line("l2", 12_950, 3, 1200)];
  const totals = priceCart({
    currency: "SEK",
    customerType: "PERSON",
    lines,
    promo: {
      id: "promo:SPORT100",
      kind: "promo",
      name: "SPORT100",
      hideTitle: false,
      conditions: [],
      actions: [{ code: "fixedOff", args: { SEK: 10_000 } }],
      stackable: true,
    },
    shipping: { feeMinor: 4_900, freeOverMinor: null, isDefault: true },
    giftCards: over.giftCard ? [{ code: "GIFT", balanceMinor: over.giftCard }] : [],
  });
  const snap = orderSnapshot(
    totals,
    lines.map((l) => ({
      id: l.id,
      skuId: l.skuId,
      productId: l.productId,
      articleNumber: `ART-${l.skuId}`,
      name: l.id === "l1" ? "Vinterjacka" : "Proteinbar",
      skuName: l.id === "l1" ? "M" : null,
      campaignNames: [],
      groupKey: null,
      packageId: null,
    })),
  );
  return {
    reference: over.reference ?? crypto.randomUUID(),
    idempotencyKey: over.idempotencyKey ?? crypto.randomUUID(),
    country: "SE",
    currency: "SEK",
    locale: "sv-SE",
    lines: snap.lines,
    totals: snap.totals,
    shippingName: "Hemleverans",
    ...(over.customer ? { customer: over.customer } : {}),
  };
}

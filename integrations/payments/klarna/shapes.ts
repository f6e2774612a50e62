import { allocate } from "#domain/money.ts";
import { vatOfGross } from "#domain/vat.ts";
import type { MerchantUrls, PaymentRequest, RefundLine } from "../index.ts";

/**
 * The shapes of Klarna's public REST APIs that the adapter and its sandbox speak: Checkout v3
 * (`/checkout/v3/orders`) and Order Management v1 (`/ordermanagement/v1/orders`). Amounts are integer minor
 * units, `tax_rate` is in hundredths of a percent (2500 = 25 %), as Klarna defines them; our basis points are the
 * same unit.
 */

export interface KlarnaOrderLine {
  type: "physical" | "digital" | "shipping_fee" | "discount" | "gift_card" | "store_credit" | "surcharge";
  reference?: string;
  name: string;
  quantity: number;
  quantity_unit?: string;
  unit_price: number;
  tax_rate: number;
  total_amount: number;
  total_discount_amount?: number;
  total_tax_amount: number;
  merchant_data?: string;
}

export interface KlarnaAddress {
  given_name?: string;
  family_name?: string;
  organization_name?: string;
  email?: string;
  street_address?: string;
  street_address2?: string;
  postal_code?: string;
  city?: string;
  country?: string;
  phone?: string;
  care_of?: string;
}

/** A Checkout v3 order as created, updated and read. */
export interface KlarnaCheckoutOrder {
  order_id?: string;
  status?: "checkout_incomplete" | "checkout_complete";
  purchase_country: string;
  purchase_currency: string;
  locale: string;
  order_amount: number;
  order_tax_amount: number;
  order_lines: KlarnaOrderLine[];
  merchant_urls: MerchantUrls;
  merchant_reference1?: string;
  merchant_reference2?: string;
  billing_address?: KlarnaAddress;
  shipping_address?: KlarnaAddress;
  customer?: { type: "person" | "organization"; organization_registration_id?: string };
  options?: { allowed_customer_types?: ("person" | "organization")[] };
  html_snippet?: string;
  started_at?: string;
  completed_at?: string;
}

/** An order in Order Management v1. */
export interface KlarnaManagedOrder {
  order_id: string;
  status: "AUTHORIZED" | "PART_CAPTURED" | "CAPTURED" | "CANCELLED" | "EXPIRED" | "CLOSED";
  fraud_status: "ACCEPTED" | "PENDING" | "REJECTED";
  order_amount: number;
  original_order_amount: number;
  captured_amount: number;
  refunded_amount: number;
  remaining_authorized_amount: number;
  purchase_currency: string;
  purchase_country: string;
  locale: string;
  order_lines: KlarnaOrderLine[];
  merchant_reference1?: string;
  merchant_reference2?: string;
  captures: { capture_id: string; captured_amount: number; captured_at: string }[];
  refunds: {
    refund_id: string;
    refunded_amount: number;
    refunded_at: string;
    /** Shown to the customer (max 255). */
    description?: string;
    /** The merchant's internal reference to the refund (max 255): ours is the refund's idempotency key. */
    reference?: string;
    order_lines?: KlarnaOrderLine[];
  }[];
  billing_address?: KlarnaAddress;
  shipping_address?: KlarnaAddress;
  created_at: string;
}

export interface KlarnaError {
  error_code: string;
  error_messages: string[];
  correlation_id: string;
}

/** Klarna's own check of a line: total = quantity × unit price − discount; tax within one minor unit of the rate. */
export function lineProblems(line: KlarnaOrderLine): string[] {
  const problems: string[] = [];
  const discount = line.total_discount_amount ?? 0;
  if (!Number.isInteger(line.quantity) || line.quantity < 0) problems.push(`${line.name}: quantity`);
  if (line.total_amount !== line.quantity * line.unit_price - discount)
    problems.push(`${line.name}: total_amount must be quantity × unit_price − total_discount_amount`);
  if (!Number.isInteger(line.tax_rate) || line.tax_rate < 0 || line.tax_rate > 10000)
    problems.push(`${line.name}: tax_rate`);
  else {
    const expected = line.total_amount - Math.round((line.total_amount * 10000) / (10000 + line.tax_rate));
    if (Math.abs(expected - line.total_tax_amount) > 1) problems.push(`${line.name}: total_tax_amount`);
  }
  return problems;
}

/** Klarna's check of an order's sums. */
export function orderProblems(
  order: Pick<KlarnaCheckoutOrder, "order_lines" | "order_amount" | "order_tax_amount">,
) {
  const problems = order.order_lines.flatMap(lineProblems);
  const amount = order.order_lines.reduce((s, l) => s + l.total_amount, 0);
  const tax = order.order_lines.reduce((s, l) => s + l.total_tax_amount, 0);
  if (amount !== order.order_amount) problems.push("order_amount must be the sum of the lines' total_amount");
  if (tax !== order.order_tax_amount)
    problems.push("order_tax_amount must be the sum of the lines' total_tax_amount");
  return problems;
}

/**
 * The Checkout v3 order for a payment request: a line per order line, the shipping fee split by the goods' VAT
 * rates the way the cart computed its VAT (one line per rate, so each line's tax matches its rate), and the gift
 * card amount as a `gift_card` line without VAT (gift cards pay, they do not lower the VAT).
 */
export function checkoutOrder(request: PaymentRequest, urls: MerchantUrls): KlarnaCheckoutOrder {
  const lines: KlarnaOrderLine[] = request.lines.map((l) => ({
    type: "physical",
    reference: l.articleNumber,
    name: l.skuName ? `${l.name} (${l.skuName})` : l.name,
    quantity: l.quantity,
    quantity_unit: "pcs",
    unit_price: l.unitSellingIncVat,
    tax_rate: l.vatRateBp,
    total_amount: l.lineTotalIncVat,
    total_discount_amount: l.discountIncVat,
    total_tax_amount: l.lineVat,
  }));
  const fee = request.totals.shippingFeeIncVat;
  if (fee > 0) {
    const weights = request.lines.map((l) => l.lineTotalIncVat);
    const parts = allocate(fee, weights.some((w) => w > 0) ? weights : request.lines.map((l) => l.quantity));
    const byRate = new Map<number, number>();
    parts.forEach((part, i) => {
      const rate = request.lines[i]?.vatRateBp ?? 0;
      byRate.set(rate, (byRate.get(rate) ?? 0) + part);
    });
    const rates = [...byRate].filter(([, amount]) => amount > 0).sort((a, b) => b[0] - a[0]);
    for (const [rate, amount] of rates)
      lines.push({
        type: "shipping_fee",
        reference: rates.length > 1 ? `shipping-${rate}` : "shipping",
        name: request.shippingName,
        quantity: 1,
        unit_price: amount,
        tax_rate: rate,
        total_amount: amount,
        total_discount_amount: 0,
        // The cart's shipping VAT is the sum of vatOfGross per part; per rate it is at most a unit off that sum,
        // corrected below so the order's tax is exactly the cart's.
        total_tax_amount: vatOfGross(amount, rate),
      });
    const shippingTax = lines
      .filter((l) => l.type === "shipping_fee")
      .reduce((s, l) => s + l.total_tax_amount, 0);
    const drift = request.totals.shippingFeeVat - shippingTax;
    const first = lines.find((l) => l.type === "shipping_fee");
    if (first && drift !== 0) first.total_tax_amount += drift;
  }
  if (request.totals.balanceUsed > 0)
    lines.push({
      type: "gift_card",
      reference: "gift-card",
      name: "Gift card",
      quantity: 1,
      unit_price: -request.totals.balanceUsed,
      tax_rate: 0,
      total_amount: -request.totals.balanceUsed,
      total_discount_amount: 0,
      total_tax_amount: 0,
    });
  const customer = request.customer;
  return {
    purchase_country: request.country,
    purchase_currency: request.currency,
    locale: request.locale,
    order_amount: lines.reduce((s, l) => s + l.total_amount, 0),
    order_tax_amount: lines.reduce((s, l) => s + l.total_tax_amount, 0),
    order_lines: lines,
    merchant_urls: urls,
    merchant_reference1: request.reference,
    merchant_reference2: request.idempotencyKey,
    ...(customer
      ? {
          customer:
            customer.customerType === "ORGANIZATION"
              ? {
                  type: "organization" as const,
                  ...(customer.organizationId
                    ? { organization_registration_id: customer.organizationId }
                    : {}),
                }
              : { type: "person" as const },
          options: {
            allowed_customer_types: [customer.customerType === "ORGANIZATION" ? "organization" : "person"],
          },
          billing_address: {
            email: customer.email,
            ...(customer.billingAddress?.zip ? { postal_code: customer.billingAddress.zip } : {}),
            ...(customer.phone ? { phone: customer.phone } : {}),
          },
        }
      : {}),
  };
}

/** Fills Klarna's `{checkout.order.id}` placeholder. */
export function fillOrderId(url: string, orderId: string): string {
  return url.replaceAll("{checkout.order.id}", encodeURIComponent(orderId));
}

/**
 * A refund's line as Order Management's refund takes it (`order_lines`): the unit price rounded up and the
 * difference as the line's discount, so quantity × unit price − discount is the refunded money exactly.
 */
export function klarnaRefundLine(line: RefundLine): KlarnaOrderLine {
  const quantity = Math.max(1, line.quantity);
  const unit = Math.ceil(line.totalIncVat / quantity);
  return {
    type: line.kind,
    reference: line.reference,
    name: line.name,
    quantity,
    unit_price: unit,
    tax_rate: line.vatRateBp,
    total_amount: line.totalIncVat,
    total_discount_amount: unit * quantity - line.totalIncVat,
    total_tax_amount: line.vat,
  };
}

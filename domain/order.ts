/**
 * An order as sold (docs/decisions/0026): order numbers, the snapshot of a priced cart's lines and totals, and
 * how stock is taken for it. Pure; the amounts come from domain/cart.ts's priceCart, so the order charges exactly
 * what the cart showed, and the lines' VAT adds up to the order's.
 */
import type { CartTotals } from "./cart.ts";

// ---------------------------------------------------------------------------------------------------------
// Order numbers

/**
 * A human-readable order number per channel: the channel's country letters, a running number and a check digit
 * (Luhn), e.g. `SE-1000017`. The check digit catches a mistyped digit or two swapped neighbours when a shopper
 * reads the number to customer service.
 */
export const ORDER_NUMBER_START = 100001;

function luhnDigit(digits: string): number {
  let sum = 0;
  // From the right, every second digit (starting with the rightmost, as the check digit will follow) doubled.
  for (let i = digits.length - 1, double = true; i >= 0; i--, double = !double) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** The prefix of a channel id ("1|se" → "SE"): its market letters, upper-cased. */
export function orderNumberPrefix(channelId: string): string {
  const market = channelId.split("|")[1] ?? "";
  const letters = market.replace(/[^a-z]/gi, "").toUpperCase();
  return letters || "M";
}

export function formatOrderNumber(channelId: string, sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1)
    throw new RangeError(`An order sequence is a positive integer, got ${sequence}`);
  const digits = String(sequence);
  return `${orderNumberPrefix(channelId)}-${digits}${luhnDigit(digits)}`;
}

/** The prefix and running number of an order number as typed (case and spaces forgiven); null when not valid. */
export function parseOrderNumber(text: string): { prefix: string; sequence: number } | null {
  const m = /^([A-Z]{1,8})-?(\d{2,16})$/.exec(text.replace(/\s+/g, "").toUpperCase());
  if (!m?.[1] || !m[2]) return null;
  const digits = m[2].slice(0, -1);
  if (luhnDigit(digits) !== Number(m[2].slice(-1))) return null;
  const sequence = Number(digits);
  return Number.isSafeInteger(sequence) && sequence > 0 ? { prefix: m[1], sequence } : null;
}

// ---------------------------------------------------------------------------------------------------------
// Taking stock

export interface StockLevels {
  inStock: number;
  oversellable: number;
  static: number;
}

/**
 * How `quantity` units are taken from a SKU: from the shelf first, then as backorder from its oversellable units;
 * static stock is always available and never counted down. Null when the SKU cannot cover the quantity. Never
 * leaves a level below zero.
 */
export function takeStock(
  stock: StockLevels,
  quantity: number,
): { fromShelf: number; backorder: number; fromStatic: number } | null {
  if (!Number.isSafeInteger(quantity) || quantity < 1) return null;
  if (stock.static > 0) return { fromShelf: 0, backorder: 0, fromStatic: quantity };
  const shelf = Math.max(0, stock.inStock);
  const beyond = Math.max(0, stock.oversellable);
  if (quantity > shelf + beyond) return null;
  const fromShelf = Math.min(shelf, quantity);
  return { fromShelf, backorder: quantity - fromShelf, fromStatic: 0 };
}

// ---------------------------------------------------------------------------------------------------------
// The snapshot

/** What the order keeps of each cart line, besides the amounts (names, SKUs, campaigns). */
export interface LineFacts {
  id: string;
  skuId: number;
  productId: number;
  articleNumber: string;
  name: string;
  skuName: string | null;
  campaignNames: readonly string[];
  groupKey: string | null;
  packageId: number | null;
}

export interface OrderLineSnapshot extends Omit<LineFacts, "id" | "campaignNames"> {
  campaignNames: string[];
  quantity: number;
  vatRateBp: number;
  unitRegularIncVat: number;
  unitSellingIncVat: number;
  /** Everything taken off the line's selling total: item reductions and its share of fixed amounts off. */
  discountIncVat: number;
  /** What the line costs: quantity × unitSelling − discount. */
  lineTotalIncVat: number;
  lineVat: number;
}

export interface OrderTotalsSnapshot {
  currency: string;
  /** The goods after every reduction, including and excluding VAT. */
  itemValueIncVat: number;
  itemValueExVat: number;
  /** The goods' reductions against their regular (announced) prices. */
  discountIncVat: number;
  shippingFeeIncVat: number;
  shippingFeeVat: number;
  /** The order's VAT: the lines' plus the shipping's. */
  vat: number;
  /** Goods plus shipping: what the order costs. */
  totalIncVat: number;
  /** Paid by gift cards (balance): part of the total, not a discount. */
  balanceUsed: number;
  /** What the payment provider is asked for: total − balance. */
  payable: number;
}

export class SnapshotError extends Error {}

/**
 * The order's lines and totals from a priced cart. Every amount is the cart's: a line's total and VAT are
 * priceCart's, so Σ line VAT + shipping VAT = the order's VAT and Σ line totals + shipping = its total.
 * Throws when a priced line has no facts (the caller loaded the cart inconsistently).
 */
export function orderSnapshot(
  totals: CartTotals,
  facts: readonly LineFacts[],
): { lines: OrderLineSnapshot[]; totals: OrderTotalsSnapshot } {
  const byId = new Map(facts.map((f) => [f.id, f]));
  const lines = totals.lines.map((priced) => {
    const fact = byId.get(priced.id);
    if (!fact) throw new SnapshotError(`No facts for cart line ${priced.id}`);
    const { id: _id, campaignNames, ...rest } = fact;
    return {
      ...rest,
      campaignNames: [...campaignNames],
      quantity: priced.quantity,
      vatRateBp: priced.vatRateBp,
      unitRegularIncVat: priced.unitRegular,
      unitSellingIncVat: priced.unitSelling,
      discountIncVat: priced.sellingTotal - priced.total,
      lineTotalIncVat: priced.total,
      lineVat: priced.vat,
    };
  });
  const itemValueIncVat = lines.reduce((s, l) => s + l.lineTotalIncVat, 0);
  const itemVat = lines.reduce((s, l) => s + l.lineVat, 0);
  return {
    lines,
    totals: {
      currency: totals.currency,
      itemValueIncVat,
      itemValueExVat: itemValueIncVat - itemVat,
      discountIncVat: totals.total.discount,
      shippingFeeIncVat: totals.shipping.fee,
      shippingFeeVat: totals.shipping.vat,
      vat: itemVat + totals.shipping.vat,
      totalIncVat: itemValueIncVat + totals.shipping.fee,
      balanceUsed: totals.balance.pending,
      payable: totals.balance.payable,
    },
  };
}

/** Whether two snapshots charge the same: the same lines, quantities and amounts (a price changed in between?). */
export function sameCharge(a: OrderTotalsSnapshot, b: OrderTotalsSnapshot): boolean {
  return (
    a.currency === b.currency &&
    a.totalIncVat === b.totalIncVat &&
    a.vat === b.vat &&
    a.balanceUsed === b.balanceUsed &&
    a.shippingFeeIncVat === b.shippingFeeIncVat
  );
}

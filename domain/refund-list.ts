/**
 * The refunds a shopper sees on an order (the storefront's OrderType.refunds, decision 0065): the shop's real
 * refund records, in the order they were made, and — when the order's refunded sum holds more than those records —
 * one entry for the rest, which the order state machine's cancel or refund move gave back (those moves write no
 * refund record: decision 0050). So the entries always add up to what the order says was refunded, and a
 * cancellation shows as it did before.
 */

export interface RefundRecordLine {
  lineId: number;
  quantity: number;
  amount: number;
  vat: number;
}

/** A completed refund record (the refunds table), as much of it as the shopper's list needs. */
export interface RefundRecord {
  id: number;
  amount: number;
  vat: number;
  /** The shipping fee's part of the amount (0 when the shipping was not refunded by it). */
  shipping: number;
  /** "provider" (back through the payment) or "balance" (to the customer's balance). */
  method: string;
  lines: readonly RefundRecordLine[];
  reason: string | null;
  at: Date;
}

/** The order's own facts: its refunded sum (every refund, records and moves), its total and VAT. */
export interface RefundListOrder {
  refunded: number;
  totalIncVat: number;
  vat: number;
  /** The last move to cancelled or refunded (its date and reason), for the rest a move refunded. */
  move: { at: Date; reason: string | null } | null;
  /** When nothing better is known (the order's last update). */
  updatedAt: Date;
}

export interface ShopperRefund {
  /** The record's id; 0 for the rest a cancel or refund move gave back (it has no record). */
  refundId: number;
  amount: number;
  vat: number;
  shipping: number;
  toBalance: boolean;
  lines: readonly RefundRecordLine[];
  reason: string | null;
  at: Date;
}

/**
 * The shopper's list: every completed record once, oldest first (ties by id), and the rest of the order's refunded
 * sum as one whole-order entry dated by the move that refunded it (its VAT the order's VAT in proportion).
 */
export function shopperRefunds(order: RefundListOrder, records: readonly RefundRecord[]): ShopperRefund[] {
  const list: ShopperRefund[] = records.map((r) => ({
    refundId: r.id,
    amount: r.amount,
    vat: r.vat,
    shipping: r.shipping,
    toBalance: r.method === "balance",
    lines: r.lines,
    reason: r.reason,
    at: r.at,
  }));
  const rest = order.refunded - records.reduce((s, r) => s + r.amount, 0);
  if (rest > 0)
    list.push({
      refundId: 0,
      amount: rest,
      vat: order.totalIncVat > 0 ? Math.round((order.vat * rest) / order.totalIncVat) : 0,
      shipping: 0,
      toBalance: false,
      lines: [],
      reason: order.move?.reason ?? null,
      at: order.move?.at ?? order.updatedAt,
    });
  return list.sort((a, b) => a.at.getTime() - b.at.getTime() || a.refundId - b.refundId);
}

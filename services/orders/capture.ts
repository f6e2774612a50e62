import { and, eq, sql } from "drizzle-orm";
import { checkoutSessions, orders, paymentMethods } from "#db/schema/index.ts";
import { operationKey, type PaymentType } from "#integrations/payments/index.ts";
import type { OrderDeps } from "./place.ts";

/**
 * Takes an authorised order's payment (decision 0050): at confirmation (services/orders/hosted.ts, when the shop
 * captures on confirmation) or when the order ships (services/orders/status.ts, the move to completed). The capture
 * carries a key derived from the attempt, so a retry or a concurrent call is answered by the provider with the same
 * capture, and the order records it once. A provider's refusal (PaymentProviderError) is thrown before anything is
 * written: the order stays authorised. Answers the payment's state after it.
 */
export async function capturePayment(
  deps: OrderDeps,
  orderId: number,
): Promise<{ paymentStatus: string; captured: number } | null> {
  const [row] = await deps.db
    .select({
      paymentStatus: orders.paymentStatus,
      captured: orders.capturedMinor,
      reference: orders.paymentReference,
      total: orders.totalIncVatMinor,
      balance: orders.balanceUsedMinor,
      key: checkoutSessions.idempotencyKey,
      paymentType: paymentMethods.paymentType,
    })
    .from(orders)
    .innerJoin(checkoutSessions, eq(checkoutSessions.id, orders.checkoutSessionId))
    .innerJoin(paymentMethods, eq(paymentMethods.key, checkoutSessions.paymentMethodKey))
    .where(eq(orders.id, orderId));
  if (!row) return null;
  if (row.paymentStatus !== "authorized" || !row.reference)
    return { paymentStatus: row.paymentStatus, captured: row.captured };
  const amount = row.total - row.balance;
  const provider = deps.payments[row.paymentType as PaymentType];
  if (!provider) return { paymentStatus: row.paymentStatus, captured: row.captured };
  if (amount > 0) await provider.capture(row.reference, amount, operationKey(row.key, "capture"));
  await deps.db
    .update(orders)
    .set({ paymentStatus: "captured", capturedMinor: amount, updatedAt: sql`now()` })
    .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, "authorized")));
  return { paymentStatus: "captured", captured: amount };
}

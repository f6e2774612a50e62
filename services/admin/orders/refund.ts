import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import {
  checkoutSessions,
  customerBalanceEntries,
  orderLines,
  orderStatusHistory,
  orders,
  paymentMethods,
  refunds,
  skus,
} from "#db/schema/index.ts";
import { checkTransition, type OrderStatus, releasesStock } from "#domain/order-status.ts";
import {
  type PlannedLine,
  planRefund,
  type RefundFacts,
  type RefundMethod,
  type RefundRefusal,
  refundedQuantities,
} from "#domain/refund.ts";
import {
  operationKey,
  PaymentProviderError,
  type PaymentType,
  type RefundLine,
} from "#integrations/payments/index.ts";
import type { OrderDeps } from "../../orders/place.ts";
import { type AuditActor, writeAudit } from "../audit.ts";

/**
 * Refunds chosen lines (a quantity of each) and/or the shipping fee of an order (issue 15, decision 0050), through
 * the payment provider (Klarna Order Management's refund with order lines, the invoice provider's credit note) or
 * to the customer's balance. Three steps, so no money moves twice and no refund is counted twice:
 * 1. Under the order's row lock: the rule (domain/refund.ts) against the refunds already made or reserved, then
 *    the refund row is written `pending` with its key — a second admin refunding the same units waits for the lock
 *    and is refused; a retry with the same key finds the row and goes on with it.
 * 2. The provider is asked with a key derived from the payment attempt and the refund's key: a retry is answered,
 *    not repeated. A clear refusal (4xx) deletes the reserved row: nothing changed. A fault or timeout (5xx, 408,
 *    409, 429, cut off) keeps it pending — the provider may have refunded — and the admin retries the same key.
 * 3. Under the lock again: the refund completed, the order's refunded sum, `refunded` when every unit and the
 *    shipping are refunded, units back on the shelf when asked (returned goods), the balance credited, the audit
 *    entry — one transaction.
 */

export interface RefundInput {
  orderId: number;
  /** The form's idempotency key (one per refund the admin means). */
  key: string;
  lines: readonly { lineId: number; quantity: number }[];
  shipping: boolean;
  method: RefundMethod;
  /** Put the refunded units back on the shelf (the goods came back). */
  returnToStock: boolean;
  reason?: string | null;
}

export type RefundOutcome =
  | {
      ok: true;
      refundId: number;
      amount: number;
      vat: number;
      status: OrderStatus;
      /** A retry of a refund already made: nothing moved this time. */
      repeated: boolean;
    }
  | {
      ok: false;
      /** `providerUnknown`: the provider did not answer (5xx, timeout); the refund stays pending for a retry. */
      refusal: RefundRefusal | "notFound" | "status" | "keyReused" | "provider" | "providerUnknown";
      lineId?: number;
      /** The provider's words, for a provider refusal. */
      detail?: string;
    };

const REFUNDABLE_STATUSES = new Set(["received", "processing", "completed"]);

export interface StoredRefund {
  id: number;
  orderId: number;
  status: string;
  amountMinor: number;
  vatMinor: number;
  shippingMinor: number;
  method: string;
  lines: unknown;
  /** The form's key (null once a check found the refund failed: the key is free for the form's retry). */
  idempotencyKey: string | null;
}

const linesOf = (stored: unknown): PlannedLine[] => (Array.isArray(stored) ? (stored as PlannedLine[]) : []);

export async function lockedOrder(tx: Database, orderId: number) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  return order ?? null;
}

/**
 * A refund and its order, locked as every refund step locks them: the order first, then the refund's row (settling
 * and failing a pending refund take turns with each other and with new refunds of the order); null when either is
 * gone.
 */
export async function lockedRefund(tx: Database, refundId: number) {
  const [stored] = await tx
    .select({ orderId: refunds.orderId })
    .from(refunds)
    .where(eq(refunds.id, refundId));
  const order = stored ? await lockedOrder(tx, stored.orderId) : null;
  if (!order) return null;
  const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for("update");
  return refund ? { order, refund } : null;
}

/** The facts of the rule under the order's lock: lines, and the refunds made or reserved. */
async function factsOf(tx: Database, order: typeof orders.$inferSelect) {
  const [lines, made] = await Promise.all([
    tx.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id)),
    tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.orderId, order.id), inArray(refunds.status, ["pending", "completed"]))),
  ]);
  const done = refundedQuantities(made.map((r) => ({ lines: linesOf(r.lines) })));
  const sum = (rows: typeof made) => rows.reduce((s, r) => s + r.amountMinor, 0);
  const completedToBalance = sum(made.filter((r) => r.status === "completed" && r.method === "balance"));
  const pendingToProvider = sum(made.filter((r) => r.status === "pending" && r.method === "provider"));
  const facts: RefundFacts = {
    lines: lines.map((l) => ({
      lineId: l.id,
      quantity: l.quantity,
      totalIncVat: l.lineTotalIncVatMinor,
      vat: l.lineVatMinor,
      refundedQuantity: done.get(l.id) ?? 0,
    })),
    shipping: {
      incVat: order.shippingFeeIncVatMinor,
      vat: order.shippingFeeVatMinor,
      refunded: made.some((r) => r.shippingMinor > 0),
    },
    captured: order.capturedMinor,
    paidFromBalance: order.balanceUsedMinor,
    // The order's refunded sum counts every completed refund (also a cancellation's); the balance's are apart.
    refundedToProvider: order.refundedMinor - completedToBalance + pendingToProvider,
    refundedToBalance: sum(made.filter((r) => r.method === "balance")),
    hasAccount: order.customerId !== null,
  };
  return { lines, facts };
}

export async function refundOrder(
  deps: OrderDeps,
  who: RefundActor,
  input: RefundInput,
): Promise<RefundOutcome> {
  // 1. The rule and the reservation, under the order's lock.
  const reserved = await deps.db.transaction(async (txh): Promise<RefundOutcome | { go: StoredRefund }> => {
    const tx = txh as unknown as Database;
    const order = await lockedOrder(tx, input.orderId);
    if (!order) return { ok: false, refusal: "notFound" };
    const [existing] = await tx.select().from(refunds).where(eq(refunds.idempotencyKey, input.key));
    if (existing) {
      if (existing.orderId !== order.id) return { ok: false, refusal: "keyReused" };
      if (existing.status === "completed")
        return {
          ok: true,
          refundId: existing.id,
          amount: existing.amountMinor,
          vat: existing.vatMinor,
          status: order.status as OrderStatus,
          repeated: true,
        };
      return { go: existing };
    }
    if (!REFUNDABLE_STATUSES.has(order.status)) return { ok: false, refusal: "status" };
    const { facts } = await factsOf(tx, order);
    const plan = planRefund(facts, { lines: input.lines, shipping: input.shipping, method: input.method });
    if (!plan.ok)
      return {
        ok: false,
        refusal: plan.reason,
        ...(plan.lineId !== undefined ? { lineId: plan.lineId } : {}),
      };
    const [row] = await tx
      .insert(refunds)
      .values({
        customerId: order.customerId,
        orderId: order.id,
        currencyCode: order.currencyCode,
        amountMinor: plan.amount,
        vatMinor: plan.vat,
        shippingMinor: plan.shipping?.amount ?? 0,
        lines: plan.lines,
        method: input.method,
        idempotencyKey: input.key,
        returnedToStock: input.returnToStock,
        reason: input.reason ?? null,
        adminUserId: who.id,
        actor: who.email,
        status: "pending",
      })
      .returning();
    if (!row) throw new Error("refund not written");
    return { go: row };
  });
  if (!("go" in reserved)) return reserved;
  const refund = reserved.go;

  // 2. The money: through the provider with a derived key, or nothing to call for the balance.
  let providerRefundId: string | null = null;
  if (refund.method === "provider" && refund.amountMinor > 0) {
    const asked = await askProvider(deps, refund);
    if (!asked.ok) {
      // Only a clear refusal means no money moved: then the reservation goes. A fault or a timeout leaves the
      // outcome unknown (the provider may have refunded): the row stays pending, so its units and amount stay
      // reserved, and a retry with the same key is answered by the provider's idempotency and completes it (or
      // the provider is asked about it: checkRefund, decision 0065).
      if (asked.refusal === "provider") await drop(deps, refund.id);
      return asked;
    }
    providerRefundId = asked.refundId;
  }

  // 3. The record, the order, the stock, the balance and the audit entry in one transaction.
  return completeRefund(deps, who, refund.id, providerRefundId);
}

/** Who completes a refund: the admin who made it, or the periodic check (no admin: `id` null). */
export type RefundActor = AuditActor;

/** The order's payment, as a refund through its provider needs it. */
export async function refundPayment(db: Database, orderId: number) {
  const [pay] = await db
    .select({
      reference: orders.paymentReference,
      key: checkoutSessions.idempotencyKey,
      paymentType: paymentMethods.paymentType,
      shippingName: orders.shippingMethod,
    })
    .from(orders)
    .leftJoin(checkoutSessions, eq(checkoutSessions.id, orders.checkoutSessionId))
    .leftJoin(paymentMethods, eq(paymentMethods.key, checkoutSessions.paymentMethodKey))
    .where(eq(orders.id, orderId));
  return pay ?? null;
}

/** The provider's key of a back-office refund: derived from the payment attempt's key and the form's key. */
export const refundOperationKey = (attemptKey: string, formKey: string) =>
  operationKey(attemptKey, `refund:admin:${formKey}`);

/**
 * Asks the provider for a reserved refund (its lines, its derived key): the provider's refund id, or why not —
 * `provider` for a clear refusal (no money moved), `providerUnknown` for no answer (5xx, 408/409/429, a timeout).
 */
export async function askProvider(
  deps: OrderDeps,
  refund: StoredRefund,
): Promise<
  { ok: true; refundId: string } | { ok: false; refusal: "provider" | "providerUnknown"; detail: string }
> {
  const pay = await refundPayment(deps.db, refund.orderId);
  const provider = pay?.paymentType ? deps.payments[pay.paymentType as PaymentType] : undefined;
  if (!provider || !pay?.reference || !pay.key || !refund.idempotencyKey)
    return { ok: false, refusal: "provider", detail: "The order has no payment to refund through" };
  try {
    const answer = await provider.refund(
      pay.reference,
      refund.amountMinor,
      refundOperationKey(pay.key, refund.idempotencyKey),
      await refundLines(deps.db, refund, pay.shippingName),
    );
    return { ok: true, refundId: answer.refundId };
  } catch (error) {
    if (error instanceof PaymentProviderError && isRefusal(error.status))
      return { ok: false, refusal: "provider", detail: error.message };
    if (error instanceof PaymentProviderError || isTimeout(error))
      return { ok: false, refusal: "providerUnknown", detail: error instanceof Error ? error.message : "" };
    throw error;
  }
}

/**
 * Step 3 of a refund (and what settles a pending one: decision 0065): under the order's lock, the refund completed
 * with the provider's id, the order's refunded sum and status, the units back on the shelf when asked, the balance
 * credited, the audit entry — one transaction. A refund completed already answers `repeated` and changes nothing,
 * so two settlements at once complete it once.
 */
export async function completeRefund(
  deps: OrderDeps,
  who: RefundActor,
  refundId: number,
  providerRefundId: string | null,
  /** What the audit entry adds: how it was settled (e.g. `{ settledBy: "check" }`). */
  note: Record<string, unknown> = {},
): Promise<RefundOutcome> {
  // 3. The record, the order, the stock, the balance and the audit entry in one transaction.
  return deps.db.transaction(async (txh): Promise<RefundOutcome> => {
    const tx = txh as unknown as Database;
    const locked = await lockedRefund(tx, refundId);
    if (!locked) return { ok: false, refusal: "notFound" };
    const { order, refund: now } = locked;
    if (now.status === "completed")
      return {
        ok: true,
        refundId: now.id,
        amount: now.amountMinor,
        vat: now.vatMinor,
        status: order.status as OrderStatus,
        repeated: true,
      };
    await tx
      .update(refunds)
      .set({ status: "completed", providerRefundId, completedAt: sql`now()` })
      .where(eq(refunds.id, refundId));
    const refunded = order.refundedMinor + now.amountMinor;
    const { facts } = await factsOf(tx, { ...order, refundedMinor: refunded });
    const full =
      facts.lines.every((l) => l.refundedQuantity >= l.quantity) &&
      (facts.shipping.refunded || facts.shipping.incVat === 0);
    const toProvider = facts.refundedToProvider;
    let status = order.status as OrderStatus;
    if (full && checkTransition(order.status, "refunded").ok) {
      status = "refunded";
      await tx.insert(orderStatusHistory).values({
        orderId: order.id,
        fromStatus: order.status,
        toStatus: "refunded",
        reason: `refund ${now.id}: ${who.email}`,
      });
    }
    await tx
      .update(orders)
      .set({
        refundedMinor: refunded,
        status,
        ...(now.method === "provider" && order.capturedMinor > 0 && toProvider >= order.capturedMinor
          ? { paymentStatus: "refunded" }
          : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(orders.id, order.id));
    const lines = linesOf(now.lines);
    // A cancelled order's units are already back (services/orders/status.ts, less the returned ones).
    if (now.returnedToStock && !releasesStock(order.status as OrderStatus)) {
      const skuOf = new Map(
        (await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id))).map((l) => [
          l.id,
          l.skuId,
        ]),
      );
      const back = lines
        .map((l) => ({ skuId: skuOf.get(l.lineId) ?? null, quantity: l.quantity }))
        .filter((l): l is { skuId: number; quantity: number } => l.skuId !== null && l.quantity > 0)
        .sort((a, b) => a.skuId - b.skuId);
      for (const l of back)
        await tx
          .update(skus)
          .set({ inStock: sql`${skus.inStock} + ${l.quantity}` })
          .where(eq(skus.id, l.skuId));
    }
    if (now.method === "balance" && order.customerId !== null)
      await tx.insert(customerBalanceEntries).values({
        customerId: order.customerId,
        currencyCode: order.currencyCode,
        amountMinor: now.amountMinor,
        reason: "refund",
        orderId: order.id,
      });
    await writeAudit(tx, who, {
      action: "order.refund",
      entity: "order",
      entityId: order.id,
      before: { status: order.status, refundedMinor: order.refundedMinor },
      after: {
        status,
        refundedMinor: refunded,
        refundId: now.id,
        amountMinor: now.amountMinor,
        vatMinor: now.vatMinor,
        method: now.method,
        lines,
        shippingMinor: now.shippingMinor,
        returnedToStock: now.returnedToStock,
        ...note,
      },
    });
    return {
      ok: true,
      refundId: now.id,
      amount: now.amountMinor,
      vat: now.vatMinor,
      status,
      repeated: false,
    };
  });
}

/** A clear refusal by the provider (4xx but 408 timeout, 409 conflict, 429 too many): no money moved. */
const isRefusal = (status: number) => status >= 400 && status < 500 && ![408, 409, 429].includes(status);

/** A call cut off by its deadline or the network: the provider may or may not have done it. */
const isTimeout = (error: unknown) =>
  error instanceof Error &&
  (error.name === "AbortError" || error.name === "TimeoutError" || error.name === "TypeError");

/** A reservation whose money did not move: gone, so nothing changed. */
async function drop(deps: OrderDeps, refundId: number) {
  await deps.db.delete(refunds).where(and(eq(refunds.id, refundId), eq(refunds.status, "pending")));
}

/** The provider's lines of a refund: the order lines' units, and the shipping fee. */
async function refundLines(
  db: Database,
  refund: StoredRefund,
  shippingName: string | null,
): Promise<RefundLine[]> {
  const planned = linesOf(refund.lines);
  const rows = planned.length
    ? await db
        .select()
        .from(orderLines)
        .where(
          inArray(
            orderLines.id,
            planned.map((l) => l.lineId),
          ),
        )
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out: RefundLine[] = planned.map((l) => {
    const row = byId.get(l.lineId);
    return {
      kind: "physical",
      reference: row?.articleNumber ?? String(l.lineId),
      name: row ? [row.name, row.skuName].filter(Boolean).join(" ") : String(l.lineId),
      quantity: l.quantity,
      vatRateBp: row?.vatRateBp ?? 0,
      totalIncVat: l.amount,
      vat: l.vat,
    };
  });
  if (refund.shippingMinor > 0) {
    const vat = refund.vatMinor - planned.reduce((s, l) => s + l.vat, 0);
    const net = refund.shippingMinor - vat;
    out.push({
      kind: "shipping_fee",
      reference: "shipping",
      name: shippingName ?? "Shipping",
      quantity: 1,
      vatRateBp: net > 0 ? Math.round((vat * 10000) / net) : 0,
      totalIncVat: refund.shippingMinor,
      vat,
    });
  }
  return out;
}

import { isOrderStatus, ORDER_STATUSES, ORDER_TRANSITIONS, type OrderStatus } from "#domain/order-status.ts";
import { REFUND_METHODS, REFUND_REFUSAL_TEXTS, type RefundMethod } from "#domain/refund.ts";
import { PaymentProviderError } from "#integrations/payments/index.ts";
import { changeOrderStatusAudited } from "#services/admin/order-actions.ts";
import { ORDER_EMAILS, type OrderEmail, resendOrderEmail } from "#services/admin/orders/emails.ts";
import { refundOrder } from "#services/admin/orders/refund.ts";
import { checkRefund, type RefundCheckOutcome } from "#services/admin/orders/refund-check.ts";
import { markWithdrawalReceived } from "#services/admin/orders/withdrawals.ts";
import { adminOrder, adminOrders } from "#services/admin/orders.ts";
import { capturePayment } from "#services/orders/capture.ts";
import { OrderStatusError } from "#services/orders/status.ts";
import { adminBuilder as b } from "./builder.ts";
import { type AdminContext, allow } from "./context.ts";
import { adminError, intIn } from "./errors.ts";

/**
 * The back office's orders (issue 15, decisions 0037, 0050): list (with the withdrawal requests), read, move along
 * the order state machine (shipping captures the payment), refund lines and/or shipping through the provider or to
 * the balance, resend the order's e-mails, mark a withdrawal's goods received. Refusals answer a stable code with
 * the message in the admin's language (`extensions.message` too) and change nothing.
 */
const MAX_TAKE = 100;
const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());
type Lang = "en" | "sv" | "nb";
const langOf = (ctx: AdminContext): Lang => ctx.admin?.language ?? "en";

/** A refusal in the admin's language: `message` and `extensions.message`, beside the stable code. */
function refused(
  ctx: AdminContext,
  code:
    | "REFUND_REFUSED"
    | "CAPTURE_FAILED"
    | "NOT_FOUND"
    | "TRANSITION_REFUSED"
    | "BAD_USER_INPUT"
    | "FORBIDDEN",
  text: Record<Lang, string>,
  extra: Record<string, unknown> = {},
) {
  const message = text[langOf(ctx)];
  return adminError(code, message, { message, ...extra });
}

const TEXT = {
  notFound: { en: "No such order.", sv: "Ordern finns inte.", nb: "Bestillingen finnes ikke." },
  refundNotFound: {
    en: "No such refund.",
    sv: "Återbetalningen finns inte.",
    nb: "Refusjonen finnes ikke.",
  },
  status: {
    en: "Only a received, processing or completed order can be refunded.",
    sv: "Bara en mottagen, behandlad eller slutförd order kan återbetalas.",
    nb: "Bare en mottatt, behandlet eller fullført bestilling kan refunderes.",
  },
  keyReused: {
    en: "This form was already used for another order: reload the page.",
    sv: "Formuläret har redan använts för en annan order: ladda om sidan.",
    nb: "Skjemaet er allerede brukt for en annen bestilling: last inn siden på nytt.",
  },
  provider: {
    en: "The payment provider refused the refund; nothing was refunded. ({detail})",
    sv: "Betalleverantören nekade återbetalningen; inget återbetalades. ({detail})",
    nb: "Betalingsleverandøren avviste refusjonen; ingenting ble refundert. ({detail})",
  },
  providerUnknown: {
    en: "The payment provider did not answer; the refund's outcome is unknown. Try again with the same form. ({detail})",
    sv: "Betalleverantören svarade inte; det är okänt om återbetalningen gick igenom. Försök igen med samma formulär. ({detail})",
    nb: "Betalingsleverandøren svarte ikke; det er ukjent om refusjonen gikk gjennom. Prøv igjen med det samme skjemaet. ({detail})",
  },
  capture: {
    en: "The payment provider refused to capture the payment; the order was not marked shipped. ({detail})",
    sv: "Betalleverantören nekade att dra betalningen; ordern markerades inte som skickad. ({detail})",
    nb: "Betalingsleverandøren avviste å trekke betalingen; bestillingen ble ikke merket som sendt. ({detail})",
  },
  notWithdrawn: {
    en: "The customer has not withdrawn from this order.",
    sv: "Kunden har inte ångrat köpet.",
    nb: "Kunden har ikke angret kjøpet.",
  },
  ship: {
    en: "Only a received or processing order can be marked shipped.",
    sv: "Bara en mottagen eller behandlad order kan markeras som skickad.",
    nb: "Bare en mottatt eller behandlet bestilling kan merkes som sendt.",
  },
  same: {
    en: "The order already has that status.",
    sv: "Ordern har redan den statusen.",
    nb: "Bestillingen har allerede den statusen.",
  },
  final: {
    en: "The order is finished (failed, cancelled or refunded): its status cannot change.",
    sv: "Ordern är avslutad (misslyckad, avbruten eller återbetald): dess status kan inte ändras.",
    nb: "Bestillingen er avsluttet (mislykket, kansellert eller refundert): statusen kan ikke endres.",
  },
  notAllowed: {
    en: "The order cannot go to that status from its current one.",
    sv: "Ordern kan inte gå till den statusen från den nuvarande.",
    nb: "Bestillingen kan ikke gå til den statusen fra den nåværende.",
  },
  noProviders: {
    en: "This shop runs without payment providers: orders cannot be moved or refunded here.",
    sv: "Butiken saknar betalleverantörer: ordrar kan inte flyttas eller återbetalas här.",
    nb: "Butikken mangler betalingsleverandører: bestillinger kan ikke flyttes eller refunderes her.",
  },
  key: {
    en: "The form's key is missing or malformed: reload the page.",
    sv: "Formulärets nyckel saknas eller är felaktig: ladda om sidan.",
    nb: "Skjemaets nøkkel mangler eller er feil: last inn siden på nytt.",
  },
} satisfies Record<string, Record<Lang, string>>;

const withDetail = (text: Record<Lang, string>, detail: string): Record<Lang, string> => ({
  en: text.en.replace("{detail}", detail),
  sv: text.sv.replace("{detail}", detail),
  nb: text.nb.replace("{detail}", detail),
});

/** A form's idempotency key: 8–100 characters of letters, digits, `-` and `_` (a UUID fits). */
function formKey(ctx: AdminContext, key: string): string {
  if (!/^[A-Za-z0-9_-]{8,100}$/.test(key)) throw refused(ctx, "BAD_USER_INPUT", TEXT.key, { field: "key" });
  return key;
}

export const Status = b.enumType("OrderStatus", { values: ORDER_STATUSES });
const Withdrawal = b.enumType("AdminWithdrawalFilter", {
  values: ["open", "handled", "any"] as const,
  description: "open: withdrawn from and not yet cancelled or refunded; handled: then cancelled or refunded",
});
const Method = b.enumType("AdminRefundMethod", { values: REFUND_METHODS });
const Email = b.enumType("AdminOrderEmail", { values: ORDER_EMAILS });

interface OrderRow {
  orderId: number;
  orderNumber: string | null;
  status: string;
  paymentStatus: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  marketAlias: string;
  currencyCode: string;
  totalIncVatMinor: number;
  createdAt: Date;
  customerId: number | null;
  withdrawnAt: Date | null;
  withdrawalReceivedAt: Date | null;
}
const AdminOrder = b.objectRef<OrderRow>("AdminOrder").implement({
  fields: (t) => ({
    orderId: t.exposeInt("orderId"),
    orderNumber: t.exposeString("orderNumber", { nullable: true }),
    status: t.exposeString("status"),
    paymentStatus: t.exposeString("paymentStatus"),
    email: t.exposeString("email"),
    name: t.string({ resolve: (o) => [o.firstName, o.lastName].filter(Boolean).join(" ") }),
    marketAlias: t.exposeString("marketAlias"),
    currencyCode: t.exposeString("currencyCode"),
    totalMinor: t.exposeInt("totalIncVatMinor", { description: "Total incl. VAT, minor units" }),
    createdAt: t.string({ resolve: (o) => o.createdAt.toISOString() }),
    customerId: t.exposeInt("customerId", { nullable: true }),
    withdrawnAt: t.string({
      nullable: true,
      description: "When the shopper withdrew from the purchase (angrerett); null when not",
      resolve: (o) => iso(o.withdrawnAt),
    }),
    withdrawalReceivedAt: t.string({
      nullable: true,
      description: "When the withdrawn goods were marked received back",
      resolve: (o) => iso(o.withdrawalReceivedAt),
    }),
    nextStatuses: t.field({
      type: [Status],
      description: "Where the order state machine lets it go (domain/order-status.ts)",
      resolve: (o) => (isOrderStatus(o.status) ? [...ORDER_TRANSITIONS[o.status]] : []),
    }),
  }),
});

const OrderPage = b.objectRef<{ total: number; orders: OrderRow[] }>("AdminOrderPage").implement({
  fields: (t) => ({
    total: t.exposeInt("total"),
    orders: t.field({ type: [AdminOrder], resolve: (p) => p.orders }),
  }),
});

type Detail = NonNullable<Awaited<ReturnType<typeof adminOrder>>>;
const OrderLine = b.objectRef<Detail["lines"][number]>("AdminOrderLine").implement({
  fields: (t) => ({
    lineId: t.exposeInt("id"),
    articleNumber: t.exposeString("articleNumber"),
    name: t.exposeString("name"),
    skuName: t.exposeString("skuName", { nullable: true }),
    skuId: t.exposeInt("skuId", { nullable: true }),
    quantity: t.exposeInt("quantity"),
    refundedQuantity: t.exposeInt("refundedQuantity", { description: "Units refunded so far" }),
    packQuantity: t.exposeInt("packQuantity", {
      description:
        "Units still to pack: the quantity less the refunded (returned) units, never below 0 (domain/refund.ts quantityToPack); the packing slip leaves out a line with 0",
    }),
    lineTotalMinor: t.exposeInt("lineTotalIncVatMinor"),
    vatMinor: t.exposeInt("lineVatMinor"),
  }),
});
const StatusChange = b.objectRef<Detail["history"][number]>("AdminOrderStatusChange").implement({
  fields: (t) => ({
    fromStatus: t.exposeString("fromStatus", { nullable: true }),
    toStatus: t.exposeString("toStatus"),
    reason: t.exposeString("reason", { nullable: true }),
    at: t.string({ resolve: (h) => h.createdAt.toISOString() }),
  }),
});
const Refund = b.objectRef<Detail["refunds"][number]>("AdminRefund").implement({
  fields: (t) => ({
    refundId: t.exposeInt("id"),
    amountMinor: t.exposeInt("amountMinor"),
    vatMinor: t.exposeInt("vatMinor"),
    shippingMinor: t.exposeInt("shippingMinor"),
    method: t.exposeString("method", { description: "provider or balance" }),
    returnedToStock: t.exposeBoolean("returnedToStock"),
    actor: t.exposeString("actor", { nullable: true }),
    reason: t.exposeString("reason", { nullable: true }),
    lines: t.string({
      description: "JSON: [{lineId, quantity, amount, vat}]",
      resolve: (r) => JSON.stringify(r.lines),
    }),
    at: t.string({ resolve: (r) => (r.completedAt ?? r.createdAt).toISOString() }),
  }),
});
interface Address {
  firstName?: string;
  lastName?: string;
  company?: string;
  careOf?: string;
  addressLine1?: string;
  addressLine2?: string;
  zip?: string;
  city?: string;
  country?: string;
}
const DeliveryAddress = b.objectRef<Address>("AdminDeliveryAddress").implement({
  fields: (t) => ({
    name: t.string({ resolve: (a) => [a.firstName, a.lastName].filter(Boolean).join(" ") }),
    company: t.string({ nullable: true, resolve: (a) => a.company ?? null }),
    careOf: t.string({ nullable: true, resolve: (a) => a.careOf ?? null }),
    addressLine1: t.string({ nullable: true, resolve: (a) => a.addressLine1 ?? null }),
    addressLine2: t.string({ nullable: true, resolve: (a) => a.addressLine2 ?? null }),
    zip: t.string({ nullable: true, resolve: (a) => a.zip ?? null }),
    city: t.string({ nullable: true, resolve: (a) => a.city ?? null }),
    country: t.string({ nullable: true, resolve: (a) => a.country ?? null }),
  }),
});
const OrderDetail = b.objectRef<Detail>("AdminOrderDetail").implement({
  fields: (t) => ({
    order: t.field({
      type: AdminOrder,
      resolve: (d) => ({ ...d.order, orderId: d.order.id }),
    }),
    phone: t.string({ nullable: true, resolve: (d) => d.order.phone }),
    shippingMethod: t.string({ nullable: true, resolve: (d) => d.order.shippingMethod }),
    paymentMethod: t.string({ nullable: true, resolve: (d) => d.order.paymentMethod }),
    capturedMinor: t.int({ resolve: (d) => d.order.capturedMinor }),
    refundedMinor: t.int({ resolve: (d) => d.order.refundedMinor }),
    balanceUsedMinor: t.int({ resolve: (d) => d.order.balanceUsedMinor }),
    shippingFeeMinor: t.int({ resolve: (d) => d.order.shippingFeeIncVatMinor }),
    shippingRefunded: t.exposeBoolean("shippingRefunded"),
    deliveryAddress: t.field({
      type: DeliveryAddress,
      description: "Where the goods go: the shipping address, else the billing address",
      resolve: (d) => {
        const shipping = d.order.shippingAddress as Address | null;
        return shipping && Object.keys(shipping).length
          ? shipping
          : ((d.order.billingAddress as Address) ?? {});
      },
    }),
    pickupPoint: t.string({
      nullable: true,
      resolve: (d) => {
        const agent = d.order.shippingAgent as { name?: string } | null;
        return agent?.name ?? null;
      },
    }),
    lines: t.field({ type: [OrderLine], resolve: (d) => d.lines }),
    history: t.field({ type: [StatusChange], resolve: (d) => d.history }),
    refunds: t.field({ type: [Refund], resolve: (d) => d.refunds }),
    pendingRefunds: t.field({
      type: [Refund],
      description:
        "Refunds whose provider call went unanswered (5xx, timeout): their money and units are held back until checkRefund settles them (decision 0065)",
      resolve: (d) => d.pendingRefunds,
    }),
  }),
});

const RefundChecked = b.objectRef<Extract<RefundCheckOutcome, { ok: true }>>("AdminRefundCheck").implement({
  fields: (t) => ({
    refundId: t.exposeInt("refundId"),
    outcome: t.exposeString("outcome", {
      description:
        "completed: the provider made it, recorded now; failed: it did not, nothing was refunded (refund again if meant); unknown: no answer yet, still pending",
    }),
    repeated: t.exposeBoolean("repeated", { description: "Settled before: nothing changed now" }),
    status: t.exposeString("status", { description: "The order's status after it" }),
    detail: t.string({ nullable: true, resolve: (r) => r.detail ?? null }),
  }),
});

const RefundDone = b
  .objectRef<{ refundId: number; amount: number; vat: number; status: string; repeated: boolean }>(
    "AdminRefundDone",
  )
  .implement({
    fields: (t) => ({
      refundId: t.exposeInt("refundId"),
      amountMinor: t.exposeInt("amount"),
      vatMinor: t.exposeInt("vat"),
      status: t.exposeString("status", { description: "The order's status after it (refunded when all is)" }),
      repeated: t.exposeBoolean("repeated", {
        description: "A retry with the same key: nothing moved again",
      }),
    }),
  });

const RefundLineInput = b.inputType("AdminRefundLineInput", {
  fields: (t) => ({
    lineId: t.int({ required: true }),
    quantity: t.int({ required: true }),
  }),
});
const RefundInput = b.inputType("AdminRefundInput", {
  fields: (t) => ({
    orderId: t.int({ required: true }),
    key: t.string({
      required: true,
      description: "The form's idempotency key: a retry with it refunds once",
    }),
    lines: t.field({ type: [RefundLineInput], required: true }),
    shipping: t.boolean({ required: true }),
    method: t.field({ type: Method, required: true }),
    returnToStock: t.boolean({ required: true, description: "Put the refunded units back on the shelf" }),
    reason: t.string(),
  }),
});

b.queryFields((t) => ({
  orders: t.field({
    type: OrderPage,
    args: {
      search: t.arg.string(),
      statuses: t.arg({ type: [Status] }),
      withdrawal: t.arg({
        type: Withdrawal,
        description: "Only orders withdrawn from (the withdrawal requests)",
      }),
      skip: t.arg.int(),
      take: t.arg.int(),
    },
    resolve: async (_r, args, ctx) => {
      allow(ctx, "order.read");
      return adminOrders(ctx.db, {
        search: args.search?.slice(0, 200) ?? null,
        statuses: args.statuses ?? null,
        withdrawal: args.withdrawal ?? null,
        skip: intIn("skip", args.skip, 0, 1_000_000, 0),
        take: intIn("take", args.take, 1, MAX_TAKE, 25),
      });
    },
  }),
  order: t.field({
    type: OrderDetail,
    nullable: true,
    args: { orderId: t.arg.int({ required: true }) },
    resolve: (_r, args, ctx) => {
      allow(ctx, "order.read");
      return adminOrder(ctx.db, args.orderId);
    },
  }),
}));

/** A move of the state machine with the back office's answers (shared by changeOrderStatus and markOrderShipped). */
async function move(ctx: AdminContext, orderId: number, to: OrderStatus, reason: string | null | undefined) {
  const admin = allow(ctx, "order.status");
  const deps = ctx.checkout?.deps;
  if (!deps) throw refused(ctx, "FORBIDDEN", TEXT.noProviders);
  try {
    return await changeOrderStatusAudited(
      deps,
      admin,
      orderId,
      to,
      reason?.trim().slice(0, 500) || `back office: ${admin.email}`,
    );
  } catch (error) {
    if (error instanceof OrderStatusError) {
      if (error.refusal === "unknown") throw refused(ctx, "NOT_FOUND", TEXT.notFound);
      throw refused(ctx, "TRANSITION_REFUSED", TEXT[error.refusal], { reason: error.refusal });
    }
    if (error instanceof PaymentProviderError)
      throw refused(ctx, "CAPTURE_FAILED", withDetail(TEXT.capture, error.message), {
        providerCode: error.code,
      });
    throw error;
  }
}

b.mutationFields((t) => ({
  changeOrderStatus: t.field({
    type: Status,
    description:
      "Moves an order along the order state machine (domain/order-status.ts); cancelling or refunding moves the money through its payment provider, completing (shipped) captures an authorised payment. TRANSITION_REFUSED with `reason` (same, final, notAllowed, unknown); CAPTURE_FAILED when the provider refuses the capture (nothing changed).",
    args: {
      orderId: t.arg.int({ required: true }),
      status: t.arg({ type: Status, required: true }),
      reason: t.arg.string(),
    },
    resolve: async (_r, args, ctx) => {
      const result = await move(ctx, args.orderId, args.status as OrderStatus, args.reason);
      if (!result.changed) throw refused(ctx, "TRANSITION_REFUSED", TEXT.same, { reason: "same" });
      return result.status;
    },
  }),
  markOrderShipped: t.field({
    type: Status,
    description:
      "The goods left: captures the authorised payment (a key derived from the payment attempt, so a retry captures once), then moves the order to completed (through processing from received). CAPTURE_FAILED when the provider refuses, with nothing changed; a completed order answers completed.",
    args: { orderId: t.arg.int({ required: true }) },
    resolve: async (_r, args, ctx) => {
      allow(ctx, "order.status");
      const found = await adminOrder(ctx.db, args.orderId);
      if (!found) throw refused(ctx, "NOT_FOUND", TEXT.notFound);
      const from = found.order.status;
      if (from === "completed") return "completed";
      if (from !== "received" && from !== "processing")
        throw refused(ctx, "TRANSITION_REFUSED", TEXT.ship, { reason: "notAllowed" });
      // Capture first: a refusal leaves the order where it was (received stays received).
      const deps = ctx.checkout?.deps;
      if (!deps) throw refused(ctx, "FORBIDDEN", TEXT.noProviders);
      try {
        await capturePayment(deps, args.orderId);
      } catch (error) {
        if (error instanceof PaymentProviderError)
          throw refused(ctx, "CAPTURE_FAILED", withDetail(TEXT.capture, error.message), {
            providerCode: error.code,
          });
        throw error;
      }
      if (from === "received") await move(ctx, args.orderId, "processing", "shipped");
      const done = await move(ctx, args.orderId, "completed", "shipped");
      return done.status;
    },
  }),
  refundOrder: t.field({
    type: RefundDone,
    description:
      "Refunds chosen lines (a quantity each) and/or the shipping fee, through the payment provider or to the customer's balance (domain/refund.ts). Never more than captured or paid minus refunded, per line and in total; the order becomes refunded when everything is. REFUND_REFUSED with `reason` (empty, unknownLine, badQuantity, lineExceeded, shippingRefunded, exceedsPaid, noAccount, status, keyReused, provider — nothing changed; providerUnknown — the provider did not answer, the refund stays pending: retry with the same key) and the message in the admin's language. A retry with the same key answers the same refund.",
    args: { input: t.arg({ type: RefundInput, required: true }) },
    resolve: async (_r, { input }, ctx) => {
      const admin = allow(ctx, "order.refund");
      const deps = ctx.checkout?.deps;
      if (!deps) throw refused(ctx, "FORBIDDEN", TEXT.noProviders);
      if (input.lines.length > 500)
        throw refused(ctx, "BAD_USER_INPUT", REFUND_REFUSAL_TEXTS.unknownLine, { field: "lines" });
      const outcome = await refundOrder(deps, admin, {
        orderId: input.orderId,
        key: formKey(ctx, input.key),
        lines: input.lines.map((l) => ({ lineId: l.lineId, quantity: l.quantity })),
        shipping: input.shipping,
        method: input.method as RefundMethod,
        returnToStock: input.returnToStock,
        reason: input.reason?.trim().slice(0, 500) || null,
      });
      if (outcome.ok) return outcome;
      const r = outcome.refusal;
      if (r === "notFound") throw refused(ctx, "NOT_FOUND", TEXT.notFound);
      const text =
        r === "status" || r === "keyReused"
          ? TEXT[r]
          : r === "provider" || r === "providerUnknown"
            ? withDetail(TEXT[r], outcome.detail ?? "")
            : REFUND_REFUSAL_TEXTS[r];
      throw refused(ctx, "REFUND_REFUSED", text, {
        reason: r,
        ...(outcome.lineId !== undefined ? { lineId: outcome.lineId } : {}),
      });
    },
  }),
  checkRefund: t.field({
    type: RefundChecked,
    description:
      "Asks the payment provider about a pending refund (its call went unanswered) by the refund's key, and settles it: completed when the provider made it, failed when it did not (the held-back units and money are free again), unknown while it does not answer; a cancelled or refunded order's held-back refund is asked for again (decision 0065). Race-safe: two checks complete it once. NOT_FOUND for no such refund.",
    args: { refundId: t.arg.int({ required: true }) },
    resolve: async (_r, args, ctx) => {
      const admin = allow(ctx, "order.refund");
      const deps = ctx.checkout?.deps;
      if (!deps) throw refused(ctx, "FORBIDDEN", TEXT.noProviders);
      const outcome = await checkRefund(deps, admin, args.refundId);
      if (!outcome.ok) throw refused(ctx, "NOT_FOUND", TEXT.refundNotFound);
      return outcome;
    },
  }),
  resendOrderEmail: t.boolean({
    description:
      "Queues the order's e-mail again in the durable outbox (confirmation, or withdrawal confirmation of an order withdrawn from), audited. Support may. The same key queues it once. NOT_FOUND; BAD_USER_INPUT for a withdrawal e-mail of an order not withdrawn from.",
    args: {
      orderId: t.arg.int({ required: true }),
      email: t.arg({ type: Email, required: true }),
      key: t.arg.string({ required: true }),
    },
    resolve: async (_r, args, ctx) => {
      const admin = allow(ctx, "order.email");
      const outcome = await resendOrderEmail(
        ctx.db,
        admin,
        args.orderId,
        args.email as OrderEmail,
        formKey(ctx, args.key),
      );
      if (outcome.ok) return true;
      if (outcome.refusal === "notFound") throw refused(ctx, "NOT_FOUND", TEXT.notFound);
      throw refused(ctx, "BAD_USER_INPUT", TEXT.notWithdrawn, { field: "email" });
    },
  }),
  markWithdrawalReceived: t.string({
    description:
      "The withdrawn goods came back: records when (audited); refund them next with refundOrder. Answers the moment (ISO); marking twice answers the first.",
    args: { orderId: t.arg.int({ required: true }) },
    resolve: async (_r, args, ctx) => {
      const admin = allow(ctx, "order.status");
      const outcome = await markWithdrawalReceived(ctx.db, admin, args.orderId);
      if (outcome.ok) return outcome.receivedAt.toISOString();
      if (outcome.refusal === "notFound") throw refused(ctx, "NOT_FOUND", TEXT.notFound);
      throw refused(ctx, "BAD_USER_INPUT", TEXT.notWithdrawn);
    },
  }),
}));

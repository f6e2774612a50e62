/**
 * What may be refunded of an order (issue 15, decision 0050): the one rule the back office, its API and the
 * services use. Pure: the order's facts and the admin's request in, a plan or the reason it is refused out.
 *
 * - A refund is chosen lines (a quantity of each) and/or the shipping fee. A line's money is its snapshot's total
 *   (discounts prorated onto it, VAT included); `k` units of a line of `Q` cost the difference of the cumulative
 *   shares floor(total × (r + k) / Q) − floor(total × r / Q), `r` the units refunded before. So refunding every
 *   unit, in any number of refunds, gives back exactly the line's total and its VAT, never a cent more.
 * - Never more units of a line than were sold minus those refunded; the shipping fee at most once.
 * - Never more money than was paid minus what was refunded: through the provider at most what it captured minus
 *   what it refunded; to the customer's balance at most what was paid in all (captured plus paid from the
 *   balance) minus every refund. Only a customer with an account has a balance.
 * - The order is fully refunded when every unit and the shipping fee are.
 */

export type RefundMethod = "provider" | "balance";
export const REFUND_METHODS: readonly RefundMethod[] = ["provider", "balance"];

export interface RefundableLine {
  lineId: number;
  quantity: number;
  /** The line's total including VAT (minor units) and the VAT in it. */
  totalIncVat: number;
  vat: number;
  /** Units refunded before (completed and reserved refunds). */
  refundedQuantity: number;
}

export interface RefundFacts {
  lines: readonly RefundableLine[];
  shipping: { incVat: number; vat: number; refunded: boolean };
  /** What the payment provider captured. */
  captured: number;
  /** What the shopper paid from their balance. */
  paidFromBalance: number;
  /** Refunded before through the provider, and to the balance (completed and reserved refunds). */
  refundedToProvider: number;
  refundedToBalance: number;
  /** Whether the order belongs to a customer account (a balance exists). */
  hasAccount: boolean;
}

export interface RefundRequest {
  lines: readonly { lineId: number; quantity: number }[];
  shipping: boolean;
  method: RefundMethod;
}

export type RefundRefusal =
  /** Nothing chosen, or only zero quantities. */
  | "empty"
  /** A line id that is not the order's, or named twice. */
  | "unknownLine"
  /** A quantity that is not a whole number of at least 1. */
  | "badQuantity"
  /** More units of a line than are left to refund. */
  | "lineExceeded"
  | "shippingRefunded"
  /** More money than is left to refund by this method. */
  | "exceedsPaid"
  /** To the balance, for an order without a customer account. */
  | "noAccount";

export interface PlannedLine {
  lineId: number;
  quantity: number;
  amount: number;
  vat: number;
}

export type RefundPlan =
  | {
      ok: true;
      lines: PlannedLine[];
      shipping: { amount: number; vat: number } | null;
      amount: number;
      vat: number;
      /** Every unit and the shipping fee refunded after this one. */
      full: boolean;
    }
  | { ok: false; reason: RefundRefusal; lineId?: number };

/** floor(total × part / whole) for whole > 0, exact on integers (minor units). */
function share(total: number, part: number, whole: number): number {
  return Number((BigInt(total) * BigInt(part)) / BigInt(whole));
}

/** The money of `quantity` units of a line after `refunded` units were refunded. */
export function unitsAmount(total: number, lineQuantity: number, refunded: number, quantity: number): number {
  if (lineQuantity <= 0) return 0;
  return share(total, refunded + quantity, lineQuantity) - share(total, refunded, lineQuantity);
}

/** What is left to refund of the order by each method. */
export function refundable(facts: RefundFacts): { provider: number; balance: number } {
  const provider = Math.max(0, facts.captured - facts.refundedToProvider);
  const balance = facts.hasAccount
    ? Math.max(0, facts.captured + facts.paidFromBalance - facts.refundedToProvider - facts.refundedToBalance)
    : 0;
  return { provider, balance };
}

export function planRefund(facts: RefundFacts, request: RefundRequest): RefundPlan {
  if (request.method === "balance" && !facts.hasAccount) return { ok: false, reason: "noAccount" };
  const byId = new Map(facts.lines.map((l) => [l.lineId, l]));
  const seen = new Set<number>();
  const lines: PlannedLine[] = [];
  for (const wanted of request.lines) {
    const line = byId.get(wanted.lineId);
    if (!line || seen.has(wanted.lineId)) return { ok: false, reason: "unknownLine", lineId: wanted.lineId };
    seen.add(wanted.lineId);
    if (!Number.isSafeInteger(wanted.quantity) || wanted.quantity < 0)
      return { ok: false, reason: "badQuantity", lineId: wanted.lineId };
    if (wanted.quantity === 0) continue;
    if (wanted.quantity > line.quantity - line.refundedQuantity)
      return { ok: false, reason: "lineExceeded", lineId: wanted.lineId };
    lines.push({
      lineId: line.lineId,
      quantity: wanted.quantity,
      amount: unitsAmount(line.totalIncVat, line.quantity, line.refundedQuantity, wanted.quantity),
      vat: unitsAmount(line.vat, line.quantity, line.refundedQuantity, wanted.quantity),
    });
  }
  if (request.shipping && facts.shipping.refunded) return { ok: false, reason: "shippingRefunded" };
  const shipping =
    request.shipping && facts.shipping.incVat > 0
      ? { amount: facts.shipping.incVat, vat: facts.shipping.vat }
      : null;
  if (lines.length === 0 && !shipping) return { ok: false, reason: "empty" };
  const amount = lines.reduce((s, l) => s + l.amount, 0) + (shipping?.amount ?? 0);
  const vat = lines.reduce((s, l) => s + l.vat, 0) + (shipping?.vat ?? 0);
  if (amount > refundable(facts)[request.method]) return { ok: false, reason: "exceedsPaid" };
  const planned = new Map(lines.map((l) => [l.lineId, l.quantity]));
  const full =
    facts.lines.every((l) => l.refundedQuantity + (planned.get(l.lineId) ?? 0) >= l.quantity) &&
    (facts.shipping.refunded || facts.shipping.incVat === 0 || shipping !== null);
  return { ok: true, lines, shipping, amount, vat, full };
}

/** Refunded units per line id, from the refunds' recorded lines (completed and reserved ones). */
export function refundedQuantities(
  refunds: readonly { lines: readonly { lineId: number; quantity: number }[] }[],
): Map<number, number> {
  const out = new Map<number, number>();
  for (const r of refunds) for (const l of r.lines) out.set(l.lineId, (out.get(l.lineId) ?? 0) + l.quantity);
  return out;
}

/**
 * The units of an order line still to pack (the packing slip, issue 15): the line's quantity less the units its
 * refunds took back (returned goods), never below 0 — a fully refunded line has nothing to pack. Other lines'
 * refunds do not count.
 */
export function quantityToPack(
  line: { id: number; quantity: number },
  refunds: readonly { lines: readonly { lineId: number; quantity: number }[] }[],
): number {
  let refunded = 0;
  for (const r of refunds) for (const l of r.lines) if (l.lineId === line.id) refunded += l.quantity;
  return Math.max(0, line.quantity - refunded);
}

/** Why a refund is refused, as the admin reads it (the back office's languages). */
export const REFUND_REFUSAL_TEXTS: Readonly<Record<RefundRefusal, Record<"en" | "sv" | "nb", string>>> = {
  empty: {
    en: "Choose at least one unit or the shipping fee to refund.",
    sv: "Välj minst en enhet eller fraktavgiften att återbetala.",
    nb: "Velg minst én enhet eller fraktgebyret som skal refunderes.",
  },
  unknownLine: {
    en: "That line is not on this order.",
    sv: "Den raden finns inte på ordern.",
    nb: "Den linjen finnes ikke på bestillingen.",
  },
  badQuantity: {
    en: "A quantity must be a whole number, 0 or more.",
    sv: "Ett antal måste vara ett heltal, 0 eller mer.",
    nb: "Et antall må være et heltall, 0 eller mer.",
  },
  lineExceeded: {
    en: "More units than are left to refund on that line (someone may just have refunded them). Nothing was refunded.",
    sv: "Fler enheter än som återstår att återbetala på raden (någon kan just ha återbetalat dem). Inget återbetalades.",
    nb: "Flere enheter enn det som gjenstår å refundere på linjen (noen kan nettopp ha refundert dem). Ingenting ble refundert.",
  },
  shippingRefunded: {
    en: "The shipping fee is already refunded.",
    sv: "Fraktavgiften är redan återbetald.",
    nb: "Fraktgebyret er allerede refundert.",
  },
  exceedsPaid: {
    en: "More money than is left to refund this way (captured or paid minus refunded). Nothing was refunded.",
    sv: "Mer pengar än som återstår att återbetala på det sättet (draget eller betalt minus återbetalt). Inget återbetalades.",
    nb: "Mer penger enn det som gjenstår å refundere på den måten (trukket eller betalt minus refundert). Ingenting ble refundert.",
  },
  noAccount: {
    en: "Only a customer with an account has a balance: refund through the payment provider.",
    sv: "Bara en kund med konto har ett saldo: återbetala via betalleverantören.",
    nb: "Bare en kunde med konto har saldo: refunder via betalingsleverandøren.",
  },
};

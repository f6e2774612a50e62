import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { planRefund, quantityToPack, type RefundFacts, refundable, unitsAmount } from "./refund.ts";

const facts = (over: Partial<RefundFacts> = {}): RefundFacts => ({
  lines: [
    { lineId: 1, quantity: 3, totalIncVat: 1000, vat: 200, refundedQuantity: 0 },
    { lineId: 2, quantity: 1, totalIncVat: 499, vat: 100, refundedQuantity: 0 },
  ],
  shipping: { incVat: 4900, vat: 980, refunded: false },
  captured: 6399,
  paidFromBalance: 0,
  refundedToProvider: 0,
  refundedToBalance: 0,
  hasAccount: true,
  ...over,
});

describe("planRefund", () => {
  it("prices units by cumulative shares: a line refunded unit by unit gives back exactly its total and VAT", () => {
    expect([0, 1, 2].map((r) => unitsAmount(1000, 3, r, 1))).toEqual([333, 333, 334]);
    const plan = planRefund(facts(), {
      lines: [{ lineId: 1, quantity: 2 }],
      shipping: true,
      method: "provider",
    });
    expect(plan).toEqual({
      ok: true,
      lines: [{ lineId: 1, quantity: 2, amount: 666, vat: 133 }],
      shipping: { amount: 4900, vat: 980 },
      amount: 5566,
      vat: 1113,
      full: false,
    });
  });

  it("refuses what is not left: units, shipping twice, money beyond captured, balance without an account", () => {
    const base = facts();
    const line = (lineId: number, quantity: number) => ({ lines: [{ lineId, quantity }], shipping: false });
    expect(planRefund(base, { ...line(1, 4), method: "provider" })).toMatchObject({ reason: "lineExceeded" });
    expect(planRefund(base, { ...line(9, 1), method: "provider" })).toMatchObject({ reason: "unknownLine" });
    expect(planRefund(base, { ...line(1, 1.5), method: "provider" })).toMatchObject({
      reason: "badQuantity",
    });
    expect(planRefund(base, { ...line(1, 0), method: "provider" })).toMatchObject({ reason: "empty" });
    expect(
      planRefund(base, {
        lines: [
          { lineId: 1, quantity: 1 },
          { lineId: 1, quantity: 1 },
        ],
        shipping: false,
        method: "provider",
      }),
    ).toMatchObject({ reason: "unknownLine" });
    expect(
      planRefund(facts({ shipping: { incVat: 4900, vat: 980, refunded: true } }), {
        lines: [],
        shipping: true,
        method: "provider",
      }),
    ).toMatchObject({ reason: "shippingRefunded" });
    expect(planRefund(facts({ captured: 0 }), { ...line(1, 1), method: "provider" })).toMatchObject({
      reason: "exceedsPaid",
    });
    expect(planRefund(facts({ hasAccount: false }), { ...line(1, 1), method: "balance" })).toMatchObject({
      reason: "noAccount",
    });
  });

  it("never plans more than left per line and in total, and the whole order refunds to the cent (property)", () => {
    const order = fc
      .array(
        fc.record({ quantity: fc.integer({ min: 1, max: 9 }), total: fc.integer({ min: 0, max: 100_000 }) }),
        { minLength: 1, maxLength: 5 },
      )
      .chain((lines) =>
        fc.record({
          lines: fc.constant(lines),
          shipping: fc.integer({ min: 0, max: 10_000 }),
          balance: fc.integer({ min: 0, max: 1000 }),
          steps: fc.array(
            fc.record({
              picks: fc.array(fc.tuple(fc.nat({ max: lines.length - 1 }), fc.integer({ min: 0, max: 10 })), {
                maxLength: 4,
              }),
              shipping: fc.boolean(),
              toBalance: fc.boolean(),
            }),
            { maxLength: 8 },
          ),
        }),
      );
    fc.assert(
      fc.property(order, ({ lines, shipping, balance, steps }) => {
        const total = lines.reduce((s, l) => s + l.total, 0) + shipping;
        const paidFromBalance = Math.min(balance, total);
        let state: RefundFacts = {
          lines: lines.map((l, i) => ({
            lineId: i + 1,
            quantity: l.quantity,
            totalIncVat: l.total,
            vat: Math.floor(l.total / 5),
            refundedQuantity: 0,
          })),
          shipping: { incVat: shipping, vat: Math.floor(shipping / 5), refunded: false },
          captured: total - paidFromBalance,
          paidFromBalance,
          refundedToProvider: 0,
          refundedToBalance: 0,
          hasAccount: true,
        };
        const apply = (request: Parameters<typeof planRefund>[1]) => {
          const before = refundable(state)[request.method];
          const plan = planRefund(state, request);
          if (!plan.ok) return false;
          expect(plan.amount).toBeLessThanOrEqual(before);
          const done = new Map(plan.lines.map((l) => [l.lineId, l.quantity]));
          state = {
            ...state,
            lines: state.lines.map((l) => {
              const refunded = l.refundedQuantity + (done.get(l.lineId) ?? 0);
              expect(refunded).toBeLessThanOrEqual(l.quantity);
              return { ...l, refundedQuantity: refunded };
            }),
            shipping: { ...state.shipping, refunded: state.shipping.refunded || plan.shipping !== null },
            refundedToProvider: state.refundedToProvider + (request.method === "provider" ? plan.amount : 0),
            refundedToBalance: state.refundedToBalance + (request.method === "balance" ? plan.amount : 0),
          };
          return true;
        };
        for (const step of steps) {
          const picks = new Map<number, number>();
          for (const [i, q] of step.picks) picks.set(i + 1, q);
          apply({
            lines: [...picks].map(([lineId, quantity]) => ({ lineId, quantity })),
            shipping: step.shipping,
            method: step.toBalance ? "balance" : "provider",
          });
        }
        expect(state.refundedToProvider).toBeLessThanOrEqual(state.captured);
        expect(state.refundedToProvider + state.refundedToBalance).toBeLessThanOrEqual(total);
        // What is left, refunded to the balance in one go, brings the order to exactly its total.
        const rest = {
          lines: state.lines.map((l) => ({ lineId: l.lineId, quantity: l.quantity - l.refundedQuantity })),
          shipping: !state.shipping.refunded,
          method: "balance" as const,
        };
        if (rest.lines.some((l) => l.quantity > 0) || (rest.shipping && shipping > 0)) {
          const plan = planRefund(state, rest);
          expect(plan).toMatchObject({ ok: true, full: true });
          if (plan.ok) expect(state.refundedToProvider + state.refundedToBalance + plan.amount).toBe(total);
        } else expect(state.refundedToProvider + state.refundedToBalance).toBe(total);
      }),
    );
  });
});

describe("quantityToPack", () => {
  it("is the line's quantity less its refunded units; a fully refunded line has none; other lines do not count", () => {
    const line = { id: 7, quantity: 3 };
    expect(quantityToPack(line, [])).toBe(3);
    expect(quantityToPack(line, [{ lines: [{ lineId: 7, quantity: 1 }] }])).toBe(2);
    expect(quantityToPack(line, [{ lines: [{ lineId: 8, quantity: 2 }] }])).toBe(3);
    expect(
      quantityToPack(line, [
        { lines: [{ lineId: 7, quantity: 1 }] },
        { lines: [{ lineId: 7, quantity: 2 }] },
      ]),
    ).toBe(0);
  });

  const refundsArb = fc.array(
    fc.record({
      lines: fc.array(
        fc.record({ lineId: fc.integer({ min: 1, max: 4 }), quantity: fc.integer({ min: 0, max: 5 }) }),
        {
          maxLength: 4,
        },
      ),
    }),
    { maxLength: 5 },
  );

  it("never below 0 nor above the ordered quantity; equals quantity − own refunded units when they fit", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 0, max: 20 }),
        refundsArb,
        (id, quantity, refunds) => {
          const pack = quantityToPack({ id, quantity }, refunds);
          const own = refunds
            .flatMap((r) => r.lines)
            .filter((l) => l.lineId === id)
            .reduce((n, l) => n + l.quantity, 0);
          expect(pack).toBeGreaterThanOrEqual(0);
          expect(pack).toBeLessThanOrEqual(quantity);
          expect(pack).toBe(own <= quantity ? quantity - own : 0);
        },
      ),
    );
  });

  it("refunding one more unit of the line packs one fewer (until none); refunds of other lines change nothing", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 20 }),
        refundsArb,
        fc.integer({ min: 5, max: 9 }),
        (quantity, refunds, other) => {
          const line = { id: 1, quantity };
          const before = quantityToPack(line, refunds);
          expect(quantityToPack(line, [...refunds, { lines: [{ lineId: 1, quantity: 1 }] }])).toBe(
            Math.max(0, before - 1),
          );
          expect(quantityToPack(line, [...refunds, { lines: [{ lineId: other, quantity: 3 }] }])).toBe(
            before,
          );
        },
      ),
    );
  });
});

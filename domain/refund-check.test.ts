import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ORDER_STATUSES } from "./order-status.ts";
import { pendingRefundVerdict, REFUND_CHECK_GRACE_MS, REFUND_FINISHED_STATUSES } from "./refund-check.ts";

const facts = fc.record({
  method: fc.constantFrom("provider", "balance"),
  found: fc.constantFrom(true, false, null),
  orderStatus: fc.constantFrom(...ORDER_STATUSES),
  ageMs: fc.integer({ min: 0, max: 30 * 86_400_000 }),
});

describe("pendingRefundVerdict", () => {
  it("never gives up on a refund the provider may have made: fails only when it answered 'none' after the grace", () => {
    fc.assert(
      fc.property(facts, (f) => {
        const verdict = pendingRefundVerdict(f);
        if (verdict !== "fail") return true;
        return (
          f.method === "provider" &&
          f.found === false &&
          f.ageMs >= REFUND_CHECK_GRACE_MS &&
          !REFUND_FINISHED_STATUSES.includes(f.orderStatus)
        );
      }),
    );
  });
  it("what the provider made is always completed; an unanswered lookup always waits", () => {
    fc.assert(
      fc.property(facts, (f) => {
        const verdict = pendingRefundVerdict(f);
        if (f.method === "balance" || f.found === true) return verdict === "complete";
        if (f.found === null) return verdict === "wait";
        return true;
      }),
    );
  });
  it("money a cancellation held back is asked for again, never dropped", () => {
    fc.assert(
      fc.property(facts, fc.constantFrom(...REFUND_FINISHED_STATUSES), (f, status) => {
        const verdict = pendingRefundVerdict({ ...f, orderStatus: status });
        return verdict !== "fail";
      }),
    );
    expect(
      pendingRefundVerdict({
        method: "provider",
        found: false,
        orderStatus: "cancelled",
        ageMs: REFUND_CHECK_GRACE_MS,
      }),
    ).toBe("resend");
    expect(
      pendingRefundVerdict({
        method: "provider",
        found: false,
        orderStatus: "completed",
        ageMs: REFUND_CHECK_GRACE_MS - 1,
      }),
    ).toBe("wait");
  });
});

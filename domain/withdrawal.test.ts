import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, checkWithdrawal, localDay, WITHDRAWAL_DAYS, withdrawalLastDay } from "./withdrawal.ts";

const DAY = 86_400_000;
const moment = fc.date({
  min: new Date("2024-01-01T00:00:00Z"),
  max: new Date("2030-12-31T00:00:00Z"),
  noInvalidDate: true,
});
const status = fc.constantFrom(
  "pending",
  "failed",
  "received",
  "processing",
  "completed",
  "cancelled",
  "refunded",
);

describe("the right of withdrawal", () => {
  it("a delivered order: open through the 14th day after delivery (to its end), closed after the last day", () => {
    fc.assert(
      fc.property(moment, fc.integer({ min: 0, max: 40 * 24 }), (deliveredAt, hours) => {
        const now = new Date(deliveredAt.getTime() + hours * 3_600_000);
        const check = checkWithdrawal({ status: "completed", deliveredAt, withdrawnAt: null }, now);
        const last = withdrawalLastDay(deliveredAt);
        expect(check.lastDay).toBe(last);
        expect(check.ok).toBe(localDay(now) <= last);
        // Never shorter than 14 whole days after the day of delivery, and at most two days more (a weekend).
        const first = localDay(deliveredAt);
        expect(last >= addDays(first, WITHDRAWAL_DAYS)).toBe(true);
        expect(last <= addDays(first, WITHDRAWAL_DAYS + 2)).toBe(true);
        if (hours < WITHDRAWAL_DAYS * 24) expect(check.ok).toBe(true);
        if (hours > (WITHDRAWAL_DAYS + 3) * 24 + 24)
          expect(check).toMatchObject({ ok: false, reason: "expired" });
      }),
    );
  });

  it("the last day is never a Saturday or a Sunday", () => {
    fc.assert(
      fc.property(moment, (deliveredAt) => {
        const day = new Date(`${withdrawalLastDay(deliveredAt)}T12:00:00Z`).getUTCDay();
        expect(day).not.toBe(0);
        expect(day).not.toBe(6);
      }),
    );
  });

  it("before delivery it is open with no last day yet; cancelled, refunded, unplaced and withdrawn orders are closed", () => {
    fc.assert(
      fc.property(
        status,
        moment,
        fc.option(moment, { nil: null }),
        fc.boolean(),
        (s, now, deliveredAt, withdrawn) => {
          const facts = {
            status: s,
            deliveredAt: s === "completed" ? deliveredAt : null,
            withdrawnAt: withdrawn ? now : null,
          };
          const check = checkWithdrawal(facts, now);
          if (withdrawn) expect(check).toMatchObject({ ok: false, reason: "withdrawn" });
          else if (s === "received" || s === "processing") expect(check).toEqual({ ok: true, lastDay: null });
          else if (s !== "completed") expect(check).toMatchObject({ ok: false, reason: "status" });
        },
      ),
    );
  });

  it("counts in the shop's time zone: delivered late on a Monday evening (Oslo), the last day is Monday two weeks on", () => {
    // 2026-11-30 is a Monday; 23:30 in Oslo is 22:30 UTC.
    const deliveredAt = new Date("2026-11-30T22:30:00Z");
    expect(localDay(deliveredAt)).toBe("2026-11-30");
    expect(withdrawalLastDay(deliveredAt)).toBe("2026-12-14");
    const facts = { status: "completed", deliveredAt, withdrawnAt: null };
    expect(checkWithdrawal(facts, new Date("2026-12-14T22:59:00Z")).ok).toBe(true);
    expect(checkWithdrawal(facts, new Date("2026-12-14T23:01:00Z"))).toMatchObject({
      ok: false,
      reason: "expired",
    });
    expect(new Date(deliveredAt.getTime() + 14 * DAY).toISOString().slice(0, 10)).toBe("2026-12-14");
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  canTransition,
  checkTransition,
  countsAsSold,
  isFinalStatus,
  ORDER_STATUSES,
  ORDER_TRANSITIONS,
  type OrderStatus,
  PUBLIC_ORDER_STATUSES,
  releasesStock,
} from "./order-status.ts";

const status = fc.constantFrom(...ORDER_STATUSES);

/** Walks the machine from `pending` along allowed edges chosen by `picks`. */
function walk(picks: number[]): OrderStatus[] {
  const path: OrderStatus[] = ["pending"];
  for (const pick of picks) {
    const from = path[path.length - 1] as OrderStatus;
    const next = ORDER_TRANSITIONS[from];
    if (!next.length) break;
    path.push(next[pick % next.length] as OrderStatus);
  }
  return path;
}

describe("order status machine", () => {
  it("names the shopper's five statuses (spec §4) and keeps pending and failed to itself", () => {
    expect([...PUBLIC_ORDER_STATUSES]).toEqual([
      "received",
      "processing",
      "completed",
      "cancelled",
      "refunded",
    ]);
    expect(ORDER_STATUSES.filter((s) => !(PUBLIC_ORDER_STATUSES as readonly string[]).includes(s))).toEqual([
      "pending",
      "failed",
    ]);
  });

  it("allows exactly the listed edges", () => {
    expect(checkTransition("pending", "received")).toEqual({ ok: true });
    expect(checkTransition("received", "processing")).toEqual({ ok: true });
    expect(checkTransition("processing", "completed")).toEqual({ ok: true });
    expect(checkTransition("completed", "refunded")).toEqual({ ok: true });
    expect(checkTransition("received", "cancelled")).toEqual({ ok: true });
    expect(checkTransition("received", "completed")).toEqual({ ok: false, reason: "notAllowed" });
    expect(checkTransition("completed", "processing")).toEqual({ ok: false, reason: "notAllowed" });
    expect(checkTransition("completed", "cancelled")).toEqual({ ok: false, reason: "notAllowed" });
    expect(checkTransition("cancelled", "received")).toEqual({ ok: false, reason: "final" });
    expect(checkTransition("failed", "received")).toEqual({ ok: false, reason: "final" });
    expect(checkTransition("received", "received")).toEqual({ ok: false, reason: "same" });
    expect(checkTransition("received", "shipped")).toEqual({ ok: false, reason: "unknown" });
  });

  it("refuses every pair that is not an edge, and names why", () => {
    fc.assert(
      fc.property(status, status, (from, to) => {
        const result = checkTransition(from, to);
        expect(result.ok).toBe(canTransition(from, to));
        if (!result.ok) {
          if (from === to) expect(result.reason).toBe("same");
          else if (isFinalStatus(from)) expect(result.reason).toBe("final");
          else expect(result.reason).toBe("notAllowed");
        }
      }),
    );
  });

  it("never returns to an earlier status: every walk is finite and ends in a final status", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 10, maxLength: 10 }), (picks) => {
        const path = walk(picks);
        expect(new Set(path).size).toBe(path.length);
        expect(path.length).toBeLessThanOrEqual(ORDER_STATUSES.length);
        const last = path[path.length - 1] as OrderStatus;
        expect(isFinalStatus(last)).toBe(true);
        expect(["failed", "cancelled", "refunded"]).toContain(last);
      }),
    );
  });

  it("a pending order becomes an order or fails; nothing else is reached without passing received", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { minLength: 1, maxLength: 10 }), (picks) => {
        const path = walk(picks);
        const firstPublic = path.findIndex((s) => (PUBLIC_ORDER_STATUSES as readonly string[]).includes(s));
        if (firstPublic >= 0) expect(path[firstPublic]).toBe("received");
        else expect(path).toEqual(["pending", "failed"]);
      }),
    );
  });

  it("stock goes back only when the order did not sell; sold counts only live orders", () => {
    for (const s of ORDER_STATUSES) {
      expect(releasesStock(s) && countsAsSold(s)).toBe(false);
    }
    expect(ORDER_STATUSES.filter(releasesStock)).toEqual(["failed", "cancelled"]);
    expect(ORDER_STATUSES.filter(countsAsSold)).toEqual(["received", "processing", "completed"]);
  });
});

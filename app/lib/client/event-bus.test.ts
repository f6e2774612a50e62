import { describe, expect, it, vi } from "vitest";
import { createEventBus, createImpressionTracker } from "./event-bus.ts";

describe("the event bus", () => {
  it("delivers {type, data, timestamp} to subscribers until they unsubscribe", () => {
    const bus = createEventBus(() => 1234);
    const listener = vi.fn();
    const off = bus.subscribe(listener);
    const event = bus.push("favorite:add", { productId: 7 });
    expect(event).toEqual({ type: "favorite:add", data: { productId: 7 }, timestamp: 1234 });
    expect(listener).toHaveBeenCalledWith(event);
    off();
    bus.push("favorite:remove", { productId: 7 });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(bus.recent().map((e) => e.type)).toEqual(["favorite:add", "favorite:remove"]);
  });

  it("a failing listener does not stop the others", () => {
    const bus = createEventBus();
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const second = vi.fn();
    bus.subscribe(() => {
      throw new Error("boom");
    });
    bus.subscribe(second);
    bus.push("x", null);
    expect(second).toHaveBeenCalled();
    spy.mockRestore();
  });

  it("keeps only the latest events", () => {
    const bus = createEventBus(Date.now, 3);
    for (const n of [1, 2, 3, 4, 5]) bus.push(`e${n}`, n);
    expect(bus.recent().map((e) => e.data)).toEqual([3, 4, 5]);
  });
});

describe("page impressions", () => {
  it("are pushed for the first page and whenever the path changes, not for search or hash changes", () => {
    const bus = createEventBus(() => 1);
    const track = createImpressionTracker(bus);
    expect(track({ pathname: "/", search: "" })).toBe(true);
    expect(track({ pathname: "/", search: "?newsletter=ok" })).toBe(false);
    expect(track({ pathname: "/c/klaer", search: "" })).toBe(true);
    expect(track({ pathname: "/c/klaer", search: "?sort=PRICE" })).toBe(false);
    expect(track({ pathname: "/sv", search: "" })).toBe(true);
    expect(bus.recent()).toEqual([
      { type: "page:impression", data: { path: "/", search: "" }, timestamp: 1 },
      { type: "page:impression", data: { path: "/c/klaer", search: "" }, timestamp: 1 },
      { type: "page:impression", data: { path: "/sv", search: "" }, timestamp: 1 },
    ]);
  });
});

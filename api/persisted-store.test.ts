import { afterEach, describe, expect, it, vi } from "vitest";
import { createPersistedStore } from "./persisted-store.ts";

const hash = (n: number) => n.toString(16).padStart(64, "0");

afterEach(() => {
  vi.useRealTimers();
});

describe("the automatic persisted query store", () => {
  it("is bounded by bytes: the least recently used queries go first", async () => {
    const store = createPersistedStore({ registered: new Map(), maxBytes: 10_000, maxQueryBytes: 2_000 });
    for (let i = 0; i < 20; i++) await store.set(hash(i), `{ a${i}: channels { channelId } }`.padEnd(1_000));
    expect(store.bytes()).toBeLessThanOrEqual(10_000);
    expect(await store.get(hash(0))).toBeNull();
    expect(await store.get(hash(19))).toMatch(/a19/);
  });

  it("does not keep a query larger than maxQueryBytes", async () => {
    const store = createPersistedStore({ registered: new Map(), maxQueryBytes: 100 });
    await store.set(hash(1), "x".repeat(101));
    expect(await store.get(hash(1))).toBeNull();
    await store.set(hash(2), "x".repeat(100));
    expect(await store.get(hash(2))).toHaveLength(100);
  });

  it("forgets a query ttlMs after its last use", async () => {
    vi.useFakeTimers();
    const store = createPersistedStore({ registered: new Map(), ttlMs: 60_000 });
    await store.set(hash(1), "{ channels { channelId } }");
    vi.advanceTimersByTime(50_000);
    expect(await store.get(hash(1))).not.toBeNull();
    vi.advanceTimersByTime(50_000);
    expect(await store.get(hash(1))).not.toBeNull();
    vi.advanceTimersByTime(60_001);
    expect(await store.get(hash(1))).toBeNull();
  });

  it("always knows the registered operations, and never overwrites them", async () => {
    const registered = new Map([[hash(7), "query Registered { channels { channelId } }"]]);
    const store = createPersistedStore({ registered, maxBytes: 200, ttlMs: 1 });
    await store.set(hash(7), "{ other }");
    for (let i = 0; i < 50; i++) await store.set(hash(100 + i), "x".repeat(90));
    expect(await store.get(hash(7))).toBe("query Registered { channels { channelId } }");
  });
});

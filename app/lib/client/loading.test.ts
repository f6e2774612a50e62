import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FRAME_CONFIG } from "./config.ts";
import { createDelayedFlag } from "./loading.ts";

describe("the loading indicator's delayed flag", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("appears only once 1000 ms have passed, checked every 100 ms", () => {
    const changes: boolean[] = [];
    const flag = createDelayedFlag((v) => changes.push(v), FRAME_CONFIG.loading);
    flag.start();
    vi.advanceTimersByTime(999);
    expect(flag.visible).toBe(false);
    vi.advanceTimersByTime(1);
    expect(flag.visible).toBe(true);
    expect(changes).toEqual([true]);
    // Once visible, it stops polling.
    expect(vi.getTimerCount()).toBe(0);
    flag.stop();
    expect(changes).toEqual([true, false]);
  });

  it("checks on the 100 ms poll, not on every millisecond", () => {
    const flag = createDelayedFlag(() => {}, FRAME_CONFIG.loading);
    vi.advanceTimersByTime(50);
    flag.start();
    vi.advanceTimersByTime(1000);
    expect(flag.visible).toBe(true);
    flag.stop();
  });

  it("never appears when the work ends first", () => {
    const changes: boolean[] = [];
    const flag = createDelayedFlag((v) => changes.push(v), FRAME_CONFIG.loading);
    flag.start();
    vi.advanceTimersByTime(900);
    flag.stop();
    vi.advanceTimersByTime(5000);
    expect(changes).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("a second start while running does not restart the delay", () => {
    const flag = createDelayedFlag(() => {}, FRAME_CONFIG.loading);
    flag.start();
    vi.advanceTimersByTime(600);
    flag.start();
    vi.advanceTimersByTime(400);
    expect(flag.visible).toBe(true);
    flag.stop();
  });
});

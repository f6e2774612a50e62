import { describe, expect, it, vi } from "vitest";
import { type IdleEnvironment, whenIdle } from "./idle.ts";

function env(withIdle: boolean) {
  const idle: { fn: () => void; timeout: number }[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const hides = new Set<() => void>();
  const cancelled: number[] = [];
  const e: IdleEnvironment = {
    ...(withIdle
      ? {
          requestIdleCallback: (fn, { timeout }) => idle.push({ fn, timeout }) - 1,
          cancelIdleCallback: (id) => void cancelled.push(id),
        }
      : {}),
    setTimeout: (fn, ms) => timers.push({ fn, ms }) - 1,
    clearTimeout: (id) => void cancelled.push(id),
    onPageHide(fn) {
      hides.add(fn);
      return () => hides.delete(fn);
    },
  };
  const hide = () => {
    for (const fn of [...hides]) fn();
  };
  return { e, idle, timers, cancelled, hides, hide };
}

describe("whenIdle", () => {
  it("runs the work in an idle callback with a deadline, not at once", () => {
    const work = vi.fn();
    const { e, idle, timers } = env(true);
    whenIdle(work, { timeoutMs: 800 }, e);
    expect(work).not.toHaveBeenCalled();
    expect(timers).toHaveLength(0);
    expect(idle.map((i) => i.timeout)).toEqual([800]);
    idle[0]?.fn();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it("falls back to a task of its own without requestIdleCallback", () => {
    const work = vi.fn();
    const { e, idle, timers } = env(false);
    whenIdle(work, {}, e);
    expect(work).not.toHaveBeenCalled();
    expect(idle).toHaveLength(0);
    expect(timers.map((t) => t.ms)).toEqual([1]);
    timers[0]?.fn();
    expect(work).toHaveBeenCalledTimes(1);
  });

  it("does work the shopper must not lose when the page is left first, once", () => {
    const work = vi.fn();
    const { e, idle, cancelled, hides, hide } = env(true);
    whenIdle(work, { beforeLeaving: true }, e);
    hide();
    expect(work).toHaveBeenCalledTimes(1);
    expect(cancelled).toEqual([0]);
    expect(hides.size).toBe(0);
    idle[0]?.fn();
    expect(work).toHaveBeenCalledTimes(1);
    // Without beforeLeaving, leaving the page does not run it.
    const other = env(true);
    const skipped = vi.fn();
    whenIdle(skipped, {}, other.e);
    other.hide();
    expect(skipped).not.toHaveBeenCalled();
  });

  it("cancels work that has not run yet", () => {
    const work = vi.fn();
    const withIdle = env(true);
    whenIdle(work, { beforeLeaving: true }, withIdle.e)();
    expect(withIdle.cancelled).toEqual([0]);
    expect(withIdle.hides.size).toBe(0);
    withIdle.idle[0]?.fn();
    const withTimer = env(false);
    whenIdle(work, {}, withTimer.e)();
    expect(withTimer.cancelled).toEqual([0]);
    expect(work).not.toHaveBeenCalled();
  });

  it("does nothing on the server", () => {
    const work = vi.fn();
    whenIdle(work, {}, null)();
    expect(work).not.toHaveBeenCalled();
  });
});

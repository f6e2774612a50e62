import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FRAME_CONFIG } from "./config.ts";
import {
  advance,
  createProgress,
  IDLE,
  isVisible,
  MAX,
  type ProgressState,
  progressReducer,
  START,
} from "./progress.ts";

const timing = FRAME_CONFIG.progress;

describe("progressReducer", () => {
  it("starts pending, shows on `show`, fills on `done` and hides on `hide`", () => {
    let s: ProgressState = IDLE;
    s = progressReducer(s, { type: "start", now: 0 }, timing);
    expect(s.phase).toBe("pending");
    expect(isVisible(s)).toBe(false);
    s = progressReducer(s, { type: "show", now: 200 }, timing);
    expect(s).toMatchObject({ phase: "running", value: START });
    s = progressReducer(s, { type: "tick", now: 200 + timing.duration / 2 }, timing);
    expect(s.value).toBeGreaterThan(START);
    expect(s.value).toBeLessThan(MAX);
    s = progressReducer(s, { type: "done", now: 3000 }, timing);
    expect(s).toMatchObject({ phase: "finishing", value: 1, failed: false });
    expect(progressReducer(s, { type: "hide", now: 3500 }, timing)).toBe(IDLE);
  });

  it("a navigation done while pending never shows", () => {
    const pending = progressReducer(IDLE, { type: "start", now: 0 }, timing);
    expect(progressReducer(pending, { type: "done", now: 100 }, timing)).toBe(IDLE);
  });

  it("marks a failed navigation", () => {
    const running: ProgressState = { phase: "running", value: 0.5, failed: false, since: 0 };
    expect(progressReducer(running, { type: "done", failed: true, now: 10 }, timing).failed).toBe(true);
  });

  it("a new start while finishing keeps the bar visible without a second throttle", () => {
    const finishing: ProgressState = { phase: "finishing", value: 1, failed: true, since: 0 };
    expect(progressReducer(finishing, { type: "start", now: 5 }, timing)).toMatchObject({
      phase: "running",
      failed: false,
    });
  });

  it("ignores events that do not apply", () => {
    const running: ProgressState = { phase: "running", value: 0.5, failed: false, since: 0 };
    expect(progressReducer(running, { type: "start", now: 1 }, timing)).toBe(running);
    expect(progressReducer(running, { type: "hide", now: 1 }, timing)).toBe(running);
    expect(progressReducer(IDLE, { type: "done", now: 1 }, timing)).toBe(IDLE);
    expect(progressReducer(IDLE, { type: "tick", now: 1 }, timing)).toBe(IDLE);
  });

  it("advances monotonically over the duration and stops at MAX", () => {
    let last = -1;
    for (let t = 0; t <= timing.duration; t += 250) {
      const v = advance(t, timing.duration);
      expect(v).toBeGreaterThan(last);
      last = v;
    }
    expect(advance(timing.duration, timing.duration)).toBeCloseTo(MAX);
    expect(advance(timing.duration * 3, timing.duration)).toBeCloseTo(MAX);
  });
});

describe("createProgress (fake timers)", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function setup() {
    const seen: ProgressState[] = [];
    const progress = createProgress((s) => seen.push(s), timing);
    return { progress, seen, visible: () => seen.some(isVisible) };
  }

  it("stays hidden for a navigation shorter than the 200 ms throttle", () => {
    const { progress, visible } = setup();
    progress.start();
    vi.advanceTimersByTime(timing.throttle - 1);
    progress.done();
    vi.advanceTimersByTime(10_000);
    expect(visible()).toBe(false);
    expect(progress.state).toBe(IDLE);
  });

  it("shows after the throttle, advances on its own, then hides 500 ms after the end", () => {
    const { progress } = setup();
    progress.start();
    vi.advanceTimersByTime(timing.throttle);
    expect(progress.state.phase).toBe("running");
    const first = progress.state.value;
    vi.advanceTimersByTime(2000);
    const later = progress.state.value;
    expect(later).toBeGreaterThan(first);
    vi.advanceTimersByTime(10_000);
    expect(progress.state.value).toBeCloseTo(MAX);
    progress.done();
    expect(progress.state).toMatchObject({ phase: "finishing", value: 1 });
    vi.advanceTimersByTime(timing.hideDelay - 1);
    expect(progress.state.phase).toBe("finishing");
    vi.advanceTimersByTime(1);
    expect(progress.state).toBe(IDLE);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("turns red when the navigation failed", () => {
    const { progress } = setup();
    progress.start();
    vi.advanceTimersByTime(timing.throttle + 100);
    progress.done(true);
    expect(progress.state.failed).toBe(true);
    vi.advanceTimersByTime(timing.hideDelay);
    expect(progress.state.phase).toBe("idle");
  });

  it("dispose stops every timer", () => {
    const { progress } = setup();
    progress.start();
    vi.advanceTimersByTime(timing.throttle);
    progress.dispose();
    expect(vi.getTimerCount()).toBe(0);
  });
});

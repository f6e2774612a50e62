/**
 * The navigation progress bar (spec §4, §9) as a pure state machine plus a small timer driver:
 * - `start`: nothing shows for the first 200 ms (throttle); a navigation that ends before never shows;
 * - after the throttle the bar shows and advances on its own over 5000 ms (to at most MAX);
 * - `done`: the bar fills, stays 500 ms, then hides; `done` with `failed` turns it red.
 */
export type ProgressPhase = "idle" | "pending" | "running" | "finishing";

export interface ProgressState {
  phase: ProgressPhase;
  /** 0…1: how far the bar is drawn. */
  value: number;
  failed: boolean;
  /** When the current phase began (ms). */
  since: number;
}

export type ProgressEvent =
  | { type: "start"; now: number }
  | { type: "show"; now: number }
  | { type: "tick"; now: number }
  | { type: "done"; failed?: boolean; now: number }
  | { type: "hide"; now: number };

export interface ProgressTiming {
  throttle: number;
  duration: number;
  hideDelay: number;
  tick: number;
}

/** Where the bar starts when it shows, and how far it advances on its own before the navigation ends. */
export const START = 0.08;
export const MAX = 0.9;

export const IDLE: ProgressState = { phase: "idle", value: 0, failed: false, since: 0 };

/** The bar's position `elapsed` ms after it showed: eases out from START to MAX over `duration`. */
export function advance(elapsed: number, duration: number): number {
  const x = Math.min(1, Math.max(0, elapsed / duration));
  return START + (MAX - START) * (1 - (1 - x) * (1 - x));
}

export function isVisible(state: ProgressState): boolean {
  return state.phase === "running" || state.phase === "finishing";
}

export function progressReducer(
  state: ProgressState,
  event: ProgressEvent,
  timing: Pick<ProgressTiming, "duration">,
): ProgressState {
  switch (event.type) {
    case "start":
      if (state.phase === "idle") return { phase: "pending", value: 0, failed: false, since: event.now };
      // Already visible and finishing: a new navigation continues the bar without a second throttle.
      if (state.phase === "finishing")
        return { phase: "running", value: START, failed: false, since: event.now };
      return state;
    case "show":
      return state.phase === "pending"
        ? { phase: "running", value: START, failed: false, since: event.now }
        : state;
    case "tick": {
      if (state.phase !== "running") return state;
      const value = advance(event.now - state.since, timing.duration);
      return value === state.value ? state : { ...state, value };
    }
    case "done":
      if (state.phase === "pending") return IDLE;
      if (state.phase === "running")
        return { phase: "finishing", value: 1, failed: event.failed === true, since: event.now };
      return state;
    case "hide":
      return state.phase === "finishing" ? IDLE : state;
  }
}

export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(id: unknown): void;
}

export const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (id) => clearInterval(id as ReturnType<typeof setInterval>),
};

/** Runs the state machine on timers and reports every change. */
export function createProgress(
  onChange: (state: ProgressState) => void,
  timing: ProgressTiming,
  clock: Clock = realClock,
) {
  let state = IDLE;
  let timeout: unknown;
  let interval: unknown;
  const stopTimers = () => {
    if (timeout !== undefined) clock.clearTimeout(timeout);
    if (interval !== undefined) clock.clearInterval(interval);
    timeout = interval = undefined;
  };
  const dispatch = (event: ProgressEvent) => {
    const previous = state;
    state = progressReducer(state, event, timing);
    if (state === previous) return;
    if (state.phase !== previous.phase) {
      stopTimers();
      if (state.phase === "pending")
        timeout = clock.setTimeout(() => dispatch({ type: "show", now: clock.now() }), timing.throttle);
      else if (state.phase === "running")
        interval = clock.setInterval(() => dispatch({ type: "tick", now: clock.now() }), timing.tick);
      else if (state.phase === "finishing")
        timeout = clock.setTimeout(() => dispatch({ type: "hide", now: clock.now() }), timing.hideDelay);
    }
    onChange(state);
  };
  return {
    start: () => dispatch({ type: "start", now: clock.now() }),
    done: (failed = false) => dispatch({ type: "done", failed, now: clock.now() }),
    get state() {
      return state;
    },
    dispose: stopTimers,
  };
}

/** The browser's idle-time scheduling and page-hide event, as `whenIdle` needs them (a test passes its own). */
export interface IdleEnvironment {
  requestIdleCallback?: (fn: () => void, options: { timeout: number }) => number;
  cancelIdleCallback?: (id: number) => void;
  setTimeout: (fn: () => void, ms: number) => number;
  clearTimeout: (id: number) => void;
  onPageHide: (fn: () => void) => () => void;
}

/** How long work may wait for an idle moment before it runs anyway (ms). */
export const IDLE_TIMEOUT_MS = 1000;

function browserIdleEnvironment(): IdleEnvironment | null {
  if (typeof window === "undefined") return null;
  return {
    requestIdleCallback:
      typeof window.requestIdleCallback === "function"
        ? (fn, options) => window.requestIdleCallback(fn, options)
        : undefined,
    cancelIdleCallback:
      typeof window.cancelIdleCallback === "function" ? (id) => window.cancelIdleCallback(id) : undefined,
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    clearTimeout: (id) => window.clearTimeout(id),
    onPageHide(fn) {
      window.addEventListener("pagehide", fn);
      return () => window.removeEventListener("pagehide", fn);
    },
  };
}

export interface IdleOptions {
  /** The longest wait for an idle moment (ms; default 1 s). */
  timeoutMs?: number;
  /** Work the shopper must not lose (a write): done when the page is left before the browser was idle. */
  beforeLeaving?: boolean;
}

/**
 * Runs `work` once, in a task of its own when the browser is next idle (at the latest after `timeoutMs`), not in
 * the task that called it (decision 0079). For the start-up work of a page that no tap needs first — the cart's
 * stored groups, the latest-viewed list's write: called from an effect, it would run in the task that hydrates the
 * page (React runs the first effects there), and its first localStorage access is a synchronous call into the
 * browser that lengthens the task delaying the shopper's first tap. Without `requestIdleCallback` (Safari), a
 * timeout of 1 ms: still a task of its own. Returns a function that cancels the work if it has not run yet. On the
 * server it does nothing.
 */
export function whenIdle(
  work: () => void,
  options: IdleOptions = {},
  env: IdleEnvironment | null = browserIdleEnvironment(),
): () => void {
  if (!env) return () => {};
  let done = false;
  let cancelWait = () => {};
  let offHide = () => {};
  const run = () => {
    if (done) return;
    done = true;
    cancelWait();
    offHide();
    work();
  };
  const { requestIdleCallback, cancelIdleCallback } = env;
  if (requestIdleCallback && cancelIdleCallback) {
    const id = requestIdleCallback(run, { timeout: options.timeoutMs ?? IDLE_TIMEOUT_MS });
    cancelWait = () => cancelIdleCallback(id);
  } else {
    const id = env.setTimeout(run, 1);
    cancelWait = () => env.clearTimeout(id);
  }
  if (options.beforeLeaving) offHide = env.onPageHide(run);
  return () => {
    if (done) return;
    done = true;
    cancelWait();
    offHide();
  };
}

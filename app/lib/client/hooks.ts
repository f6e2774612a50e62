import { type RefObject, useEffect, useState, useSyncExternalStore } from "react";
import { useRouteLoaderData } from "react-router";
import { FRAME_CONFIG } from "./config.ts";
import { createDelayedFlag } from "./loading.ts";
import { isComputerView, VIEWPORT_CLASSES, type ViewportClass, viewportClass } from "./viewport.ts";

/*
 * Whether the page has hydrated: false until the first component that asks has been hydrated and a task has
 * passed, then true for good. Were it true as soon as the browser asks, React would re-render every component
 * that asks synchronously, right after the hydration commit and within the same task (with the effects of the
 * whole page); flipping it in a task of its own keeps that work out of hydration's longest task.
 */
let hydrated = false;
let flipScheduled = false;
const hydratedListeners = new Set<() => void>();
function subscribeHydrated(listener: () => void) {
  hydratedListeners.add(listener);
  if (!hydrated && !flipScheduled) {
    flipScheduled = true;
    setTimeout(() => {
      hydrated = true;
      for (const notify of [...hydratedListeners]) notify();
    }, 0);
  }
  return () => {
    hydratedListeners.delete(listener);
  };
}

/** False during the server render and hydration, true once the page is interactive (from the next task on). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeHydrated,
    () => hydrated,
    () => false,
  );
}

function subscribeOnline(onChange: () => void) {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

/** The online/offline flag (spec §2); the server and hydration assume online. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

let queries: [ViewportClass, MediaQueryList][] | undefined;

/** One media query per class breakpoint, so the class follows exactly what the CSS sees. */
function breakpointQueries(): [ViewportClass, MediaQueryList][] {
  queries ??= VIEWPORT_CLASSES.map((name) => [
    name,
    window.matchMedia(`(min-width: ${FRAME_CONFIG.breakpoints[name]}px)`),
  ]);
  return queries;
}

function browserViewportClass(): ViewportClass {
  let found: ViewportClass = "phone";
  for (const [name, query] of breakpointQueries()) if (query.matches) found = name;
  return found;
}

function subscribeViewport(onChange: () => void) {
  const list = breakpointQueries();
  for (const [, query] of list) query.addEventListener("change", onChange);
  return () => {
    for (const [, query] of list) query.removeEventListener("change", onChange);
  };
}

/**
 * The viewport class (phone, tablet, laptop, desktop, desktopBig) and whether it is the computer view.
 * Before the browser has measured (server render, hydration) it is the class of the width the server assumed
 * for the request's device (the root loader's `assumedWidth`: 375 px for phones, 768 for tablets, 1360 for
 * pc devices; domain/device.ts), so hydration matches the server's HTML; then it follows the window and
 * re-renders only when the class changes.
 */
export function useViewport(assumed?: number): {
  name: ViewportClass;
  isComputer: boolean;
} {
  const root = useRouteLoaderData("root") as { assumedWidth?: number } | undefined;
  const width = assumed ?? root?.assumedWidth ?? FRAME_CONFIG.serverWidth.desktop;
  // In the browser the class comes from media queries on the breakpoints: the width CSS uses (innerWidth
  // grows past the screen when content overflows on a phone), and a change only when a breakpoint is crossed.
  const name = useSyncExternalStore(subscribeViewport, browserViewportClass, () => viewportClass(width));
  return { name, isComputer: isComputerView(name) };
}

/** The loading indicator's flag: true once `busy` has lasted 1000 ms (checked every 100 ms). */
export function useDelayedFlag(busy: boolean): boolean {
  const [visible, setVisible] = useState(false);
  const [flag] = useState(() => createDelayedFlag(setVisible, FRAME_CONFIG.loading));
  useEffect(() => {
    if (busy) flag.start();
    else flag.stop();
  }, [busy, flag]);
  useEffect(() => () => flag.stop(), [flag]);
  return visible;
}

/** How far below (or above) the screen a place may still be when it counts as near (useNear). */
const NEAR = "800px 0px";

/**
 * The `key` whose place (`ref`) has come within 800 px of the screen, or null until it has: for what the server
 * leaves out of a page and the browser asks for before the shopper reaches it (decisions 0089, 0094). Asked again for
 * a new key (another product after a client-side navigation). Without IntersectionObserver, at once.
 */
export function useNear<T extends string>(ref: RefObject<HTMLElement | null>, key: T): T | null {
  const [near, setNear] = useState<T | null>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (typeof IntersectionObserver === "undefined") {
      setNear(key);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setNear(key);
      },
      { rootMargin: NEAR },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, key]);
  return near === key ? near : null;
}

/**
 * The JSON answer of a GET to `url` (same-origin routes the page asks after hydration), asked again when the URL
 * changes, the earlier request aborted: null while it is on its way or when `url` is null; `fallback` when the
 * request fails or answers an error (what the page shows without it). `fallback` is read when the answer comes.
 */
export function useJsonAnswer<T>(url: string | null, fallback: T): T | null {
  const [loaded, setLoaded] = useState<{ url: string; value: T } | null>(null);
  const [fallbackNow] = useState(() => ({ value: fallback }));
  fallbackNow.value = fallback;
  useEffect(() => {
    if (!url) return;
    const controller = new AbortController();
    fetch(url, { headers: { accept: "application/json" }, signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<T>) : fallbackNow.value))
      .then((value) => setLoaded({ url, value }))
      .catch(() => {
        if (!controller.signal.aborted) setLoaded({ url, value: fallbackNow.value });
      });
    return () => controller.abort();
  }, [url, fallbackNow]);
  return url !== null && loaded?.url === url ? loaded.value : null;
}

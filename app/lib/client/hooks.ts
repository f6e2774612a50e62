import { useEffect, useState, useSyncExternalStore } from "react";
import { FRAME_CONFIG } from "./config.ts";
import { createDelayedFlag } from "./loading.ts";
import { isComputerView, type ViewportClass, viewportClass } from "./viewport.ts";

const noSubscription = () => () => {};

/** False during the server render and hydration, true once the page is interactive. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
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

function subscribeResize(onChange: () => void) {
  window.addEventListener("resize", onChange, { passive: true });
  return () => window.removeEventListener("resize", onChange);
}

/**
 * The viewport class (phone, tablet, laptop, desktop, desktopBig) and whether it is the computer view.
 * Before the browser has measured (server render, hydration) it is the class of `assumedWidth` (1360 px for
 * desktop user agents, see viewport.ts); it re-renders only when the class changes.
 */
export function useViewport(assumed: number = FRAME_CONFIG.serverWidth.desktop): {
  name: ViewportClass;
  isComputer: boolean;
} {
  const name = useSyncExternalStore(
    subscribeResize,
    () => viewportClass(window.innerWidth),
    () => viewportClass(assumed),
  );
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

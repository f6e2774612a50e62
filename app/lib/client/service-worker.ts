/**
 * Registers the service worker (public/sw.js) at the site root, lazily: after the page has loaded and the
 * browser is idle. Any failure is ignored (spec §1).
 */
export interface SwEnvironment {
  navigator: { serviceWorker?: { register(url: string, options: { scope: string }): Promise<unknown> } };
  document: { readyState: string };
  addEventListener(type: "load", listener: () => void, options: { once: boolean }): void;
  later(fn: () => void): void;
}

export function registerServiceWorker(env: SwEnvironment): void {
  const sw = env.navigator.serviceWorker;
  if (!sw) return;
  const register = () => {
    env.later(() => {
      try {
        sw.register("/sw.js", { scope: "/" }).catch(() => {});
      } catch {
        // Registration is best effort.
      }
    });
  };
  if (env.document.readyState === "complete") register();
  else env.addEventListener("load", register, { once: true });
}

export function browserSwEnvironment(): SwEnvironment {
  return {
    navigator: navigator as SwEnvironment["navigator"],
    document,
    addEventListener: (type, listener, options) => window.addEventListener(type, listener, options),
    later: (fn) =>
      typeof requestIdleCallback === "function"
        ? requestIdleCallback(fn, { timeout: 5000 })
        : setTimeout(fn, 1000),
  };
}

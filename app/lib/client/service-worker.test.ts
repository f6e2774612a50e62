import { describe, expect, it, vi } from "vitest";
import { registerServiceWorker, type SwEnvironment } from "./service-worker.ts";

function env(readyState: string, register: (url: string, o: { scope: string }) => Promise<unknown>) {
  const load: (() => void)[] = [];
  const later: (() => void)[] = [];
  const e: SwEnvironment = {
    navigator: { serviceWorker: { register } },
    document: { readyState },
    addEventListener: (_type, listener) => load.push(listener),
    later: (fn) => later.push(fn),
  };
  return { e, load, later };
}

describe("service worker registration", () => {
  it("waits for the load event and idle time, then registers /sw.js at the root", () => {
    const register = vi.fn(() => Promise.resolve());
    const { e, load, later } = env("interactive", register);
    registerServiceWorker(e);
    expect(register).not.toHaveBeenCalled();
    for (const fn of load) fn();
    expect(register).not.toHaveBeenCalled();
    for (const fn of later) fn();
    expect(register).toHaveBeenCalledWith("/sw.js", { scope: "/" });
  });

  it("ignores a failed registration and browsers without service workers", async () => {
    const register = vi.fn(() => Promise.reject(new Error("SecurityError")));
    const { e, later } = env("complete", register);
    registerServiceWorker(e);
    for (const fn of later) fn();
    await Promise.resolve();
    expect(register).toHaveBeenCalledTimes(1);
    const throwing = env("complete", () => {
      throw new Error("sync");
    });
    registerServiceWorker(throwing.e);
    expect(() => {
      for (const fn of throwing.later) fn();
    }).not.toThrow();
    expect(() => registerServiceWorker({ ...e, navigator: {} })).not.toThrow();
  });
});

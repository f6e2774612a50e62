import { describe, expect, it, vi } from "vitest";
import { claimReload, isChunkLoadError, mayReload, RELOAD_KEY, reloadOnce } from "./reload-guard.ts";

const GUARD = 60_000;

function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => {
      map.set(k, v);
    },
    map,
  };
}

describe("chunk-load errors", () => {
  it("are recognised from Chromium, Firefox and Safari messages", () => {
    expect(
      isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: https://x/assets/a.js")),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError("error loading dynamically imported module"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Unable to preload CSS for /assets/root.css"))).toBe(true);
    expect(isChunkLoadError({ name: "ChunkLoadError", message: "x" })).toBe(true);
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});

describe("the reload guard", () => {
  it("reloads once, then not again within 60 s, then again after", () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadOnce(storage, 1_000_000, reload, GUARD)).toBe(true);
    expect(storage.map.get(RELOAD_KEY)).toBe("1000000");
    expect(reloadOnce(storage, 1_000_000 + 59_999, reload, GUARD)).toBe(false);
    expect(reloadOnce(storage, 1_000_000 + 60_000, reload, GUARD)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it("does not reload when it cannot remember the reload", () => {
    const reload = vi.fn();
    expect(reloadOnce(null, 0, reload, GUARD)).toBe(false);
    const broken = {
      getItem: () => null,
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    };
    expect(reloadOnce(broken, 0, reload, GUARD)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it("claims a reload already under way the same way, sharing the 60 s with reloadOnce", () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(claimReload(storage, 1_000_000, GUARD)).toBe(true);
    expect(storage.map.get(RELOAD_KEY)).toBe("1000000");
    expect(claimReload(storage, 1_000_000 + 59_999, GUARD)).toBe(false);
    expect(reloadOnce(storage, 1_000_000 + 59_999, reload, GUARD)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    expect(claimReload(storage, 1_000_000 + 60_000, GUARD)).toBe(true);
    expect(claimReload(null, 0, GUARD)).toBe(false);
  });

  it("treats a garbled or future timestamp as no reload yet", () => {
    expect(mayReload(null, 5, GUARD)).toBe(true);
    expect(mayReload(10_000, 5, GUARD)).toBe(true);
    const reload = vi.fn();
    expect(reloadOnce(memoryStorage({ [RELOAD_KEY]: "abc" }), 5, reload, GUARD)).toBe(true);
  });
});

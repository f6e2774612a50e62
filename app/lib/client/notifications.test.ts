import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createNotifications } from "./notifications.ts";

describe("notifications", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("show one at a time, top-right by default, and hide after 5000 ms", () => {
    const store = createNotifications(5000);
    const listener = vi.fn();
    store.subscribe(listener);
    store.show({ message: "Lagt i handlekurven" });
    expect(store.get()).toMatchObject({
      message: "Lagt i handlekurven",
      placement: "top-right",
      mode: "info",
    });
    vi.advanceTimersByTime(3000);
    // A new one replaces the earlier and gets its own 5000 ms.
    store.show({ message: "Andre", placement: "bottom-left", mode: "error" });
    expect(store.get()).toMatchObject({ message: "Andre", placement: "bottom-left" });
    vi.advanceTimersByTime(4999);
    expect(store.get()?.message).toBe("Andre");
    vi.advanceTimersByTime(1);
    expect(store.get()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it("can be dismissed; dismissing an older id leaves the current one", () => {
    const store = createNotifications(5000);
    const first = store.show({ message: "1" });
    store.show({ message: "2" });
    store.dismiss(first);
    expect(store.get()?.message).toBe("2");
    store.dismiss();
    expect(store.get()).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });
});

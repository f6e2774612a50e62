import { describe, expect, it, vi } from "vitest";
import { type ChannelLike, createTabSync, isTabMessage, TAB_CHANNEL } from "./tab-sync.ts";

/** BroadcastChannel semantics: a message reaches every other channel of the same name, not the sender. */
function fakeChannels() {
  const all: (ChannelLike & { name: string })[] = [];
  const open = (name: string) => {
    const channel: ChannelLike & { name: string } = {
      name,
      onmessage: null,
      postMessage(message) {
        for (const other of all)
          if (other !== channel && other.name === name) other.onmessage?.({ data: structuredClone(message) });
      },
      close() {
        all.splice(all.indexOf(channel), 1);
      },
    };
    all.push(channel);
    return channel;
  };
  return { open, all };
}

describe("tab sync", () => {
  it("uses the mili_channel and delivers the four message types to other tabs only", () => {
    const { open, all } = fakeChannels();
    const tab1 = createTabSync(open);
    const tab2 = createTabSync(open);
    const got1 = vi.fn();
    const got2 = vi.fn();
    tab1.subscribe(got1);
    tab2.subscribe(got2);
    expect(all.map((c) => c.name)).toEqual([TAB_CHANNEL, TAB_CHANNEL]);
    tab1.post({ type: "market", market: "dk" });
    tab1.post({ type: "checkout-market", market: "dk" });
    tab1.post({ type: "cart", cartId: "c1" });
    tab1.post({ type: "auth", user: null });
    expect(got2.mock.calls.map(([m]) => m)).toEqual([
      { type: "market", market: "dk" },
      { type: "checkout-market", market: "dk" },
      { type: "cart", cartId: "c1" },
      { type: "auth", user: null },
    ]);
    expect(got1).not.toHaveBeenCalled();
  });

  it("ignores unknown or malformed messages", () => {
    const { open } = fakeChannels();
    const tab = createTabSync(open);
    const got = vi.fn();
    tab.subscribe(got);
    const raw = open(TAB_CHANNEL);
    raw.postMessage({ type: "market" });
    raw.postMessage({ type: "nope", market: "dk" });
    raw.postMessage("market");
    expect(got).not.toHaveBeenCalled();
    expect(isTabMessage({ type: "market", market: "se" })).toBe(true);
    expect(isTabMessage({ type: "auth", user: 5 })).toBe(false);
  });

  it("is a no-op without BroadcastChannel", () => {
    const sync = createTabSync(() => null);
    expect(() => sync.post({ type: "market", market: "no" })).not.toThrow();
    expect(() => sync.subscribe(() => {})()).not.toThrow();
  });
});

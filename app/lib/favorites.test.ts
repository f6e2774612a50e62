import { describe, expect, it } from "vitest";
import { createEventBus } from "./client/event-bus.ts";
import type { ChannelLike } from "./client/tab-sync.ts";
import { readCookie } from "./cookies.ts";
import {
  createFavoritesStore,
  type FavoritesEnvironment,
  favoritesCookie,
  favoritesFromCookie,
  MAX_FAVORITES,
  withFavorite,
} from "./favorites.ts";

const cookieHeader = (states: unknown) =>
  `other=1; mili-persisted-states=${encodeURIComponent(JSON.stringify(states))}`;

describe("the favourites cookie", () => {
  it("reads valid product ids, without duplicates, and ignores anything else", () => {
    expect(favoritesFromCookie(cookieHeader({ favorites: [3, 1, "2", -4, 1.5, 3, 0, 7] }))).toEqual([
      3, 1, 7,
    ]);
    expect(favoritesFromCookie(cookieHeader({ favorites: "1,2" }))).toEqual([]);
    expect(favoritesFromCookie(cookieHeader([1, 2]))).toEqual([]);
    expect(favoritesFromCookie("mili-persisted-states=%7Bnot json")).toEqual([]);
    expect(favoritesFromCookie(undefined)).toEqual([]);
    expect(favoritesFromCookie("")).toEqual([]);
  });

  it("is written for one year, path /, SameSite=Lax, keeping other persisted states", () => {
    const cookie = favoritesCookie(cookieHeader({ favorites: [1], theme: "dark" }), [1, 5], true);
    const [pair, ...attributes] = cookie.split("; ");
    expect(attributes).toEqual(["Path=/", "Max-Age=31536000", "SameSite=Lax", "Secure"]);
    expect(JSON.parse(readCookie(pair, "mili-persisted-states") ?? "")).toEqual({
      favorites: [1, 5],
      theme: "dark",
    });
    expect(favoritesFromCookie(pair)).toEqual([1, 5]);
  });

  it("keeps the newest favourites when there are too many", () => {
    const many = Array.from({ length: MAX_FAVORITES + 5 }, (_, i) => i + 1);
    const pair = favoritesCookie("", many, false).split("; ")[0];
    const kept = favoritesFromCookie(pair);
    expect(kept).toHaveLength(MAX_FAVORITES);
    expect(kept[0]).toBe(6);
    expect(kept.at(-1)).toBe(MAX_FAVORITES + 5);
  });

  it("adds at the end and removes", () => {
    expect(withFavorite([1, 2], 3, true)).toEqual([1, 2, 3]);
    expect(withFavorite([1, 2, 3], 1, true)).toEqual([2, 3, 1]);
    expect(withFavorite([1, 2, 3], 2, false)).toEqual([1, 3]);
  });
});

/** A cookie jar shared by "tabs" and a BroadcastChannel-like hub, as a browser has them. */
function browser() {
  const jar = new Map<string, string>();
  const channels = new Set<ChannelLike>();
  const environment = (): FavoritesEnvironment => ({
    readCookies: () => [...jar].map(([k, v]) => `${k}=${v}`).join("; "),
    writeCookie(cookie) {
      const [pair] = cookie.split("; ");
      const i = pair?.indexOf("=") ?? -1;
      if (pair && i > 0) jar.set(pair.slice(0, i), pair.slice(i + 1));
    },
    secure: false,
    openChannel() {
      const channel: ChannelLike = {
        postMessage(message) {
          for (const other of channels) if (other !== channel) other.onmessage?.({ data: message });
        },
        close() {
          channels.delete(channel);
        },
        onmessage: null,
      };
      channels.add(channel);
      return channel;
    },
  });
  return { jar, environment };
}

describe("the favourites store", () => {
  it("toggles, writes the cookie and pushes favorite:add / favorite:remove", () => {
    const { jar, environment } = browser();
    const bus = createEventBus(() => 1000);
    const store = createFavoritesStore(environment(), bus);
    let changes = 0;
    store.subscribe(() => changes++);

    expect(store.get()).toEqual([]);
    expect(store.toggle({ productId: 7, name: "Vinterjakke" })).toBe(true);
    expect(store.has(7)).toBe(true);
    expect(favoritesFromCookie(`mili-persisted-states=${jar.get("mili-persisted-states")}`)).toEqual([7]);
    store.set({ productId: 9 }, true);
    store.set({ productId: 9 }, true);
    expect(store.toggle({ productId: 7, name: "Vinterjakke" })).toBe(false);
    expect(store.get()).toEqual([9]);
    expect(bus.recent()).toEqual([
      { type: "favorite:add", data: { productId: 7, name: "Vinterjakke" }, timestamp: 1000 },
      { type: "favorite:add", data: { productId: 9 }, timestamp: 1000 },
      { type: "favorite:remove", data: { productId: 7, name: "Vinterjakke" }, timestamp: 1000 },
    ]);
    expect(changes).toBe(3);
  });

  it("gives the same array until the favourites change (a stable snapshot)", () => {
    const { environment } = browser();
    const store = createFavoritesStore(environment(), createEventBus());
    const first = store.get();
    expect(store.get()).toBe(first);
    store.set({ productId: 1 }, true);
    const second = store.get();
    expect(second).not.toBe(first);
    expect(store.get()).toBe(second);
  });

  it("refuses ids that are not product ids", () => {
    const { environment } = browser();
    const bus = createEventBus();
    const store = createFavoritesStore(environment(), bus);
    store.set({ productId: -1 }, true);
    store.set({ productId: Number.NaN }, true);
    expect(store.get()).toEqual([]);
    expect(bus.recent()).toEqual([]);
  });

  it("follows the other tabs", () => {
    const { environment } = browser();
    const one = createFavoritesStore(environment(), createEventBus());
    const otherBus = createEventBus();
    const two = createFavoritesStore(environment(), otherBus);
    let seen = 0;
    two.subscribe(() => seen++);
    one.subscribe(() => {});
    one.set({ productId: 4 }, true);
    expect(seen).toBe(1);
    expect(two.get()).toEqual([4]);
    two.set({ productId: 4 }, false);
    expect(one.get()).toEqual([]);
    // The other tab's change is not pushed again on this tab's bus.
    expect(otherBus.recent().map((e) => e.type)).toEqual(["favorite:remove"]);
  });
});

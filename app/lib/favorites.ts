import type { ShopItem } from "./analytics/data-layer.ts";
import { type EventBus, eventBus } from "./client/event-bus.ts";
import type { ChannelLike } from "./client/tab-sync.ts";
import { COOKIES, ONE_YEAR, readCookie, serializeCookie } from "./cookies.ts";

/**
 * Favourites (spec §3 "Client state: favorites", §4, §7, §9). Guests keep them in the cookie
 * mili-persisted-states, JSON {"favorites":[productId, …]} for one year, so the server can render the favourites
 * page; catalog pages are cached for everybody, so their cards learn the pressed state in the browser, from the
 * cookie, after hydration. Each change pushes favorite:add or favorite:remove on the event bus and tells the
 * shop's other tabs (their own channel: the spec's mili_channel carries only auth, cart and market messages).
 *
 * Signed-in customers: when accounts arrive, `toggle` also calls the customer's favourites mutation and the
 * store starts from the customer's list (merged with the guest cookie at sign-in); the cookie stays the copy the
 * server renders the favourites page from.
 */

/** At most this many favourites are kept (the oldest go first); the cookie stays well under 4 kB. */
export const MAX_FAVORITES = 200;

/** The tab channel for favourites. */
export const FAVORITES_CHANNEL = "mili_favorites";

function isProductId(id: unknown): id is number {
  return Number.isSafeInteger(id) && (id as number) > 0;
}

/** The persisted states object of the cookie (other keys are kept when favourites are written). */
function persistedStates(raw: string | undefined): Record<string, unknown> {
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** Guests' favourites from a Cookie header (or document.cookie): valid product ids, no duplicates, newest last. */
export function favoritesFromCookie(header: string | null | undefined): number[] {
  const favorites = persistedStates(readCookie(header, COOKIES.persistedStates)).favorites;
  if (!Array.isArray(favorites)) return [];
  return [...new Set(favorites.filter(isProductId))].slice(-MAX_FAVORITES);
}

/**
 * The cookie assignment that stores `favorites` (newest last, at most MAX_FAVORITES), keeping any other
 * persisted state found in `header`.
 */
export function favoritesCookie(
  header: string | null | undefined,
  favorites: readonly number[],
  secure: boolean,
) {
  const states = persistedStates(readCookie(header, COOKIES.persistedStates));
  const ids = [...new Set(favorites.filter(isProductId))].slice(-MAX_FAVORITES);
  return serializeCookie(COOKIES.persistedStates, JSON.stringify({ ...states, favorites: ids }), ONE_YEAR, {
    secure,
  });
}

/** The list after adding (at the end) or removing one product. */
export function withFavorite(favorites: readonly number[], productId: number, on: boolean): number[] {
  const rest = favorites.filter((id) => id !== productId);
  return on ? [...rest, productId] : rest;
}

/** What a favourite change tells the event bus. */
export interface FavoriteEvent {
  productId: number;
  name?: string;
  /** What analytics' add_to_wishlist says of the product (decision 0042), when the page knows it. */
  items?: ShopItem[];
  currency?: string;
}

/** Where the store reads and writes: the document's cookies and a channel to the other tabs. */
export interface FavoritesEnvironment {
  readCookies(): string;
  writeCookie(cookie: string): void;
  secure: boolean;
  openChannel(): ChannelLike | null;
}

export interface FavoritesStore {
  /** The favourites, newest last; the same array until they change (for useSyncExternalStore). */
  get(): readonly number[];
  has(productId: number): boolean;
  /** Adds or removes one product; pushes favorite:add / favorite:remove and tells the other tabs. */
  set(product: FavoriteEvent, on: boolean): void;
  toggle(product: FavoriteEvent): boolean;
  /** Reads the cookie again (another tab, a page restored from the back/forward cache). */
  refresh(): void;
  subscribe(listener: () => void): () => void;
}

export function createFavoritesStore(env: FavoritesEnvironment, bus: Pick<EventBus, "push"> = eventBus) {
  const listeners = new Set<() => void>();
  let raw: string | undefined;
  let current: readonly number[] = [];
  let channel: ChannelLike | null | undefined;

  const read = (): readonly number[] => {
    const cookies = env.readCookies();
    const value = readCookie(cookies, COOKIES.persistedStates);
    if (value !== raw || raw === undefined) {
      const next = favoritesFromCookie(cookies);
      raw = value;
      if (next.length !== current.length || next.some((id, i) => id !== current[i])) current = next;
    }
    return current;
  };
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };
  const ensureChannel = () => {
    if (channel === undefined) {
      channel = env.openChannel();
      if (channel) {
        channel.onmessage = () => {
          const before = current;
          if (read() !== before) notify();
        };
      }
    }
    return channel;
  };

  const store: FavoritesStore = {
    get: read,
    has: (productId) => read().includes(productId),
    set(product, on) {
      if (!isProductId(product.productId)) return;
      const before = read();
      if (before.includes(product.productId) === on) return;
      env.writeCookie(
        favoritesCookie(env.readCookies(), withFavorite(before, product.productId, on), env.secure),
      );
      read();
      const event: FavoriteEvent = { productId: product.productId };
      if (product.name) event.name = product.name;
      if (product.items) event.items = product.items;
      if (product.currency) event.currency = product.currency;
      bus.push(on ? "favorite:add" : "favorite:remove", event);
      ensureChannel()?.postMessage({ type: "favorites", favorites: current });
      notify();
    },
    toggle(product) {
      const on = !store.has(product.productId);
      store.set(product, on);
      return on;
    },
    refresh() {
      const before = current;
      if (read() !== before) notify();
    },
    subscribe(listener) {
      ensureChannel();
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
  return store;
}

let browserStore: FavoritesStore | undefined;

/** The page's favourites store (in the browser only; never during a server render). */
export function favoritesStore(): FavoritesStore {
  if (browserStore) return browserStore;
  const store = createFavoritesStore({
    readCookies: () => document.cookie,
    writeCookie: (cookie) => {
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the shop supports; the value is built by serializeCookie.
      document.cookie = cookie;
    },
    secure: location.protocol === "https:",
    openChannel: () =>
      typeof BroadcastChannel === "undefined"
        ? null
        : (new BroadcastChannel(FAVORITES_CHANNEL) as ChannelLike),
  });
  // A page restored from the back/forward cache, or a tab coming back to the front, may hold old favourites.
  window.addEventListener("pageshow", () => store.refresh());
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") store.refresh();
  });
  browserStore = store;
  return store;
}

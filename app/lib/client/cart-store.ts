import {
  type CartData,
  type CartFailure,
  type CartIntent,
  type CartResult,
  cartChanged,
  cartCount,
  cartItemsChanged,
} from "../cart.ts";
import { COOKIES, ONE_YEAR, readCookie, serializeCookie } from "../cookies.ts";
import type { TabMessage } from "./tab-sync.ts";

/**
 * The browser's cart (spec §4): one store per tab, outside React so it outlives layouts.
 * - Reading: GET the cart route; an empty or failed answer is retried after 1 s, up to 5 attempts, each first
 *   clearing the cart data, the grouped items and the cookie.
 * - Changes run one at a time, in order, through the cart route (the same one forms post to without JavaScript).
 *   Quantities and removals show at once (optimistic); totals come only from the server's answer, and a refused
 *   change puts the server's cart back.
 * - Each update stores the cart, writes the cart id to the cookie (one year) and tells the other tabs, which load
 *   the cart again and show it without a reload.
 * - Grouped package items are kept in local storage and loaded once when the grouped list is empty (once the
 *   browser is idle after the page's first read, when the store is given `later`).
 */

export const CART_RETRY = { attempts: 5, delay: 1000 } as const;
export const GROUPED_ITEMS_KEY = "mili-grouped-items";

/** A package group as the cart shows it: what the group's header needs. */
export interface GroupedItem {
  groupKey: string;
  packageId: number;
  name: string;
  canonicalUrl: string;
  image: string | null;
}

export interface CartState {
  cart: CartData | null;
  /** The first read has ended (with or without a cart). */
  loaded: boolean;
  /** Changes sent and not yet answered. */
  pending: number;
  /** Units being added (shown in the header's count until the answer comes). */
  adding: number;
  error: CartFailure | null;
  /** The last read changed the cart / its items (spec §4), compared with the cart before it. */
  changed: boolean;
  itemsChanged: boolean;
  groups: GroupedItem[];
}

export interface CartStoreDeps {
  fetch: (input: string, init?: RequestInit) => Promise<Response>;
  storage: Pick<Storage, "getItem" | "setItem" | "removeItem"> | null;
  cookies: { read(): string; write(cookie: string): void; secure(): boolean };
  post(message: TabMessage): void;
  wait(ms: number): Promise<void>;
  /**
   * Runs work that no tap needs first in a task of its own (the browser: once it is idle, decision 0079); without
   * it, at once.
   */
  later?: (work: () => void) => void;
}

export type ChangeFields = Record<string, string | number>;

export interface Optimistic {
  /** The cart as it should look until the server answers. */
  apply?: (cart: CartData) => CartData;
  /** Units added (for the header's count). */
  adding?: number;
}

export function groupsOf(cart: CartData | null): GroupedItem[] {
  const out = new Map<string, GroupedItem>();
  for (const item of cart?.items ?? []) {
    const pkg = item.productPackage;
    if (!item.groupKey || !pkg?.product || out.has(item.groupKey)) continue;
    out.set(item.groupKey, {
      groupKey: item.groupKey,
      packageId: pkg.packageId,
      name: pkg.product.name,
      canonicalUrl: pkg.product.canonicalUrl,
      image: pkg.product.productImages[0]?.fileName ?? null,
    });
  }
  return [...out.values()];
}

export function createCartStore(deps: CartStoreDeps) {
  let endpoint = "/api/cart";
  let checkout = false;
  let state: CartState = {
    cart: null,
    loaded: false,
    pending: 0,
    adding: 0,
    error: null,
    changed: false,
    itemsChanged: false,
    groups: [],
  };
  /** The cart as the server last answered it (what a refused change goes back to). */
  let confirmed: CartData | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  let loading: Promise<void> | null = null;
  const listeners = new Set<() => void>();

  const set = (next: Partial<CartState>) => {
    state = { ...state, ...next };
    for (const listener of [...listeners]) listener();
  };

  const readGroups = (): GroupedItem[] => {
    try {
      const parsed = JSON.parse(deps.storage?.getItem(GROUPED_ITEMS_KEY) ?? "[]") as unknown;
      return Array.isArray(parsed) ? (parsed as GroupedItem[]) : [];
    } catch {
      return [];
    }
  };
  const writeGroups = (groups: GroupedItem[]) => {
    try {
      if (groups.length) deps.storage?.setItem(GROUPED_ITEMS_KEY, JSON.stringify(groups));
      else deps.storage?.removeItem(GROUPED_ITEMS_KEY);
    } catch {
      // Storage full or blocked: the cart itself still works.
    }
  };
  const writeCookie = (id: string | null) =>
    deps.cookies.write(
      serializeCookie(COOKIES.cart, id ?? "", id ? ONE_YEAR : 0, { secure: deps.cookies.secure() }),
    );

  /**
   * Stores a cart the server answered: state, grouped items, cookie; the other tabs are told by the caller. The
   * "changed" flags compare with the cart before, for reads (another tab, a refresh); the shopper's own changes
   * clear them, as they need no notice.
   */
  const store = (cart: CartData | null, own: boolean) => {
    const before = confirmed;
    confirmed = cart;
    const groups = cart ? groupsOf(cart) : [];
    writeGroups(groups);
    if (cart) writeCookie(cart.id);
    set({
      cart,
      loaded: true,
      groups,
      changed: !own && before !== null && cartChanged(before, cart),
      itemsChanged: !own && before !== null && cartItemsChanged(before, cart),
    });
  };

  const url = (params: Record<string, string>) => {
    const query = new URLSearchParams({ ...params, ...(checkout ? { checkout: "1" } : {}) }).toString();
    return query ? `${endpoint}?${query}` : endpoint;
  };

  /** The server's answer, or null when none came (offline, or the page is leaving and the request was cut). */
  async function read(refresh: boolean): Promise<CartResult | null> {
    try {
      const response = await deps.fetch(url(refresh ? { refresh: "1" } : {}), {
        headers: { accept: "application/json" },
        credentials: "same-origin",
      });
      return (await response.json()) as CartResult;
    } catch {
      return null;
    }
  }

  /**
   * Reads the cart; an empty answer is retried (spec §4), starting over each time. A read that got no answer is
   * retried too, but keeps the cookie: the cart may be fine, and a page cut off mid-read (the shopper leaving)
   * must not throw the shopper's cart away.
   */
  async function load(opts: { refresh?: boolean } = {}): Promise<void> {
    for (let attempt = 1; attempt <= CART_RETRY.attempts; attempt++) {
      const result = await read(opts.refresh ?? false);
      if (result?.cart) {
        store(result.cart, false);
        set({ error: null });
        return;
      }
      if (attempt === CART_RETRY.attempts) {
        set({ loaded: true, error: result?.error ?? { reason: "FAILED" } });
        return;
      }
      if (result) {
        // Start over: no cart data, no grouped items, no cookie; then ask again (a new cart is made).
        confirmed = null;
        writeGroups([]);
        writeCookie(null);
        set({ cart: null, groups: [] });
      }
      await deps.wait(CART_RETRY.delay);
    }
  }

  async function send(intent: CartIntent, fields: ChangeFields): Promise<CartResult> {
    const body = new URLSearchParams({ intent, ...(checkout ? { checkout: "1" } : {}) });
    for (const [name, value] of Object.entries(fields)) body.set(name, String(value));
    try {
      const response = await deps.fetch(endpoint, {
        method: "POST",
        body,
        headers: { accept: "application/json" },
        credentials: "same-origin",
      });
      return (await response.json()) as CartResult;
    } catch {
      return { cart: null, error: { reason: "FAILED" } };
    }
  }

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /** Where the cart route is (the page's language and market prefix) and whether this is a checkout page. */
    configure(opts: { endpoint: string; checkout?: boolean }) {
      endpoint = opts.endpoint;
      checkout = opts.checkout ?? false;
    },
    /** A cart the server rendered (the cart page): taken as is, without a request. */
    hydrate(cart: CartData | null) {
      if (cart && (!confirmed || confirmed.version <= cart.version || confirmed.id !== cart.id))
        store(cart, true);
      else if (!cart) set({ loaded: true });
    },
    /** The first read of a page: the cookie's cart, if there is one (nothing is created for a new visitor). */
    start(): Promise<void> {
      // The stored groups are read once the browser is idle: the tab's first localStorage access (a synchronous
      // call into the browser) stays out of the task that hydrates the page. Every store() writes the storage
      // too, so a read after the cart came back finds what the state already has.
      const restore = () => {
        if (state.groups.length === 0) {
          const groups = readGroups();
          if (groups.length) set({ groups });
        }
      };
      if (deps.later) deps.later(restore);
      else restore();
      if (!readCookie(deps.cookies.read(), COOKIES.cart)) {
        set({ loaded: true });
        return Promise.resolve();
      }
      loading ??= load().finally(() => {
        loading = null;
      });
      return loading;
    },
    /** Reads the cart again (another tab changed it, the market changed, the page asks for a refresh). */
    reload(opts: { refresh?: boolean } = {}): Promise<void> {
      return load(opts);
    },
    /** One change, after the ones before it. Resolves with the server's answer. */
    change(intent: CartIntent, fields: ChangeFields, optimistic: Optimistic = {}): Promise<CartResult> {
      if (optimistic.apply && state.cart) set({ cart: optimistic.apply(state.cart) });
      set({ pending: state.pending + 1, adding: state.adding + (optimistic.adding ?? 0), error: null });
      const run = queue.then(async () => {
        const result = await send(intent, fields);
        const done = { pending: state.pending - 1, adding: state.adding - (optimistic.adding ?? 0) };
        if (result.cart) {
          store(result.cart, true);
          set({ ...done, error: null });
          deps.post({ type: "cart", cartId: result.cart.id });
        } else {
          // Refused or failed: the cart is what the server last said.
          set({ ...done, cart: confirmed, error: result.error ?? { reason: "FAILED" } });
        }
        return result;
      });
      queue = run.catch(() => {});
      return run;
    },
    /** The header's count: the cart's, plus units on their way in; null until the first read has ended. */
    count: (): number | null => (state.loaded ? cartCount(state.cart) + state.adding : null),
    /** Clears the last error (the shopper dismissed it). */
    clearError: () => set({ error: null }),
  };
}

export type CartStore = ReturnType<typeof createCartStore>;

import { describe, expect, it } from "vitest";
import type { CartData, CartResult } from "../cart.ts";
import { CART_RETRY, type CartStoreDeps, createCartStore, GROUPED_ITEMS_KEY } from "./cart-store.ts";
import type { TabMessage } from "./tab-sync.ts";

/** A cart with just the fields the store reads. */
function cart(
  id: string,
  items: { quantity: number; groupKey?: string | null }[] = [],
  over: Partial<CartData> = {},
): CartData {
  return {
    id,
    version: 1,
    promoCode: null,
    items: items.map((i, n) => ({
      id: String(n + 1),
      skuId: n + 1,
      quantity: i.quantity,
      groupKey: i.groupKey ?? null,
      productPackage: i.groupKey
        ? {
            packageId: 9,
            product: {
              name: "Turpakke",
              canonicalUrl: "/pp/turpakke",
              type: "package",
              productImages: [{ fileName: "p.jpg" }],
            },
          }
        : null,
    })),
    summary: {
      shipping: { feeIncVat: 49, isDefault: true },
      total: { sellingPriceIncVat: 100 },
      subTotal: { regularPriceIncVat: 100 },
    },
    ...over,
  } as unknown as CartData;
}

/** Fakes for the browser: answers queued per request, a cookie jar, a storage, the tab channel, instant waits. */
function harness(answers: (CartResult | Error)[], later?: (work: () => void) => void) {
  const requests: { url: string; method: string; body?: string }[] = [];
  const jar = new Map<string, string>();
  const storage = new Map<string, string>();
  const posted: TabMessage[] = [];
  const waits: number[] = [];
  const deps: CartStoreDeps = {
    async fetch(url, init) {
      requests.push({ url, method: init?.method ?? "GET", body: init?.body?.toString() });
      const next = answers.shift();
      if (!next) throw new Error(`no answer for ${url}`);
      if (next instanceof Error) throw next;
      return new Response(JSON.stringify(next), { headers: { "content-type": "application/json" } });
    },
    storage: {
      getItem: (k) => storage.get(k) ?? null,
      setItem: (k, v) => void storage.set(k, v),
      removeItem: (k) => void storage.delete(k),
    },
    cookies: {
      read: () => [...jar].map(([k, v]) => `${k}=${v}`).join("; "),
      write(cookie) {
        const [pair = "", ...attrs] = cookie.split("; ");
        const [name = "", value = ""] = pair.split("=");
        if (attrs.includes("Max-Age=0")) jar.delete(name);
        else jar.set(name, value);
      },
      secure: () => false,
    },
    post: (m) => void posted.push(m),
    wait: async (ms) => void waits.push(ms),
    ...(later ? { later } : {}),
  };
  const store = createCartStore(deps);
  store.configure({ endpoint: "/sv/api/cart" });
  return { store, requests, jar, storage, posted, waits };
}

describe("the cart store", () => {
  it("reads nothing for a visitor without a cart cookie", async () => {
    const h = harness([]);
    await h.store.start();
    expect(h.requests).toEqual([]);
    expect(h.store.getState()).toMatchObject({ loaded: true, cart: null });
  });

  it("reads the cookie's cart and keeps its id in the cookie", async () => {
    const h = harness([{ cart: cart("c1", [{ quantity: 2 }]) }]);
    h.jar.set("mili-cart", "c1");
    await h.store.start();
    expect(h.requests).toEqual([{ url: "/sv/api/cart", method: "GET", body: undefined }]);
    expect(h.store.getState().cart?.id).toBe("c1");
    expect(h.store.count()).toBe(2);
    expect(h.jar.get("mili-cart")).toBe("c1");
  });

  it(`retries an empty read after ${CART_RETRY.delay} ms, clearing cart, grouped items and cookie each time`, async () => {
    const h = harness([{ cart: null, error: { reason: "FAILED" } }, { cart: null }, { cart: cart("new") }]);
    h.jar.set("mili-cart", "broken");
    h.storage.set(
      GROUPED_ITEMS_KEY,
      JSON.stringify([{ groupKey: "g", packageId: 1, name: "x", canonicalUrl: "/", image: null }]),
    );
    const seen: { cookie: string | undefined; grouped: string | undefined }[] = [];
    const originalWait = h.waits;
    h.store.subscribe(() => {
      if (h.store.getState().cart === null)
        seen.push({ cookie: h.jar.get("mili-cart"), grouped: h.storage.get(GROUPED_ITEMS_KEY) });
    });
    await h.store.start();
    expect(originalWait).toEqual([1000, 1000]);
    expect(h.requests).toHaveLength(3);
    expect(seen.some((s) => s.cookie === undefined && s.grouped === undefined)).toBe(true);
    expect(h.store.getState().cart?.id).toBe("new");
    expect(h.jar.get("mili-cart")).toBe("new");
  });

  it("retries a read that got no answer (offline, the page leaving) but keeps the cookie", async () => {
    const h = harness([new Error("network"), new Error("aborted"), { cart: cart("c1") }]);
    h.jar.set("mili-cart", "c1");
    const cookies: (string | undefined)[] = [];
    h.store.subscribe(() => void cookies.push(h.jar.get("mili-cart")));
    await h.store.start();
    expect(h.requests).toHaveLength(3);
    expect(h.waits).toEqual([CART_RETRY.delay, CART_RETRY.delay]);
    expect(cookies.every((c) => c === "c1")).toBe(true);
    expect(h.store.getState().cart?.id).toBe("c1");
    // Offline throughout: an error after the last attempt, and the cookie still names the shopper's cart.
    const offline = harness(Array.from({ length: CART_RETRY.attempts }, () => new Error("network")));
    offline.jar.set("mili-cart", "c1");
    await offline.store.start();
    expect(offline.store.getState()).toMatchObject({ loaded: true, error: { reason: "FAILED" } });
    expect(offline.jar.get("mili-cart")).toBe("c1");
  });

  it("has no count until the first read has ended: unknown, not 0", async () => {
    const h = harness([{ cart: cart("c1", [{ quantity: 2 }]) }]);
    h.jar.set("mili-cart", "c1");
    expect(h.store.count()).toBeNull();
    const reading = h.store.start();
    expect(h.store.count()).toBeNull();
    await reading;
    expect(h.store.count()).toBe(2);
    // A new visitor (no cart cookie) has nothing to read: 0 at once.
    const fresh = harness([]);
    await fresh.store.start();
    expect(fresh.store.count()).toBe(0);
  });

  it(`gives up after ${CART_RETRY.attempts} attempts with an error`, async () => {
    const h = harness(Array.from({ length: 5 }, () => ({ cart: null })));
    h.jar.set("mili-cart", "x");
    await h.store.start();
    expect(h.requests).toHaveLength(5);
    expect(h.waits).toEqual([1000, 1000, 1000, 1000]);
    expect(h.store.getState()).toMatchObject({ loaded: true, cart: null, error: { reason: "FAILED" } });
  });

  it("runs changes one at a time, in order, stores each answer and tells the other tabs", async () => {
    const h = harness([{ cart: cart("c1", [{ quantity: 1 }]) }, { cart: cart("c1", [{ quantity: 3 }]) }]);
    const first = h.store.change("add", { skuId: 7, quantity: 1 }, { adding: 1 });
    const second = h.store.change("add", { skuId: 7, quantity: 2 }, { adding: 2 });
    // The cart was never read: its count is unknown until an answer comes, units on their way or not.
    expect(h.store.count()).toBeNull();
    await Promise.all([first, second]);
    expect(h.requests.map((r) => r.body)).toEqual([
      "intent=add&skuId=7&quantity=1",
      "intent=add&skuId=7&quantity=2",
    ]);
    expect(h.store.getState()).toMatchObject({ pending: 0, adding: 0 });
    expect(h.store.count()).toBe(3);
    expect(h.posted).toEqual([
      { type: "cart", cartId: "c1" },
      { type: "cart", cartId: "c1" },
    ]);
  });

  it("shows a quantity at once and puts the server's cart back when the change is refused", async () => {
    const h = harness([
      { cart: cart("c1", [{ quantity: 1 }]) },
      { cart: null, error: { reason: "OUT_OF_STOCK", stock: 2 } },
    ]);
    await h.store.change("add", { skuId: 1 });
    const pending = h.store.change(
      "update",
      { itemId: "1", quantity: 5 },
      { apply: (c) => ({ ...c, items: c.items.map((i) => ({ ...i, quantity: 5 })) }) },
    );
    expect(h.store.getState().cart?.items[0]?.quantity).toBe(5);
    const result = await pending;
    expect(result.error).toEqual({ reason: "OUT_OF_STOCK", stock: 2 });
    expect(h.store.getState().cart?.items[0]?.quantity).toBe(1);
    expect(h.store.getState().error).toEqual({ reason: "OUT_OF_STOCK", stock: 2 });
    expect(h.posted).toHaveLength(1);
  });

  it("keeps package groups in local storage and loads them once when the list is empty", async () => {
    const h = harness([
      {
        cart: cart("c1", [{ quantity: 1, groupKey: "g1" }, { quantity: 1, groupKey: "g1" }, { quantity: 2 }]),
      },
    ]);
    await h.store.change("package", { packageId: 9 });
    expect(h.store.count()).toBe(3);
    const stored = JSON.parse(h.storage.get(GROUPED_ITEMS_KEY) ?? "[]");
    expect(stored).toEqual([
      { groupKey: "g1", packageId: 9, name: "Turpakke", canonicalUrl: "/pp/turpakke", image: "p.jpg" },
    ]);
    const next = harness([]);
    next.storage.set(GROUPED_ITEMS_KEY, JSON.stringify(stored));
    await next.store.start();
    expect(next.store.getState().groups).toEqual(stored);
  });

  it("with a later, reads the stored groups in that later work, not in the first read itself (decision 0079)", async () => {
    const stored = [
      { groupKey: "g1", packageId: 9, name: "Turpakke", canonicalUrl: "/pp/turpakke", image: "p.jpg" },
    ];
    const pending: (() => void)[] = [];
    const reads: string[] = [];
    const h = harness([], (work) => void pending.push(work));
    h.storage.set(GROUPED_ITEMS_KEY, JSON.stringify(stored));
    const getItem = h.storage.get.bind(h.storage);
    h.storage.get = (key: string) => {
      reads.push(key);
      return getItem(key);
    };
    await h.store.start();
    expect(reads).toEqual([]);
    expect(h.store.getState()).toMatchObject({ loaded: true, groups: [] });
    expect(pending).toHaveLength(1);
    pending[0]?.();
    expect(reads).toEqual([GROUPED_ITEMS_KEY]);
    expect(h.store.getState().groups).toEqual(stored);
  });

  it("flags a cart changed behind the shopper's back (a read) as spec §4 defines it, not the shopper's own changes", async () => {
    const h = harness([
      { cart: cart("c1", [{ quantity: 1 }]) },
      { cart: cart("c1", [{ quantity: 1 }], { promoCode: "VINTER10" } as Partial<CartData>) },
      { cart: cart("c1", [{ quantity: 2 }], { promoCode: "VINTER10" } as Partial<CartData>) },
      { cart: cart("c1", [{ quantity: 2 }]) },
    ]);
    await h.store.change("add", { skuId: 1 });
    await h.store.change("promo", { code: "VINTER10" });
    expect(h.store.getState()).toMatchObject({ changed: false, itemsChanged: false });
    // Another tab added a unit: the count differs.
    await h.store.reload();
    expect(h.store.getState()).toMatchObject({ changed: true, itemsChanged: false });
    // Another tab removed the promo code.
    await h.store.reload();
    expect(h.store.getState()).toMatchObject({ changed: false, itemsChanged: true });
  });

  it("asks for the checkout market on checkout pages", async () => {
    const h = harness([{ cart: cart("c1") }, { cart: cart("c1") }]);
    h.store.configure({ endpoint: "/api/cart", checkout: true });
    await h.store.reload({ refresh: true });
    await h.store.change("promo", { code: "" });
    expect(h.requests[0]?.url).toBe("/api/cart?refresh=1&checkout=1");
    expect(h.requests[1]?.body).toBe("intent=promo&checkout=1&code=");
  });
});

import { type FormEvent, type ReactNode, useEffect, useRef, useSyncExternalStore } from "react";
import { useLocation, useMatches } from "react-router";
import type { CartData, CartIntent, CartResult } from "../../lib/cart.ts";
import {
  type CartState,
  type ChangeFields,
  createCartStore,
  type Optimistic,
} from "../../lib/client/cart-store.ts";
import { eventBus } from "../../lib/client/event-bus.ts";
import { whenIdle } from "../../lib/client/idle.ts";
import { startRecommendationTracking } from "../../lib/client/recommendation-tracking.ts";
import { tabSync } from "../../lib/client/tab-sync.ts";
import { href } from "../../lib/page-locale.ts";
import { useRoot } from "../../lib/use-root.ts";

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The tab's cart (lib/client/cart-store.ts) with the browser's fetch, storage, cookies and tab channel. */
export const cartStore = createCartStore({
  fetch: (input, init) => fetch(input, init),
  get storage() {
    return typeof window === "undefined" ? null : browserStorage();
  },
  cookies: {
    read: () => document.cookie,
    write(cookie) {
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the shop supports; the value is built by serializeCookie.
      document.cookie = cookie;
    },
    secure: () => location.protocol === "https:",
  },
  post: (message) => tabSync.post(message),
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  later: (work) => void whenIdle(work),
});

const EMPTY: CartState = {
  cart: null,
  loaded: false,
  pending: 0,
  adding: 0,
  error: null,
  changed: false,
  itemsChanged: false,
  groups: [],
};

/**
 * The cart state. `initial` is a cart the server rendered (the cart page): used for the server render and
 * hydration, then the store takes over.
 */
export function useCartState(initial?: CartData | null): CartState {
  return useSyncExternalStore(cartStore.subscribe, cartStore.getState, () =>
    initial ? { ...EMPTY, cart: initial, loaded: true } : EMPTY,
  );
}

/**
 * The header's count: loose items by quantity, each package once, plus units being added. Null until the tab's
 * cart has been read (and in the server's HTML, which is shared by every shopper): unknown, not 0.
 */
export function useCartCount(): number | null {
  return useSyncExternalStore(cartStore.subscribe, cartStore.count, () => null);
}

/** The cart route in the page's language and market prefix. */
export function useCartEndpoint(): string {
  return href(useRoot().locale, "/api/cart");
}

/** Whether the page is a checkout page (its route id names "checkout", spec §2). */
export function useIsCheckout(): boolean {
  return useMatches().some((m) => m.id.includes("checkout"));
}

/**
 * Keeps the tab's cart: configures the store for the page (endpoint, checkout market), reads the cookie's cart
 * once, and reads it again when another tab changed it, or the market or the customer type changed.
 */
/** The cart's product numbers as the recommendation provider is told them (null until the cart is read). */
const cartProducts = {
  subscribe: (listener: () => void) => cartStore.subscribe(listener),
  productNumbers(): string[] | null {
    const { loaded, cart } = cartStore.getState();
    if (!loaded) return null;
    return [
      ...new Set((cart?.items ?? []).flatMap((item) => (item.product ? [item.product.articleNumber] : []))),
    ];
  },
};

export function CartRuntime() {
  const root = useRoot();
  const endpoint = useCartEndpoint();
  const checkout = useIsCheckout();
  const configured = useRef<string | null>(null);
  useEffect(() => {
    cartStore.configure({ endpoint, checkout });
    // Another market in the path, or into or out of the checkout (its market may differ): the cart's prices change.
    const key = `${endpoint}|${checkout}`;
    if (configured.current !== null && configured.current !== key && cartStore.getState().cart)
      void cartStore.reload();
    configured.current = key;
  }, [endpoint, checkout]);
  useEffect(() => {
    void cartStore.start();
    const offTabs = tabSync.subscribe((message) => {
      if (message.type === "cart" || message.type === "checkout-market" || message.type === "market")
        void cartStore.reload();
    });
    const offBus = eventBus.subscribe((event) => {
      // Signing in or out changes the cart (the guest's merges into the account's) and its prices (customer type);
      // a purchase completes it (the confirmation page dropped its cookie: a new cart starts).
      if (/^(market:change|customer-type:change|user:log(in|out)|purchase)$/.test(event.type))
        void cartStore.reload();
    });
    return () => {
      offTabs();
      offBus();
    };
  }, []);
  // With a recommendation provider and the shopper's consent: its queue (decision 0046), loaded on its own.
  const tracking = root.recommendationTracking;
  useEffect(() => startRecommendationTracking(tracking, cartProducts), [tracking]);
  return null;
}

/** The form fields of a submit, the submitter's name and value included (e.g. the "+" button's quantity). */
export function submittedFields(event: FormEvent<HTMLFormElement>): ChangeFields {
  const submitter = (event.nativeEvent as SubmitEvent).submitter ?? null;
  const data = new FormData(event.currentTarget, submitter);
  const fields: ChangeFields = {};
  for (const [name, value] of data) {
    if (typeof value === "string" && name !== "intent" && name !== "returnTo") fields[name] = value;
  }
  return fields;
}

/**
 * A cart form that works without JavaScript (it posts to the cart route and comes back to this page) and, with
 * JavaScript, sends the change through the cart store instead, optimistically when `optimistic` says how.
 */
export function CartForm({
  intent,
  hidden = {},
  children,
  className,
  optimistic,
  onResult,
  label,
}: {
  intent: CartIntent;
  hidden?: Record<string, string | number>;
  children: ReactNode;
  className?: string;
  optimistic?: (fields: ChangeFields) => Optimistic;
  onResult?: (result: CartResult, fields: ChangeFields) => void;
  label?: string;
}) {
  const endpoint = useCartEndpoint();
  const checkout = useIsCheckout();
  const location = useLocation();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = submittedFields(event);
    void cartStore
      .change(intent, fields, optimistic?.(fields) ?? {})
      .then((result) => onResult?.(result, fields));
  };
  return (
    <form method="post" action={endpoint} onSubmit={onSubmit} className={className} aria-label={label}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
      {checkout ? <input type="hidden" name="checkout" value="1" /> : null}
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </form>
  );
}

import type { BusEvent, EventBus } from "../client/event-bus.ts";

/**
 * The browser's side of the recommendation provider's queue (spec §5 "Queue commands"; decision 0046), loaded as
 * its own chunk only when a provider is configured and the shopper agreed to statistics or marketing
 * (../client/recommendation-tracking.ts). It turns what the page does into the provider's commands and sends
 * them, one after another in the order they happened, to the shop's own server (`POST /api/recommendations`),
 * which checks the consent again and hands them to the adapter (integrations/recommendations/): the browser never
 * talks to the third party, and the shop's website id stays on the server.
 *
 * - trackPageView: every page (the bus's `page:impression`: the first one and each client-side navigation), only
 *   where the server says so (development: spec §5);
 * - setCart: the cart's product numbers whenever they change (not on every read of an unchanged cart);
 * - trackConversion: the bus's `purchase` (pushed once per order by the confirmation page), with the order's
 *   total, currency, number, products and e-mail (the server drops the e-mail without consent to marketing).
 *
 * - clickCollect: a click on a recommended product (the product page's `[data-recommendations]` cards), with the
 *   recommendation's tracking code as its source (or where it was, without one).
 *
 * The shopper is one random tracking user id, made on the first command and kept in localStorage.
 */

export type TrackedCommand =
  | { command: "clickCollect"; source: string }
  | { command: "trackPageView"; url: string }
  | { command: "setCart"; productNumbers: string[] }
  | {
      command: "trackConversion";
      total: string;
      currency: string;
      orderNumber: string;
      email?: string;
      productNumbers: string[];
    };

export const TRACKING_USER_KEY = "mili-tracking-user";
/** The product numbers last told with setCart (so an unchanged cart on the next page is not told again). */
export const TOLD_CART_KEY = "mili-tracking-cart";

export interface CartSource {
  subscribe(listener: () => void): () => void;
  /** The cart's product numbers, or null until the cart has been read. */
  productNumbers(): string[] | null;
}

interface PurchaseData {
  transaction_id?: unknown;
  currency?: unknown;
  value?: unknown;
  user?: { email?: unknown };
  items?: { item_id?: unknown }[];
}

/** The command a bus event makes (null: none). Pure. */
export function commandOf(event: BusEvent, origin: string, pageViews: boolean): TrackedCommand | null {
  if (event.type === "page:impression" && pageViews) {
    const { path, search } = event.data as { path?: unknown; search?: unknown };
    if (typeof path !== "string") return null;
    return { command: "trackPageView", url: `${origin}${path}${typeof search === "string" ? search : ""}` };
  }
  if (event.type === "purchase") {
    const p = event.data as PurchaseData;
    if (typeof p.transaction_id !== "string" || typeof p.value !== "number" || typeof p.currency !== "string")
      return null;
    const email = typeof p.user?.email === "string" ? p.user.email.trim() : "";
    return {
      command: "trackConversion",
      total: p.value.toFixed(2),
      currency: p.currency.toUpperCase(),
      orderNumber: p.transaction_id,
      ...(email ? { email } : {}),
      productNumbers: [
        ...new Set((p.items ?? []).flatMap((i) => (typeof i.item_id === "string" ? [i.item_id] : []))),
      ],
    };
  }
  return null;
}

function store(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function trackingUserId(): string {
  const storage = store();
  try {
    const kept = storage?.getItem(TRACKING_USER_KEY);
    if (kept && /^[0-9a-f-]{36}$/.test(kept)) return kept;
    const made = crypto.randomUUID();
    storage?.setItem(TRACKING_USER_KEY, made);
    return made;
  } catch {
    return crypto.randomUUID();
  }
}

export function startTracker(opts: {
  bus: EventBus;
  cart: CartSource;
  pageViews: boolean;
  endpoint: string;
}) {
  const user = trackingUserId();
  let queue: Promise<unknown> = Promise.resolve();
  const send = (command: TrackedCommand) => {
    const body = new URLSearchParams({ command: JSON.stringify(command), trackingUserId: user });
    queue = queue
      .then(() => fetch(opts.endpoint, { method: "POST", body, keepalive: true, credentials: "same-origin" }))
      .catch(() => {
        // The provider's trouble (or the network's) is not the shopper's: the command is dropped.
      });
  };
  const onEvent = (event: BusEvent) => {
    const command = commandOf(event, location.origin, opts.pageViews);
    if (command) send(command);
  };
  // What happened before this chunk arrived (the first page's impression, a purchase), then what follows.
  for (const event of opts.bus.recent()) onEvent(event);
  opts.bus.subscribe(onEvent);

  const tellCart = () => {
    const numbers = opts.cart.productNumbers();
    if (numbers === null) return;
    const key = JSON.stringify(numbers);
    let told: string | null = null;
    try {
      told = store()?.getItem(TOLD_CART_KEY) ?? null;
    } catch {
      told = null;
    }
    if (key === (told ?? "[]")) return;
    try {
      store()?.setItem(TOLD_CART_KEY, key);
    } catch {
      // Not kept: the same cart may be told again on the next page.
    }
    send({ command: "setCart", productNumbers: numbers });
  };
  tellCart();
  opts.cart.subscribe(tellCart);

  // A recommendation clicked (capture: before the navigation it starts; keepalive lets it finish after).
  document.addEventListener(
    "click",
    (event) => {
      const link = (event.target as Element | null)?.closest?.("a[href]");
      const section = link?.closest<HTMLElement>("[data-recommendations]");
      const card = link?.closest<HTMLElement>("li[data-product]");
      if (!section || !card) return;
      send({
        command: "clickCollect",
        source: clickSource(section.dataset.trackingCodes, card.dataset.product),
      });
    },
    true,
  );
}

/** The click's source: the recommendation's tracking code, else where it was. Pure. */
export function clickSource(codes: string | undefined, productId: string | undefined): string {
  try {
    const code = (JSON.parse(codes ?? "{}") as Record<string, unknown>)[productId ?? ""];
    if (typeof code === "string" && code) return code;
  } catch {
    // No codes on the page: where the click was is all there is.
  }
  return "product-page:recommended";
}

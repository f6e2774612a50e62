import type { BusEvent, EventBus } from "../client/event-bus.ts";
import {
  type DataLayerEntry,
  ecommerceEntry,
  hashedUser,
  type PageContext,
  type PageImpression,
  pageEntries,
  type ShopEcommerceEvent,
  type ShopUser,
  userFields,
} from "./data-layer.ts";

/**
 * The data layer writer (decision 0042): loaded by app/lib/client/analytics.ts with a dynamic import, only when
 * the `mili-consent` cookie says statistics=1. It reads the events the page's bus already carried (`recent()`,
 * the ones from before it loaded) and every later one, maps them (./data-layer.ts) and pushes them to
 * `window.dataLayer` in the bus's order; an ecommerce object is preceded by `{ecommerce: null}`, as GA4 asks,
 * so that a tag never merges two events' items. Hashing is the browser's SHA-256 (crypto.subtle).
 */

export interface WriterEnvironment {
  dataLayer: { push(entry: object): unknown };
  /** The session's storage (original_location once per session); null when the browser refuses it. */
  session: Pick<Storage, "getItem" | "setItem"> | null;
  origin: string;
  title(): string;
  referrer(): string;
  /** Lower-case hex SHA-256 of a text. */
  sha256(text: string): Promise<string>;
}

/** The sessionStorage key that marks a session whose landing page was reported (original_location). */
export const ORIGINAL_LOCATION_KEY = "mili-original-location";

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** A writer: `write(event)` for each bus event, in order; `done()` resolves when all written so far are pushed. */
export function createWriter(env: WriterEnvironment) {
  let page: PageContext | null = null;
  let pages = 0;
  let chain: Promise<void> = Promise.resolve();

  const push = (entries: readonly DataLayerEntry[]) => {
    for (const entry of entries) {
      if ("ecommerce" in entry) env.dataLayer.push({ ecommerce: null });
      env.dataLayer.push(entry);
    }
  };

  const firstInSession = (): boolean => {
    try {
      if (!env.session || env.session.getItem(ORIGINAL_LOCATION_KEY)) return false;
      env.session.setItem(ORIGINAL_LOCATION_KEY, "1");
      return true;
    } catch {
      return false;
    }
  };

  const writeOne = async (event: BusEvent): Promise<void> => {
    if (event.type === "page:impression") {
      const impression = event.data as PageImpression;
      if (impression.page) page = impression.page;
      push(
        pageEntries(impression, {
          origin: env.origin,
          firstInDocument: pages++ === 0,
          firstInSession: firstInSession(),
          title: env.title(),
          referrer: env.referrer(),
        }),
      );
      return;
    }
    const data = (event.data ?? {}) as ShopEcommerceEvent;
    const fields = userFields(data.user as ShopUser | undefined);
    const hashes = Object.fromEntries(
      await Promise.all(fields.map(async ({ key, value }) => [key, await env.sha256(value)] as const)),
    );
    const entry = ecommerceEntry(event.type, data, page, hashedUser(hashes));
    if (entry) push([entry]);
  };

  return {
    write(event: BusEvent): void {
      chain = chain.then(() =>
        writeOne(event).catch((error: unknown) => {
          console.error(error);
        }),
      );
    },
    done(): Promise<void> {
      return chain;
    },
  };
}

/** Starts writing the page's bus to `window.dataLayer` (created when the tag manager's script has not). */
export function startWriter(bus: Pick<EventBus, "recent" | "subscribe">): () => void {
  const w = window as unknown as { dataLayer?: object[] };
  w.dataLayer = w.dataLayer ?? [];
  const dataLayer = w.dataLayer;
  let session: Storage | null = null;
  try {
    session = window.sessionStorage;
  } catch {
    session = null;
  }
  const writer = createWriter({
    dataLayer,
    session,
    origin: window.location.origin,
    title: () => document.title,
    referrer: () => document.referrer,
    sha256: sha256Hex,
  });
  // What the bus carried before this module loaded, then what comes (subscribing in the same task: none lost).
  for (const event of bus.recent()) writer.write(event);
  return bus.subscribe((event) => writer.write(event));
}

/** The storefront's event bus (spec §3 "Event", §4): every event has a type, data and a timestamp. */
export interface BusEvent<T = unknown> {
  type: string;
  data: T;
  timestamp: number;
}

export type BusListener = (event: BusEvent) => void;

export function createEventBus(now: () => number = Date.now, keep = 50) {
  const listeners = new Set<BusListener>();
  const recent: BusEvent[] = [];
  return {
    push<T>(type: string, data: T): BusEvent<T> {
      const event: BusEvent<T> = { type, data, timestamp: now() };
      recent.push(event);
      if (recent.length > keep) recent.shift();
      for (const listener of [...listeners]) {
        try {
          listener(event);
        } catch (error) {
          console.error(error);
        }
      }
      return event;
    },
    subscribe(listener: BusListener): () => void {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /** The latest events, oldest first (for listeners that start late, e.g. analytics loaded after idle). */
    recent(): readonly BusEvent[] {
      return recent;
    },
  };
}

export type EventBus = ReturnType<typeof createEventBus>;

/** The page's bus. */
export const eventBus = createEventBus();

/**
 * Pushes `page:impression` whenever the path changes (the first page included), not when only the query string
 * or hash changes (filters, sorting, anchors). `page` (what the analytics `page_data` says of the page) goes with it.
 */
export function createImpressionTracker(bus: EventBus) {
  let last: string | undefined;
  return (location: { pathname: string; search: string }, page?: object): boolean => {
    if (location.pathname === last) return false;
    last = location.pathname;
    bus.push("page:impression", {
      path: location.pathname,
      search: location.search,
      ...(page ? { page } : {}),
    });
    return true;
  };
}

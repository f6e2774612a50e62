/**
 * Latest viewed products (issue 14, decision 0046): the ids of the products the shopper opened last, newest first,
 * kept only in the browser (localStorage `mili-latest-viewed`), never sent to the server as state: a cached page
 * cannot carry them, so the "latest viewed" product-list widget shows them after hydration. The spec names no
 * cookie for them, and a cookie would travel with every request for nothing.
 */

export const LATEST_VIEWED_KEY = "mili-latest-viewed";

/** At most this many are kept (the oldest go first); a widget shows at most 24. */
export const MAX_LATEST_VIEWED = 24;

function isProductId(id: unknown): id is number {
  return Number.isSafeInteger(id) && (id as number) > 0;
}

/** The list after viewing `productId`: it first, no repeats, at most MAX_LATEST_VIEWED. */
export function withViewed(ids: readonly number[], productId: number): number[] {
  if (!isProductId(productId)) return [...ids];
  return [productId, ...ids.filter((id) => id !== productId)].slice(0, MAX_LATEST_VIEWED);
}

/** The stored list: valid ids only, no repeats, at most MAX_LATEST_VIEWED; anything unreadable is an empty list. */
export function parseLatestViewed(raw: string | null | undefined): number[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return [...new Set(value.filter(isProductId))].slice(0, MAX_LATEST_VIEWED);
  } catch {
    return [];
  }
}

type Store = Pick<Storage, "getItem" | "setItem">;

function storage(): Store | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    // Storage refused (a privacy setting): nothing is remembered.
    return null;
  }
}

/** The shopper's latest viewed product ids, newest first (none on the server or without storage). */
export function readLatestViewed(store: Store | null = storage()): number[] {
  try {
    return parseLatestViewed(store?.getItem(LATEST_VIEWED_KEY));
  } catch {
    return [];
  }
}

/** Remembers a product page seen (a full storage is not the shopper's problem: nothing happens). */
export function rememberViewed(productId: number, store: Store | null = storage()): void {
  if (!store) return;
  try {
    store.setItem(LATEST_VIEWED_KEY, JSON.stringify(withViewed(readLatestViewed(store), productId)));
  } catch {
    // Quota or privacy mode: the list just does not grow.
  }
}

/** Recent searches (the header's search field): kept in localStorage, newest first, at most 8. */
export const RECENT_SEARCHES_KEY = "mili-recent-searches";
export const RECENT_SEARCHES_MAX = 8;

type Store = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export function readRecentSearches(store: Store | null): string[] {
  if (!store) return [];
  try {
    const value: unknown = JSON.parse(store.getItem(RECENT_SEARCHES_KEY) ?? "[]");
    return Array.isArray(value)
      ? value
          .filter((v): v is string => typeof v === "string" && v.trim() !== "")
          .slice(0, RECENT_SEARCHES_MAX)
      : [];
  } catch {
    return [];
  }
}

/** Puts a search first (a repeat, whatever its case, moves up), keeps at most 8; returns the new list. */
export function addRecentSearch(store: Store | null, text: string, max = RECENT_SEARCHES_MAX): string[] {
  const search = text.trim().replace(/\s+/g, " ").slice(0, 100);
  const current = readRecentSearches(store);
  if (!search) return current;
  const next = [search, ...current.filter((s) => s.toLowerCase() !== search.toLowerCase())].slice(0, max);
  try {
    store?.setItem(RECENT_SEARCHES_KEY, JSON.stringify(next));
  } catch {
    // Storage full or refused: the list lives for this page only.
  }
  return next;
}

export function clearRecentSearches(store: Store | null): void {
  try {
    store?.removeItem(RECENT_SEARCHES_KEY);
  } catch {
    // Nothing to clear.
  }
}

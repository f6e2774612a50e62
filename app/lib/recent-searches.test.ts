import { describe, expect, it } from "vitest";
import {
  addRecentSearch,
  clearRecentSearches,
  RECENT_SEARCHES_KEY,
  readRecentSearches,
} from "./recent-searches.ts";

function memoryStore() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

describe("recent searches", () => {
  it("keep the newest first, without repeats (whatever the case), at most 8", () => {
    const store = memoryStore();
    for (const text of ["jakke", "sko", "  Jakke  ", "lue"]) addRecentSearch(store, text);
    expect(readRecentSearches(store)).toEqual(["lue", "Jakke", "sko"]);
    for (let i = 0; i < 10; i++) addRecentSearch(store, `ord ${i}`);
    const list = readRecentSearches(store);
    expect(list).toHaveLength(8);
    expect(list[0]).toBe("ord 9");
  });

  it("ignore empty searches and unreadable storage, and can be cleared", () => {
    const store = memoryStore();
    expect(addRecentSearch(store, "   ")).toEqual([]);
    store.setItem(RECENT_SEARCHES_KEY, "{not json");
    expect(readRecentSearches(store)).toEqual([]);
    store.setItem(RECENT_SEARCHES_KEY, JSON.stringify(["a", 3, "", "b"]));
    expect(readRecentSearches(store)).toEqual(["a", "b"]);
    clearRecentSearches(store);
    expect(readRecentSearches(store)).toEqual([]);
    expect(readRecentSearches(null)).toEqual([]);
  });
});

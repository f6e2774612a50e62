import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  LATEST_VIEWED_KEY,
  MAX_LATEST_VIEWED,
  parseLatestViewed,
  readLatestViewed,
  rememberViewed,
  withViewed,
} from "./latest-viewed.ts";

function memoryStore() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
  };
}

const id = fc.integer({ min: 1, max: 60 });

describe("latest viewed", () => {
  it("withViewed: the product first, no repeats, never more than the maximum, the rest in their order", () => {
    fc.assert(
      fc.property(fc.array(id), id, (before, productId) => {
        const ids = [...new Set(before)];
        const after = withViewed(ids, productId);
        expect(after[0]).toBe(productId);
        expect(new Set(after).size).toBe(after.length);
        expect(after.length).toBeLessThanOrEqual(MAX_LATEST_VIEWED);
        expect(after.slice(1)).toEqual(ids.filter((i) => i !== productId).slice(0, MAX_LATEST_VIEWED - 1));
      }),
    );
  });

  it("remembers the pages seen, newest first, and reads back only valid ids", () => {
    const store = memoryStore();
    for (const productId of [3, 7, 3, 9]) rememberViewed(productId, store);
    expect(readLatestViewed(store)).toEqual([9, 3, 7]);
    for (let i = 100; i < 140; i++) rememberViewed(i, store);
    expect(readLatestViewed(store)).toHaveLength(MAX_LATEST_VIEWED);
    expect(readLatestViewed(store)[0]).toBe(139);

    store.setItem(LATEST_VIEWED_KEY, '[5,"x",-1,5,2.5,8]');
    expect(readLatestViewed(store)).toEqual([5, 8]);
    for (const raw of ["not json", "{}", "null", ""]) expect(parseLatestViewed(raw)).toEqual([]);
    expect(readLatestViewed(null)).toEqual([]);
    const broken = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("full");
      },
    };
    expect(readLatestViewed(broken)).toEqual([]);
    expect(() => rememberViewed(1, broken)).not.toThrow();
  });
});

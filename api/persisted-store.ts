import type { APQStore } from "@graphql-yoga/plugin-apq";
import { LRUCache } from "lru-cache";

/**
 * Where automatic persisted queries live (decision 0018): the storefront's own operations, registered at build
 * time, for ever; queries other clients register, in memory bounded by bytes and by age — at most `maxBytes` of
 * query text in all, none larger than `maxQueryBytes` (such a query still runs, it is just not kept), each
 * forgotten `ttlMs` after its last use. A forgotten hash answers PersistedQueryNotFound and the client sends the
 * full text again, as the protocol expects.
 */
export interface PersistedStoreOptions {
  registered: ReadonlyMap<string, string>;
  maxBytes?: number;
  maxQueryBytes?: number;
  ttlMs?: number;
}

export const PERSISTED_STORE_DEFAULTS = {
  maxBytes: 8 * 1024 * 1024,
  maxQueryBytes: 32 * 1024,
  ttlMs: 24 * 60 * 60 * 1000,
} as const;

export function createPersistedStore(options: PersistedStoreOptions): APQStore & { bytes(): number } {
  const maxQueryBytes = options.maxQueryBytes ?? PERSISTED_STORE_DEFAULTS.maxQueryBytes;
  const cache = new LRUCache<string, string>({
    maxSize: options.maxBytes ?? PERSISTED_STORE_DEFAULTS.maxBytes,
    // UTF-16 code units × 2 bounds the memory a string takes; the key is a 64-character hash.
    sizeCalculation: (query, key) => 2 * (query.length + key.length),
    ttl: options.ttlMs ?? PERSISTED_STORE_DEFAULTS.ttlMs,
    updateAgeOnGet: true,
    // Wall-clock time: ages of hours need no monotonic precision (and tests can move the clock).
    perf: { now: () => Date.now() },
  });
  return {
    get: (key) => options.registered.get(key) ?? cache.get(key) ?? null,
    set: (key, query) => {
      if (options.registered.has(key)) return;
      if (Buffer.byteLength(query, "utf8") > maxQueryBytes) return;
      cache.set(key, query);
    },
    bytes: () => cache.calculatedSize,
  };
}

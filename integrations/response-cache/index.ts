import type { ExecutionResult } from "graphql";
import type { Redis } from "ioredis";
import { LRUCache } from "lru-cache";
import type { Logger } from "pino";

/**
 * Where the API's response cache keeps answers (api/response-cache.ts, decision 0023): in this process's memory, or
 * in Redis when REDIS_URL is set, so every app process shares what one of them computed. Keys name the catalog
 * version, so nothing here is ever invalidated: an entry stops being asked for when the version moves, and
 * expires after its lifetime.
 */
export interface ResponseCacheStore {
  readonly kind: "memory" | "redis";
  get(key: string): Promise<ExecutionResult | undefined>;
  set(key: string, result: ExecutionResult, ttlMs: number): Promise<void>;
}

/** In memory, the least recently used dropped beyond `maxEntries` (the local sandbox of the Redis store). */
export function memoryResponseCacheStore(maxEntries = 5000): ResponseCacheStore {
  const entries = new LRUCache<string, ExecutionResult>({ max: maxEntries, ttlAutopurge: false });
  return {
    kind: "memory",
    get: async (key) => entries.get(key),
    async set(key, result, ttlMs) {
      entries.set(key, result, { ttl: Math.max(1, Math.floor(ttlMs)) });
    },
  };
}

/**
 * In Redis under `${prefix}:rc:${key}`, as JSON with a lifetime (SET PX). A Redis that fails is a miss (get) or
 * a skipped store (set), logged: the API answers without its cache rather than failing.
 */
export function redisResponseCacheStore(redis: Redis, prefix: string, logger: Logger): ResponseCacheStore {
  const name = (key: string) => `${prefix}:rc:${key}`;
  return {
    kind: "redis",
    async get(key) {
      try {
        const text = await redis.get(name(key));
        return text ? (JSON.parse(text) as ExecutionResult) : undefined;
      } catch (error) {
        logger.warn({ err: error }, "response cache: redis read failed");
        return undefined;
      }
    },
    async set(key, result, ttlMs) {
      try {
        await redis.set(name(key), JSON.stringify(result), "PX", Math.max(1, Math.floor(ttlMs)));
      } catch (error) {
        logger.warn({ err: error }, "response cache: redis write failed");
      }
    },
  };
}

import { Redis } from "ioredis";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { memoryResponseCacheStore, type ResponseCacheStore, redisResponseCacheStore } from "./index.ts";

const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const prefix = `mili:test-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
const reachable = await redis.connect().then(
  () => true,
  () => false,
);
afterAll(async () => {
  if (!reachable) return;
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

const stores: [string, () => ResponseCacheStore][] = [["memory", () => memoryResponseCacheStore(2)]];
if (reachable)
  stores.push(["redis", () => redisResponseCacheStore(redis, prefix, pino({ level: "silent" }))]);

describe.each(stores)("the response cache store (%s)", (_kind, make) => {
  it("gives back what was stored, and nothing for a key never stored", async () => {
    const store = make();
    const result = { data: { product: { name: "Skarv vinterjakke", price: 1299.5, tags: ["a", null] } } };
    await store.set("k1", result, 60_000);
    expect(await store.get("k1")).toEqual(result);
    expect(await store.get("k2")).toBeUndefined();
  });
});

describe.runIf(reachable)("the Redis store", () => {
  it("keeps each answer with its lifetime under the prefix", async () => {
    const store = redisResponseCacheStore(redis, prefix, pino({ level: "silent" }));
    await store.set("life", { data: { x: 1 } }, 30_000);
    const ttl = await redis.pttl(`${prefix}:rc:life`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(30_000);
  });

  it("answers a miss when Redis cannot be reached, instead of failing", async () => {
    const down = new Redis("redis://127.0.0.1:1", {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    down.on("error", () => {});
    const store = redisResponseCacheStore(down, prefix, pino({ level: "silent" }));
    expect(await store.get("any")).toBeUndefined();
    await store.set("any", { data: {} }, 1000);
    down.disconnect();
  });
});

describe("the memory store", () => {
  it("drops the least recently used answer beyond its size", async () => {
    const store = memoryResponseCacheStore(2);
    await store.set("a", { data: { a: 1 } }, 60_000);
    await store.set("b", { data: { b: 1 } }, 60_000);
    await store.get("a");
    await store.set("c", { data: { c: 1 } }, 60_000);
    expect(await store.get("b")).toBeUndefined();
    expect(await store.get("a")).toEqual({ data: { a: 1 } });
  });
});

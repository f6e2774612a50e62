import { createRedisEventTarget } from "@graphql-yoga/redis-event-target";
import { Redis } from "ioredis";
import type { Logger } from "pino";

/** Two connections to the Redis in REDIS_URL: one for commands and publishing, one in subscriber mode. */
export interface RedisConnections {
  publisher: Redis;
  subscriber: Redis;
  /**
   * Sets `key` unless it exists (SET NX with a lifetime): true for exactly one of the processes that try the
   * same key, so that one of them acts.
   */
  claim(key: string, ttlMs: number): Promise<boolean>;
  /**
   * An event target for Yoga's createPubSub whose events travel through Redis pub/sub (one channel per topic).
   * A publish that fails is logged, never an unhandled rejection.
   */
  eventTarget(): ReturnType<typeof createRedisEventTarget>;
  /** Resolves once every (UN)SUBSCRIBE sent before it has taken effect on the server. */
  subscribed(): Promise<void>;
  close(): Promise<void>;
}

export class RedisUnreachableError extends Error {}

/**
 * Connects both connections and fails fast (naming REDIS_URL) when Redis cannot be reached at start-up; later
 * outages are logged, ioredis reconnects and re-subscribes by itself.
 */
export async function connectRedis(url: string, logger: Logger): Promise<RedisConnections> {
  const open = (role: string) => {
    const client = new Redis(url, {
      lazyConnect: true,
      maxRetriesPerRequest: 3,
      connectionName: `mili-${role}`,
    });
    client.on("error", (error) => logger.warn({ err: error, role }, "redis connection error"));
    return client;
  };
  const publisher = open("publisher");
  const subscriber = open("subscriber");
  try {
    await Promise.all([publisher.connect(), subscriber.connect()]);
  } catch (error) {
    publisher.disconnect();
    subscriber.disconnect();
    throw new RedisUnreachableError(
      `Cannot reach the Redis server in REDIS_URL (${redact(url)}): ${(error as Error).message}`,
    );
  }
  return {
    publisher,
    subscriber,
    async claim(key, ttlMs) {
      return (await publisher.set(key, "1", "PX", ttlMs, "NX")) === "OK";
    },
    eventTarget() {
      const publishClient = Object.create(publisher, {
        publish: {
          value: (channel: string, message: string) =>
            publisher.publish(channel, message).catch((error: unknown) => {
              logger.error({ err: error, channel }, "redis publish failed");
              return 0;
            }),
        },
      }) as Redis;
      return createRedisEventTarget({ publishClient, subscribeClient: subscriber });
    },
    async subscribed() {
      // Replies come in order on one connection: when PING answers, earlier SUBSCRIBEs are in effect.
      await subscriber.ping();
    },
    async close() {
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}

/**
 * One command connection to the Redis in REDIS_URL (e.g. for the rate limiter), failing fast (naming REDIS_URL)
 * when Redis cannot be reached at start-up; later outages are logged and ioredis reconnects by itself.
 */
export async function connectRedisClient(url: string, logger: Logger, role: string): Promise<Redis> {
  const client = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 3,
    connectionName: `mili-${role}`,
  });
  client.on("error", (error) => logger.warn({ err: error, role }, "redis connection error"));
  try {
    await client.connect();
  } catch (error) {
    client.disconnect();
    throw new RedisUnreachableError(
      `Cannot reach the Redis server in REDIS_URL (${redact(url)}): ${(error as Error).message}`,
    );
  }
  return client;
}

function redact(url: string) {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "an unparsable URL";
  }
}

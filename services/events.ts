import { setMaxListeners } from "node:events";
import { createPubSub, type PubSub, type PubSubEventTarget, Repeater } from "@graphql-yoga/subscription";
import { asc, eq } from "drizzle-orm";
import type { Logger } from "pino";
import type { DbHandle } from "#db/client.ts";
import { databaseIdentity, type Listening, listen } from "#db/listen.ts";
import { products, skus } from "#db/schema/index.ts";
import { connectRedis, type RedisConnections } from "#integrations/redis.ts";
import type { StockView } from "./catalog/summary.ts";

/** One SKU's stock after a change (or as it is when a subscriber starts). */
export interface StockUpdate {
  productId: number;
  skuId: number;
  stock: StockView;
}

/** The database's notification channel (migration 0001_stock_notify). */
export const STOCK_CHANNEL = "mili_stock";

/** How long a claimed stock event id is remembered in Redis: far longer than any two processes disagree. */
const CLAIM_TTL_MS = 10 * 60_000;

export interface StockEvents {
  /**
   * The product's SKUs as they are now, then each change of their stock, in order; null when there is no such
   * product. Changes are already being received when the current stock is read, so none falls in between.
   * The stream ends when the consumer returns (unsubscribes).
   */
  watchProduct(productId: number): Promise<AsyncIterableIterator<StockUpdate> | null>;
  /** "redis" when updates travel through Redis (several app processes), "local" otherwise. */
  readonly fanOut: "redis" | "local";
  /** Stops listening and disconnects from Redis; call before the database closes. */
  close(): Promise<void>;
}

type Topics = Record<string, [number, StockUpdate]>;

interface StockNotification {
  eventId: string;
  productId: number;
  skuId: number;
  inStock: number;
  oversellable: number;
  static: number;
  incoming: string | null;
}

/**
 * Stock changes from the database to subscribers. Every process LISTENs on the database. Without Redis each
 * process publishes what it hears to its own subscribers. With Redis every process subscribes to Redis, and of
 * the processes that hear one notification exactly one (the one that claims its event id) publishes it to
 * Redis: each subscriber on any process gets each change once (docs/decisions/0010-subscriptions.md).
 */
export async function startStockEvents(opts: {
  handle: DbHandle;
  redisUrl?: string;
  logger: Logger;
}): Promise<StockEvents> {
  const { handle, logger } = opts;
  const redis: RedisConnections | undefined = opts.redisUrl
    ? await connectRedis(opts.redisUrl, logger)
    : undefined;
  let listening: Listening | undefined;
  try {
    // Redis channels are shared by every process on that Redis: name them after the database.
    const namespace = `mili:${await databaseIdentity(handle)}`;
    const topic = `${namespace}:stockChanged`;
    const pubsub: PubSub<Topics> = createPubSub<Topics>({
      eventTarget: redis ? (redis.eventTarget() as PubSubEventTarget<Topics>) : localEventTarget(),
    });

    async function onNotification(payload: string) {
      let event: StockNotification;
      try {
        event = JSON.parse(payload) as StockNotification;
      } catch (error) {
        logger.error({ err: error, payload }, "unreadable stock notification");
        return;
      }
      if (redis && !(await redis.claim(`${namespace}:stock-event:${event.eventId}`, CLAIM_TTL_MS))) return;
      pubsub.publish(topic, event.productId, {
        productId: event.productId,
        skuId: event.skuId,
        stock: stockView(event),
      });
    }

    listening = await listen(handle, STOCK_CHANNEL, (payload) => {
      onNotification(payload).catch((error) =>
        logger.error({ err: error }, "stock notification not published"),
      );
    });

    return {
      fanOut: redis ? "redis" : "local",
      async watchProduct(productId) {
        const changes = pubsub.subscribe(topic, productId);
        // The first next() attaches the listener (and sends Redis' SUBSCRIBE); its value is the first change.
        let pending = changes.next();
        try {
          await redis?.subscribed();
          const current = await currentStock(handle.db, productId);
          if (!current) {
            await changes.return();
            return null;
          }
          return new Repeater<StockUpdate>(async (push, stop) => {
            let stopped = false;
            stop.then(() => {
              stopped = true;
              changes.return();
            });
            for (const update of current) await push(update);
            while (!stopped) {
              const next = await pending;
              if (next.done) break;
              await push(next.value as StockUpdate);
              pending = changes.next();
            }
            stop();
          });
        } catch (error) {
          await changes.return();
          throw error;
        }
      },
      async close() {
        await listening?.close();
        await redis?.close();
      },
    };
  } catch (error) {
    await listening?.close().catch(() => {});
    await redis?.close();
    throw error;
  }
}

/** The stock of every SKU of the product now, or null when there is no such product. */
async function currentStock(db: DbHandle["db"], productId: number): Promise<StockUpdate[] | null> {
  const rows = await db
    .select({
      productId: products.id,
      skuId: skus.id,
      inStock: skus.inStock,
      oversellable: skus.oversellable,
      static: skus.static,
      incoming: skus.incoming,
    })
    .from(products)
    .leftJoin(skus, eq(skus.productId, products.id))
    .where(eq(products.id, productId))
    .orderBy(asc(skus.sortOrder), asc(skus.id));
  if (rows.length === 0) return null;
  return rows.flatMap((r) =>
    r.skuId === null
      ? []
      : [
          {
            productId: r.productId,
            skuId: r.skuId,
            stock: stockView({
              inStock: r.inStock ?? 0,
              oversellable: r.oversellable ?? 0,
              static: r.static ?? 0,
              incoming: r.incoming,
            }),
          },
        ],
  );
}

/** The API's Stock of one SKU: totalStock counts shelf, oversellable and static units, as the catalog does. */
/**
 * The event target of one process without Redis. Every shopper watching a product adds a listener to the product's
 * event, and Node warns of a leak past 10 listeners of one event: a popular product has more watchers than that.
 * What bounds them is the subscription limits (server/ws.ts, api/limits.ts, decision 0018), so the target sets no bound of its own.
 */
function localEventTarget(): PubSubEventTarget<Topics> {
  const target = new EventTarget();
  setMaxListeners(0, target);
  return target as PubSubEventTarget<Topics>;
}

function stockView(s: {
  inStock: number;
  oversellable: number;
  static: number;
  incoming: string | null;
}): StockView {
  return {
    inStock: s.inStock,
    oversellable: s.oversellable,
    static: s.static,
    totalStock: s.inStock + s.oversellable + s.static,
    incoming: s.incoming,
  };
}

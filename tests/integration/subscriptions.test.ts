import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { asc, eq, ne, sql } from "drizzle-orm";
import { type Client, createClient, type ExecutionResult } from "graphql-ws";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import type { GraphqlClientError } from "#app/lib/graphql/client.ts";
import {
  createSubscriptionClient,
  RETRY_ATTEMPTS,
  StockChangedSubscription,
} from "#app/lib/graphql/subscriptions.ts";
import { skus } from "#db/schema/index.ts";
import { onPostgres } from "#tests/support/db.ts";
import { startShopsOnOneDatabase } from "#tests/support/shared-db.ts";
import { API_KEY, type Shop, startShop } from "#tests/support/shop.ts";

const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

const STOCK_CHANGED = /* GraphQL */ `
  subscription StockChanged($productId: Int!) {
    stockChanged(productId: $productId, channelId: "2|no") {
      productId
      skuId
      stock { inStock oversellable totalStock static incoming }
    }
  }
`;

interface StockUpdate {
  productId: number;
  skuId: number;
  stock: {
    inStock: number;
    oversellable: number;
    totalStock: number;
    static: number;
    incoming: string | null;
  };
}
type Result = ExecutionResult<{ stockChanged: StockUpdate }, unknown>;

const wsUrl = (shop: Shop) => `${shop.origin.replace(/^http/, "ws")}/graphql`;

function connect(shop: Shop, connectionParams: Record<string, unknown> = { "X-ApiKey": API_KEY }): Client {
  return createClient({ url: wsUrl(shop), webSocketImpl: WebSocket, connectionParams, retryAttempts: 0 });
}

/** A subscription read one message at a time. */
function subscribe(client: Client, query: string, variables: Record<string, unknown> = {}) {
  const iterator = client.iterate({ query, variables }) as AsyncIterableIterator<Result>;
  return {
    async next(): Promise<Result> {
      const step = await iterator.next();
      if (step.done) throw new Error("the subscription ended");
      return step.value;
    },
    async stop() {
      return iterator.return?.();
    },
    iterator,
  };
}

/** A product with several SKUs, its SKUs in the API's order, and a SKU of another product. */
async function pickSkus(shop: Shop) {
  const db = shop.db.db;
  const [multi] = await db
    .select({ productId: skus.productId })
    .from(skus)
    .groupBy(skus.productId)
    .having(sql`count(*) > 1`)
    .orderBy(asc(skus.productId))
    .limit(1);
  if (!multi) throw new Error("the seed has no product with several SKUs");
  const own = await db
    .select()
    .from(skus)
    .where(eq(skus.productId, multi.productId))
    .orderBy(asc(skus.sortOrder), asc(skus.id));
  const [other] = await db.select().from(skus).where(ne(skus.productId, multi.productId)).limit(1);
  if (!other) throw new Error("the seed has one product only");
  return { productId: multi.productId, own, other };
}

async function setInStock(shop: Shop, skuId: number, inStock: number) {
  await shop.db.db.update(skus).set({ inStock }).where(eq(skus.id, skuId));
}

/**
 * Opens a raw graphql-transport-ws socket, sends connection_init with `payload`, resolves with the close and
 * the messages received before it (an acknowledged connection would receive connection_ack).
 */
function initAndAwaitClose(shop: Shop, payload: Record<string, unknown> | undefined) {
  return new Promise<{ code: number; reason: string; messages: string[] }>((resolve, reject) => {
    const socket = new WebSocket(wsUrl(shop), "graphql-transport-ws");
    const messages: string[] = [];
    socket.on("message", (data) => messages.push(String(data)));
    socket.on("error", reject);
    socket.on("open", () => {
      socket.send(JSON.stringify({ type: "connection_init", ...(payload ? { payload } : {}) }));
    });
    socket.on("close", (code, reason) => resolve({ code, reason: String(reason), messages }));
  });
}

/** Starting a shop migrates and seeds a database: generous on a busy machine. */
const STARTUP_TIMEOUT = 300_000;

// One shop for the protocol and client tests; the last two blocks start shops of their own.
let shop: Shop;
beforeAll(async () => {
  shop = await startShop();
}, STARTUP_TIMEOUT);
afterAll(async () => {
  await shop?.close();
});

describe("GraphQL subscriptions over WebSocket at /graphql", () => {
  let client: Client;
  beforeAll(() => {
    client = connect(shop);
  });
  afterAll(async () => {
    await client?.dispose();
  });

  it("refuses a connection without an API key (4401) or with a wrong one (4403), executing nothing", async () => {
    const missing = await initAndAwaitClose(shop, undefined);
    expect(missing.code).toBe(4401);
    expect(missing.messages).toEqual([]);
    const wrong = await initAndAwaitClose(shop, { "X-ApiKey": "not-the-key" });
    expect(wrong.code).toBe(4403);
    expect(wrong.messages).toEqual([]);
    const wrongApiKey = await initAndAwaitClose(shop, { apiKey: "not-the-key" });
    expect(wrongApiKey.code).toBe(4403);
  });

  it("accepts the key as apiKey too", async () => {
    const other = connect(shop, { apiKey: API_KEY });
    const { productId, own } = await pickSkus(shop);
    const stream = subscribe(other, STOCK_CHANGED, { productId });
    const first = await stream.next();
    expect(first.errors).toBeUndefined();
    expect(first.data?.stockChanged.skuId).toBe(own[0]?.id);
    await stream.stop();
    await other.dispose();
  });

  it("sends the product's stock, then each change made in the database; nothing of other products", async () => {
    const { productId, own, other } = await pickSkus(shop);
    const stream = subscribe(client, STOCK_CHANGED, { productId });
    for (const sku of own) {
      const { data, errors } = await stream.next();
      expect(errors).toBeUndefined();
      expect(data?.stockChanged).toEqual({
        productId,
        skuId: sku.id,
        stock: {
          inStock: sku.inStock,
          oversellable: sku.oversellable,
          static: sku.static,
          totalStock: sku.inStock + sku.oversellable + sku.static,
          incoming: sku.incoming,
        },
      });
    }
    const target = own[1] ?? own[0];
    if (!target) throw new Error("no SKU");
    await setInStock(shop, target.id, target.inStock + 7);
    const changed = await stream.next();
    expect(changed.data?.stockChanged).toMatchObject({
      productId,
      skuId: target.id,
      stock: {
        inStock: target.inStock + 7,
        totalStock: target.inStock + 7 + target.oversellable + target.static,
      },
    });

    // Another product's change and an update that changes no stock column are not sent; the next change is.
    await setInStock(shop, other.id, other.inStock + 1);
    await shop.db.db
      .update(skus)
      .set({ name: sql`${skus.name}` })
      .where(eq(skus.id, target.id));
    await setInStock(shop, target.id, 0);
    const next = await stream.next();
    expect(next.data?.stockChanged).toMatchObject({ skuId: target.id, stock: { inStock: 0 } });

    // Unsubscribing ends the stream.
    await stream.stop();
    expect((await stream.iterator.next()).done).toBe(true);
  });

  it("sends a change to every shopper watching one product, and Node warns of no listener leak", async () => {
    const { productId, own } = await pickSkus(shop);
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on("warning", onWarning);
    // More watchers of one product than Node's default of 10 listeners per event; on sockets of their own, as
    // shoppers' tabs are (one socket carries at most 20 operations).
    const watchers = Array.from({ length: 15 }, () => connect(shop));
    try {
      const streams = watchers.map((watcher) => subscribe(watcher, STOCK_CHANGED, { productId }));
      for (const stream of streams) for (let i = 0; i < own.length; i++) await stream.next();
      const target = own[0];
      if (!target) throw new Error("no SKU");
      await setInStock(shop, target.id, target.inStock + 3);
      for (const stream of streams) {
        const changed = await stream.next();
        expect(changed.data?.stockChanged).toMatchObject({
          skuId: target.id,
          stock: { inStock: target.inStock + 3 },
        });
      }
      await Promise.all(streams.map((stream) => stream.stop()));
      await setInStock(shop, target.id, target.inStock);
    } finally {
      process.off("warning", onWarning);
      await Promise.all(watchers.map((watcher) => watcher.dispose()));
    }
    expect(warnings.map((warning) => warning.name)).not.toContain("MaxListenersExceededWarning");
  });

  it("answers NOT_FOUND for an unknown product", async () => {
    const stream = subscribe(client, STOCK_CHANGED, { productId: 987_654_321 });
    const result = await stream.next();
    expect(result.data ?? null).toBeNull();
    expect(result.errors?.[0]).toMatchObject({ extensions: { code: "NOT_FOUND" } });
  });

  it("validates like HTTP: unknown fields and the Armor limits refuse the operation", async () => {
    await expect(subscribe(client, "subscription { nope }").next()).rejects.toEqual([
      expect.objectContaining({ message: expect.stringContaining("nope") }),
    ]);
    const aliases = Array.from({ length: 30 }, (_, i) => `a${i}: productId`).join(" ");
    const tooMany = `subscription { stockChanged(productId: 1) { ${aliases} } }`;
    await expect(subscribe(client, tooMany).next()).rejects.toEqual([
      expect.objectContaining({ message: expect.stringMatching(/alias/i) }),
    ]);
  });

  it("asks for the full text of an unknown persisted query", async () => {
    const persisted = client.iterate({
      query: "",
      extensions: { persistedQuery: { version: 1, sha256Hash: "0".repeat(64) } },
    });
    await expect(persisted.next()).rejects.toEqual([
      expect.objectContaining({
        message: "PersistedQueryNotFound",
        extensions: { code: "PERSISTED_QUERY_NOT_FOUND" },
      }),
    ]);
  });
});

describe("the storefront's subscription client", () => {
  /** The ws WebSocket, counting the sockets the client opens. */
  function countingWebSocket() {
    const counter = { opened: 0 };
    class Counting extends WebSocket {
      constructor(...args: ConstructorParameters<typeof WebSocket>) {
        super(...args);
        counter.opened++;
      }
    }
    return { counter, impl: Counting };
  }

  it("connects on the first subscribe, sends the key and the locale, delivers typed data", async () => {
    const { counter, impl } = countingWebSocket();
    const subscriptions = createSubscriptionClient({
      url: wsUrl(shop),
      apiKey: API_KEY,
      locale: { channelId: "1|se", marketId: "se", languageId: "sv-SE" },
      webSocketImpl: impl,
    });
    const { productId, own } = await pickSkus(shop);
    expect(counter.opened).toBe(0);
    const first = await new Promise<{ skuId: number; inStock: number }>((resolve, reject) => {
      const stop = subscriptions.subscribe(
        StockChangedSubscription,
        { productId },
        {
          next(data) {
            stop();
            resolve({ skuId: data.stockChanged.skuId, inStock: data.stockChanged.stock.inStock });
          },
          error: reject,
        },
      );
    });
    expect(first).toEqual({ skuId: own[0]?.id, inStock: own[0]?.inStock });
    expect(counter.opened).toBe(1);
    await subscriptions.dispose();
  });

  it("reports GraphQL errors in the client's error shape", async () => {
    const subscriptions = createSubscriptionClient({
      url: wsUrl(shop),
      apiKey: API_KEY,
      webSocketImpl: WebSocket,
    });
    const error = await new Promise<GraphqlClientError>((resolve) => {
      subscriptions.subscribe(
        StockChangedSubscription,
        { productId: 987_654_321 },
        { next() {}, error: resolve },
      );
    });
    expect(error.networkError).toBeNull();
    expect(error.code).toBe("NOT_FOUND");
    await subscriptions.dispose();
  });

  it("does not retry a wrong API key", async () => {
    const delays: number[] = [];
    const subscriptions = createSubscriptionClient({
      url: wsUrl(shop),
      apiKey: "not-the-key",
      webSocketImpl: WebSocket,
      sleep: async (ms) => {
        delays.push(ms);
      },
    });
    const error = await new Promise<GraphqlClientError>((resolve) => {
      subscriptions.subscribe(StockChangedSubscription, { productId: 1 }, { next() {}, error: resolve });
    });
    expect(error.networkError).toMatchObject({ statusCode: 4403 });
    expect(delays).toEqual([]);
    await subscriptions.dispose();
  });

  it("retries a lost connection 5 times, waiting 500 ms doubling, then reports it", async () => {
    // A port where nothing listens: every attempt fails.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));

    const delays: number[] = [];
    const { counter, impl } = countingWebSocket();
    const subscriptions = createSubscriptionClient({
      url: `ws://127.0.0.1:${port}/graphql`,
      apiKey: API_KEY,
      webSocketImpl: impl,
      sleep: async (ms) => {
        delays.push(ms);
      },
    });
    const error = await new Promise<GraphqlClientError>((resolve) => {
      subscriptions.subscribe(StockChangedSubscription, { productId: 1 }, { next() {}, error: resolve });
    });
    expect(delays).toEqual([500, 1000, 2000, 4000, 8000]);
    expect(counter.opened).toBe(RETRY_ATTEMPTS + 1);
    expect(error.networkError?.message).toMatch(/^WebSocket connection failed: .*ECONNREFUSED/);
    await subscriptions.dispose();
  });
});

describe("subscriptions in persisted-operations-only mode, and shutdown", () => {
  let registeredOnly: Shop;
  let stopped = false;
  beforeAll(async () => {
    registeredOnly = await startShop({ PERSISTED_OPERATIONS_ONLY: "true" });
  }, STARTUP_TIMEOUT);
  afterAll(async () => {
    if (!stopped) await registeredOnly?.close();
  });

  it("refuses operations that were not registered at build time", async () => {
    const client = connect(registeredOnly);
    await expect(subscribe(client, STOCK_CHANGED, { productId: 1 }).next()).rejects.toEqual([
      expect.objectContaining({ extensions: { code: "PERSISTED_QUERY_NOT_ALLOWED" } }),
    ]);
    await client.dispose();
  });

  it("stop() closes open sockets with 1001 (going away) before the database", async () => {
    const socket = new WebSocket(wsUrl(registeredOnly), "graphql-transport-ws");
    const acked = new Promise<void>((resolve) => socket.once("message", () => resolve()));
    const closedWith = new Promise<number>((resolve) => socket.once("close", (code) => resolve(code)));
    socket.once("open", () =>
      socket.send(JSON.stringify({ type: "connection_init", payload: { "X-ApiKey": API_KEY } })),
    );
    await acked;
    stopped = true;
    await registeredOnly.close();
    expect(await closedWith).toBe(1001);
  });
});

describe("fan-out across app processes", () => {
  const topology = onPostgres ? "two shops on one PostgreSQL database" : "one shop on PGlite";
  const count = onPostgres ? 2 : 1;

  for (const withRedis of [true, false]) {
    describe(withRedis ? "with REDIS_URL" : "without Redis", () => {
      let setup: { shops: Shop[]; close(): Promise<void> };
      beforeAll(async () => {
        // PGlite without Redis is the file's shop: one process, in-process fan-out.
        setup =
          withRedis || onPostgres
            ? await startShopsOnOneDatabase(count, withRedis ? { REDIS_URL } : {})
            : { shops: [shop], close: async () => {} };
      }, STARTUP_TIMEOUT);
      afterAll(async () => {
        await setup?.close();
      });

      it(`${topology}: every subscriber gets each change exactly once`, async () => {
        const { shops } = setup;
        const spy = withRedis ? new Redis(REDIS_URL) : undefined;
        const clients = shops.map((s) => connect(s));
        try {
          const first = shops[0];
          if (!first) throw new Error("no shop");
          const { productId, own } = await pickSkus(first);
          const published: string[] = [];
          let onPublished = () => {};
          if (spy) {
            spy.on("pmessage", (_pattern, _channel, message) => {
              published.push(message);
              onPublished();
            });
            await spy.psubscribe(`mili:*:stockChanged:${productId}`);
          }
          const publishedTwice = new Promise<void>((resolve) => {
            onPublished = () => published.length >= 2 && resolve();
          });
          const streams = clients.map((c) => subscribe(c, STOCK_CHANGED, { productId }));
          for (const stream of streams)
            for (const _ of own) expect((await stream.next()).errors).toBeUndefined();

          const sku = own[0];
          if (!sku) throw new Error("no SKU");
          // Each shop's process hears the notification; each subscriber must see the change once.
          await setInStock(first, sku.id, sku.inStock + 11);
          for (const stream of streams) {
            expect((await stream.next()).data?.stockChanged).toMatchObject({
              skuId: sku.id,
              stock: { inStock: sku.inStock + 11 },
            });
          }
          await setInStock(first, sku.id, sku.inStock + 12);
          for (const stream of streams) {
            // Had the first change been delivered twice, its copy would come here instead.
            expect((await stream.next()).data?.stockChanged).toMatchObject({
              skuId: sku.id,
              stock: { inStock: sku.inStock + 12 },
            });
          }
          if (spy) {
            await publishedTwice;
            // Through Redis, and published once per change however many processes heard it.
            expect(published.map((m) => (JSON.parse(m) as StockUpdate).stock.inStock)).toEqual([
              sku.inStock + 11,
              sku.inStock + 12,
            ]);
          }
          await Promise.all(streams.map((s) => s.stop()));
        } finally {
          await Promise.all(clients.map((c) => c.dispose()));
          spy?.disconnect();
        }
      });
    });
  }
});

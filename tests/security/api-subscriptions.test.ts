import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import WebSocket from "ws";
import { LIMITS } from "#api/limits.ts";
import { WS_LIMITS } from "#server/ws.ts";
import { API_KEY, type Shop, startShop } from "#tests/support/shop.ts";

/**
 * Issue 10, item 7: one WebSocket may not open any number of subscriptions. Operations are bounded per socket,
 * subscriptions per address (whatever the transport) and sockets per address; /healthz keeps answering.
 */
let shop: Shop;
const open: WebSocket[] = [];

beforeAll(async () => {
  shop = await startShop();
});
afterEach(async () => {
  for (const socket of open.splice(0)) socket.close();
  // The server forgets closed sockets (and their subscriptions) before the next test counts again.
  await vi.waitFor(() => expect(shop.ws.clients()).toBe(0), { timeout: 10_000, interval: 20 });
});
afterAll(async () => {
  await shop?.close();
});

type Message = { type: string; id?: string; payload?: unknown };

/** A graphql-transport-ws connection, acknowledged, that collects the first answer to each operation id. */
async function connect() {
  const socket = new WebSocket(`${shop.origin.replace(/^http/, "ws")}/graphql`, "graphql-transport-ws");
  open.push(socket);
  const first = new Map<string, Message>();
  const waiting = new Map<string, (m: Message) => void>();
  let acked: () => void = () => {};
  const ack = new Promise<void>((resolve) => {
    acked = resolve;
  });
  socket.on("message", (data) => {
    const message = JSON.parse(String(data)) as Message;
    if (message.type === "connection_ack") acked();
    if (!message.id || first.has(message.id)) return;
    first.set(message.id, message);
    waiting.get(message.id)?.(message);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
  });
  socket.send(JSON.stringify({ type: "connection_init", payload: { "X-ApiKey": API_KEY } }));
  await ack;
  return {
    /** Sends a stockChanged subscription; resolves with the first message about it (next or error). */
    subscribe(id: string): Promise<Message> {
      const answer = new Promise<Message>((resolve) => {
        const known = first.get(id);
        if (known) resolve(known);
        else waiting.set(id, resolve);
      });
      socket.send(
        JSON.stringify({
          id,
          type: "subscribe",
          payload: {
            query:
              'subscription { stockChanged(productId: 1, channelId: "2|no") { skuId stock { inStock } } }',
          },
        }),
      );
      return answer;
    },
  };
}

type Errors = { extensions?: { code?: string } }[];
/** A refusal comes as an error message, or (from the API's own limits) as a result that has only errors. */
const refusedErrors = (m: Message): Errors | undefined =>
  m.type === "error"
    ? (m.payload as Errors)
    : (m.payload as { errors?: Errors; data?: unknown }).data
      ? undefined
      : (m.payload as { errors?: Errors }).errors;
const isRefused = (m: Message) => refusedErrors(m) !== undefined;
const codeOf = (m: Message) => refusedErrors(m)?.[0]?.extensions?.code;

describe("subscriptions over WebSocket are bounded", () => {
  it(`lets one socket hold ${WS_LIMITS.operationsPerSocket} operations and refuses the rest; /healthz answers`, async () => {
    const client = await connect();
    const extra = 15;
    const answers = await Promise.all(
      Array.from({ length: WS_LIMITS.operationsPerSocket + extra }, (_, i) => client.subscribe(`s${i}`)),
    );
    const accepted = answers.filter((m) => !isRefused(m));
    const refused = answers.filter(isRefused);
    expect(accepted).toHaveLength(WS_LIMITS.operationsPerSocket);
    expect(refused).toHaveLength(extra);
    for (const m of refused) expect(codeOf(m)).toBe("TOO_MANY_SUBSCRIPTIONS");
    // The refusal is meant for a WebSocket client: no HTTP status in it.
    expect(JSON.stringify(refused[0]?.payload)).not.toMatch(/"http"/);
    const healthz = await fetch(`${shop.origin}/healthz`);
    expect(healthz.status).toBe(200);
  });

  it(`lets one address hold ${LIMITS.subscriptionsPerClient} subscriptions over all its sockets`, async () => {
    const perSocket = 17;
    const sockets = Math.ceil((LIMITS.subscriptionsPerClient + 2) / perSocket);
    const clients = await Promise.all(Array.from({ length: sockets }, () => connect()));
    const answers: Message[] = [];
    for (const [n, client] of clients.entries()) {
      answers.push(
        ...(await Promise.all(Array.from({ length: perSocket }, (_, i) => client.subscribe(`c${n}-${i}`)))),
      );
    }
    const accepted = answers.filter((m) => !isRefused(m));
    const refused = answers.filter(isRefused);
    expect(accepted).toHaveLength(LIMITS.subscriptionsPerClient);
    expect(refused).toHaveLength(sockets * perSocket - LIMITS.subscriptionsPerClient);
    for (const m of refused) expect(codeOf(m)).toBe("TOO_MANY_SUBSCRIPTIONS");
  });

  it("frees an address's subscriptions when its sockets close", async () => {
    const client = await connect();
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => client.subscribe(`again${i}`)));
    expect(answers.filter(isRefused)).toEqual([]);
  });

  it(`refuses a WebSocket upgrade past ${WS_LIMITS.socketsPerClient} open sockets from one address with 429`, async () => {
    await Promise.all(Array.from({ length: WS_LIMITS.socketsPerClient }, () => connect()));
    const status = await new Promise<number>((resolve, reject) => {
      const socket = new WebSocket(`${shop.origin.replace(/^http/, "ws")}/graphql`, "graphql-transport-ws");
      socket.once("unexpected-response", (_request, response) => resolve(response.statusCode ?? 0));
      socket.once("open", () => {
        open.push(socket);
        reject(new Error("the upgrade was accepted"));
      });
      socket.once("error", () => {});
    });
    expect(status).toBe(429);
  });
});

describe("a WebSocket opened by a page of another site", () => {
  /** The handshake's answer for a page at `origin` (browsers always send it; no CORS applies to sockets). */
  const handshake = (origin?: string) =>
    new Promise<number>((resolve) => {
      const socket = new WebSocket(`${shop.origin.replace(/^http/, "ws")}/graphql`, "graphql-transport-ws", {
        ...(origin ? { origin } : {}),
      });
      open.push(socket);
      socket.once("open", () => resolve(101));
      socket.once("unexpected-response", (_request, response) => resolve(response.statusCode ?? 0));
      socket.once("error", () => {});
    });

  it("is refused before the upgrade, so it can never subscribe with a shopper's cookies", async () => {
    expect(await handshake("http://evil.example")).toBe(403);
    expect(await handshake("null")).toBe(403);
  });

  it("opens for the shop's own pages and for clients that are no browser page", async () => {
    expect(await handshake(shop.origin)).toBe(101);
    expect(await handshake()).toBe(101);
  });
});

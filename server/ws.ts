import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import type { ExecutionArgs, ExecutionResult } from "graphql";
import { GraphQLError } from "graphql";
import { useServer as serveGraphqlWs } from "graphql-ws/use/ws";
import type { Logger } from "pino";
import { WebSocketServer } from "ws";
import type { Api } from "#api/yoga.ts";

/** graphql-ws close codes for the API key: missing (4401) and wrong (4403). */
export const CLOSE_UNAUTHORIZED = 4401;
export const CLOSE_FORBIDDEN = 4403;

/**
 * Bounds of one client (decision 0018): operations open at once on one socket, and sockets open at once from one
 * address (a further upgrade answers 429). Subscriptions per address, over any transport, are bounded in
 * api/limits.ts.
 */
export const WS_LIMITS = { operationsPerSocket: 20, socketsPerClient: 20 } as const;

type ConnectionParams = Record<string, unknown> | undefined;

/** The API key from connectionParams: `{"X-ApiKey": …}` (any case) or `{apiKey: …}`. */
export function apiKeyOf(params: ConnectionParams): string | undefined {
  if (!params) return undefined;
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === "string" && (name.toLowerCase() === "x-apikey" || name === "apiKey")) return value;
  }
  return undefined;
}

/**
 * Whether a socket may open: browsers send the page's Origin with every WebSocket handshake and, unlike fetch,
 * no CORS applies, so a page of another site could otherwise subscribe with the shopper's cookies
 * (cross-site WebSocket hijacking). Allowed: no Origin (not a browser page), the shop's own host (the Host the
 * request was made to, or one of the DOMAINS hosts), or a configured origin.
 */
export function originAllowed(
  request: Pick<IncomingMessage, "headers">,
  allowedOrigins: readonly string[],
  shopHosts: readonly string[],
): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (allowedOrigins.includes(origin)) return true;
  let host: string;
  try {
    host = new URL(origin).host.toLowerCase();
  } catch {
    return false;
  }
  const own = request.headers.host?.toLowerCase();
  const hostname = host.replace(/:\d+$/, "");
  return host === own || shopHosts.some((h) => h === host || h === hostname);
}

/**
 * GraphQL over WebSocket (graphql-ws protocol) on the HTTP server's port at `path`: the API key comes in
 * connectionParams; every operation runs through Yoga's envelop, so its plugins (error masking, the Armor
 * limits) apply, and persisted-operation rules are those of HTTP. `close` says goodbye to every client with
 * 1001 before the server and the database close.
 */
export function attachGraphqlWs(opts: {
  server: Server;
  api: Api;
  apiKey: string;
  logger: Logger;
  path?: string;
  /** The client's address for per-client bounds; by default the socket's remote address. */
  clientIp?: (request: IncomingMessage) => string | undefined;
  /**
   * Origins other than the shop's own host whose pages may open a socket (CORS_ORIGINS, PUBLIC_URL); a browser
   * page of any other site is refused (403), so no foreign page can subscribe with a shopper's cookies.
   */
  allowedOrigins?: readonly string[];
  /** The shop's other hosts (DOMAINS): their pages are the shop's own. */
  shopHosts?: readonly string[];
  limits?: { operationsPerSocket?: number; socketsPerClient?: number };
}) {
  const path = opts.path ?? "/graphql";
  const clientIp = opts.clientIp ?? ((request: IncomingMessage) => request.socket.remoteAddress);
  const operationsPerSocket = opts.limits?.operationsPerSocket ?? WS_LIMITS.operationsPerSocket;
  const socketsPerClient = opts.limits?.socketsPerClient ?? WS_LIMITS.socketsPerClient;
  const sockets = new Map<string, number>();
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const pathname = new URL(request.url ?? "/", "http://localhost").pathname;
    if (pathname !== path) {
      socket.end("HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
      return;
    }
    if (!originAllowed(request, opts.allowedOrigins ?? [], opts.shopHosts ?? [])) {
      socket.end("HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
      return;
    }
    const ip = clientIp(request) ?? "unknown";
    const open = sockets.get(ip) ?? 0;
    if (open >= socketsPerClient) {
      const body = JSON.stringify({
        errors: [
          {
            message: `At most ${socketsPerClient} WebSocket connections may be open at once from one address.`,
            extensions: { code: "TOO_MANY_CONNECTIONS" },
          },
        ],
      });
      socket.end(
        `HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\nRetry-After: 10\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
      return;
    }
    sockets.set(ip, open + 1);
    let counted = true;
    const forget = () => {
      if (!counted) return;
      counted = false;
      const n = (sockets.get(ip) ?? 1) - 1;
      if (n <= 0) sockets.delete(ip);
      else sockets.set(ip, n);
    };
    socket.once("close", forget);
    wss.handleUpgrade(request, socket, head, (ws) => {
      ws.once("close", forget);
      wss.emit("connection", ws, request);
    });
  };
  opts.server.on("upgrade", onUpgrade);

  const disposable = serveGraphqlWs(
    {
      isProd: true,
      execute: (args) => (args.rootValue as Enveloped).execute(args),
      subscribe: (args) => (args.rootValue as Enveloped).subscribe(args),
      onConnect(ctx) {
        const key = apiKeyOf(ctx.connectionParams);
        if (key === opts.apiKey) return true;
        // Nothing is executed on this socket: graphql-ws refuses subscribe messages before the ack.
        if (key === undefined)
          ctx.extra.socket.close(CLOSE_UNAUTHORIZED, "Unauthorized: X-ApiKey is required");
        return false; // 4403 Forbidden (when the socket is not closing already)
      },
      async onSubscribe(ctx, _id, payload) {
        // graphql-ws keeps this operation in ctx.subscriptions already; refuse before any work.
        if (Object.keys(ctx.subscriptions).length > operationsPerSocket) {
          return [
            new GraphQLError(
              `At most ${operationsPerSocket} operations may be open at once on one connection.`,
              { extensions: { code: "TOO_MANY_SUBSCRIPTIONS", max: operationsPerSocket } },
            ),
          ];
        }
        const text = await opts.api.operationText(payload);
        if ("error" in text) return [text.error];
        const headers = new Headers({ "x-apikey": opts.apiKey, "x-request-id": crypto.randomUUID() });
        const authorization = ctx.connectionParams?.Authorization ?? ctx.connectionParams?.authorization;
        if (typeof authorization === "string") headers.set("authorization", authorization);
        const cookie = ctx.extra.request.headers.cookie;
        if (cookie) headers.set("cookie", cookie);
        // Yoga's context factory reads a Fetch Request, as over HTTP.
        const request = new Request(`http://localhost${path}`, { headers });
        const enveloped = opts.api.getEnveloped({
          ...ctx,
          request,
          params: { ...payload, query: text.query },
          clientIp: clientIp(ctx.extra.request) ?? "unknown",
        });
        // Parse and validate as Yoga does: limits (Armor) throw GraphQLErrors, which the client receives.
        let document: ExecutionArgs["document"];
        try {
          document = enveloped.parse(text.query);
          const errors = enveloped.validate(enveloped.schema, document);
          if (errors.length > 0) return errors;
        } catch (error) {
          if (error instanceof GraphQLError) return [error];
          throw error;
        }
        return {
          schema: enveloped.schema,
          document,
          operationName: payload.operationName,
          variableValues: payload.variables,
          contextValue: await enveloped.contextFactory(),
          rootValue: { execute: enveloped.execute, subscribe: enveloped.subscribe } as Enveloped,
        };
      },
      onNext(_ctx, _id, _payload, _args, result) {
        if (!result.errors?.some((e) => e.extensions?.http)) return;
        return { ...result, errors: result.errors.map(withoutHttp) };
      },
      onError(_ctx, id, _payload, errors) {
        opts.logger.debug({ id, codes: errors.map((e) => e.extensions?.code) }, "graphql-ws operation error");
        return errors.map(withoutHttp);
      },
    },
    wss,
  );

  return {
    /** Open WebSocket connections. */
    clients: () => wss.clients.size,
    /** Closes every client with 1001 (going away) and stops accepting new ones. */
    async close() {
      opts.server.off("upgrade", onUpgrade);
      await disposable.dispose();
    },
  };
}

/** An error as a WebSocket client sees it: the HTTP status and headers meant for Yoga's HTTP answer left out. */
function withoutHttp(error: GraphQLError) {
  const { http: _http, ...extensions } = error.extensions ?? {};
  return { ...error.toJSON(), ...(Object.keys(extensions).length ? { extensions } : {}) };
}

/** Yoga's execute and subscribe for one operation, carried to graphql-ws in rootValue (Yoga's recipe). */
type Run = (
  args: ExecutionArgs,
) =>
  | ExecutionResult
  | AsyncIterable<ExecutionResult>
  | Promise<ExecutionResult | AsyncIterable<ExecutionResult>>;
type Enveloped = { execute: Run; subscribe: Run };

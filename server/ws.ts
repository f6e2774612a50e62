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
}) {
  const path = opts.path ?? "/graphql";
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const pathname = new URL(request.url ?? "/", "http://localhost").pathname;
    if (pathname !== path) {
      socket.end("HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit("connection", ws, request));
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
      onError(_ctx, id, _payload, errors) {
        opts.logger.debug({ id, errors }, "graphql-ws operation error");
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

/** Yoga's execute and subscribe for one operation, carried to graphql-ws in rootValue (Yoga's recipe). */
type Run = (
  args: ExecutionArgs,
) =>
  | ExecutionResult
  | AsyncIterable<ExecutionResult>
  | Promise<ExecutionResult | AsyncIterable<ExecutionResult>>;
type Enveloped = { execute: Run; subscribe: Run };

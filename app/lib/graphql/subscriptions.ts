import type { ResultOf, TadaDocumentNode, VariablesOf } from "gql.tada";
import { type Client, createClient } from "graphql-ws";

export { StockChangedSubscription } from "./subscription-operations.ts";

import { GraphqlClientError, type GraphqlErrorEntry, type OperationLocale, operationText } from "./client.ts";

/** Spec §4/§9: after an error a subscription reconnects up to 5 times, waiting 500 ms, then 1 s, 2 s, … */
export const RETRY_ATTEMPTS = 5;
export const FIRST_RETRY_DELAY_MS = 500;

/** The wait before reconnect attempt `retries` (0-based): 500 ms doubling. */
export function retryDelay(retries: number): number {
  return FIRST_RETRY_DELAY_MS * 2 ** retries;
}

/** graphql-ws close code for a wrong API key: another attempt cannot succeed. */
const FORBIDDEN = 4403;

export interface SubscriptionClientOptions {
  apiKey: string;
  /** channelId, marketId and languageId: added to every subscription's variables, as for queries. */
  locale?: OperationLocale;
  /** ws:// or wss:// URL, or a path resolved against the page's address (http → ws, https → wss). */
  url?: string;
  /** A WebSocket implementation where there is no global one (Node before 22, tests). */
  webSocketImpl?: unknown;
  /** Waits between reconnect attempts (tests record the delays). */
  sleep?: (ms: number) => Promise<void>;
}

export interface SubscriptionSink<T> {
  /** Each result with data; errors that arrived with the data come along. */
  next(data: T, errors: GraphqlErrorEntry[]): void;
  /** The server refused the operation, or the connection failed after every retry. */
  error?(error: GraphqlClientError): void;
  complete?(): void;
}

// biome-ignore lint/suspicious/noExplicitAny: any document shape is accepted; types flow from it.
type Doc = TadaDocumentNode<any, any>;

/**
 * The storefront's GraphQL subscriptions over WebSocket (graphql-ws protocol, `/graphql`). Lazy: nothing
 * connects until the first subscribe, and the socket closes when the last subscription ends. The API key
 * travels in connectionParams (`X-ApiKey`).
 */
export function createSubscriptionClient(opts: SubscriptionClientOptions) {
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let client: Client | undefined;

  function connection(): Client {
    client ??= createClient({
      url: () => socketUrl(opts.url ?? "/graphql"),
      connectionParams: { "X-ApiKey": opts.apiKey },
      lazy: true,
      retryAttempts: RETRY_ATTEMPTS,
      retryWait: (retries) => sleep(retryDelay(retries)),
      // Any failure is retried (a refused connection reports an error event, not a close), but a wrong key.
      shouldRetry: (event) => !(isCloseEvent(event) && event.code === FORBIDDEN),
      ...(opts.webSocketImpl ? { webSocketImpl: opts.webSocketImpl } : {}),
    });
    return client;
  }

  return {
    /** Starts a subscription; returns the function that ends it. */
    subscribe<D extends Doc>(
      doc: D,
      variables: Omit<VariablesOf<D>, keyof OperationLocale>,
      sink: SubscriptionSink<ResultOf<D>>,
    ): () => void {
      const { query, operationName } = operationText(doc);
      return connection().subscribe<ResultOf<D>>(
        { query, operationName, variables: { ...opts.locale, ...variables } },
        {
          next(result) {
            const errors = (result.errors ?? []) as GraphqlErrorEntry[];
            if (result.data != null) sink.next(result.data, errors);
            else sink.error?.(new GraphqlClientError({ graphQLErrors: errors }));
          },
          error: (error) => sink.error?.(clientError(error)),
          complete: () => sink.complete?.(),
        },
      );
    },
    /** Closes the socket and ends every subscription. */
    async dispose() {
      const open = client;
      client = undefined;
      await open?.dispose();
    },
  };
}

export type SubscriptionClient = ReturnType<typeof createSubscriptionClient>;

function socketUrl(url: string): string {
  if (/^wss?:\/\//.test(url)) return url;
  const base = typeof location === "undefined" ? "http://localhost/" : location.href;
  const resolved = new URL(url, base);
  resolved.protocol = resolved.protocol === "https:" ? "wss:" : "ws:";
  return resolved.toString();
}

function isCloseEvent(value: unknown): value is { code: number; reason: string } {
  return typeof value === "object" && value !== null && "code" in value && "reason" in value;
}

/** graphql-ws reports GraphQL errors as an array, a lost connection as its close event. */
function clientError(error: unknown): GraphqlClientError {
  if (Array.isArray(error)) return new GraphqlClientError({ graphQLErrors: error as GraphqlErrorEntry[] });
  if (isCloseEvent(error)) {
    const reason = error.reason ? `: ${error.reason}` : "";
    return new GraphqlClientError({
      networkError: Object.assign(new Error(`WebSocket closed with code ${error.code}${reason}`), {
        name: "WebSocketClosed",
        statusCode: error.code,
      }),
    });
  }
  if (error instanceof Error) return new GraphqlClientError({ networkError: error });
  // A socket's error event: Node's ws carries the cause; a browser's says nothing.
  const cause = (error as { error?: unknown } | null)?.error;
  return new GraphqlClientError({
    networkError:
      cause instanceof Error
        ? Object.assign(new Error(`WebSocket connection failed: ${cause.message}`), {
            name: "WebSocketError",
          })
        : Object.assign(new Error("WebSocket connection failed"), { name: "WebSocketError" }),
  });
}

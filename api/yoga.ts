import { EnvelopArmorPlugin } from "@escape.tech/graphql-armor";
import { type APQStore, createInMemoryAPQStore, hashSHA256, useAPQ } from "@graphql-yoga/plugin-apq";
import { GraphQLError } from "graphql";
import { createYoga, type Plugin } from "graphql-yoga";
import type { StockEvents } from "#services/events.ts";
import { type ApiServices, createApiContext } from "./context.ts";
import { useLocalizedErrors } from "./localized-errors.ts";
import { schema } from "./schema.ts";

export interface ApiOptions {
  services: ApiServices;
  /** The key every request must carry in X-ApiKey. */
  apiKey: string;
  /** Operations registered at build time, by SHA-256 of their text. */
  persistedOperations?: Record<string, string>;
  /** Accept only registered operations (production may choose this). */
  persistedOnly?: boolean;
  graphqlEndpoint?: string;
  /** Stock changes for the stockChanged subscription (services/events.ts). */
  stockEvents?: StockEvents;
}

/** A GraphQL operation as a WebSocket client sends it (graphql-ws' subscribe payload). */
export interface OperationParams {
  query?: string | null;
  extensions?: Record<string, unknown> | null;
}

/** The GraphQL API: Yoga with Pothos' schema, the API key, persisted queries and limits. */
export function createApi(opts: ApiOptions) {
  const registered = new Map(Object.entries(opts.persistedOperations ?? {}));
  const fallback = createInMemoryAPQStore({ max: 2000, ttl: 0 });
  const store: APQStore = {
    get: (key) => registered.get(key) ?? fallback.get(key),
    set: (key, query) => (registered.has(key) ? undefined : fallback.set(key, query)),
  };
  const yoga = createYoga({
    schema,
    graphqlEndpoint: opts.graphqlEndpoint ?? "/graphql",
    landingPage: false,
    logging: {
      debug: (...args) => opts.services.logger.debug({ args }, "graphql"),
      info: (...args) => opts.services.logger.info({ args }, "graphql"),
      warn: (...args) => opts.services.logger.warn({ args }, "graphql"),
      error: (...args) =>
        opts.services.logger.error({ err: args.find((a) => a instanceof Error), args }, "graphql error"),
    },
    graphiql: false,
    // A server fault never leaks a stack trace: unexpected errors become "Unexpected error.".
    maskedErrors: { isDev: false },
    context: ({ request }) =>
      createApiContext(
        opts.stockEvents ? { ...opts.services, stockEvents: opts.stockEvents } : opts.services,
        request.headers.get("x-request-id") ?? crypto.randomUUID(),
      ),
    plugins: [
      useApiKey(opts.apiKey),
      ...(opts.persistedOnly ? [useRegisteredOnly(registered)] : []),
      useAPQ({ store }),
      useBadRequestStatus(),
      useLocalizedErrors(),
      EnvelopArmorPlugin({
        maxDepth: { n: 12 },
        costLimit: { maxCost: 20_000 },
        maxAliases: { n: 20 },
        maxTokens: { n: 4000 },
        maxDirectives: { n: 20 },
        blockFieldSuggestion: { enabled: true },
      }),
    ],
  });
  return Object.assign(yoga, {
    /**
     * The text of an operation that arrives over WebSocket, where Yoga's HTTP plugins (persisted queries,
     * registered-only mode) do not run: the same rules, applied here. An error is sent instead of executing.
     */
    async operationText(params: OperationParams): Promise<{ query: string } | { error: GraphQLError }> {
      const hash = (params.extensions?.persistedQuery as { sha256Hash?: unknown } | undefined)?.sha256Hash;
      const sha256Hash = typeof hash === "string" ? hash : undefined;
      if (params.query) {
        const textHash = await hashSHA256(params.query);
        if (opts.persistedOnly && !registered.has(textHash)) return { error: notRegistered() };
        if (sha256Hash === textHash) await store.set(textHash, params.query);
        return { query: params.query };
      }
      if (!sha256Hash) {
        return {
          error: new GraphQLError("Must provide query string.", { extensions: { code: "BAD_REQUEST" } }),
        };
      }
      if (opts.persistedOnly && !registered.has(sha256Hash)) return { error: notRegistered() };
      const stored = await store.get(sha256Hash);
      if (!stored) {
        return {
          error: new GraphQLError("PersistedQueryNotFound", {
            extensions: { code: "PERSISTED_QUERY_NOT_FOUND" },
          }),
        };
      }
      return { query: stored };
    },
  });
}

function notRegistered() {
  return new GraphQLError("Only registered operations are accepted", {
    extensions: { code: "PERSISTED_QUERY_NOT_ALLOWED" },
  });
}

export type Api = ReturnType<typeof createApi>;

function errorResponse(status: number, code: string, message: string): Response {
  return new Response(JSON.stringify({ errors: [{ message, extensions: { code } }] }), {
    status,
    headers: { "content-type": "application/graphql-response+json; charset=utf-8" },
  });
}

/**
 * A request that does not parse or validate is the client's fault: HTTP 400 even for clients that accept only
 * application/json (Yoga would answer those 200, as the legacy GraphQL-over-HTTP rules allow).
 */
function useBadRequestStatus(): Plugin {
  type HttpExtension = { status?: number; spec?: boolean; headers?: Record<string, string> };
  return {
    onResultProcess({ result, setResult }) {
      if (Array.isArray(result) || !("errors" in result) || !result.errors?.length) return;
      const errors = result.errors.map((error) => {
        const http = error.extensions?.http as HttpExtension | undefined;
        if (!http?.spec) return error;
        return new GraphQLError(error.message, {
          nodes: error.nodes,
          source: error.source,
          positions: error.positions,
          path: error.path,
          extensions: { ...error.extensions, http: { ...http, spec: false } },
        });
      });
      setResult({ ...result, errors });
    },
  };
}

/** Every request carries X-ApiKey; without the right key nothing is executed (HTTP 401). */
function useApiKey(apiKey: string): Plugin {
  return {
    onRequest({ request, endResponse }) {
      if (request.headers.get("x-apikey") !== apiKey) {
        endResponse(errorResponse(401, "UNAUTHENTICATED", "A valid X-ApiKey header is required"));
      }
    },
  };
}

/** Refuses operations that were not registered at build time (by hash or by full text). */
function useRegisteredOnly(registered: Map<string, string>): Plugin {
  return {
    async onParams({ params, setResult }) {
      const hash = (params.extensions?.persistedQuery as { sha256Hash?: string } | undefined)?.sha256Hash;
      const known = params.query
        ? registered.has(await hashSHA256(params.query))
        : Boolean(hash && registered.has(hash));
      if (!known) {
        setResult({
          errors: [
            Object.assign(new Error("Only registered operations are accepted"), {
              extensions: { code: "PERSISTED_QUERY_NOT_ALLOWED" },
            }) as never,
          ],
        });
      }
    },
  };
}

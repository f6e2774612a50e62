import { hashSHA256, useAPQ } from "@graphql-yoga/plugin-apq";
import { GraphQLError, NoSchemaIntrospectionCustomRule } from "graphql";
import { createYoga, type Plugin } from "graphql-yoga";
import type { StockEvents } from "#services/events.ts";
import { type ApiServices, createApiContext } from "./context.ts";
import { maskApiError } from "./errors.ts";
import { useInProcessAnswers } from "./in-process.ts";
import { type LimitsOptions, useLimits } from "./limits.ts";
import { useLocalizedErrors } from "./localized-errors.ts";
import { createPersistedStore, type PersistedStoreOptions } from "./persisted-store.ts";
import { type ResponseCacheOptions, useCatalogResponseCache } from "./response-cache.ts";
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
  /**
   * Origins whose browser scripts may call the API (CORS, with credentials): `https://shop.example`. Others get
   * no CORS headers, so browsers keep their answers from them; same-origin requests need none.
   */
  corsOrigins?: readonly string[];
  /** Cost admission and subscription bounds (defaults in api/limits.ts). */
  limits?: LimitsOptions;
  /** Bounds of the automatic persisted query store (defaults in api/persisted-store.ts). */
  persistedStore?: Omit<PersistedStoreOptions, "registered">;
  /** Answer `__schema` / `__type` queries (development; production says no: decision 0017). Default true. */
  introspection?: boolean;
  /** Keep answers of public catalog operations by catalog version (api/response-cache.ts); absent: none kept. */
  responseCache?: ResponseCacheOptions;
}

/**
 * What the server passes with each request (Yoga's server context): the client's address, for the per-client
 * bounds of api/limits.ts.
 */
export interface ApiServerContext {
  /** The client's address (the socket's, or a trusted proxy's), for the per-client bounds of api/limits.ts. */
  clientIp?: string;
  /** Whose budget the request draws from in the rate limits (server/client.ts: an IPv4 address or an IPv6 /64). */
  clientSubject?: string;
  /**
   * One object per storefront page request, shared by the page's in-process calls (server/app.ts): the response
   * cache reads the catalog version once for them all (api/response-cache.ts). Absent for calls over HTTP.
   */
  pageScope?: object;
}

/** A GraphQL operation as a WebSocket client sends it (graphql-ws' subscribe payload). */
export interface OperationParams {
  query?: string | null;
  extensions?: Record<string, unknown> | null;
}

/** The GraphQL API: Yoga with Pothos' schema, the API key, persisted queries and limits. */
export function createApi(opts: ApiOptions) {
  const registered = new Map(Object.entries(opts.persistedOperations ?? {}));
  const store = createPersistedStore({ ...opts.persistedStore, registered });
  const corsOrigins = new Set(opts.corsOrigins ?? []);
  const yoga = createYoga<ApiServerContext>({
    schema,
    graphqlEndpoint: opts.graphqlEndpoint ?? "/graphql",
    landingPage: false,
    logging: {
      debug: (...args) => opts.services.logger.debug({ args }, "graphql"),
      info: (...args) => opts.services.logger.info({ args }, "graphql"),
      warn: (...args) => opts.services.logger.warn({ args }, "graphql"),
      // Only the error: the logger's serializer (server/logger.ts) keeps SQL parameters and values out.
      error: (...args) =>
        opts.services.logger.error({ err: args.find((a) => a instanceof Error) }, "graphql error"),
    },
    cors: (request) => {
      const origin = request.headers.get("origin");
      if (!origin || !corsOrigins.has(origin)) return false;
      return {
        origin: [origin],
        credentials: true,
        methods: ["GET", "POST"],
        allowedHeaders: ["content-type", "x-apikey", "authorization", "x-request-id"],
        maxAge: 600,
      };
    },
    graphiql: false,
    // A server fault never leaks a stack trace: unexpected errors become "Unexpected error.".
    // A refusal by the rate limiter (from any resolver) answers HTTP 429 with Retry-After.
    maskedErrors: { isDev: false, maskError: maskApiError },
    // The server hands each request's client (server/client.ts) as the server context: { clientSubject }.
    context: ({ request, clientSubject }: { request: Request } & ApiServerContext) =>
      createApiContext(
        opts.stockEvents ? { ...opts.services, stockEvents: opts.stockEvents } : opts.services,
        request.headers.get("x-request-id") ?? crypto.randomUUID(),
        clientSubject,
        tokenOf(request),
        request.headers.get("x-admin-key"),
      ),
    plugins: [
      useApiKey(opts.apiKey),
      ...(opts.introspection === false ? [useNoIntrospection()] : []),
      ...(opts.persistedOnly ? [useRegisteredOnly(registered)] : []),
      useAPQ({ store }),
      useBadRequestStatus(),
      useVaryOrigin(),
      ...useLimits(opts.limits),
      useLocalizedErrors(),
      // The storefront's in-process calls get Yoga's JSON text as it is (api/in-process.ts, decision 0077).
      useInProcessAnswers(),
      // Last: a cached answer still passes the key, admission and cost checks above.
      ...(opts.responseCache ? [useCatalogResponseCache(schema, opts.responseCache)] : []),
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

/** The CORS headers depend on the request's Origin: caches must keep answers apart by it. */
function useVaryOrigin(): Plugin {
  return {
    onResponse({ response }) {
      const vary = response.headers.get("vary");
      if (!vary) response.headers.set("vary", "Origin");
      else if (!/(^|,)\s*origin\s*(,|$)/i.test(vary)) response.headers.set("vary", `${vary}, Origin`);
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

/**
 * No introspection (production): `__schema` and `__type` fail validation. The schema is public in
 * `schema.graphql`; a running shop need not hand an attacker its map.
 */
function useNoIntrospection(): Plugin {
  return {
    onValidate({ addValidationRule }) {
      addValidationRule(NoSchemaIntrospectionCustomRule);
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

/**
 * The shopper's token (API.md): `Authorization: Bearer {token}`, or the `mili-auth` cookie on a same-origin request
 * (no Origin header, or the request's own): a page on another site that may call the API (CORS) does not ride on
 * the shopper's cookie.
 */
export function tokenOf(request: Request): string | null {
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.get("authorization") ?? "")?.[1];
  if (bearer) return bearer;
  const origin = request.headers.get("origin");
  if (origin !== null && origin !== new URL(request.url).origin) return null;
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const i = part.indexOf("=");
    if (i > 0 && part.slice(0, i).trim() === "mili-auth") return part.slice(i + 1).trim() || null;
  }
  return null;
}

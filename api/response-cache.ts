import { createHash } from "node:crypto";
import { type Cache, useResponseCache } from "@graphql-yoga/plugin-response-cache";
import type { GraphQLSchema } from "graphql";
import type { Plugin } from "graphql-yoga";
import type { ResponseCacheStore } from "#integrations/response-cache/index.ts";
import type { CatalogVersion } from "#services/catalog-version.ts";

/**
 * The response cache of public catalog operations (docs/decisions/0023-response-cache-keyed-by-catalog-version.md).
 *
 * An answer is kept under a key made of the catalog version (services/catalog-version.ts), the operation's text,
 * its name and its variables — and so its channel, market, language and customer type, which catalog operations
 * take as arguments only. The version is read for each request (one primary-key read, shared by the requests that
 * arrive together) before anything executes, so a merchant's committed change is in the next answer: the key
 * moves, nothing is invalidated. An entry lives at most `ttlMs` and never past the moment a card price begins or
 * ends by its dates (CatalogVersion.until).
 *
 * Never cached: a request that names a shopper (an Authorization header or the `mili-auth` cookie), mutations and
 * subscriptions, an operation that selects any query field outside PUBLIC_QUERY_FIELDS (the cart), and answers
 * with errors.
 */
export const PUBLIC_QUERY_FIELDS = new Set([
  "brands",
  "campaigns",
  "categories",
  "category",
  "channel",
  "channels",
  "cmsPages",
  "contentPage",
  "getMenuAtLocation",
  "listPageInfo",
  "product",
  "productPriceHistory",
  "productQuestions",
  "products",
  "recommendedProducts",
  "relatedProducts",
  "reviews",
  "searchSuggestions",
  "urlHistory",
  "widgetArea",
]);

/** Whether a request speaks for a signed-in shopper: its answers are theirs alone, never shared. */
export function isPrivateRequest(request: Request): boolean {
  if (request.headers.has("authorization")) return true;
  return /(?:^|;)\s*mili-auth=/.test(request.headers.get("cookie") ?? "");
}

export interface ResponseCacheOptions {
  store: ResponseCacheStore;
  /** The catalog version as committed now (CatalogVersionReader.read). */
  version: () => Promise<CatalogVersion>;
  /** The longest an answer is kept (ms); default 60 s (what changes by the clock alone besides card prices). */
  ttlMs?: number;
}

export function useCatalogResponseCache(schema: GraphQLSchema, opts: ResponseCacheOptions): Plugin {
  const queryFields = Object.keys(schema.getQueryType()?.getFields() ?? {});
  // Everything else on Query is not cached: a TTL of 0 for its coordinate keeps any operation selecting it out.
  // Mutations are never looked up (the plugin's mutation path, invalidateViaMutation, only invalidates — a no-op
  // here) and never stored (TTL 0 for every Mutation field besides).
  const mutationFields = Object.keys(schema.getMutationType()?.getFields() ?? {});
  const notPublic = Object.fromEntries([
    ...queryFields.filter((f) => !PUBLIC_QUERY_FIELDS.has(f)).map((f) => [`Query.${f}`, 0]),
    ...mutationFields.map((f) => [`Mutation.${f}`, 0]),
  ]);
  const versions = new WeakMap<object, CatalogVersion>();
  const cache: Cache = {
    get: (key) => opts.store.get(key) as ReturnType<Cache["get"]>,
    set: (key, result, _entities, ttl) => opts.store.set(key, result, ttl),
    // Keys carry the version: there is nothing to invalidate.
    invalidate: () => undefined,
  };
  return useResponseCache({
    session: () => null,
    enabled: (request) => !isPrivateRequest(request),
    cache,
    ttl: opts.ttlMs ?? 60_000,
    ttlPerSchemaCoordinate: notPublic,
    invalidateViaMutation: true,
    includeExtensionMetadata: false,
    async buildResponseCacheKey({ documentString, operationName, variableValues, context }) {
      const version = await opts.version();
      versions.set(context as object, version);
      return createHash("sha256")
        .update(
          JSON.stringify([version.version, operationName ?? null, variableValues ?? {}, documentString]),
        )
        .digest("base64url");
    },
    onTtl({ ttl, context }) {
      const version = versions.get(context as object);
      if (!version) return ttl;
      // 0 would mean "do not cache": an answer whose price changes within the millisecond is not kept.
      return Math.max(0, Math.min(ttl, Math.floor(version.until - Date.now())));
    },
  });
}

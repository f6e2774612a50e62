import { hash } from "node:crypto";
import {
  type DocumentNode,
  type ExecutionResult,
  type GraphQLSchema,
  getOperationAST,
  Kind,
  OperationTypeNode,
  parse,
  TypeInfo,
  visit,
  visitWithTypeInfo,
} from "graphql";
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
 * with errors. The plugin is our own (decision 0074): a kept answer is the executor's, as the client asked for it —
 * no fields added for entity ids, no walk of the answer to take them out again.
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

/** The longest a request waits for another one computing the same answer before computing it itself. */
const FLIGHT_TIMEOUT_MS = 10_000;

/** One computation of an answer in flight in this process: the request computing it, and its end. */
interface Flight {
  owner: Request;
  done: Promise<void>;
  end(): void;
}

/**
 * What an operation text is, remembered per text (persisted operations are few): "shared" — only queries whose
 * fields are all public (the answers the cache keeps), which may share a computation; "mutation" — only
 * mutations, never looked up or kept (the plugin's mutation path only invalidates, a no-op here), so their key
 * needs no catalog version; "other". A mutation, a subscription or the cart is never shared, nor waited for —
 * identical requests of those (an anonymous cart's, whose id is in a cookie) are not one computation. A text that
 * does not parse is "other".
 */
type DocumentKind = "shared" | "mutation" | "other";
const kinds = new Map<string, DocumentKind>();
function kindOf(documentString: string): DocumentKind {
  let known = kinds.get(documentString);
  if (known === undefined) {
    try {
      const definitions = parse(documentString).definitions;
      const operations = definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
      known = definitions.every(
        (d) =>
          d.kind === Kind.FRAGMENT_DEFINITION ||
          (d.kind === Kind.OPERATION_DEFINITION &&
            d.operation === OperationTypeNode.QUERY &&
            d.selectionSet.selections.every(
              (s) =>
                s.kind === Kind.FIELD &&
                (s.name.value === "__typename" || PUBLIC_QUERY_FIELDS.has(s.name.value)),
            )),
      )
        ? "shared"
        : operations.length > 0 && operations.every((d) => d.operation === OperationTypeNode.MUTATION)
          ? "mutation"
          : "other";
    } catch {
      known = "other";
    }
    if (kinds.size >= 1000) kinds.clear();
    kinds.set(documentString, known);
  }
  return known;
}

/**
 * The response cache, with a single flight (decision 0047): concurrent identical requests (the same key: catalog
 * version, operation, variables — so the same channel, market, language and customer type) compute their answer
 * ONCE per process. The first request to build a key no other request is computing leads; the others wait (in
 * building their key, before the cache lookup) until the leader's answer is kept, the leader's response is sent,
 * or FLIGHT_TIMEOUT_MS — then they look the key up: a hit, or, when the leader's answer was not kept (errors,
 * TTL 0), a miss they compute themselves as before. A signed-in shopper's request, and any operation but a query
 * of public fields (kindOf: "shared"), neither leads nor waits. Across processes, Redis shares what one of them computed.
 */
export function useCatalogResponseCache(schema: GraphQLSchema, opts: ResponseCacheOptions): Plugin {
  const flights = new Map<string, Flight>();
  /** The flights a request leads: ended when its response is sent, whatever happened (a hit, an error). */
  const led = new WeakMap<Request, Flight[]>();
  /** Answers being written to the store (Redis takes a round trip): a waiting request reads them from here. */
  const writing = new Map<string, ExecutionResult>();
  const startFlight = (key: string, owner: Request) => {
    let resolve: () => void = () => undefined;
    const done = new Promise<void>((r) => {
      resolve = r;
    });
    const timer = setTimeout(() => flight.end(), FLIGHT_TIMEOUT_MS);
    timer.unref?.();
    const flight: Flight = {
      owner,
      done,
      end() {
        clearTimeout(timer);
        if (flights.get(key) === flight) flights.delete(key);
        resolve();
      },
    };
    flights.set(key, flight);
    led.set(owner, [...(led.get(owner) ?? []), flight]);
  };
  const cache = catalogResponseCache(schema, opts, {
    async keyFor(key, request, documentString) {
      if (isPrivateRequest(request) || kindOf(documentString) !== "shared") return key;
      const flight = flights.get(key);
      if (!flight) startFlight(key, request);
      else if (flight.owner !== request) await flight.done;
      return key;
    },
    async get(key) {
      const found = writing.get(key) ?? (await opts.store.get(key));
      // A hit ends a flight: whoever waits finds the same answer.
      if (found) flights.get(key)?.end();
      return found;
    },
    async set(key, result, ttl) {
      writing.set(key, result);
      flights.get(key)?.end();
      try {
        await opts.store.set(key, result, ttl);
      } finally {
        if (writing.get(key) === result) writing.delete(key);
      }
    },
  });
  return {
    onPluginInit({ addPlugin }) {
      addPlugin(cache);
    },
    onResponse({ request }) {
      for (const flight of led.get(request) ?? []) flight.end();
      led.delete(request);
    },
  };
}

/** The key of every mutation: never looked up, never kept (not a base64url hash, so no other key equals it). */
const MUTATION_KEY = "mutation: never cached";

function catalogResponseCache(
  schema: GraphQLSchema,
  opts: ResponseCacheOptions,
  flight: {
    keyFor(key: string, request: Request, documentString: string): Promise<string>;
    get(key: string): Promise<ExecutionResult | undefined>;
    set(key: string, result: ExecutionResult, ttl: number): Promise<void>;
  },
): Plugin {
  const queryFields = Object.keys(schema.getQueryType()?.getFields() ?? {});
  // An operation that selects anything else on Query (the cart), introspection's `__schema` or any Mutation field
  // anywhere in its document is never kept (the coordinates @envelop/response-cache gave a TTL of 0 before
  // decision 0074); mutations are not even looked up (onParams).
  const mutationFields = Object.keys(schema.getMutationType()?.getFields() ?? {});
  const notPublic = new Set([
    "Query.__schema",
    ...queryFields.filter((f) => !PUBLIC_QUERY_FIELDS.has(f)).map((f) => `Query.${f}`),
    ...mutationFields.map((f) => `Mutation.${f}`),
  ]);
  const globalTtl = opts.ttlMs ?? 60_000;
  /** The cache key of each operation's context (set when its parameters arrive, read when it executes). */
  const keys = new WeakMap<object, string>();
  const versions = new WeakMap<object, CatalogVersion>();
  /**
   * The catalog version of one storefront page's calls (their server context's `pageScope`, server/app.ts): read
   * at the page's first cacheable call and used by the others, instead of a read each (three per product page on
   * PostgreSQL). Exact for the page: it is the version committed when its first call was made, and a later call's
   * answer kept under it can only be newer than that version's data, never older (decision 0082).
   */
  const pageVersions = new WeakMap<object, Promise<CatalogVersion>>();
  const versionOf = (context: object): Promise<CatalogVersion> => {
    const scope = (context as { pageScope?: object }).pageScope;
    if (!scope) return opts.version();
    let version = pageVersions.get(scope);
    if (!version) {
      version = opts.version();
      pageVersions.set(scope, version);
      // A failed read is not kept: the page's next call reads again.
      version.catch(() => pageVersions.delete(scope));
    }
    return version;
  };
  /** The JSON Yoga wrote for a kept answer (by the kept object: Redis hands out a new one per read). */
  const answerTexts = new WeakMap<ExecutionResult, string>();
  return {
    // A client that already holds the answer (its ETag is the key) is told so without a body.
    onRequest({ request, fetchAPI, endResponse }) {
      const etag = request.headers.get("if-none-match");
      if (!etag || isPrivateRequest(request) || etag === MUTATION_KEY) return;
      return flight.get(etag).then((cached) => {
        const lastModified = (cached?.extensions?.http as HttpExtension | undefined)?.headers?.[
          "Last-Modified"
        ];
        const since = request.headers.get("if-modified-since");
        if (
          lastModified != null &&
          (since == null || new Date(since).getTime() >= new Date(lastModified).getTime())
        )
          endResponse(
            new fetchAPI.Response(null, {
              status: 304,
              headers: { ETag: etag, "Last-Modified": lastModified },
            }),
          );
      });
    },
    async onParams({ params, request, context, setResult }) {
      const documentString = params.query ?? "";
      // A mutation is never looked up nor kept (kindOf): no version read, nothing looked up (decision 0070); nor is
      // a shopper's request (isPrivateRequest), which has no key, so nothing of it is kept either.
      if (kindOf(documentString) === "mutation" || isPrivateRequest(request)) return;
      const version = await versionOf(context);
      // One-shot digest (no Hash object per request): the same bytes, the same key.
      const key = hash(
        "sha256",
        JSON.stringify([
          version.version,
          params.operationName ?? null,
          params.variables ?? {},
          documentString,
        ]),
        "base64url",
      );
      const flightKey = await flight.keyFor(key, request, documentString);
      keys.set(context, flightKey);
      versions.set(context, version);
      const cached = await flight.get(flightKey);
      if (cached)
        setResult({
          ...cached,
          [Symbol.for("servedFromResponseCache")]: true,
          // Yoga writes a result with its `stringify` when there is one (jsonStringifyResultWithoutInternals): a
          // kept answer's JSON is the same every time it is served from this process's store, so it is written
          // once (decision 0077) — from what Yoga hands over, as JSON.stringify would, and only while that is the
          // kept answer itself (the same values; `extensions` without Yoga's `http`), not a result a hook remade.
          stringify: (sanitized: unknown) => {
            if (!sameAnswer(sanitized, cached)) return JSON.stringify(sanitized);
            let text = answerTexts.get(cached);
            if (text === undefined) {
              text = JSON.stringify(sanitized);
              answerTexts.set(cached, text);
            }
            return text;
          },
        } as ExecutionResult);
    },
    onExecute({ args }) {
      const context = args.contextValue as { request?: Request };
      const key = keys.get(context);
      if (key === undefined || !context.request || isPrivateRequest(context.request)) return;
      if (getOperationAST(args.document, args.operationName)?.operation !== OperationTypeNode.QUERY) return;
      if (selectsNotPublic(args.document, schema, notPublic)) return;
      return {
        onExecuteDone({ result }) {
          if (isAsyncIterable(result) || result.errors?.length) return;
          const version = versions.get(context);
          // 0 would mean "do not cache": an answer whose price changes within the millisecond is not kept.
          const ttl = version
            ? Math.max(0, Math.min(globalTtl, Math.floor(version.until - Date.now())))
            : globalTtl;
          if (ttl === 0) return;
          // Yoga sends these as the answer's headers (and takes them out of its body).
          const http = (result.extensions?.http ?? {}) as HttpExtension;
          http.headers = { ...http.headers, ETag: key, "Last-Modified": new Date().toUTCString() };
          result.extensions = { ...result.extensions, http };
          // Kept without holding the answer back (a Redis store takes a round trip; it logs its own failures).
          void flight.set(key, result, ttl);
        },
      };
    },
  };
}

type HttpExtension = { headers?: Record<string, string> };

/**
 * Whether Yoga's sanitized copy of a served answer holds the kept answer's own values: every key but `extensions`
 * the very same value, and `extensions` the kept one's but `http` (what Yoga takes out), each the very same value.
 */
function sameAnswer(sanitized: unknown, kept: ExecutionResult): boolean {
  if (typeof sanitized !== "object" || sanitized === null) return false;
  const own = sanitized as Record<string, unknown>;
  const keptOwn = kept as unknown as Record<string, unknown>;
  for (const key of Object.keys(own)) {
    if (key === "extensions" || key === "stringify") continue;
    if (own[key] !== keptOwn[key]) return false;
  }
  for (const key of Object.keys(keptOwn)) if (key !== "extensions" && !(key in own)) return false;
  const extensions = (own.extensions ?? {}) as Record<string, unknown>;
  const keptExtensions = (kept.extensions ?? {}) as Record<string, unknown>;
  for (const key of Object.keys(extensions)) if (extensions[key] !== keptExtensions[key]) return false;
  for (const key of Object.keys(keptExtensions)) if (key !== "http" && !(key in extensions)) return false;
  return true;
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === "object" && value !== null && Symbol.asyncIterator in value;
}

/**
 * Whether an operation selects a field that is never kept (anything on Query outside PUBLIC_QUERY_FIELDS,
 * introspection's `__schema`, any mutation field), anywhere in the document, fragments too. Remembered per parsed
 * document (Yoga keeps one per operation text).
 */
const notPublicSelections = new WeakMap<DocumentNode, boolean>();
function selectsNotPublic(document: DocumentNode, schema: GraphQLSchema, notPublic: Set<string>): boolean {
  let known = notPublicSelections.get(document);
  if (known === undefined) {
    let found = false;
    const typeInfo = new TypeInfo(schema);
    visit(
      document,
      visitWithTypeInfo(typeInfo, {
        Field(node) {
          const parent = typeInfo.getParentType();
          if (parent && notPublic.has(`${parent.name}.${node.name.value}`)) found = true;
        },
      }),
    );
    known = found;
    notPublicSelections.set(document, known);
  }
  return known;
}

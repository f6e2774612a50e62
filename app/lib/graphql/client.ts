import { print } from "@0no-co/graphql.web";
import type { ResultOf, TadaDocumentNode, VariablesOf } from "gql.tada";

/** channelId, marketId and languageId: added to every operation's variables. */
export interface OperationLocale {
  channelId?: string;
  marketId?: string;
  languageId?: string;
}

export interface GraphqlErrorEntry {
  message: string;
  path?: (string | number)[];
  extensions?: { code?: string; [key: string]: unknown };
}

/**
 * The error shape of spec §3/§8: `graphQLErrors` from the server, or a `networkError` for a transport
 * failure, a non-2xx status ('Response not successful: Received status code {n}'), a body that is not JSON,
 * or a response with neither data nor errors ('Server response was missing for query').
 */
export class GraphqlClientError extends Error {
  readonly graphQLErrors: GraphqlErrorEntry[];
  readonly networkError: (Error & { statusCode?: number; result?: unknown }) | null;
  constructor(opts: {
    graphQLErrors?: GraphqlErrorEntry[];
    networkError?: GraphqlClientError["networkError"];
  }) {
    const graphQLErrors = opts.graphQLErrors ?? [];
    const message = opts.networkError
      ? opts.networkError.message
      : graphQLErrors.map((e) => e.message).join("\n");
    super(message);
    this.name = "GraphqlClientError";
    this.graphQLErrors = graphQLErrors;
    this.networkError = opts.networkError ?? null;
  }
  /** The first error code from the server, e.g. "BAD_USER_INPUT". */
  get code(): string | undefined {
    return this.graphQLErrors[0]?.extensions?.code;
  }
  /**
   * The seconds to wait when the API refused the request as one try too many (RATE_LIMITED, HTTP 429), else
   * undefined. The 429 arrives as a network error whose result holds the GraphQL error.
   */
  get retryAfter(): number | undefined {
    const result = this.networkError?.result as { errors?: GraphqlErrorEntry[] } | undefined;
    const entry = [...this.graphQLErrors, ...(result?.errors ?? [])].find(
      (e) => e.extensions?.code === "RATE_LIMITED",
    );
    if (!entry && this.networkError?.statusCode !== 429) return undefined;
    const seconds = Number(entry?.extensions?.retryAfter);
    return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 60;
  }
}

export interface GraphqlResult<T> {
  data: T;
  /** Errors that arrived together with data: the data is still delivered. */
  errors: GraphqlErrorEntry[];
}

/**
 * The server's in-process API (server/app.ts, decision 0077): one request as its JSON text and headers, answered
 * with the HTTP status and JSON text the API would have sent, without building an HTTP request and response.
 */
export type GraphqlPost = (
  text: string,
  headers: Record<string, string>,
) => Promise<{ status: number; text: string }>;

export interface ClientOptions {
  /** A fetch: the server's in-process executor or the global fetch. */
  fetch: (request: Request) => Promise<Response>;
  /** When set, used instead of `fetch`: the same request, posted to the API in this process. */
  post?: GraphqlPost | null;
  url: string;
  apiKey: string;
  locale: OperationLocale;
  /** Extra headers for every request (authorization, request id). */
  headers?: Record<string, string>;
  /** Send the operation by hash first (automatic persisted queries). Default true. */
  persisted?: boolean;
}

// biome-ignore lint/suspicious/noExplicitAny: any document shape is accepted; types flow from it.
type Doc = TadaDocumentNode<any, any>;

const printed = new WeakMap<object, { query: string; hash: Promise<string>; operationName?: string }>();

/** The printed text and SHA-256 of an operation (cached per document). */
export function operationText(doc: Doc) {
  let entry = printed.get(doc);
  if (!entry) {
    const query = print(doc);
    const op = doc.definitions.find((d) => d.kind === "OperationDefinition");
    entry = { query, hash: sha256(query), operationName: op && "name" in op ? op.name?.value : undefined };
    printed.set(doc, entry);
  }
  return entry;
}

export async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

const PERSISTED_MISSES = new Set(["PersistedQueryNotFound", "PersistedQueryNotSupported"]);

export function createGraphqlClient(opts: ClientOptions) {
  /** The answer's status and text, through `post` when there is one, else as an HTTP request through `fetch`. */
  async function exchange(body: Record<string, unknown>): Promise<{ status: number; text: string }> {
    const headers = {
      "content-type": "application/json",
      accept: "application/json",
      "x-apikey": opts.apiKey,
      ...opts.headers,
    };
    let response: Response;
    try {
      if (opts.post) return await opts.post(JSON.stringify(body), headers);
      response = await opts.fetch(
        new Request(opts.url, { method: "POST", headers, body: JSON.stringify(body) }),
      );
    } catch (error) {
      throw new GraphqlClientError({
        networkError: error instanceof Error ? error : new Error(String(error)),
      });
    }
    return { status: response.status, text: await response.text() };
  }

  async function send(body: Record<string, unknown>): Promise<{ status: number; json: unknown }> {
    const { status, text } = await exchange(body);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      if (status >= 300) throw statusError(status, text);
      const parseError = Object.assign(
        new Error(`JSON Parse error: the server's answer is not JSON (${(error as Error).message})`),
        { name: "ServerParseError", statusCode: status, result: text },
      );
      throw new GraphqlClientError({ networkError: parseError });
    }
    return { status, json };
  }

  return {
    /** Runs an operation; throws GraphqlClientError unless data came back. */
    async request<D extends Doc>(doc: D, variables?: Omit<VariablesOf<D>, keyof OperationLocale>) {
      const { query, hash, operationName } = operationText(doc);
      const vars = { ...opts.locale, ...variables };
      let answer: { status: number; json: unknown };
      if (opts.persisted !== false) {
        const extensions = { persistedQuery: { version: 1, sha256Hash: await hash } };
        answer = await send({ operationName, variables: vars, extensions });
        if (isPersistedMiss(answer.json))
          answer = await send({ operationName, variables: vars, query, extensions });
      } else {
        answer = await send({ operationName, variables: vars, query });
      }
      return readResult<ResultOf<D>>(answer);
    },
  };
}

export type GraphqlClient = ReturnType<typeof createGraphqlClient>;

function isPersistedMiss(json: unknown): boolean {
  const errors = (json as { errors?: GraphqlErrorEntry[] } | null)?.errors;
  return Boolean(
    errors?.some((e) => PERSISTED_MISSES.has(e.message) || PERSISTED_MISSES.has(String(e.extensions?.code))),
  );
}

function statusError(status: number, result: unknown) {
  return new GraphqlClientError({
    networkError: Object.assign(new Error(`Response not successful: Received status code ${status}`), {
      name: "ServerError",
      statusCode: status,
      result,
    }),
  });
}

function readResult<T>({ status, json }: { status: number; json: unknown }): GraphqlResult<T> {
  const body = json as { data?: T | null; errors?: GraphqlErrorEntry[] } | null;
  if (status >= 300) throw statusError(status, json);
  const errors = body?.errors ?? [];
  if (body?.data != null) return { data: body.data, errors };
  if (errors.length) throw new GraphqlClientError({ graphQLErrors: errors });
  throw new GraphqlClientError({ networkError: new Error("Server response was missing for query") });
}

import { EnvelopArmorPlugin } from "@escape.tech/graphql-armor";
import {
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  GraphQLError,
  type GraphQLErrorExtensions,
  getOperationAST,
  Kind,
  type ValidationContext,
  visit,
} from "graphql";
import type { Plugin } from "graphql-yoga";
import { type Admission, BusyError, createAdmission } from "./admission.ts";
import { MAX_COST, operationCost } from "./cost.ts";
import { knownSizes } from "./known-sizes.ts";

/**
 * The API's limits, for every transport (HTTP, server-sent events, WebSocket) because they are envelop hooks
 * (decision 0018):
 * - depth, aliases, directives and tokens (GraphQL Armor), answered as coded errors with HTTP 400;
 * - cost (api/cost.ts, counting list sizes) at most MAX_COST, checked with the request's variables before
 *   anything runs; and admission of costly queries (api/admission.ts), so a few of them cannot starve the rest;
 * - text input: no NUL character and no unpaired surrogate in any string argument or variable (PostgreSQL refuses
 *   them), refused as BAD_USER_INPUT before a resolver runs;
 * - subscriptions: at most SUBSCRIPTIONS_PER_CLIENT open at once per client (IP), whatever the transport;
 * - error messages never suggest names or values ("Did you mean …"), so the schema cannot be read by guessing.
 */
export const LIMITS = {
  maxDepth: 12,
  maxAliases: 20,
  maxDirectives: 20,
  maxTokens: 4000,
  maxCost: MAX_COST,
  subscriptionsPerClient: 100,
} as const;

/**
 * Admission of costly reads (api/admission.ts): up to four queries at the cost limit run at once; what costs at
 * most `light` always runs; one client (IP) has at most eight costly queries running or waiting in the common line,
 * and eight more waiting in its own line for one of those to end (decision 0072).
 */
export const ADMISSION = {
  capacity: 4 * MAX_COST,
  light: MAX_COST / 25,
  maxQueue: 32,
  perClient: 8,
  perClientParked: 8,
  maxWait: 10_000,
} as const;

/** Error codes of the limits (extensions.code). */
export type LimitCode =
  | "QUERY_TOO_DEEP"
  | "TOO_MANY_ALIASES"
  | "TOO_MANY_DIRECTIVES"
  | "TOO_MANY_TOKENS"
  | "QUERY_TOO_COMPLEX"
  | "SERVER_BUSY"
  | "TOO_MANY_SUBSCRIPTIONS"
  | "BAD_USER_INPUT";

/** Seconds a client is asked to wait after SERVER_BUSY. */
export const RETRY_AFTER_SECONDS = 2;

/** A refusal with its code, and the HTTP status Yoga answers it with (stripped from the JSON). */
export function limitError(
  code: LimitCode,
  message: string,
  status: number,
  extra: GraphQLErrorExtensions = {},
  headers?: Record<string, string>,
): GraphQLError {
  return new GraphQLError(message, {
    extensions: { code, ...extra, http: { status, ...(headers ? { headers } : {}) } },
  });
}

/**
 * The client an operation runs for: the rate limits' subject the server put into the context (an IPv4 address or
 * an IPv6 /64, server/client.ts), else its address; absent when nobody said (tests calling the API directly).
 */
function clientOf(context: unknown): string | undefined {
  const ctx = context as { clientSubject?: unknown; clientIp?: unknown } | null;
  for (const value of [ctx?.clientSubject, ctx?.clientIp])
    if (typeof value === "string" && value) return value;
  return undefined;
}

export interface LimitsOptions {
  /**
   * The cost limit; MAX_COST unless the operator chose another (GRAPHQL_MAX_COST). The admission's capacity and
   * light threshold scale with it.
   */
  maxCost?: number;
  /** Admission of costly queries; by default as in ADMISSION (scaled to maxCost). */
  admission?: Admission;
  subscriptionsPerClient?: number;
}

export function useLimits(options: LimitsOptions = {}): Plugin[] {
  const maxCost = options.maxCost ?? MAX_COST;
  const scale = maxCost / MAX_COST;
  const admission =
    options.admission ??
    createAdmission({ ...ADMISSION, capacity: ADMISSION.capacity * scale, light: ADMISSION.light * scale });
  const perClientSubscriptions = options.subscriptionsPerClient ?? LIMITS.subscriptionsPerClient;
  const subscriptions = new Map<string, number>();

  const reporter =
    (code: LimitCode) =>
    (ctx: ValidationContext | null, error: GraphQLError): void => {
      const message = error.message.replace(/^Syntax Error: /, "");
      const refusal = limitError(code, message, 400);
      if (ctx) ctx.reportError(refusal);
      else throw refusal; // the token limit runs in the parser, without a validation context
    };

  const armor = EnvelopArmorPlugin({
    maxDepth: {
      n: LIMITS.maxDepth,
      // Depth counts fields, not fragment spreads: the Geins clients' checkout and order documents nest their
      // cart in fragments three deep (OrderSummary > OmsCart > OmsPrice) with 8 fields of depth (decision 0030).
      flattenFragments: true,
      propagateOnRejection: false,
      onReject: [reporter("QUERY_TOO_DEEP")],
    },
    maxAliases: {
      n: LIMITS.maxAliases,
      propagateOnRejection: false,
      onReject: [reporter("TOO_MANY_ALIASES")],
    },
    maxDirectives: {
      n: LIMITS.maxDirectives,
      propagateOnRejection: false,
      onReject: [reporter("TOO_MANY_DIRECTIVES")],
    },
    maxTokens: {
      n: LIMITS.maxTokens,
      propagateOnRejection: false,
      onReject: [reporter("TOO_MANY_TOKENS")],
    },
    costLimit: { enabled: false },
    blockFieldSuggestion: { enabled: false },
  });

  /** Refusals that come before execution: bad text, too costly. */
  async function refuse(args: ExecutionArgs): Promise<{ error: GraphQLError } | { cost: number }> {
    const bad = badText(args.document, args.variableValues);
    if (bad) return { error: limitError("BAD_USER_INPUT", bad, 400, { reason: "INVALID_TEXT" }) };
    let cost = operationCost(args.schema, args.document, args.variableValues, args.operationName) ?? 0;
    // Over the bound as the schema counts it: counted again with the sizes the request's own data has (the lines
    // of the carts it names, the shopper's orders), which are usually far below the bounds.
    if (cost > maxCost) {
      const known = await knownSizes(args).catch(() => ({}));
      if (Object.keys(known).length)
        cost =
          operationCost(args.schema, args.document, args.variableValues, args.operationName, known) ?? cost;
    }
    if (cost > maxCost) {
      return {
        error: limitError(
          "QUERY_TOO_COMPLEX",
          `Query cost ${Math.ceil(cost)} exceeds the limit of ${maxCost}: ask for fewer items (take) or fields.`,
          400,
          { cost: Math.ceil(cost), maxCost },
        ),
      };
    }
    return { cost };
  }

  const limits: Plugin = {
    onValidate() {
      return ({ valid, result, setResult }) => {
        if (!valid) setResult(result.map((error) => withoutSuggestions(error as GraphQLError)));
      };
    },
    async onExecute({ args, setResultAndStopExecution, executeFn, setExecuteFn }) {
      const verdict = await refuse(args);
      if ("error" in verdict) {
        setResultAndStopExecution({ errors: [verdict.error] });
        return;
      }
      // Reads wait their turn; a change (a cart, an order) is bounded by its cost and the rate limiter but never
      // queued or refused for load, so a burst of shoppers' changes all go through.
      const reading = getOperationAST(args.document, args.operationName)?.operation === "query";
      let release: () => void;
      try {
        release = reading ? await admission.admit(verdict.cost, clientOf(args.contextValue)) : () => {};
      } catch (error) {
        if (!(error instanceof BusyError)) throw error;
        setResultAndStopExecution({
          errors: [
            limitError(
              "SERVER_BUSY",
              "The server is busy; try again in a moment.",
              503,
              {},
              {
                "Retry-After": String(RETRY_AFTER_SECONDS),
              },
            ),
          ],
        });
        return;
      }
      setExecuteFn(async (executionArgs) => {
        try {
          return await executeFn(executionArgs);
        } finally {
          release();
        }
      });
      return {
        onExecuteDone({ result, setResult }) {
          if (!isResult(result) || !result.errors?.length) return;
          // No data at all: the request was refused before execution (its variables do not fit).
          const requestError = !("data" in result) || result.data === undefined;
          setResult({
            ...result,
            errors: result.errors.map((error) => {
              const clean = withoutSuggestions(error);
              if (!requestError || clean.extensions.code) return clean;
              return new GraphQLError(clean.message, {
                nodes: clean.nodes,
                source: clean.source,
                positions: clean.positions,
                path: clean.path,
                originalError: clean.originalError,
                extensions: { ...clean.extensions, code: "BAD_USER_INPUT", http: { status: 400 } },
              });
            }),
          });
        },
      };
    },
    async onSubscribe({ args, setResultAndStopExecution }) {
      const verdict = await refuse(args);
      if ("error" in verdict) {
        setResultAndStopExecution({ errors: [verdict.error] });
        return;
      }
      const client = clientOf(args.contextValue);
      if (client === undefined) return;
      const open = subscriptions.get(client) ?? 0;
      if (open >= perClientSubscriptions) {
        setResultAndStopExecution({
          errors: [
            limitError(
              "TOO_MANY_SUBSCRIPTIONS",
              `At most ${perClientSubscriptions} subscriptions may be open at once from one address.`,
              429,
              { max: perClientSubscriptions },
            ),
          ],
        });
        return;
      }
      subscriptions.set(client, open + 1);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        const n = (subscriptions.get(client) ?? 1) - 1;
        if (n <= 0) subscriptions.delete(client);
        else subscriptions.set(client, n);
      };
      return {
        onSubscribeResult({ result }) {
          if (!isAsyncIterable(result)) {
            release();
            return;
          }
          return { onEnd: release };
        },
        onSubscribeError: release,
      };
    },
  };
  return [armor as Plugin, limits];
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === "object" && value !== null && Symbol.asyncIterator in value;
}

function isResult(value: unknown): value is ExecutionResult {
  return typeof value === "object" && value !== null && !isAsyncIterable(value);
}

const SUGGESTION = /\s*Did you mean [^?]*\?/g;

/** The error without graphql-js' "Did you mean …?" hints (fields, arguments, types, enum values). */
export function withoutSuggestions(error: GraphQLError): GraphQLError {
  if (!error.message.includes("Did you mean")) return error;
  return new GraphQLError(error.message.replace(SUGGESTION, ""), {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    originalError: error.originalError,
    extensions: error.extensions,
  });
}

/** A document's own text problem (null: none), remembered per parsed document (Yoga keeps one per text). */
const documentProblems = new WeakMap<DocumentNode, string | null>();

/**
 * Why a request's text cannot be stored or searched: a NUL character or an unpaired UTF-16 surrogate in a string
 * literal of the document or anywhere in the variables. Undefined when all text is fine.
 */
export function badText(document: DocumentNode, variables: unknown): string | undefined {
  let found = documentProblems.get(document);
  if (found === undefined) {
    let problem: string | undefined;
    visit(document, {
      [Kind.STRING](node) {
        problem ??= textProblem(node.value);
      },
    });
    found = problem ?? null;
    documentProblems.set(document, found);
  }
  return found ?? variableProblem(variables, 0);
}

function variableProblem(value: unknown, depth: number): string | undefined {
  if (typeof value === "string") return textProblem(value);
  if (typeof value !== "object" || value === null || depth > 32) return undefined;
  for (const item of Array.isArray(value) ? value : Object.values(value)) {
    const problem = variableProblem(item, depth + 1);
    if (problem) return problem;
  }
  return undefined;
}

function textProblem(text: string): string | undefined {
  if (text.includes("\u0000")) return "Text must not contain the NUL character (U+0000).";
  if (!text.isWellFormed()) return "Text must be well-formed Unicode (an unpaired surrogate was sent).";
  return undefined;
}

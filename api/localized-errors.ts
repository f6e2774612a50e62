import {
  type ExecutionArgs,
  type ExecutionResult,
  type FieldNode,
  type FragmentDefinitionNode,
  GraphQLError,
  getArgumentValues,
  getOperationAST,
  Kind,
  type SelectionSetNode,
} from "graphql";
import { isAsyncIterable, type Plugin } from "graphql-yoga";
import { type Message, messageLanguage, renderMessage } from "#domain/messages.ts";
import { type ReferenceData, resolveLocale } from "#services/reference.ts";
import type { ApiContext } from "./context.ts";

/**
 * Errors a shopper can cause answer in the request's language (docs/decisions/0015). A resolver throws an
 * ApiError (api/errors.ts) that carries its message as a key and values (domain/messages.ts); this plugin renders
 * it, after execution, in the language of the operation field the error belongs to: that field's `languageId`,
 * else its channel's default language, resolved as every resolver resolves it (services/reference.ts). One place,
 * for HTTP, the storefront's in-process calls and subscriptions alike; errors without a message key (parse and
 * validation errors, masked faults) pass unchanged.
 */
export function useLocalizedErrors(): Plugin<ApiContext> {
  return {
    onExecute({ args }) {
      const localizeResult = async (result: ExecutionResult, set: (r: ExecutionResult) => void) => {
        if (!needsLocalizing(result)) return;
        const ref = await referenceOf(args.contextValue);
        if (ref) set(localize(result, args, ref));
      };
      return {
        onExecuteDone({ result, setResult }) {
          if (isAsyncIterable(result))
            return { onNext: ({ result: next, setResult: setNext }) => localizeResult(next, setNext) };
          return localizeResult(result, setResult);
        },
      };
    },
    async onSubscribe({ args }) {
      // The subscribe result hook cannot wait: the reference data is read before (it is cached).
      const ref = await referenceOf(args.contextValue);
      return {
        onSubscribeResult({ result, setResult }) {
          if (!ref) return undefined;
          if (isAsyncIterable(result))
            return {
              onNext({ result: next, setResult: setNext }) {
                if (needsLocalizing(next)) setNext(localize(next, args, ref));
              },
            };
          if (needsLocalizing(result)) setResult(localize(result, args, ref));
          return undefined;
        },
      };
    },
  };
}

/** The channels and languages, or null when they cannot be read (a fault elsewhere): the messages stay as thrown. */
function referenceOf(ctx: ApiContext): Promise<ReferenceData | null> {
  return ctx.reference.get().catch(() => null);
}

function needsLocalizing(result: ExecutionResult): boolean {
  return result.errors?.some((e) => textOf(e) !== undefined) ?? false;
}

/** The message an error carries (its own, or the one of the error a resolver threw), if any. */
function textOf(error: GraphQLError): Message | undefined {
  for (const candidate of [error, error.originalError]) {
    const text = (candidate as { text?: unknown } | undefined)?.text;
    if (text && typeof text === "object" && typeof (text as Message).key === "string") return text as Message;
  }
  return undefined;
}

/** The result with its shopper-facing errors in their language; unchanged when that cannot be decided. */
function localize<R extends ExecutionResult>(result: R, args: ExecutionArgs, ref: ReferenceData): R {
  try {
    return localized(result, args, ref);
  } catch {
    return result;
  }
}

function localized<R extends ExecutionResult>(result: R, args: ExecutionArgs, ref: ReferenceData): R {
  if (!result.errors) return result;
  const languages = new Map<string | number | undefined, ReturnType<typeof messageLanguage>>();
  const languageFor = (key: string | number | undefined) => {
    let language = languages.get(key);
    if (!language) {
      const fieldArgs = typeof key === "string" ? rootFieldArguments(args, key) : undefined;
      const { locale } = resolveLocale(ref, {
        channelId: stringOrNull(fieldArgs?.channelId),
        marketId: stringOrNull(fieldArgs?.marketId),
        languageId: stringOrNull(fieldArgs?.languageId),
      });
      language = messageLanguage(locale.language.code || locale.language.id);
      languages.set(key, language);
    }
    return language;
  };
  const errors = result.errors.map((error) => {
    const text = textOf(error);
    if (!text) return error;
    return new GraphQLError(renderMessage(text, languageFor(error.path?.[0])), {
      nodes: error.nodes ?? null,
      source: error.source ?? null,
      positions: error.positions ?? null,
      path: error.path ?? null,
      originalError: error.originalError ?? null,
      extensions: error.extensions,
    });
  });
  return { ...result, errors };
}

const stringOrNull = (value: unknown) => (typeof value === "string" ? value : null);

/** The arguments of the operation's root field answered under `responseKey` (its alias or name). */
function rootFieldArguments(args: ExecutionArgs, responseKey: string): Record<string, unknown> | undefined {
  const operation = getOperationAST(args.document, args.operationName);
  if (!operation) return undefined;
  const rootType = args.schema.getRootType(operation.operation);
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of args.document.definitions)
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  const field = findField(operation.selectionSet, responseKey, fragments, new Set());
  const definition = field && rootType?.getFields()[field.name.value];
  if (!field || !definition) return undefined;
  try {
    return getArgumentValues(definition, field, args.variableValues ?? undefined);
  } catch {
    return undefined;
  }
}

function findField(
  selectionSet: SelectionSetNode,
  responseKey: string,
  fragments: Map<string, FragmentDefinitionNode>,
  seen: Set<string>,
): FieldNode | undefined {
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      if ((selection.alias ?? selection.name).value === responseKey) return selection;
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      const found = findField(selection.selectionSet, responseKey, fragments, seen);
      if (found) return found;
    } else {
      const name = selection.name.value;
      const fragment = fragments.get(name);
      if (!fragment || seen.has(name)) continue;
      seen.add(name);
      const found = findField(fragment.selectionSet, responseKey, fragments, seen);
      if (found) return found;
    }
  }
  return undefined;
}

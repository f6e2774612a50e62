/**
 * The shape of the recorded Geins client operations (see README.md). The data says what a client sends and
 * reads; `build.ts` turns it back into a GraphQL document with Mili's own printer.
 */

/** A GraphQL input value: a variable, an enum value, a literal, a list or an input object. */
export type Value =
  | { $var: string }
  | { $enum: string }
  | string
  | number
  | boolean
  | null
  | Value[]
  | { [field: string]: Value };

/** A field: a bare name when it has no alias, arguments or sub-selection. */
export type Selection =
  | string
  | { field: string; alias?: string; args?: Record<string, Value>; select?: Selection[] }
  | { spread: string }
  | { on: string | null; select: Selection[] };

export interface FragmentRecord {
  /** The type condition, as the client spells it (e.g. `PriceType`). */
  on: string;
  select: Selection[];
}

export interface VariableRecord {
  name: string;
  /** The declared type, e.g. `String!`, `[PageWidgetCollectionFilterInputType]`. */
  type: string;
  default?: Value;
}

/** What a test must create before it can run an example: carts in given states, the demo package. */
export type ContextKey =
  | "cartId"
  | "cartItemId"
  | "cartGroupKey"
  | "completedCartId"
  | "cartToCompleteId"
  | "packageId"
  | "packageSelections";

export interface ExampleRecord {
  label: string;
  /** JSON variables as the client sends them (with channelId, languageId and marketId always added). */
  variables: Record<string, unknown>;
  /** Variables (dotted paths) filled from the test's context, e.g. `{ id: "cartId", "item.id": "cartItemId" }`. */
  context?: Record<string, ContextKey>;
  /** Further fixed values at dotted paths, set after the context. */
  fixed?: Record<string, unknown>;
}

export type Area =
  | "catalog"
  | "cart"
  | "channel"
  | "menu"
  | "content"
  | "newsletter"
  | "reviews"
  | "account"
  | "checkout"
  | "order"
  | "back-in-stock";

export interface OperationRecord {
  /** `{client}/{operation name}`, with `@{document}` when the client has several operations of that name. */
  id: string;
  client: string;
  name: string;
  /** Where the client keeps the document (for people; nothing is read from it). */
  source: string;
  area: Area;
  type: "query" | "mutation" | "subscription";
  /** The root fields, in order. */
  roots: string[];
  variables: VariableRecord[];
  select: Selection[];
  examples: ExampleRecord[];
  /** What the client does with the answer that the schema does not show (read from its components). */
  meaning: string[];
}

export interface ClientRecord {
  client: string;
  repository: string;
  commit: string;
  /** What holds for every operation of this client. */
  notes: string[];
  /** The client's fragments by name; operations refer to them by `{ spread: name }`. */
  fragments: Record<string, FragmentRecord>;
  operations: OperationRecord[];
}

export type GeinsTypeKind = "scalar" | "enum" | "input" | "object" | "other";

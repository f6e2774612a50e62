import {
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  GraphQLIncludeDirective,
  GraphQLList,
  type GraphQLNamedType,
  GraphQLNonNull,
  type GraphQLOutputType,
  type GraphQLSchema,
  GraphQLSkipDirective,
  getDirectiveValues,
  getNamedType,
  getVariableValues,
  isAbstractType,
  isInterfaceType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  SchemaMetaFieldDef,
  type SelectionSetNode,
  TypeMetaFieldDef,
  TypeNameMetaFieldDef,
} from "graphql";
import { MAX_CART_LINES } from "#domain/cart.ts";
import { MAX_RECOMMENDATIONS } from "#domain/recommendation.ts";
import { MAX_TAKE } from "#services/catalog/filter.ts";
import { MAX_BALANCE_HISTORY } from "#services/customers/balance.ts";
import { MAX_ORDERS_LISTED } from "#services/orders/read.ts";
import { MAX_REVIEWS_TAKE } from "#services/reviews.ts";

/**
 * What an operation costs before it runs (decision 0018): about the number of values its answer can hold.
 *
 * - Every selected field costs 1, plus its weight in FIELD_WEIGHT (work beyond its values: a list query with its
 *   count and facets, a search); every object of a type in TYPE_WEIGHT costs that much more (a product).
 * - A list multiplies what is selected inside it by its size: nested lists multiply. A paged field's `take`
 *   (its default when absent, at most its maximum) sizes the field when it is a list, else the lists directly
 *   inside its result (`products(take: 200) { products {…} }`: 200 products, but one `count` and one `filters`).
 *   Other lists have the size in LIST_SIZE, a generous bound of what the data holds; a list missing there counts
 *   DEFAULT_LIST_SIZE items (a test keeps every list of the schema listed).
 * - Aliases count once each, fragments as often as they are spread, both branches of a type condition (an upper
 *   bound); `@skip(if: true)` / `@include(if: false)` cost nothing; introspection costs INTROSPECTION_COST.
 */
export const MAX_COST = 25_000;

export const DEFAULT_LIST_SIZE = 10;

/**
 * Paged fields: the argument that sizes them (`take` unless named), its default (what the resolver takes when it
 * is absent) and its maximum.
 */
export const PAGED: Readonly<Record<string, { arg?: string; default: number; max: number }>> = {
  "Query.products": { default: 20, max: MAX_TAKE },
  "Query.reviews": { default: 5, max: MAX_REVIEWS_TAKE },
  "Query.productQuestions": { default: 5, max: MAX_REVIEWS_TAKE },
  "Query.searchSuggestions": { default: 6, max: 20 },
  "Query.productPriceHistory": { arg: "days", default: 90, max: 365 },
  "Query.recommendedProducts": { default: 8, max: MAX_RECOMMENDATIONS },
  "Query.pendingProductReviews": { default: 20, max: 100 },
  "Query.pendingProductQuestions": { default: 20, max: 100 },
};

/** The size each other list field is counted at. */
export const LIST_SIZE: Readonly<Record<string, number>> = {
  "BrandType.alternativeUrls": 2,
  "CartType.items": MAX_CART_LINES,
  "ChannelType.languages": 3,
  "MenuType.menuItems": 20,
  "PageWidgetCollectionType.containers": 1,
  "PageWidgetCollectionType.widgets": 20,
  "PageWidgetContainerType.widgets": 20,
  "PageWidgetImageType.sizes": 1,
  "PageWidgetType.images": 1,
  "ProductType.categories": 5,
  "RelatedProductType.discountCampaigns": 5,
  "RelatedProductType.parameterGroups": 5,
  "RelatedProductType.productImages": 5,
  "RelatedProductType.skus": 10,
  "CartType.appliedCampaigns": 10,
  "CartType.giftCards": 5,
  "CampaignType.appliedCampaigns": 5,
  "CampaignType.prices": 5,
  "CategoryType.alternativeUrls": 2,
  "CategoryType.children": 25,
  "ChannelType.markets": 20,
  "ChannelType.theme": 50,
  "ContentPage.alternativeUrls": 2,
  "ContentPage.widgets": 20,
  "ContentPageAdminType.translations": 3,
  "FilterType.values": 50,
  "FilterCollectionType.facets": 20,
  "MarketType.allowedLanguages": 3,
  "MenuType.items": 20,
  "MenuItemType.children": 20,
  "GroupType.options": 10,
  "PageInfoType.alternativeUrls": 2,
  "PageInfoType.breadcrumbs": 5,
  "PageInfoType.subCategories": 25,
  "ParameterGroupType.parameters": 20,
  "ProductType.alternativeUrls": 2,
  "ProductType.breadcrumbs": 5,
  "ProductType.discountCampaigns": 5,
  "ProductType.parameterGroups": 5,
  "ProductType.priceLog": 30,
  "ProductType.productImages": 5,
  "ProductType.skus": 10,
  "ProductType.variantDimensions": 5,
  "ProductImageType.tags": 3,
  "ProductPackageType.groups": 5,
  "Query.brands": 200,
  "Query.campaigns": 50,
  "Query.categories": 100,
  "Query.channels": 2,
  "Query.cmsPages": 50,
  "Query.relatedProducts": 12,
  "VariantType.attributes": 3,
  "VariantType.variants": 8,
  "VariantGroupType.variants": 5,
  // Accounts (issue 12): a shopper's own data.
  "Query.getSessions": 20,
  "UserType.availableChannels": 2,
  "UserType.balances": 5,
  "UserType.balanceHistory": MAX_BALANCE_HISTORY,
  "UserChannelType.availableMarkets": 20,
  // The checkout and orders (decision 0030). getOrders and an order's cart are sized by the shopper's own data
  // when the bounds are too much (api/known-sizes.ts).
  "CheckoutOrderType.rows": MAX_CART_LINES,
  "CheckoutType.consents": 1,
  "CheckoutType.errors": 20,
  "CheckoutType.paymentOptions": 5,
  "CheckoutType.shippingOptions": 10,
  "ShippingOptionType.subOptions": 1,
  "ValidateOrderCreationResponseType.errors": 20,
  "OrderType.paymentDetails": 1,
  // An order's refunds (decision 0065): one per refund made and one for what a cancellation gave back — a few in
  // practice, so a generous 10 (each lists at most the order's lines).
  "OrderType.refunds": 10,
  "RefundType.lines": MAX_CART_LINES,
  "OrderType.shippingDetails": 1,
  "Query.getOrders": MAX_ORDERS_LISTED,
};

/** Work each object of a type costs beyond its fields (a product is a row with prices, stock and images). */
export const TYPE_WEIGHT: Readonly<Record<string, number>> = {
  ProductType: 20,
  RelatedProductType: 20,
};

/** Work a field does beyond the values it answers. */
export const FIELD_WEIGHT: Readonly<Record<string, number>> = {
  "Query.products": 100,
  "ProductsResultType.filters": 500,
  "Query.searchSuggestions": 100,
  "Query.product": 20,
  "Query.relatedProducts": 20,
  "Query.recommendedProducts": 40,
  "Query.reviews": 10,
  "Query.productQuestions": 10,
  "Query.productPriceHistory": 10,
};

/** What `__schema` or `__type` costs, whatever is selected inside (the schema is the bound). */
export const INTROSPECTION_COST = 2_500;

/** Selections nested deeper than this are not followed (validation refused fragment cycles already). */
const MAX_WALK_DEPTH = 64;

/**
 * The cost of the operation `operationName` (or the only one) of a validated document, with the request's
 * variables; undefined when the variables do not fit the operation (execution refuses those before any resolver).
 */
export function operationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown> | null | undefined,
  operationName?: string | null,
  /**
   * Sizes known for this request (api/known-sizes.ts: the lines of the carts it names, the signed-in shopper's
   * orders): they replace LIST_SIZE's bounds for these coordinates (a take still wins).
   */
  known: Readonly<Record<string, number>> = {},
): number | undefined {
  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  const operation = operationName
    ? operations.find((o) => o.name?.value === operationName)
    : operations.length === 1
      ? operations[0]
      : undefined;
  if (!operation) return undefined;
  const rootType = schema.getRootType(operation.operation);
  if (!rootType) return undefined;
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables ?? {});
  if (coerced.errors) return undefined;
  // The walk is the same for the same document, operation, schema and known sizes, and the same values of the
  // variables it reads (a take, an @include's condition): an earlier walk whose variables read had the values this
  // request has came to this cost (decision 0077). Other variables (an alias, a channel) do not change it.
  const walks = costWalksOf(schema, document, operation, known);
  for (const earlier of walks) {
    if (variablesKey(earlier.reads, coerced.coerced) === earlier.values) return earlier.cost;
  }
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions)
    if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const reads: string[] = [];
  const cost = selectionSetCost(
    { schema, fragments, variables: readsRecorded(coerced.coerced, reads), known },
    operation.selectionSet,
    rootType,
    undefined,
    0,
  );
  if (walks.length >= MAX_WALKS_KEPT) walks.shift();
  walks.push({ reads, values: variablesKey(reads, coerced.coerced), cost });
  return cost;
}

/** An operation's cost for the values its walk read of the variables, in the order it read them. */
interface CostWalk {
  reads: string[];
  values: string;
  cost: number;
}

/** Walks kept per document, operation and known sizes (most operations have one: their takes are constants). */
const MAX_WALKS_KEPT = 16;
const costWalks = new WeakMap<GraphQLSchema, WeakMap<DocumentNode, Map<string, CostWalk[]>>>();

function costWalksOf(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  known: Readonly<Record<string, number>>,
): CostWalk[] {
  let bySchema = costWalks.get(schema);
  if (!bySchema) {
    bySchema = new WeakMap();
    costWalks.set(schema, bySchema);
  }
  let byDocument = bySchema.get(document);
  if (!byDocument) {
    byDocument = new Map();
    bySchema.set(document, byDocument);
  }
  // Known sizes come from a request's own data (a cart's lines): rare, and not worth keeping a walk for.
  const key = `${operation.name?.value ?? ""}\u0000${Object.keys(known).length ? JSON.stringify(known) : ""}`;
  let walks = byDocument.get(key);
  if (!walks) {
    if (byDocument.size >= MAX_WALKS_KEPT) byDocument.clear();
    walks = [];
    byDocument.set(key, walks);
  }
  return walks;
}

/** The values of the named variables, as a string that tells undefined, null and every JSON value apart. */
function variablesKey(names: readonly string[], variables: Record<string, unknown>): string {
  return names
    .map((name) => {
      const own = Object.hasOwn(variables, name);
      const value = own ? variables[name] : undefined;
      return own ? `=${JSON.stringify(value, exactly) ?? "u"}` : "-";
    })
    .join(",");
}

/** JSON, with what JSON would merge kept apart: undefined (dropped or null) and numbers it writes as null. */
function exactly(_key: string, value: unknown): unknown {
  if (value === undefined) return "\u0000undefined";
  if (typeof value === "number" && !Number.isFinite(value)) return `\u0000${value}`;
  if (typeof value === "string" && value.startsWith("\u0000")) return `\u0000${value}`;
  return value;
}

/** The variables, recording each name the walk asks about (its value or whether it has one). */
function readsRecorded(variables: Record<string, unknown>, reads: string[]): Record<string, unknown> {
  const note = (name: string | symbol) => {
    if (typeof name === "string" && !reads.includes(name)) reads.push(name);
  };
  return new Proxy(variables, {
    get(target, name, receiver) {
      note(name);
      return Reflect.get(target, name, receiver);
    },
    has(target, name) {
      note(name);
      return Reflect.has(target, name);
    },
    getOwnPropertyDescriptor(target, name) {
      note(name);
      return Reflect.getOwnPropertyDescriptor(target, name);
    },
  });
}

interface Walk {
  schema: GraphQLSchema;
  fragments: Map<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
  known: Readonly<Record<string, number>>;
}

function selectionSetCost(
  walk: Walk,
  set: SelectionSetNode,
  type: GraphQLNamedType,
  pageSize: number | undefined,
  depth: number,
): number {
  if (depth > MAX_WALK_DEPTH) return Number.POSITIVE_INFINITY;
  let cost = 0;
  for (const selection of set.selections) {
    if (!included(walk, selection)) continue;
    if (selection.kind === Kind.FIELD) {
      cost += fieldCost(walk, selection, type, pageSize, depth);
    } else {
      const fragment =
        selection.kind === Kind.FRAGMENT_SPREAD ? walk.fragments.get(selection.name.value) : selection;
      if (!fragment) continue;
      const condition = fragment.typeCondition
        ? walk.schema.getType(fragment.typeCondition.name.value)
        : type;
      if (!condition) continue;
      cost += selectionSetCost(walk, fragment.selectionSet, condition, pageSize, depth + 1);
    }
  }
  return cost;
}

function fieldCost(
  walk: Walk,
  node: FieldNode,
  parent: GraphQLNamedType,
  pageSize: number | undefined,
  depth: number,
): number {
  const name = node.name.value;
  if (name === TypeNameMetaFieldDef.name) return 0;
  // Introspection answers from the schema in memory, at most the whole schema (about 140 kB): a flat price.
  if (name === SchemaMetaFieldDef.name || name === TypeMetaFieldDef.name) return INTROSPECTION_COST;
  const field = fieldDef(walk.schema, parent, name);
  if (!field) return 1;
  const coordinate = `${parent.name}.${name}`;
  const own = 1 + (FIELD_WEIGHT[coordinate] ?? 0);
  if (!node.selectionSet) return own;
  const paging = PAGED[coordinate];
  const page = paging ? takeOf(walk, node, paging) : undefined;
  const lists = listDepth(field.type);
  let size = 1;
  if (lists > 0) {
    const first = page ?? pageSize ?? walk.known[coordinate] ?? LIST_SIZE[coordinate] ?? DEFAULT_LIST_SIZE;
    // A list of lists: the inner levels count the default size each.
    size = first * DEFAULT_LIST_SIZE ** (lists - 1);
  }
  const named = getNamedType(field.type);
  const inner =
    (TYPE_WEIGHT[named.name] ?? 0) +
    selectionSetCost(walk, node.selectionSet, named, lists === 0 ? page : undefined, depth + 1);
  return own + size * inner;
}

function fieldDef(
  schema: GraphQLSchema,
  parent: GraphQLNamedType,
  name: string,
): GraphQLField<unknown, unknown> | undefined {
  if (parent === schema.getQueryType()) {
    if (name === SchemaMetaFieldDef.name) return SchemaMetaFieldDef;
    if (name === TypeMetaFieldDef.name) return TypeMetaFieldDef;
  }
  if (isObjectType(parent) || isInterfaceType(parent)) return parent.getFields()[name];
  if (isAbstractType(parent)) return undefined;
  return undefined;
}

function listDepth(type: GraphQLOutputType): number {
  let depth = 0;
  let t: GraphQLOutputType = type;
  for (;;) {
    if (t instanceof GraphQLNonNull) t = t.ofType;
    else if (t instanceof GraphQLList) {
      depth++;
      t = t.ofType;
    } else return depth;
  }
}

/** `take` as the resolver will read it: the argument or its variable, else the default; within 0…max. */
function takeOf(walk: Walk, node: FieldNode, paging: { arg?: string; default: number; max: number }): number {
  const name = paging.arg ?? "take";
  const arg = node.arguments?.find((a) => a.name.value === name);
  let value: unknown;
  if (arg?.value.kind === Kind.INT) value = Number(arg.value.value);
  else if (arg?.value.kind === Kind.VARIABLE) value = walk.variables[arg.value.name.value];
  const take = typeof value === "number" && Number.isFinite(value) ? value : paging.default;
  return Math.min(Math.max(take, 0), paging.max);
}

function included(walk: Walk, node: { directives?: readonly unknown[] | undefined }): boolean {
  const n = node as FieldNode;
  if (!n.directives?.length) return true;
  try {
    if (getDirectiveValues(GraphQLSkipDirective, n, walk.variables)?.if === true) return false;
    if (getDirectiveValues(GraphQLIncludeDirective, n, walk.variables)?.if === false) return false;
  } catch {
    // A malformed directive argument: execution reports it; count the selection.
  }
  return true;
}

import fc from "fast-check";
import {
  type GraphQLInputType,
  getIntrospectionQuery,
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  type OperationDefinitionNode,
  parse,
  typeFromAST,
} from "graphql";
import { describe, expect, it } from "vitest";
import { INTROSPECTION_COST, LIST_SIZE, MAX_COST, operationCost, PAGED } from "#api/cost.ts";
import { schema } from "#api/schema.ts";
import { operationText } from "#app/lib/graphql/client.ts";
import { operations } from "#app/lib/graphql/operations.ts";

/**
 * The cost budget (decision 0018) fits the storefront's own operations at their largest (every take at its
 * maximum) and the queries a Geins storefront typically sends, and refuses the probe of issue 10.
 */

/** A value for a variable of this type: every Int at 10,000 (so each take is counted at its maximum). */
function largest(type: GraphQLInputType, depth = 0): unknown {
  const inner = getNullableType(type);
  if (isListType(inner)) return [];
  if (isInputObjectType(inner)) {
    const value: Record<string, unknown> = {};
    for (const field of Object.values(inner.getFields()))
      if (isNonNullType(field.type) && depth < 5) value[field.name] = largest(field.type, depth + 1);
    return value;
  }
  if (isEnumType(inner)) return inner.getValues()[0]?.value;
  switch (getNamedType(inner).name) {
    case "Int":
      return 10_000;
    case "Float":
      return 1;
    case "Boolean":
      return true;
    default:
      return "x";
  }
}

function costAtMost(query: string, operationName?: string) {
  const document = parse(query);
  const operation = document.definitions.find(
    (d): d is OperationDefinitionNode =>
      d.kind === "OperationDefinition" && (!operationName || d.name?.value === operationName),
  );
  const variables: Record<string, unknown> = {};
  for (const v of operation?.variableDefinitions ?? []) {
    const type = typeFromAST(schema, v.type as never) as GraphQLInputType | undefined;
    if (type) variables[v.variable.name.value] = largest(type);
  }
  return operationCost(schema, document, variables, operationName);
}

describe("the cost budget", () => {
  it.each(operations.map((doc) => [operationText(doc).operationName ?? "?", doc] as const))(
    "fits the storefront's %s with every take at its maximum",
    (name, doc) => {
      const cost = costAtMost(operationText(doc).query, name);
      expect(cost).toBeDefined();
      expect(cost).toBeLessThanOrEqual(MAX_COST);
    },
  );

  it("fits a Geins storefront's list page (48 products with SKUs and stock, campaigns and facets)", () => {
    const query = `query products($skip: Int!, $take: Int!, $filter: FilterInputType!) {
      products(skip: $skip, take: $take, filter: $filter) {
        count
        products {
          brand { name } name productId articleNumber alias canonicalUrl type
          unitPrice { sellingPriceIncVat sellingPriceExVat regularPriceIncVat regularPriceExVat isDiscounted
            sellingPriceIncVatFormatted sellingPriceExVatFormatted regularPriceIncVatFormatted regularPriceExVatFormatted vat }
          productImages { fileName tags }
          discountCampaigns { name hideTitle }
          primaryCategory { name }
          totalStock { inStock oversellable totalStock static incoming }
          skus { skuId name gtin stock { inStock oversellable totalStock static incoming } }
        }
        filters { facets { filterId group label type values { _id count facetId parentId label order } } }
      }
    }`;
    const cost = operationCost(schema, parse(query), { skip: 0, take: 48, filter: {} });
    expect(cost).toBeLessThanOrEqual(MAX_COST);
  });

  it("lets a development tool read the schema (the full introspection query) at a flat price", () => {
    expect(operationCost(schema, parse(getIntrospectionQuery()), {})).toBe(INTROSPECTION_COST);
  });

  it("refuses the probe: 20 aliases × products(take: 200)", () => {
    const probe = `{ ${Array.from({ length: 20 }, (_, i) => `a${i}: products(take: 200) { products { name } }`).join(" ")} }`;
    expect(operationCost(schema, parse(probe), {})).toBeGreaterThan(MAX_COST);
  });

  it("sizes every list field of the schema: by a take, by its paged parent, or in LIST_SIZE", () => {
    const pagedResults = new Set(
      Object.keys(PAGED).map((coordinate) => {
        const [type = "", field = ""] = coordinate.split(".");
        const parent = schema.getType(type);
        const def = isObjectType(parent) ? parent.getFields()[field] : undefined;
        return def ? getNamedType(def.type).name : "";
      }),
    );
    const unsized: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (!isObjectType(type) || type.name.startsWith("__")) continue;
      for (const field of Object.values(type.getFields())) {
        const coordinate = `${type.name}.${field.name}`;
        const list = isListType(getNullableType(field.type));
        const leaf = !isObjectType(getNamedType(field.type));
        if (!list || leaf) continue;
        if (coordinate in PAGED || coordinate in LIST_SIZE || pagedResults.has(type.name)) continue;
        unsized.push(coordinate);
      }
    }
    expect(unsized).toEqual([]);
  });

  it("counts a product's lists multiplicatively and aliases once each", () => {
    const one = operationCost(schema, parse("{ products(take: 10) { products { skus { skuId } } } }"), {});
    const two = operationCost(
      schema,
      parse(
        "{ a: products(take: 10) { products { skus { skuId } } } b: products(take: 10) { products { skus { skuId } } } }",
      ),
      {},
    );
    const deeper = operationCost(
      schema,
      parse("{ products(take: 10) { products { skus { skuId stock { inStock } } } } }"),
      {},
    );
    expect(two).toBe(2 * (one ?? 0));
    // 10 products × 10 SKUs: one more field per SKU (stock) and one per its inStock.
    expect((deeper ?? 0) - (one ?? 0)).toBe(10 * (LIST_SIZE["ProductType.skus"] ?? 0) * 2);
  });

  it("counts nothing under @skip(if: true) and counts take from variables, clamped to its maximum", () => {
    const q = parse(
      "query($t: Int, $s: Boolean!) { products(take: $t) { products { name skus @skip(if: $s) { skuId } } } }",
    );
    const skipped = operationCost(schema, q, { t: 10, s: true });
    const kept = operationCost(schema, q, { t: 10, s: false });
    expect(kept).toBeGreaterThan(skipped ?? 0);
    expect(operationCost(schema, q, { t: 1_000_000, s: true })).toBe(
      operationCost(schema, q, { t: 200, s: true }),
    );
  });

  it("costs a document it has walked before as a fresh walk would (decision 0077: walks kept by the variables read)", () => {
    const text = `query Q($t: Int, $r: Int, $s: Boolean!, $i: Boolean, $alias: String!) {
      products(take: $t) { products { name skus @skip(if: $s) { skuId } } }
      reviews(alias: $alias, take: $r) @include(if: $i) { reviews { author } }
      product(alias: $alias) { name skus { skuId } }
    }`;
    const kept = parse(text);
    const take = fc.oneof(fc.constant(undefined), fc.constant(null), fc.integer({ min: -5, max: 400 }));
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            t: take,
            r: take,
            s: fc.boolean(),
            i: fc.oneof(fc.constant(undefined), fc.boolean()),
            alias: fc.string({ maxLength: 8 }),
          }),
          { minLength: 1, maxLength: 30 },
        ),
        (requests) => {
          for (const raw of requests) {
            const variables = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined));
            expect(operationCost(schema, kept, variables, "Q")).toBe(
              operationCost(schema, parse(text), variables, "Q"),
            );
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

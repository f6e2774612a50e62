import SchemaBuilder from "@pothos/core";
import { GraphQLError, Kind, type ValueNode } from "graphql";
import type { ApiContext } from "./context.ts";

/**
 * The Geins Merchant API's scalars (decision 0019): `Decimal` for money and rates, `Long` for counts (both JSON
 * numbers), `Guid` for public ids (a string). Money stays integer minor units inside; the edge converts.
 */
export const builder = new SchemaBuilder<{
  Context: ApiContext;
  DefaultFieldNullability: false;
  Scalars: {
    Decimal: { Input: number; Output: number };
    Long: { Input: number; Output: number };
    Guid: { Input: string; Output: string };
  };
}>({
  defaultFieldNullability: false,
});

function numberScalar(name: string, integer: boolean) {
  const check = (value: unknown): number => {
    const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
    if (typeof n !== "number" || !Number.isFinite(n) || (integer && !Number.isSafeInteger(n)))
      throw new GraphQLError(`${name} cannot represent ${JSON.stringify(value)}`);
    return n;
  };
  return {
    serialize: check,
    parseValue: check,
    parseLiteral: (ast: ValueNode) => {
      if (ast.kind === Kind.STRING) return check(ast.value);
      if (ast.kind === Kind.INT || ast.kind === Kind.FLOAT) return check(Number(ast.value));
      throw new GraphQLError(`${name} cannot represent a ${ast.kind}`);
    },
  };
}

builder.scalarType("Decimal", {
  description: "A decimal number (money in major units, rates); a JSON number",
  ...numberScalar("Decimal", false),
});
builder.scalarType("Long", {
  description: "A 64-bit integer (counts); a JSON number",
  ...numberScalar("Long", true),
});
builder.scalarType("Guid", {
  description: "A globally unique id; a string",
  serialize: (value) => String(value),
  parseValue: (value) => {
    if (typeof value !== "string") throw new GraphQLError("Guid must be a string");
    return value;
  },
  parseLiteral: (ast) => {
    if (ast.kind !== Kind.STRING) throw new GraphQLError("Guid must be a string");
    return ast.value;
  },
});

builder.queryType({ description: "Reading the shop: channels, catalog, cart, content." });

/** channelId, marketId and languageId: accepted by every operation; unknown or missing values fall back. */
export const localeArgs = builder.args((t) => ({
  channelId: t.string({ required: false, description: 'Channel, e.g. "1|se" or "2|no".' }),
  marketId: t.string({ required: false, description: 'Market alias, e.g. "se", "no".' }),
  languageId: t.string({ required: false, description: 'Language, e.g. "sv-SE", "nb-NO".' }),
}));

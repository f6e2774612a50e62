import { initGraphQLTada } from "gql.tada";
import type { introspection } from "./graphql-env.d.ts";

/** Typed GraphQL documents: the result and variable types come from schema.graphql (npm run schema:print). */
export const graphql = initGraphQLTada<{
  introspection: introspection;
  disableMasking: true;
  scalars: { Decimal: number; Long: number; Guid: string; ID: string };
}>();

export type { FragmentOf, ResultOf, VariablesOf } from "gql.tada";

import { lexicographicSortSchema, printSchema } from "graphql";
import { builder } from "./builder.ts";
import "./types/channel.ts";
import "./types/content.ts";
import "./types/lists.ts";
import "./types/newsletter.ts";
import "./types/product.ts";

export const schema = builder.toSchema();

/** The SDL committed as schema.graphql, so every change to the API shows in review. */
export function printedSchema(): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}

import { lexicographicSortSchema, printSchema } from "graphql";
import { builder } from "./builder.ts";
import "./types/cart.ts";
import "./types/channel.ts";
import "./types/checkout/index.ts";
import "./types/content.ts";
import "./types/content-admin.ts";
import "./types/lists.ts";
import "./types/login-token.ts";
import "./types/newsletter.ts";
import "./types/order.ts";
import "./types/product.ts";
import "./types/product-detail.ts";
import "./types/questions.ts";
import "./types/recommendations.ts";
import "./types/reviews.ts";
import "./types/search.ts";
import "./types/stock-monitors.ts";
import "./types/subscription.ts";
import "./types/user.ts";

export const schema = builder.toSchema();

/** The SDL committed as schema.graphql, so every change to the API shows in review. */
export function printedSchema(): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}

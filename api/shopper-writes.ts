import { type Message, msg } from "#domain/messages.ts";
import { productIdByAlias } from "#services/product-detail.ts";
import type { ApiContext } from "./context.ts";
import { apiError } from "./errors.ts";

/**
 * What a signed-in shopper's writes about a product (reviews, questions) share: refusing a checked input with its
 * first problem's message and every problem's field, and finding the product by its alias in the request's language.
 */
export function refuseProblems<P extends { field: string }>(
  problems: readonly P[],
  message: (p: P) => Message,
): never {
  const [first] = problems as [P, ...P[]];
  throw apiError("BAD_USER_INPUT", message(first), {
    field: first.field,
    fields: problems.map((p) => p.field),
  });
}

/** The product an alias names in the request's language, with the request's locale; NOT_FOUND otherwise. */
export async function productOfAlias(
  ctx: ApiContext,
  args: Parameters<ApiContext["locale"]>[0] & { alias: string },
) {
  const locale = await ctx.locale(args);
  const alias = args.alias.slice(0, 200);
  const productId = alias ? await productIdByAlias(ctx.db, locale.language.id, alias) : null;
  if (productId === null) throw apiError("NOT_FOUND", msg("api.productNotFound"), { argument: "alias" });
  return { productId, locale };
}

import { PUBLIC_PAGE } from "../lib/cache.ts";
import type { ResultOf } from "../lib/graphql/graphql.ts";
import { ProductSuggestionsQuery } from "../lib/graphql/product-operations.ts";
import { requestClient } from "../lib/graphql/server.ts";
import { aliasParam } from "../lib/product-alias.ts";
import type { Route } from "./+types/api.related";

/**
 * What the page shows: the merchant's related products in their order, the recommendations the related ones do not
 * already show (docs/decisions/0040), and each recommendation's tracking code for the provider's click-collect
 * (decision 0046), by product id.
 */
function suggestionsOf(data: ResultOf<typeof ProductSuggestionsQuery>) {
  const related = (data.relatedProducts ?? []).map((r) => r.product);
  return {
    related,
    recommended: (data.recommendedProducts ?? [])
      .map((r) => r.product)
      .filter((p) => !related.some((r) => r.productId === p.productId)),
    recommendedCodes: Object.fromEntries(
      (data.recommendedProducts ?? []).flatMap((r) =>
        r.trackingCode ? [[String(r.product.productId), r.trackingCode]] : [],
      ),
    ) as Record<string, string>,
  };
}

export type ProductSuggestions = ReturnType<typeof suggestionsOf>;

/**
 * A product page's related and recommended products (resource route, decision 0089): the page asks
 * `GET /api/related?alias=…` (under its language's prefix) when the shopper nears the end of its details
 * (components/product/suggestions.tsx) and gets ProductSuggestions, priced for the request's market and customer
 * type like any card. Public like the page itself: the server's page cache and a CDN keep it by the same key. An
 * alias no product has gets empty lists, as the API answers it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { client, url } = requestClient(request, context);
  const alias = aliasParam(url);
  if (!alias) return Response.json({ related: [], recommended: [], recommendedCodes: {} }, { status: 400 });
  const { data } = await client.request(ProductSuggestionsQuery, { alias });
  return Response.json(suggestionsOf(data), { headers: PUBLIC_PAGE });
}

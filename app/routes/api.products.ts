import { WidgetProductsQuery } from "../lib/graphql/list-operations.ts";
import { requestClient } from "../lib/graphql/server.ts";
import { MAX_LATEST_VIEWED } from "../lib/latest-viewed.ts";
import type { Route } from "./+types/api.products";

/**
 * The cards of the shopper's own product lists (resource route, decision 0046): the "latest viewed" and
 * "favourites" widgets ask, after hydration, `GET /api/products?ids=3,9,7` and get `{products}` in the order of the
 * ids (those that no longer exist or are not sold left out), priced for the request's market and customer type like
 * any card. The ids are the shopper's own, so the answer is private and never cached.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { client, url } = requestClient(request, context);
  const ids = [
    ...new Set(
      (url.searchParams.get("ids") ?? "")
        .split(",")
        .slice(0, MAX_LATEST_VIEWED)
        .map(Number)
        .filter((id) => Number.isSafeInteger(id) && id > 0),
    ),
  ];
  const found = ids.length
    ? ((await client.request(WidgetProductsQuery, { take: ids.length, filter: { productIds: ids } })).data
        .products?.products ?? [])
    : [];
  const byId = new Map(found.map((p) => [p.productId, p]));
  return Response.json(
    { products: ids.flatMap((id) => byId.get(id) ?? []) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

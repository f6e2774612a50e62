import { isoDate, timeZoneForLocale } from "#domain/format.ts";
import { PUBLIC_PAGE } from "../lib/cache.ts";
import type { ResultOf } from "../lib/graphql/graphql.ts";
import { ProductPriceHistoryQuery } from "../lib/graphql/product-operations.ts";
import { requestClient } from "../lib/graphql/server.ts";
import { aliasParam } from "../lib/product-alias.ts";
import type { Route } from "./+types/api.price-history";

/** The days the product page's price history covers, up to today. */
const HISTORY_DAYS = 90;

export interface ProductPriceHistory {
  points: NonNullable<ResultOf<typeof ProductPriceHistoryQuery>["productPriceHistory"]>;
  /** YYYY-MM-DD in the shop's time zone for the language: the chart's right edge. */
  today: string;
  days: number;
}

/**
 * A product page's price history (resource route, decision 0094): the page asks `GET /api/price-history?alias=…`
 * (under its language's prefix) when the shopper nears the place of the chart (components/product/price-history.tsx)
 * and gets the price points of the last HISTORY_DAYS days in the request's market, with and without VAT, and the
 * day the chart ends on. Public like the page itself: the server's page cache and a CDN keep it by the same key. An
 * alias no product has gets no points, as the API answers it.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { client, locale, url } = requestClient(request, context);
  const today = isoDate(new Date(), timeZoneForLocale(locale.languageId));
  const alias = aliasParam(url);
  if (!alias)
    return Response.json({ points: [], today, days: HISTORY_DAYS } satisfies ProductPriceHistory, {
      status: 400,
    });
  const { data } = await client.request(ProductPriceHistoryQuery, { alias, days: HISTORY_DAYS });
  const answer: ProductPriceHistory = { points: data.productPriceHistory ?? [], today, days: HISTORY_DAYS };
  return Response.json(answer, { headers: PUBLIC_PAGE });
}

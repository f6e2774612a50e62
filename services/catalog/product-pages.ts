import { type SQL, sql } from "drizzle-orm";
import { alternateMarket } from "#domain/alternate-market.ts";
import type { Locale, ReferenceData } from "../reference.ts";

/**
 * Where a product has a page (decision 0092): a product page in a language and a market answers 200 when the
 * product is active, translated into the language, and has a card price in the market now (a window of
 * product_list_prices in effect). The product page's statement (catalog/product.ts readRows, so its 404), the
 * product's alternates in other languages (readRows, withProductDetails) and the sitemaps' product entries
 * (seo/sitemap.ts productPages) all read the price condition from here, and the alternates the market of each
 * language's page from domain/alternate-market.ts, the rule the storefront writes the alternates' URLs by.
 */

/**
 * The product_list_prices row `lp` is `productId`'s card price window in effect at `moment` in `market`: the
 * condition that makes its page exist in that market (with the product active and translated).
 */
export function onSaleIn(lp: string, productId: SQL, market: string | SQL, moment: string): SQL {
  const t = sql.raw(lp);
  return sql`${t}.product_id = ${productId} and ${t}.market_alias = ${market}
      and ${t}.valid_from <= ${moment}::timestamptz and ${moment}::timestamptz < ${t}.valid_until`;
}

/** The market of each language's page, as seen from one page. */
export interface AlternateMarkets {
  /** The page's own market: where the statement has already found the product on sale. */
  market: string;
  /** Language ids whose page is in `market` too (nothing more to check). */
  same: string[];
  /** [language id, market] of the languages whose page is in another market. */
  other: [string, string][];
}

/**
 * Each language's market (domain/alternate-market.ts) for a page in `page.market`; a language without a default
 * market is in neither list (it has no page).
 */
export function alternateMarkets(
  page: { market: string; lang: string; allowed: readonly string[] },
  /** [language id, its default market] of every language a product may be translated into. */
  languages: Iterable<readonly [string, string | undefined]>,
): AlternateMarkets {
  const out: AlternateMarkets = { market: page.market, same: [], other: [] };
  for (const [languageId, defaultMarket] of languages) {
    const market = alternateMarket(page, languageId, defaultMarket);
    if (market === page.market) out.same.push(languageId);
    else if (market !== undefined) out.other.push([languageId, market]);
  }
  return out;
}

/**
 * The markets of each language's page for the API's locale: a language's default market is its channel's (the
 * channel whose default language it is; the storefront serves each language in its channel, app/lib/locale.ts).
 */
export function alternateMarketsOf(ref: ReferenceData, locale: Locale): AlternateMarkets {
  const channels = [...ref.channels.values()].sort((a, b) => a.id.localeCompare(b.id));
  return alternateMarkets(
    { market: locale.market.alias, lang: locale.language.id, allowed: locale.market.allowedLanguageIds },
    [...ref.languages.keys()].map(
      (languageId) =>
        [languageId, channels.find((c) => c.defaultLanguageId === languageId)?.defaultMarketAlias] as const,
    ),
  );
}

/**
 * SQL: product `productId` (active and on sale in `markets.market`, which the statement has checked) has a page
 * in its translation's language `languageId`: the language's page is in the same market, or the product is on
 * sale now in the language's market. One index probe of product_list_prices per translation in another market.
 */
export function hasPageIn(productId: SQL, languageId: SQL, markets: AlternateMarkets, moment: string): SQL {
  const same = markets.same.length
    ? sql`${languageId} in (${sql.join(
        markets.same.map((l) => sql`${l}`),
        sql`, `,
      )})`
    : sql`false`;
  if (!markets.other.length) return same;
  const marketOf = sql`case ${languageId} ${sql.join(
    markets.other.map(([l, m]) => sql`when ${l} then ${m}`),
    sql` `,
  )} end`;
  return sql`(${same} or exists (select 1 from product_list_prices pm
      where ${onSaleIn("pm", productId, marketOf, moment)}))`;
}

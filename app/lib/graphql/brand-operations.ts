import { graphql } from "./graphql.ts";

/** The brands page. */
export const BrandsQuery = graphql(`
  query Brands($channelId: String, $marketId: String, $languageId: String) {
    brands(channelId: $channelId, marketId: $marketId, languageId: $languageId) {
      brandId
      name
      alias
      canonicalUrl
    }
  }
`);

/** Where a moved page lives now (lib/url-history.ts: the 301 for an old product, list or content URL). */
export const UrlHistoryQuery = graphql(`
  query UrlHistory($url: String!, $channelId: String, $marketId: String, $languageId: String) {
    urlHistory(url: $url, channelId: $channelId, marketId: $marketId, languageId: $languageId) {
      oldUrl
      newUrl
    }
  }
`);

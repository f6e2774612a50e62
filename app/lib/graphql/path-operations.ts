import { graphql } from "./graphql.ts";

/**
 * A page's path in each language, by its path or alias in one language (lib/path-in-language.ts: a path
 * carried into a market that does not allow its language lands on the same page in the market's language).
 */
export const ProductPathsQuery = graphql(`
  query ProductPaths($alias: String!, $channelId: String, $marketId: String, $languageId: String) {
    product(alias: $alias, channelId: $channelId, marketId: $marketId, languageId: $languageId) {
      alternativeUrls {
        languageId
        url
      }
    }
  }
`);

export const ListPathsQuery = graphql(`
  query ListPaths($url: String, $alias: String, $channelId: String, $marketId: String, $languageId: String) {
    listPageInfo(url: $url, alias: $alias, channelId: $channelId, marketId: $marketId, languageId: $languageId) {
      alternativeUrls {
        languageId
        url
      }
    }
  }
`);

export const ContentPathsQuery = graphql(`
  query ContentPaths($alias: String!, $channelId: String, $marketId: String, $languageId: String) {
    contentPage(alias: $alias, channelId: $channelId, marketId: $marketId, languageId: $languageId) {
      alternativeUrls {
        languageId
        url
      }
    }
  }
`);

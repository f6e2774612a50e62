import { graphql } from "./graphql.ts";

/** Every operation the storefront sends; each is registered at build time (persisted.ts). */

export const ChannelQuery = graphql(`
  query Channel($channelId: String, $marketId: String, $languageId: String) {
    channel(channelId: $channelId, marketId: $marketId, languageId: $languageId) {
      channelId
      defaultMarketId
      defaultLanguageId
      theme {
        key
        value
      }
      markets {
        id
        alias
        defaultLanguageId
        virtual
        onlyDisplayInCheckout
        groupKey
        allowedLanguages {
          id
          name
          code
        }
        country {
          name
          code
        }
        currency {
          name
          code
          symbol
        }
      }
    }
  }
`);

export const HomeProductsQuery = graphql(`
  query HomeProducts($take: Int, $channelId: String, $marketId: String, $languageId: String) {
    products(take: $take, filter: { sort: LATEST }, channelId: $channelId, marketId: $marketId, languageId: $languageId) {
      count
      products {
        productId
        name
        alias
        canonicalUrl
        brand {
          name
        }
        productImages {
          fileName
        }
        unitPrice {
          isDiscounted
          discountPercentage
          regularPriceIncVatFormatted
          regularPriceExVatFormatted
          sellingPriceIncVatFormatted
          sellingPriceExVatFormatted
        }
      }
    }
  }
`);

export const operations = [ChannelQuery, HomeProductsQuery];

import { graphql } from "./graphql.ts";
import { ProductCardFields } from "./product-card-fragment.ts";

/**
 * List pages (/c, /b, /dc, /s, /l, /list, /nyheter) and search: a page of products, their count, and the list's
 * facets (disjunctive counts) and price range (decision 0009).
 */
export const ProductListQuery = graphql(
  `
  query ProductList(
    $skip: Int
    $take: Int
    $categoryAlias: String
    $brandAlias: String
    $discountCampaignAlias: String
    $filter: FilterInputType
    $channelId: String
    $marketId: String
    $languageId: String
  ) {
    products(
      skip: $skip
      take: $take
      categoryAlias: $categoryAlias
      brandAlias: $brandAlias
      discountCampaignAlias: $discountCampaignAlias
      filter: $filter
      channelId: $channelId
      marketId: $marketId
      languageId: $languageId
    ) {
      count
      products {
        ...ProductCardFields
      }
      filters {
        facets {
          filterId
          group
          label
          type
          values {
            _id
            count
            facetId
            parentId
            label
            order
          }
        }
        price {
          lowest
          highest
        }
      }
    }
  }
`,
  [ProductCardFields],
);

export const ListPageInfoQuery = graphql(`
  query ListPageInfo($url: String, $alias: String, $channelId: String, $marketId: String, $languageId: String) {
    listPageInfo(url: $url, alias: $alias, channelId: $channelId, marketId: $marketId, languageId: $languageId) {
      type
      id
      name
      alias
      canonicalUrl
      hideTitle
      description
      alternativeUrls {
        languageId
        url
      }
      subCategories {
        categoryId
        name
        canonicalUrl
      }
      breadcrumbs {
        name
        url
      }
    }
  }
`);

/** The header's search-as-you-type suggestions, and "did you mean" on a search without hits. */
export const SearchSuggestionsQuery = graphql(
  `
  query SearchSuggestions(
    $searchText: String!
    $take: Int
    $channelId: String
    $marketId: String
    $languageId: String
  ) {
    searchSuggestions(
      searchText: $searchText
      take: $take
      channelId: $channelId
      marketId: $marketId
      languageId: $languageId
    ) {
      products {
        ...ProductCardFields
        variantDimensions {
          label
        }
      }
      categories {
        name
        alias
        canonicalUrl
      }
      brands {
        name
        alias
        canonicalUrl
      }
      didYouMean
    }
  }
`,
  [ProductCardFields],
);

/** A product-list widget's products (services/content/widget-config.ts productList): cards only, no facets. */
export const WidgetProductsQuery = graphql(
  `
  query WidgetProducts(
    $take: Int
    $filter: FilterInputType
    $channelId: String
    $marketId: String
    $languageId: String
  ) {
    products(take: $take, filter: $filter, channelId: $channelId, marketId: $marketId, languageId: $languageId) {
      products {
        ...ProductCardFields
      }
    }
  }
`,
  [ProductCardFields],
);

import { graphql } from "./graphql.ts";

/** Every operation the storefront sends; each is registered at build time (persisted.ts). */

const MarketFields = graphql(`
  fragment MarketFields on Market {
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
`);

/** The channel with its theme and markets: read once per request by the locale middleware (root.tsx). */
export const ChannelQuery = graphql(
  `
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
        ...MarketFields
      }
    }
  }
`,
  [MarketFields],
);

const MenuFields = graphql(`
  fragment MenuFields on Menu {
    name
    items {
      id
      label
      url
      children {
        id
        label
        url
      }
    }
  }
`);

/** The rest of what the frame around every page needs, in one request: category tree and menus. */
export const FrameQuery = graphql(
  `
  query Frame($channelId: String, $marketId: String, $languageId: String) {
    categories(channelId: $channelId, marketId: $marketId, languageId: $languageId) {
      categoryId
      name
      canonicalUrl
      children {
        categoryId
        name
        canonicalUrl
      }
    }
    header: getMenuAtLocation(menuLocationId: "header-main", channelId: $channelId, marketId: $marketId, languageId: $languageId) {
      ...MenuFields
    }
    footerService: getMenuAtLocation(menuLocationId: "footer-service", channelId: $channelId, marketId: $marketId, languageId: $languageId) {
      ...MenuFields
    }
    footerAbout: getMenuAtLocation(menuLocationId: "footer-about", channelId: $channelId, marketId: $marketId, languageId: $languageId) {
      ...MenuFields
    }
  }
`,
  [MenuFields],
);

const ProductCardFields = graphql(`
  fragment ProductCardFields on Product {
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
`);

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

export const ProductPageQuery = graphql(
  `
  query ProductPage($alias: String!, $channelId: String, $marketId: String, $languageId: String) {
    product(alias: $alias, channelId: $channelId, marketId: $marketId, languageId: $languageId) {
      ...ProductCardFields
      articleNumber
      type
      primaryCategory {
        name
        canonicalUrl
      }
      texts {
        text1
        text2
        text3
      }
      meta {
        title
        description
      }
      alternativeUrls {
        languageId
        url
      }
      totalStock {
        inStock
        oversellable
        totalStock
        static
        incoming
      }
    }
  }
`,
  [ProductCardFields],
);

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

export const ContentPageQuery = graphql(`
  query ContentPage($alias: String!, $previewToken: String, $channelId: String, $marketId: String, $languageId: String) {
    contentPage(alias: $alias, previewToken: $previewToken, channelId: $channelId, marketId: $marketId, languageId: $languageId) {
      pageId
      title
      alias
      canonicalUrl
      metaTitle
      metaDescription
      alternativeUrls {
        languageId
        url
      }
      widgets {
        id
        type
        configuration
      }
    }
  }
`);

export const CmsPagesQuery = graphql(`
  query CmsPages($channelId: String, $marketId: String, $languageId: String) {
    cmsPages(channelId: $channelId, marketId: $marketId, languageId: $languageId) {
      title
      canonicalUrl
    }
  }
`);

export const WidgetAreaQuery = graphql(`
  query WidgetArea($family: String!, $areaName: String!, $preview: Boolean, $channelId: String, $marketId: String, $languageId: String) {
    widgetArea(family: $family, areaName: $areaName, preview: $preview, channelId: $channelId, marketId: $marketId, languageId: $languageId) {
      id
      type
      configuration
    }
  }
`);

export const SubscribeToNewsletterMutation = graphql(`
  mutation SubscribeToNewsletter($email: String!, $tags: [String!], $channelId: String, $marketId: String, $languageId: String) {
    subscribeToNewsletter(email: $email, tags: $tags, channelId: $channelId, marketId: $marketId, languageId: $languageId)
  }
`);

export const operations = [
  SubscribeToNewsletterMutation,
  WidgetAreaQuery,
  ChannelQuery,
  FrameQuery,
  ProductListQuery,
  ListPageInfoQuery,
  ProductPageQuery,
  BrandsQuery,
  ContentPageQuery,
  CmsPagesQuery,
];

import * as accountOperations from "./account-operations.ts";
import * as brandOperations from "./brand-operations.ts";
import * as cartOperations from "./cart-operations.ts";
import * as checkoutOperations from "./checkout-operations.ts";
import { graphql } from "./graphql.ts";
import * as listOperations from "./list-operations.ts";
import * as orderOperations from "./order-operations.ts";
import * as pathOperations from "./path-operations.ts";
import * as productOperations from "./product-operations.ts";
import * as subscriptionOperations from "./subscription-operations.ts";

/** Every operation the storefront sends; each is registered at build time (persisted.ts). */

const MarketFields = graphql(`
  fragment MarketFields on MarketType {
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
  fragment MenuFields on MenuType {
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
    categories(parentCategoryId: 0, channelId: $channelId, marketId: $marketId, languageId: $languageId) {
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

export const ContentPageQuery = graphql(
  `
  query ContentPage($alias: String!, $previewToken: String, $displaySetting: String, $channelId: String, $marketId: String, $languageId: String) {
    contentPage(alias: $alias, previewToken: $previewToken, displaySetting: $displaySetting, channelId: $channelId, marketId: $marketId, languageId: $languageId) {
      pageId
      title
      alias
      canonicalUrl
      published
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
        published
      }
    }
    infoPages: getMenuAtLocation(menuLocationId: "info-pages", channelId: $channelId, marketId: $marketId, languageId: $languageId) {
      ...MenuFields
    }
  }
`,
  [MenuFields],
);

export const CmsPagesQuery = graphql(`
  query CmsPages($channelId: String, $marketId: String, $languageId: String) {
    cmsPages(channelId: $channelId, marketId: $marketId, languageId: $languageId) {
      title
      canonicalUrl
    }
  }
`);

export const WidgetAreaQuery = graphql(`
  query WidgetArea($family: String!, $areaName: String!, $displaySetting: String, $preview: Boolean, $previewToken: String, $channelId: String, $marketId: String, $languageId: String) {
    widgetArea(family: $family, areaName: $areaName, displaySetting: $displaySetting, preview: $preview, previewToken: $previewToken, channelId: $channelId, marketId: $marketId, languageId: $languageId) {
      widgets {
        id
        type
        configuration
        published
      }
    }
  }
`);

/** A product list page's two widget areas (Productlist/Top and Productlist/Bottom) in one request. */
export const ListWidgetsQuery = graphql(`
  query ListWidgets($displaySetting: String, $channelId: String, $marketId: String, $languageId: String) {
    top: widgetArea(family: "Productlist", areaName: "Top", displaySetting: $displaySetting, channelId: $channelId, marketId: $marketId, languageId: $languageId) {
      widgets {
        id
        type
        configuration
        published
      }
    }
    bottom: widgetArea(family: "Productlist", areaName: "Bottom", displaySetting: $displaySetting, channelId: $channelId, marketId: $marketId, languageId: $languageId) {
      widgets {
        id
        type
        configuration
        published
      }
    }
  }
`);

export const SubscribeToNewsletterMutation = graphql(`
  mutation SubscribeToNewsletter($email: String!, $tags: [String!], $channelId: String, $marketId: String, $languageId: String) {
    subscribeToNewsletter(email: $email, tags: $tags, channelId: $channelId, marketId: $marketId, languageId: $languageId)
  }
`);

/** The newsletter e-mails' links (/newsletter/confirm, /newsletter/unsubscribe). */
export const ConfirmNewsletterMutation = graphql(`
  mutation ConfirmNewsletter($id: Int!, $token: String!, $channelId: String, $marketId: String, $languageId: String) {
    confirmNewsletterSubscription(id: $id, token: $token, channelId: $channelId, marketId: $marketId, languageId: $languageId)
  }
`);

export const UnsubscribeNewsletterMutation = graphql(`
  mutation UnsubscribeNewsletter($id: Int!, $token: String!, $channelId: String, $marketId: String, $languageId: String) {
    unsubscribeFromNewsletter(id: $id, token: $token, channelId: $channelId, marketId: $marketId, languageId: $languageId)
  }
`);

/** Every exported operation of the operation modules (fragments are not operations and are left out). */
export const operations = [
  ChannelQuery,
  FrameQuery,
  ContentPageQuery,
  CmsPagesQuery,
  WidgetAreaQuery,
  ListWidgetsQuery,
  SubscribeToNewsletterMutation,
  ConfirmNewsletterMutation,
  UnsubscribeNewsletterMutation,
  ...[
    listOperations,
    productOperations,
    brandOperations,
    cartOperations,
    checkoutOperations,
    subscriptionOperations,
    pathOperations,
    accountOperations,
    orderOperations,
  ].flatMap((module) => Object.values(module).filter(isOperation)),
];

function isOperation(doc: unknown): doc is typeof ChannelQuery {
  return (
    typeof doc === "object" &&
    doc !== null &&
    "definitions" in doc &&
    Array.isArray(doc.definitions) &&
    doc.definitions.some((d: { kind?: string }) => d.kind === "OperationDefinition")
  );
}

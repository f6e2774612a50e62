import { graphql } from "./graphql.ts";
import { ProductCardFields } from "./product-card-fragment.ts";

const StockFields = graphql(`
  fragment StockFields on StockType {
    inStock
    oversellable
    totalStock
    static
    incoming
  }
`);

const PriceFields = graphql(`
  fragment ProductPriceFields on PriceType {
    currency {
      code
    }
    isDiscounted
    discountPercentage
    sellingPriceIncVat
    sellingPriceExVat
    regularPriceIncVat
    regularPriceExVat
    regularPriceIncVatFormatted
    regularPriceExVatFormatted
    sellingPriceIncVatFormatted
    sellingPriceExVatFormatted
  }
`);

/**
 * What the product page reads of a variant (decision 0080): the loader makes the page's choices and size labels of
 * the tree (components/product/variants.ts, variantSummary) and sends only those. No stock: the size picker's
 * stock is the product's own SKUs'.
 */
const VariantFields = graphql(`
  fragment VariantFields on VariantType {
    level
    label
    value
    dimension
    skuId
    productId
    primaryImage
    canonicalUrl
  }
`);

/**
 * The third level of a group is its SKU level (the catalog's groups have at most three dimensions, the last one the
 * SKUs: Fit → Color → Size): what the size picker reads of a SKU node.
 */
const SkuVariantFields = graphql(`
  fragment SkuVariantFields on VariantType {
    label
    dimension
    skuId
    productId
  }
`);

const PricePointFields = graphql(`
  fragment PricePointFields on PriceLogItemType {
    date
    regularPriceIncVat
    regularPriceExVat
    sellingPriceIncVat
    sellingPriceExVat
    regularPriceIncVatFormatted
    regularPriceExVatFormatted
    sellingPriceIncVatFormatted
    sellingPriceExVatFormatted
  }
`);

/**
 * The product page (/p, /pp) in one request: the product with its variant tree (the fields the page's summary of
 * it reads), SKUs and stock, parameters, package groups and breadcrumbs; the first pages of reviews and answered
 * questions. The related products (decision 0089) and the price history (decision 0094) are asked by the browser
 * when the shopper nears them.
 */
export const ProductPageQuery = graphql(
  `
  query ProductPage(
    $alias: String!
    $reviewsTake: Int
    $questionsTake: Int
    $channelId: String
    $marketId: String
    $languageId: String
  ) {
    product(alias: $alias, channelId: $channelId, marketId: $marketId, languageId: $languageId) {
      productId
      name
      alias
      canonicalUrl
      articleNumber
      type
      brand {
        name
        canonicalUrl
      }
      productImages {
        fileName
        altText
      }
      primaryCategory {
        name
        canonicalUrl
      }
      unitPrice {
        ...ProductPriceFields
      }
      lowestPrice {
        discountPercentage
        lowestPriceIncVatFormatted
        lowestPriceExVatFormatted
      }
      rating {
        score
        voteCount
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
        ...StockFields
      }
      skus {
        skuId
        gtin
        name
        stock {
          ...StockFields
        }
      }
      parameterGroups {
        parameterGroupId
        name
        parameters {
          name
          value
          show
          identifier
        }
      }
      variantGroup {
        variants {
          ...VariantFields
          variants {
            ...VariantFields
            variants {
              ...SkuVariantFields
            }
          }
        }
      }
      discountCampaigns {
        name
        hideTitle
        canonicalUrl
      }
      productPackage {
        packageId
        packagePriceIncVat
        defaultPicksPriceIncVat
        groups {
          groupId
          name
          description
          required
          sortOrder
          options {
            optionId
            quantity
            isSelected
            sortOrder
            product {
              productId
              name
              canonicalUrl
              variantDimensions {
                label
              }
              unitPrice {
                ...ProductPriceFields
              }
              totalStock {
                ...StockFields
              }
              skus {
                skuId
                name
                stock {
                  ...StockFields
                }
                unitPrice {
                  currency {
                    code
                  }
                  regularPriceIncVat
                  sellingPriceIncVat
                  vatRate
                }
              }
            }
          }
        }
      }
      breadcrumbs {
        name
        url
      }
    }
    reviews(alias: $alias, take: $reviewsTake, channelId: $channelId, marketId: $marketId, languageId: $languageId) {
      count
      averageRating
      reviews {
        reviewId
        author
        comment
        rating
        reviewDate
        languageId
      }
    }
    productQuestions(
      alias: $alias
      take: $questionsTake
      channelId: $channelId
      marketId: $marketId
      languageId: $languageId
    ) {
      count
      questions {
        questionId
        author
        question
        answer
        askedAt
      }
    }
  }
`,
  [StockFields, PriceFields, VariantFields, SkuVariantFields],
);

/**
 * A product page's price history (decision 0094): asked by the browser when the shopper nears it
 * (routes/api.price-history.ts), not rendered with the page, so a first visit (a crawler's) does not read the
 * SKUs' price logs or draw a chart far below the fold.
 */
export const ProductPriceHistoryQuery = graphql(
  `
  query ProductPriceHistory(
    $alias: String!
    $days: Int
    $channelId: String
    $marketId: String
    $languageId: String
  ) {
    productPriceHistory(
      alias: $alias
      days: $days
      channelId: $channelId
      marketId: $marketId
      languageId: $languageId
    ) {
      ...PricePointFields
    }
  }
`,
  [PricePointFields],
);

/**
 * A product page's related and recommended products (decision 0089): asked by the browser when the shopper nears
 * them (routes/api.related.ts), not rendered with the page, so a first visit (a crawler's) does not read and
 * render a dozen cards below the fold.
 */
export const ProductSuggestionsQuery = graphql(
  `
  query ProductSuggestions($alias: String!, $channelId: String, $marketId: String, $languageId: String) {
    relatedProducts(alias: $alias, channelId: $channelId, marketId: $marketId, languageId: $languageId) {
      relation
      product {
        ...ProductCardFields
      }
    }
    recommendedProducts(
      alias: $alias
      kind: BOUGHT_TOGETHER
      take: 4
      channelId: $channelId
      marketId: $marketId
      languageId: $languageId
    ) {
      trackingCode
      product {
        ...ProductCardFields
      }
    }
  }
`,
  [ProductCardFields],
);

/** /product/{alias}: only where the product lives. */
export const ProductUrlQuery = graphql(`
  query ProductUrl($alias: String!, $channelId: String, $marketId: String, $languageId: String) {
    product(alias: $alias, channelId: $channelId, marketId: $marketId, languageId: $languageId) {
      canonicalUrl
    }
  }
`);

/** A signed-in shopper's review from the product page's form (it waits for the merchant's acceptance). */
export const PostProductReviewMutation = graphql(`
  mutation PostProductReview($alias: String!, $rating: Int, $author: String!, $comment: String, $channelId: String, $marketId: String, $languageId: String) {
    postProductReview(alias: $alias, rating: $rating, author: $author, comment: $comment, channelId: $channelId, marketId: $marketId, languageId: $languageId)
  }
`);

/** "Tell me when it is back": one e-mail when the SKU can be bought again. */
export const MonitorProductAvailabilityMutation = graphql(`
  mutation MonitorProductAvailability($email: String!, $skuId: Int!, $channelId: String, $marketId: String, $languageId: String) {
    monitorProductAvailability(email: $email, skuId: $skuId, channelId: $channelId, marketId: $marketId, languageId: $languageId)
  }
`);

/** A signed-in shopper's question from the product page (it shows once the merchant has answered it). */
export const AskProductQuestionMutation = graphql(`
  mutation AskProductQuestion($alias: String!, $author: String!, $question: String!, $channelId: String, $marketId: String, $languageId: String) {
    askProductQuestion(alias: $alias, author: $author, question: $question, channelId: $channelId, marketId: $marketId, languageId: $languageId)
  }
`);

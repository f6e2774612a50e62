import { graphql } from "./graphql.ts";

/** What a product card shows: on list pages, the home page, favourites and related products. */
export const ProductCardFields = graphql(`
  fragment ProductCardFields on ProductType {
    productId
    articleNumber
    name
    alias
    canonicalUrl
    type
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
      sellingPriceIncVat
      sellingPriceExVat
    }
    lowestPrice {
      isDiscounted
      discountPercentage
      lowestPriceIncVatFormatted
      lowestPriceExVatFormatted
    }
    rating {
      score
      voteCount
    }
    totalStock {
      inStock
      oversellable
      totalStock
      static
      incoming
    }
    skus {
      skuId
    }
  }
`);

import { graphql } from "./graphql.ts";

/** The cart as the storefront shows it: the drawer, the cart page and the header's count. */
export const CartFields = graphql(`
  fragment CartFields on CartType {
    id
    version
    quantity
    currency
    marketId
    customerType
    promoCode
    promoCodeRequirement {
      condition
      amountFormatted
      value
    }
    giftCards {
      code
      usedFormatted
      balanceFormatted
    }
    appliedCampaigns {
      name
      type
      code
      hideTitle
    }
    items {
      id
      skuId
      quantity
      groupKey
      productPackage {
        packageId
        product {
          name
          canonicalUrl
          type
          productImages {
            fileName
          }
        }
      }
      unitPrice {
        isDiscounted
        discountPercentage
        sellingPriceIncVat
        regularPriceIncVatFormatted
        regularPriceExVatFormatted
        sellingPriceIncVatFormatted
        sellingPriceExVatFormatted
      }
      totalPrice {
        isDiscounted
        sellingPriceIncVat
        regularPriceIncVatFormatted
        regularPriceExVatFormatted
        sellingPriceIncVatFormatted
        sellingPriceExVatFormatted
      }
      campaign {
        appliedCampaigns {
          name
          hideTitle
        }
        prices {
          quantity
          price {
            sellingPriceIncVatFormatted
            sellingPriceExVatFormatted
          }
        }
      }
      totalStock {
        inStock
        oversellable
        totalStock
        static
        incoming
      }
      product {
        productId
        articleNumber
        name
        alias
        canonicalUrl
        type
        brand {
          name
        }
        primaryCategory {
          name
        }
        productImages {
          fileName
        }
        variantDimensions {
          label
        }
        skus {
          skuId
          name
        }
      }
    }
    summary {
      fixedAmountDiscountIncVat
      fixedAmountDiscountIncVatFormatted
      fixedAmountDiscountExVatFormatted
      balance {
        pending
        pendingFormatted
        totalSellingPriceExBalanceIncVat
        totalSellingPriceExBalanceIncVatFormatted
      }
      subTotal {
        regularPriceIncVat
        regularPriceIncVatFormatted
        regularPriceExVatFormatted
        sellingPriceIncVat
        sellingPriceIncVatFormatted
        sellingPriceExVatFormatted
        vatFormatted
      }
      shipping {
        amountLeftToFreeShipping
        amountLeftToFreeShippingFormatted
        feeIncVat
        feeIncVatFormatted
        feeExVatFormatted
        isDefault
        isFree
      }
      total {
        isDiscounted
        sellingPriceIncVat
        sellingPriceIncVatFormatted
        sellingPriceExVatFormatted
        discountIncVat
        discountIncVatFormatted
        discountExVatFormatted
        vatFormatted
      }
    }
  }
`);

// Every operation takes the locale (added by the client) and the shopper's type (promo code requirements).

export const GetCartQuery = graphql(
  `
  query GetCart($id: String, $forceRefresh: Boolean, $allowExternalShippingFee: Boolean, $channelId: String, $marketId: String, $languageId: String, $customerType: String) {
    getCart(id: $id, forceRefresh: $forceRefresh, allowExternalShippingFee: $allowExternalShippingFee, channelId: $channelId, marketId: $marketId, languageId: $languageId, customerType: $customerType) {
      ...CartFields
    }
  }
`,
  [CartFields],
);

export const AddToCartMutation = graphql(
  `
  mutation AddToCart($id: String, $item: CartItemInputType!, $channelId: String, $marketId: String, $languageId: String, $customerType: String) {
    addToCart(id: $id, item: $item, channelId: $channelId, marketId: $marketId, languageId: $languageId, customerType: $customerType) {
      ...CartFields
    }
  }
`,
  [CartFields],
);

export const UpdateCartItemMutation = graphql(
  `
  mutation UpdateCartItem($id: String, $item: CartItemInputType!, $channelId: String, $marketId: String, $languageId: String, $customerType: String) {
    updateCartItem(id: $id, item: $item, channelId: $channelId, marketId: $marketId, languageId: $languageId, customerType: $customerType) {
      ...CartFields
    }
  }
`,
  [CartFields],
);

export const UpdateCartGroupMutation = graphql(
  `
  mutation UpdateCartGroup($id: String, $item: CartGroupInputType!, $channelId: String, $marketId: String, $languageId: String, $customerType: String) {
    updateCartGroup(id: $id, item: $item, channelId: $channelId, marketId: $marketId, languageId: $languageId, customerType: $customerType) {
      ...CartFields
    }
  }
`,
  [CartFields],
);

export const AddPackageToCartMutation = graphql(
  `
  mutation AddPackageToCart($id: String, $packageId: Int!, $selections: [ProductPackageSelectionType!]!, $quantity: Int, $channelId: String, $marketId: String, $languageId: String, $customerType: String) {
    addPackageToCart(id: $id, packageId: $packageId, selections: $selections, quantity: $quantity, channelId: $channelId, marketId: $marketId, languageId: $languageId, customerType: $customerType) {
      ...CartFields
    }
  }
`,
  [CartFields],
);

export const SetCartPromoCodeMutation = graphql(
  `
  mutation SetCartPromoCode($id: String, $promoCode: String!, $channelId: String, $marketId: String, $languageId: String, $customerType: String) {
    setCartPromoCode(id: $id, promoCode: $promoCode, channelId: $channelId, marketId: $marketId, languageId: $languageId, customerType: $customerType) {
      ...CartFields
    }
  }
`,
  [CartFields],
);

export const RemoveCartPromoCodeMutation = graphql(
  `
  mutation RemoveCartPromoCode($id: String!, $code: String!, $channelId: String, $marketId: String, $languageId: String, $customerType: String) {
    removeCartPromoCode(id: $id, code: $code, channelId: $channelId, marketId: $marketId, languageId: $languageId, customerType: $customerType) {
      ...CartFields
    }
  }
`,
  [CartFields],
);

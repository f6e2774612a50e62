import { graphql } from "./graphql.ts";

/** The checkout page's and the confirmation page's operations (issue 13): used only by their route modules. */

const CheckoutAddressFields = graphql(`
  fragment CheckoutAddressFields on AddressType {
    firstName
    lastName
    careOf
    addressLine1
    zip
    city
    country
    company
    mobile
    entryCode
  }
`);

export const CheckoutFields = graphql(
  `
  fragment CheckoutFields on CheckoutType {
    email
    identityNumber
    customerType
    zip
    message
    acceptedTerms
    isReady
    shippingData
    billingAddress {
      ...CheckoutAddressFields
    }
    shippingAddress {
      ...CheckoutAddressFields
    }
    shippingOptions {
      id
      optionId
      displayName
      feeIncVatFormatted
      isFree
      isSelected
      deliveryDaysMin
      deliveryDaysMax
      shippingData
    }
    shippingUnavailable
    paymentOptions {
      id
      name
      displayName
      isSelected
      paymentType
      paymentData
    }
  }
`,
  [CheckoutAddressFields],
);

export const CreateOrUpdateCheckoutMutation = graphql(
  `
  mutation CreateOrUpdateCheckout($cartId: String!, $checkout: CheckoutInputType, $channelId: String, $marketId: String, $languageId: String) {
    createOrUpdateCheckout(cartId: $cartId, checkout: $checkout, channelId: $channelId, marketId: $marketId, languageId: $languageId) {
      ...CheckoutFields
    }
  }
`,
  [CheckoutFields],
);

/** The checkout page's GET: the stored checkout, read only (decision 0039); the mutation only on a change. */
export const StoredCheckoutQuery = graphql(
  `
  query StoredCheckout($cartId: String!, $channelId: String, $marketId: String, $languageId: String) {
    storedCheckout(cartId: $cartId, channelId: $channelId, marketId: $marketId, languageId: $languageId) {
      ...CheckoutFields
      needsUpdate
    }
  }
`,
  [CheckoutFields],
);

export const PlaceOrderMutation = graphql(`
  mutation PlaceOrder($cartId: String!, $checkout: CheckoutInputType!, $channelId: String, $marketId: String, $languageId: String) {
    placeOrder(cartId: $cartId, checkout: $checkout, channelId: $channelId, marketId: $marketId, languageId: $languageId) {
      orderId
      publicId
      status
      redirectUrl
    }
  }
`);

export const ConfirmCheckoutQuery = graphql(
  `
  query ConfirmCheckout($id: String!, $cartId: String, $paymentType: PaymentType!, $channelId: String, $marketId: String, $languageId: String) {
    checkout(id: $id, cartId: $cartId, paymentType: $paymentType, channelId: $channelId, marketId: $marketId, languageId: $languageId) {
      completed
      nthPurchase
      cart {
        id
      }
      order {
        orderId
        publicId
        currency
        marketId
        languageId
        email
        customerType
        promoCode
        paymentName
        shippingName
        shippingOptionId
        pickupPoint
        orderValueIncVat
        itemValueIncVat
        shippingFeeIncVat
        discountIncVat
        balance
        sum
        vat
        personalId
        organizationNumber
        billingAddress {
          ...CheckoutAddressFields
        }
        shippingAddress {
          ...CheckoutAddressFields
        }
        rows {
          articleNumber
          name
          variant
          quantity
          priceIncVat
          totalIncVat
          skuId
          discountPercentage
        }
      }
    }
  }
`,
  [CheckoutAddressFields],
);

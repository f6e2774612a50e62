import { graphql } from "./graphql.ts";

/**
 * The order page's operations (issue 13): a guest opens an order by its public id (the e-mail's link), and withdraws
 * from the purchase (the withdrawal function, Directive 2023/2673). The account's order list has its own query
 * (account-operations.ts) and the same withdrawal mutation.
 */
const OrderAddressFields = graphql(`
  fragment OrderAddressFields on AddressType {
    firstName
    lastName
    company
    careOf
    addressLine1
    addressLine2
    zip
    city
    country
  }
`);

export const OrderWithdrawalFields = graphql(`
  fragment OrderWithdrawalFields on OrderWithdrawal {
    possible
    lastDay
    refusal
    withdrawnAt
  }
`);

export const GetOrderPublicQuery = graphql(
  `
  query GetOrderPublic($publicOrderId: Guid!, $channelId: String, $marketId: String, $languageId: String) {
    getOrderPublic(publicOrderId: $publicOrderId, channelId: $channelId, marketId: $marketId, languageId: $languageId) {
      publicId
      orderNumber
      status
      createdAt
      currency
      message
      promoCode
      customerType
      withdrawal {
        ...OrderWithdrawalFields
      }
      billingAddress {
        ...OrderAddressFields
      }
      shippingAddress {
        ...OrderAddressFields
      }
      paymentDetails {
        displayName
      }
      shippingDetails {
        name
        trackingLink
      }
      refunds {
        createdAt
        reason
        total
      }
      fromBalance
      cart {
        items {
          name
          articleNumber
          skuName
          quantity
          unitPrice {
            sellingPriceIncVatFormatted
          }
          totalPrice {
            sellingPriceIncVatFormatted
          }
        }
        summary {
          subTotal {
            sellingPriceIncVatFormatted
          }
          shipping {
            feeIncVatFormatted
          }
          total {
            sellingPriceIncVatFormatted
            vatFormatted
            discountIncVatFormatted
            isDiscounted
          }
          balance {
            pendingFormatted
            totalSellingPriceExBalanceIncVatFormatted
          }
        }
      }
    }
  }
`,
  [OrderWithdrawalFields, OrderAddressFields],
);

export const WithdrawFromOrderMutation = graphql(
  `
  mutation WithdrawFromOrder($publicOrderId: Guid!, $channelId: String, $marketId: String, $languageId: String) {
    withdrawFromOrder(publicOrderId: $publicOrderId, channelId: $channelId, marketId: $marketId, languageId: $languageId) {
      publicId
      withdrawal {
        ...OrderWithdrawalFields
      }
    }
  }
`,
  [OrderWithdrawalFields],
);

import { graphql } from "./graphql.ts";
import { OrderWithdrawalFields } from "./order-operations.ts";

/** The account screens' operations (issue 12): the names of API.md (getUser, updateUser, …). */
const AddressFields = graphql(`
  fragment AddressFields on AddressType {
    firstName
    lastName
    careOf
    addressLine1
    addressLine2
    addressLine3
    entryCode
    zip
    city
    country
    company
    mobile
    phone
  }
`);

export const UserFields = graphql(
  `
  fragment UserFields on UserType {
    id
    email
    gender
    customerType
    newsletter
    personalId
    organizationId
    address {
      ...AddressFields
    }
    balances {
      currency
      amount
      amountFormatted
    }
  }
`,
  [AddressFields],
);

export const GetUserQuery = graphql(
  `
  query GetUser($channelId: String, $marketId: String, $languageId: String) {
    getUser(channelId: $channelId, marketId: $marketId, languageId: $languageId) {
      ...UserFields
    }
  }
`,
  [UserFields],
);

/** The balance page: the balance per currency and its history (gift-card credit, refunds, purchases). */
export const GetBalanceQuery = graphql(`
  query GetBalance($channelId: String, $marketId: String, $languageId: String) {
    getUser(channelId: $channelId, marketId: $marketId, languageId: $languageId) {
      id
      balances {
        currency
        amount
        amountFormatted
      }
      balanceHistory {
        id
        createdAt
        amountFormatted
        reason
        orderNumber
      }
    }
  }
`);

export const UpdateUserMutation = graphql(
  `
  mutation UpdateUser($user: UserInputType!, $channelId: String, $marketId: String, $languageId: String) {
    updateUser(user: $user, channelId: $channelId, marketId: $marketId, languageId: $languageId) {
      ...UserFields
    }
  }
`,
  [UserFields],
);

export const DeleteUserMutation = graphql(`
  mutation DeleteUser($channelId: String, $marketId: String, $languageId: String) {
    deleteUser(channelId: $channelId, marketId: $marketId, languageId: $languageId)
  }
`);

export const RequestPasswordResetMutation = graphql(`
  mutation RequestPasswordReset($email: String!, $channelId: String, $marketId: String, $languageId: String) {
    requestPasswordReset(email: $email, channelId: $channelId, marketId: $marketId, languageId: $languageId)
  }
`);

export const CommitResetMutation = graphql(`
  mutation CommitReset($resetKey: String!, $password: String!, $channelId: String, $marketId: String, $languageId: String) {
    commitReset(resetKey: $resetKey, password: $password, channelId: $channelId, marketId: $marketId, languageId: $languageId)
  }
`);

/**
 * The orders list stays within the API's cost limit: lines without their product (a product costs 20, and 50
 * orders of 100 lines would pass the limit), named by the name they were sold under (the order's snapshot).
 */
export const GetOrdersQuery = graphql(
  `
  query GetOrders($channelId: String, $marketId: String, $languageId: String) {
    getOrders(channelId: $channelId, marketId: $marketId, languageId: $languageId) {
      id
      publicId
      orderNumber
      status
      createdAt
      currency
      withdrawal {
        ...OrderWithdrawalFields
      }
      billingAddress {
        ...AddressFields
      }
      shippingAddress {
        ...AddressFields
      }
      refunds {
        id
        createdAt
        reason
        total
      }
      shippingDetails {
        id
        name
        trackingLink
      }
      cart {
        id
        items {
          quantity
          name
          totalPrice {
            sellingPriceIncVatFormatted
          }
        }
        summary {
          total {
            sellingPriceIncVatFormatted
          }
        }
      }
    }
  }
`,
  [AddressFields, OrderWithdrawalFields],
);

export const GetSessionsQuery = graphql(`
  query GetSessions($channelId: String, $marketId: String, $languageId: String) {
    getSessions(channelId: $channelId, marketId: $marketId, languageId: $languageId) {
      id
      startedAt
      lastUsedAt
      userAgent
      rememberMe
      current
    }
  }
`);

export const SignOutEverywhereMutation = graphql(`
  mutation SignOutEverywhere($channelId: String, $marketId: String, $languageId: String) {
    signOutEverywhere(channelId: $channelId, marketId: $marketId, languageId: $languageId)
  }
`);

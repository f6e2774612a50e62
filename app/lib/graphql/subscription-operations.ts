import { graphql } from "./graphql.ts";

/** Subscriptions the storefront sends over graphql-ws (subscriptions.ts); registered with the other operations. */

/** A SKU's stock after each change (the product page may use it to keep its stock status live). */
export const StockChangedSubscription = graphql(`
  subscription StockChanged($productId: Int!, $channelId: String, $marketId: String, $languageId: String) {
    stockChanged(productId: $productId, channelId: $channelId, marketId: $marketId, languageId: $languageId) {
      productId
      skuId
      stock {
        inStock
        oversellable
        totalStock
        static
        incoming
      }
    }
  }
`);

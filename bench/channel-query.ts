/** The storefront's `channel` query (app/lib/graphql/operations.ts), as the benchmarks POST it. */
export const CHANNEL_QUERY = `query Channel($channelId: String, $marketId: String, $languageId: String) {
  channel(channelId: $channelId, marketId: $marketId, languageId: $languageId) {
    channelId
    defaultMarketId
    defaultLanguageId
    theme { key value }
    markets {
      id
      alias
      defaultLanguageId
      virtual
      onlyDisplayInCheckout
      groupKey
      allowedLanguages { id name code }
      country { name code }
      currency { name code symbol }
    }
  }
}`;

export const CHANNEL_BODY = JSON.stringify({
  operationName: "Channel",
  query: CHANNEL_QUERY,
  variables: { channelId: "1|se", languageId: "sv-SE" },
});

export const API_HEADERS = { "content-type": "application/json", "x-apikey": "dev-api-key" };

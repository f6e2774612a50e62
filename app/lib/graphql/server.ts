import type { RouterContextProvider } from "react-router";
import { requestContext } from "../context.ts";
import { LANGS, type Lang, langOf } from "../locale.ts";
import { createGraphqlClient } from "./client.ts";

/** The request's language and a GraphQL client that adds its channel, market and language to every call. */
export function requestClient(request: Request, context: Readonly<RouterContextProvider>) {
  const rc = context.get(requestContext);
  const url = new URL(request.url);
  const lang: Lang = langOf(url, rc.domains);
  const info = LANGS[lang];
  const client = createGraphqlClient({
    fetch: rc.graphqlFetch,
    url: rc.graphqlUrl,
    apiKey: rc.apiKey,
    locale: { channelId: info.channelId, marketId: info.defaultMarket, languageId: info.languageId },
    headers: { "x-request-id": rc.requestId },
  });
  return { client, lang, info, rc, url };
}

import type { RouterContextProvider } from "react-router";
import { pageLocaleContext, requestContext } from "../context.ts";
import { COOKIES, readCookie } from "../cookies.ts";
import { LANGS, langOf } from "../locale.ts";
import type { PageLocale } from "../page-locale.ts";
import { createGraphqlClient } from "./client.ts";

/**
 * The request's page locale and a GraphQL client that adds its channel, market and language to every call.
 * A signed-in shopper's requests carry their token (the mili-auth cookie) as `Authorization: Bearer`.
 * The locale comes from the middleware in root.tsx; outside it (the 404 catch-all) it is derived from the URL.
 */
export function requestClient(
  request: Request,
  context: Readonly<RouterContextProvider>,
  opts: { token?: string } = {},
) {
  const rc = context.get(requestContext);
  const url = new URL(request.url);
  const locale: PageLocale = context.get(pageLocaleContext) ?? fallbackLocale(url, rc.domains);
  // The signed-in shopper's token (the HttpOnly mili-auth cookie) goes to the API as a bearer token.
  // A form that just signed in passes the new token (its cookie is not in this request yet).
  const token = opts.token ?? readCookie(request.headers.get("cookie"), COOKIES.auth);
  const client = createGraphqlClient({
    fetch: rc.graphqlFetch,
    post: rc.graphqlPost,
    url: rc.graphqlUrl,
    apiKey: rc.apiKey,
    locale: { channelId: locale.channelId, marketId: locale.market, languageId: locale.languageId },
    headers: {
      "x-request-id": rc.requestId,
      ...(token && /^[\w.-]+$/.test(token) ? { authorization: `Bearer ${token}` } : {}),
    },
  });
  return { client, lang: locale.lang, locale, rc, url };
}

function fallbackLocale(url: URL, domains: Record<string, "nb" | "sv">): PageLocale {
  const lang = langOf(url, domains);
  const info = LANGS[lang];
  return {
    lang,
    languageId: info.languageId,
    channelId: info.channelId,
    market: info.defaultMarket,
    prefix: domains[url.hostname.toLowerCase()] ? "" : info.prefix,
    path: url.pathname,
    marketInPath: false,
    domains,
    allowedLanguages: ["nb", "sv"],
  };
}

import { createContext } from "react-router";
import type { ThirdPartyScripts } from "./consent.server.ts";
import type { GraphqlPost } from "./graphql/client.ts";
import type { ResultOf } from "./graphql/graphql.ts";
import type { ChannelQuery } from "./graphql/operations.ts";
import type { PageLocale } from "./page-locale.ts";

/**
 * What the server hands every loader and action (server/app.ts fills it): the CSP nonce, the request id and
 * the GraphQL transport. The storefront never imports the API: it talks GraphQL, in-process or over HTTP.
 */
export interface RequestContext {
  nonce: string;
  requestId: string;
  apiKey: string;
  graphqlFetch: (request: Request) => Promise<Response>;
  /** The API in this process without HTTP's request and response (decision 0077); null or absent over HTTP. */
  graphqlPost?: GraphqlPost | null;
  graphqlUrl: string;
  domains: Record<string, "nb" | "sv">;
  marketInPath: boolean;
  fallbackMarket: string;
  /** The auth endpoint in-process, as this shopper's client (forms without JavaScript); null without accounts. */
  authFetch: ((request: Request) => Promise<Response>) | null;
  /** The salt of the password digest the browser sends (domain/password.ts). */
  passwordSalt: string;
  /** The third-party scripts a shopper may agree to (app/lib/consent.server.ts). */
  thirdPartyScripts?: ThirdPartyScripts;
  /** With a recommendation provider: what the browser's tracking queue tells it (decision 0046). */
  recommendationTracking?: { pageViews: boolean };
  /** The back office's API in-process (app/admin/; decision 0037); null when the server runs without it. */
  adminGraphqlFetch?: ((request: Request) => Promise<Response>) | null;
  log: (level: "info" | "warn" | "error", message: string, data?: Record<string, unknown>) => void;
}

export const requestContext = createContext<RequestContext>();

/** The page's language, market and prefix, decided once per request by the locale middleware (root.tsx). */
export const pageLocaleContext = createContext<PageLocale | null>(null);

/** The channel (theme and markets) the locale middleware read for this request, reused by the root loader. */
export const channelContext = createContext<ResultOf<typeof ChannelQuery>["channel"]>(null);

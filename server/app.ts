import { timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import type { AdminApi } from "#api/admin/yoga.ts";
import { type InProcessAnswer, postInProcess } from "#api/in-process.ts";
import type { Api } from "#api/yoga.ts";
import type { DbHandle } from "#db/client.ts";
import { SITEMAP_LIMITS } from "#domain/sitemap.ts";
import type { Auth } from "#services/customers/auth.ts";
import { followNewsletterLink } from "#services/newsletter.ts";
import { adminGraphqlHandler } from "./admin.ts";
import {
  CSV_EXPORT_PATH,
  CSV_IMPORT_LIMITS,
  catalogExportHandler,
  catalogImportGate,
  PRODUCT_IMAGE_LIMITS,
} from "./admin-csv.ts";
import { authRoutes, loginTokenSignIn } from "./auth.ts";
import { type CachedPageListener, cachedPageListener } from "./cached-page.ts";
import { type ClientVariables, publicRequest, publicUrlOf } from "./client.ts";
import { compression } from "./compression.ts";
import type { Config } from "./config.ts";
import { consentRoutes } from "./consent.ts";
import { csrfTokenHandler, requestGuard } from "./guard.ts";
import { imageRoutes } from "./images.ts";
import { type Logger, requestIdOf } from "./logger.ts";
import { type AnsweredRequest, type Metrics, routeKind } from "./metrics.ts";
import { offlineRoutes } from "./offline.ts";
import { createPageCache } from "./page-cache.ts";
import { sameSiteRedirects } from "./redirects.ts";
import { securityHeaders, securityHeaderWriter } from "./security.ts";
import { sitemapRoutes } from "./sitemap.ts";
import { staticFiles } from "./static-files.ts";

type Env = {
  Variables: { nonce: string; scriptHashes: string[]; requestId: string } & ClientVariables;
};

/** Bytes a request body may have: the API's, and every other route's (forms). */
export const BODY_LIMITS = {
  "/graphql": 1024 * 1024,
  // The back office's own screens call its API in process (no HTTP, no body limit): a CSV import's 8 MB reaches it
  // through the upload route below, read only for a signed-in admin (server/admin-csv.ts catalogImportGate).
  "/admin/graphql": 1024 * 1024,
  // The catalog's CSV upload (server/admin-csv.ts, decision 0051).
  ...CSV_IMPORT_LIMITS,
  // The product images' upload (decision 0057), gated the same way.
  ...PRODUCT_IMAGE_LIMITS,
  default: 64 * 1024,
} as const;

export interface AppDeps {
  config: Config;
  logger: Logger;
  db: DbHandle;
  api: Api;
  /** The back office's API (api/admin/yoga.ts, decision 0037); absent in some API-only tests. */
  adminApi?: AdminApi;
  metrics: Metrics;
  images: Parameters<typeof imageRoutes>[0]["store"];
  /** The storefront, built by React Router; absent in API-only tests. */
  storefront?: { build: ServerBuild; clientDir: string };
  /** Whether start-up (migrations, seed) has finished. */
  isReady: () => boolean;
  /** Accounts and sign-in (services/customers/auth.ts): the `/auth/` endpoint; absent in some API-only tests. */
  auth?: Auth;
  /** The catalog version this process last heard (services/catalog-version.ts): the page cache follows it. */
  catalogVersion?: () => number;
  /** The catalog version as committed now (CatalogVersionReader.current): the sitemaps are kept by it. */
  catalogVersionNow?: () => Promise<{ version: number }>;
  /** The hosted checkout's callbacks and, outside production, the providers' sandboxes (server/checkout.ts). */
  checkout?: { routes: Hono; apiPaths: readonly string[] };
  /**
   * The recommendation provider's routes when configured (server/recommendations.ts): the browser's tracking
   * queue and, outside production, its sandbox.
   */
  recommendations?: { routes?: Hono; apiPaths: readonly string[]; tracking?: { pageViews: boolean } };
}

/** Where a newsletter e-mail's one-click unsubscribe is posted (services/newsletter.ts), in each language. */
const ONE_CLICK_PATHS = ["/newsletter/one-click", "/sv/newsletter/one-click"] as const;

/** What the storefront's loaders get from the server (see app/lib/context.ts). */
export interface StorefrontRequestContext {
  nonce: string;
  requestId: string;
  apiKey: string;
  /** Executes a GraphQL request: in-process against the API, or over HTTP when GRAPHQL_URL is set. */
  graphqlFetch: (request: Request) => Promise<Response>;
  /**
   * In-process only (null over HTTP): a request's JSON text and headers through the very same API handler, answered
   * with its status and JSON text, without an HTTP request's and response's body streams (decision 0077).
   */
  graphqlPost: ((text: string, headers: Record<string, string>) => Promise<InProcessAnswer>) | null;
  graphqlUrl: string;
  domains: Record<string, "nb" | "sv">;
  marketInPath: boolean;
  fallbackMarket: string;
  /**
   * Calls the auth endpoint (server/auth.ts) in-process, as this request's client (its rate limits): the
   * storefront's forms without JavaScript speak the protocol of API.md through it. Null without accounts.
   */
  authFetch: ((request: Request) => Promise<Response>) | null;
  /** The salt of the password digest (AUTH_PASSWORD_SALT; domain/password.ts): the browser digests with it. */
  passwordSalt: string;
  /** The third-party scripts a shopper may agree to (TAG_MANAGER_URL, REVIEW_SERVICE_URL, REVIEW_SERVICE_KEY). */
  thirdPartyScripts: { tagManagerUrl?: string; reviewServiceUrl?: string; reviewServiceKey?: string };
  /** With a recommendation provider: what the browser's tracking queue tells it (decision 0046). */
  recommendationTracking?: { pageViews: boolean };
  /**
   * Executes a request against the back office's API (api/admin/yoga.ts) in-process, as this request's client; the
   * admin routes (app/admin/) forward the `mili-admin` cookie. Null when the server runs without it.
   */
  adminGraphqlFetch: ((request: Request) => Promise<Response>) | null;
  /** The request's logger (JSON lines with the request id). */
  log: (level: "info" | "warn" | "error", message: string, data?: Record<string, unknown>) => void;
}

/** One process: the storefront (SSR), /graphql, images, health and metrics. */
export function createApp(deps: AppDeps) {
  const { config, logger, metrics } = deps;
  const app = new Hono<Env>();

  // First of all: the request as the shopper made it (scheme and host behind a proxy) and who the client is.
  const clientOptions = {
    trustProxy: config.TRUST_PROXY,
    publicUrl: config.PUBLIC_URL,
    hostPerLanguage: config.DOMAINS.size > 0,
  };
  app.use(publicRequest(clientOptions));
  // Each answer's duration and status in the metrics and, but for health and assets, one log line; the same for a
  // page-cache hit answered at the node:http layer (server/cached-page.ts).
  const recordRequest = (request: AnsweredRequest) => {
    const { method, path, status, requestId } = request;
    const route = routeKind(path);
    metrics.httpDuration.observe({ method, route, status: `${Math.floor(status / 100)}xx` }, request.seconds);
    if (status >= 500) metrics.httpErrors.inc({ route });
    if (route !== "ops" && route !== "assets") {
      logger.info({ requestId, method, path, status, ms: Math.round(request.seconds * 1000) }, "request");
    }
  };
  app.use(async (c, next) => {
    const requestId = requestIdOf(c.req.header("x-request-id"));
    c.set("requestId", requestId);
    const started = performance.now();
    await next();
    const seconds = (performance.now() - started) / 1000;
    c.res.headers.set("X-Request-Id", requestId);
    recordRequest({ method: c.req.method, path: c.req.path, status: c.res.status, seconds, requestId });
  });
  const writeSecurityHeaders = securityHeaderWriter({
    thirdPartyOrigins: [config.TAG_MANAGER_URL, config.REVIEW_SERVICE_URL].flatMap((u) =>
      u ? [new URL(u).origin] : [],
    ),
  });
  app.use(securityHeaders(writeSecurityHeaders));
  // Every redirect, whichever route sends it, stays on the shop (domain/redirect.ts).
  app.use(
    sameSiteRedirects({
      hosts: [...config.DOMAINS.keys()],
      onRefused: (location) =>
        logger.error({ location }, "redirect to another site replaced by the home page"),
    }),
  );
  // A CSV upload's megabytes are read only for a signed-in admin (before the guard reads the body).
  const importGate = catalogImportGate(deps.db.db);
  app.use(async (c, next) => (await importGate(c.req.raw)) ?? next());
  // One body limit, one same-site check and one form check for every route (server/guard.ts).
  app.use(
    requestGuard({
      limits: BODY_LIMITS,
      // The checkout's callbacks and sandboxes answer servers (their own guards: signatures, Basic auth).
      // The newsletter's one-click unsubscribe (RFC 8058) is posted by mail programs: its link's token guards it.
      // /admin/graphql is JSON with its own same-site check (server/admin.ts).
      apiPaths: [
        "/graphql",
        "/admin/graphql",
        "/auth/*",
        ...ONE_CLICK_PATHS,
        ...(deps.checkout?.apiPaths ?? []),
        ...(deps.recommendations?.apiPaths ?? []),
      ],
      secret: config.authSecret,
    }),
  );
  // HTML, GraphQL answers and other text go out br or gzip; encoded answers (page cache, assets) pass as they are.
  app.use(compression());

  app.onError((error, c) => {
    logger.error({ requestId: c.get("requestId"), err: error }, "unhandled error");
    return c.text("Internal Server Error", 500);
  });

  app.get("/healthz", (c) => (deps.isReady() ? c.text("ok") : c.text("starting", 503)));
  app.get("/readyz", async (c) => {
    try {
      await deps.db.db.execute("select 1");
      return c.json({ status: "ready", database: deps.db.kind });
    } catch (error) {
      logger.error({ err: error }, "readiness check failed");
      return c.json({ status: "unavailable", database: deps.db.kind }, 503);
    }
  });
  // Metrics name the Node version and count errors: only for the holder of METRICS_TOKEN (var/secrets).
  const metricsAuth = Buffer.from(`Bearer ${config.metricsToken}`);
  app.get("/metrics", async (c) => {
    const given = Buffer.from(c.req.header("authorization") ?? "");
    if (given.length !== metricsAuth.length || !timingSafeEqual(given, metricsAuth))
      return c.text("Unauthorized", 401, {
        "WWW-Authenticate": 'Bearer realm="metrics"',
        "Cache-Control": "no-store",
      });
    c.header("Content-Type", metrics.registry.contentType);
    return c.body(await metrics.registry.metrics());
  });

  app.route("/images", imageRoutes({ store: deps.images }));

  app.get("/api/csrf", csrfTokenHandler(config.authSecret));

  // The service worker's offline page, in the host's language and in Swedish (server/offline.ts).
  app.route(
    "/",
    offlineRoutes((host) => (config.DOMAINS.get(host) === "sv" ? "sv" : "nb")),
  );

  // robots.txt and the XML sitemaps (server/sitemap.ts, decision 0090), kept by the catalog version.
  app.route(
    "/",
    sitemapRoutes({
      db: deps.db.db,
      domains: config.DOMAINS,
      marketInPath: config.MARKET_IN_PATH,
      ...(deps.catalogVersionNow ? { version: deps.catalogVersionNow } : {}),
      limits: { ...SITEMAP_LIMITS, urls: config.SITEMAP_MAX_URLS },
      minAgeMs: config.SITEMAP_REFRESH_SECONDS * 1000,
      log: (message, data) => logger.info(data, message),
    }),
  );

  // The consent banner's choice (server/consent.ts): a same-site form post, answered by the cookie and a redirect.
  app.route("/", consentRoutes());

  // One-click unsubscribe from a newsletter e-mail's List-Unsubscribe header (RFC 8058): a POST from the
  // shopper's mail program with the link's id and token; the storefront's /newsletter/unsubscribe page is the
  // same for a person.
  for (const path of ONE_CLICK_PATHS)
    app.post(path, async (c) => {
      const id = Number(c.req.query("id"));
      const token = c.req.query("token") ?? "";
      const done =
        Number.isSafeInteger(id) &&
        id > 0 &&
        token.length <= 64 &&
        (await followNewsletterLink(deps.db.db, config.authSecret, "unsubscribe", id, token));
      return c.text(done ? "Unsubscribed" : "Unknown link", done ? 200 : 400, {
        "Cache-Control": "no-store",
      });
    });

  // The auth endpoint of API.md (server/auth.ts): JSON, with its own same-site check.
  const auth = deps.auth
    ? authRoutes({ auth: deps.auth, logger, corsOrigins: config.corsOrigins, db: deps.db.db })
    : null;
  if (auth) app.route("/auth", auth);
  // The same endpoint for the storefront's own calls (forms without JavaScript), with the shopper's client.
  const authInProcess = auth ? new Hono<{ Bindings: { client: ClientVariables } }>() : null;
  if (auth && authInProcess) {
    authInProcess.use(async (c, next) => {
      const vars = c as unknown as { set(key: keyof ClientVariables, value: string): void };
      vars.set("clientSubject", c.env.client.clientSubject);
      vars.set("clientIp", c.env.client.clientIp);
      await next();
    });
    authInProcess.route("/auth", auth);
  }

  // The API learns who the client is from the server context: the rate limits (decision 0016) and the admission
  // of costly queries (decision 0018) count per client.
  const graphql = (request: Request, client: ClientVariables & { pageScope?: object }) =>
    deps.api.fetch(request, client) as Promise<Response>;
  const clientOf = (c: { get(key: "clientSubject" | "clientIp"): string }): ClientVariables => ({
    clientSubject: c.get("clientSubject"),
    clientIp: c.get("clientIp"),
  });
  app.on(["GET", "POST", "OPTIONS"], "/graphql", (c) => graphql(c.req.raw, clientOf(c)));

  const adminApi = deps.adminApi;
  if (adminApi) {
    const handle = adminGraphqlHandler(adminApi, config.authSecret);
    app.all("/admin/graphql", (c) => handle(c.req.raw, c.get("clientSubject")));
    const exportCsv = catalogExportHandler(deps.db.db);
    app.get(CSV_EXPORT_PATH, (c) => exportCsv(c.req.raw));
  }

  if (deps.checkout) app.route("/", deps.checkout.routes);
  if (deps.recommendations?.routes) app.route("/", deps.recommendations.routes);

  // Token sign-in (`?loginToken=` on any page, spec §4) before the page cache: such a URL is answered by a redirect.
  if (deps.auth) app.use("*", loginTokenSignIn({ auth: deps.auth, logger, db: deps.db.db }));

  const sf = deps.storefront;
  let cachedPage: CachedPageListener | null = null;
  if (sf) {
    // The page cache answers before the static-file lookup: a cached page costs no file-system access.
    const pageCache = createPageCache({
      enabled: config.PAGE_CACHE,
      ...(deps.catalogVersion ? { version: deps.catalogVersion } : {}),
    });
    app.use("*", pageCache.middleware);
    // Its hits, answered before the request becomes a web Request (decision 0068): the same answer, headers, log
    // line and metrics as the middlewares above give them.
    if (config.PAGE_CACHE)
      cachedPage = cachedPageListener({
        pageCache,
        publicUrl: publicUrlOf(clientOptions),
        writeSecurityHeaders,
        recordRequest,
      });
    // Built files from memory, precompressed; hashed /assets are immutable, the rest (icons, manifest,
    // service worker) kept for an hour.
    app.use(
      "*",
      staticFiles({
        root: sf.clientDir,
        cacheControl: (path) =>
          path.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "public, max-age=3600",
      }),
    );
    const handle = createRequestHandler(sf.build, config.production ? "production" : "development");
    // Host → language, without a prototype: a Host header such as "constructor" must find nothing.
    const domains: Record<string, "nb" | "sv"> = Object.assign(
      Object.create(null),
      Object.fromEntries(config.DOMAINS),
    );
    const key = (
      sf.build.entry.module as unknown as { requestContext: Parameters<RouterContextProvider["set"]>[0] }
    ).requestContext;
    const inProcess = !config.GRAPHQL_URL;
    const graphqlUrl = config.GRAPHQL_URL ?? "http://in-process/graphql";
    app.all("*", (c) => {
      const context = new RouterContextProvider();
      // The page's in-process calls share a scope: one catalog version read for all of them (api/response-cache.ts).
      const client = { ...clientOf(c), pageScope: {} };
      const value: StorefrontRequestContext = {
        nonce: c.get("nonce"),
        requestId: c.get("requestId"),
        apiKey: config.apiKey,
        // In-process calls carry the shopper's client for the rate limits; remote ones come from this server.
        graphqlFetch: inProcess ? (request) => graphql(request, client) : (request) => fetch(request),
        graphqlPost: inProcess
          ? (text, headers) => postInProcess((request) => graphql(request, client), graphqlUrl, text, headers)
          : null,
        graphqlUrl,
        domains,
        marketInPath: config.MARKET_IN_PATH,
        fallbackMarket: config.FALLBACK_MARKET,
        authFetch: authInProcess ? async (request) => authInProcess.fetch(request, { client }) : null,
        passwordSalt: config.AUTH_PASSWORD_SALT,
        thirdPartyScripts: {
          ...(config.TAG_MANAGER_URL ? { tagManagerUrl: config.TAG_MANAGER_URL } : {}),
          ...(config.REVIEW_SERVICE_URL ? { reviewServiceUrl: config.REVIEW_SERVICE_URL } : {}),
          ...(config.REVIEW_SERVICE_KEY ? { reviewServiceKey: config.REVIEW_SERVICE_KEY } : {}),
        },
        ...(deps.recommendations?.tracking ? { recommendationTracking: deps.recommendations.tracking } : {}),
        adminGraphqlFetch: adminApi
          ? async (request) =>
              adminApi.fetch(request, { clientSubject: client.clientSubject }) as Promise<Response>
          : null,
        log: (level, message, data) => logger[level]({ requestId: c.get("requestId"), ...data }, message),
      };
      context.set(key, value);
      return handle(c.req.raw, context);
    });
  }
  return { app, cachedPage };
}

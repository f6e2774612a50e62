import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:http";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { createAdminApi } from "#api/admin/yoga.ts";
import { createApi } from "#api/yoga.ts";
import { DatabaseUnreachableError, openDatabase } from "#db/client.ts";
import { seedIfEmpty } from "#db/seed/index.ts";
import { createMailer } from "#integrations/mail/index.ts";
import { createRateLimiter } from "#integrations/rate-limit/index.ts";
import { connectRedisClient, RedisUnreachableError } from "#integrations/redis.ts";
import { memoryResponseCacheStore, redisResponseCacheStore } from "#integrations/response-cache/index.ts";
import { totpKey } from "#services/admin/totp.ts";
import { catalogIndex } from "#services/catalog-index/index.ts";
import { createCatalogVersionReader } from "#services/catalog-version.ts";
import { createAuth } from "#services/customers/auth.ts";
import { startStockEvents } from "#services/events.ts";
import { createImageNames } from "#services/images/names.ts";
import { createImageStore } from "#services/images/render.ts";
import { createProductImageRenderer } from "#services/images/uploads.ts";
import { startMailSender } from "#services/mail/outbox.ts";
import { createReferenceCache } from "#services/reference.ts";
import { createApp } from "./app.ts";
import type { CachedPageListener } from "./cached-page.ts";
import { checkoutSetup } from "./checkout.ts";
import { ConfigError, parseConfig } from "./config.ts";
import { createLogger } from "./logger.ts";
import { createMetrics } from "./metrics.ts";
import { loadPersistedOperations } from "./persisted-operations.ts";
import { recommendationSetup } from "./recommendations.ts";
import { resolveSecrets } from "./secrets.ts";
import { attachGraphqlWs } from "./ws.ts";

/**
 * Starts the shop: listens at once (health answers 503 "starting"), migrates and seeds the database, then
 * serves everything. SIGTERM lets in-flight requests finish and closes the database cleanly.
 */
export async function start(env: Record<string, string | undefined> = process.env) {
  const parsed = parseConfig(env);
  const logger = createLogger(parsed.LOG_LEVEL);
  const root = resolve(import.meta.dirname, "..");
  // Secrets not set in the environment are generated once and kept in SECRETS_DIR (decision 0017).
  const { kept, ...secrets } = resolveSecrets(parsed, root);
  const config = { ...parsed, ...secrets };
  if (Object.keys(kept).length)
    logger.info(
      { secrets: kept },
      `secrets not set in the environment are kept in ${parsed.SECRETS_DIR} (${Object.keys(kept).join(", ")})`,
    );
  if (!config.production && !config.API_KEY)
    logger.info(`${config.NODE_ENV} mode: the API accepts the development key "${config.apiKey}"`);
  let handler: (request: Request, env?: unknown) => Response | Promise<Response> = (request) =>
    new URL(request.url).pathname === "/healthz"
      ? new Response("starting", { status: 503 })
      : new Response("Mili is starting, try again in a moment", {
          status: 503,
          headers: { "Retry-After": "2" },
        });

  // A page-cache hit is answered before the request becomes a web Request (server/cached-page.ts, decision 0068);
  // everything else goes through the Node adapter to the app.
  let cachedPage: CachedPageListener | null = null;
  const listener = getRequestListener((request, bindings) => handler(request, bindings), {
    hostname: config.HOST,
  });
  const server = createServer((incoming, outgoing) => {
    if (cachedPage?.(incoming, outgoing)) return;
    listener(incoming, outgoing);
  });
  // Idle keep-alive connections stay open 65 s (Node's default is 5 s). A proxy or load balancer in front keeps its
  // idle connections to the shop up to 60 s (nginx's upstream keepalive_timeout, AWS ALB's idle timeout) and must
  // be the side that closes them: a request sent on a connection the shop is closing at that instant is reset
  // (a 502 for the shopper). Headers must still arrive within the 66 s after a connection's last request.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.listen(config.PORT, config.HOST);
  await new Promise<void>((done) => server.once("listening", () => done()));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;

  const where = {
    url: config.DATABASE_URL,
    dir: config.PGLITE_DIR === "memory" ? "memory" : resolve(root, config.PGLITE_DIR),
    synchronousCommit: config.DATABASE_SYNCHRONOUS_COMMIT === "on",
    sharedBuffers: config.PGLITE_SHARED_BUFFERS,
  } as const;
  // A new PGlite folder is created, migrated and seeded by the seed CLI in a child process: what seeding takes
  // (a WebAssembly heap grown to ~1.25 GB, V8's and malloc's heaps) goes back when it exits (decision 0069).
  let seededApart: unknown = null;
  if (
    !where.url &&
    where.dir !== "memory" &&
    config.SEED_PRODUCTS > 0 &&
    !existsSync(join(where.dir, "PG_VERSION"))
  )
    seededApart = await seedInChildProcess(root, where.dir, config.SEED_PRODUCTS, env);
  if (seededApart)
    logger.info(seededApart, "seeded the demo catalog (its gift cards: npm run seed -- --gift-cards)");
  let db = await openDatabase(where);
  await db.migrate();
  const seeded = await seedIfEmpty(db, { products: config.SEED_PRODUCTS, logger });
  if (seeded) logger.info(seeded, "seeded the demo catalog (its gift cards: npm run seed -- --gift-cards)");
  if (seeded && db.kind === "pglite" && where.dir !== "memory") {
    // PGlite's WebAssembly memory grows to ~1.25 GB while a new directory is created and seeded and can never be
    // given back; the same directory opened again starts at ~190 MB (bench/README.md, "Memory").
    await db.close();
    db = await openDatabase(where);
  }

  const buildDir = join(root, "build");
  const serverBuild = join(buildDir, "server", "index.js");
  const storefront = existsSync(serverBuild)
    ? {
        build: (await import(pathToFileURL(serverBuild).href)) as ServerBuild,
        clientDir: join(buildDir, "client"),
      }
    : undefined;
  if (!storefront) logger.warn("no storefront build found (run npm run build): serving the API only");

  // The catalog's in-process list index (decision 0011) is read before the shop says it is ready, so the first
  // shopper's list does not pay for it (about 1 s at 100,000 products, a few ms for the demo catalog).
  await catalogIndex(db.db);
  const metrics = createMetrics();
  // Stock changes from the database (LISTEN), fanned out through Redis when REDIS_URL is set.
  const stockEvents = await startStockEvents({ handle: db, redisUrl: config.REDIS_URL, logger });
  // One rate limiter for every anonymous write and every guessable secret (decision 0016): in Redis when
  // REDIS_URL is set (shared by all processes; keys named after the database, so shops sharing a Redis do not
  // share budgets), in memory otherwise.
  const limiterRedis = config.REDIS_URL
    ? await connectRedisClient(config.REDIS_URL, logger, "rate-limit")
    : undefined;
  const limiter = createRateLimiter({
    ...(limiterRedis ? { redis: limiterRedis } : {}),
    prefix: `mili:${databaseName(config.DATABASE_URL, config.PGLITE_DIR)}`,
    overrides: config.RATE_LIMITS,
    logger,
  });
  const auth = createAuth({
    db: db.db,
    secret: config.authSecret,
    salt: config.AUTH_PASSWORD_SALT,
    limiter,
    logger,
  });
  // The catalog version (services/catalog-version.ts) keys the API's response cache (read per request) and the page
  // cache (followed by LISTEN): a merchant's change shows in the next API answer and on every node's pages
  // within a second (decisions 0023, 0024).
  const catalogVersion = createCatalogVersionReader(db);
  await catalogVersion.follow();
  // Channels, markets, languages and VAT: reloaded when the catalog version moves (a settings change, decision 0059).
  const reference = createReferenceCache(db.db, { version: () => catalogVersion.latest() });
  const cacheRedis =
    config.REDIS_URL && config.RESPONSE_CACHE
      ? await connectRedisClient(config.REDIS_URL, logger, "response-cache")
      : undefined;
  const responseStore = cacheRedis
    ? redisResponseCacheStore(
        cacheRedis,
        `mili:${databaseName(config.DATABASE_URL, config.PGLITE_DIR)}`,
        logger,
      )
    : memoryResponseCacheStore();
  // E-mail from the durable outbox (decision 0021): SMTP when SMTP_URL is set, else .eml files in var/outbox/.
  const mailSender = startMailSender({
    db: db.background,
    mailer: createMailer({
      smtpUrl: config.SMTP_URL,
      outboxDir: resolve(root, config.MAIL_OUTBOX_DIR),
      from: config.MAIL_FROM,
    }),
    logger,
    secret: config.authSecret,
    siteUrl: (language) => {
      const host = [...config.DOMAINS].find(([, lang]) => lang === language)?.[0];
      const base = config.PUBLIC_URL ? new URL(config.PUBLIC_URL) : undefined;
      if (host) return `${base?.protocol ?? "https:"}//${host}`;
      const origin = base ? base.origin : `http://localhost:${port}`;
      return language === "sv" ? `${origin}/sv` : origin;
    },
  });
  // Payments and shipping (decision 0030): the providers' sandboxes on this server outside production.
  const anyHost = config.HOST === "0.0.0.0" || config.HOST === "::";
  const selfHost = anyHost ? "127.0.0.1" : config.HOST;
  const selfOrigin = `http://${selfHost.includes(":") ? `[${selfHost}]` : selfHost}:${port}`;
  const checkout = checkoutSetup({
    config,
    env,
    db: db.db,
    reference,
    logger,
    // Where the shopper's browser is sent back to: PUBLIC_URL, else this server as a browser on it reaches it.
    publicOrigin: config.PUBLIC_URL
      ? new URL(config.PUBLIC_URL).origin
      : anyHost
        ? `http://localhost:${port}`
        : selfOrigin,
    selfOrigin,
  });
  const recommendations = recommendationSetup({ config, env, logger, selfOrigin, limiter });
  const api = createApi({
    services: {
      checkout: checkout.services,
      ...(recommendations.provider ? { recommendations: recommendations.provider } : {}),
      db: db.db,
      reference,
      logger,
      limiter,
      auth,
      accounts: { secret: config.authSecret, salt: config.AUTH_PASSWORD_SALT },
      site: { publicUrl: config.PUBLIC_URL, domains: config.DOMAINS },
      adminKey: config.ADMIN_KEY,
      previewToken: config.WIDGET_PREVIEW_TOKEN,
    },
    ...(config.RESPONSE_CACHE
      ? { responseCache: { store: responseStore, version: catalogVersion.current } }
      : {}),
    apiKey: config.apiKey,
    persistedOperations: loadPersistedOperations(buildDir),
    persistedOnly: config.PERSISTED_OPERATIONS_ONLY,
    stockEvents,
    corsOrigins: config.corsOrigins,
    limits: { maxCost: config.GRAPHQL_MAX_COST },
    introspection: !config.production,
  });
  // GraphQL subscriptions: WebSocket (graphql-ws) on the same port and path.
  const ws = attachGraphqlWs({
    server,
    api,
    apiKey: config.apiKey,
    logger,
    allowedOrigins: config.corsOrigins,
    shopHosts: [...config.DOMAINS.keys()],
    // Behind a trusted proxy the client is the address it appended last (as server/client.ts reads it for HTTP).
    ...(config.TRUST_PROXY
      ? {
          clientIp: (request: import("node:http").IncomingMessage) => {
            const xff = request.headers["x-forwarded-for"];
            const last = (Array.isArray(xff) ? xff.join(",") : xff)?.split(",").at(-1)?.trim();
            return last || request.socket.remoteAddress;
          },
        }
      : {}),
  });
  // The back office's API (decision 0037): its own schema and session, never the shop's.
  const adminApi = createAdminApi({
    services: {
      db: db.db,
      logger,
      limiter,
      auth,
      checkout: checkout.services,
      publicUrl: config.PUBLIC_URL,
      totpKey: totpKey(config.authSecret),
      previewToken: config.WIDGET_PREVIEW_TOKEN,
    },
    introspection: !config.production,
    secureCookies: config.production,
  });
  const { app, cachedPage: hits } = createApp({
    config,
    logger,
    db,
    api,
    adminApi,
    metrics,
    images: createImageStore({
      cacheDir: resolve(root, config.IMAGE_CACHE_DIR),
      exists: createImageNames(db.db, { catalogVersion: catalogVersion.latest }).exists,
      render: createProductImageRenderer(db.db),
      maxCacheBytes: config.IMAGE_CACHE_MB * 1024 * 1024,
      onCacheWriteError: (error, file) => logger.warn({ err: error, file }, "image cache: could not write"),
    }),
    storefront: storefront && { ...storefront, clientDir: storefront.clientDir },
    isReady: () => !stopping,
    auth,
    catalogVersion: catalogVersion.latest,
    catalogVersionNow: catalogVersion.current,
    checkout,
    recommendations,
  });
  let stopping = false;
  handler = (request, bindings) => app.fetch(request, bindings);
  cachedPage = hits;
  // Attempts a crash left pending are settled now and every few minutes (services/orders/reconcile.ts): no lost
  // order, no half order, stock consistent. The providers answer on this server too, so this runs once it serves.
  let reconciling: Promise<unknown> = Promise.resolve();
  const reconcile = () => {
    reconciling = checkout
      .reconcile()
      .then((outcome) => {
        if (outcome.confirmed || outcome.failed) logger.info(outcome, "reconciled pending orders");
      })
      .catch((error) => logger.error({ err: error }, "reconciling pending orders failed"))
      // Refunds whose provider call went unanswered are settled by asking the provider (decision 0065).
      .then(() => checkout.reconcileRefunds())
      .then((outcome) => {
        if (outcome && (outcome.completed || outcome.failed)) logger.info(outcome, "settled pending refunds");
      })
      .catch((error) => logger.error({ err: error }, "settling pending refunds failed"));
  };
  reconcile();
  const reconcileTimer = setInterval(reconcile, 5 * 60_000);
  reconcileTimer.unref();
  logger.info(
    {
      port,
      mode: config.NODE_ENV,
      database: db.kind,
      fanOut: stockEvents.fanOut,
      rateLimits: limiterRedis ? "redis" : "memory",
    },
    `Mili is ready at http://localhost:${port}`,
  );

  async function stop(signal: string) {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    const force = setTimeout(() => {
      logger.error("in-flight requests did not finish within 10 s; closing anyway");
      server.closeAllConnections();
    }, 10_000);
    force.unref();
    // WebSocket clients hear 1001 (going away) first; their sockets would otherwise keep the server open.
    await ws.close();
    await new Promise<void>((done) => server.close(() => done()));
    server.closeIdleConnections();
    clearInterval(reconcileTimer);
    await reconciling;
    await stockEvents.close();
    await mailSender.stop();
    await limiterRedis?.quit().catch(() => undefined);
    await catalogVersion.close();
    await cacheRedis?.quit().catch(() => undefined);
    await db.close();
    clearTimeout(force);
    logger.info("stopped");
  }
  return { port, server, db, stop, logger, config, ws, app };
}

/**
 * Runs `db/seed/cli.ts` (migrate, then seed an empty database) on the PGlite folder `dir` in a child process, with
 * the environment the shop was started with (`start(env)`, over the process's own for what a child needs, PATH
 * and HOME); resolves with the seed's summary, rejects with its error output when it fails. The child gets this
 * process's V8 memory flags (npm start's young-generation cap and WebAssembly in Liftoff, decisions 0069 and 0071:
 * the seed's peak 1,319 → 676 MB resident with the demo catalog), not its other flags (an inspector port, a loader).
 */
function seedInChildProcess(
  root: string,
  dir: string,
  products: number,
  env: Record<string, string | undefined>,
): Promise<unknown> {
  const memoryFlags = process.execArgv.filter((flag) => /^--(max-semi-space-size|no-wasm-|wasm-)/.test(flag));
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [...memoryFlags, join(root, "db", "seed", "cli.ts"), "--products", String(products)],
      {
        cwd: root,
        env: { ...process.env, ...env, DATABASE_URL: "", PGLITE_DIR: dir },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      if (code !== 0) {
        reject(new Error(`seeding ${dir} failed (${signal ?? `exit code ${code}`}): ${err.slice(-2000)}`));
        return;
      }
      try {
        resolve(JSON.parse(out.trim().split("\n").at(-1) ?? "null"));
      } catch {
        resolve({ products });
      }
    });
  });
}

/** Which database a shop runs on, for naming its keys in a shared Redis: the PostgreSQL database or PGlite's folder. */
function databaseName(url: string | undefined, dir: string): string {
  if (url) {
    const u = new URL(url);
    return `${u.hostname}:${u.port || 5432}${u.pathname}`;
  }
  // An in-memory database is this process's alone.
  return dir === "memory" ? `pglite:memory:${crypto.randomUUID()}` : `pglite:${resolve(dir)}`;
}

/** Starts the shop as a process: exits with a clear message when it cannot start, stops cleanly on SIGTERM. */
export async function run() {
  try {
    const shop = await start();
    for (const signal of ["SIGTERM", "SIGINT"] as const) {
      process.once(signal, () => {
        shop.stop(signal).then(
          () => process.exit(0),
          (error) => {
            shop.logger.error({ err: error }, "shutdown failed");
            process.exit(1);
          },
        );
      });
    }
  } catch (error) {
    if (
      error instanceof ConfigError ||
      error instanceof DatabaseUnreachableError ||
      error instanceof RedisUnreachableError
    ) {
      console.error(error.message);
    } else {
      console.error("Mili could not start:", error);
    }
    process.exit(1);
  }
}

if (import.meta.main) await run();

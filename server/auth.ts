import { type Context, Hono, type MiddlewareHandler } from "hono";
import type { Database } from "#db/client.ts";
import { type MessageLanguage, messageLanguage, renderMessage } from "#domain/messages.ts";
import {
  AUTH_ACTIONS,
  type Auth,
  type AuthAction,
  AuthError,
  type ClientInfo,
  type CompleteRequest,
  type Principal,
  type Session,
} from "#services/customers/auth.ts";
import { adoptFavorites, favoritesOfCookie, mergeGuestCart } from "#services/customers/sign-in.ts";
import type { ClientVariables } from "./client.ts";
import type { Logger } from "./logger.ts";

/** The cookies of spec §7/§9 (API.md, Cookies). */
export const AUTH_COOKIE = "mili-auth";
export const REFRESH_COOKIE = "mili-auth-refresh";
export const USER_COOKIE = "mili-user";
export const USER_MAXAGE_COOKIE = "mili-user-maxage";
export const USER_TYPE_COOKIE = "mili-user-type";
export const REFRESH_HEADER = "x-auth-refresh-token";
/** The customer-type cookie lives a year, like the market's (spec §9). */
const YEAR = 31_536_000;

export interface AuthRoutesOptions {
  auth: Auth;
  logger: Logger;
  /** Origins whose scripts may call the endpoint with credentials (CORS_ORIGINS, PUBLIC_URL). */
  corsOrigins?: readonly string[];
  /** The database, for what a sign-in brings along: the guest's cart and favourites (none without it). */
  db?: Database;
}

const CART_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The auth endpoint of API.md at `/auth/` (decision 0020): `POST /auth/{action}` with `{username}` → `{sign}`,
 * `GET /auth/sign/{sign}` → `{identity, signature, timestamp}`, `POST /auth/{action}` with the signature and the
 * password digest → `{token, maxAge}` plus the refresh token in `x-auth-refresh-token` and the cookies of spec §9.
 * `GET /auth/` or `/auth/login` answers the current session (refreshing it: the refresh token is rotated);
 * `GET|POST /auth/logout` ends it. Errors: `{error: {code, message}}` with the message in the shopper's language.
 *
 * Same-site: a browser request from another site is refused (Sec-Fetch-Site, else Origin); a client that sends
 * neither header is no browser and is accepted only without the shop's auth cookies (it cannot ride on a
 * shopper's session). Answers are never cached.
 */
export function authRoutes(opts: AuthRoutesOptions) {
  const { auth, logger } = opts;
  const allowed = new Set(opts.corsOrigins ?? []);
  const app = new Hono<{ Variables: ClientVariables }>();

  app.use("*", async (c, next) => {
    c.header("Cache-Control", "no-store");
    const refusal = crossSite(c, allowed);
    if (refusal) return c.json({ error: { code: "FORBIDDEN", message: refusal } }, 403);
    const origin = c.req.header("origin");
    if (origin && allowed.has(origin)) {
      c.header("Access-Control-Allow-Origin", origin);
      c.header("Access-Control-Allow-Credentials", "true");
      c.header("Access-Control-Expose-Headers", REFRESH_HEADER);
      c.header("Vary", "Origin");
      if (c.req.method === "OPTIONS") {
        c.header("Access-Control-Allow-Methods", "GET, POST");
        c.header("Access-Control-Allow-Headers", `content-type, authorization, ${REFRESH_HEADER}`);
        return c.body(null, 204);
      }
    }
    await next();
  });

  // Refusals answer their status, code and message; anything else is the server's fault (logged, no details).
  app.onError((error, c) => {
    c.header("Cache-Control", "no-store");
    if (error instanceof AuthError) {
      if (error.retryAfterSeconds) c.header("Retry-After", String(error.retryAfterSeconds));
      return c.json(
        { error: { code: error.code, message: renderMessage(error.text, languageOf(c)) } },
        error.status,
      );
    }
    logger.error({ err: error }, "auth endpoint failed");
    const message = renderMessage({ key: "account.generic" }, languageOf(c));
    return c.json({ error: { code: "INTERNAL_SERVER_ERROR", message } }, 500);
  });

  // Step 2.
  app.get("/sign/:sign", async (c) => c.json(await auth.signChallenge(c.req.param("sign"))));

  // The current session (refreshing it), or logout.
  // "/auth", "/auth/" and "/auth/{action}".
  const ACTION = "/:action{[a-z]*}";
  app.get("/", (c) => current(c));
  app.get(ACTION, (c) => current(c));
  async function current(c: Context) {
    const action = actionOf(c.req.param("action"));
    if (!action) return c.json({ error: { code: "NOT_FOUND", message: "Unknown auth action" } }, 404);
    const refreshToken = c.req.header(REFRESH_HEADER) || cookie(c, REFRESH_COOKIE) || null;
    if (action === "logout") return logout(c, refreshToken);
    if (!refreshToken) return c.json({});
    const session = await auth.refresh(refreshToken, clientOf(c, null));
    if (!session) {
      clearCookies(c);
      return c.json({ error: { code: "UNAUTHENTICATED", message: "The session has ended" } }, 401);
    }
    return answer(c, session);
  }

  app.post("/", (c) => step(c));
  app.post(ACTION, (c) => step(c));
  async function step(c: Context) {
    const action = actionOf(c.req.param("action"));
    if (!action) return c.json({ error: { code: "NOT_FOUND", message: "Unknown auth action" } }, 404);
    const refreshToken = c.req.header(REFRESH_HEADER) || cookie(c, REFRESH_COOKIE) || null;
    if (action === "logout") return logout(c, refreshToken);
    let body: Record<string, unknown>;
    try {
      const parsed = (await c.req.json()) as unknown;
      body = parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as typeof body) : {};
    } catch {
      return c.json({ error: { code: "BAD_REQUEST", message: "Send JSON: {username, …}" } }, 400);
    }
    // A body without username and signature is the storefront's first GET-like call: the current session.
    if (body.username === undefined && body.signature === undefined) {
      if (!refreshToken) return c.json({});
      const session = await auth.refresh(refreshToken, clientOf(c, null));
      return session ? answer(c, session) : c.json({});
    }
    const principal = action === "password" ? await principalOf(c) : null;
    const client = clientOf(c, principal, body.languageId);
    if (body.signature === undefined || body.signature === null)
      return c.json(await auth.challenge(action, body.username, client));
    const session = await auth.complete(action, body as unknown as CompleteRequest, client);
    if (action !== "password" && opts.db) await bringAlong(c, opts.db, session);
    if (action !== "register") logger.info({ customerId: session.principal.customerId, action }, "signed in");
    else logger.info({ customerId: session.principal.customerId }, "registered");
    return answer(c, session);
  }

  /** The guest's cart merges into the account's (one locked transaction) and the favourites move over. */
  async function bringAlong(c: Context, db: Database, session: Session) {
    const { customerId, customerType } = session.principal;
    try {
      const guestCart = cookie(c, "mili-cart");
      const cartId = await mergeGuestCart(
        db,
        customerId,
        customerType,
        guestCart && CART_ID.test(guestCart) ? guestCart : null,
      );
      if (cartId) {
        const secure = new URL(c.req.url).protocol === "https:";
        setCookie(c, "mili-cart", cartId, { maxAge: YEAR, secure });
      }
      await adoptFavorites(db, customerId, favoritesOfCookie(cookie(c, "mili-persisted-states")));
    } catch (error) {
      // The sign-in stands; the shopper's cart and favourites stay where they were.
      logger.error({ err: error, customerId }, "could not bring the guest's cart and favourites along");
    }
  }

  async function logout(c: Context, refreshToken: string | null) {
    const principal = await principalOf(c);
    await auth.logout(refreshToken, principal);
    clearCookies(c);
    // Ending a merchant's "shop as" session: the customer's cart stays the customer's, not this browser's.
    if (principal?.actor)
      setCookie(c, "mili-cart", "", { maxAge: 0, secure: new URL(c.req.url).protocol === "https:" });
    return c.json({});
  }

  async function principalOf(c: Context): Promise<Principal | null> {
    const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
    return auth.authenticate(bearer ?? cookie(c, AUTH_COOKIE));
  }

  function clientOf(c: Context, principal: Principal | null, languageId?: unknown): ClientInfo {
    return {
      subject: (c.get("clientSubject") as string | undefined) ?? "unknown",
      userAgent: c.req.header("user-agent"),
      language: typeof languageId === "string" ? messageLanguage(languageId) : languageOf(c),
      principal,
    };
  }

  return app;
}

/** The answer of a step that signs in: body, refresh header and cookies. */
function answer(c: Context, session: Session) {
  c.header(REFRESH_HEADER, session.refreshToken);
  setSessionCookies(c, session);
  return c.json({ token: session.token, maxAge: session.maxAge });
}

/** The cookies of spec §9 for a session. */
function setSessionCookies(c: Context, session: Session) {
  const secure = new URL(c.req.url).protocol === "https:";
  const life = session.sessionMaxAge;
  setCookie(c, AUTH_COOKIE, session.token, { maxAge: life, httpOnly: true, secure });
  setCookie(c, REFRESH_COOKIE, session.refreshToken, { maxAge: life, httpOnly: true, secure, path: "/auth" });
  setCookie(c, USER_COOKIE, encodeURIComponent(session.username), { maxAge: life, secure });
  setCookie(c, USER_MAXAGE_COOKIE, String(session.maxAge), { maxAge: life, secure });
  setCookie(c, USER_TYPE_COOKIE, session.principal.customerType, { maxAge: YEAR, secure });
}

/** The query parameter of token sign-in (spec §4, §7: "loginToken bypasses the guard"). */
export const LOGIN_TOKEN_PARAM = "loginToken";

/**
 * Token sign-in (spec §4): a storefront page asked for with `?loginToken=` signs in with the merchant's token on the
 * server — no JavaScript needed — and redirects (303, no-store) to the same URL without the parameter: with the
 * session's cookies (spec §9) and the customer's open cart in `mili-cart` (none: the cookie cleared, the browser's
 * guest cart is not the customer's), so the page that follows loads everything, cart and prices, afresh for the
 * customer. A forged, expired or already used token changes nothing: the request goes on as it came, the guard
 * skipped as spec §7 says (the page shows as a guest's), and the page says the link is used or expired
 * (app/lib/shop-as.server.ts). Runs before the page cache: a cached page never answers a token that would sign in.
 */
export function loginTokenSignIn(opts: Pick<AuthRoutesOptions, "auth" | "logger" | "db">): MiddlewareHandler<{
  Variables: ClientVariables;
}> {
  const { auth, logger } = opts;
  return async (c, next) => {
    const method = c.req.method;
    const url = new URL(c.req.url);
    const token = url.searchParams.get(LOGIN_TOKEN_PARAM);
    if ((method !== "GET" && method !== "HEAD") || token === null) return next();
    let session: Session;
    try {
      session = await auth.signInWithLoginToken(token, {
        subject: (c.get("clientSubject") as string | undefined) ?? "unknown",
        userAgent: c.req.header("user-agent"),
        language: languageOf(c),
        principal: null,
      });
    } catch (error) {
      if (!(error instanceof AuthError)) logger.error({ err: error }, "token sign-in failed");
      return next();
    }
    url.searchParams.delete(LOGIN_TOKEN_PARAM);
    c.header("Cache-Control", "no-store");
    c.header("Referrer-Policy", "no-referrer");
    setSessionCookies(c, session);
    const cartId = opts.db
      ? await mergeGuestCart(opts.db, session.principal.customerId, session.principal.customerType, null)
      : null;
    setCookie(c, "mili-cart", cartId ?? "", { maxAge: cartId ? YEAR : 0, secure: url.protocol === "https:" });
    return c.redirect(`${url.pathname}${url.search}`, 303);
  };
}

function clearCookies(c: Context) {
  const secure = new URL(c.req.url).protocol === "https:";
  for (const name of [AUTH_COOKIE, USER_COOKIE, USER_MAXAGE_COOKIE])
    setCookie(c, name, "", { maxAge: 0, secure, httpOnly: name === AUTH_COOKIE });
  setCookie(c, REFRESH_COOKIE, "", { maxAge: 0, secure, httpOnly: true, path: "/auth" });
}

function setCookie(
  c: Context,
  name: string,
  value: string,
  o: { maxAge: number; httpOnly?: boolean; secure: boolean; path?: string },
) {
  const parts = [`${name}=${value}`, `Path=${o.path ?? "/"}`, `Max-Age=${o.maxAge}`, "SameSite=Lax"];
  if (o.httpOnly) parts.push("HttpOnly");
  if (o.secure) parts.push("Secure");
  c.header("Set-Cookie", parts.join("; "), { append: true });
}

function cookie(c: Context, name: string): string | undefined {
  for (const part of (c.req.header("cookie") ?? "").split(";")) {
    const i = part.indexOf("=");
    if (i > 0 && part.slice(0, i).trim() === name) return part.slice(i + 1).trim() || undefined;
  }
  return undefined;
}

function actionOf(value: string | undefined): AuthAction | null {
  const action = (value || "login") as AuthAction;
  return AUTH_ACTIONS.includes(action) ? action : null;
}

/** The shopper's language: `?lang=`, else the Swedish site's path or Accept-Language, else Norwegian. */
function languageOf(c: Context): MessageLanguage {
  const asked = c.req.query("lang") ?? c.req.header("accept-language") ?? "nb";
  return messageLanguage(asked);
}

/** Why a request is refused as coming from another site's page, or null. */
function crossSite(c: Context, allowed: ReadonlySet<string>): string | null {
  const own = new URL(c.req.url).origin;
  const site = c.req.header("sec-fetch-site");
  const origin = c.req.header("origin");
  if (origin !== undefined && origin !== own && !allowed.has(origin))
    return "Cross-site request refused (Origin)";
  if (site !== undefined && site !== "same-origin" && !(origin && allowed.has(origin)))
    return `Cross-site request refused (Sec-Fetch-Site: ${site})`;
  if (site === undefined && origin === undefined) {
    const header = c.req.header("cookie") ?? "";
    if (/(^|;\s*)mili-auth(-refresh)?=/.test(header))
      return "Request refused: a request carrying the shop's sign-in cookies must come from the shop's pages";
  }
  return null;
}

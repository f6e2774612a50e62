import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { jwtVerify, SignJWT } from "jose";
import type { Logger } from "pino";
import type { Database } from "#db/client.ts";
import { isUniqueViolation } from "#db/errors.ts";
import { authChallenges, customers, loginTokens, outbox, refreshTokens } from "#db/schema/index.ts";
import { type Message, msg } from "#domain/messages.ts";
import { isPasswordDigest } from "#domain/password.ts";
import { isValidEmail, normalizeEmail } from "#domain/validators.ts";
import { RateLimited, type RateLimiter } from "#integrations/rate-limit/index.ts";
import { commonPasswordDigests, hashDigest, verifyDigest } from "./passwords.ts";
import { activeSessions, endSessions } from "./sessions.ts";

/**
 * The auth protocol of API.md and spec §4/§7/§9 (decision 0020), independent of HTTP (server/auth.ts speaks it):
 *
 * 1. `challenge(action, username)` → `sign`: a random id, stored for 60 s with the action and a keyed hash of the
 *    username, plus the server's HMAC of both, so a forged or altered sign is refused before any lookup.
 * 2. `signChallenge(sign)` → `{identity, signature, timestamp}`: the signature binds the challenge to the time.
 * 3. `complete(action, {username, signature, password, newPassword?, sessionLifetime?})`: the challenge is marked
 *    used by the statement that checks it (single use even with two processes racing), the rate limits are drawn
 *    (per address and per account), then the password digest is verified against its Argon2id hash.
 *
 * A session is a family of refresh tokens: each refresh rotates the token (the old one is marked rotated, a new one
 * issued in the same family); a rotated token presented again means it was stolen or copied, and the whole family
 * is revoked — unless it comes within REFRESH_REUSE_LEEWAY_SECONDS of its rotation: that is the shopper's own
 * browser (two tabs opened at once, or a page left while its refresh was under way, so the answer's new cookie never
 * arrived), and it gets a new token of the same family instead. Tokens are stored as SHA-256 hashes. The access token is a JWT (HS256, key derived from AUTH_SECRET)
 * with readable claims `sub`, `sid` (the session), `name`, `customerType`, `exp`.
 */

export type AuthAction = "login" | "register" | "password" | "logout";
export const AUTH_ACTIONS: readonly AuthAction[] = ["login", "register", "password", "logout"];

/**
 * A rotated refresh token presented again this soon after its rotation is the same browser racing itself, not a copy
 * (decision 0054): answered with a new token of the session. Later, it revokes the session.
 */
export const REFRESH_REUSE_LEEWAY_SECONDS = 10;
/** How long a challenge may take from step 1 to step 3. */
export const CHALLENGE_SECONDS = 60;
/** The access token's lifetime (`maxAge`); the browser refreshes at 90 % of it (spec §9). */
export const TOKEN_SECONDS = 900;
/** A session with "remember me": 7 days since its last refresh (spec §9: 604800 s). */
export const REMEMBER_SECONDS = 604_800;
/** Without "remember me" (`sessionLifetime: 30`): 30 minutes since the last refresh (spec §9: 1800 s). */
export const SHORT_SESSION_SECONDS = 1_800;
/** How long a merchant's login token (`?loginToken=`) may wait before it is used (once). */
export const LOGIN_TOKEN_SECONDS = 900;

export type CustomerType = "PERSON" | "ORGANIZATION";

/** Who a valid token names. */
export interface Principal {
  customerId: number;
  sessionId: string;
  name: string;
  customerType: CustomerType;
  /** Who acts as the customer (the token's `act` claim): the merchant of a session begun from a login token. */
  actor?: string;
}

/** A signed-in session as the endpoint answers it. */
export interface Session {
  token: string;
  maxAge: number;
  refreshToken: string;
  /** Seconds the refresh token (and the session's cookies) live. */
  sessionMaxAge: number;
  remember: boolean;
  principal: Principal;
  /** The e-mail address the shopper signed in with (for the `mili-user` cookie). */
  username: string;
}

/** A refusal with its HTTP status, stable code and shopper-facing message. */
export class AuthError extends Error {
  readonly status: 400 | 401 | 409 | 429;
  readonly code: string;
  readonly text: Message;
  readonly retryAfterSeconds: number | undefined;
  constructor(status: 400 | 401 | 409 | 429, code: string, text: Message, retryAfterSeconds?: number) {
    super(code);
    this.name = "AuthError";
    this.status = status;
    this.code = code;
    this.text = text;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export interface AuthOptions {
  db: Database;
  /** AUTH_SECRET: signs challenges and tokens (keys are derived per use). */
  secret: string;
  /** AUTH_PASSWORD_SALT: for the common-password digests. */
  salt: string;
  limiter?: RateLimiter;
  logger: Logger;
  /** The clock (tests move it). */
  now?: () => Date;
}

export interface CompleteRequest {
  username: unknown;
  signature: unknown;
  password: unknown;
  newPassword?: unknown;
  sessionLifetime?: unknown;
  /** Registration extras (the storefront completes the rest with updateUser). */
  customerType?: unknown;
}

export interface ClientInfo {
  /** The client's rate-limit subject (server/client.ts). */
  subject: string;
  userAgent?: string | undefined;
  /** The shopper's language, for the e-mails a step sends. */
  language?: "nb" | "sv";
  /** The session the request carries (required for `password`). */
  principal?: Principal | null;
}

export type Auth = ReturnType<typeof createAuth>;

export function createAuth(opts: AuthOptions) {
  const { db, logger } = opts;
  const now = opts.now ?? (() => new Date());
  const key = (purpose: string) => createHmac("sha256", opts.secret).update(`mili:${purpose}`).digest();
  const challengeKey = key("auth-challenge");
  const usernameKey = key("auth-username");
  const jwtKey = new Uint8Array(key("auth-jwt"));
  const loginTokenKey = new Uint8Array(key("auth-login-token"));
  let common: ReadonlySet<string> | undefined;
  const isCommon = (digest: string) => {
    common ??= commonPasswordDigests(opts.salt);
    return common.has(digest);
  };

  const mac = (text: string) => createHmac("sha256", challengeKey).update(text).digest("base64url");
  const usernameHash = (username: string) =>
    createHmac("sha256", usernameKey).update(normalizeEmail(username)).digest("base64url");

  async function limit(
    hits: { limit: Parameters<RateLimiter["consume"]>[0][number]["limit"]; key: string }[],
  ) {
    if (!opts.limiter) return { refund: async () => {} };
    try {
      return await opts.limiter.consume(hits);
    } catch (error) {
      if (error instanceof RateLimited)
        throw new AuthError(
          429,
          "RATE_LIMITED",
          msg("api.rateLimited", { seconds: error.retryAfterSeconds }),
          error.retryAfterSeconds,
        );
      throw error;
    }
  }

  function readUsername(value: unknown): string {
    if (typeof value !== "string" || value.length > 254 || !isValidEmail(value))
      throw new AuthError(400, "BAD_USER_INPUT", msg("account.email.invalid"));
    return normalizeEmail(value);
  }

  function readDigest(value: unknown): string {
    if (value === undefined || value === null || value === "")
      throw new AuthError(400, "BAD_USER_INPUT", msg("account.password.required"));
    if (!isPasswordDigest(value)) throw new AuthError(400, "BAD_USER_INPUT", msg("account.signIn.wrong"));
    return value;
  }

  function refuseCommon(digest: string) {
    if (isCommon(digest)) throw new AuthError(400, "COMMON_PASSWORD", msg("account.password.common"));
  }

  async function issueToken(principal: Principal, at: Date): Promise<string> {
    const iat = Math.floor(at.getTime() / 1000);
    return new SignJWT({
      sid: principal.sessionId,
      name: principal.name,
      customerType: principal.customerType,
      ...(principal.actor ? { act: { sub: principal.actor } } : {}),
    })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(String(principal.customerId))
      .setIssuedAt(iat)
      .setExpirationTime(iat + TOKEN_SECONDS)
      .sign(jwtKey);
  }

  const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

  type CustomerRow = { id: number; email: string; firstName: string | null; customerType: string };
  const principalOf = (c: CustomerRow, sessionId: string, actor?: string | null): Principal => ({
    customerId: c.id,
    sessionId,
    name: c.firstName?.trim() || c.email,
    customerType: c.customerType === "ORGANIZATION" ? "ORGANIZATION" : "PERSON",
    ...(actor ? { actor } : {}),
  });

  /** A new session (a new refresh-token family) for a customer. */
  async function startSession(
    tx: Database,
    customer: CustomerRow,
    remember: boolean,
    client: ClientInfo,
    actor?: string,
  ): Promise<Session> {
    const at = now();
    const familyId = randomBytes(16).toString("base64url");
    const refreshToken = randomBytes(32).toString("base64url");
    const sessionMaxAge = remember ? REMEMBER_SECONDS : SHORT_SESSION_SECONDS;
    await tx.insert(refreshTokens).values({
      customerId: customer.id,
      tokenHash: hashToken(refreshToken),
      familyId,
      expiresAt: new Date(at.getTime() + sessionMaxAge * 1000),
      remember,
      sessionStartedAt: at,
      userAgent: client.userAgent?.slice(0, 200) ?? null,
      actor: actor ?? null,
      createdAt: at,
    });
    const principal = principalOf(customer, familyId, actor);
    return {
      token: await issueToken(principal, at),
      maxAge: TOKEN_SECONDS,
      refreshToken,
      sessionMaxAge,
      remember,
      principal,
      username: customer.email,
    };
  }

  function enqueueMail(tx: Database, kind: string, customerId: number, language: "nb" | "sv", at: Date) {
    return tx.insert(outbox).values({ kind, payload: { customerId, language }, runAfter: at, createdAt: at });
  }

  const liveCustomer = (email: string) =>
    db
      .select({
        id: customers.id,
        email: customers.email,
        firstName: customers.firstName,
        customerType: customers.customerType,
        passwordHash: customers.passwordHash,
        blocked: customers.blocked,
      })
      .from(customers)
      .where(and(eq(customers.email, email), isNull(customers.deletedAt)))
      .limit(1)
      .then((rows) => rows[0]);

  return {
    /** Step 1: a challenge for this action and username (any username: the answer tells nothing about accounts). */
    async challenge(action: AuthAction, username: unknown, client: ClientInfo): Promise<{ sign: string }> {
      const email = readUsername(username);
      await limit([{ limit: "auth.challenge.ip", key: client.subject }]);
      const at = now();
      const id = randomBytes(18).toString("base64url");
      await db.insert(authChallenges).values({
        id,
        action,
        usernameHash: usernameHash(email),
        expiresAt: new Date(at.getTime() + CHALLENGE_SECONDS * 1000),
        createdAt: at,
      });
      // Keep the table small: challenges expired for an hour go, a hundred at a time.
      await db.execute(
        sql`delete from ${authChallenges} where ${authChallenges.id} in (select ${authChallenges.id} from ${authChallenges} where ${authChallenges.expiresAt} < ${new Date(at.getTime() - 3_600_000).toISOString()}::timestamptz limit 100)`,
      );
      return { sign: `${id}.${mac(`challenge:${id}:${action}`)}` };
    },

    /** Step 2: the server's signature over a live challenge and the time. */
    async signChallenge(sign: string): Promise<{ identity: string; signature: string; timestamp: number }> {
      const [id, tag, extra] = sign.split(".");
      const row =
        id && tag && extra === undefined
          ? (
              await db
                .select({ action: authChallenges.action })
                .from(authChallenges)
                .where(
                  and(
                    eq(authChallenges.id, id),
                    isNull(authChallenges.usedAt),
                    gt(authChallenges.expiresAt, now()),
                  ),
                )
                .limit(1)
            )[0]
          : undefined;
      if (!id || !tag || !row || !same(tag, mac(`challenge:${id}:${row.action}`)))
        throw new AuthError(401, "CHALLENGE_EXPIRED", msg("account.signIn.expired"));
      const timestamp = now().getTime();
      return {
        identity: id,
        signature: `${id}.${timestamp}.${mac(`signature:${id}:${timestamp}`)}`,
        timestamp,
      };
    },

    /** Step 3: login, register or change the password; answers a new session. */
    async complete(action: "login" | "register" | "password", body: CompleteRequest, client: ClientInfo) {
      const email = readUsername(body.username);
      // The challenge: signed by us, for this action and username, not expired, and used now (once).
      const [id, timestamp, tag, extra] = typeof body.signature === "string" ? body.signature.split(".") : [];
      const at = now();
      const valid =
        id &&
        timestamp &&
        tag &&
        extra === undefined &&
        /^\d{1,15}$/.test(timestamp) &&
        same(tag, mac(`signature:${id}:${timestamp}`)) &&
        at.getTime() - Number(timestamp) <= CHALLENGE_SECONDS * 1000;
      const used = valid
        ? await db
            .update(authChallenges)
            .set({ usedAt: at })
            .where(
              and(
                eq(authChallenges.id, id),
                eq(authChallenges.action, action),
                eq(authChallenges.usernameHash, usernameHash(email)),
                isNull(authChallenges.usedAt),
                gt(authChallenges.expiresAt, at),
              ),
            )
            .returning({ id: authChallenges.id })
        : [];
      if (used.length === 0) throw new AuthError(401, "CHALLENGE_EXPIRED", msg("account.signIn.expired"));

      const remember = body.sessionLifetime !== 30 && body.sessionLifetime !== "30";
      const language = client.language ?? "nb";
      const account = usernameHash(email);

      if (action === "register") {
        const digest = readDigest(body.password);
        await limit([{ limit: "register.ip", key: client.subject }]);
        refuseCommon(digest);
        const passwordHash = await hashDigest(digest);
        const customerType = body.customerType === "ORGANIZATION" ? "ORGANIZATION" : "PERSON";
        try {
          return await db.transaction(async (tx) => {
            const [created] = await tx
              .insert(customers)
              .values({ email, passwordHash, customerType, languageId: null, createdAt: at, updatedAt: at })
              .returning({
                id: customers.id,
                email: customers.email,
                firstName: customers.firstName,
                customerType: customers.customerType,
              });
            if (!created) throw new Error("insert returned no row");
            await enqueueMail(tx as unknown as Database, "mail.welcome", created.id, language, at);
            return startSession(tx as unknown as Database, created, remember, client);
          });
        } catch (error) {
          if (isUniqueViolation(error))
            throw new AuthError(409, "ACCOUNT_EXISTS", msg("account.register.exists"));
          throw error;
        }
      }

      if (action === "login") {
        const digest = readDigest(body.password);
        const ticket = await limit([
          { limit: "login.ip", key: client.subject },
          { limit: "login.account", key: account },
        ]);
        const customer = await liveCustomer(email);
        const ok = await verifyDigest(customer?.passwordHash, digest);
        if (!customer || !ok || customer.blocked)
          throw new AuthError(401, "WRONG_CREDENTIALS", msg("account.signIn.wrong"));
        await ticket.refund();
        return startSession(db, customer, remember, client);
      }

      // Change the password: signed in as this username, with the current password right.
      const principal = client.principal;
      if (!principal) throw new AuthError(401, "UNAUTHENTICATED", msg("account.signIn.required"));
      const current = readDigest(body.password);
      const next = readDigest(body.newPassword);
      await limit([
        { limit: "login.ip", key: client.subject },
        { limit: "login.account", key: account },
      ]);
      const customer = await liveCustomer(email);
      const ok = await verifyDigest(customer?.passwordHash, current);
      if (!customer || !ok || customer.id !== principal.customerId)
        throw new AuthError(401, "WRONG_CREDENTIALS", msg("account.signIn.wrong"));
      refuseCommon(next);
      const passwordHash = await hashDigest(next);
      return db.transaction(async (tx) => {
        await tx.update(customers).set({ passwordHash, updatedAt: at }).where(eq(customers.id, customer.id));
        // Every session ends (a thief's too); this browser gets a new one.
        await tx
          .update(refreshTokens)
          .set({ revokedAt: at })
          .where(and(eq(refreshTokens.customerId, customer.id), isNull(refreshTokens.revokedAt)));
        await enqueueMail(tx as unknown as Database, "mail.passwordChanged", customer.id, language, at);
        return startSession(tx as unknown as Database, customer, remember, client);
      });
    },

    /**
     * A refresh: the token is rotated (one use); a token revoked, or rotated longer than the leeway ago, means a
     * copy is in other hands, and the whole session (family) is revoked. Within the leeway the browser raced itself
     * and gets another token of the family. Null when the token names no live session.
     */
    async refresh(refreshToken: string, client: ClientInfo): Promise<Session | null> {
      const at = now();
      const tokenHash = hashToken(refreshToken);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(refreshTokens)
          .where(eq(refreshTokens.tokenHash, tokenHash))
          .for("update")
          .limit(1);
        if (!row || row.revokedAt) return null;
        if (row.rotatedAt && at.getTime() - row.rotatedAt.getTime() > REFRESH_REUSE_LEEWAY_SECONDS * 1000) {
          await tx
            .update(refreshTokens)
            .set({ revokedAt: at })
            .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
          logger.warn(
            { customerId: row.customerId },
            "a rotated refresh token was presented again: its session is revoked",
          );
          return null;
        }
        if (row.expiresAt <= at) return null;
        const [customer] = await tx
          .select({
            id: customers.id,
            email: customers.email,
            firstName: customers.firstName,
            customerType: customers.customerType,
          })
          .from(customers)
          .where(
            and(eq(customers.id, row.customerId), isNull(customers.deletedAt), eq(customers.blocked, false)),
          );
        if (!customer) return null;
        const next = randomBytes(32).toString("base64url");
        const sessionMaxAge = row.remember ? REMEMBER_SECONDS : SHORT_SESSION_SECONDS;
        if (!row.rotatedAt)
          await tx.update(refreshTokens).set({ rotatedAt: at }).where(eq(refreshTokens.id, row.id));
        // Within the leeway: the token issued for the first use is rotated now, so the session keeps one live
        // token — a copy replayed in the leeway leaves the shopper's branch to be caught as a reuse later.
        else
          await tx
            .update(refreshTokens)
            .set({ rotatedAt: at })
            .where(
              and(
                eq(refreshTokens.familyId, row.familyId),
                isNull(refreshTokens.rotatedAt),
                isNull(refreshTokens.revokedAt),
              ),
            );
        await tx.insert(refreshTokens).values({
          customerId: row.customerId,
          tokenHash: hashToken(next),
          familyId: row.familyId,
          expiresAt: new Date(at.getTime() + sessionMaxAge * 1000),
          remember: row.remember,
          sessionStartedAt: row.sessionStartedAt,
          userAgent: client.userAgent?.slice(0, 200) ?? row.userAgent,
          actor: row.actor,
          createdAt: at,
        });
        const principal = principalOf(customer, row.familyId, row.actor);
        return {
          token: await issueToken(principal, at),
          maxAge: TOKEN_SECONDS,
          refreshToken: next,
          sessionMaxAge,
          remember: row.remember,
          principal,
          username: customer.email,
        };
      });
    },

    /** Ends the session a refresh token (or a token's session id) belongs to. */
    async logout(refreshToken: string | null, principal?: Principal | null): Promise<void> {
      const at = now();
      let familyId = principal?.sessionId;
      if (refreshToken) {
        const [row] = await db
          .select({ familyId: refreshTokens.familyId })
          .from(refreshTokens)
          .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)))
          .limit(1);
        familyId = row?.familyId ?? familyId;
      }
      if (!familyId) return;
      await db
        .update(refreshTokens)
        .set({ revokedAt: at })
        .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
    },

    /** Who a token names: a valid signature, not expired, and its session not ended. */
    async authenticate(token: string | null | undefined): Promise<Principal | null> {
      if (!token || token.length > 2048) return null;
      try {
        const { payload } = await jwtVerify(token, jwtKey, { algorithms: ["HS256"], currentDate: now() });
        const customerId = Number(payload.sub);
        const sessionId = payload.sid;
        if (!Number.isSafeInteger(customerId) || typeof sessionId !== "string") return null;
        const [live] = await db
          .select({ id: refreshTokens.id })
          .from(refreshTokens)
          .where(and(eq(refreshTokens.familyId, sessionId), isNull(refreshTokens.revokedAt)))
          .limit(1);
        if (!live) return null;
        const actor = (payload.act as { sub?: unknown } | undefined)?.sub;
        return {
          customerId,
          sessionId,
          name: typeof payload.name === "string" ? payload.name : "",
          customerType: payload.customerType === "ORGANIZATION" ? "ORGANIZATION" : "PERSON",
          ...(typeof actor === "string" && actor ? { actor } : {}),
        };
      } catch {
        return null;
      }
    },

    /**
     * A merchant's login token for a customer (by id or e-mail; null when no live account): a JWT signed with its own
     * key, naming the customer, the merchant (`act`) and a fresh id, valid LOGIN_TOKEN_SECONDS and good for one
     * sign-in. The issue is recorded (login_tokens: who, for whom, when) before the token is handed out.
     */
    async issueLoginToken(
      who: { customerId?: number | null; email?: string | null },
      issuedBy: string,
      /** Runs in the transaction that records the token (the back office's audit entry: decision 0037). */
      within?: (tx: Database, issued: { customerId: number; loginTokenId: string }) => Promise<void>,
    ): Promise<{ loginToken: string; expiresAt: Date; customerId: number } | null> {
      const at = now();
      const where =
        typeof who.customerId === "number"
          ? eq(customers.id, who.customerId)
          : typeof who.email === "string"
            ? eq(customers.email, normalizeEmail(who.email))
            : undefined;
      if (!where) return null;
      const [customer] = await db
        .select({ id: customers.id })
        .from(customers)
        .where(and(where, isNull(customers.deletedAt), eq(customers.blocked, false)))
        .limit(1);
      if (!customer) return null;
      const id = randomBytes(18).toString("base64url");
      const expiresAt = new Date(at.getTime() + LOGIN_TOKEN_SECONDS * 1000);
      await db.transaction(async (tx) => {
        await tx
          .insert(loginTokens)
          .values({ id, customerId: customer.id, issuedBy, issuedAt: at, expiresAt });
        await within?.(tx as unknown as Database, { customerId: customer.id, loginTokenId: id });
      });
      const iat = Math.floor(at.getTime() / 1000);
      const loginToken = await new SignJWT({ act: { sub: issuedBy } })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(String(customer.id))
        .setJti(id)
        .setIssuedAt(iat)
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(loginTokenKey);
      logger.info({ customerId: customer.id, loginTokenId: id }, "login token issued");
      return { loginToken, expiresAt, customerId: customer.id };
    },

    /**
     * Signs in with a merchant's login token: its signature and time checked, then marked used by the statement that
     * checks it is unused and unexpired (one sign-in, even with two requests racing). The session is a short one
     * (no "remember me") whose tokens carry `act`, the merchant. A forged, expired or used token: LOGIN_TOKEN_INVALID,
     * and nothing changes.
     */
    async signInWithLoginToken(loginToken: string, client: ClientInfo): Promise<Session> {
      // The storefront words the refusal itself (the sign-in panel's `panel.loginToken.invalid`, server/auth.ts).
      const refused = () => new AuthError(401, "LOGIN_TOKEN_INVALID", msg("account.signIn.expired"));
      if (!loginToken || loginToken.length > 2048) throw refused();
      let id: string | undefined;
      let customerId: number;
      try {
        const { payload } = await jwtVerify(loginToken, loginTokenKey, {
          algorithms: ["HS256"],
          currentDate: now(),
        });
        id = payload.jti;
        customerId = Number(payload.sub);
      } catch {
        throw refused();
      }
      if (!id || !Number.isSafeInteger(customerId)) throw refused();
      const tokenId = id;
      const at = now();
      return db.transaction(async (tx) => {
        const [used] = await tx
          .update(loginTokens)
          .set({ usedAt: at })
          .where(
            and(
              eq(loginTokens.id, tokenId),
              eq(loginTokens.customerId, customerId),
              isNull(loginTokens.usedAt),
              gt(loginTokens.expiresAt, at),
            ),
          )
          .returning({ issuedBy: loginTokens.issuedBy });
        if (!used) throw refused();
        const [customer] = await tx
          .select({
            id: customers.id,
            email: customers.email,
            firstName: customers.firstName,
            customerType: customers.customerType,
          })
          .from(customers)
          .where(
            and(eq(customers.id, customerId), isNull(customers.deletedAt), eq(customers.blocked, false)),
          );
        if (!customer) throw refused();
        const session = await startSession(tx as unknown as Database, customer, false, client, used.issuedBy);
        await tx
          .update(loginTokens)
          .set({ sessionId: session.principal.sessionId })
          .where(eq(loginTokens.id, tokenId));
        logger.info({ customerId, loginTokenId: tokenId }, "signed in with a login token");
        return session;
      });
    },

    /** The customer's active sessions, newest first (for "sign out everywhere"). */
    async sessions(customerId: number) {
      return activeSessions(db, customerId, now());
    },

    /** Ends every session of a customer (all devices). */
    async signOutEverywhere(customerId: number): Promise<void> {
      await endSessions(db, customerId, null, now());
    },

    /** Challenges past their time, for housekeeping tests. */
    async expiredChallenges(): Promise<number> {
      const rows = await db
        .select({ id: authChallenges.id })
        .from(authChallenges)
        .where(lt(authChallenges.expiresAt, now()));
      return rows.length;
    },
  };
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

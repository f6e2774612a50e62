import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { hasControlCharacter } from "#domain/text.ts";

/**
 * The server's defences for every request that carries a body or changes state (issue 10; decision 0017). One set
 * for all routes — the storefront's form routes, the API and whatever accounts and checkout add — not one per route:
 *
 * 1. A body limit, checked before the body is read: a Content-Length above the route's limit is refused with 413 at
 *    once (nothing read, the connection closed); a body without a length is counted as it arrives and refused when
 *    it passes the limit. Multipart is bytes like any other body.
 * 2. Same-site only: a POST/PUT/PATCH/DELETE from another site is refused with 403 — by `Sec-Fetch-Site` (only
 *    `same-origin` passes), else by `Origin` (must be this request's own origin, as the shopper sees it: see
 *    server/client.ts), else, when a client sends neither (no browser since 2020 does so on a cross-site post), by
 *    a token: the `X-CSRF-Token` header must repeat the signed `mili-csrf` cookie (GET /api/csrf hands out both).
 *    `/graphql` is left to its own guard: every request must carry the `X-ApiKey` header, which a cross-site form
 *    cannot send, and cross-origin callers go through CORS.
 * 3. A path that is not valid percent-encoding, or decodes to control characters, is refused with 400 before any
 *    route parses it.
 * 4. Form bodies only where forms are read: a state-changing request outside `/graphql` must be a form
 *    (urlencoded or multipart; else 415) that parses (else 400) and whose fields hold no NUL or other control
 *    characters (else 400): nothing behind it ever sees a body it cannot read.
 */
export interface GuardOptions {
  /** Bytes a request body may have, by path; `default` for every other path. */
  limits: { default: number } & Record<string, number>;
  /**
   * Paths with their own guard (the API, the auth endpoint): no same-site or form check here. An entry ending in
   * `/*` covers the path before it and everything under it (`/auth/*`: `/auth`, `/auth/login`, …).
   */
  apiPaths: readonly string[];
  /** Signs the token of the `mili-csrf` cookie. */
  secret: string;
}

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;
export const CSRF_COOKIE = "mili-csrf";
export const CSRF_HEADER = "x-csrf-token";

export function requestGuard(opts: GuardOptions): MiddlewareHandler {
  const limiters = new Map<number, MiddlewareHandler>();
  const limiterFor = (maxSize: number) => {
    let limiter = limiters.get(maxSize);
    if (!limiter) {
      limiter = bodyLimit({ maxSize, onError: (c) => tooLarge(c, maxSize) });
      limiters.set(maxSize, limiter);
    }
    return limiter;
  };
  return async (c, next) => {
    const path = c.req.path;
    const method = c.req.method;
    if (!decodable(new URL(c.req.url).pathname))
      return refuse(c, 400, "The URL's path is not valid percent-encoding or holds control characters");
    const api = opts.apiPaths.some((p) =>
      p.endsWith("/*") ? path === p.slice(0, -2) || path.startsWith(p.slice(0, -1)) : path === p,
    );
    if (UNSAFE.has(method) && !api) {
      const refusal = crossSite(c.req.raw, opts.secret);
      if (refusal) return refuse(c, 403, refusal);
    }
    const limit = opts.limits[path] ?? opts.limits.default;
    return limiterFor(limit)(c, async () => {
      if (UNSAFE.has(method) && !api) {
        const problem = await formProblem(c.req.raw);
        if (problem) {
          c.res = refuse(c, problem.status, problem.message);
          return;
        }
      }
      await next();
    });
  };
}

/**
 * Whether a path decodes (a browser always escapes `%`) to text without control characters (`%00`, `%0A`…): one
 * that does not names no page of the shop, and its parts could not even be looked up (PostgreSQL text holds no NUL).
 */
export function decodable(path: string): boolean {
  try {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is looked for.
    return !/[\x00-\x1f\x7f]/.test(decodeURIComponent(path));
  } catch {
    return false;
  }
}

/** Why a state-changing request is refused as cross-site, or null when it comes from this site. */
export function crossSite(request: Request, secret: string): string | null {
  const site = request.headers.get("sec-fetch-site");
  if (site !== null)
    return site === "same-origin" ? null : `Cross-site request refused (Sec-Fetch-Site: ${site})`;
  const origin = request.headers.get("origin");
  if (origin !== null)
    return origin === new URL(request.url).origin ? null : "Cross-site request refused (Origin)";
  const token = request.headers.get(CSRF_HEADER);
  const cookie = readCookie(request.headers.get("cookie"), CSRF_COOKIE);
  if (token && cookie && validToken(cookie, secret) && same(token, cookie)) return null;
  return "Request refused: send it from the shop's pages, or with the X-CSRF-Token header (GET /api/csrf)";
}

/** Whether a form body can be read and holds only text a person could type; null when it is fine. */
async function formProblem(request: Request): Promise<{ status: 400 | 415; message: string } | null> {
  if (request.body === null) return null;
  if (!FORM_TYPES.test(request.headers.get("content-type") ?? ""))
    return { status: 415, message: "Send a form: application/x-www-form-urlencoded or multipart/form-data" };
  let form: FormData;
  try {
    form = await request.clone().formData();
  } catch {
    return { status: 400, message: "The form could not be read" };
  }
  for (const [name, value] of form) {
    if (hasControlCharacter(name) || (typeof value === "string" && hasControlCharacter(value)))
      return { status: 400, message: "The form holds characters that are not text" };
  }
  return null;
}

/** A new token for the `mili-csrf` cookie and the X-CSRF-Token header: random, signed with the shop's secret. */
export function newCsrfToken(secret: string): string {
  const value = randomBytes(18).toString("base64url");
  return `${value}.${sign(value, secret)}`;
}

function validToken(token: string, secret: string): boolean {
  const [value, signature, extra] = token.split(".");
  return Boolean(value && signature && extra === undefined && same(signature, sign(value, secret)));
}

function sign(value: string, secret: string): string {
  return createHmac("sha256", secret).update(`csrf:${value}`).digest("base64url");
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function readCookie(header: string | null, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const i = part.indexOf("=");
    if (i > 0 && part.slice(0, i).trim() === name) return part.slice(i + 1).trim();
  }
  return undefined;
}

/** GET /api/csrf: a token in the body and the same token in the `mili-csrf` cookie (for clients without Origin). */
export function csrfTokenHandler(secret: string) {
  return (c: Context) => {
    const token = newCsrfToken(secret);
    const secure = new URL(c.req.url).protocol === "https:" ? "; Secure" : "";
    c.header("Set-Cookie", `${CSRF_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax${secure}`);
    c.header("Cache-Control", "private, no-store");
    return c.json({ token, header: "X-CSRF-Token", cookie: CSRF_COOKIE });
  };
}

function refuse(c: Context, status: 400 | 403 | 413 | 415, message: string): Response {
  return c.text(message, status, { "Cache-Control": "no-store" });
}

/** 413 before the body is read; the connection is closed, so the rest of the body is never taken in. */
function tooLarge(c: Context, maxSize: number): Response {
  const message = `Request body too large (at most ${maxSize} bytes)`;
  const headers = { Connection: "close", "Cache-Control": "no-store" };
  return c.req.path === "/graphql"
    ? c.json(
        { errors: [{ message: "Request body too large", extensions: { code: "BAD_REQUEST" } }] },
        413,
        headers,
      )
    : c.text(message, 413, headers);
}

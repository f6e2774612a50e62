import { passwordDigest } from "#domain/password.ts";
import type { RequestContext } from "./context.ts";
import { COOKIES, readCookie } from "./cookies.ts";
import { GraphqlClientError, type GraphqlErrorEntry } from "./graphql/client.ts";

/**
 * The storefront's server side of signing in (forms sent without JavaScript): the three steps of API.md, spoken
 * to the auth endpoint in-process (RequestContext.authFetch, as the shopper's client, so its rate limits count),
 * with the password digested here exactly as the browser would (domain/password.ts). The endpoint's Set-Cookie
 * headers are handed back to go out with the answer's redirect.
 */
export type AuthAction = "login" | "register" | "password" | "logout";

export interface ProtocolResult {
  ok: boolean;
  /** The endpoint's error code (WRONG_CREDENTIALS, ACCOUNT_EXISTS, RATE_LIMITED, …) when not ok. */
  code: string | null;
  /** The endpoint's message in the shopper's language when not ok. */
  message: string | null;
  /** The access token on success (to complete a registration with updateUser). */
  token: string | null;
  /** The endpoint's Set-Cookie headers, to send on. */
  cookies: string[];
}

/** The shopper's access token (the mili-auth cookie), or null. */
export function tokenOf(request: Request): string | null {
  return readCookie(request.headers.get("cookie"), COOKIES.auth) ?? null;
}

/** Who is signed in, as the readable `mili-user` cookie says (the header's account button); null for a guest. */
export function userOf(request: Request): string | null {
  const token = tokenOf(request);
  return token ? (readCookie(request.headers.get("cookie"), COOKIES.user) ?? null) : null;
}

function endpointRequest(request: Request, path: string, lang: string, init: { body?: unknown }) {
  const url = new URL(`/auth/${path}`, request.url);
  url.searchParams.set("lang", lang);
  const headers = new Headers({
    origin: url.origin,
    "sec-fetch-site": "same-origin",
    "user-agent": request.headers.get("user-agent") ?? "",
  });
  const cookie = request.headers.get("cookie");
  if (cookie) headers.set("cookie", cookie);
  if (init.body !== undefined) headers.set("content-type", "application/json");
  return new Request(url, {
    method: init.body === undefined ? "GET" : "POST",
    headers,
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
}

async function read(response: Response) {
  const json = (await response.json().catch(() => ({}))) as {
    sign?: string;
    signature?: string;
    token?: string;
    maxAge?: number;
    error?: { code?: string; message?: string };
  };
  return { json, cookies: response.headers.getSetCookie() };
}

const failure = (json: { error?: { code?: string; message?: string } }, cookies: string[] = []) => ({
  ok: false,
  code: json.error?.code ?? "UNKNOWN",
  message: json.error?.message ?? null,
  token: null,
  cookies,
});

/**
 * Login, register or password change with a plain password (digested here). `rememberMe: false` asks for the short
 * session (sessionLifetime 30).
 */
export async function speakProtocol(
  rc: Pick<RequestContext, "authFetch" | "passwordSalt">,
  request: Request,
  lang: string,
  action: Exclude<AuthAction, "logout">,
  fields: {
    username: string;
    password: string;
    newPassword?: string;
    rememberMe?: boolean;
    customerType?: "PERSON" | "ORGANIZATION";
  },
): Promise<ProtocolResult> {
  const call = rc.authFetch;
  if (!call) return { ok: false, code: "UNAVAILABLE", message: null, token: null, cookies: [] };
  const first = await read(
    await call(endpointRequest(request, action, lang, { body: { username: fields.username } })),
  );
  if (!first.json.sign) return failure(first.json);
  const signed = await read(
    await call(endpointRequest(request, `sign/${encodeURIComponent(first.json.sign)}`, lang, {})),
  );
  if (!signed.json.signature) return failure(signed.json);
  const body: Record<string, unknown> = {
    username: fields.username,
    signature: signed.json.signature,
    password: await passwordDigest(fields.password, rc.passwordSalt),
  };
  if (fields.newPassword !== undefined)
    body.newPassword = await passwordDigest(fields.newPassword, rc.passwordSalt);
  if (fields.rememberMe === false) body.sessionLifetime = 30;
  if (fields.customerType) body.customerType = fields.customerType;
  const last = await read(await call(endpointRequest(request, action, lang, { body })));
  if (!last.json.token) return failure(last.json, last.cookies);
  return { ok: true, code: null, message: null, token: last.json.token, cookies: last.cookies };
}

/** Signs out: the endpoint revokes the session the access token names and clears the cookies. */
export async function signOut(
  rc: Pick<RequestContext, "authFetch">,
  request: Request,
  lang: string,
): Promise<string[]> {
  if (!rc.authFetch) return [];
  return (await read(await rc.authFetch(endpointRequest(request, "logout", lang, {})))).cookies;
}

/**
 * A mutation's result, or its error thrown: a nullable field that fails comes back as data (null) together with
 * errors, which the GraphQL client delivers without throwing.
 */
export async function strictly<T extends { data: unknown; errors: GraphqlErrorEntry[] }>(
  pending: Promise<T>,
): Promise<T> {
  const result = await pending;
  if (result.errors.length > 0) throw new GraphqlClientError({ graphQLErrors: result.errors });
  return result;
}

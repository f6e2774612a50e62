import type { AdminRole } from "#domain/admin-permissions.ts";
import { createAdminUser } from "#services/admin/users.ts";
import type { Shop } from "./shop.ts";

/**
 * The back office's API as the admin tests call it (`POST /admin/graphql`, same-site, with a session cookie):
 * admins made and signed in by role, and a caller that answers the body with the first error's code.
 */
export const ADMIN_TEST_PASSWORD = "korrekt-hest-batteri-stift";

// biome-ignore lint/suspicious/noExplicitAny: tests walk answers of many shapes; each asserts what it reads.
type Json = any;

export interface AdminAnswer {
  data?: Json;
  errors?: Json[];
  /** The first error's `extensions.code`. */
  code: string | undefined;
  /** The session cookie the answer set (`mili-admin=…`), or "". */
  cookie: string;
}

/** One call of the admin API with a cookie (or none). */
export async function adminCall(
  shop: Shop,
  cookie: string,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<AdminAnswer> {
  const response = await fetch(`${shop.origin}/admin/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: shop.origin, cookie },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: Json; errors?: Json[] };
  return {
    ...body,
    code: body.errors?.[0]?.extensions?.code as string | undefined,
    cookie: (response.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "",
  };
}

/** Makes one admin per name (`{name}@mili.example` with the role) and signs each in; answers their cookies. */
export async function signedInAdmins<Name extends string>(
  shop: Shop,
  roles: Record<Name, AdminRole>,
): Promise<Record<Name, string>> {
  const cookies = {} as Record<Name, string>;
  for (const [who, role] of Object.entries(roles) as [Name, AdminRole][]) {
    const email = `${who}@mili.example`;
    await createAdminUser(shop.db.db, { email, role, password: ADMIN_TEST_PASSWORD });
    const answer = await adminCall(
      shop,
      "",
      `mutation($e: String!, $p: String!) { signIn(email: $e, password: $p) { email } }`,
      { e: email, p: ADMIN_TEST_PASSWORD },
    );
    cookies[who] = answer.cookie;
  }
  return cookies;
}

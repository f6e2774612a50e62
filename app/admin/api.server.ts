import { redirect } from "react-router";
import { type RequestContext, requestContext } from "#app/lib/context.ts";

/**
 * The admin routes' one way to the back office's API (api/admin/; decision 0037): in-process, with the request's
 * `mili-admin` cookie; Set-Cookie answers (sign-in, sign-out) are handed back for the route's response. The
 * storefront's GraphQL client is not used: the two schemas never meet.
 */
export interface AdminAnswer<T> {
  data: T | null;
  /** The first error's code (api/admin/errors.ts), if any. */
  error: string | null;
  errorField: string | null;
  /** The first error's extensions (e.g. `problems`, `changes`). */
  errorExtensions: Record<string, unknown> | null;
  setCookie: string[];
}

/** A loader's or action's context: what the server handed (app/lib/context.ts). */
export type AdminRouteContext = { get(key: typeof requestContext): RequestContext };

export async function adminRequest<T>(
  request: Request,
  context: AdminRouteContext,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<AdminAnswer<T>> {
  const rc = context.get(requestContext);
  if (!rc.adminGraphqlFetch) throw new Response("The back office is not running", { status: 503 });
  const cookie = request.headers.get("cookie");
  const response = await rc.adminGraphqlFetch(
    new Request(new URL("/admin/graphql", request.url), {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-request-id": rc.requestId,
        ...(cookie ? { cookie } : {}),
      },
      body: JSON.stringify({ query, variables }),
    }),
  );
  const body = (await response.json()) as {
    data?: T | null;
    errors?: { extensions?: { code?: string; field?: string; [key: string]: unknown } }[];
  };
  const first = body.errors?.[0]?.extensions;
  return {
    data: body.data ?? null,
    error: body.errors?.length ? (first?.code ?? "other") : null,
    errorField: first?.field ?? null,
    errorExtensions: first ?? null,
    setCookie: response.headers.getSetCookie(),
  };
}

export interface Me {
  email: string;
  role: string;
  language: "en" | "sv" | "nb";
  may: string[];
  /** The owner requires two-step sign-in and this admin has it off: only /admin/security opens. */
  mustSetUpTwoStep: boolean;
}

/** The signed-in admin, or a redirect to the sign-in page. */
export async function requireAdmin(request: Request, context: AdminRouteContext): Promise<Me> {
  const answer = await adminRequest<{ me: Me | null }>(
    request,
    context,
    "{ me { email role language may mustSetUpTwoStep } }",
  );
  const me = answer.data?.me;
  if (!me) throw redirect("/admin/sign-in");
  return me;
}

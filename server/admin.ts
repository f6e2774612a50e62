import type { AdminApi } from "#api/admin/yoga.ts";
import { crossSite } from "./guard.ts";

/**
 * `/admin/graphql` (decision 0037): the back office's API answers same-site requests only. Its session rides on a
 * cookie (SameSite=Strict), so besides the cookie's own rule every request must be a POST of JSON from this site:
 * `Sec-Fetch-Site: same-origin`, else the request's own Origin, else the signed X-CSRF-Token of GET /api/csrf —
 * the check server/guard.ts makes for the storefront's forms. A cross-site request gets 403 and runs nothing.
 */
export function adminGraphqlHandler(api: AdminApi, secret: string) {
  return async (request: Request, clientSubject: string): Promise<Response> => {
    if (request.method !== "POST")
      return json(405, "METHOD_NOT_ALLOWED", "POST a JSON body", { Allow: "POST" });
    const refusal = crossSite(request, secret);
    if (refusal) return json(403, "CSRF_REFUSED", refusal);
    if (!/^application\/json\s*(;|$)/i.test(request.headers.get("content-type") ?? ""))
      return json(415, "BAD_REQUEST", "Send application/json");
    return api.fetch(request, { clientSubject }) as Promise<Response>;
  };
}

function json(status: number, code: string, message: string, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify({ errors: [{ message, extensions: { code } }] }), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers },
  });
}

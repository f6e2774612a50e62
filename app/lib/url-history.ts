import { type RouterContextProvider, redirect } from "react-router";
import { UrlHistoryQuery } from "./graphql/brand-operations.ts";
import { requestClient } from "./graphql/server.ts";
import { href, pagePath } from "./page-locale.ts";

/** Longer paths are never looked up (the API refuses them, and no page of ours has one). */
const MAX_PATH = 2000;

/**
 * For a page that was not found: when its URL moved (the API's `urlHistory`, in the page's language), throws a
 * 301 to the new URL in this page's language and prefix, keeping the query string; otherwise returns, and the
 * caller answers 404. A failing lookup also returns (logged): a missing page stays a 404, never a 500.
 *
 * Call it where a product, list or content page finds nothing, just before throwing the 404:
 *   if (!page) { await redirectIfMoved(request, context); throw new Response(null, { status: 404 }); }
 * or, where a redirect must be built differently (the locale middleware's not-found branch), use `movedTo`.
 */
export async function redirectIfMoved(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<void> {
  const target = await movedTo(request, context);
  if (target) throw redirect(target, 301);
}

/**
 * The language-neutral path. Inside a page's loader `locale.path` is that already; before the locale middleware
 * has decided (e.g. from its not-found branch) the locale is derived from the URL and its path still carries the
 * prefix.
 */
function pathBehindPrefix(path: string, prefix: string): string {
  if (!prefix || !(path === prefix || path.startsWith(`${prefix}/`))) return path;
  return path.slice(prefix.length) || "/";
}

/** The request's query string as sent, without React Router's data-request parameter. */
function queryString(url: URL): string {
  if (!url.searchParams.has("_routes")) return url.search;
  const params = new URLSearchParams(url.search);
  params.delete("_routes");
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** Where the request's URL moved to (a path with this page's prefix and the request's query string), or null. */
export async function movedTo(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<string | null> {
  if (request.method !== "GET" && request.method !== "HEAD") return null;
  const { client, locale, rc, url } = requestClient(request, context);
  const path = pathBehindPrefix(pagePath(locale.path), locale.prefix);
  if (path === "/" || path.length > MAX_PATH) return null;
  try {
    const { data } = await client.request(UrlHistoryQuery, { url: path });
    const next = data.urlHistory?.newUrl;
    if (!next || next === path) return null;
    return `${href(locale, next)}${queryString(url)}`;
  } catch (error) {
    rc.log("warn", "url history lookup failed", { path, error: String(error) });
    return null;
  }
}

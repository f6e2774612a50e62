/**
 * The sign-in panel's query parameters (lib/panel.ts): kept apart from the every-page check of whether the panel is
 * open, so only the panel and its form route carry them.
 */
export const PANEL_PARAMS = ["action", "returnTo", "error", "sent"] as const;

/** The same query without the panel's parameters (the page under the panel). */
export function withoutPanel(search: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const name of PANEL_PARAMS) next.delete(name);
  for (const name of [...next.keys()]) if (name.startsWith("p_")) next.delete(name);
  return next;
}

/** A path with a query (no "?" for an empty one). */
export function withQuery(path: string, search: URLSearchParams): string {
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

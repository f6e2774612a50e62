import { SCREENS, screenPath } from "../screens.ts";

/**
 * Scrolling after a navigation (spec §2): to the top, except between account pages (which keep the position),
 * and to the hash target when there is one. Back/forward navigations restore the saved position instead
 * (React Router's ScrollRestoration does that).
 */
export interface Place {
  pathname: string;
  search: string;
  hash: string;
}

export type ScrollAction =
  | { kind: "none" }
  | { kind: "top" }
  | { kind: "keep" }
  | { kind: "hash"; id: string };

/** The account's screens (the authenticated layout's: "account" and "account-…"). */
const ACCOUNT_PATHS = new Set(
  SCREENS.filter((s) => s.id === "account" || s.id.startsWith("account-")).flatMap((s) => [
    screenPath(s, "nb"),
    screenPath(s, "sv"),
  ]),
);

/** The path behind the language or market prefix: "/sv/mina-sidor/ordrar" → "/mina-sidor/ordrar". */
export function withoutPrefix(pathname: string): string {
  const path = pathname.replace(/\/+$/, "") || "/";
  const stripped = path.replace(/^\/[a-z]{2,10}\/(nb|sv)(?=\/|$)/, "").replace(/^\/sv(?=\/|$)/, "");
  return stripped || "/";
}

export function isAccountPath(pathname: string): boolean {
  return ACCOUNT_PATHS.has(withoutPrefix(pathname));
}

export function scrollActionFor(
  previous: Place | null,
  next: Place,
  navigationType: "POP" | "PUSH" | "REPLACE",
): ScrollAction {
  if (!previous || navigationType === "POP") return { kind: "none" };
  if (next.hash.length > 1) return { kind: "hash", id: decodeURIComponent(next.hash.slice(1)) };
  // The same page with another query (filters, sort): React Router's ScrollRestoration decides — top for a new
  // entry, kept when the navigation asked for preventScrollReset (the list's filter panel does).
  if (previous.pathname === next.pathname) return { kind: "none" };
  if (isAccountPath(previous.pathname) && isAccountPath(next.pathname)) return { kind: "keep" };
  return { kind: "top" };
}

/** Focus moves to the main heading after a client-side navigation to another page (not to an anchor). */
export function shouldFocusHeading(previous: Place | null, next: Place): boolean {
  return previous !== null && previous.pathname !== next.pathname && next.hash.length <= 1;
}

/** Whether the header hides: below the site-top threshold it always shows; scrolling down hides, up shows. */
export function headerHidden(
  state: { y: number; hidden: boolean },
  y: number,
  threshold: number,
  tolerance = 4,
): { y: number; hidden: boolean } {
  if (y <= threshold) return { y, hidden: false };
  const delta = y - state.y;
  if (Math.abs(delta) < tolerance) return state;
  return { y, hidden: delta > 0 };
}

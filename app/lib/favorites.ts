import { COOKIES, readCookie } from "./cookies.ts";

/** Guests' favourites live in the mili-persisted-states cookie: {"favorites":[productId, …]}. */
export function favoritesFromCookie(header: string | null | undefined): number[] {
  const raw = readCookie(header, COOKIES.persistedStates);
  if (!raw) return [];
  try {
    const parsed = JSON.parse(raw) as { favorites?: unknown };
    if (!Array.isArray(parsed.favorites)) return [];
    return parsed.favorites.filter((id): id is number => Number.isInteger(id) && id > 0).slice(0, 200);
  } catch {
    return [];
  }
}

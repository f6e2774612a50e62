/**
 * A chunk that fails to load (usually a deploy replaced the hashed files) reloads the page, at most once per
 * 60 s (spec §2, §9): the time of the last reload is kept in sessionStorage.
 */
export const RELOAD_KEY = "mili-chunk-reload";

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (CSS )?chunk [\w-]+ failed/i;

/** Whether an error (or rejection reason, or message) is a failed dynamic import. */
export function isChunkLoadError(error: unknown): boolean {
  if (!error) return false;
  if (typeof error === "string") return CHUNK_ERROR.test(error);
  if (typeof error === "object") {
    const e = error as { name?: unknown; message?: unknown };
    if (e.name === "ChunkLoadError") return true;
    if (typeof e.message === "string") return CHUNK_ERROR.test(e.message);
  }
  return false;
}

export function mayReload(lastReload: number | null, now: number, guard: number): boolean {
  return lastReload === null || now - lastReload >= guard || now < lastReload;
}

/**
 * Whether a reload at `now` may happen, recording it when it may: not when the page reloaded for this reason
 * less than `guard` ms ago, and not without storage to remember the reload in (a loop would be worse than an
 * error page). For a reload someone else has already started (React Router's, see runtime.tsx).
 */
export function claimReload(
  storage: Pick<Storage, "getItem" | "setItem"> | null,
  now: number,
  guard: number,
): boolean {
  if (!storage) return false;
  try {
    const stored = storage.getItem(RELOAD_KEY);
    const last = stored === null || !Number.isFinite(Number(stored)) ? null : Number(stored);
    if (!mayReload(last, now, guard)) return false;
    storage.setItem(RELOAD_KEY, String(now));
  } catch {
    return false;
  }
  return true;
}

/** Reloads if claimReload allows it. */
export function reloadOnce(
  storage: Pick<Storage, "getItem" | "setItem"> | null,
  now: number,
  reload: () => void,
  guard: number,
): boolean {
  if (!claimReload(storage, now, guard)) return false;
  reload();
  return true;
}

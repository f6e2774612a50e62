/**
 * ERR_REDIRECT (spec §8): an error that means "this content lives elsewhere" is a redirect, never an error
 * page. It is recognised by `code` or `name` "ERR_REDIRECT" on the error itself (a loader may throw one), or
 * on a GraphQL error of a GraphqlClientError (`extensions.code`), and carries where to go in `location` (also
 * accepted: `url`, `redirect`, `to`) and optionally a redirect `status` (301, 302, 303, 307, 308; default 302).
 * Only same-origin targets are followed; any other target, or none, goes to the fallback (the home page).
 */
export interface ErrRedirect {
  location: string;
  status: 301 | 302 | 303 | 307 | 308;
}

const STATUSES = new Set([301, 302, 303, 307, 308]);
const CODE = "ERR_REDIRECT";

type Bag = Record<string, unknown>;

function asBag(value: unknown): Bag | null {
  return value && typeof value === "object" ? (value as Bag) : null;
}

function isMarked(bag: Bag): boolean {
  return bag.code === CODE || bag.name === CODE;
}

/**
 * The layers of an error that may carry the redirect: the error, its extensions, and each of its GraphQL
 * errors (with their extensions) that is marked; null when no layer is marked.
 */
function redirectLayers(error: unknown): Bag[] | null {
  const bag = asBag(error);
  if (!bag) return null;
  const layers: Bag[] = [bag];
  const extensions = asBag(bag.extensions);
  if (extensions) layers.push(extensions);
  const list = Array.isArray(bag.graphQLErrors)
    ? bag.graphQLErrors
    : Array.isArray(bag.errors)
      ? bag.errors
      : [];
  for (const entry of list) {
    const e = asBag(entry);
    const ext = asBag(e?.extensions);
    if (e && (isMarked(e) || (ext && isMarked(ext)))) layers.push(e, ...(ext ? [ext] : []));
  }
  return layers.some(isMarked) ? layers : null;
}

/**
 * A same-origin path for `target`, or null. Relative paths must start with a single "/" (no "//host" or
 * "/\host" tricks); absolute URLs are accepted only on `origin` and reduced to their path.
 */
export function safeLocation(target: unknown, origin?: string): string | null {
  if (typeof target !== "string" || !target || target.length > 2000) return null;
  // No whitespace or control characters (header splitting, "/\t/host" tricks).
  for (const ch of target) if (ch.charCodeAt(0) < 0x21 || ch === "\u007f") return null;
  if (target.startsWith("/")) return /^\/[/\\]/.test(target) ? null : target;
  if (!origin) return null;
  try {
    const url = new URL(target);
    if (url.origin !== new URL(origin).origin) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** The redirect an error stands for, or null when it is not an ERR_REDIRECT. */
export function errRedirect(
  error: unknown,
  opts: { origin?: string; fallback?: string } = {},
): ErrRedirect | null {
  const layers = redirectLayers(error);
  if (!layers) return null;
  const first = (test: (value: unknown) => boolean) =>
    layers.flatMap((l) => [l.location, l.url, l.redirect, l.to]).find(test);
  const location = safeLocation(
    first((v) => safeLocation(v, opts.origin) !== null),
    opts.origin,
  );
  const status = layers.map((l) => l.status).find((v) => typeof v === "number" && STATUSES.has(v));
  return {
    location: location ?? opts.fallback ?? "/",
    status: (status ?? 302) as ErrRedirect["status"],
  };
}

/**
 * PostgreSQL's unique_violation (23505), as postgres.js and PGlite report it (possibly as the cause of a
 * driver or transaction error, a few levels down).
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; i++) {
    if (e.code === "23505") return true;
    e = e.cause as typeof e;
  }
  return false;
}

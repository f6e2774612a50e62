/**
 * Which statements the shop sends as prepared statements outside a transaction, on PGlite and on PostgreSQL
 * (decision 0072): reads, the statements that begin with `select`. They write nothing and notify nobody, so what
 * each driver does after a write (PGlite's file-system sync, a notification's delivery) stays its own.
 */
export function isRead(text: string): boolean {
  return /^\s*select\b/i.test(text);
}

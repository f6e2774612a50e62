/**
 * The back office's free-text search (issue 15): the pattern an `ilike` compares with to find `text` anywhere in a
 * column. `%` and `_` typed by the merchant (and the escape character `\` itself) match only themselves, so
 * "50%" finds "50% off", not every code that starts with 50.
 */
export function likeContaining(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

import { sql } from "drizzle-orm";
import type { DbHandle } from "#db/client.ts";
import { queryRows } from "./db.ts";

/**
 * The demo shop's gift cards, read from the database: their codes are random (db/seed/commerce.ts), so tests find
 * them by what they are. `sek500` is the first 500 kr Swedish card, and so on; `expired` is the Swedish card that
 * expired before the seed date.
 */
export async function demoGiftCards(db: DbHandle["db"]) {
  const cards = await queryRows<{ code: string; currency: string; minor: number; expired: boolean }>(
    db,
    sql`select code, currency_code as currency, initial_minor as minor, coalesce(expires_at < now(), false) as expired
      from gift_cards order by id`,
  );
  const find = (currency: string, minor: number, expired = false) => {
    const card = cards.find((c) => c.currency === currency && c.minor === minor && c.expired === expired);
    if (!card) throw new Error(`no demo gift card ${minor / 100} ${currency}${expired ? " (expired)" : ""}`);
    return card.code;
  };
  return {
    sek500: find("SEK", 50000),
    sek250: find("SEK", 25000),
    nok500: find("NOK", 50000),
    nok1000: find("NOK", 100000),
    expired: find("SEK", 20000, true),
  };
}

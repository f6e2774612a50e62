/**
 * Identifiers: channel ids ("1|se") and URL aliases (slugs).
 */

export type ChannelId = { channelNumber: number; market: string };

const CHANNEL_ID = /^([1-9]\d{0,8})\|([a-z]{2})$/;

/**
 * Parses a channel id "1|se" into {channelNumber: 1, market: "se"}; null when malformed. The number
 * is a positive integer without leading zeros and the market a lower-case two-letter alias, so that
 * formatChannelId(parseChannelId(id)) === id for every id that parses.
 */
export function parseChannelId(value: string): ChannelId | null {
  const match = CHANNEL_ID.exec(value);
  if (!match) return null;
  return { channelNumber: Number(match[1]), market: match[2] ?? "" };
}

/** The string form "1|se". Throws for a number or market that parseChannelId would not accept. */
export function formatChannelId(id: ChannelId): string {
  const text = `${id.channelNumber}|${id.market}`;
  if (!Number.isSafeInteger(id.channelNumber) || parseChannelId(text) === null) {
    throw new RangeError(`Invalid channel id ${JSON.stringify(id)}`);
  }
  return text;
}

/**
 * Letters that do not decompose into a base letter plus accents (å, ä, ö, é, ü do, and are listed for
 * the record).
 */
const TRANSLITERATIONS: Readonly<Record<string, string>> = {
  å: "a",
  ä: "a",
  ö: "o",
  æ: "ae",
  ø: "o",
  é: "e",
  ü: "u",
  ß: "ss",
  œ: "oe",
  đ: "d",
  ð: "d",
  þ: "th",
  ł: "l",
  ı: "i",
};
const TRANSLITERATE = new RegExp(`[${Object.keys(TRANSLITERATIONS).join("")}]`, "g");

/**
 * A URL alias from a Swedish or Norwegian name: "Blåbärssylt & Øl – Ärlig Pris" → "blabarssylt-ol-arlig-pris".
 * Lower-case; å/ä → a, ö/ø → o, æ → ae, é → e, ü → u; other diacritics stripped; every run of other
 * characters becomes one "-", none at the ends. Idempotent: slugify(slugify(x)) === slugify(x).
 * Text with no Latin letters or digits gives "".
 */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(TRANSLITERATE, (ch) => TRANSLITERATIONS[ch] ?? "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

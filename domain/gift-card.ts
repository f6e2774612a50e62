/**
 * Gift-card codes (issue 10): a code is a bearer secret worth its balance, so it must not be guessable. A code is
 * a prefix naming the card (GAVA in Sweden, GAVE in Norway) and 80 random bits as four groups of four Crockford
 * base-32 characters (no I, L, O or U: nothing to misread), e.g. `GAVA-7K3M-Q9XD-2HFT-8WNB`. With the rate limits
 * on code tries (decision 0016), finding a card by guessing takes longer than any card lives.
 */
export const GIFT_CARD_RANDOM_BYTES = 10;

const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** The code for `random` (GIFT_CARD_RANDOM_BYTES bytes from a cryptographic source) under `prefix`. */
export function giftCardCode(prefix: string, random: Uint8Array): string {
  if (random.length !== GIFT_CARD_RANDOM_BYTES)
    throw new RangeError(`a gift-card code needs ${GIFT_CARD_RANDOM_BYTES} random bytes`);
  let bits = 0;
  let value = 0;
  let text = "";
  for (const byte of random) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      text += ALPHABET[(value >> bits) & 31];
    }
    value &= (1 << bits) - 1;
  }
  const groups = text.match(/.{4}/g) ?? [];
  return [prefix, ...groups].join("-");
}

/** Whether a text has the shape of a gift-card code (any prefix of letters, then four groups). */
export function isGiftCardCode(text: string): boolean {
  return /^[A-Z]{2,8}(?:-[0-9A-HJKMNP-TV-Z]{4}){4}$/.test(text);
}

import { CHECKOUT_MESSAGES } from "#domain/messages-checkout.ts";
import type { Lang } from "./locale.ts";

/**
 * The API's checkout messages (domain/messages-checkout.ts: the exact Norwegian texts of spec §5 and §8 and their
 * Swedish twins) in one language, keyed `api.{key}` as the checkout's catalog (app/i18n/checkout.ts) reads them.
 * Read on the server and handed to the page with its data: imported by a browser module, the messages would be
 * bundled into the chunk every page loads (domain/messages.ts, which every page uses, imports them too).
 */
export function checkoutApiTexts(lang: Lang): Record<string, string> {
  return Object.fromEntries(
    Object.entries(CHECKOUT_MESSAGES).map(([key, texts]) => [`api.${key}`, texts[lang]]),
  );
}

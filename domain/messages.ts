/**
 * What the shop says to a shopper when it refuses something: the one home of the API's shopper-facing messages,
 * in Norwegian (bokmål) and Swedish side by side (docs/decisions/0015-shopper-messages.md). The API answers an
 * error's message in the request's language from here (api/errors.ts), and the storefront's catalogs
 * (app/i18n/) spread these same texts in, so a refusal reads the same in the storefront and in any API client.
 *
 * Adding a message is one line: `"area.what": { nb: "…{n}…", sv: "…{n}…" },`. Both languages are required by
 * the type; `msg("area.what", { n: 3 })` checks the key and exactly the placeholders the texts use.
 */

import { ACCOUNT_MESSAGES } from "./messages-account.ts";
import { CHECKOUT_MESSAGES } from "./messages-checkout.ts";
import { CONTENT_MESSAGES } from "./messages-content.ts";
import { FIELD_TEXTS, type MessageLanguage } from "./messages-fields.ts";
import { PRODUCT_MESSAGES } from "./messages-product.ts";

/** The languages the shop writes in: Norwegian (bokmål) and Swedish. */
export { MESSAGE_LANGUAGES, type MessageLanguage } from "./messages-fields.ts";

/** What the storefront shows on any page (its catalogs spread these in): the cart, codes, the newsletter, arguments. */
const SHOP_MESSAGES = {
  // The cart (services/cart.ts refusals, domain/cart-refusals.ts picks the message for a reason).
  "cart.error.fewLeft": { nb: "Kun {stock} igjen på lager", sv: "Endast {stock} kvar i lager" },
  "cart.error.soldOut": { nb: "Varen er utsolgt.", sv: "Varan är slutsåld." },
  "cart.error.notBuyable": {
    nb: "Denne varen kan ikke kjøpes nå.",
    sv: "Den här varan kan inte köpas just nu.",
  },
  "cart.error.quantity": {
    nb: "Antallet må være et helt tall fra 1 til {max}.",
    sv: "Antalet måste vara ett heltal från 1 till {max}.",
  },
  "cart.error.promoInvalid": { nb: "Kampanjekoden er ugyldig.", sv: "Kampanjkoden är ogiltig." },
  // Refused by the rate limiter (decision 0016): the storefront's words, and the API's with the wait.
  "cart.error.rateLimited": {
    nb: "For mange forsøk. Vent litt og prøv igjen.",
    sv: "För många försök. Vänta en stund och försök igen.",
  },
  "cart.error.tooManyGiftCards": {
    nb: "Du kan bruke høyst {max} gavekort i én handlekurv.",
    sv: "Du kan använda högst {max} presentkort i en varukorg.",
  },
  "cart.error.packageSize": {
    nb: "Velg størrelse for hvert produkt i pakken.",
    sv: "Välj storlek för varje produkt i paketet.",
  },
  "cart.error.packageChoice": {
    nb: "Valgene passer ikke til denne pakken. Last inn siden på nytt og prøv igjen.",
    sv: "Valen passar inte till det här paketet. Ladda om sidan och försök igen.",
  },
  "cart.error.packageSoldOut": {
    nb: "Et produkt i pakken er utsolgt og kan ikke kjøpes.",
    sv: "En produkt i paketet är slutsåld och kan inte köpas.",
  },
  "cart.error.packageSoldOutNamed": {
    nb: "{name} er utsolgt og kan ikke kjøpes i pakken.",
    sv: "{name} är slutsåld och kan inte köpas i paketet.",
  },
  "cart.error.tooManyLines": {
    nb: "Handlekurven er full. Fjern noe før du legger til mer.",
    sv: "Varukorgen är full. Ta bort något innan du lägger till mer.",
  },
  "cart.error.noCurrency": {
    nb: "Vi fant ingen valuta for dette markedet.",
    sv: "Ingen valuta hittades för den här marknaden.",
  },
  "cart.error.unknownSku": {
    nb: "Vi finner ikke denne varen. Last inn siden på nytt og prøv igjen.",
    sv: "Vi hittar inte den här varan. Ladda om sidan och försök igen.",
  },
  "cart.error.unknownItem": {
    nb: "Varen ligger ikke lenger i handlekurven.",
    sv: "Varan finns inte längre i varukorgen.",
  },
  "cart.error.unknownPackage": {
    nb: "Vi finner ikke denne pakken. Last inn siden på nytt og prøv igjen.",
    sv: "Vi hittar inte det här paketet. Ladda om sidan och försök igen.",
  },
  "cart.error.cartId": {
    nb: "Handlekurven kunne ikke åpnes. Last inn siden på nytt og prøv igjen.",
    sv: "Varukorgen kunde inte öppnas. Ladda om sidan och försök igen.",
  },
  "cart.error.merchantData": {
    nb: "Tilleggsdataene er for store: høyst {max} tegn.",
    sv: "Tilläggsdatan är för stor: högst {max} tecken.",
  },
  "product.package.missing": { nb: "Velg et alternativ i: {groups}", sv: "Välj ett alternativ i: {groups}" },
  // Why a promo code gives nothing (RequirementsNotMet, and Cart.promoCodeRequirement).
  "cart.promo.minimumAmount": {
    nb: "Kampanjekoden gjelder når du handler for minst {amount}.",
    sv: "Kampanjkoden gäller när du handlar för minst {amount}.",
  },
  "cart.promo.minimumQuantity": {
    nb: "Kampanjekoden gjelder når du kjøper minst {quantity} varer.",
    sv: "Kampanjkoden gäller när du köper minst {quantity} varor.",
  },
  "cart.promo.organizations": {
    nb: "Kampanjekoden gjelder bare for bedriftskunder.",
    sv: "Kampanjkoden gäller bara för företagskunder.",
  },
  "cart.promo.privateShoppers": {
    nb: "Kampanjekoden gjelder bare for privatkunder.",
    sv: "Kampanjkoden gäller bara för privatkunder.",
  },
  "cart.promo.noItems": {
    nb: "Kampanjekoden gjelder ikke for varene i handlekurven.",
    sv: "Kampanjkoden gäller inte för varorna i varukorgen.",
  },
  "cart.promo.requirements": {
    nb: "Handlekurven oppfyller ikke vilkårene for kampanjekoden.",
    sv: "Varukorgen uppfyller inte villkoren för kampanjkoden.",
  },
  "cart.promo.expired": { nb: "Kampanjekoden gjelder ikke lenger.", sv: "Kampanjkoden gäller inte längre." },
  // The newsletter (the Norwegian text is the specification's).
  "newsletter.invalid": FIELD_TEXTS.email,
  "newsletter.limited": {
    nb: "For mange påmeldinger herfra. Prøv igjen senere.",
    sv: "För många anmälningar härifrån. Försök igen senare.",
  },
  // Checks of the API's arguments (api/errors.ts): the argument keeps its API name.
  "api.argumentRange": {
    nb: "{argument} må være et helt tall fra {min} til {max}.",
    sv: "{argument} måste vara ett heltal från {min} till {max}.",
  },
  "api.argumentLength": {
    nb: "{argument} må ha fra {min} til {max} tegn.",
    sv: "{argument} måste ha från {min} till {max} tecken.",
  },
  "api.argumentPath": {
    nb: "{argument} må være en sti, for eksempel {example}.",
    sv: "{argument} måste vara en sökväg, till exempel {example}.",
  },
  "api.filterValues": {
    nb: "Et filter kan ha høyst {max} verdier.",
    sv: "Ett filter kan ha högst {max} värden.",
  },
  "api.facets": { nb: "Du kan velge høyst {max} filtervalg.", sv: "Du kan välja högst {max} filterval." },
  "api.rateLimited": {
    nb: "For mange forsøk. Prøv igjen om {seconds} sekunder.",
    sv: "För många försök. Försök igen om {seconds} sekunder.",
  },
  "api.productNotFound": { nb: "Vi finner ikke dette produktet.", sv: "Vi hittar inte den här produkten." },
} as const satisfies Record<string, Record<MessageLanguage, string>>;

/**
 * Every message the API can answer. The checkout's, the accounts' and the products' (reviews, back in stock) live in their own files, so that the
 * storefront's every-page catalog (messagesIn) does not carry them to every page; their pages take them from here.
 */
export const MESSAGES = /* @__PURE__ */ Object.assign(
  {},
  SHOP_MESSAGES,
  CHECKOUT_MESSAGES,
  // Object.assign's type takes at most three sources.
  /* @__PURE__ */ Object.assign({}, ACCOUNT_MESSAGES, PRODUCT_MESSAGES, CONTENT_MESSAGES),
);

export type MessageKey = keyof typeof MESSAGES;

/** The placeholders of a text: "Kun {stock} igjen" → "stock". */
type Placeholders<S extends string> = S extends `${string}{${infer P}}${infer Rest}`
  ? P | Placeholders<Rest>
  : never;
export type MessageParams<K extends MessageKey> = Placeholders<(typeof MESSAGES)[K][MessageLanguage]>;

/** A message not yet in a language: its key and the values of its placeholders. */
export interface Message {
  readonly key: MessageKey;
  readonly params?: Readonly<Record<string, string | number>>;
}

/** A message: `msg("cart.error.fewLeft", { stock: 3 })`; the key and the placeholders are checked by the type. */
export function msg<K extends MessageKey>(
  key: K,
  ...params: [MessageParams<K>] extends [never] ? [] : [Record<MessageParams<K>, string | number>]
): Message {
  return params[0] ? { key, params: params[0] } : { key };
}

/** Fills a text's {placeholders}; a placeholder without a value stays as written. */
export function fill(text: string, params?: Readonly<Record<string, string | number>>): string {
  if (!params || !text.includes("{")) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/**
 * The shop's language for a language code or id ("nb", "nb-NO", "no", "nn-NO" → nb; "sv", "sv-SE" → sv). Any
 * other language reads Norwegian: the API resolves a request to a channel's language first (sv-SE or nb-NO), so
 * this only decides for languages a future channel might add, and bokmål is the closest to Danish.
 */
export function messageLanguage(languageIdOrCode: string): MessageLanguage {
  const code = languageIdOrCode.slice(0, 2).toLowerCase();
  return code === "sv" ? "sv" : "nb";
}

/** A message in a language. */
export function renderMessage(message: Message, language: MessageLanguage): string {
  return fill(MESSAGES[message.key][language], message.params);
}

type ShopMessageKey = keyof typeof SHOP_MESSAGES;

/** The storefront's every-page messages in one language, for its catalog of that language. */
export function messagesIn<L extends MessageLanguage>(
  language: L,
): { [K in ShopMessageKey]: (typeof SHOP_MESSAGES)[K][L] } {
  return Object.fromEntries(Object.entries(SHOP_MESSAGES).map(([key, texts]) => [key, texts[language]])) as {
    [K in ShopMessageKey]: (typeof SHOP_MESSAGES)[K][L];
  };
}

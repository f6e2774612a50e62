/**
 * What the shop says to a shopper when it refuses something: the one home of the API's shopper-facing messages,
 * in Norwegian (bokmål) and Swedish side by side (docs/decisions/0015-shopper-messages.md). The API answers an
 * error's message in the request's language from here (api/errors.ts), and the storefront's catalogs
 * (app/i18n/) spread these same texts in, so a refusal reads the same in the storefront and in any API client.
 *
 * Adding a message is one line: `"area.what": { nb: "…{n}…", sv: "…{n}…" },`. Both languages are required by
 * the type; `msg("area.what", { n: 3 })` checks the key and exactly the placeholders the texts use.
 */

/** The languages the shop writes in: Norwegian (bokmål) and Swedish. */
export const MESSAGE_LANGUAGES = ["nb", "sv"] as const;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];

export const MESSAGES = {
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
  // The checkout and orders (services/checkout, services/orders; the Norwegian texts of spec §5 and §8 are exact).
  "checkout.error.required": { nb: "Dette feltet er obligatorisk", sv: "Detta fält är obligatoriskt" },
  "checkout.error.email": { nb: "Du må oppgi en gyldig e-post", sv: "Du måste ange en giltig e-postadress" },
  "checkout.error.personalId": {
    nb: "Du må oppgi et gyldig personnummer",
    sv: "Du måste ange ett giltigt personnummer",
  },
  "checkout.error.organizationId": {
    nb: "Du må oppgi et gyldig organisasjonsnummer",
    sv: "Du måste ange ett giltigt organisationsnummer",
  },
  "checkout.error.zip": {
    nb: "Du må oppgi et gyldig postnummer",
    sv: "Du måste ange ett giltigt postnummer",
  },
  "checkout.error.terms": {
    nb: "Du må godkjenne kjøpsvilkårene før du fullfører kjøpet",
    sv: "Du måste godkänna köpvillkoren innan du slutför köpet",
  },
  "checkout.error.shipping": {
    nb: "Velg en leveringsmåte før du betaler",
    sv: "Välj ett leveranssätt innan du betalar",
  },
  "checkout.error.paymentMethod": { nb: "Velg en betalingsmåte", sv: "Välj ett betalsätt" },
  "checkout.error.invalid": {
    nb: "Sørg for at alle felt er gyldige",
    sv: "Se till att alla fält är giltiga",
  },
  "checkout.error.emptyCart": { nb: "Handlekurven er tom.", sv: "Varukorgen är tom." },
  "checkout.error.outOfStock": {
    nb: "{name} er dessverre utsolgt, så bestillingen ble ikke opprettet. Fjern varen og prøv igjen.",
    sv: "{name} är tyvärr slutsåld, så beställningen skapades inte. Ta bort varan och försök igen.",
  },
  "checkout.error.notCreated": {
    nb: "Bestillingen kunne ikke opprettes. En vare kan være utsolgt, eller saldoen strekker ikke til.",
    sv: "Beställningen kunde inte skapas. En vara kan vara slutsåld, eller så räcker inte saldot.",
  },
  "checkout.error.changed": {
    nb: "Handlekurven er endret. Se over bestillingen og prøv igjen.",
    sv: "Varukorgen har ändrats. Se över beställningen och försök igen.",
  },
  "checkout.error.declined": {
    nb: "Betalingen ble avvist. Velg en annen betalingsmåte eller prøv igjen.",
    sv: "Betalningen nekades. Välj ett annat betalsätt eller försök igen.",
  },
  "checkout.error.blocked": {
    nb: "Vi kan dessverre ikke tilby denne betalingsmåten. Velg en annen betalingsmåte.",
    sv: "Vi kan tyvärr inte erbjuda det här betalsättet. Välj ett annat betalsätt.",
  },
  "checkout.error.failed": {
    nb: "Dessverre gikk noe galt. Prøv gjerne igjen og kontakt kundeservice hvis problemet vedvarer.",
    sv: "Tyvärr gick något fel. Försök gärna igen och kontakta kundservice om problemet kvarstår.",
  },
  "checkout.error.completed": {
    nb: "Denne handlekurven er allerede bestilt.",
    sv: "Den här varukorgen är redan beställd.",
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
  "newsletter.invalid": { nb: "Du må oppgi en gyldig e-post", sv: "Du måste ange en giltig e-postadress" },
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
  // Accounts and sign-in (issue 12): the Norwegian texts of spec §5 and §8, with their Swedish twins.
  "account.email.invalid": { nb: "Du må oppgi en gyldig e-post", sv: "Du måste ange en giltig e-postadress" },
  "account.password.required": { nb: "Du må angi et passord", sv: "Du måste ange ett lösenord" },
  "account.password.tooShort": {
    nb: "Passordet må bestå av minst {min} tegn",
    sv: "Lösenordet måste bestå av minst {min} tecken",
  },
  "account.password.tooLong": {
    nb: "Passordet kan ha høyst {max} tegn",
    sv: "Lösenordet får ha högst {max} tecken",
  },
  "account.password.common": {
    nb: "Dette passordet er blant de mest brukte. Velg et annet.",
    sv: "Det här lösenordet är bland de vanligaste. Välj ett annat.",
  },
  "account.password.mismatch": {
    nb: "Passordene samsvarer ikke. Kontroller stavingen",
    sv: "Lösenorden stämmer inte överens. Kontrollera stavningen",
  },
  "account.field.required": { nb: "Dette feltet er obligatorisk", sv: "Det här fältet är obligatoriskt" },
  "account.personalId.invalid": {
    nb: "Du må oppgi et gyldig personnummer",
    sv: "Du måste ange ett giltigt personnummer",
  },
  "account.organizationId.invalid": {
    nb: "Du må oppgi et gyldig organisasjonsnummer",
    sv: "Du måste ange ett giltigt organisationsnummer",
  },
  "account.zip.invalid": {
    nb: "Du må oppgi et gyldig postnummer",
    sv: "Du måste ange ett giltigt postnummer",
  },
  "account.form.invalid": { nb: "Sørg for at alle felt er gyldige", sv: "Se till att alla fält är giltiga" },
  "account.signIn.wrong": { nb: "Feil e-post eller passord", sv: "Fel e-postadress eller lösenord" },
  "account.register.exists": {
    nb: "En konto med denne e-postadressen eksisterer allerede",
    sv: "Det finns redan ett konto med den här e-postadressen",
  },
  "account.signIn.expired": {
    nb: "Innloggingen tok for lang tid. Prøv igjen.",
    sv: "Inloggningen tog för lång tid. Försök igen.",
  },
  "account.signIn.required": { nb: "Du må logge inn først.", sv: "Du måste logga in först." },
  "account.reset.expired": {
    nb: "Lenken for å lage nytt passord er utløpt eller allerede brukt. Be om en ny lenke.",
    sv: "Länken för att välja nytt lösenord har gått ut eller redan använts. Begär en ny länk.",
  },
  "account.generic": {
    nb: "Dessverre gikk noe galt. Prøv gjerne igjen og kontakt kundeservice hvis problemet vedvarer.",
    sv: "Tyvärr gick något fel. Försök gärna igen och kontakta kundservice om problemet kvarstår.",
  },
} as const satisfies Record<string, Record<MessageLanguage, string>>;

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

/** Every message in one language, for the storefront's catalog of that language. */
export function messagesIn<L extends MessageLanguage>(
  language: L,
): { [K in MessageKey]: (typeof MESSAGES)[K][L] } {
  return Object.fromEntries(Object.entries(MESSAGES).map(([key, texts]) => [key, texts[language]])) as {
    [K in MessageKey]: (typeof MESSAGES)[K][L];
  };
}

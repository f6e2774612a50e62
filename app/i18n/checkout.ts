import { useMemo } from "react";
import { fill } from "#domain/messages.ts";
import type { CHECKOUT_MESSAGES } from "#domain/messages-checkout.ts";
import type { Lang } from "../lib/locale.ts";
import { useRoot } from "../lib/use-root.ts";

/**
 * The checkout's and the confirmation page's texts: their own catalog, imported only by those two routes, so the
 * every-page catalog does not carry them. The field and refusal messages are the API's (domain/messages-checkout.ts:
 * the exact Norwegian texts of spec §5 and §8, with their Swedish twins), so the form checked in the browser and
 * the one checked by the server say the same words; they come with the page's data (lib/checkout-texts.server.ts),
 * not in this module, which would pull them into every page's chunk.
 */
const screens = {
  nb: {
    "who.heading": "Hvordan vil du handle?",
    "who.guest": "Du handler som gjest.",
    "who.signIn": "Logg inn",
    "who.signInHint": "Har du en konto? Logg inn, så fyller vi ut opplysningene dine.",
    "who.signedIn": "Du er logget inn som {email}.",
    "shopAs.legend": "Handle som",
    "shopAs.PERSON": "Privatperson",
    "shopAs.ORGANIZATION": "Bedrift",
    "delivery.heading": "Levering",
    "country.label": "Land",
    "zip.label": "Postnummer",
    update: "Oppdater",
    "shipping.legend": "Leveringsmåte",
    "shipping.zipFirst": "Skriv inn postnummeret ditt, så ser du leveringsmåtene.",
    "shipping.days": "{min}–{max} virkedager",
    "shipping.free": "Gratis",
    "payment.heading": "Betaling",
    "payment.legend": "Betalingsmåte",
    "payment.shippingFirst": "Velg en leveringsmåte, så ser du betalingsmåtene.",
    "hosted.note": "Fullfør betalingen i feltet under.",
    "hosted.link": "Gå til betalingen",
    "customer.heading": "Dine opplysninger",
    "field.email": "E-post",
    "field.phone": "Mobilnummer",
    "field.personalId": "Fødselsnummer",
    "field.organizationId": "Organisasjonsnummer",
    "field.company": "Firmanavn",
    "field.firstName": "Fornavn",
    "field.lastName": "Etternavn",
    "field.careOf": "c/o",
    "field.addressLine1": "Adresse",
    "field.city": "Poststed",
    "field.entryCode": "Portkode",
    "field.message": "Beskjed til oss",
    "field.optional": "(valgfritt)",
    "billing.heading": "Fakturaadresse",
    "separate.label": "Lever til en annen adresse",
    "shippingAddress.heading": "Leveringsadresse",
    "terms.label": "Jeg godtar kjøpsvilkårene",
    "terms.link": "Les kjøpsvilkårene",
    place: "Fullfør kjøpet",
    placing: "Sender bestillingen …",
    "errors.summary": "Noen felt må rettes før du kan fullføre kjøpet.",
    "confirm.heading": "Takk for bestillingen!",
    "confirm.number": "Ordrenummer: {number}",
    "confirm.email": "Vi sender en ordrebekreftelse til {email}.",
    "confirm.lines": "Varer",
    "confirm.quantity": "{quantity} stk.",
    "confirm.summary": "Sammendrag",
    "confirm.items": "Varer",
    "confirm.shipping": "Frakt",
    "confirm.discount": "Rabatt",
    "confirm.giftCard": "Betalt med gavekort",
    "confirm.total": "Totalt",
    "confirm.paid": "Å betale",
    "confirm.vat": "Herav mva.",
    "confirm.payment": "Betalingsmåte",
    "confirm.shippingMethod": "Leveringsmåte",
    "confirm.details": "Betaling og adresser",
    "confirm.billing": "Fakturaadresse",
    "confirm.shippingAddress": "Leveringsadresse",
    "confirm.orderLink": "Se bestillingen din",
    "confirm.continue": "Fortsett å handle",
    "confirm.notFound": "Vi fant ikke bestillingen.",
    "confirm.back": "Tilbake til kassen",
  },
  sv: {
    "who.heading": "Hur vill du handla?",
    "who.guest": "Du handlar som gäst.",
    "who.signIn": "Logga in",
    "who.signInHint": "Har du ett konto? Logga in, så fyller vi i dina uppgifter.",
    "who.signedIn": "Du är inloggad som {email}.",
    "shopAs.legend": "Handla som",
    "shopAs.PERSON": "Privatperson",
    "shopAs.ORGANIZATION": "Företag",
    "delivery.heading": "Leverans",
    "country.label": "Land",
    "zip.label": "Postnummer",
    update: "Uppdatera",
    "shipping.legend": "Leveranssätt",
    "shipping.zipFirst": "Skriv in ditt postnummer, så ser du leveranssätten.",
    "shipping.days": "{min}–{max} arbetsdagar",
    "shipping.free": "Gratis",
    "payment.heading": "Betalning",
    "payment.legend": "Betalsätt",
    "payment.shippingFirst": "Välj ett leveranssätt, så ser du betalsätten.",
    "hosted.note": "Slutför betalningen i fältet nedan.",
    "hosted.link": "Gå till betalningen",
    "customer.heading": "Dina uppgifter",
    "field.email": "E-post",
    "field.phone": "Mobilnummer",
    "field.personalId": "Personnummer",
    "field.organizationId": "Organisationsnummer",
    "field.company": "Företagsnamn",
    "field.firstName": "Förnamn",
    "field.lastName": "Efternamn",
    "field.careOf": "c/o",
    "field.addressLine1": "Adress",
    "field.city": "Ort",
    "field.entryCode": "Portkod",
    "field.message": "Meddelande till oss",
    "field.optional": "(valfritt)",
    "billing.heading": "Faktureringsadress",
    "separate.label": "Leverera till en annan adress",
    "shippingAddress.heading": "Leveransadress",
    "terms.label": "Jag godkänner köpvillkoren",
    "terms.link": "Läs köpvillkoren",
    place: "Slutför köpet",
    placing: "Skickar beställningen …",
    "errors.summary": "Några fält behöver rättas innan du kan slutföra köpet.",
    "confirm.heading": "Tack för din beställning!",
    "confirm.number": "Ordernummer: {number}",
    "confirm.email": "Vi skickar en orderbekräftelse till {email}.",
    "confirm.lines": "Varor",
    "confirm.quantity": "{quantity} st.",
    "confirm.summary": "Sammanfattning",
    "confirm.items": "Varor",
    "confirm.shipping": "Frakt",
    "confirm.discount": "Rabatt",
    "confirm.giftCard": "Betalt med presentkort",
    "confirm.total": "Totalt",
    "confirm.paid": "Att betala",
    "confirm.vat": "Varav moms",
    "confirm.payment": "Betalsätt",
    "confirm.shippingMethod": "Leveranssätt",
    "confirm.details": "Betalning och adresser",
    "confirm.billing": "Faktureringsadress",
    "confirm.shippingAddress": "Leveransadress",
    "confirm.orderLink": "Se din beställning",
    "confirm.continue": "Fortsätt handla",
    "confirm.notFound": "Vi hittade inte beställningen.",
    "confirm.back": "Tillbaka till kassan",
  },
} as const satisfies Record<Lang, Record<string, string>>;

type ScreenKey = keyof (typeof screens)["nb"];
type ApiKey = `api.${keyof typeof CHECKOUT_MESSAGES}`;
export type CheckoutKey = ScreenKey | ApiKey;
export type CheckoutTranslate = (key: CheckoutKey, params?: Record<string, string | number>) => string;

/** A translator of the checkout's texts; `api` holds the API's messages (checkoutApiTexts) for the `api.` keys. */
export function checkoutTranslator(
  lang: Lang,
  api: Readonly<Record<string, string>> = {},
): CheckoutTranslate {
  const catalog: Record<string, string> = { ...screens[lang], ...api };
  return (key, params) => fill(catalog[key] ?? key, params);
}

export function useCheckoutT(api?: Readonly<Record<string, string>>): CheckoutTranslate {
  const { lang } = useRoot();
  return useMemo(() => checkoutTranslator(lang, api), [lang, api]);
}

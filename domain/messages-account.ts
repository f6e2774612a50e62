import { FIELD_TEXTS, type MessageLanguage } from "./messages-fields.ts";

/**
 * The accounts' messages (services/customers, /auth/); part of MESSAGES (messages.ts). Made in a pure call: its
 * entries read FIELD_TEXTS, and a bundler keeps a module whose top level reads properties with every importer,
 * so without it these texts went to every page of the storefront with messages.ts (decision 0036).
 */
export const ACCOUNT_MESSAGES = /* @__PURE__ */ (() =>
  ({
    // Accounts and sign-in (issue 12): the Norwegian texts of spec §5 and §8, with their Swedish twins.
    "account.email.invalid": FIELD_TEXTS.email,
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
    "account.field.required": FIELD_TEXTS.required,
    "account.personalId.invalid": FIELD_TEXTS.personalId,
    "account.organizationId.invalid": FIELD_TEXTS.organizationId,
    "account.zip.invalid": FIELD_TEXTS.zip,
    "account.form.invalid": {
      nb: "Sørg for at alle felt er gyldige",
      sv: "Se till att alla fält är giltiga",
    },
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
    // The shopper's own deletion while an order is open (decision 0065; the rule: domain/erasure.ts).
    "account.delete.openOrders": {
      nb: "Kontoen kan ikke slettes mens du har bestillinger som ikke er avsluttet ({orders}). Prøv igjen når de er levert eller kansellert, eller kontakt kundeservice.",
      sv: "Kontot kan inte raderas medan du har beställningar som inte är avslutade ({orders}). Försök igen när de har levererats eller avbrutits, eller kontakta kundtjänst.",
    },
    "account.customerOnly": {
      nb: "Dette kan bare kunden selv gjøre, ikke butikken som handler for kunden.",
      sv: "Detta kan bara kunden själv göra, inte butiken som handlar åt kunden.",
    },
    "newsletter.link": {
      nb: "Lenken virker ikke lenger. Meld deg på nyhetsbrevet på nytt, eller skriv inn adressen din igjen for å melde deg av.",
      sv: "Länken fungerar inte längre. Anmäl dig till nyhetsbrevet på nytt, eller ange din adress igen för att avsluta.",
    },
    "account.generic": {
      nb: "Dessverre gikk noe galt. Prøv gjerne igjen og kontakt kundeservice hvis problemet vedvarer.",
      sv: "Tyvärr gick något fel. Försök gärna igen och kontakta kundservice om problemet kvarstår.",
    },
  }) as const satisfies Record<string, Record<MessageLanguage, string>>)();

import { FIELD_TEXTS, type MessageLanguage } from "./messages-fields.ts";

/**
 * What the API says about reviews and back-in-stock requests (services/reviews.ts, services/stock-monitors.ts), and
 * to a merchant's tool without the admin key; part of MESSAGES (messages.ts). The Norwegian rating text is the
 * specification's (§5).
 */
export const PRODUCT_MESSAGES = {
  "review.signIn": {
    nb: "Du må logge inn for å skrive en anmeldelse.",
    sv: "Du måste logga in för att skriva en recension.",
  },
  "review.rating": {
    nb: "Vennligst bruk stjerner for å rangere produktet",
    sv: "Vänligen använd stjärnor för att betygsätta produkten",
  },
  "review.required": FIELD_TEXTS.required,
  "review.tooLong": { nb: "Høyst {max} tegn.", sv: "Högst {max} tecken." },
  "review.duplicate": {
    nb: "Du har allerede skrevet en anmeldelse av dette produktet.",
    sv: "Du har redan skrivit en recension av den här produkten.",
  },
  "review.notFound": { nb: "Vi finner ikke denne anmeldelsen.", sv: "Vi hittar inte den här recensionen." },
  "question.signIn": {
    nb: "Du må logge inn for å stille et spørsmål.",
    sv: "Du måste logga in för att ställa en fråga.",
  },
  "question.required": FIELD_TEXTS.required,
  "question.tooLong": { nb: "Høyst {max} tegn.", sv: "Högst {max} tecken." },
  "question.notFound": { nb: "Vi finner ikke dette spørsmålet.", sv: "Vi hittar inte den här frågan." },
  "question.answer": {
    nb: "Svaret må fylles ut (høyst 2000 tegn).",
    sv: "Svaret måste fyllas i (högst 2000 tecken).",
  },
  "stock.monitor.email": FIELD_TEXTS.email,
  "stock.monitor.unknownSku": {
    nb: "Vi finner ikke denne varen.",
    sv: "Vi hittar inte den här varan.",
  },
  "admin.keyRequired": {
    nb: "Dette krever butikkens administratornøkkel (X-Admin-Key).",
    sv: "Detta kräver butikens administratörsnyckel (X-Admin-Key).",
  },
} as const satisfies Record<string, Record<MessageLanguage, string>>;

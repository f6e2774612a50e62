/**
 * The languages the shop writes in, and the words for a form field that is wrong, shared by every form that
 * asks for them (checkout, account, newsletter): one text per check, so a shopper reads the same words
 * everywhere. The Norwegian texts are the specification's (§5).
 */
export const MESSAGE_LANGUAGES = ["nb", "sv"] as const;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];

export const FIELD_TEXTS = {
  required: { nb: "Dette feltet er obligatorisk", sv: "Detta fält är obligatoriskt" },
  email: { nb: "Du må oppgi en gyldig e-post", sv: "Du måste ange en giltig e-postadress" },
  personalId: { nb: "Du må oppgi et gyldig personnummer", sv: "Du måste ange ett giltigt personnummer" },
  organizationId: {
    nb: "Du må oppgi et gyldig organisasjonsnummer",
    sv: "Du måste ange ett giltigt organisationsnummer",
  },
  zip: { nb: "Du må oppgi et gyldig postnummer", sv: "Du måste ange ett giltigt postnummer" },
} as const satisfies Record<string, Record<MessageLanguage, string>>;

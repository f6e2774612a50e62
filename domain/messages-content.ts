import type { MessageLanguage } from "./messages-fields.ts";

/**
 * What the API says to a merchant's tool about widgets and content pages (services/content/admin.ts, decision
 * 0038); part of MESSAGES (messages.ts), not of the storefront's every-page catalog.
 */
export const CONTENT_MESSAGES = {
  "content.areaUnknown": {
    nb: "Det finnes ikke noe widgetområde {family}/{areaName}.",
    sv: "Det finns inget widgetområde {family}/{areaName}.",
  },
  "content.typeUnknown": {
    nb: "Widgettypen {type} finnes ikke.",
    sv: "Widgettypen {type} finns inte.",
  },
  "content.configInvalid": {
    nb: "Innstillingen «{path}» mangler eller er ugyldig.",
    sv: "Inställningen ”{path}” saknas eller är ogiltig.",
  },
  "content.configNotJson": {
    nb: "Innstillingene må være et JSON-objekt.",
    sv: "Inställningarna måste vara ett JSON-objekt.",
  },
  "content.imageUnknown": {
    nb: "Bildet {fileName} finnes ikke i katalogen.",
    sv: "Bilden {fileName} finns inte i katalogen.",
  },
  "content.displaySetting": {
    nb: "Visning må være mobile, desktop eller tom (begge).",
    sv: "Visning måste vara mobile, desktop eller tom (båda).",
  },
  "content.validRange": {
    nb: "Sluttidspunktet må være etter starttidspunktet.",
    sv: "Sluttiden måste vara efter starttiden.",
  },
  "content.widgetNotFound": { nb: "Vi finner ikke denne widgeten.", sv: "Vi hittar inte den här widgeten." },
  "content.pageNotFound": {
    nb: "Vi finner ikke denne innholdssiden.",
    sv: "Vi hittar inte den här innehållssidan.",
  },
  "content.keyInvalid": {
    nb: "Nøkkelen må bestå av små bokstaver (a–z), tall og bindestrek.",
    sv: "Nyckeln måste bestå av små bokstäver (a–z), siffror och bindestreck.",
  },
  "content.keyTaken": {
    nb: "Det finnes allerede en innholdsside med nøkkelen {key}.",
    sv: "Det finns redan en innehållssida med nyckeln {key}.",
  },
  "content.aliasInvalid": {
    nb: "Adressen på {language} må bestå av små bokstaver (a–z), tall og bindestrek.",
    sv: "Adressen på {language} måste bestå av små bokstäver (a–z), siffror och bindestreck.",
  },
  "content.aliasTaken": {
    nb: "Adressen /{alias} er allerede i bruk.",
    sv: "Adressen /{alias} används redan.",
  },
  "content.titleRequired": {
    nb: "Tittelen på {language} må fylles ut (høyst {max} tegn).",
    sv: "Titeln på {language} måste fyllas i (högst {max} tecken).",
  },
  "content.languagesRequired": {
    nb: "Siden trenger tittel og adresse på både norsk og svensk.",
    sv: "Sidan behöver titel och adress på både norska och svenska.",
  },
} as const satisfies Record<string, Record<MessageLanguage, string>>;

import type { MessageKey } from "./nb.ts";

/** Swedish catalog. */
export const sv: Record<MessageKey, string> = {
  "site.name": "Mili",
  "site.tagline": "Friluftsliv, sport och sportnutrition",
  "site.description":
    "Mili – allt för friluftsliv, träning och sportnutrition. Snabb leverans i Sverige och Norge.",
  "nav.skipToContent": "Hoppa till innehållet",
  "nav.home": "Startsida",
  "home.heading": "Nyheter i butiken",
  "home.markets": "Vi levererar till",
  "home.latestCount": "{count} produkter i sortimentet",
  "home.region.scandinavia": "Skandinavien",
  "home.region.europe": "Europa",
  "price.was": "Förut {price}",
  "price.discount": "−{percent} %",
  "price.incVat": "inkl. moms",
  "price.exVat": "exkl. moms",
  "footer.openingHours": "Kundservice: mån–fre 9–15, lunchstängt 12–13",
  "language.switch": "På norsk",
  "error.notFound": "Sidan kunde inte hittas",
  "error.notFoundHelp": "Sidan du letar efter finns inte, eller så har den flyttat.",
  "error.generic": "Tyvärr gick något fel. Försök gärna igen och kontakta kundservice om problemet kvarstår.",
  "error.backHome": "Till startsidan",
};

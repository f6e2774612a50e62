/** Norwegian (bokmål) catalog. Texts quoted in the specification are exact. */
export const nb = {
  "site.name": "Mili",
  "site.tagline": "Friluftsliv, sport og sportsernæring",
  "site.description":
    "Mili – alt til friluftsliv, trening og sportsernæring. Rask levering i Norge og Sverige.",
  "nav.skipToContent": "Hopp til innholdet",
  "nav.home": "Forside",
  "home.heading": "Nyheter i butikken",
  "home.markets": "Vi leverer til",
  "home.latestCount": "{count} produkter i sortimentet",
  "home.region.scandinavia": "Skandinavia",
  "home.region.europe": "Europa",
  "price.was": "Før {price}",
  "price.discount": "−{percent} %",
  "price.incVat": "inkl. mva.",
  "price.exVat": "eks. mva.",
  "footer.openingHours": "Kundeservice: man–fre 9–15, lunsjstengt 12–13",
  "language.switch": "På svenska",
  "error.notFound": "Denne siden ble ikke funnet",
  "error.notFoundHelp": "Siden du leter etter finnes ikke, eller den har flyttet.",
  "error.generic":
    "Dessverre gikk noe galt. Prøv gjerne igjen og kontakt kundeservice hvis problemet vedvarer.",
  "error.backHome": "Til forsiden",
} as const;

export type MessageKey = keyof typeof nb;

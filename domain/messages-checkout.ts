import { FIELD_TEXTS, type MessageLanguage } from "./messages-fields.ts";

/** The checkout's and the orders' messages (services/checkout, services/orders); part of MESSAGES (messages.ts). */
export const CHECKOUT_MESSAGES = {
  // The checkout and orders (services/checkout, services/orders; the Norwegian texts of spec §5 and §8 are exact).
  "checkout.error.required": FIELD_TEXTS.required,
  "checkout.error.email": FIELD_TEXTS.email,
  "checkout.error.personalId": FIELD_TEXTS.personalId,
  "checkout.error.organizationId": FIELD_TEXTS.organizationId,
  "checkout.error.zip": FIELD_TEXTS.zip,
  "checkout.error.terms": {
    nb: "Du må godkjenne kjøpsvilkårene før du fullfører kjøpet",
    sv: "Du måste godkänna köpvillkoren innan du slutför köpet",
  },
  "checkout.error.shipping": {
    nb: "Velg en leveringsmåte før du betaler",
    sv: "Välj ett leveranssätt innan du betalar",
  },
  // A shipping provider that cannot be asked now (decision 0086): in the checkout, and when placing.
  "checkout.error.shippingUnavailable": {
    nb: "Vi kunne ikke hente leveringsmåtene akkurat nå. Prøv igjen.",
    sv: "Vi kunde inte hämta leveranssätten just nu. Försök igen.",
  },
  "checkout.error.shippingNotConfirmed": {
    nb: "Vi kunne ikke bekrefte leveringsmåten akkurat nå, så bestillingen ble ikke opprettet. Prøv igjen om litt.",
    sv: "Vi kunde inte bekräfta leveranssättet just nu, så beställningen skapades inte. Försök igen om en stund.",
  },
  "checkout.error.paymentMethod": { nb: "Velg en betalingsmåte", sv: "Välj ett betalsätt" },
  "checkout.error.pickupPoint": {
    nb: "Velg et av hentestedene for postnummeret ditt",
    sv: "Välj ett av utlämningsställena för ditt postnummer",
  },
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
  // The right of withdrawal (services/orders/withdraw.ts, domain/withdrawal.ts).
  "order.withdrawal.expired": {
    nb: "Angrefristen for denne bestillingen gikk ut {lastDay}.",
    sv: "Ångerfristen för den här beställningen gick ut {lastDay}.",
  },
  "order.withdrawal.notPossible": {
    nb: "Denne bestillingen kan ikke angres, fordi den er kansellert eller refundert.",
    sv: "Den här beställningen kan inte ångras, eftersom den är avbruten eller återbetald.",
  },
  "order.notFound": {
    nb: "Vi fant ikke bestillingen. Bruk lenken i ordrebekreftelsen.",
    sv: "Vi hittade inte beställningen. Använd länken i orderbekräftelsen.",
  },
} as const satisfies Record<string, Record<MessageLanguage, string>>;

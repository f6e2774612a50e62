/**
 * The order screen's pending refunds and their check with the payment provider (decision 0065). Merged into the
 * catalogs of app/admin/texts.ts; the same keys in English, Swedish and Norwegian.
 */
export const REFUND_CHECK_EN = {
  "refundCheck.title": "Refunds with an unknown outcome",
  "refundCheck.help":
    "The payment provider did not answer these refunds. Their units and money are held back until the provider is asked; this also happens by itself every few minutes.",
  "refundCheck.asked": "Asked",
  "refundCheck.button": "Check refund {id} with the provider",
  "refundCheck.completed": "The provider made the refund: it is recorded now.",
  "refundCheck.failed":
    "The provider did not make the refund: nothing was refunded, and the units and money are free again. Refund again if you still mean to.",
  "refundCheck.unknown":
    "The provider could not tell yet (no answer, or the refund was asked for moments ago). It stays pending; check again later.",
  "refundCheck.repeated": "The refund was already settled.",
} as const;

type RefundCheckTextKey = keyof typeof REFUND_CHECK_EN;

export const REFUND_CHECK_SV: Record<RefundCheckTextKey, string> = {
  "refundCheck.title": "Återbetalningar med okänt utfall",
  "refundCheck.help":
    "Betalleverantören svarade inte på de här återbetalningarna. Deras enheter och pengar hålls inne tills leverantören har tillfrågats; det sker också av sig självt med några minuters mellanrum.",
  "refundCheck.asked": "Begärd",
  "refundCheck.button": "Kontrollera återbetalning {id} hos leverantören",
  "refundCheck.completed": "Leverantören har gjort återbetalningen: den är registrerad nu.",
  "refundCheck.failed":
    "Leverantören gjorde inte återbetalningen: inget återbetalades, och enheterna och pengarna är lediga igen. Återbetala på nytt om du fortfarande vill.",
  "refundCheck.unknown":
    "Leverantören kunde inte svara ännu (inget svar, eller återbetalningen begärdes alldeles nyss). Den förblir väntande; kontrollera igen senare.",
  "refundCheck.repeated": "Återbetalningen var redan avgjord.",
};

export const REFUND_CHECK_NB: Record<RefundCheckTextKey, string> = {
  "refundCheck.title": "Refusjoner med ukjent utfall",
  "refundCheck.help":
    "Betalingsleverandøren svarte ikke på disse refusjonene. Enhetene og pengene deres holdes tilbake til leverandøren er spurt; det skjer også av seg selv med noen minutters mellomrom.",
  "refundCheck.asked": "Bedt om",
  "refundCheck.button": "Sjekk refusjon {id} hos leverandøren",
  "refundCheck.completed": "Leverandøren har gjort refusjonen: den er registrert nå.",
  "refundCheck.failed":
    "Leverandøren gjorde ikke refusjonen: ingenting ble refundert, og enhetene og pengene er ledige igjen. Refunder på nytt hvis du fortsatt vil.",
  "refundCheck.unknown":
    "Leverandøren kunne ikke svare ennå (ikke noe svar, eller refusjonen ble bedt om for et øyeblikk siden). Den forblir ventende; sjekk igjen senere.",
  "refundCheck.repeated": "Refusjonen var allerede avgjort.",
};

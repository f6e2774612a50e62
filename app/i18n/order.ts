import { fill } from "#domain/messages.ts";
import type { Lang } from "../lib/locale.ts";
import { useRoot } from "../lib/use-root.ts";

/**
 * The order page's texts and the withdrawal function's (issue 13): their own catalog, loaded only with the order
 * page and the account's orders, not the every-page one. The withdrawal wording follows Norwegian and Swedish
 * shops' usage: "angrerett" / "ångerrätt", the button "Angre kjøpet" / "Ångra köpet" (Directive 2023/2673 asks for
 * a function labelled unambiguously, confirmed in a second step).
 */
const nb = {
  "order.title": "Din bestilling",
  "order.heading": "Bestilling {number}",
  "order.placed": "Bestilt {date}",
  "order.status": "Status",
  "order.status.received": "Mottatt",
  "order.status.processing": "Behandles",
  "order.status.completed": "Fullført",
  "order.status.cancelled": "Kansellert",
  "order.status.refunded": "Refundert",
  "order.lines": "Varer",
  "order.col.product": "Vare",
  "order.col.articleNumber": "Art.nr.",
  "order.col.quantity": "Antall",
  "order.col.unitPrice": "Pris",
  "order.col.total": "Sum",
  "order.size": "Størrelse {size}",
  "order.summary": "Sammendrag",
  "order.subTotal": "Varer",
  "order.discount": "Rabatt",
  "order.promoCode": "Rabattkode {code}",
  "order.shippingFee": "Frakt",
  "order.total": "Totalt",
  "order.vat": "Herav mva.",
  "order.fromBalance": "Betalt med gavekort",
  "order.toPay": "Å betale",
  "order.payment": "Betaling",
  "order.shipping": "Levering",
  "order.tracking": "Spor sendingen",
  "order.billing": "Fakturaadresse",
  "order.delivery": "Leveringsadresse",
  "order.message": "Din melding",
  "order.refunds": "Refusjoner",
  "order.refund": "{date}: {amount}",
  "withdrawal.heading": "Angrerett",
  "withdrawal.open": "Du kan angre kjøpet innen 14 dager etter at du har mottatt varene.",
  "withdrawal.openUntil": "Du kan angre kjøpet til og med {date}.",
  "withdrawal.start": "Angre kjøpet",
  "withdrawal.confirm.heading": "Vil du angre kjøpet?",
  "withdrawal.confirm.text": "Du angrer hele kjøpet av bestilling {number}.",
  "withdrawal.confirm.lastDay": "Siste dag for å angre er {date}.",
  "withdrawal.confirm.beforeDelivery": "Fristen for å angre er 14 dager etter at du har mottatt varene.",
  "withdrawal.confirm.yes": "Bekreft angring",
  "withdrawal.confirm.cancel": "Avbryt",
  "withdrawal.done":
    "Vi har mottatt angringen din for bestilling {number}. En bekreftelse er på vei til e-posten din.",
  "withdrawal.withdrawn": "Du angret kjøpet {date}.",
  "withdrawal.expired": "Fristen for å angre kjøpet gikk ut {date}.",
  "withdrawal.closed": "Denne bestillingen kan ikke angres.",
  "withdrawal.failed": "Vi kunne ikke registrere angringen. Prøv igjen litt senere.",
} as const;

export type OrderKey = keyof typeof nb;

const sv: Record<OrderKey, string> = {
  "order.title": "Din order",
  "order.heading": "Order {number}",
  "order.placed": "Beställd {date}",
  "order.status": "Status",
  "order.status.received": "Mottagen",
  "order.status.processing": "Behandlas",
  "order.status.completed": "Slutförd",
  "order.status.cancelled": "Avbruten",
  "order.status.refunded": "Återbetald",
  "order.lines": "Varor",
  "order.col.product": "Vara",
  "order.col.articleNumber": "Art.nr",
  "order.col.quantity": "Antal",
  "order.col.unitPrice": "Pris",
  "order.col.total": "Summa",
  "order.size": "Storlek {size}",
  "order.summary": "Sammanställning",
  "order.subTotal": "Varor",
  "order.discount": "Rabatt",
  "order.promoCode": "Rabattkod {code}",
  "order.shippingFee": "Frakt",
  "order.total": "Totalt",
  "order.vat": "Varav moms",
  "order.fromBalance": "Betalt med presentkort",
  "order.toPay": "Att betala",
  "order.payment": "Betalning",
  "order.shipping": "Leverans",
  "order.tracking": "Spåra försändelsen",
  "order.billing": "Fakturaadress",
  "order.delivery": "Leveransadress",
  "order.message": "Ditt meddelande",
  "order.refunds": "Återbetalningar",
  "order.refund": "{date}: {amount}",
  "withdrawal.heading": "Ångerrätt",
  "withdrawal.open": "Du kan ångra köpet inom 14 dagar efter att du har tagit emot varorna.",
  "withdrawal.openUntil": "Du kan ångra köpet till och med {date}.",
  "withdrawal.start": "Ångra köpet",
  "withdrawal.confirm.heading": "Vill du ångra köpet?",
  "withdrawal.confirm.text": "Du ångrar hela köpet av order {number}.",
  "withdrawal.confirm.lastDay": "Sista dagen att ångra är {date}.",
  "withdrawal.confirm.beforeDelivery": "Ångerfristen är 14 dagar från att du har tagit emot varorna.",
  "withdrawal.confirm.yes": "Bekräfta ångrandet",
  "withdrawal.confirm.cancel": "Avbryt",
  "withdrawal.done":
    "Vi har tagit emot ditt ångrande för order {number}. En bekräftelse är på väg till din e-post.",
  "withdrawal.withdrawn": "Du ångrade köpet {date}.",
  "withdrawal.expired": "Ångerfristen gick ut {date}.",
  "withdrawal.closed": "Den här ordern kan inte ångras.",
  "withdrawal.failed": "Vi kunde inte registrera ångrandet. Försök igen om en stund.",
};

const catalogs: Record<Lang, Record<OrderKey, string>> = { nb, sv };

/** Both languages' order texts (the catalog test compares them). */
export const orderCatalogs: Readonly<Record<Lang, Readonly<Record<OrderKey, string>>>> = catalogs;

export type OrderTranslate = (key: OrderKey, params?: Record<string, string | number>) => string;

/** A translator for the order texts in one language. */
export function orderTranslator(lang: Lang): OrderTranslate {
  const catalog = catalogs[lang];
  return (key, params) => fill(catalog[key], params);
}

/** The order texts in the page's language. */
export function useOrderT(): OrderTranslate {
  return orderTranslator(useRoot().lang);
}

export const ORDER_STATUSES = ["received", "processing", "completed", "cancelled", "refunded"] as const;

/** An order status's text; an unknown status as it is. */
export function statusText(t: OrderTranslate, status: string): string {
  const s = status.toLowerCase();
  return (ORDER_STATUSES as readonly string[]).includes(s)
    ? t(`order.status.${s as (typeof ORDER_STATUSES)[number]}`)
    : status;
}

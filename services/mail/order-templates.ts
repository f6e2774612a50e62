import { formatMoney } from "#domain/format.ts";
import { type OrderRecord, orderShippingName } from "../orders/read.ts";
import { escapeHtml, type MailLanguage, themeColors } from "./templates.ts";

/**
 * The order e-mails (issue 13) in Norwegian and Swedish, plain text and HTML: the confirmation when an order is
 * placed (its lines, totals, delivery and payment, the order link a guest opens it with, and the right of
 * withdrawal), and the confirmation of a withdrawal (Directive 2023/2673: sent at once, on a durable medium).
 */
export type OrderMailKind = "order.confirmation" | "order.withdrawal";

interface OrderTexts {
  subject: string;
  greeting: string;
  intro: string;
  number: string;
  date: string;
  item: string;
  quantity: string;
  amount: string;
  shipping: string;
  discount: string;
  giftCard: string;
  total: string;
  vat: string;
  payment: string;
  delivery: string;
  deliveryAddress: string;
  button: string;
  withdrawal: string;
  signature: string;
}

const BASE: Record<MailLanguage, Omit<OrderTexts, "subject" | "intro" | "button" | "withdrawal">> = {
  nb: {
    greeting: "Hei{name}!",
    number: "Ordrenummer",
    date: "Dato",
    item: "Vare",
    quantity: "Antall",
    amount: "Beløp",
    shipping: "Frakt",
    discount: "Rabatt",
    giftCard: "Betalt med gavekort",
    total: "Totalt",
    vat: "Herav mva.",
    payment: "Betaling",
    delivery: "Levering",
    deliveryAddress: "Leveringsadresse",
    signature: "Hilsen Mili",
  },
  sv: {
    greeting: "Hej{name}!",
    number: "Ordernummer",
    date: "Datum",
    item: "Vara",
    quantity: "Antal",
    amount: "Belopp",
    shipping: "Frakt",
    discount: "Rabatt",
    giftCard: "Betalt med presentkort",
    total: "Totalt",
    vat: "Varav moms",
    payment: "Betalning",
    delivery: "Leverans",
    deliveryAddress: "Leveransadress",
    signature: "Hälsningar Mili",
  },
};

const TEXTS: Record<OrderMailKind, Record<MailLanguage, OrderTexts>> = {
  "order.confirmation": {
    nb: {
      ...BASE.nb,
      subject: "Takk for bestillingen din ({number})",
      intro: "Vi har mottatt bestillingen din og gjør den klar. Her er en oversikt over det du har kjøpt.",
      button: "Se bestillingen",
      withdrawal:
        "Du har 14 dagers angrerett fra du mottar varene. Du kan angre kjøpet fra bestillingen din, med lenken over.",
    },
    sv: {
      ...BASE.sv,
      subject: "Tack för din beställning ({number})",
      intro: "Vi har tagit emot din beställning och gör den klar. Här är en översikt över det du har köpt.",
      button: "Se beställningen",
      withdrawal:
        "Du har 14 dagars ångerrätt från att du tar emot varorna. Du kan ångra köpet från din beställning, via länken ovan.",
    },
  },
  "order.withdrawal": {
    nb: {
      ...BASE.nb,
      subject: "Vi har mottatt at du angrer kjøpet ({number})",
      intro:
        "Vi bekrefter at vi {date} mottok meldingen din om at du angrer kjøpet under. Har du ikke fått varene ennå, stopper vi forsendelsen og betalingen. Har du fått dem, sender du dem tilbake til oss innen 14 dager, og du får pengene tilbake senest 14 dager etter at vi mottok meldingen din (vi kan vente til varene er kommet tilbake).",
      button: "Se bestillingen",
      withdrawal: "Denne e-posten er kvitteringen din for at du har angret kjøpet.",
    },
    sv: {
      ...BASE.sv,
      subject: "Vi har tagit emot att du ångrar köpet ({number})",
      intro:
        "Vi bekräftar att vi {date} tog emot ditt meddelande om att du ångrar köpet nedan. Har du inte fått varorna än stoppar vi leveransen och betalningen. Har du fått dem skickar du tillbaka dem till oss inom 14 dagar, och du får pengarna tillbaka senast 14 dagar efter att vi tog emot ditt meddelande (vi kan vänta tills varorna har kommit tillbaka).",
      button: "Se beställningen",
      withdrawal: "Det här mejlet är ditt kvitto på att du har ångrat köpet.",
    },
  },
};

export interface OrderMailInput {
  kind: OrderMailKind;
  language: MailLanguage;
  order: OrderRecord;
  /** The order link (the guest opens the order with it; its public id is the secret). */
  url: string;
  /** When the withdrawal was received (order.withdrawal). */
  withdrawnAt?: Date | null;
  theme?: Record<string, string>;
}

export function renderOrderMail(input: OrderMailInput): { subject: string; text: string; html: string } {
  const t = TEXTS[input.kind][input.language];
  const o = input.order;
  const locale = input.language === "sv" ? "sv-SE" : "nb-NO";
  const money = (minor: number) => formatMoney(minor, o.currency, locale);
  const day = (d: Date) =>
    new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "Europe/Oslo" }).format(d);
  const number = o.orderNumber ?? o.publicId;
  const firstName = o.billingAddress.firstName?.trim();
  const greeting = t.greeting.replace("{name}", firstName ? ` ${firstName}` : "");
  const intro = t.intro.replace("{date}", day(input.withdrawnAt ?? new Date()));
  const lines = o.lines.map((l) => ({
    name: l.skuName ? `${l.name} (${l.skuName})` : l.name,
    quantity: l.quantity,
    amount: money(l.lineTotalIncVat),
  }));
  const totals: [string, string][] = [
    [t.shipping, money(o.shippingFeeIncVat)],
    ...(o.discountIncVat > 0 ? ([[t.discount, `−${money(o.discountIncVat)}`]] as [string, string][]) : []),
    ...(o.balanceUsed > 0 ? ([[t.giftCard, `−${money(o.balanceUsed)}`]] as [string, string][]) : []),
    [t.total, money(o.totalIncVat - o.balanceUsed)],
    [t.vat, money(o.vat)],
  ];
  const a = o.shippingAddress;
  const address = [
    [a.firstName, a.lastName].filter(Boolean).join(" "),
    a.company,
    a.careOf ? `c/o ${a.careOf}` : "",
    a.addressLine1,
    a.addressLine2,
    [a.zip, a.city].filter(Boolean).join(" "),
  ].filter((x): x is string => Boolean(x?.trim()));
  const delivery = orderShippingName(o, locale);
  const payment = o.paymentMethodNames?.[o.languageId] ?? o.paymentMethodKey ?? "";
  const subject = t.subject.replace("{number}", number);
  const text = [
    greeting,
    "",
    intro,
    "",
    `${t.number}: ${number}`,
    `${t.date}: ${day(o.createdAt)}`,
    "",
    ...lines.map((l) => `${l.quantity} × ${l.name}  ${l.amount}`),
    "",
    ...totals.map(([k, v]) => `${k}: ${v}`),
    "",
    `${t.payment}: ${payment}`,
    `${t.delivery}: ${delivery}`,
    ...(address.length ? [`${t.deliveryAddress}: ${address.join(", ")}`] : []),
    "",
    `${t.button}: ${input.url}`,
    "",
    t.withdrawal,
    "",
    t.signature,
    "",
  ].join("\n");
  const { brand, ink, paper } = themeColors(input.theme);
  const cell = "padding:6px 8px;border-bottom:1px solid #e7e5e4";
  const html = `<!doctype html>
<html lang="${input.language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:${paper};color:${ink};font-family:system-ui,-apple-system,'Segoe UI',sans-serif;line-height:1.5">
<div style="max-width:600px;margin:0 auto">
<p style="font-size:22px;font-weight:700;color:${brand};margin:0 0 16px">Mili</p>
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(t.number)}: <strong>${escapeHtml(number)}</strong><br>${escapeHtml(t.date)}: ${escapeHtml(day(o.createdAt))}</p>
<table style="width:100%;border-collapse:collapse">
<thead><tr><th scope="col" style="${cell};text-align:left">${escapeHtml(t.item)}</th><th scope="col" style="${cell};text-align:right">${escapeHtml(t.quantity)}</th><th scope="col" style="${cell};text-align:right">${escapeHtml(t.amount)}</th></tr></thead>
<tbody>
${lines.map((l) => `<tr><td style="${cell}">${escapeHtml(l.name)}</td><td style="${cell};text-align:right">${l.quantity}</td><td style="${cell};text-align:right">${escapeHtml(l.amount)}</td></tr>`).join("\n")}
</tbody>
<tfoot>
${totals.map(([k, v]) => `<tr><th scope="row" colspan="2" style="${cell};text-align:right;font-weight:${k === t.total ? 700 : 400}">${escapeHtml(k)}</th><td style="${cell};text-align:right;font-weight:${k === t.total ? 700 : 400}">${escapeHtml(v)}</td></tr>`).join("\n")}
</tfoot>
</table>
<p>${escapeHtml(t.payment)}: ${escapeHtml(payment)}<br>${escapeHtml(t.delivery)}: ${escapeHtml(delivery)}${address.length ? `<br>${escapeHtml(t.deliveryAddress)}: ${escapeHtml(address.join(", "))}` : ""}</p>
<p><a href="${escapeHtml(input.url)}" style="display:inline-block;padding:12px 20px;background:${brand};color:#ffffff;text-decoration:none;border-radius:6px;font-weight:600">${escapeHtml(t.button)}</a></p>
<p style="font-size:14px">${escapeHtml(t.withdrawal)}</p>
<p>${escapeHtml(t.signature)}</p>
</div>
</body>
</html>
`;
  return { subject, text, html };
}

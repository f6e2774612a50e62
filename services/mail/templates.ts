/**
 * The account e-mails (issue 12) in Norwegian and Swedish, as plain text and HTML in the channel's theme. Texts
 * sit here side by side, like domain/messages.ts; `{name}`-style placeholders are filled by `render`.
 */
export type MailKind =
  | "mail.welcome"
  | "mail.passwordReset"
  | "mail.passwordChanged"
  | "mail.backInStock"
  | "mail.newsletterConfirm";
export type MailLanguage = "nb" | "sv";

interface Texts {
  subject: string;
  greeting: string;
  lines: string[];
  button: string;
  after?: string;
  signature: string;
}

const TEXTS: Record<MailKind, Record<MailLanguage, Texts>> = {
  "mail.welcome": {
    nb: {
      subject: "Velkommen til Mili",
      greeting: "Hei{name}!",
      lines: [
        "Takk for at du opprettet en konto hos Mili.",
        "På kontoen din ser du bestillingene dine, endrer innstillinger og tar vare på favorittene dine.",
      ],
      button: "Gå til kontoen din",
      signature: "Hilsen Mili",
    },
    sv: {
      subject: "Välkommen till Mili",
      greeting: "Hej{name}!",
      lines: [
        "Tack för att du skapade ett konto hos Mili.",
        "På ditt konto ser du dina ordrar, ändrar inställningar och sparar dina favoriter.",
      ],
      button: "Gå till ditt konto",
      signature: "Hälsningar Mili",
    },
  },
  "mail.passwordReset": {
    nb: {
      subject: "Lag et nytt passord",
      greeting: "Hei{name}!",
      lines: [
        "Vi har fått en forespørsel om å lage et nytt passord for kontoen din.",
        "Lenken gjelder i én time og kan brukes én gang.",
      ],
      button: "Lag nytt passord",
      after: "Har du ikke bedt om dette, kan du se bort fra denne e-posten. Passordet ditt er ikke endret.",
      signature: "Hilsen Mili",
    },
    sv: {
      subject: "Välj ett nytt lösenord",
      greeting: "Hej{name}!",
      lines: [
        "Vi har fått en begäran om att välja ett nytt lösenord för ditt konto.",
        "Länken gäller i en timme och kan användas en gång.",
      ],
      button: "Välj nytt lösenord",
      after: "Har du inte bett om detta kan du bortse från det här mejlet. Ditt lösenord är inte ändrat.",
      signature: "Hälsningar Mili",
    },
  },
  "mail.passwordChanged": {
    nb: {
      subject: "Passordet ditt er endret",
      greeting: "Hei{name}!",
      lines: [
        "Passordet til Mili-kontoen din er nettopp endret, og du er logget ut på alle andre enheter.",
        "Var det ikke deg? Lag et nytt passord med en gang, og kontakt kundeservice.",
      ],
      button: "Glemt passord",
      signature: "Hilsen Mili",
    },
    sv: {
      subject: "Ditt lösenord har ändrats",
      greeting: "Hej{name}!",
      lines: [
        "Lösenordet till ditt Mili-konto har just ändrats, och du är utloggad på alla andra enheter.",
        "Var det inte du? Välj ett nytt lösenord direkt och kontakta kundservice.",
      ],
      button: "Glömt lösenord",
      signature: "Hälsningar Mili",
    },
  },
  // A back-in-stock request (services/stock-monitors.ts): {product} and {size} are the SKU's.
  "mail.backInStock": {
    nb: {
      subject: "{product} er tilbake på lager",
      greeting: "Hei{name}!",
      lines: [
        "{product} i {size} er tilbake på lager hos Mili.",
        "Vi sender bare denne ene e-posten om varen, og den kan bli utsolgt igjen.",
      ],
      button: "Se varen",
      after: "Du får denne e-posten fordi noen ba om å bli varslet på denne adressen da varen var utsolgt.",
      signature: "Hilsen Mili",
    },
    sv: {
      subject: "{product} finns i lager igen",
      greeting: "Hej{name}!",
      lines: [
        "{product} i {size} finns i lager igen hos Mili.",
        "Vi skickar bara det här mejlet om varan, och den kan ta slut igen.",
      ],
      button: "Se varan",
      after:
        "Du får det här mejlet eftersom någon bad om att bli meddelad på den här adressen när varan var slut.",
      signature: "Hälsningar Mili",
    },
  },
  "mail.newsletterConfirm": {
    nb: {
      subject: "Bekreft påmeldingen til nyhetsbrevet fra Mili",
      greeting: "Hei!",
      lines: [
        "Takk for at du vil ha nyhetsbrevet vårt med nyheter, tilbud og turtips.",
        "Bekreft at det er du som har meldt deg på, så begynner vi å sende det. Uten bekreftelse sender vi ingenting.",
      ],
      button: "Bekreft påmeldingen",
      after: "Har du ikke meldt deg på selv? Da kan du se bort fra denne e-posten.",
      signature: "Hilsen Mili",
    },
    sv: {
      subject: "Bekräfta din anmälan till Milis nyhetsbrev",
      greeting: "Hej!",
      lines: [
        "Tack för att du vill ha vårt nyhetsbrev med nyheter, erbjudanden och friluftstips.",
        "Bekräfta att det är du som har anmält dig, så börjar vi skicka det. Utan bekräftelse skickar vi ingenting.",
      ],
      button: "Bekräfta anmälan",
      after: "Har du inte anmält dig själv? Då kan du bortse från det här mejlet.",
      signature: "Hälsningar Mili",
    },
  },
};

/** The footer of every newsletter e-mail: how to stop receiving it. */
const UNSUBSCRIBE: Record<MailLanguage, string> = {
  nb: "Meld deg av nyhetsbrevet",
  sv: "Avsluta prenumerationen på nyhetsbrevet",
};

export interface RenderInput {
  kind: MailKind;
  language: MailLanguage;
  /** The shopper's first name, if known. */
  firstName?: string | null;
  /** Where the button leads (the account, the reset page with its key, the forgotten-password panel). */
  url: string;
  /** The channel's theme map (brand, brand-ink, ink, paper). */
  theme?: Record<string, string>;
  /** Values of the texts' other {placeholders} (the product of a back-in-stock e-mail). */
  values?: Record<string, string>;
  /** A newsletter e-mail's unsubscribe link, shown in its footer. */
  unsubscribeUrl?: string;
}

export function render(input: RenderInput): { subject: string; text: string; html: string } {
  const fill = (text: string) =>
    text.replace(/\{(\w+)\}/g, (whole, key: string) => input.values?.[key] ?? whole);
  const raw = TEXTS[input.kind][input.language];
  const t = { ...raw, subject: fill(raw.subject), lines: raw.lines.map(fill) };
  const name = input.firstName?.trim() ? ` ${input.firstName.trim()}` : "";
  const greeting = t.greeting.replace("{name}", name);
  const text = [
    greeting,
    "",
    ...t.lines,
    "",
    `${t.button}: ${input.url}`,
    "",
    ...(t.after ? [t.after, ""] : []),
    t.signature,
    "",
    ...(input.unsubscribeUrl ? [`${UNSUBSCRIBE[input.language]}: ${input.unsubscribeUrl}`, ""] : []),
  ].join("\n");
  const { brand, ink, paper } = themeColors(input.theme);
  const html = `<!doctype html>
<html lang="${input.language === "sv" ? "sv" : "nb"}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(t.subject)}</title></head>
<body style="margin:0;padding:24px;background:${paper};color:${ink};font-family:system-ui,-apple-system,'Segoe UI',sans-serif;line-height:1.5">
<div style="max-width:560px;margin:0 auto">
<p style="font-size:22px;font-weight:700;color:${brand};margin:0 0 16px">Mili</p>
<p>${escapeHtml(greeting)}</p>
${t.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n")}
<p><a href="${escapeHtml(input.url)}" style="display:inline-block;padding:12px 20px;background:${brand};color:#ffffff;text-decoration:none;border-radius:6px;font-weight:600">${escapeHtml(t.button)}</a></p>
${t.after ? `<p style="font-size:14px">${escapeHtml(t.after)}</p>` : ""}
<p>${escapeHtml(t.signature)}</p>
${input.unsubscribeUrl ? `<p style="font-size:13px"><a href="${escapeHtml(input.unsubscribeUrl)}" style="color:${ink}">${escapeHtml(UNSUBSCRIBE[input.language])}</a></p>` : ""}
</div>
</body>
</html>
`;
  return { subject: t.subject, text, html };
}

/** The channel's theme colours for an e-mail: a colour that is not a hex code falls back to Mili's own. */
export function themeColors(theme: Readonly<Record<string, string>> | null | undefined) {
  const color = (key: string, fallback: string) => {
    const value = theme?.[key];
    return value && /^#[0-9a-fA-F]{3,8}$/.test(value) ? value : fallback;
  };
  return { brand: color("brand", "#e8590c"), ink: color("ink", "#1c1917"), paper: color("paper", "#fffaf5") };
}

/** Text made safe for an e-mail's HTML. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );
}

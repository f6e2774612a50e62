import nodemailer from "nodemailer";
import type { Mailer } from "../mailer.ts";

/** SMTP through Nodemailer (pooled connections, TLS as the URL says: smtps:// or STARTTLS on smtp://). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: "smtp",
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId: message.messageId,
      });
    },
    async close() {
      transport.close();
    },
  };
}

import nodemailer from "nodemailer";
import type { Mailer } from "../mailer.ts";
import { nodemailerMessage } from "../message.ts";

/** SMTP through Nodemailer (pooled connections, TLS as the URL says: smtps:// or STARTTLS on smtp://). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: "smtp",
    async send(message) {
      await transport.sendMail(nodemailerMessage(from, message));
    },
    async close() {
      transport.close();
    },
  };
}

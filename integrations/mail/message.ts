import type { SendMailOptions } from "nodemailer";
import type { MailMessage } from "./mailer.ts";

/** A message as Nodemailer takes it, the same for SMTP and for the .eml sandbox. */
export function nodemailerMessage(from: string, message: MailMessage): SendMailOptions {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    messageId: message.messageId,
    ...(message.listUnsubscribe
      ? {
          list: { unsubscribe: message.listUnsubscribe },
          headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
        }
      : {}),
  };
}

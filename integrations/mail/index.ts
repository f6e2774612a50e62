import { createFileMailer } from "./file/index.ts";
import type { Mailer } from "./mailer.ts";
import { createSmtpMailer } from "./smtp/index.ts";

export type { Mailer, MailMessage } from "./mailer.ts";

/**
 * Sending e-mail (issue 12, decision 0021): one interface, two adapters — SMTP through Nodemailer when SMTP_URL
 * is set, else the local sandbox that writes each message as an `.eml` file into a folder (default var/outbox/),
 * where a developer opens it with any mail program. Messages are queued in the database's `outbox` table and sent
 * by services/mail/outbox.ts, never from a request.
 */
export interface MailerOptions {
  /** smtp://user:pass@host:587 or smtps://…; unset: the file sandbox. */
  smtpUrl?: string | undefined;
  /** The sandbox's folder. */
  outboxDir: string;
  /** The sender: "Mili <shop@mili.no>". */
  from: string;
}

export function createMailer(opts: MailerOptions): Mailer {
  return opts.smtpUrl
    ? createSmtpMailer(opts.smtpUrl, opts.from)
    : createFileMailer(opts.outboxDir, opts.from);
}

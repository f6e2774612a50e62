import { createFileMailer } from "./file/index.ts";
import { createSmtpMailer } from "./smtp/index.ts";

/**
 * Sending e-mail (issue 12, decision 0021): one interface, two adapters — SMTP through Nodemailer when SMTP_URL
 * is set, else the local sandbox that writes each message as an `.eml` file into a folder (default var/outbox/),
 * where a developer opens it with any mail program. Messages are queued in the database's `outbox` table and sent
 * by services/mail/outbox.ts, never from a request.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A stable id (the outbox job's): a retried send carries the same Message-ID, so a receiver can drop a copy. */
  messageId: string;
}

export interface Mailer {
  /** Sends one message; throws when it could not be handed over. */
  send(message: MailMessage): Promise<void>;
  /** "smtp" or "file". */
  readonly kind: "smtp" | "file";
  close(): Promise<void>;
}

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

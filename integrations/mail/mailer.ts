/** The one interface every mail adapter (smtp/, file/) implements; integrations/mail/index.ts picks one. */

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A stable id (the outbox job's): a retried send carries the same Message-ID, so a receiver can drop a copy. */
  messageId: string;
  /**
   * A one-click unsubscribe address (a newsletter's e-mails): sent as `List-Unsubscribe` with
   * `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 2369, RFC 8058), so a mail program can offer it.
   */
  listUnsubscribe?: string;
}

export interface Mailer {
  /** Sends one message; throws when it could not be handed over. */
  send(message: MailMessage): Promise<void>;
  /** "smtp" or "file". */
  readonly kind: "smtp" | "file";
  close(): Promise<void>;
}

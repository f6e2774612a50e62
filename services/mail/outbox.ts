import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "#db/client.ts";
import { channels, customers, outbox } from "#db/schema/index.ts";
import type { Mailer } from "#integrations/mail/index.ts";
import { openResetKey } from "#services/customers/accounts.ts";
import { type NewsletterConfirmPayload, sendNewsletterConfirm } from "#services/newsletter.ts";
import { orderById } from "#services/orders/read.ts";
import { type BackInStockPayload, sendBackInStock } from "#services/stock-monitors.ts";
import { type OrderMailKind, renderOrderMail } from "./order-templates.ts";
import { type MailKind, type MailLanguage, render } from "./templates.ts";

/**
 * The durable mail outbox (decision 0021). Jobs are rows of `outbox`, written in the same transaction as their cause
 * (a registration, a reset request), so a crash between commit and send loses no e-mail. A sender claims due jobs
 * with `FOR UPDATE SKIP LOCKED` and marks them running with a lease in that same transaction: two processes never
 * claim one job. A process that dies mid-send leaves the lease to run out, and the job is claimed again (the
 * message keeps its Message-ID, so a receiver can drop the rare second copy). Failures retry with backoff; after
 * MAX_ATTEMPTS the job is marked failed. A sent reset job forgets its sealed key.
 */
export const MAIL_KINDS: readonly (MailKind | OrderMailKind)[] = [
  "mail.welcome",
  "mail.passwordReset",
  "mail.passwordChanged",
  // Queued by the database when stock comes back (migration 0014, services/stock-monitors.ts).
  "mail.backInStock",
  // Queued by a newsletter sign-up (services/newsletter.ts): the double opt-in.
  "mail.newsletterConfirm",
  "order.confirmation",
  "order.withdrawal",
];
export const MAX_ATTEMPTS = 8;
const LEASE_SECONDS = 300;

export interface OutboxOptions {
  db: Database;
  mailer: Mailer;
  logger: Logger;
  /** AUTH_SECRET: opens the sealed reset keys. */
  secret: string;
  /** The shop's address for a language, without a trailing slash ("https://mili.no", "http://localhost:3000/sv"). */
  siteUrl: (language: MailLanguage) => string;
  now?: () => Date;
}

type Payload = {
  customerId?: number;
  language?: string;
  sealedKey?: string;
  /** Order e-mails: the order, and the language it was placed in. */
  orderId?: number;
  languageId?: string;
  withdrawnAt?: string;
};

/** Sends every due mail job once (up to `batch` at a time); answers how many were sent. */
export async function sendDueMail(opts: OutboxOptions, batch = 20): Promise<number> {
  const now = opts.now?.() ?? new Date();
  const jobs = await opts.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(
          inArray(outbox.kind, [...MAIL_KINDS]),
          or(
            and(eq(outbox.status, "pending"), sql`${outbox.runAfter} <= ${now.toISOString()}::timestamptz`),
            and(eq(outbox.status, "running"), lt(outbox.lockedUntil, now)),
          ),
        ),
      )
      .orderBy(outbox.id)
      .limit(batch)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(outbox)
      .set({
        status: "running",
        lockedUntil: new Date(now.getTime() + LEASE_SECONDS * 1000),
        attempts: sql`${outbox.attempts} + 1`,
      })
      .where(
        inArray(
          outbox.id,
          due.map((d) => d.id),
        ),
      )
      .returning();
  });
  let sent = 0;
  for (const job of jobs) {
    const payload = (job.payload ?? {}) as Payload;
    try {
      const done = job.kind.startsWith("order.")
        ? await sendOrderMail(opts, job.id, job.kind as OrderMailKind, payload)
        : await sendOne(opts, job.id, job.kind as MailKind, payload);
      const { sealedKey: _forgotten, ...kept } = payload;
      await opts.db
        .update(outbox)
        .set({ status: "done", doneAt: new Date(), lockedUntil: null, lastError: null, payload: kept })
        .where(eq(outbox.id, job.id));
      if (done) sent++;
    } catch (error) {
      const failed = job.attempts >= MAX_ATTEMPTS;
      const wait = Math.min(3600, 30 * 2 ** (job.attempts - 1));
      // The error's kind and message only: an SMTP error may quote the address, so it is cut to the code.
      const reason =
        error instanceof Error
          ? `${error.name}: ${String((error as { code?: unknown }).code ?? "")}`
          : "error";
      await opts.db
        .update(outbox)
        .set({
          status: failed ? "failed" : "pending",
          runAfter: new Date(Date.now() + wait * 1000),
          lockedUntil: null,
          lastError: reason.slice(0, 200),
        })
        .where(eq(outbox.id, job.id));
      opts.logger.warn({ jobId: job.id, kind: job.kind, attempts: job.attempts, failed }, "mail not sent");
    }
  }
  return sent;
}

/** Renders and sends one job; false when there is no one to send it to (the account is gone). */
async function sendOne(opts: OutboxOptions, id: number, kind: MailKind, payload: Payload): Promise<boolean> {
  if (kind === "mail.backInStock") return sendBackInStock(opts, id, payload as BackInStockPayload);
  if (kind === "mail.newsletterConfirm")
    return sendNewsletterConfirm(opts, id, payload as NewsletterConfirmPayload);
  if (!payload.customerId) return false;
  const [customer] = await opts.db
    .select({ email: customers.email, firstName: customers.firstName, channelId: customers.channelId })
    .from(customers)
    .where(and(eq(customers.id, payload.customerId), isNull(customers.deletedAt)));
  if (!customer) return false;
  const language: MailLanguage = payload.language === "sv" ? "sv" : "nb";
  const [channel] = await opts.db
    .select({ theme: channels.theme })
    .from(channels)
    .where(eq(channels.id, customer.channelId ?? (language === "sv" ? "1|se" : "2|no")));
  const site = opts.siteUrl(language);
  const url =
    kind === "mail.passwordReset"
      ? `${site}/account/reset-password?resetKey=${encodeURIComponent(openResetKey(opts.secret, payload.sealedKey ?? ""))}`
      : kind === "mail.passwordChanged"
        ? `${site}/?action=forgot`
        : `${site}/account`;
  const message = render({
    kind,
    language,
    firstName: customer.firstName,
    url,
    theme: (channel?.theme ?? {}) as Record<string, string>,
  });
  await opts.mailer.send({ to: customer.email, ...message, messageId: `<outbox-${id}@mili>` });
  return true;
}

/**
 * The order e-mails, to the address the order was placed with (guests too), in its language; false when the order
 * is gone. The link opens the order by its public id (the guest's order link).
 */
async function sendOrderMail(
  opts: OutboxOptions,
  id: number,
  kind: OrderMailKind,
  payload: Payload,
): Promise<boolean> {
  if (!payload.orderId) return false;
  const order = await orderById(opts.db, payload.orderId);
  if (!order?.email) return false;
  const language: MailLanguage = (payload.languageId ?? order.languageId).startsWith("sv") ? "sv" : "nb";
  const [channel] = await opts.db
    .select({ theme: channels.theme })
    .from(channels)
    .where(eq(channels.id, order.channelId));
  const message = renderOrderMail({
    kind,
    language,
    order,
    url: `${opts.siteUrl(language)}/order/${order.publicId}`,
    withdrawnAt: payload.withdrawnAt ? new Date(payload.withdrawnAt) : null,
    theme: (channel?.theme ?? {}) as Record<string, string>,
  });
  await opts.mailer.send({ to: order.email, ...message, messageId: `<outbox-${id}@mili>` });
  return true;
}

/**
 * Runs the sender in the background: every `intervalMs`, and at once when `wake()` is called. Stops on `stop()`.
 */
export function startMailSender(opts: OutboxOptions & { intervalMs?: number }) {
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  const tick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        while (!stopped && (await sendDueMail(opts)) > 0) {}
      } catch (error) {
        opts.logger.error({ err: error }, "mail outbox failed");
      } finally {
        running = undefined;
        if (again) {
          again = false;
          tick();
        }
      }
    })();
  };
  const timer = setInterval(tick, opts.intervalMs ?? 5_000);
  timer.unref();
  tick();
  return {
    wake: tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      await opts.mailer.close();
    },
  };
}

import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { channels, customers, newsletterSubscriptions, outbox } from "#db/schema/index.ts";
import { isValidEmail, normalizeEmail } from "#domain/validators.ts";
import type { Mailer } from "#integrations/mail/index.ts";
import type { Hit } from "#integrations/rate-limit/index.ts";
import { type MailLanguage, render } from "./mail/templates.ts";
import type { Locale } from "./reference.ts";

export class InvalidEmailError extends Error {}

/**
 * The newsletter with double opt-in (issue 14): a sign-up is kept as pending and a confirmation e-mail goes out
 * through the durable outbox; only an address whose owner followed the link counts (`confirmed_at`). Every
 * newsletter e-mail carries an unsubscribe link (and the List-Unsubscribe headers of RFC 2369/8058), and the
 * account's newsletter flag follows the address: confirming sets it, unsubscribing clears it, and ticking or
 * unticking it in the account subscribes (to be confirmed) or unsubscribes. The links carry the subscription's id
 * and an HMAC of it and its address under the shop's AUTH_SECRET, so nothing is stored for them and a guessed id
 * opens nothing.
 */
export type NewsletterState = "pending" | "confirmed";
export type LinkPurpose = "confirm" | "unsubscribe";

/** At most one confirmation e-mail per address in this many minutes, however often it signs up. */
export const CONFIRM_RESEND_MINUTES = 10;

export function newsletterToken(secret: string, purpose: LinkPurpose, id: number, email: string): string {
  return createHmac("sha256", secret)
    .update(`newsletter:${purpose}:${id}:${normalizeEmail(email)}`)
    .digest("base64url")
    .slice(0, 32);
}

function tokenMatches(secret: string, purpose: LinkPurpose, id: number, email: string, token: string) {
  const expected = Buffer.from(newsletterToken(secret, purpose, id, email));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The path (under the shop's address in the subscription's language) of a confirm or unsubscribe link. */
export function newsletterLinkPath(secret: string, purpose: LinkPurpose, id: number, email: string): string {
  const query = new URLSearchParams({ id: String(id), token: newsletterToken(secret, purpose, id, email) });
  return `/newsletter/${purpose}?${query}`;
}

/**
 * Signs an address up for the channel's newsletter. A new address, or one that had unsubscribed, is pending until
 * confirmed, and a confirmation e-mail is queued in the same transaction (at most one per CONFIRM_RESEND_MINUTES);
 * a confirmed address only gets the new tags. Concurrent sign-ups of one address keep one row and one e-mail.
 */
export async function subscribeToNewsletter(
  db: Database,
  locale: Locale,
  email: string,
  tags: string[] = [],
): Promise<NewsletterState> {
  const address = normalizeEmail(email);
  if (address.length > 254 || !isValidEmail(address)) throw new InvalidEmailError("invalid e-mail address");
  const cleanTags = [...new Set(tags.map((t) => t.trim().slice(0, 40)).filter(Boolean))].slice(0, 20);
  const channelId = locale.channel.id;
  const languageId = locale.language.id;
  return db.transaction(async (tx) => {
    await tx
      .insert(newsletterSubscriptions)
      .values({ email: address, channelId, languageId, tags: cleanTags })
      .onConflictDoNothing({ target: [newsletterSubscriptions.email, newsletterSubscriptions.channelId] });
    const [row] = await tx
      .select({
        id: newsletterSubscriptions.id,
        confirmedAt: newsletterSubscriptions.confirmedAt,
        unsubscribedAt: newsletterSubscriptions.unsubscribedAt,
      })
      .from(newsletterSubscriptions)
      .where(
        and(eq(newsletterSubscriptions.email, address), eq(newsletterSubscriptions.channelId, channelId)),
      )
      .for("update");
    if (!row) throw new Error("newsletter subscription vanished");
    const renewed = row.unsubscribedAt !== null;
    await tx
      .update(newsletterSubscriptions)
      .set({
        tags: sql`(select array(select distinct unnest(${newsletterSubscriptions.tags} || array[${sql.join(
          cleanTags.map((tag) => sql`${tag}`),
          sql`, `,
        )}]::text[])))`,
        // Signing up again after unsubscribing is a new consent: it is confirmed anew, in today's language.
        ...(renewed ? { unsubscribedAt: null, confirmedAt: null, languageId } : {}),
      })
      .where(eq(newsletterSubscriptions.id, row.id));
    if (row.confirmedAt !== null && !renewed) return "confirmed";
    // A pending address asking again within the window gets no second e-mail (no one is flooded through the
    // form); a renewed sign-up (its owner had unsubscribed by the e-mail's link) always gets its confirmation.
    const [recent] = renewed
      ? []
      : await tx
          .select({ id: outbox.id })
          .from(outbox)
          .where(
            and(
              eq(outbox.kind, "mail.newsletterConfirm"),
              sql`${outbox.payload}->>'subscriptionId' = ${String(row.id)}`,
              sql`${outbox.createdAt} > now() - make_interval(mins => ${CONFIRM_RESEND_MINUTES})`,
            ),
          )
          .limit(1);
    if (!recent)
      await tx
        .insert(outbox)
        .values({ kind: "mail.newsletterConfirm", payload: { subscriptionId: row.id, languageId } });
    return "pending";
  });
}

/** The budgets a sign-up draws from (decision 0016): the client's, and the address's (however it is written). */
export function newsletterHits(clientSubject: string, email: string): Hit[] {
  return [
    { limit: "newsletter.ip", key: clientSubject },
    { limit: "newsletter.address", key: normalizeEmail(email).slice(0, 254) },
  ];
}

/**
 * Follows a confirm or unsubscribe link: false when the id and token do not belong together (nothing changes).
 * Confirming twice, or unsubscribing twice, changes nothing more. The accounts with that address in the channel
 * follow: their newsletter flag is set on confirming and cleared on unsubscribing.
 */
export async function followNewsletterLink(
  db: Database,
  secret: string,
  purpose: LinkPurpose,
  id: number,
  token: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        email: newsletterSubscriptions.email,
        channelId: newsletterSubscriptions.channelId,
        confirmedAt: newsletterSubscriptions.confirmedAt,
        unsubscribedAt: newsletterSubscriptions.unsubscribedAt,
      })
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.id, id))
      .for("update");
    if (!row || !tokenMatches(secret, purpose, id, row.email, token)) return false;
    if (purpose === "confirm") {
      // A confirm link of a subscription that was ended since is no consent to a new one.
      if (row.unsubscribedAt !== null) return false;
      if (row.confirmedAt === null)
        await tx
          .update(newsletterSubscriptions)
          .set({ confirmedAt: new Date() })
          .where(eq(newsletterSubscriptions.id, id));
    } else if (row.unsubscribedAt === null) {
      await tx
        .update(newsletterSubscriptions)
        .set({ unsubscribedAt: new Date() })
        .where(eq(newsletterSubscriptions.id, id));
    }
    await tx
      .update(customers)
      .set({ newsletter: purpose === "confirm" })
      .where(
        and(
          sql`lower(${customers.email}) = ${row.email}`,
          // An account registered without a channel (the API's own) follows too.
          or(eq(customers.channelId, row.channelId), isNull(customers.channelId)),
          isNull(customers.deletedAt),
        ),
      );
    return true;
  });
}

/**
 * The account's newsletter choice (settings, or the registration's): wanted, the address is signed up unless it
 * already is (pending or confirmed: saving the settings again sends no second e-mail); not wanted, an active
 * subscription ends at once.
 */
export async function newsletterChoice(db: Database, locale: Locale, email: string, wanted: boolean) {
  const address = normalizeEmail(email);
  const mine = and(
    eq(newsletterSubscriptions.email, address),
    eq(newsletterSubscriptions.channelId, locale.channel.id),
    isNull(newsletterSubscriptions.unsubscribedAt),
  );
  if (!wanted) {
    await db.update(newsletterSubscriptions).set({ unsubscribedAt: new Date() }).where(mine);
    return;
  }
  const [active] = await db
    .select({ id: newsletterSubscriptions.id })
    .from(newsletterSubscriptions)
    .where(mine);
  if (!active) await subscribeToNewsletter(db, locale, address, ["account"]);
}

/** A queued confirmation job's payload. */
export interface NewsletterConfirmPayload {
  subscriptionId?: number;
  languageId?: string;
}

/**
 * Sends one confirmation e-mail (for services/mail/outbox.ts), with the confirm link as its button and the
 * unsubscribe link in its footer and List-Unsubscribe headers. False when there is nothing to confirm any more
 * (the subscription is gone, confirmed, or ended).
 */
export async function sendNewsletterConfirm(
  opts: { db: Database; mailer: Mailer; secret: string; siteUrl: (language: MailLanguage) => string },
  jobId: number,
  payload: NewsletterConfirmPayload,
): Promise<boolean> {
  if (!payload.subscriptionId) return false;
  const [row] = await opts.db
    .select({
      id: newsletterSubscriptions.id,
      email: newsletterSubscriptions.email,
      languageId: newsletterSubscriptions.languageId,
      confirmedAt: newsletterSubscriptions.confirmedAt,
      unsubscribedAt: newsletterSubscriptions.unsubscribedAt,
      theme: channels.theme,
    })
    .from(newsletterSubscriptions)
    .innerJoin(channels, eq(channels.id, newsletterSubscriptions.channelId))
    .where(eq(newsletterSubscriptions.id, payload.subscriptionId));
  if (!row || row.confirmedAt !== null || row.unsubscribedAt !== null) return false;
  const language: MailLanguage = row.languageId.startsWith("sv") ? "sv" : "nb";
  const site = opts.siteUrl(language);
  const unsubscribe = `${site}${newsletterLinkPath(opts.secret, "unsubscribe", row.id, row.email)}`;
  const message = render({
    kind: "mail.newsletterConfirm",
    language,
    url: `${site}${newsletterLinkPath(opts.secret, "confirm", row.id, row.email)}`,
    unsubscribeUrl: unsubscribe,
    theme: (row.theme ?? {}) as Record<string, string>,
  });
  await opts.mailer.send({
    to: row.email,
    ...message,
    messageId: `<outbox-${jobId}@mili>`,
    listUnsubscribe: `${site}/newsletter/one-click?${new URL(unsubscribe).searchParams}`,
  });
  return true;
}

import { sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { newsletterSubscriptions } from "#db/schema/index.ts";
import { isValidEmail, normalizeEmail } from "#domain/validators.ts";
import type { Hit } from "#integrations/rate-limit/index.ts";
import type { Locale } from "./reference.ts";

export class InvalidEmailError extends Error {}

/**
 * Subscribes an address to the channel's newsletter. Subscribing twice changes nothing but the tags (merged);
 * an address that had unsubscribed is subscribed again.
 */
export async function subscribeToNewsletter(
  db: Database,
  locale: Locale,
  email: string,
  tags: string[] = [],
) {
  const address = normalizeEmail(email);
  if (address.length > 254 || !isValidEmail(address)) throw new InvalidEmailError("invalid e-mail address");
  const cleanTags = [...new Set(tags.map((t) => t.trim().slice(0, 40)).filter(Boolean))].slice(0, 20);
  await db
    .insert(newsletterSubscriptions)
    .values({ email: address, channelId: locale.channel.id, languageId: locale.language.id, tags: cleanTags })
    .onConflictDoUpdate({
      target: [newsletterSubscriptions.email, newsletterSubscriptions.channelId],
      set: {
        tags: sql`(select array(select distinct unnest(${newsletterSubscriptions.tags} || excluded.tags)))`,
        unsubscribedAt: null,
      },
    });
  return true;
}

/** The budgets a sign-up draws from (decision 0016): the client's, and the address's (however it is written). */
export function newsletterHits(clientSubject: string, email: string): Hit[] {
  return [
    { limit: "newsletter.ip", key: clientSubject },
    { limit: "newsletter.address", key: normalizeEmail(email).slice(0, 254) },
  ];
}

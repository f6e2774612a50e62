import { sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { newsletterSubscriptions } from "#db/schema/index.ts";
import { isValidEmail, normalizeEmail } from "#domain/validators.ts";
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

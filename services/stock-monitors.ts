import { and, eq, sql } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { channels, products, productTranslations, skus, stockMonitors } from "#db/schema/index.ts";
import { maxOrderable } from "#domain/stock.ts";
import { isValidEmail, normalizeEmail } from "#domain/validators.ts";
import type { Mailer } from "#integrations/mail/index.ts";
import type { Hit } from "#integrations/rate-limit/index.ts";
import { type MailLanguage, render } from "./mail/templates.ts";
import type { Locale } from "./reference.ts";

/**
 * Back-in-stock requests (monitorProductAvailability, docs/decisions/0031). A request waits in `stock_monitors`;
 * the database sends for it: when the SKU can be bought again, migration 0014's trigger marks it notified and
 * queues one `mail.backInStock` job in the outbox, in the transaction that changed the stock. This file keeps
 * requests and renders the e-mail when the outbox sends the job.
 */

export class InvalidMonitorEmailError extends Error {}
export class UnknownSkuError extends Error {}

/** The budgets a request draws from (decision 0016): the client's, and the address's (however it is written). */
export function stockMonitorHits(clientSubject: string, email: string): Hit[] {
  return [
    { limit: "stockMonitor.ip", key: clientSubject },
    { limit: "stockMonitor.address", key: normalizeEmail(email).slice(0, 254) },
  ];
}

/**
 * Keeps a request to be told by e-mail when an active SKU can be bought again. "waiting": kept (asking again
 * changes nothing; asking again after the e-mail was sent waits for the next time); "available": the SKU can be
 * bought now, nothing is kept. The SKU's row is share-locked while deciding, so a stock change made at the same
 * moment either comes before (then "available") or waits for the request and then finds it (the trigger).
 */
export async function monitorAvailability(
  db: Database,
  locale: Locale,
  email: string,
  skuId: number,
): Promise<"waiting" | "available"> {
  const address = normalizeEmail(email);
  if (address.length > 254 || !isValidEmail(address))
    throw new InvalidMonitorEmailError("invalid e-mail address");
  if (!Number.isSafeInteger(skuId) || skuId < 1 || skuId > 2 ** 31 - 1)
    throw new UnknownSkuError("unknown SKU");
  return db.transaction(async (tx) => {
    const [sku] = await tx
      .select({
        active: skus.active,
        inStock: skus.inStock,
        oversellable: skus.oversellable,
        static: skus.static,
      })
      .from(skus)
      .where(eq(skus.id, skuId))
      .for("share");
    if (!sku?.active) throw new UnknownSkuError("unknown SKU");
    if (maxOrderable({ ...sku, totalStock: 0, incoming: null }) > 0) return "available";
    await tx
      .insert(stockMonitors)
      .values({ email: address, skuId, channelId: locale.channel.id, languageId: locale.language.id })
      .onConflictDoUpdate({
        target: [stockMonitors.email, stockMonitors.skuId],
        set: {
          channelId: locale.channel.id,
          languageId: locale.language.id,
          notifiedAt: null,
          createdAt: sql`case when ${stockMonitors.notifiedAt} is null then ${stockMonitors.createdAt} else now() end`,
        },
      });
    return "waiting";
  });
}

/** A queued back-in-stock job's payload (migration 0014). */
export interface BackInStockPayload {
  monitorId?: number;
  email?: string;
  skuId?: number;
  channelId?: string;
  languageId?: string;
}

/**
 * Sends one back-in-stock e-mail (for services/mail/outbox.ts): the product and size in the request's language,
 * with a link to the product. False when there is nothing to send about (the SKU or its product is gone).
 */
export async function sendBackInStock(
  opts: { db: Database; mailer: Mailer; siteUrl: (language: MailLanguage) => string },
  jobId: number,
  payload: BackInStockPayload,
): Promise<boolean> {
  if (!payload.email || !payload.skuId) return false;
  const languageId = payload.languageId ?? "nb-NO";
  const language: MailLanguage = languageId.startsWith("sv") ? "sv" : "nb";
  const [row] = await opts.db
    .select({
      size: skus.name,
      name: productTranslations.name,
      alias: productTranslations.alias,
      type: products.type,
    })
    .from(skus)
    .innerJoin(products, eq(products.id, skus.productId))
    .innerJoin(
      productTranslations,
      and(eq(productTranslations.productId, products.id), eq(productTranslations.languageId, languageId)),
    )
    .where(eq(skus.id, payload.skuId));
  if (!row) return false;
  const [channel] = payload.channelId
    ? await opts.db.select({ theme: channels.theme }).from(channels).where(eq(channels.id, payload.channelId))
    : [];
  const path = `${row.type === "package" ? "/pp" : "/p"}/${encodeURIComponent(row.alias)}`;
  const message = render({
    kind: "mail.backInStock",
    language,
    url: `${opts.siteUrl(language)}${path}`,
    theme: (channel?.theme ?? {}) as Record<string, string>,
    values: { product: row.name, size: row.size },
  });
  await opts.mailer.send({ to: payload.email, ...message, messageId: `<outbox-${jobId}@mili>` });
  return true;
}

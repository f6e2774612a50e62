import { and, asc, eq, gt, isNull, lte, or } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { campaignTranslations, discountCampaigns } from "#db/schema/index.ts";
import type { Locale } from "../reference.ts";
import type { CampaignView } from "./summary.ts";

/** Campaigns running now, in the locale's language. */
export async function listCampaigns(db: Database, locale: Locale, now = new Date()): Promise<CampaignView[]> {
  const rows = await db
    .select({
      id: discountCampaigns.id,
      hideTitle: discountCampaigns.hideTitle,
      discountType: discountCampaigns.discountType,
      languageId: campaignTranslations.languageId,
      name: campaignTranslations.name,
      alias: campaignTranslations.alias,
      description: campaignTranslations.description,
    })
    .from(discountCampaigns)
    .innerJoin(campaignTranslations, eq(campaignTranslations.campaignId, discountCampaigns.id))
    .where(
      and(
        eq(discountCampaigns.active, true),
        or(isNull(discountCampaigns.startsAt), lte(discountCampaigns.startsAt, now)),
        or(isNull(discountCampaigns.endsAt), gt(discountCampaigns.endsAt, now)),
      ),
    )
    .orderBy(asc(discountCampaigns.priority), asc(discountCampaigns.id));
  const views: CampaignView[] = [];
  for (const r of rows) {
    if (r.languageId !== locale.language.id) continue;
    views.push({
      campaignId: r.id,
      name: r.name,
      alias: r.alias,
      hideTitle: r.hideTitle,
      discountType: r.discountType,
      description: r.description,
      canonicalUrl: `/dc/${r.alias}`,
      alternativeUrls: rows
        .filter((x) => x.id === r.id)
        .map((x) => ({ languageId: x.languageId, url: `/dc/${x.alias}` })),
    });
  }
  return views;
}

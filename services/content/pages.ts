import { and, asc, eq, isNotNull, lte } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { contentPages, contentPageTranslations } from "#db/schema/index.ts";
import type { Locale } from "../reference.ts";
import type { DisplaySetting } from "./widget-config.ts";
import { isPreviewToken, pageWidgets, type WidgetView } from "./widgets.ts";

export interface ContentPageView {
  pageId: number;
  key: string;
  title: string;
  alias: string;
  canonicalUrl: string;
  meta: { title: string | null; description: string | null };
  alternativeUrls: { languageId: string; url: string }[];
  widgets: WidgetView[];
  /** Shown to shoppers (published and active); false when only a preview shows it. */
  published: boolean;
}

/**
 * A published content page by its alias in the locale's language, with its body widgets; null when unknown or
 * unpublished (the page's or the shop's preview token shows an unpublished page, with its unpublished widgets).
 */
export async function contentPage(
  db: Database,
  locale: Locale,
  alias: string,
  opts: {
    /** The page's own preview token (content_pages.preview_token). */
    previewToken?: string | undefined;
    /** The caller has checked the shop's preview token (WIDGET_PREVIEW_TOKEN): every page shows. */
    preview?: boolean;
    now?: Date;
    displaySetting?: DisplaySetting | undefined;
  } = {},
): Promise<ContentPageView | null> {
  const lang = locale.language.id;
  const now = opts.now ?? new Date();
  const [row] = await db
    .select({ page: contentPages, translation: contentPageTranslations })
    .from(contentPageTranslations)
    .innerJoin(contentPages, eq(contentPages.id, contentPageTranslations.pageId))
    .where(and(eq(contentPageTranslations.languageId, lang), eq(contentPageTranslations.alias, alias)));
  if (!row) return null;
  const published =
    row.page.active && row.page.publishedAt !== null && row.page.publishedAt.getTime() <= now.getTime();
  const previewing =
    opts.preview === true || isPreviewToken(row.page.previewToken ?? undefined, opts.previewToken);
  if (!published && !previewing) return null;
  const [translations, body] = await Promise.all([
    db.select().from(contentPageTranslations).where(eq(contentPageTranslations.pageId, row.page.id)),
    pageWidgets(db, row.page.id, { preview: !published, now, displaySetting: opts.displaySetting }),
  ]);
  return {
    pageId: row.page.id,
    key: row.page.key,
    title: row.translation.title,
    alias: row.translation.alias,
    canonicalUrl: `/${row.translation.alias}`,
    meta: { title: row.translation.metaTitle, description: row.translation.metaDescription },
    alternativeUrls: translations.map((t) => ({ languageId: t.languageId, url: `/${t.alias}` })),
    widgets: body,
    published,
  };
}

/** Published content pages (for sitemaps and the footer). */
export async function listContentPages(db: Database, locale: Locale, now = new Date()) {
  return db
    .select({
      key: contentPages.key,
      title: contentPageTranslations.title,
      alias: contentPageTranslations.alias,
    })
    .from(contentPages)
    .innerJoin(
      contentPageTranslations,
      and(
        eq(contentPageTranslations.pageId, contentPages.id),
        eq(contentPageTranslations.languageId, locale.language.id),
      ),
    )
    .where(
      and(
        eq(contentPages.active, true),
        isNotNull(contentPages.publishedAt),
        lte(contentPages.publishedAt, now),
      ),
    )
    .orderBy(asc(contentPageTranslations.title));
}

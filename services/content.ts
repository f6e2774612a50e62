import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, or } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import {
  brands,
  categories,
  categoryTranslations,
  contentPages,
  contentPageTranslations,
  menuItems,
  menus,
  widgetAreas,
  widgets,
} from "#db/schema/index.ts";
import type { Locale } from "./reference.ts";

export interface MenuItemView {
  id: number;
  label: string;
  /** Path without the language prefix, or an absolute URL. */
  url: string;
  /** What it links to: "category", "brand", "page" (a content page) or "custom" (a URL). */
  type: string;
  /** Position among its siblings. */
  order: number;
  children: MenuItemView[];
}

export interface MenuView {
  id: number;
  locationId: string;
  name: string;
  items: MenuItemView[];
}

type Target = { key?: string; [languageId: string]: string | undefined };

/** A menu with its links resolved in the locale's language; null for an unknown location. */
export async function menuAtLocation(
  db: Database,
  locale: Locale,
  locationId: string,
): Promise<MenuView | null> {
  const lang = locale.language.id;
  const [menu] = await db.select().from(menus).where(eq(menus.locationId, locationId));
  if (!menu) return null;
  const items = await db
    .select()
    .from(menuItems)
    .where(eq(menuItems.menuId, menu.id))
    .orderBy(asc(menuItems.sortOrder));
  const keysOf = (type: string) =>
    items
      .filter((i) => i.targetType === type)
      .map((i) => (i.target as Target).key)
      .filter((k): k is string => !!k);
  const categoryKeys = keysOf("category");
  const contentKeys = keysOf("content");
  const brandKeys = keysOf("brand");
  const [cats, pages, brandRows] = await Promise.all([
    categoryKeys.length
      ? db
          .select({ key: categories.key, alias: categoryTranslations.alias })
          .from(categories)
          .innerJoin(
            categoryTranslations,
            and(
              eq(categoryTranslations.categoryId, categories.id),
              eq(categoryTranslations.languageId, lang),
            ),
          )
          .where(inArray(categories.key, categoryKeys))
      : [],
    contentKeys.length
      ? db
          .select({ key: contentPages.key, alias: contentPageTranslations.alias })
          .from(contentPages)
          .innerJoin(
            contentPageTranslations,
            and(
              eq(contentPageTranslations.pageId, contentPages.id),
              eq(contentPageTranslations.languageId, lang),
            ),
          )
          .where(inArray(contentPages.key, contentKeys))
      : [],
    brandKeys.length ? db.select().from(brands).where(inArray(brands.alias, brandKeys)) : [],
  ]);
  const urlOf = (type: string, target: Target): string | null => {
    if (type === "url") return target[lang] ?? null;
    if (type === "category") return withAlias("/c/", cats.find((c) => c.key === target.key)?.alias);
    if (type === "content") return withAlias("/", pages.find((p) => p.key === target.key)?.alias);
    if (type === "brand") return withAlias("/b/", brandRows.find((b) => b.alias === target.key)?.alias);
    return null;
  };
  const views = new Map<number, MenuItemView & { parentId: number | null }>();
  for (const item of items) {
    const url = urlOf(item.targetType, item.target as Target);
    const label = item.labels[lang];
    if (!url || !label) continue;
    const type =
      item.targetType === "content" ? "page" : item.targetType === "url" ? "custom" : item.targetType;
    views.set(item.id, {
      id: item.id,
      label,
      url,
      type,
      order: item.sortOrder,
      children: [],
      parentId: item.parentId,
    });
  }
  const roots: MenuItemView[] = [];
  for (const view of views.values()) {
    const parent = view.parentId ? views.get(view.parentId) : undefined;
    if (parent) parent.children.push(view);
    else if (!view.parentId) roots.push(view);
  }
  const strip = ({ parentId: _, ...rest }: MenuItemView & { parentId?: number | null }): MenuItemView => ({
    ...rest,
    children: rest.children.map(strip),
  });
  return {
    id: menu.id,
    locationId: menu.locationId,
    name: menu.names[lang] ?? menu.locationId,
    items: roots.map(strip),
  };
}

function withAlias(prefix: string, alias: string | undefined) {
  return alias ? `${prefix}${alias}` : null;
}

export interface ContentPageView {
  pageId: number;
  key: string;
  title: string;
  alias: string;
  canonicalUrl: string;
  meta: { title: string | null; description: string | null };
  alternativeUrls: { languageId: string; url: string }[];
  widgets: { id: number; type: string; config: unknown }[];
}

/**
 * A published content page by its alias in the locale's language, with its body widgets; null when unknown or
 * unpublished (an editor's preview token shows an unpublished page).
 */
export async function contentPage(
  db: Database,
  locale: Locale,
  alias: string,
  opts: { previewToken?: string; now?: Date } = {},
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
  const previewing = !!opts.previewToken && opts.previewToken === row.page.previewToken;
  if (!published && !previewing) return null;
  const [translations, body] = await Promise.all([
    db.select().from(contentPageTranslations).where(eq(contentPageTranslations.pageId, row.page.id)),
    db
      .select({ id: widgets.id, type: widgets.type, config: widgets.config })
      .from(widgets)
      .innerJoin(widgetAreas, eq(widgetAreas.id, widgets.areaId))
      .where(
        and(
          eq(widgetAreas.pageId, row.page.id),
          eq(widgets.active, true),
          or(isNull(widgets.validFrom), lte(widgets.validFrom, now)),
          or(isNull(widgets.validTo), gte(widgets.validTo, now)),
        ),
      )
      .orderBy(asc(widgetAreas.sortOrder), asc(widgets.sortOrder)),
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

/** The widgets of a site-wide area (family + area name), active now unless previewing. */
export async function widgetArea(
  db: Database,
  family: string,
  areaName: string,
  opts: { preview?: boolean; now?: Date } = {},
) {
  const now = opts.now ?? new Date();
  return db
    .select({ id: widgets.id, type: widgets.type, config: widgets.config })
    .from(widgets)
    .innerJoin(widgetAreas, eq(widgetAreas.id, widgets.areaId))
    .where(
      and(
        eq(widgetAreas.family, family),
        eq(widgetAreas.areaName, areaName),
        isNull(widgetAreas.pageId),
        opts.preview
          ? undefined
          : and(
              eq(widgets.active, true),
              or(isNull(widgets.validFrom), lte(widgets.validFrom, now)),
              or(isNull(widgets.validTo), gte(widgets.validTo, now)),
            ),
      ),
    )
    .orderBy(asc(widgetAreas.sortOrder), asc(widgets.sortOrder));
}

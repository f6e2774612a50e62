import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import {
  brands,
  categories,
  categoryTranslations,
  contentPages,
  contentPageTranslations,
  menuItems,
  menus,
} from "#db/schema/index.ts";
import type { Locale } from "../reference.ts";

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

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
  return (await menusAtLocations(db, locale, [locationId])).get(locationId) ?? null;
}

/**
 * Menus by location (unknown locations are absent), each with its links resolved in the locale's language: one
 * statement for the menus and their items, then one per kind of link target (categories, content pages, brands)
 * for all of them — a page's header and footers together (the API batches its menu fields through this).
 */
export async function menusAtLocations(
  db: Database,
  locale: Locale,
  locationIds: readonly string[],
): Promise<Map<string, MenuView>> {
  const lang = locale.language.id;
  if (!locationIds.length) return new Map();
  const rows = await db
    .select({ menu: menus, item: menuItems })
    .from(menus)
    .leftJoin(menuItems, eq(menuItems.menuId, menus.id))
    .where(inArray(menus.locationId, [...new Set(locationIds)]))
    .orderBy(asc(menus.id), asc(menuItems.sortOrder), asc(menuItems.id));
  const found = new Map<number, { menu: (typeof rows)[number]["menu"]; items: MenuItemRow[] }>();
  for (const { menu, item } of rows) {
    const entry = found.get(menu.id) ?? { menu, items: [] };
    if (item) entry.items.push(item);
    found.set(menu.id, entry);
  }
  const items = [...found.values()].flatMap((m) => m.items);
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
  const out = new Map<string, MenuView>();
  for (const { menu, items: own } of found.values()) {
    out.set(menu.locationId, {
      id: menu.id,
      locationId: menu.locationId,
      name: menu.names[lang] ?? menu.locationId,
      items: tree(own, lang, urlOf),
    });
  }
  return out;
}

type MenuItemRow = typeof menuItems.$inferSelect;

/** A menu's items (in their order) as a tree of the links that resolve and have a label in the language. */
function tree(
  items: MenuItemRow[],
  lang: string,
  urlOf: (type: string, target: Target) => string | null,
): MenuItemView[] {
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
  return roots.map(strip);
}

function withAlias(prefix: string, alias: string | undefined) {
  return alias ? `${prefix}${alias}` : null;
}

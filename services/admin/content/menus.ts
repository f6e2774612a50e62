import { and, asc, eq, inArray, notInArray } from "drizzle-orm";
import type { Database } from "#db/client.ts";
import { brands, categories, contentPages, menuItems, menus } from "#db/schema/index.ts";
import { type ContentProblem, checkMenuItems, type MenuItemInput } from "#domain/content-edit.ts";
import { writeAudit } from "../audit.ts";
import { refusable, refuseStale } from "../refusal.ts";
import type { AdminPrincipal } from "../users.ts";
import { type ContentResult, invalid, notFound } from "./result.ts";

/**
 * The back office's menus (issue 15, decision 0058): the storefront's menus by location (header, footers, the
 * content pages' side menu) and their items — labels in Norwegian and Swedish, a link to a category, brand or
 * content page (by key: the link follows the page when its address changes) or to a URL per language, their order,
 * and one level of sub-items. A menu is saved whole (its items in the order given) under the menu's version.
 */

export interface AdminMenuRow {
  menuId: number;
  locationId: string;
  name: string;
  items: number;
  version: number;
}

export async function adminMenus(db: Database, languageId: string): Promise<AdminMenuRow[]> {
  const [rows, items] = await Promise.all([
    db.select().from(menus).orderBy(asc(menus.locationId)),
    db.select({ menuId: menuItems.menuId }).from(menuItems),
  ]);
  return rows.map((m) => ({
    menuId: m.id,
    locationId: m.locationId,
    name: m.names[languageId] ?? m.locationId,
    items: items.filter((i) => i.menuId === m.id).length,
    version: m.version,
  }));
}

export interface AdminMenuItem {
  itemId: number;
  parentItemId: number | null;
  labelNb: string;
  labelSv: string;
  targetType: string;
  target: string;
  urlNb: string;
  urlSv: string;
}

export interface AdminMenu {
  menuId: number;
  locationId: string;
  name: string;
  version: number;
  /** In order: each top-level item followed by its sub-items. */
  items: AdminMenuItem[];
}

type ItemRow = typeof menuItems.$inferSelect;

function itemView(i: ItemRow): AdminMenuItem {
  const target = (i.target ?? {}) as Record<string, string | undefined>;
  return {
    itemId: i.id,
    parentItemId: i.parentId,
    labelNb: i.labels["nb-NO"] ?? "",
    labelSv: i.labels["sv-SE"] ?? "",
    targetType: i.targetType,
    target: i.targetType === "url" ? "" : (target.key ?? ""),
    urlNb: i.targetType === "url" ? (target["nb-NO"] ?? "") : "",
    urlSv: i.targetType === "url" ? (target["sv-SE"] ?? "") : "",
  };
}

/** Items in the order the form shows them: top-level ones by their order, each followed by its sub-items. */
function ordered(rows: ItemRow[]): ItemRow[] {
  const top = rows.filter((r) => r.parentId === null || !rows.some((p) => p.id === r.parentId));
  return top.flatMap((r) => [r, ...rows.filter((c) => c.parentId === r.id && c.id !== r.id)]);
}

export async function adminMenu(
  db: Database,
  locationId: string,
  languageId: string,
): Promise<AdminMenu | null> {
  const [menu] = await db.select().from(menus).where(eq(menus.locationId, locationId));
  if (!menu) return null;
  const rows = await db
    .select()
    .from(menuItems)
    .where(eq(menuItems.menuId, menu.id))
    .orderBy(asc(menuItems.sortOrder), asc(menuItems.id));
  return {
    menuId: menu.id,
    locationId: menu.locationId,
    name: menu.names[languageId] ?? menu.locationId,
    version: menu.version,
    items: ordered(rows).map(itemView),
  };
}

/** The link targets that exist among the items': categories and pages by key, brands by alias. */
async function unknownTargets(
  t: Database,
  items: { targetType: string; target: unknown }[],
): Promise<Set<number>> {
  const keys = (type: string) =>
    items
      .filter((i) => i.targetType === type)
      .map((i) => (i.target as { key: string }).key)
      .filter(Boolean);
  const [cats, pages, brandRows] = await Promise.all([
    keys("category").length
      ? t
          .select({ key: categories.key })
          .from(categories)
          .where(inArray(categories.key, keys("category")))
      : [],
    keys("content").length
      ? t
          .select({ key: contentPages.key })
          .from(contentPages)
          .where(inArray(contentPages.key, keys("content")))
      : [],
    keys("brand").length
      ? t
          .select({ key: brands.alias })
          .from(brands)
          .where(inArray(brands.alias, keys("brand")))
      : [],
  ]);
  const known: Record<string, Set<string>> = {
    category: new Set(cats.map((c) => c.key)),
    content: new Set(pages.map((p) => p.key)),
    brand: new Set(brandRows.map((b) => b.key)),
  };
  const unknown = new Set<number>();
  items.forEach((item, index) => {
    const set = known[item.targetType];
    if (set && !set.has((item.target as { key: string }).key)) unknown.add(index);
  });
  return unknown;
}

const auditItems = (items: { labels: unknown; targetType: string; target: unknown; parent: unknown }[]) =>
  items.map((i) => ({ labels: i.labels, targetType: i.targetType, target: i.target, parent: i.parent }));

/**
 * Saves a menu's items as given: existing ones (by id) changed and moved, new ones added, missing ones removed.
 * Refused (nothing written) when the menu changed since `version`, an item is invalid, a link's target does not
 * exist, or an item id is not this menu's.
 */
export async function saveMenuAdmin(
  db: Database,
  who: AdminPrincipal,
  locationId: string,
  version: number,
  input: readonly MenuItemInput[],
): Promise<ContentResult> {
  return refusable<ContentResult>(db, async (t) => {
    const [menu] = await t.select().from(menus).where(eq(menus.locationId, locationId)).for("update");
    if (!menu) throw notFound();
    await refuseStale(t, "menu", menu.id, menu.version, version);
    const result = checkMenuItems(input);
    const problems: ContentProblem[] = result.ok ? [] : [...result.problems];
    const current = await t
      .select()
      .from(menuItems)
      .where(eq(menuItems.menuId, menu.id))
      .orderBy(asc(menuItems.sortOrder), asc(menuItems.id));
    const ids = new Set(current.map((c) => c.id));
    input.forEach((item, index) => {
      if (item.itemId != null && !ids.has(item.itemId))
        problems.push({ field: `items.${index}.itemId`, code: "targetUnknown" });
    });
    if (result.ok)
      for (const index of await unknownTargets(t, result.value))
        problems.push({ field: `items.${index}.target`, code: "targetUnknown" });
    if (problems.length || !result.ok) throw invalid(...problems);
    const items = result.value;
    const kept = items.filter((i) => i.itemId !== null).map((i) => i.itemId as number);
    for (const item of items) {
      if (item.itemId === null) continue;
      await t
        .update(menuItems)
        .set({
          labels: item.labels,
          targetType: item.targetType,
          target: item.target,
          sortOrder: item.sortOrder,
          parentId: item.parentItemId,
        })
        .where(eq(menuItems.id, item.itemId));
    }
    await t
      .delete(menuItems)
      .where(and(eq(menuItems.menuId, menu.id), kept.length ? notInArray(menuItems.id, kept) : undefined));
    const added = items.filter((i) => i.itemId === null);
    if (added.length)
      await t.insert(menuItems).values(
        added.map((i) => ({
          menuId: menu.id,
          parentId: i.parentItemId,
          labels: i.labels,
          targetType: i.targetType,
          target: i.target,
          sortOrder: i.sortOrder,
        })),
      );
    const next = version + 1;
    await t.update(menus).set({ version: next }).where(eq(menus.id, menu.id));
    await writeAudit(t, who, {
      action: "menu.update",
      entity: "menu",
      entityId: menu.id,
      before: {
        items: auditItems(ordered(current).map((c) => ({ ...c, parent: c.parentId }))),
        version,
      },
      after: { items: auditItems(items.map((i) => ({ ...i, parent: i.parentItemId }))), version: next },
    });
    return { ok: true, id: menu.id, version: next };
  });
}
